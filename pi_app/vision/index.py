"""Cut a corner index out of the frame and turn its rank and suit glyphs into features.

The glyphs are found by their own ink, not by a fixed box, so decks that print the index
bigger, smaller, or further in still give the classifier the same normalised shapes.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from pi_app.vision.detect import Corner
from pi_app.vision.glyphs import RANK_HEIGHT, components, corner_at_rank, darkest

PATCH_U, PATCH_V = 0.24, 0.52
"""The corner region searched for an index, in card widths along the short and long edge."""
PATCH_W, PATCH_H = 42, 90
RANK_PATCH_HEIGHT = RANK_HEIGHT / PATCH_V * PATCH_H
"""A typical rank glyph's height in a patch framed at the right card size."""
GLYPH = 24
"""Side of the square images each glyph is scaled to for the glyph networks."""
GLYPH_VIEWS = 1
"""Images per glyph (channels of the networks' input). A second view of the glyph's
surroundings was tried: it read unseen designs worse (docs/vision.md)."""
MIN_RANK_H = 8
GLYPH_MAX_W, GLYPH_MAX_H = PATCH_W * 0.8, PATCH_H * 0.45
"""A shape this wide or this tall (patch pixels) is too big for an index glyph at the patch's
scale: a frame line, a pip cut by the patch's far edge, or glyphs run together."""
RANK_LEFT_MAX, RANK_TOP_MAX = PATCH_W * 0.45, PATCH_H * 0.5
"""A rank glyph starts left of and above these (patch pixels): near the card's corner."""
INK = 0.35
"""How dark, between paper (0) and the index's ink (1), a pixel must be to count as ink."""
FIRM_INK = 0.55
"""A firmer line for a second look where the first read an index unsurely or found none: the
soft shadow that a card lying on top casts along its edge passes INK, and joins the glyphs it
runs past (a 10 with a stroke beside it, a rank and its suit into one shape too big for a
glyph); only the print itself passes this."""
STEP_BACK = 1.6
"""How much wider a framing steps back to, where the first seems too close to see the whole
index."""
EDGE_RUN = 40
"""Straight ink this long (patch pixels) is a card edge, not a glyph."""
EDGE_INSIDE = 0.6
"""The share of the patch's height beyond which a tall shape lying wholly inside the patch is
still taken for a card edge (`_may_be_edge`). Four seeds of the benchmark (`--no-learn`): 8
more cards (15 gained, 7 lost), none more misread, as fast; at 0.5, 2 more; at 0.8 (or for any
shape inside the patch), 12 more and 2 more misread."""
_JOIN = np.ones((2, 2), np.uint8)  # rejoins thin strokes that blur broke apart
_SPLIT = np.ones((3, 3), np.uint8)


@dataclass
class IndexGlyphs:
    """The rank and suit glyphs of one corner index, each as GLYPH_VIEWS x GLYPH x GLYPH ink
    images (`glyph_image`), ready for the glyph networks."""

    rank: np.ndarray
    suit: np.ndarray
    redness: float
    """Ink colour: about 0 for black, about 0.5 or more for red."""
    rank_box: tuple[int, int, int, int]
    """Where the rank glyph was found in the patch (x, y, w, h)."""
    cut: bool = False
    """Whether the rank or suit touches a card edge wiped from the patch (or what lay beyond
    it): in a fan the next card's edge crosses an index, and part of a glyph may lie under it."""
    rank_cut: bool = False
    """Whether the rank itself touches such an edge (`cut` holds then too): in a tight fan the
    next card's edge runs down a big index's rank (tango's), and what shows of it is read with
    the cut ranks' network (`recognizer.Model.cut_rank`)."""
    side_by_side: bool = False
    """Whether the rank is shapes side by side on one line (the 1 and 0 of a ten)."""
    under_big: bool = False
    """Whether a shape too big for a glyph at this framing lies where a rank starts, above the
    glyph taken for the rank: a big index framed too close (a bellot queen's Q, 47 pixels high
    in a 90-pixel patch), whose suit was then read as its rank."""
    wiped: bool = False
    """Whether what may be a card edge was wiped from the patch (`_erase_edges`), touching the
    glyphs or not."""


def corner_patch(frame: np.ndarray, corner: Corner) -> np.ndarray:
    """The corner region warped upright: the index reads top-left, PATCH_W x PATCH_H pixels."""
    w = corner.width
    return upright_patch(frame, corner.point, corner.u * w * PATCH_U, corner.v * w * PATCH_V,
                         (PATCH_W, PATCH_H))


def upright_patch(frame: np.ndarray, origin: np.ndarray, across: np.ndarray, down: np.ndarray,
                  size: tuple[int, int]) -> np.ndarray:
    """The frame's parallelogram from `origin` along `across` and `down` (frame pixels), warped
    upright into `size` (width, height) pixels."""
    src = np.array([origin, origin + across, origin + down], np.float32)
    dst = np.array([[0, 0], [size[0], 0], [0, size[1]]], np.float32)
    return cv2.warpAffine(frame, cv2.getAffineTransform(src, dst), size,
                          flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)


def read_corner(frame: np.ndarray, corner: Corner, level: float = INK, wipe: bool = True
                ) -> tuple[Corner, IndexGlyphs] | None:
    """The glyphs of one hypothesis (`first_look`), framed again when its card size was a
    poor guess (`reframe`). `wipe`: whether card edges are wiped from the patch
    (`_erase_edges`)."""
    first = first_look(frame, corner, level, wipe)
    return None if first is None else reframe(frame, *first, level, wipe=wipe)


def first_look(frame: np.ndarray, corner: Corner, level: float = INK, wipe: bool = True
               ) -> tuple[Corner, IndexGlyphs] | None:
    """The glyphs of one hypothesis as framed, stepped back once when that seems too close to
    see the whole index; with the framing they were read through. Where neither framing
    shows an index, a shape too tall for a glyph may be a rank run into its suit: parted at
    its waist (`_parted`), at the step back and then as first framed. `wipe`: whether card
    edges are wiped from the patch (`_erase_edges`)."""
    shapes = _ink_shapes(corner_patch(frame, corner), level, wipe)
    glyphs, cut_off = _glyphs_in(shapes)
    if glyphs is None and cut_off:  # framed too close to see the whole index: step back once
        back = _stepped_back(corner)
        backed = _ink_shapes(corner_patch(frame, back), level, wipe)
        glyphs = _glyphs_in(backed)[0] or _glyphs_parted(backed)  # or the rank runs into its suit
        if glyphs is not None:
            return back, glyphs
        glyphs = _glyphs_parted(shapes)
    return None if glyphs is None else (corner, glyphs)


def step_back(frame: np.ndarray, corner: Corner, level: float = INK
              ) -> tuple[Corner, IndexGlyphs] | None:
    """The glyphs of a framing stepped back from `corner` (`STEP_BACK`), with that framing;
    None where it shows no index."""
    back = _stepped_back(corner)
    glyphs = _glyphs_in(_ink_shapes(corner_patch(frame, back), level))[0]
    return None if glyphs is None else (back, glyphs)


def _stepped_back(corner: Corner) -> Corner:
    return Corner(corner.point, corner.u, corner.v, corner.width * STEP_BACK)


def misframed(glyphs: IndexGlyphs) -> bool:
    """Whether the rank glyph is too big or small for the card size the framing assumed."""
    return abs(glyphs.rank_box[3] / RANK_PATCH_HEIGHT - 1) >= 0.25


def reframe(frame: np.ndarray, corner: Corner, glyphs: IndexGlyphs, level: float = INK,
            in_place: bool = False, wipe: bool = True) -> tuple[Corner, IndexGlyphs]:
    """A misframed reading read again with the rank where an index usually has it.

    A width guessed from glyph spacing or from other cards can be a third off, which shrinks
    the index out of the patch or blows it up; the rank glyph found in the first look gives
    the scale. `in_place`: the corner stays where it is, and only the card size changes. An
    outline corner is a card's own corner, and a deck that prints its index big (bellot's,
    plastic's) has its rank glyph half again as tall as the common index's: at the width
    that rank implies, the corner put where the common index's rank lies from it
    (`glyphs.RANK_CENTRE`) falls a fifteenth of a card off the card, on the card beneath.
    `wipe`: whether card edges are wiped from the patch (`_erase_edges`)."""
    if not misframed(glyphs):
        return corner, glyphs
    width = corner.width * glyphs.rank_box[3] / RANK_PATCH_HEIGHT
    centre, _ = rank_glyph(corner, glyphs)
    point = corner.point if in_place else corner_at_rank(centre, corner.u, corner.v, width)
    framed = Corner(point, corner.u, corner.v, float(width))
    again = read_glyphs(corner_patch(frame, framed), level, wipe=wipe)
    if again is None:  # the second look lost it (an index flush with the card's edge, say)
        return corner, glyphs
    return framed, again


def rank_glyph(corner: Corner, glyphs: IndexGlyphs) -> tuple[np.ndarray, float]:
    """Where the rank glyph read through `corner` lies in the frame: its centre and height in
    frame pixels. Two readings of one index share it, whatever their corner guesses; the
    indexes of two cards, however tightly fanned, never do."""
    x, y, w, h = glyphs.rank_box
    centre = (corner.point + corner.u * corner.width * PATCH_U * (x + w / 2) / PATCH_W
              + corner.v * corner.width * PATCH_V * (y + h / 2) / PATCH_H)
    return centre, corner.width * PATCH_V * h / PATCH_H


def read_glyphs(patch: np.ndarray, level: float = INK, off_border: bool = False,
                wipe: bool = True) -> IndexGlyphs | None:
    """Rank (top) and suit (below it) glyphs of an upright corner patch, or None if there are
    not two such ink shapes. `level`: how dark ink is (INK, or FIRM_INK for a second look).
    `off_border`: no shape touching the patch's top or left side is taken for the rank.
    Framed a pixel outside its card, the card's outline shows as a thin line as tall as a
    rank: its rounded corner across the patch's top, above the rank, which is then read as
    the suit (an anglo_modern 7 of hearts in a row), or its side down the patch's left (a
    dondorf 7 of clubs). But never taking a shape there for the rank loses as many cards
    (ranks the framing cuts at the border) as it finds, so that is a second reading, not the
    rule. `wipe`: whether card edges are wiped from the patch (`_erase_edges`)."""
    return _glyphs_in(_ink_shapes(patch, level, wipe), off_border)[0]


@dataclass
class _Shapes:
    """A patch's ink, 0 (paper) to 1 (the index's ink), what passes the line for ink (0/1),
    its connected shapes (`components`), and the card edges wiped from it, if any were."""

    patch: np.ndarray
    ink: np.ndarray
    binary: np.ndarray
    labels: np.ndarray
    stats: np.ndarray
    contrast: float
    wiped: np.ndarray | None


def patch_ink(patch: np.ndarray) -> tuple[np.ndarray, float] | None:
    """How dark each pixel of a patch is, from 0 (its paper) to 1 (its ink), and the grey
    levels between the two; None where it holds no ink."""
    least = darkest(patch)
    dark, paper = _levels(least, 0.03, 0.85)
    if paper - dark < 35:
        return None
    return np.clip((paper - least.astype(np.float32)) / (paper - dark), 0, 1), paper - dark


def _ink_shapes(patch: np.ndarray, level: float, wipe: bool = True) -> _Shapes | None:
    """The ink shapes of a patch at this line for ink, or None where it holds no ink.
    `wipe`: whether what may be a card edge is wiped (`_erase_edges`)."""
    inked = patch_ink(patch)
    if inked is None:
        return None
    ink, contrast = inked
    binary = cv2.morphologyEx((ink > level).astype(np.uint8), cv2.MORPH_CLOSE, _JOIN)
    _trim_outside(binary, ink)
    wiped = None
    labels, stats, _ = components(binary)
    if wipe and any(_may_be_edge(x, y, w, h)
           for x, y, w, h, _ in stats[1:].tolist()):  # a few shapes: cheaper in Python
        # something too long for a glyph where the index should be: maybe a card edge
        wiped = _erase_edges(binary, ink)
        labels, stats, _ = components(binary)
    shapes = _Shapes(patch, ink, binary, labels, stats, contrast, wiped)
    _parted_beside(shapes)
    return shapes


def _may_be_edge(x: int, y: int, w: int, h: int) -> bool:
    """Whether a shape (its box in patch pixels) may be a card edge where the index should be:
    at least `EDGE_RUN` long, and running off the patch's sides or bottom, or down most of it
    (`EDGE_INSIDE`). A shape that tall lying otherwise inside the patch is a big index's rank
    framed a little close (bellot's 3 is 39 pixels high framed at its card's width, 42 at a
    tenth less), which the edge wipe cut into strokes no network reads; framed too close, it is
    stepped back from instead (`first_look`). So is one that touches the patch's top alone: a
    rank printed close under its card's edge, framed from the card's own corner (bellot's J,
    whose straight stem the wipe took for an edge, leaving its club to be read as a 2). Six
    seeds of the benchmark (`--no-learn`): 3 more cards and 1 fewer misread, all bellot's."""
    inside = x > 0 and x + w < PATCH_W and y + h < PATCH_H
    return (h >= EDGE_RUN and x < RANK_LEFT_MAX and y < RANK_TOP_MAX
            and not (inside and h < EDGE_INSIDE * PATCH_H))


def _glyphs_in(shapes: _Shapes | None, off_border: bool = False
               ) -> tuple[IndexGlyphs | None, bool]:
    """The index glyphs among a patch's ink shapes, and whether the patch seems framed too
    close: ink where an index would be runs off its far side, or is too big for an index glyph
    at this scale. `off_border`: no shape touching the patch's top or left side is the rank
    (`read_glyphs`)."""
    if shapes is None:
        return None, False
    stats = shapes.stats
    # a patch's few shapes (7 on the median) are tested in Python: numpy's calls on arrays
    # this small cost more than they save (here and in `_flag_under_line`, 1.8 times as long)
    found = stats[1:].tolist()
    # Framed too close: index ink runs off the far side, or a suit is too big for a glyph here
    cut_off = any((x + w == PATCH_W or _too_big(w, h))
                  and x < PATCH_W * 0.7 and y < PATCH_H * 0.7 and h >= MIN_RANK_H
                  and (x > 0 or y > 0) for x, y, w, h, _ in found)
    boxes: list[Box] = [(x, y, w, h) for x, y, w, h, area in found
                        if _glyph_like(x, y, w, h, area)]
    if not boxes:
        return None, cut_off
    boxes.sort(key=lambda b: b[1])
    tall = [b for b in boxes if b[3] >= MIN_RANK_H and b[0] < RANK_LEFT_MAX  # near the edge
            and not (off_border and on_border(b))]
    if not tall:
        return None, cut_off
    strokes = [(x, y, w, h) for x, y, w, h, area in found if area >= 4]
    row = _merge_row(tall[0], boxes)
    rank, ink = _flag_under_line(shapes, found, _merge_above(row, strokes))
    rx, _, rw, rh = rank
    below = [b for b in boxes if _in_suit_band(b[1], rank)
             and abs((b[0] + b[2] / 2) - (rx + rw / 2)) < max(rw, b[2]) * 0.75
             and b[3] >= rh * 0.3]
    suit = below[0] if below else _suit_beside_pip(shapes.labels, stats, rank)
    if suit is None:  # framed too close, too, when what lies under the rank runs off the patch
        return None, cut_off or any(x + w == PATCH_W and _in_suit_band(y, rank)
                                    for x, y, w, _, _ in found)
    near_wiped = None if shapes.wiped is None else cv2.dilate(shapes.wiped, _SPLIT)
    rank_cut = near_wiped is not None and _touch(near_wiped, shapes.binary, (rank,))
    return IndexGlyphs(
        rank=glyph_image(ink, rank),
        suit=glyph_image(shapes.ink, suit),
        redness=_redness(shapes.patch, shapes.binary, suit, shapes.contrast),
        rank_box=rank,
        cut=rank_cut or (near_wiped is not None and _touch(near_wiped, shapes.binary, (suit,))),
        rank_cut=rank_cut,
        side_by_side=row != tall[0],
        under_big=cut_off and any(_too_big(w, h) and x < RANK_LEFT_MAX and y < rank[1]
                                  for x, y, w, h, _ in found),
        wiped=shapes.wiped is not None,
    ), cut_off


WAIST = 0.3
"""A shape too big for a glyph is two shapes run together where one row (or column) holds at
most this share of its widest row's (column's) ink (`_parted`, `_parted_beside`)."""
MIN_RANK_W = 6
"""Columns of a shape too wide for a glyph left whole at its left end when it is parted
(`_parted_beside`): the least of a rank glyph, patch pixels."""


def _parted(shapes: _Shapes | None) -> bool:
    """Cut each shape too tall for a glyph, where an index's rank would start, along its
    narrowest row below a rank's least height, if that row is a waist (`WAIST`), and label the
    shapes again: some decks (tango's) print the rank so close above its suit that blur runs
    the two together (a J's foot into the heart below it). Returns whether any was cut."""
    if shapes is None:
        return False
    cut = False
    for i, (x, y, w, h, _) in enumerate(shapes.stats[1:].tolist(), start=1):
        if (h >= GLYPH_MAX_H and w < GLYPH_MAX_W and 0 < x < RANK_LEFT_MAX
                and 0 < y < RANK_TOP_MAX):
            cut |= _cut_at_waist(shapes.binary, shapes.labels, i, (x, y, w, h),
                                 MIN_RANK_H, h - MIN_RANK_H // 2, across=True)
    if cut:
        shapes.labels, shapes.stats, _ = components(shapes.binary)
    return cut


def _parted_beside(shapes: _Shapes) -> None:
    """Cut each shape too wide for a glyph, where an index's rank would start, along its
    narrowest column within a glyph's width of the patch's left, if that column is a waist
    (`WAIST`), and label the shapes again: some decks (bellot's) print a court card's art so
    close beside the rank that the K's arm touches a pip, and the diamond below, taken for the
    rank, read as no index. Runs on every patch read, so only the shapes too wide are picked
    out with numpy, and the rest of the test made on those few: most patches have none (the
    whole test in numpy on every shape took twice as long, 8 us a patch)."""
    wide = np.flatnonzero(shapes.stats[1:, cv2.CC_STAT_WIDTH] >= GLYPH_MAX_W) + 1
    cut = False
    for i in wide.tolist():  # checked one by one: wide shapes are few
        x, y, w, h, _ = shapes.stats[i].tolist()
        if not (h >= MIN_RANK_H and 0 < x < RANK_LEFT_MAX and 0 < y < RANK_TOP_MAX):
            continue
        cut |= _cut_at_waist(shapes.binary, shapes.labels, i, (x, y, w, h), MIN_RANK_W,
                             min(w - MIN_RANK_W // 2, int(GLYPH_MAX_W) - x), across=False)
    if cut:
        shapes.labels, shapes.stats, _ = components(shapes.binary)


def _cut_at_waist(binary: np.ndarray, labels: np.ndarray, label: int, box: Box, lo: int,
                  hi: int, across: bool) -> bool:
    """Cut shape `label` (in `box`) along its narrowest row (`across`) or column from `lo`
    to `hi` (box pixels), where that row or column is a waist (`WAIST`)."""
    x, y, w, h = box
    if hi <= lo:
        return False
    inside = labels[y:y + h, x:x + w] == label
    counts = np.count_nonzero(inside, axis=1 if across else 0)
    waist = lo + int(np.argmin(counts[lo:hi]))
    if counts[waist] > WAIST * counts.max():
        return False
    region = binary[y:y + h, x:x + w]
    if across:
        region[waist][inside[waist]] = 0
    else:
        region[:, waist][inside[:, waist]] = 0
    return True


def _glyphs_parted(shapes: _Shapes | None) -> IndexGlyphs | None:
    """The index glyphs among the shapes once those too tall are parted, if any was."""
    return _glyphs_in(shapes)[0] if _parted(shapes) else None


def _levels(image: np.ndarray, *fractions: float) -> tuple[float, ...]:
    """The grey levels that these fractions of a uint8 image's pixels lie below, as sorting
    picks them: OpenCV sorts a patch's 3,780 bytes in 2.3 us, where counting them in a
    histogram and searching its running sum took 9.6 us a patch all told (5.7 now), and
    `np.partition` 6.7."""
    ordered = cv2.sort(image.reshape(1, -1), cv2.SORT_EVERY_ROW + cv2.SORT_ASCENDING)[0]
    return tuple(float(ordered[int(image.size * f)]) for f in fractions)


def _in_suit_band(top: int, rank: Box) -> bool:
    """Whether a shape starting at `top` is where an index suit sits: just below the rank."""
    _, ry, _, rh = rank
    return ry + rh * 0.8 <= top < ry + rh * 2.5


def _suit_beside_pip(labels: np.ndarray, stats: np.ndarray, rank: Box) -> Box | None:
    """The index suit when it touches a big pip printed close beside it (one shape running off
    the patch): eroded apart, the piece under the rank is the suit."""
    rx, _, rw, _ = rank
    for i, (x, y, w, _h, _area) in enumerate(stats[1:].tolist(), start=1):
        if not (x + w == PATCH_W and x <= rx + rw / 2 and _in_suit_band(y, rank)):
            continue
        shape = (labels == i).astype(np.uint8)
        parts = components(cv2.erode(shape, _SPLIT, iterations=2))[1]
        for px, py, pw, ph, _ in parts[1:].tolist():
            if abs(px + pw / 2 - (rx + rw / 2)) < rw * 0.75 and px + pw < PATCH_W - 2:
                x0, y0 = max(px - 2, 0), max(py - 2, 0)  # grown back by the erosion
                return x0, y0, px + pw + 2 - x0, min(py + ph + 2, PATCH_H) - y0
    return None


def _trim_outside(binary: np.ndarray, ink: np.ndarray) -> None:
    """Cut away what lies beyond the card's own edges when the patch starts off the card: the
    table there is as dark as ink, and an index printed close to the edge would join it."""
    for image, mask in ((binary, ink), (binary.T, ink.T)):  # the long edge, then the short one
        height, width = image.shape
        if 2 * np.count_nonzero(image[:, 0]) < height:
            continue  # the patch starts on the card
        first_paper = np.argmin(image, axis=1)  # per row, the first column that is not dark
        rows = (first_paper > 0) & (first_paper < width * 0.3)
        fit = _edge_fit(first_paper, rows)
        if fit is None:
            continue
        slope, offset = fit
        edge = np.ceil(slope * _STEPS[height] + offset + 1)
        outside = _STEPS[width][None, :] < edge[:, None]
        image[outside] = 0
        mask[outside] = 0.0


_STEPS = {n: np.arange(n) for n in (PATCH_W, PATCH_H)}
_SUMS = {n: np.stack([np.ones(n, np.int64), np.arange(n), np.arange(n) ** 2])
         for n in (PATCH_W, PATCH_H)}
"""Per row of a patch (or column), 1, its number and its square: their products with a row
mask are the count, sum and sum of squares of the rows it picks, in one call."""


def _edge_fit(first_paper: np.ndarray, rows: np.ndarray) -> tuple[float, float] | None:
    """The card's edge through the first paper of each of these `rows` (a mask; None where
    they are fewer than 0.3 of the patch's): fitted, then fitted again without the rows whose
    paper starts more than a pixel further in. Ink touching the edge (an index printed tight
    against it, as bellot's 5 flag is) only ever pushes a row's first paper further in, and a
    line fitted through those rows cut the glyph off."""
    steps = len(first_paper)
    count, slope, offset = _masked_fit(first_paper, rows)
    if count < steps * 0.3:
        return None
    close = rows & (first_paper <= slope * _STEPS[steps] + offset + 1.0)
    if 2 * int(np.count_nonzero(close)) >= count:
        _, slope, offset = _masked_fit(first_paper, close)
    return slope, offset


def _masked_fit(y: np.ndarray, rows: np.ndarray) -> tuple[int, float, float]:
    """How many rows the mask `rows` picks, and `_line_fit` of y over their numbers: the
    integer sums from two matrix products, where the picked rows' own arrays took eight numpy
    calls."""
    picked = rows.astype(np.int64)
    n, sx, sxx = (_SUMS[len(y)] @ picked).tolist()
    sy, sxy = (_SUMS[len(y)][:2] @ (y * picked)).tolist()
    return (n, *_fitted(n, sx, sy, sxx, sxy)) if n else (0, 0.0, 0.0)


def _line_fit(x: np.ndarray, y: np.ndarray) -> tuple[float, float]:
    """Least-squares slope and offset of y over x, in closed form (`_fitted`): `np.polyfit`
    cost more than the rest of a patch's reading."""
    return _fitted(len(x), int(x.sum()), int(y.sum()), int(np.dot(x, x)), int(np.dot(x, y)))


def _fitted(n: int, sx: int, sy: int, sxx: int, sxy: int) -> tuple[float, float]:
    """Slope and offset of the least-squares line through n points, from their sums of x, y,
    x squared and x times y: Python integers, exact."""
    spread = sxx * n - sx * sx
    slope = (sxy * n - sx * sy) / spread if spread > 0 else 0.0
    return slope, (sy - slope * sx) / n


def _erase_edges(binary: np.ndarray, ink: np.ndarray) -> np.ndarray:
    """Wipe straight runs longer than any glyph: the edges of neighbouring cards in a fan or a
    row, which would otherwise join the glyphs they pass. An edge running down the patch
    beside the index is another card's: what lies beyond it is that card's, and goes too.
    Returns what was wiped (1), to tell glyphs an edge may have cut."""
    pooled = cv2.max(cv2.max(binary[0::2, 0::2], binary[0::2, 1::2]),  # 4x faster
                     cv2.max(binary[1::2, 0::2], binary[1::2, 1::2]))
    found = cv2.HoughLinesP(pooled, 1, np.pi / 90, EDGE_RUN // 2, minLineLength=EDGE_RUN // 2,
                            maxLineGap=1)
    lines = [] if found is None else (found.reshape(-1, 4).astype(int) * 2 + 1).tolist()
    rows = np.arange(PATCH_H)
    wiped = np.zeros(binary.shape, np.uint8)
    for x1, y1, x2, y2 in lines:
        cv2.line(wiped, (x1, y1), (x2, y2), 1, 3)
        if abs(y2 - y1) < 2 * abs(x2 - x1):
            continue  # not along the card's long edge
        at = x1 + (x2 - x1) * (rows - y1) / (y2 - y1)  # the edge's x on every row
        if min(x1, x2) > PATCH_W * 0.55:
            wiped[np.arange(PATCH_W)[None, :] > at[:, None]] = 1
        elif max(x1, x2) < PATCH_W * 0.15:
            wiped[np.arange(PATCH_W)[None, :] < at[:, None]] = 1
    # a line covers the same pixels on any image this size: drawn once, not on all three
    gone = wiped.view(bool)
    binary[gone] = 0
    ink[gone] = 0.0
    return wiped


def _touch(near: np.ndarray, binary: np.ndarray, boxes: tuple[Box, ...]) -> bool:
    """Whether the ink of any of these glyph boxes lies on `near` (wiped pixels, grown by
    `_SPLIT`: next to them)."""
    return any(bool((binary[y:y + h, x:x + w] & near[y:y + h, x:x + w]).any())
               for x, y, w, h in boxes)


def on_border(box: Box) -> bool:
    """Whether a shape's box touches the patch's top or left side."""
    return box[0] == 0 or box[1] == 0


def _too_big(w: int, h: int) -> bool:
    """Whether a shape (its box's width and height, patch pixels) is too big for an index
    glyph at the patch's scale (`GLYPH_MAX_W`, `GLYPH_MAX_H`)."""
    return w >= GLYPH_MAX_W or h >= GLYPH_MAX_H


def _glyph_like(x: int, y: int, w: int, h: int, area: int) -> bool:
    """Ink that could be an index glyph: not a speck, not the table beyond the card's rounded
    corner, not a long frame line or a pip cut by the patch's far edges."""
    return (area >= 6 and h >= 4 and not _too_big(w, h)
            and x + w < PATCH_W and not (x == 0 and y == 0))


Box = tuple[int, int, int, int]


def _merge_row(first: Box, boxes: list[Box]) -> Box:
    """Join `first` with shapes beside it on the same line (the 1 and 0 of a ten)."""
    x, y, w, h = first
    for box in boxes:
        bx, by, bw, bh = box
        if abs(by - y) >= 0.2 * h or box == first:
            continue  # on another line, as most shapes are: told first, before the rest
        overlap = min(y + h, by + bh) - max(y, by)
        gap = max(bx - (x + w), x - (bx + bw))
        joined = max(x + w, bx + bw) - min(x, bx)
        if (abs(bh - h) < 0.2 * max(h, bh) and overlap > 0.6 * min(h, bh) and gap < 0.35 * h
                and joined < 1.5 * max(h, bh)):
            nx, ny = min(x, bx), min(y, by)
            w, h = max(x + w, bx + bw) - nx, max(y + h, by + bh) - ny
            x, y = nx, ny
    return x, y, w, h


def _merge_above(rank: Box, strokes: list[Box]) -> Box:
    """Join a stroke printed just above the rank and apart from it (the flag of some decks'
    5, often too thin to pass for a glyph itself): without it the rest of a 5 reads as a J."""
    x, y, w, h = rank
    for bx, by, bw, bh in strokes:
        if by >= y:
            continue  # not above the rank, as most strokes are not: told first
        overlap = min(x + w, bx + bw) - max(x, bx)
        if (_just_above((x, y, w, h), by, bh) and bh < 0.5 * h and overlap > 0.5 * min(w, bw)
                and bw < 1.3 * w):
            nx, ny = min(x, bx), by
            w, h = max(x + w, bx + bw) - nx, y + h - ny
            x, y = nx, ny
    return x, y, w, h


def _just_above(rank: Box, top: int, height: int) -> bool:
    """Whether a stroke (its `top` and `height`) ends just above the rank, a gap of at most a
    quarter of the rank's height, or dips a little into it."""
    _, y, _, h = rank
    bottom = top + height
    return top < y and bottom <= y + 0.15 * h and y - bottom < 0.25 * h


def _flag_under_line(shapes: _Shapes, found: list[list[int]], rank: Box
                     ) -> tuple[Box, np.ndarray]:
    """The rank box with a stroke that hangs, just above it, from a line running across the
    rank and beyond (the card's top edge), and the patch's ink with that line wiped: bellot
    prints its 5's flag flush with the card's edge, and once the flag joins the edge line,
    the rest of the 5 reads as a J beyond doubt. The line's bottom is fitted on the columns
    beside the rank; what hangs more than a pixel and a half below it is the flag. `found`:
    the patch's shapes, as rows of their `stats` (label 1 first)."""
    x, y, w, h = rank
    labels = shapes.labels
    for i, (bx, by, bw, bh, area) in enumerate(found, start=1):
        if not (bw >= 1.3 * w and bx <= x and bx + bw >= x + w  # too wide for `_merge_above`
                and area >= 4 and _just_above(rank, by, bh)):  # (the rarest test first)
            continue
        mine = labels[by:by + bh, bx:bx + bw] == i
        columns = np.arange(bx, bx + bw)
        bottom = by + bh - 1 - np.argmax(mine[::-1], axis=0)
        beside = mine.any(axis=0) & ((columns < x - 1) | (columns > x + w))
        if beside.sum() < MIN_RANK_W:
            continue
        slope, offset = _line_fit(columns[beside], bottom[beside])
        line = slope * np.arange(PATCH_W) + offset
        stroke = labels == i
        flag = stroke & (np.arange(PATCH_H)[:, None] > line[None, :] + 1.5)
        flag[:, :x] = False
        flag[:, x + w:] = False
        if flag.sum() < max(4, 0.3 * w):
            continue
        flag_top = int(np.flatnonzero(flag.any(axis=1))[0])
        ink = shapes.ink.copy()
        ink[stroke & ~flag] = 0.0
        return (x, flag_top, w, y + h - flag_top), ink
    return rank, shapes.ink


def glyph_image(ink: np.ndarray, box: Box) -> np.ndarray:
    """One glyph as the glyph networks read it, whatever size the index was printed: its ink
    (0 paper, 1 ink) centred on a square, so its proportions still show, scaled to
    GLYPH_VIEWS x GLYPH x GLYPH."""
    x, y, w, h = box
    crop = ink[y:y + h, x:x + w]
    side = max(w, h) + 2
    top, left = (side - h) // 2, (side - w) // 2
    square = cv2.copyMakeBorder(crop, top, side - h - top, left, side - w - left,
                                cv2.BORDER_CONSTANT, value=0)
    return np.asarray(cv2.resize(square, (GLYPH, GLYPH), interpolation=cv2.INTER_AREA),
                      np.float32)[None]


def widened(glyph: np.ndarray, factor: float) -> np.ndarray:
    """A glyph image (`glyph_image`) stretched across about its middle by `factor`: a figure
    printed condensed, as the networks learned it."""
    side = glyph.shape[-1]
    centre = (side - 1) / 2
    m = np.array([[factor, 0, centre * (1 - factor)], [0, 1, 0]], np.float32)
    return np.stack([cv2.warpAffine(view, m, (side, side), flags=cv2.INTER_LINEAR)
                     for view in glyph])


def _redness(patch: np.ndarray, binary: np.ndarray, box: Box,
             contrast: float) -> float:
    x, y, w, h = box
    # no ink in the box: the mean of nothing is 0 in every channel, and so is the redness
    b, g, r, _ = cv2.mean(patch[y:y + h, x:x + w], mask=binary[y:y + h, x:x + w])
    return float((r - (g + b) / 2) / contrast)
