"""Which piles of overlapping cards the cards read on their outline corners leave unexplained.

The glyph search (`detect.find_glyph_hypotheses`) finds the indexes of cards whose outline
corners lie hidden: it reads every rank-over-suit pair of shapes in a pile, most of them pips
and court art, and seats corners on the glyphs it reads unsurely. On a scattered table a pile
is most often two or three cards whose outline corners all show, and read already; searching
it again often took more than half of such a frame's time, and read no card more. A pile is
searched unless the cards read surely account for it: at least two of them lie in it, lying
side by side rather than on one another, and what of its paper lies outside all of their
outlines could not hold an index.

Cards read in a fan or a row overlap: a card's whole outline covers the visible strips of the
cards lying on it, so reading every other card of a fan accounts for all its paper. Piles
where read cards overlap are therefore always searched.

The same test, counting only cards read at both their indexes (which no card lies across),
decides which piles are searched again at full resolution (`detect.find_pile_corners`). Two
such cards may overlap: lying on one another, they hide only what lies under both, and any
card there that shows lies in the paper left over. Seed 1's scattered tables: 3 of 88 skip
the search so (plastic's seventh, whose queen of spades and 3 of hearts overlap), reading
the same cards; six seeds, the same cards and misreads.
"""

from __future__ import annotations

import cv2
import numpy as np

from pi_app.vision.designs import CARD_ASPECT
from pi_app.vision.glyphs import components

LEFT_OVER = 0.2
"""Paper of a pile outside the outlines of the cards read surely, in one piece this big or
bigger (square card widths), may hold an unread card's index: an index fills 0.125."""
READ_CARDS_OVERLAP = 0.05
"""Two cards read surely in a pile whose outlines overlap by this much of a card's area or more
lie one on the other, as a fan's or a row's cards do."""
SCRAP = 0.1
"""A pile that no card read surely lies in, smaller than this share of a card's area, is a
scrap of paper (the table's light, a piece of a card's art) too small to show an index."""
_OPEN = np.ones((3, 3), np.uint8)  # slivers along the read cards' edges are not paper left over
_MARGIN = 2  # pixels of table round a pile's box: the opening reaches one beyond it


def unexplained(piles: list[np.ndarray], cards: list[np.ndarray], width: float,
                shape: tuple[int, ...], whole: bool = False) -> list[np.ndarray]:
    """Those of `piles` (outlines, working pixels, in an image of `shape`) that the cards read
    surely (`cards`: each card's outline, 4x2 points, one per card) do not account for.
    `width`: a card's width there. With no card read, every pile is searched. `whole`: the
    cards were read at both their indexes, and may lie on one another."""
    if not cards:
        return list(piles)
    area = width * width * CARD_ASPECT
    centres = [card.mean(axis=0) for card in cards]
    searched = []
    for pile in piles:
        inside = [card for card, centre in zip(cards, centres, strict=True)
                  if cv2.pointPolygonTest(pile, (float(centre[0]), float(centre[1])), False) >= 0]
        if not inside:
            if cv2.contourArea(pile) >= SCRAP * area:
                searched.append(pile)
        elif (len(inside) < 2
              or (not whole and _most_overlap(inside) >= READ_CARDS_OVERLAP * area)
              or _left_over(pile, cards, shape) >= LEFT_OVER * width * width):
            searched.append(pile)
    return searched


def _most_overlap(cards: list[np.ndarray]) -> float:
    """The largest area two of these card outlines share."""
    return max(cv2.intersectConvexConvex(a.astype(np.float32), b.astype(np.float32))[0]
               for i, a in enumerate(cards) for b in cards[:i])


def _left_over(pile: np.ndarray, cards: list[np.ndarray], shape: tuple[int, ...]) -> float:
    """The largest piece of the pile's paper outside all of the `cards`' outlines (pixels)."""
    paper = np.zeros(shape[:2], np.uint8)
    cv2.drawContours(paper, [pile], -1, 255, -1)
    for card in cards:  # one at a time: a list of polygons is filled by the even-odd rule
        cv2.fillConvexPoly(paper, np.round(card).astype(np.int32), 0)
    # opened and labelled in the pile's box, which holds all its paper, and a margin of the
    # table for the opening to see the paper's edge as it does in the whole image: labelling
    # that cost 1.5 ms a call. (Drawn in the box, the cards' edges clipped at its sides would
    # fall on other pixels.)
    x, y, w, h = cv2.boundingRect(pile)
    box = paper[max(y - _MARGIN, 0):y + h + _MARGIN, max(x - _MARGIN, 0):x + w + _MARGIN]
    stats = components(cv2.morphologyEx(np.ascontiguousarray(box), cv2.MORPH_OPEN, _OPEN))[1]
    return float(stats[1:, cv2.CC_STAT_AREA].max(initial=0))
