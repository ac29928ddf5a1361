"""Find card corners on any table: every convex, roughly square corner of card-coloured paper.

We never ask for a whole card outline with four corners: in a fanned hand, or when court art
touches the edge, only one corner may show. Each corner becomes a hypothesis (position, the
two edge directions, a card width) that the corner-index reader then confirms or rejects.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import cached_property
from typing import TypeVar

import cv2
import numpy as np

from pi_app.vision.designs import CARD_ASPECT
from pi_app.vision.glyphs import (
    GLYPH_SHARE,
    RANK_HEIGHT,
    brightest,
    components,
    darkest,
    freed_pairs,
    index_pairs,
    ink_mask,
    rank_centre_at,
)

WORK_SIZE = 640
"""Detection runs on a copy of the frame scaled to this longest side; reading uses full size."""
MIN_CARD_WIDTH = 28.0
"""Smallest card width, in working pixels, worth reading."""
EDGE_STEP = 12.0
"""Brightness change per pixel (0-255 grey, lightly blurred) that marks a card's edge beside or
above an index: against the table or over another card. Pips and court art, which make most
rank-over-suit pairs, have paper there."""
_EDGE_ALONG = np.linspace(0.2, 1.6, 15)
"""Where a card edge is looked for, in rank heights out from the rank glyph's centre."""
_EDGE_ACROSS = np.array([-0.6, -0.3, 0.0, 0.3, 0.6])
"""Lines sampled side by side (rank heights) for each edge; their median must step."""
_REMAP_ROWS = 30000
"""Most rows of samples looked up in one call (OpenCV's remap takes images under 32,767)."""


@dataclass(frozen=True)
class Corner:
    """A possible card corner: `point` in frame pixels, `u` along the short edge, `v` along the
    long edge (a right-handed frame, so a corner index sits at small u and v), `width` in pixels."""

    point: np.ndarray
    u: np.ndarray
    v: np.ndarray
    width: float
    mirrored: bool = False
    """A left-handed frame: the corner of a bottom-left or top-right index, which four-index
    decks print turned as the other two are (`flipped`)."""
    measured: bool = False
    """Whether `width` was measured on a whole card edge (a lone card's outline, or a corner
    showing both its edges whole) rather than guessed from the part of a card that shows."""
    from_glyphs: bool = False
    """Whether the corner was found from a rank and suit glyph pair (`glyphs.index_pairs`),
    its width from their size, rather than on an outline."""
    lone: int | None = None
    """The lone card whose outline gave this corner (its place among `Outlines.contours`), if
    one did."""

    def quad(self) -> np.ndarray:
        """The whole card this corner implies: 4x2 points, clockwise from this corner (which,
        mirrored, puts the long edge first)."""
        p, du, dv = self.point, self.u * self.width, self.v * self.width * CARD_ASPECT
        if self.mirrored:
            return np.array([p, p + dv, p + du + dv, p + du], np.float32)
        return np.array([p, p + du, p + du + dv, p + dv], np.float32)

    def flipped(self, glyph: np.ndarray) -> Corner:
        """This corner mirrored across the line through `glyph` (a rank glyph's centre) along
        v: the same index, with the card on its other side."""
        point = self.point + 2 * float((glyph - self.point) @ self.u) * self.u
        return replace(self, point=point, u=-self.u, mirrored=not self.mirrored)


def paper_level(low: np.ndarray) -> float:
    """The brightness of the darkest channel (`low`, `glyphs.darkest`) that separates card
    stock from this table, where the light is even."""
    low = cv2.GaussianBlur(low, (0, 0), 1.0)
    level, brighter = cv2.threshold(low, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    if 2 * cv2.countNonZero(brighter) > low.size:  # a pale table: that split was ink against
        # the rest (its brighter pixels are picked out only then: 0.25 ms a frame)
        level, _ = cv2.threshold(low[brighter > 0].reshape(1, -1), 0, 255,
                                 cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    return max(float(level), 70.0)


def paper_levels(low: np.ndarray) -> np.ndarray:
    """`paper_level` per pixel (uint8, the size of `low`, the working image's darkest
    channel), under the light that falls on the table: a lamp to one side can light the far
    table brighter than cards in the shade, and one level for the whole frame then takes the
    table for card stock."""
    light = light_field(low)
    # dividing the darkest channel alone gives the darkest of the divided channels: rounding
    # keeps their order
    flat = cv2.divide(low, light, dtype=cv2.CV_8U)
    # capped at 255 and cast to uint8 (which truncates, as it did after `np.clip`, the slower)
    return np.asarray(cv2.min(paper_level(flat) * light, 255.0).astype(np.uint8))


_LIGHT_RANGE = (0.6, 1.6)
"""How much darker or brighter than the frame's mean the light may be anywhere: a plane fitted
to a dark table (a checkerboard's dark squares, say) is mostly its own colour's noise, and
divided by its mean it would make the light swing wildly."""
_LIGHT_GRID = (64, 36)
"""The coarse grid (columns, rows) on which the table's light is measured."""
_PLANE = np.column_stack([np.ones(_LIGHT_GRID[0] * _LIGHT_GRID[1]),
                          *(g.ravel() - 0.5 for g in np.meshgrid(
                              np.arange(_LIGHT_GRID[0]) / _LIGHT_GRID[0],
                              np.arange(_LIGHT_GRID[1]) / _LIGHT_GRID[1]))])
"""Per grid cell: 1, x and y (frame fractions from the middle), for fitting a plane."""


def light_field(low: np.ndarray) -> np.ndarray:
    """How brightly each pixel of the table is lit, relative to the frame's mean (float32,
    the size of `low`, the working image's darkest channel): a plane fitted to the table's
    brightness on a coarse grid, where an opening has taken away anything as small as a card,
    and fitted again without what still stands well above it (the middle of a pile)."""
    tiny = cv2.resize(low, _LIGHT_GRID, interpolation=cv2.INTER_AREA)
    table = cv2.morphologyEx(tiny, cv2.MORPH_OPEN, np.ones((13, 13), np.uint8))
    values = table.ravel().astype(np.float64)
    keep = np.ones(len(values), bool)
    for _ in range(2):
        plane = _PLANE[keep]
        coef = np.linalg.lstsq(plane, values[keep], rcond=None)[0]
        fitted = _PLANE @ coef
        keep = values - fitted < 2 * np.std(values[keep] - plane @ coef) + 1
    if fitted.mean() <= 0:
        return np.ones(low.shape[:2], np.float32)
    field = np.clip(fitted / fitted.mean(), *_LIGHT_RANGE).astype(np.float32).reshape(
        _LIGHT_GRID[1], _LIGHT_GRID[0])
    return np.asarray(cv2.resize(field, (low.shape[1], low.shape[0]),
                                 interpolation=cv2.INTER_LINEAR))


_GREY_ENOUGH = np.ceil(0.35 * np.arange(256) + 12).clip(0, 255).astype(np.uint8)
"""Per brightest-channel level, the channel spread below which a pixel is unsaturated."""


def paper_mask(image: np.ndarray, levels: np.ndarray, low: np.ndarray | None = None
               ) -> np.ndarray:
    """Bright (above `levels`, per pixel), unsaturated pixels: card stock, whose outlines keep
    corner indexes whole. `low`: the image's `darkest`, if made already."""
    low = darkest(image) if low is None else low
    high = brightest(image)
    # bright (low > levels) and unsaturated (high - low < 0.35 * high + 12), as integer
    # levels looked up per pixel: whole-image float arithmetic cost more than the rest here
    grey_enough = cv2.LUT(high, _GREY_ENOUGH)
    paper = cv2.bitwise_and(cv2.compare(cv2.subtract(high, low), grey_enough, cv2.CMP_LT),
                            cv2.compare(low, levels, cv2.CMP_GT))
    return np.asarray(cv2.morphologyEx(paper, cv2.MORPH_CLOSE, np.ones((3, 3), np.uint8)))


def brighter_paper(values: np.ndarray, paper: np.ndarray) -> np.ndarray:
    """The brighter part of the `paper` mask (uint8, 0 or 255), split from the rest at the Otsu
    level of `values` (uint8, per pixel) on it, and closed across a pixel's gaps: card stock is
    whiter than a pale table, or one lit as bright as paper."""
    level, _ = cv2.threshold(values[paper > 0].reshape(-1, 1), 0, 255,
                             cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    # Otsu's level on 8-bit values is whole, so OpenCV's threshold keeps what numpy's > did
    brighter = cv2.bitwise_and(paper, cv2.threshold(values, level, 255, cv2.THRESH_BINARY)[1])
    return np.asarray(cv2.morphologyEx(brighter, cv2.MORPH_CLOSE, np.ones((3, 3), np.uint8)))


def cut_apart(image: np.ndarray, paper: np.ndarray, unit: float = 1.0) -> np.ndarray:
    """`paper` cut along long straight edges, so that overlapping cards come apart. `unit` is
    the size of one working pixel in this image's pixels."""
    gray = cv2.GaussianBlur(cv2.cvtColor(image, cv2.COLOR_BGR2GRAY), (3, 3), 0)
    edges = cv2.Canny(gray, 30, 90)
    edges = cv2.bitwise_and(edges, edges, mask=paper)  # a fifth of numpy's masked write
    # Only long straight edges cut: a card's edge over another card, not the index glyphs,
    # whose outlines would otherwise nibble away the very corner we need.
    lines = cv2.HoughLinesP(edges, 1, np.pi / 180, round(18 * unit),
                            minLineLength=MIN_CARD_WIDTH * 0.6 * unit, maxLineGap=2)
    cut = paper.copy()
    reach = 6 * unit
    for x1, y1, x2, y2 in ([] if lines is None else lines.reshape(-1, 4).astype(np.float64)):
        d = np.array([x2 - x1, y2 - y1]) / (np.hypot(x2 - x1, y2 - y1) + 1e-9) * reach
        cv2.line(cut, (round(x1 - d[0]), round(y1 - d[1])), (round(x2 + d[0]), round(y2 + d[1])),
                 0, 2)  # reach past the segment's ends, so the cut runs out to the outline
    return cut


Raw = tuple[np.ndarray, np.ndarray, np.ndarray, float, float]
"""A polygon corner: point, u, v, |edge along u|, |edge along v|."""
Found = tuple[np.ndarray, np.ndarray, np.ndarray, float, float, float | None, int | None]
"""A corner in frame pixels, and the width and number (its place among the outlines) of the lone
card whose outline gave it, if one did."""


def _corners_in(image: np.ndarray, levels: np.ndarray, unit: float, offset: np.ndarray,
                scale: float, low: np.ndarray | None = None
                ) -> tuple[list[Found], list[np.ndarray], list[float | None]]:
    """Corners (in frame pixels) found in `image`, its whole-paper outlines, and the width
    of each outline that is a lone card (`_lone_card`, working pixels). `low`: the image's
    `darkest`, if made already."""
    low = darkest(image) if low is None else low
    whole = paper_mask(image, levels, low)
    outlines = _outlines(whole, unit)
    lones = [_lone_card(contour, unit) for contour in outlines]
    if not all(lones):
        outlines, lones = _off_the_lit_table(low, levels, whole, outlines, lones, unit)
    piled = not all(lones)  # else there is no pile, nor a court card in pieces, to cut
    if piled:
        outlines, lones = _court_cards(whole, outlines, lones, unit)
    cut: list[np.ndarray] = []
    if piled:
        # Cut apart, piles show the corners their outline lost; a lone card's are all known
        # already, and cut along its art's frame lines it would only add the art's corners.
        piles = whole.copy()
        cv2.drawContours(piles, [c for c, lone in zip(outlines, lones, strict=True) if lone],
                         -1, 0, -1)
        cut = _outlines(cut_apart(image, piles, unit), unit)
    found = _found(outlines + cut, unit, lones + [None] * len(cut), offset, scale)
    return found, outlines, [None if lone is None else lone[0] for lone in lones]


def _outlines(mask: np.ndarray, unit: float) -> list[np.ndarray]:
    """The outer outlines of a mask's shapes big enough to hold a card corner."""
    contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    return [c for c in contours if cv2.contourArea(c) >= (MIN_CARD_WIDTH * unit) ** 2 * 0.15]


def _found(contours: list[np.ndarray], unit: float,
           lones: list[tuple[float, np.ndarray] | None], offset: np.ndarray, scale: float
           ) -> list[Found]:
    """The outlines' corners in frame pixels, outline by outline. A lone card's corners are
    its quadrilateral's: the finer polygon of a card whose index or art nicks the outline near
    a corner may find none there."""
    return [(point / scale + offset, u, v, lu / scale, lv / scale,
             None if lone is None else lone[0] / scale, None if lone is None else number)
            for number, (corners, lone) in enumerate(zip(_polygon_corners(
                contours, unit, [None if lone is None else lone[1] for lone in lones]),
                lones, strict=True))
            for point, u, v, lu, lv in corners]


@dataclass(frozen=True)
class GlyphSite:
    """A rank glyph that only the opened ink mask pairs with a suit (`glyphs.freed_pairs`): a
    glyph to seat a card corner on (`Recognizer._seated`), not a corner hypothesis to read.
    Read as their pairs frame them, such pairs gave the benchmark's four seeds about 100 more
    cards and 14 more misreads (half-hidden glyphs read beyond doubt, neighbours' corners)."""

    corner: Corner
    """The corner its pair implies (`Corner.from_glyphs`)."""
    centre: np.ndarray
    """The glyph's centre, frame pixels."""
    size: float
    """The larger side of its box, frame pixels."""


def find_corners(frame: np.ndarray, grey: np.ndarray | None = None) -> list[Corner]:
    """Every corner hypothesis in a BGR frame: its outline corners (`find_outline_corners`,
    `find_pile_corners`) and the glyph pairs of all its piles (`find_glyph_hypotheses`),
    whatever the outline corners read. `grey`: the frame's `edge_grey`, if made already."""
    grey = edge_grey(frame) if grey is None else grey
    corners, outlines = find_outline_corners(frame, grey)
    corners += find_pile_corners(frame, outlines, grey, outlines.piles, corners)
    return corners + find_glyph_hypotheses(frame, outlines, grey, outlines.piles)[0]


@dataclass(frozen=True)
class Outlines:
    """The paper's outlines in a frame, as the outline search found them on its reduced copy:
    what the pile search (`find_pile_corners`) and the glyph search (`find_glyph_hypotheses`)
    then work on."""

    contours: list[np.ndarray]
    """Outer outlines of the paper, working pixels."""
    lone_widths: list[float | None]
    """Per outline, the width of the lone card it is (working pixels), or None: a pile."""
    scale: float
    """Working pixels per frame pixel."""
    working: tuple[int, ...]
    """The working image's shape."""
    frame: tuple[int, ...]
    """The frame's shape."""
    working_levels: np.ndarray
    """The paper's level per working pixel (`paper_levels`)."""
    light: np.ndarray
    """The paper's level relative to the frame's mean, working pixels (`_against_edges`)."""
    typical: float | None
    """The lone cards' median width (frame pixels), if any lies alone."""

    @cached_property
    def levels(self) -> np.ndarray:
        """The paper's level per frame pixel: made only for a frame whose piles are searched
        (0.45 ms a frame)."""
        return np.asarray(cv2.resize(self.working_levels, (self.frame[1], self.frame[0]),
                                     interpolation=cv2.INTER_LINEAR))

    @cached_property
    def _lone_cards(self) -> np.ndarray:
        """Per working pixel, 1 + the number of the lone card whose outline holds it, or 0."""
        lone = np.zeros(self.working[:2], np.int32)
        for k, (contour, width) in enumerate(zip(self.contours, self.lone_widths, strict=True)):
            if width is not None:
                cv2.drawContours(lone, [contour], -1, k + 1, -1)
        return lone

    def lone_card_at(self, points: np.ndarray) -> np.ndarray:
        """Per point (frame pixels, n x 2), the number of the lone card whose outline it lies
        on (its place among `contours`), or -1."""
        card = np.full(len(np.asarray(points).reshape(-1, 2)), -1)
        if all(width is None for width in self.lone_widths):
            return card
        lone = self._lone_cards
        at = np.round(np.asarray(points, np.float64).reshape(-1, 2) * self.scale).astype(int)
        inside = ((at >= 0) & (at < [lone.shape[1], lone.shape[0]])).all(axis=1)
        card[inside] = lone[at[inside, 1], at[inside, 0]] - 1
        return card

    @property
    def piles(self) -> list[np.ndarray]:
        """The outlines that are no lone card: overlapping cards, or a court card in pieces."""
        return [c for c, w in zip(self.contours, self.lone_widths, strict=True) if w is None]


def find_outline_corners(frame: np.ndarray, grey: np.ndarray | None = None
                         ) -> tuple[list[Corner], Outlines]:
    """The corner hypotheses on the paper's outlines in a BGR frame, found on a reduced copy,
    with one or two width guesses each, that sit against two card edges (`_against_edges`);
    and the outlines, whose piles `find_pile_corners` searches again. `grey`: the frame's
    `edge_grey`, if made already."""
    scale = min(1.0, WORK_SIZE / max(frame.shape[:2]))
    small = frame if scale == 1.0 else cv2.resize(frame, None, fx=scale, fy=scale,
                                                  interpolation=cv2.INTER_AREA)
    low = darkest(small)
    levels = paper_levels(low)
    raw, contours, singles = _corners_in(small, levels, 1.0, np.zeros(2), scale, low)
    widths = [w / scale for w in singles if w is not None]
    outlines = Outlines(contours, singles, scale, small.shape[:2], frame.shape[:2], levels,
                        levels / max(float(levels.mean()), 1.0),
                        float(np.median(widths)) if widths else None)
    return _hypotheses(frame, grey, _distinct(raw), outlines), outlines


def find_pile_corners(frame: np.ndarray, outlines: Outlines, grey: np.ndarray,
                      piles: list[np.ndarray], known: list[Corner]) -> list[Corner]:
    """The corner hypotheses that these `piles` (some of `outlines.piles`) show at full
    resolution, where the thin edges between overlapping cards still show, but for those
    among the `known` ones. Only piles of overlapping cards by their shape (`_is_pile`) are
    searched. A corner the reduced copy found, its edges too blurred there to pass
    `_against_edges`, is tested again here: dropped as a duplicate of that one, it was lost
    (four seeds of the benchmark: 8 cards more kept, in rows and fans, none misread more)."""
    if outlines.scale == 1.0:  # the reduced copy was the frame itself
        return []
    raw: list[Found] = []
    for contour in piles:
        if not _is_pile(contour):
            continue
        x, y, w, h = cv2.boundingRect(contour)
        x0, y0 = max(0, int((x - 4) / outlines.scale)), max(0, int((y - 4) / outlines.scale))
        x1 = min(frame.shape[1], int((x + w + 4) / outlines.scale))
        y1 = min(frame.shape[0], int((y + h + 4) / outlines.scale))
        more, _, _ = _corners_in(frame[y0:y1, x0:x1], outlines.levels[y0:y1, x0:x1],
                                 1 / outlines.scale, np.array([x0, y0], np.float64), 1.0)
        raw.extend((*found[:6], None) for found in more)  # numbered among the crop's outlines
    return _hypotheses(frame, grey, _distinct(raw, known), outlines)


def _hypotheses(frame: np.ndarray, grey: np.ndarray | None, raw: list[Found],
                outlines: Outlines) -> list[Corner]:
    """The corner hypotheses that `raw` corners make, with one or two width guesses each,
    that sit against two card edges (`_against_edges`)."""
    largest = min(frame.shape[:2]) / 2
    corners: list[Corner] = []
    for point, u, v, lu, lv, card_width, lone in raw:
        # A lone card's outline gives its width, whatever the camera's tilt does to its
        # shape; the corners where the short edge comes first hold its indexes.
        if card_width is not None:
            guesses, measured = ([card_width] if lu <= lv else []), True
        else:
            guesses, measured = _width_guesses(lu, lv, outlines.typical,
                                               MIN_CARD_WIDTH / outlines.scale, largest)
        for width in guesses:
            corners.append(Corner(point, u, v, width, measured=measured, lone=lone))
    grey = edge_grey(frame) if grey is None else grey
    return _kept(corners, _against_edges(grey, corners, outlines.light))


def find_glyph_hypotheses(frame: np.ndarray, outlines: Outlines, grey: np.ndarray,
                          piles: list[np.ndarray]) -> tuple[list[Corner], list[GlyphSite]]:
    """The rank-over-suit pairs of glyphs (`glyphs.py`) in these `piles` (some of
    `outlines.piles`) as corner hypotheses, and the glyph sites the opened ink mask adds
    (`GlyphSite`), where they sit against two card edges (`_against_edges`); ink on the
    other outlines is not searched. `grey`: the frame's `edge_grey`."""
    if not piles:  # ink off lone cards lies on card stock
        return [], []
    searched = {id(pile) for pile in piles}
    covered = [c for c in outlines.contours if id(c) not in searched]
    corners, sites = _glyph_corners(frame, outlines, covered, piles)
    keep = _against_edges(grey, corners + [site.corner for site in sites], outlines.light)
    return _kept(corners, keep[:len(corners)]), _kept(sites, keep[len(corners):])


_T = TypeVar("_T")


def _kept(items: list[_T], keep: np.ndarray) -> list[_T]:
    """Those of `items` that `keep` (one flag each) keeps."""
    return [item for item, kept in zip(items, keep, strict=True) if kept]


def _glyph_corners(frame: np.ndarray, outlines: Outlines, covered: list[np.ndarray],
                   piles: list[np.ndarray]) -> tuple[list[Corner], list[GlyphSite]]:
    """Rank-over-suit hypotheses (`glyphs.index_pairs`) and glyph sites (`GlyphSite`) in the
    `piles` of the working image, off the `covered` outlines (lone cards, whose corners are
    all known, and piles the outline corners' readings explain). Ink is sought only in the
    box round the piles (`_pile_box`): on a scattered table with one pile, a fraction of the
    frame."""
    scale = outlines.working[1] / frame.shape[1]
    lone = np.zeros(outlines.working, np.uint8)
    cv2.drawContours(lone, covered, -1, 255, -1)
    covered_mask = cv2.resize(lone, (frame.shape[1], frame.shape[0]),
                              interpolation=cv2.INTER_NEAREST)
    left, top, right, bottom = box = _pile_box(piles, scale, frame.shape)
    # no ink lies outside the box: its shapes are found in it alone
    ink = ink_mask(frame, outlines.levels, covered_mask, box)[top:bottom, left:right]
    found, ranks, _ = index_pairs(ink, outlines.typical, (left, top))
    if not found:  # no glyph pair at all off the lone cards: the opening is not tried either
        return [], []
    freed, centres, sizes = freed_pairs(ink, outlines.typical, found, ranks, (left, top))
    x, y = (np.concatenate([ranks, centres]) * scale).astype(int).T
    on_lone = (y >= 0) & (y < lone.shape[0]) & (x >= 0) & (x < lone.shape[1])
    on_lone[on_lone] = lone[y[on_lone], x[on_lone]] > 0
    off = ~on_lone
    return ([Corner(*hypothesis, from_glyphs=True)
             for hypothesis, kept in zip(found, off[:len(found)], strict=True) if kept],
            [GlyphSite(Corner(*hypothesis, from_glyphs=True), centre, float(size))
             for hypothesis, centre, size, kept
             in zip(freed, centres, sizes, off[len(found):], strict=True) if kept])


PILE_MARGIN = 24
"""Frame pixels round the piles' outlines searched for ink: more than half the ink mask's
closing (`glyphs.CLOSE`) and a working pixel's rounding, so that the box's edge changes no
mark on the piles."""


def _pile_box(piles: list[np.ndarray], scale: float, shape: tuple[int, ...]
              ) -> tuple[int, int, int, int]:
    """The box (left, top, right, bottom; frame pixels) round these outlines of the working
    image, grown by `PILE_MARGIN` and kept within the frame."""
    x, y, w, h = cv2.boundingRect(np.concatenate(piles))
    return (max(0, int(x / scale) - PILE_MARGIN), max(0, int(y / scale) - PILE_MARGIN),
            min(shape[1], int((x + w) / scale) + PILE_MARGIN),
            min(shape[0], int((y + h) / scale) + PILE_MARGIN))


def _against_edges(grey: np.ndarray, corners: list[Corner],
                   light: np.ndarray | None = None) -> np.ndarray:
    """Per hypothesis, whether its index would sit against two card edges, one beside the rank
    (along -u) and one above it (along -v), as every corner index does. This look at a few
    hundred grey levels costs a tenth of reading the hypothesis's patch. `light` (relative to
    the frame's mean, any size) scales the step an edge must make: in the shade it is less."""
    if not corners:
        return np.zeros(0, bool)
    width = np.array([c.width for c in corners])
    frames = np.array([(c.point, c.u, c.v) for c in corners])  # (n, point u v, xy)
    centre = rank_centre_at(frames[:, 0], frames[:, 1], frames[:, 2], width)
    rank = RANK_HEIGHT * width
    out = -frames[:, 1:]  # (n, 2 edges, xy)
    strongest = _edge_steps(grey, centre, out, rank, _EDGE_ALONG, _EDGE_ACROSS)
    needed = np.full(len(corners), EDGE_STEP)
    if light is not None:
        x, y = (centre * np.array(light.shape[1::-1]) / grey.shape[1::-1]).T
        needed *= light[np.clip(y.astype(int), 0, light.shape[0] - 1),
                        np.clip(x.astype(int), 0, light.shape[1] - 1)]
    return np.asarray(strongest.min(axis=1) >= needed)


def edge_grey(frame: np.ndarray) -> np.ndarray:
    """The grey image card edges are looked for on (`find_corners`, `mirrored`): lightly
    blurred, so that a step is the edge's and not the noise's."""
    return np.asarray(cv2.GaussianBlur(cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY), (0, 0), 1.0))


def _edge_steps(grey: np.ndarray, centre: np.ndarray, out: np.ndarray, unit: np.ndarray,
                along: np.ndarray, across: np.ndarray) -> np.ndarray:
    """Per point (`centre`, n x 2) and direction (`out`, n x k x 2, unit vectors), the
    strongest step in `grey` (`edge_grey`; half the difference a pixel either way) met
    going out from the point `along` times `unit` (n), each step the median over five lines
    side by side (`across` times `unit`): a card edge runs straight across all of them. n x k.

    The sample positions are worked out for x and y apart, as remap takes them: numpy
    broadcasting over a trailing axis of two cost twice as much (1.3 ms against 0.75 ms for
    the whole, with `_median_of_five`, on the benchmark's hypotheses)."""
    size = unit[:, None, None, None]
    ox, oy = out[..., 0, None, None], out[..., 1, None, None]  # n x k x 1 x 1
    maps = []
    for start, forward, sideways in ((centre[:, 0], ox, -oy), (centre[:, 1], oy, ox)):
        at = (start[:, None, None, None] + forward * along[:, None] * size
              + sideways * across * size)  # (n, k, along, across)
        maps.append(np.concatenate([at + forward, at - forward], axis=3)  # a pixel each way
                    .astype(np.float32).reshape(-1, 2 * len(across)))
    rows = _REMAP_ROWS  # cv2.remap takes fewer rows than a busy frame's hypotheses make
    levels = np.concatenate([cv2.remap(grey, maps[0][i:i + rows], maps[1][i:i + rows],
                                       cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
                             for i in range(0, len(maps[0]), rows)]
                            ).astype(np.float32).reshape(*out.shape[:2], len(along), -1)
    half = len(across)
    change = np.abs(levels[..., :half] - levels[..., half:]) / 2
    return np.asarray(_median_of_five(change).max(axis=2))


def _median_of_five(values: np.ndarray) -> np.ndarray:
    """The median along the last axis, of length five, by elementwise minima and maxima: the
    same values as np.median, at a tenth of its cost (it partitions every row of five). Of
    a..d, the larger of the pairs' minima and the smaller of their maxima keep the median
    of all five between them, or are it: it is the median of e and those two."""
    a, b, c, d, e = (values[..., i] for i in range(5))
    low = np.maximum(np.minimum(a, b), np.minimum(c, d))
    high = np.minimum(np.maximum(a, b), np.maximum(c, d))
    return np.asarray(np.maximum(np.minimum(e, low), np.minimum(np.maximum(e, low), high)))


_MIRROR_ALONG = np.linspace(0.5, 1.6, 12)
"""Where the card edge beside an index is looked for, in rank glyph heights out from the
index's middle line: past the glyph's own strokes, within the margin any deck leaves."""
_MIRROR_ACROSS = np.array([-1.0, -0.5, 0.0, 0.5, 1.0])
"""Lines sampled along the index (rank glyph heights about the middle of rank and suit): a
card edge runs beside the whole index, a pip or a neighbour's glyph beside part of it."""
_INDEX_MIDDLE = 0.6
"""From the rank glyph's centre to the middle of the index, in rank glyph heights along v."""
MIRROR_RATIO = 3.0
"""How many times stronger the edge on the far side of an index must step than the edge on
its near side (-u) for it to be read as mirrored: on dondorf's tables, 64 of 101 sure
readings at a bottom-left or top-right index and none of 356 at the other two; on six
two-index designs, 7 of 1,918 sure readings (at 2: 67 of 101, and 19 of 1,918)."""


def side_steps(grey: np.ndarray, glyphs: np.ndarray, u: np.ndarray, v: np.ndarray,
               heights: np.ndarray) -> np.ndarray:
    """Per reading (its rank glyph's centre and height in frame pixels, and its corner's u, v),
    the strongest edge step beside its index on the near side (-u) and on the far side (+u),
    n x 2 (`mirrored` tells from them which side the card lies on). `grey`: the frame's
    `edge_grey`."""
    if not len(glyphs):
        return np.zeros((0, 2))
    heights = np.asarray(heights, np.float64)
    middle = glyphs + v * _INDEX_MIDDLE * heights[:, None]
    return _edge_steps(grey, middle, np.stack([-u, u], axis=1), heights, _MIRROR_ALONG,
                       _MIRROR_ACROSS)


def run_steps(grey: np.ndarray, starts: np.ndarray, ends: np.ndarray, out: np.ndarray,
              heights: np.ndarray) -> np.ndarray:
    """Per span along a card's edge (from `starts` to `ends`, m x 2: a card's two end indexes'
    rank glyphs, or one and a point down its edge; `heights`, m, its glyphs') and direction
    (`out`, m x k x 2, unit vectors), the strongest step in `grey` (`edge_grey`) met going
    out from the span (`_RUN_OUT` of its heights) along `RUN_SHARE` of the lines across it:
    the card's edge runs straight along the whole span, a pip or art beside part of it. m x k."""
    spans = len(_RUN_ALONG)
    base = starts[:, None] + _RUN_ALONG[:, None] * (ends - starts)[:, None]  # m x spans x 2
    way = out[:, :, None, None]  # m x k x 1 x 1 x 2
    reach = _RUN_OUT[:, None, None] * heights[:, None, None, None, None]  # m x 1 x out x 1 x 1
    at = base[:, None, None] + way * reach
    sampled = np.concatenate([at + way, at - way], axis=3).astype(np.float32)  # a pixel each way
    flat = sampled.reshape(-1, 2 * spans, 2)
    levels = cv2.remap(grey, np.ascontiguousarray(flat[..., 0]),
                       np.ascontiguousarray(flat[..., 1]), cv2.INTER_LINEAR,
                       borderMode=cv2.BORDER_REPLICATE).astype(np.float32)
    change = (np.abs(levels[:, :spans] - levels[:, spans:]) / 2).reshape(
        *out.shape[:2], len(_RUN_OUT), spans)
    return np.asarray(np.quantile(change, 1 - RUN_SHARE, axis=3).max(axis=2))


_RUN_ALONG = np.linspace(0.15, 0.85, 25)
"""Where along a span the lines across it lie: clear of the glyphs at its ends."""
_RUN_OUT = np.linspace(0.3, 1.2, 10)
"""How far out from the span the card edge is looked for, in rank glyph heights: an index's
rank glyph sits 0.65 of its heights in from the edge (`recognizer.GLYPH_SEAT`), and in a row
the next card's edge runs along the span on the card's inside, most often 1.4 heights or more
from it (in the tightest rows 0.85, where the run leaves the pair untold)."""
RUN_SHARE = 0.7
"""The share of the lines across a span that a step must run along to be its card's edge."""


def mirrored(steps: np.ndarray) -> np.ndarray:
    """Per reading's near and far edge steps (`side_steps`), whether the card edge beside the
    glyph lies on the far side (+u) instead of the near one: decks such as dondorf print an
    index in all four corners, those at the bottom-left and top-right turned as the
    bottom-right and top-left ones are, and a reading there frames the card on the wrong side
    of its index."""
    near, far = steps.T
    return np.asarray((far >= MIRROR_RATIO * near) & (far >= EDGE_STEP))


def _lone_card(contour: np.ndarray, unit: float = 1.0) -> tuple[float, np.ndarray] | None:
    """The width and the four vertices of a lone card's outline, else None: a convex
    four-sided outline of card shape that fills its quadrilateral (the camera's tilt makes a
    card a trapezoid, not a rectangle, so the sides are measured on the quadrilateral itself)."""
    quad = cv2.approxPolyDP(contour, 0.02 * cv2.arcLength(contour, True), True)[:, 0, :]
    if len(quad) != 4 or not cv2.isContourConvex(quad.reshape(-1, 1, 2)):
        return None
    if not _card_shaped(quad, unit):
        return None
    fill = cv2.contourArea(contour) / max(cv2.contourArea(quad.reshape(-1, 1, 2)), 1.0)
    return (_sides(quad)[0], quad) if fill > 0.95 else None


def _sides(quad: np.ndarray) -> tuple[float, float]:
    """A quadrilateral's shorter and longer pair of opposite sides, each pair averaged: a
    card's width and length."""
    sides = np.linalg.norm(quad - np.roll(quad, -1, axis=0), axis=1)
    short, long = sorted((float(sides[0] + sides[2]) / 2, float(sides[1] + sides[3]) / 2))
    return short, long


def _card_shaped(quad: np.ndarray, unit: float) -> bool:
    """Whether a quadrilateral's sides have a card's proportions and at least its least
    width."""
    short, long = _sides(quad)
    return bool(short >= MIN_CARD_WIDTH * unit and 0.8 < long / short / CARD_ASPECT < 1.25)


LIT_APART = 1.25
"""How many times brighter, against the paper line, the brighter part of a pile's paper must be
than the rest (their medians) for the rest to be the table (`_lit_cards`)."""
MARK_DARK = 0.8
"""Ink marks a pile's paper where it is darker than this share of the paper line."""
BRIGHTNESS_STEPS = 80
"""Grey levels per paper line in which a pile's brightness is weighed (`_lit_cards`): its
paper lies between 1 and about 3 paper lines, and what is brighter than 3.2 counts as 3.2."""


def _off_the_lit_table(low: np.ndarray, levels: np.ndarray, whole: np.ndarray,
                       outlines: list[np.ndarray], lones: list[tuple[float, np.ndarray] | None],
                       unit: float
                       ) -> tuple[list[np.ndarray], list[tuple[float, np.ndarray] | None]]:
    """`outlines` and their lone-card test (`lones`), where a pile is lone cards on a table lit
    as bright as card stock (`_lit_cards`): they replace it, and the table round them leaves
    `whole` (the paper mask, changed in place). Glare, or the pale squares of a checked cloth
    in a lamp's light, pass the paper line and join cards lying apart into one outline, and a
    pile costs a frame its full-resolution search, its glyph search and the reading of every
    corner of the table's squares: on the benchmark's seed 1, two scattered tables in eight for
    every design, whose cards lie apart (the first read 1.1 to 6.7 times as long as the fourth,
    whose cards lie alone). `low`: the image's `darkest`; `levels`: the paper line per pixel."""
    kept: list[np.ndarray] = []
    tested: list[tuple[float, np.ndarray] | None] = []
    for contour, lone in zip(outlines, lones, strict=True):
        cards = None if lone is not None else _lit_cards(low, levels, whole, contour, unit)
        if cards is None:
            kept.append(contour)
            tested.append(lone)
            continue
        cv2.drawContours(whole, [contour], -1, 0, -1)
        cv2.drawContours(whole, [card for card, _ in cards], -1, 255, -1)
        kept += [card for card, _ in cards]
        tested += [lone_card for _, lone_card in cards]
    return kept, tested


def _lit_cards(low: np.ndarray, levels: np.ndarray, whole: np.ndarray, contour: np.ndarray,
               unit: float) -> list[tuple[np.ndarray, tuple[float, np.ndarray]]] | None:
    """The lone cards (each outline, and its width and vertices as `_lone_card` gives them)
    that a pile's outline is, with the table lit as bright as card stock round them; None if it
    is not. Its paper against the paper line (`levels`) parts in two at Otsu's split: the
    brighter part must be `LIT_APART` times as bright as the rest, its every outline a lone
    card's, and the rest must hold no ink mark (`_holds_marks`). In a fan or a row the cards
    beneath lie in the top card's shadow and their strips can part from it so, but show their
    indexes (four seeds of the benchmark: without that rule, a fanned card lost and one more
    misread; with the brighter part split a second time, which parts a card in the glare from
    the glare, 19 cards lost, 17 of them fanned, and none once the marks were heeded)."""
    x, y, w, h = cv2.boundingRect(contour)
    inside = np.zeros((h, w), np.uint8)
    cv2.drawContours(inside, [contour], -1, 1, -1, offset=(-x, -y))
    box = whole[y:y + h, x:x + w]
    paper = cv2.bitwise_and(box, box, mask=inside)
    brightness = cv2.divide(low[y:y + h, x:x + w], levels[y:y + h, x:x + w],
                            scale=BRIGHTNESS_STEPS)
    lit = brighter_paper(brightness, paper)
    brighter = cv2.bitwise_and(paper, lit)
    rest = cv2.subtract(paper, lit)
    if (not brighter.any() or not rest.any()
            or _median_level(brightness, brighter) < LIT_APART * _median_level(brightness, rest)):
        return None
    outlines = [outline + np.array([x, y]) for outline in _outlines(lit, unit)]
    cards = [_lone_card(outline, unit) for outline in outlines]
    if not outlines or not all(cards):
        return None
    lone = [card for card in cards if card is not None]
    width = float(np.median([card_width for card_width, _ in lone]))
    if _holds_marks(brightness, inside, [outline - [x, y] for outline in outlines], width):
        return None
    return list(zip(outlines, lone, strict=True))


def _median_level(image: np.ndarray, mask: np.ndarray) -> int:
    """The median grey level of a uint8 `image` where `mask` is set, from its histogram: sorting
    a pile's paper cost more than the rest of the test for a lit table."""
    counts = np.cumsum(cv2.calcHist([image], [0], mask, [256], [0, 256]).ravel())
    return int(np.searchsorted(counts, counts[-1] / 2))


def _holds_marks(brightness: np.ndarray, inside: np.ndarray, cards: list[np.ndarray],
                 width: float) -> bool:
    """Whether a pile's outline (`inside`, 0/1) holds, off these card outlines, a dark mark
    (`MARK_DARK` against the paper line; `brightness` as `_lit_cards` weighs it) of an index
    glyph's size for cards `width` wide (`GLYPH_SHARE`): the index of a card beneath."""
    off_cards = np.zeros(inside.shape, np.uint8)
    cv2.drawContours(off_cards, cards, -1, 1, -1)
    near_cards = cv2.dilate(off_cards, np.ones((5, 5), np.uint8)) > 0
    marks = ((inside > 0) & (brightness < MARK_DARK * BRIGHTNESS_STEPS) & ~near_cards
             ).astype(np.uint8)
    stats = components(marks)[1]
    size = stats[1:, [cv2.CC_STAT_WIDTH, cv2.CC_STAT_HEIGHT]].max(axis=1, initial=0)
    return bool(((size >= GLYPH_SHARE[0] * width) & (size <= GLYPH_SHARE[1] * width)
                 & (stats[1:, cv2.CC_STAT_AREA] >= 4)).any())


_ART_GAP = 9
"""Widest gap (working pixels) across which paper is joined when looking for a court card
whose art reaches its edges and breaks its outline apart."""
_FOLLOWED = 0.8
"""How much of a joined outline's hull quadrilateral the outline itself must run along to be
one card: on the benchmark tables, 14 court cards joined, none wrongly (at 0.6, 2 piles in
rows were taken for a card and no court card more)."""


def _court_cards(whole: np.ndarray, outlines: list[np.ndarray],
                 lones: list[tuple[float, np.ndarray] | None], unit: float
                 ) -> tuple[list[np.ndarray], list[tuple[float, np.ndarray] | None]]:
    """`outlines` and their lone-card test (`lones`), where the paper that is not a lone
    card, closed across gaps of `_ART_GAP`, makes one (`_broken_card`): court art reaching
    a card's edge notches its outline or cuts it in pieces, and then its art was searched as
    a pile, dozens of hypotheses a court card. Its pieces give way to the joined outline."""
    rest = whole.copy()
    cv2.drawContours(rest, [c for c, lone in zip(outlines, lones, strict=True) if lone], -1, 0,
                     -1)
    gap = max(3, round(_ART_GAP * unit) | 1)
    closed = cv2.morphologyEx(rest, cv2.MORPH_CLOSE,
                              cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (gap, gap)))
    for contour in _outlines(closed, unit):
        if not _broken_card(contour, unit):
            continue
        inside = [lone is None and cv2.pointPolygonTest(contour, _point(c[0, 0]), False) >= 0
                  for c, lone in zip(outlines, lones, strict=True)]
        if sum(_hull_quad(c, unit) is not None
               for c, piece in zip(outlines, inside, strict=True) if piece) > 1:
            continue  # cards side by side, each of a card's shape on its own
        whole_card = _hull_outline(contour)
        card = _lone_card(whole_card, unit)
        if card is None:
            continue
        outlines = [c for c, gone in zip(outlines, inside, strict=True) if not gone] + [whole_card]
        lones = [lone for lone, gone in zip(lones, inside, strict=True) if not gone] + [card]
    return outlines, lones


def _point(xy: np.ndarray) -> tuple[float, float]:
    return float(xy[0]), float(xy[1])


def _hull_outline(contour: np.ndarray) -> np.ndarray:
    """The outline of a contour's convex hull, point by point (as findContours gives it)."""
    x, y, w, h = cv2.boundingRect(contour)
    filled = np.zeros((h + 2, w + 2), np.uint8)
    cv2.fillConvexPoly(filled, cv2.convexHull(contour) - [x - 1, y - 1], 255)
    outline, _ = cv2.findContours(filled, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    return np.asarray(outline[0] + [x - 1, y - 1])


def _hull_quad(contour: np.ndarray, unit: float) -> np.ndarray | None:
    """The quadrilateral of card shape that an outline's convex hull makes, if it makes one."""
    hull = cv2.convexHull(contour)
    perimeter = cv2.arcLength(hull, True)
    for share in (0.02, 0.03, 0.04):  # a rounded or shaded corner can take a vertex more
        quad = cv2.approxPolyDP(hull, share * perimeter, True)[:, 0, :]
        if len(quad) <= 4:
            break
    if len(quad) != 4 or not _card_shaped(quad, unit):
        return None
    if cv2.contourArea(quad.reshape(-1, 1, 2)) < 0.9 * cv2.contourArea(hull):
        return None
    return np.asarray(quad)


def _broken_card(contour: np.ndarray, unit: float) -> bool:
    """Whether an outline is one card's that court art notches: its convex hull is a
    quadrilateral of card shape (`_hull_quad`), and the outline runs along most of that
    quadrilateral's sides (a pile's outline leaves them where the next card sticks out)."""
    quad = _hull_quad(contour, unit)
    if quad is None:
        return False
    x, y, w, h = cv2.boundingRect(contour)
    drawn = np.zeros((h + 2, w + 2), np.uint8)
    cv2.drawContours(drawn, [contour], -1, 255, 1, offset=(1 - x, 1 - y))
    away = cv2.distanceTransform(255 - drawn, cv2.DIST_L2, 3)
    along = np.linspace(0.1, 0.9, 32)[None, :, None]  # 32 points on each side, off its ends
    sides = quad[:, None] + (np.roll(quad, -1, axis=0) - quad)[:, None] * along
    at = np.clip(np.round(sides.reshape(-1, 2) - [x - 1, y - 1]).astype(int), 0, [w + 1, h + 1])
    return bool((away[at[:, 1], at[:, 0]] <= 2.0 * unit).mean() >= _FOLLOWED)


def _is_pile(contour: np.ndarray) -> bool:
    """An outline of several overlapping cards: it fills its rotated box poorly, or is long."""
    (_, _), (w, h), _ = cv2.minAreaRect(contour)
    if min(w, h) < MIN_CARD_WIDTH:
        return False
    fill = cv2.contourArea(contour) / (w * h)
    return fill < 0.9 or max(w, h) / min(w, h) > CARD_ASPECT * 1.25


def _polygon_corners(contours: list[np.ndarray], unit: float,
                     given: list[np.ndarray | None]) -> list[list[Raw]]:
    """Per outline, its convex vertices near 90 degrees, as (point, u, v, |edge along u|,
    |edge along v|).

    Each outline is simplified to a polygon (unless its vertices are `given`), a line is fitted
    to the middle of each side, and a corner is where two sides' lines meet: rounded card
    corners and a ragged mask move it little. Given vertices are a lone card's convex
    quadrilateral, every one a card corner, even where an index nicks the outline beside it.
    Every side of every outline is worked on at once: numpy's cost here is per call, and one
    outline at a time this took 6% of a scattered table's time; at once, 40% less (the same
    corners, to the bit, on the benchmark's seed 1).
    """
    convex = [poly is not None for poly in given]
    polys = [cv2.approxPolyDP(contour, min(max(1.5, 0.012 * cv2.arcLength(contour, True)),
                                           3.0 * unit), True)[:, 0, :]  # card, not blob
             if poly is None else poly for contour, poly in zip(contours, given, strict=True)]
    used = [k for k, poly in enumerate(polys) if len(poly) >= 3]
    found: list[list[Raw]] = [[] for _ in contours]
    if not used:
        return found
    points = [contours[k][:, 0, :] for k in used]
    begin, end, fitted = _fit_sides(points, _indices_in(points, [polys[k] for k in used]))
    sides = np.array([len(polys[k]) for k in used])
    first_side, owner = _segments(sides)
    previous = np.arange(len(owner)) - 1  # side i - 1 of the same outline, round its ends
    previous[first_side] = first_side + sides - 1
    # Vertex i is where side i - 1 (coming in) meets side i (going out).
    s = end - begin
    p, r = begin[previous], s[previous]
    denom = r[:, 0] * s[:, 1] - r[:, 1] * s[:, 0]
    ok = fitted[previous] & fitted & (np.abs(denom) >= 1e-6)
    t = ((begin - p)[:, 0] * s[:, 1] - (begin - p)[:, 1] * s[:, 0]) / np.where(ok, denom, 1.0)
    corner = p + t[:, None] * r
    a, b = p - corner, end - corner  # towards the previous vertex, towards the next
    la, lb = np.hypot(a[:, 0], a[:, 1]), np.hypot(b[:, 0], b[:, 1])
    ok &= np.minimum(la, lb) >= 4 * unit
    la, lb = np.maximum(la, 1e-9), np.maximum(lb, 1e-9)
    ok &= np.abs((a * b).sum(axis=1) / (la * lb)) <= 0.5  # within 60..120 degrees
    a, b = a / la[:, None], b / lb[:, None]  # unit vectors along the two sides
    bisector = a + b
    probes = corner + 2.5 * unit * bisector / (np.hypot(bisector[:, 0], bisector[:, 1])
                                               + 1e-9)[:, None]
    clockwise = (a[:, 0] * b[:, 1] - a[:, 1] * b[:, 0] > 0).tolist()
    inward = corner - bisector * 0.7 * unit  # undo the mask's edge cut
    at, lengths = probes.tolist(), list(zip(la.tolist(), lb.tolist(), strict=True))
    whose = owner.tolist()
    for i in np.flatnonzero(ok).tolist():
        k = used[whose[i]]
        if not convex[k] and cv2.pointPolygonTest(contours[k], at[i], False) < 0:
            continue  # a concave notch, not a card corner
        if clockwise[i]:
            found[k].append((inward[i], a[i], b[i], *lengths[i]))
        else:
            found[k].append((inward[i], b[i], a[i], *lengths[i][::-1]))
    return found


def _segments(lengths: Sequence[int] | np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """For arrays of these lengths laid end to end: where each starts, and per item, which
    array it belongs to."""
    lengths = np.asarray(lengths, np.int64)
    return np.cumsum(lengths) - lengths, np.repeat(np.arange(len(lengths)), lengths)


def _indices_in(outlines: list[np.ndarray], picked: list[np.ndarray]) -> list[np.ndarray]:
    """Per outline, where each of its `picked` points (vertices approxPolyDP chose) first
    occurs in it: a sorted lookup over every outline at once (each point's key holds its
    outline's number), where comparing every vertex with every outline point cost a pile's
    long outline most of the detector's time."""
    first_point, point_owner = _segments([len(outline) for outline in outlines])
    points = np.concatenate(outlines).astype(np.int64)
    keys = (point_owner << 42) + (points[:, 0] << 20) + points[:, 1]
    order = np.argsort(keys, kind="stable")  # equal points keep their outline order
    first_vertex, owner = _segments([len(vertices) for vertices in picked])
    vertices = np.concatenate(picked).astype(np.int64)
    wanted = (owner << 42) + (vertices[:, 0] << 20) + vertices[:, 1]
    at = order[np.searchsorted(keys[order], wanted)] - first_point[owner]
    return np.split(at, first_vertex[1:])


def _fit_sides(outlines: list[np.ndarray], at: list[np.ndarray]
               ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per side of each outline's polygon, whose vertices lie at outline indices `at` (side i
    runs from vertex i to vertex i + 1), outline after outline: its two end points projected
    onto the line fitted, by total least squares as `cv2.fitLine` does, to the middle
    two-thirds of its outline points, and whether it has the three points a fit needs.
    Running sums fit every side at once, where a fit per side cost the detector a fifth of
    its time: each outline's five sums (x, y, x * x, y * y, x * y, about its centre) run twice
    round it after a zero, in a row of their own, so that a side may run past its first point
    and no outline's sums take in another's."""
    counts = np.array([len(outline) for outline in outlines])
    first_point, owner = _segments(counts)  # per point, its outline
    points = np.concatenate(outlines)
    # an exact integer sum, as np.mean's, then divided
    centres = np.add.reduceat(points, first_point) / counts[:, None]
    p = points - centres[owner]
    run_start = 2 * first_point + np.arange(len(outlines))  # each outline's 2n + 1 columns
    runs = np.zeros((5, 2 * len(points) + len(outlines)))
    place = run_start[owner] + 1 + np.arange(len(points)) - first_point[owner]  # after a zero
    for row in (0, 1):  # twice round
        runs[row, place] = runs[row, place + counts[owner]] = p[:, row]
    np.multiply(runs[:2], runs[:2], out=runs[2:4])
    np.multiply(runs[0], runs[1], out=runs[4])
    sums = np.empty_like(runs)
    for begin, length in zip(run_start.tolist(), (2 * counts + 1).tolist(), strict=True):
        np.cumsum(runs[:, begin:begin + length], axis=1, out=sums[:, begin:begin + length])
    start = np.concatenate(at)
    sides = np.array([len(vertices) for vertices in at])
    first_side, side_owner = _segments(sides)
    after = np.arange(len(start)) + 1  # the next vertex, round each outline's end
    after[first_side + sides - 1] = first_side
    following = start[after]
    n = counts[side_owner]
    count = (following - start) % n
    trim = count // 6
    first, many = start + trim, count - 2 * trim + 1
    column = run_start[side_owner]
    mean = (sums[:, column + first + many] - sums[:, column + first]) / many
    mx, my = mean[0], mean[1]
    cxx, cyy, cxy = mean[2] - mx * mx, mean[3] - my * my, mean[4] - mx * my
    angle = 0.5 * np.arctan2(2 * cxy, cxx - cyy)  # the covariance's major axis
    dx, dy, ox, oy = (np.concatenate([c, c]) for c in (np.cos(angle), np.sin(angle), mx, my))
    base = first_point[side_owner]  # where each side's outline starts
    ends_at = p[np.concatenate([start + base, following + base])]  # its two ends, projected
    centre = centres[np.concatenate([side_owner, side_owner])]
    along = (ends_at[:, 0] - ox) * dx + (ends_at[:, 1] - oy) * dy
    projected = np.stack([ox + dx * along + centre[:, 0], oy + dy * along + centre[:, 1]],
                         axis=1)
    total = len(start)
    return projected[:total], projected[total:], count >= 3


def _distinct(raw: list[Found], known: list[Corner] | None = None) -> list[Found]:
    """Drop a corner found again (same place, same edge direction): in the cut mask, or among
    the `known` hypotheses."""
    if not raw:
        return raw
    points = np.array([item[0] for item in raw])
    directions = np.array([item[1] for item in raw])
    known = known or []
    at = np.concatenate([np.array([c.point for c in known]).reshape(-1, 2), points])
    along = np.concatenate([np.array([c.u for c in known]).reshape(-1, 2), directions])
    close = np.hypot(*(points[:, None, :] - at[None, :, :]).transpose(2, 0, 1)) < 5.0
    same = close & (directions @ along.T > 0.97)
    # a duplicate of a known corner, or of some earlier one
    repeated = same[:, :len(known)].any(axis=1) | np.tril(same[:, len(known):], -1).any(axis=1)
    return [item for item, dup in zip(raw, repeated, strict=True) if not dup]


def _width_guesses(lu: float, lv: float, typical: float | None, smallest: float,
                   largest: float) -> tuple[list[float], bool]:
    """Card width from the visible edges, and whether it was measured: exact when the corner
    shows both whole edges, else the width of lone cards in the frame, or failing that a ladder
    up from the lower bound the edges give; the reader settles which one fits."""
    if abs(lv / lu - CARD_ASPECT) < 0.25:
        return [(lu + lv / CARD_ASPECT) / 2], True
    if abs(lu / lv - CARD_ASPECT) < 0.2:
        return [], False  # a whole card seen from a corner without an index (long edge first)
    bound = max(lu, lv / CARD_ASPECT)
    ladder = [w for w in (bound * 1.2, bound * 2.4) if smallest <= w <= largest]
    if typical is None:
        return ladder, False
    return ([typical] if bound < typical * 1.3 else []), False
