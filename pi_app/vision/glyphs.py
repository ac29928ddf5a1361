"""Corner hypotheses from the index itself: a small rank glyph with a suit glyph just below it.

The outline detector (`detect.py`) needs a card corner to stand out against the table; in a tight
fan or an overlapping row the top-left corners lie on a sawtooth edge and are lost. Every visible
index, though, is a pair of small ink shapes on card stock, and the line from the rank to the
suit gives the card's long axis. Pips and court art make pairs too; the classifiers' "not an
index" class turns those down.
"""

from __future__ import annotations

from collections.abc import Callable

import cv2
import numpy as np

Hypothesis = tuple[np.ndarray, np.ndarray, np.ndarray, float]
"""(corner point, u, v, card width), as `detect.Corner` takes them."""

CLOSE = 17
"""Closing kernel, frame pixels: ink is what a closing this size fills in (glyph strokes and
index suits), not the step from a card to the table."""
INK_DEPTH = 0.35
"""Ink is at least this much darker than the paper around it: a soft shadow is not, and the
pale pink that red ink turns to on a card washed out by glare still is (at half the paper's
brightness such indexes found no glyph pair at all)."""
LINE = 35
"""Straight ink runs this long (frame pixels) are card edges or frame lines, never glyphs."""
GLYPH_SIZE = (5, 48)
"""Smallest and largest index glyph, frame pixels (a 1280x720 frame of a card table)."""
GLYPH_SHARE = (0.04, 0.25)
"""Smallest and largest index glyph (its box's larger side), in card widths: pips and court
art are bigger."""
PARTNERS = 4
"""Suit candidates tried for each rank candidate."""
RANK_CENTRE = np.array([0.10, 0.13])
"""Where a rank glyph's centre sits, in card widths from the corner (along u, along v)."""
SUIT_OVER_RANK = 1.5
"""The largest index suit, in rank glyph sizes (each shape's width or height, the larger): a
suit printed wide under a small rank shows up to 1.4 times its size once blurred (tango's
hearts: at 1.3, tango read 8 fewer cards on the benchmark's four seeds, for 4% fewer patches
read)."""
RANK_TO_SUIT = 1.15
"""From a rank glyph's centre to its suit's, in rank heights: the rank, a gap, half a suit."""
RANK_HEIGHT = 0.14
"""A rank glyph's height in card widths, to guess a card's size when no lone card shows it."""
OPENING = np.ones((2, 2), np.uint8)
"""The opening that frees glyphs a thin line glues to (`freed_pairs`)."""
SAME_PAIR = (1.5, 8.0)
"""A pair in the opened ink mask is one found already where their rank glyph centres lie
within this many pixels, and the lines to their suits within this many degrees."""


_LEAST_DEPTH = np.floor(np.arange(256) * INK_DEPTH).astype(np.uint8)
"""Per paper level, how much darker than it ink is at least (INK_DEPTH of it)."""


_ACROSS_CHANNELS = np.ones((1, 3), np.uint8)
"""A pixel's three interleaved channels, side by side in a row of the image's bytes."""


def rank_centre_at(point: np.ndarray, u: np.ndarray, v: np.ndarray,
                   width: float | np.ndarray) -> np.ndarray:
    """Where the rank glyph's centre sits (`RANK_CENTRE`) on a card whose corner is at `point`,
    turned as `u` and `v`, `width` wide; or on n such cards at once (n x 2 points, n widths),
    where numpy arithmetic per card cost more than the edge test it feeds."""
    return np.asarray(point + _to_rank(u, v, width))


def corner_at_rank(centre: np.ndarray, u: np.ndarray, v: np.ndarray,
                   width: float | np.ndarray) -> np.ndarray:
    """The corner of a card turned as `u` and `v`, `width` wide, whose index's rank glyph is
    centred at `centre` (`rank_centre_at` the other way round; n at once alike)."""
    return np.asarray(centre - _to_rank(u, v, width))


def _to_rank(u: np.ndarray, v: np.ndarray, width: float | np.ndarray) -> np.ndarray:
    return np.asarray((u * RANK_CENTRE[0] + v * RANK_CENTRE[1]) * np.asarray(width)[..., None])


def darkest(image: np.ndarray) -> np.ndarray:
    """Each pixel's darkest channel of a BGR image: an erosion across the interleaved
    channels, a third the cost of taking the minimum of three channel planes."""
    return _across_channels(image, cv2.erode)


def brightest(image: np.ndarray) -> np.ndarray:
    """Each pixel's brightest channel of a BGR image (as `darkest`, by dilation)."""
    return _across_channels(image, cv2.dilate)


def _across_channels(image: np.ndarray, operation: Callable[..., np.ndarray]) -> np.ndarray:
    rows = image.reshape(image.shape[0], -1)  # B G R B G R ...: the middle of each triple
    return np.ascontiguousarray(operation(rows, _ACROSS_CHANNELS)[:, 1::3])


def ink_mask(frame: np.ndarray, levels: np.ndarray, covered: np.ndarray | None = None,
             within: tuple[int, int, int, int] | None = None) -> np.ndarray:
    """Dark or coloured marks on card stock (0/1): glyphs and pips, without card edges, and
    none where `covered` (uint8, frame size) is set: lone cards, whose corners are known,
    hold most of a scattered table's ink, and every shape costs the pairing and line search.
    `levels` is the paper level per pixel (`detect.paper_levels`, at frame size). `within`
    (left, top, right, bottom): the only box where ink is sought (a frame's piles); the mask is
    still the frame's size, so that the search for straight runs, which samples its points at
    random, sees the same points and finds the same runs where no ink lies outside the box."""
    left, top, right, bottom = within or (0, 0, frame.shape[1], frame.shape[0])
    box = np.s_[top:bottom, left:right]
    low = darkest(frame[box])
    closed = cv2.morphologyEx(low, cv2.MORPH_CLOSE, np.ones((CLOSE, CLOSE), np.uint8))
    # depth > closed * INK_DEPTH on paper (closed > levels), as integer levels looked up per
    # closed value: whole-frame float arithmetic cost more than the closing itself
    deep = cv2.bitwise_and(cv2.compare(cv2.subtract(closed, low), cv2.LUT(closed, _LEAST_DEPTH),
                                       cv2.CMP_GT),
                           cv2.compare(closed, levels[box], cv2.CMP_GT))
    if covered is not None:
        deep = cv2.subtract(deep, covered[box])
    ink = np.zeros(frame.shape[:2], np.uint8)
    ink[box] = cv2.threshold(deep, 0, 1, cv2.THRESH_BINARY)[1]
    # searched from the frame's top left corner to the box's far corner: the same points, in
    # the same order, at the same distances from the origin as in the whole frame, and so the
    # same runs, for a smaller tally of votes to clear (a tenth less time)
    lines = cv2.HoughLinesP(ink[:bottom, :right], 1, np.pi / 180, LINE, minLineLength=LINE,
                            maxLineGap=2)
    ends: list[list[int]] = [] if lines is None else lines.reshape(-1, 4).astype(int).tolist()
    for x1, y1, x2, y2 in ends:
        cv2.line(ink, (x1, y1), (x2, y2), 0, 2)  # a shadow line would glue glyphs together
    return ink


def components(binary: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Connected shapes of a 0/1 image (8-connected): labels, stats and centres, as
    `cv2.connectedComponentsWithStats` gives them. Grana's algorithm labels alike and, on one
    thread, three times faster on a frame than OpenCV's default choice."""
    _, labels, stats, centres = cv2.connectedComponentsWithStatsWithAlgorithm(
        binary, 8, cv2.CV_32S, cv2.CCL_GRANA)
    return labels, stats, centres


def index_pairs(ink: np.ndarray, typical: float | None, origin: tuple[int, int] = (0, 0)
                ) -> tuple[list[Hypothesis], np.ndarray, np.ndarray]:
    """A corner hypothesis for every rank-over-suit pair of shapes in an `ink_mask` (or the
    part of one whose top-left pixel lies at `origin` in the frame), with each pair's rank
    glyph centre (n x 2, frame pixels) and size (the larger side of its box). `typical` is
    the width of lone cards in this frame, if any showed; else the glyphs' size gives it."""
    _, stats, centres = components(ink)
    centres += origin
    _, _, w, h, area = stats[1:].T
    size = np.maximum(w, h).astype(np.float64)
    keep = ((size >= GLYPH_SIZE[0]) & (size <= GLYPH_SIZE[1]) & (area >= 8)
            & (area >= 0.12 * w * h))
    if typical is not None:  # lone cards show the scale: pips and art are bigger than indexes
        keep &= (size > GLYPH_SHARE[0] * typical) & (size < GLYPH_SHARE[1] * typical)
    c, s = centres[1:][keep], size[keep]
    if len(c) < 2:
        return [], np.zeros((0, 2)), np.zeros(0)
    offset = c[None, :, :] - c[:, None, :]  # [rank, suit] -> from the rank to the suit
    distance = np.hypot(offset[..., 0], offset[..., 1])
    ratio = s[None, :] / s[:, None]
    # a suit may show wider than its rank is tall (tango's hearts and clubs, blurred)
    pairs = ((distance > 0.55 * s[:, None]) & (distance < 1.9 * s[:, None])
             & (ratio > 0.25) & (ratio < SUIT_OVER_RANK))
    # Each shape is the rank of at most its PARTNERS most index-like suits: a suit smaller
    # than the rank, about a rank's height below it.
    misfit = np.abs(distance / s[:, None] - RANK_TO_SUIT) + np.abs(ratio - 0.8)
    misfit[~pairs] = np.inf
    best = np.argsort(misfit, axis=1)[:, :PARTNERS]
    chosen = np.zeros_like(pairs)
    np.put_along_axis(chosen, best, True, axis=1)
    pairs &= chosen
    i, j = np.nonzero(pairs)
    v = offset[i, j] / distance[i, j][:, None]
    u = np.stack([v[:, 1], -v[:, 0]], axis=1)
    rank_height = distance[i, j] / RANK_TO_SUIT
    width = rank_height / RANK_HEIGHT
    if typical is not None:  # an index the size of the lone cards' has their width
        share = rank_height / typical
        width = np.where((share > 0.07) & (share < 0.25), typical, width)
    point = corner_at_rank(c[i], u, v, width)
    return list(zip(point, u, v, width.tolist(), strict=True)), c[i], s[i]


def freed_pairs(ink: np.ndarray, typical: float | None, known: list[Hypothesis],
                ranks: np.ndarray, origin: tuple[int, int] = (0, 0)
                ) -> tuple[list[Hypothesis], np.ndarray, np.ndarray]:
    """The rank-over-suit pairs (as `index_pairs` gives them) that only the `ink_mask` opened
    (`OPENING`) shows: in a row or a tight fan a rank glued to a thin line beside it (a broken
    piece of the next card's shadow, a court card's frame) is one shape too big for a glyph,
    and the opening frees it. `known` and `ranks`: the pairs `index_pairs` found in the mask
    itself and their rank glyph centres, which are not found again. `origin`: as for
    `index_pairs`."""
    opened = cv2.morphologyEx(ink, cv2.MORPH_OPEN, OPENING)
    found, centres, sizes = index_pairs(opened, typical, origin)
    if not found:
        return found, centres, sizes
    apart, turned = SAME_PAIR
    again = ((np.linalg.norm(centres[:, None] - ranks[None], axis=2) < apart)
             & (_down(found) @ _down(known).T > np.cos(np.radians(turned)))).any(axis=1)
    return ([h for h, old in zip(found, again, strict=True) if not old], centres[~again],
            sizes[~again])


def _down(pairs: list[Hypothesis]) -> np.ndarray:
    """Each pair's direction from its rank to its suit (its v), n x 2."""
    return np.array([v for _, _, v, _ in pairs]).reshape(-1, 2)
