"""Which piles the glyph search skips: those the cards read on their outline corners explain.

Cards are drawn as outlines in a working image (pixels), 60 wide; a pile is the outline of
the paper they make together.
"""

from __future__ import annotations

import cv2
import numpy as np
import pytest

import pi_app.vision.piles as piles_module
from pi_app.vision.designs import CARD_ASPECT
from pi_app.vision.detect import Corner
from pi_app.vision.piles import unexplained

WIDTH = 60.0
SHAPE = (400, 600)


def card(x: float, y: float) -> np.ndarray:
    """An upright card's outline (`Corner.quad`), its top-left corner at (x, y)."""
    return Corner(np.array([x, y]), np.array([1.0, 0.0]), np.array([0.0, 1.0]), WIDTH).quad()


def pile(*cards: np.ndarray) -> np.ndarray:
    """The outline of the paper these cards make."""
    paper = np.zeros(SHAPE, np.uint8)
    for outline in cards:
        cv2.fillConvexPoly(paper, np.round(outline).astype(np.int32), 255)
    contours, _ = cv2.findContours(paper, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    assert len(contours) == 1
    return contours[0]


def fan(count: int) -> list[np.ndarray]:
    """A tight fan's cards, from the bottom one up, each turned 8 degrees on from the last
    about a pivot below them."""
    pivot = np.array([300.0, 330.0])
    cards = []
    for k in range(count):
        turn = np.radians(-24 + 8 * k)
        rotation = np.array([[np.cos(turn), -np.sin(turn)], [np.sin(turn), np.cos(turn)]])
        upright = card(pivot[0] - WIDTH / 2, pivot[1] - WIDTH * CARD_ASPECT * 1.1)
        cards.append((upright - pivot) @ rotation.T + pivot)
    return cards


def test_a_pile_of_two_cards_read_lying_side_by_side_is_not_searched() -> None:
    # A scattered table's pile: two cards touching along a strip of 4 pixels, both read.
    left, right = card(100, 100), card(100 + WIDTH - 4, 130)
    assert unexplained([pile(left, right)], [left, right], WIDTH, SHAPE) == []


def test_a_pile_with_paper_beyond_its_read_cards_is_searched(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # A third card, unread, lies half under the two read ones, its corner showing below them.
    left, right, under = card(100, 100), card(100 + WIDTH - 4, 130), card(130, 170)
    heap = pile(left, right, under)
    assert unexplained([heap], [left, right], WIDTH, SHAPE) == [heap]
    monkeypatch.setattr(piles_module, "LEFT_OVER", float("inf"))
    assert unexplained([heap], [left, right], WIDTH, SHAPE) == []


def test_a_fan_is_searched_though_every_other_card_read_covers_all_its_paper(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # Each card's whole outline covers the strips of the cards lying on it that show: the
    # first, third and fifth card read account for all of a fan's paper, but lie on one another.
    cards = fan(5)
    heap = pile(*cards)
    read = cards[0::2]
    assert unexplained([heap], read, WIDTH, SHAPE) == [heap]
    monkeypatch.setattr(piles_module, "READ_CARDS_OVERLAP", float("inf"))
    assert unexplained([heap], read, WIDTH, SHAPE) == []


def test_two_cards_read_at_both_their_indexes_explain_their_pile_though_one_lies_on_the_other(
        ) -> None:
    # The right card's corner lies 20 pixels over the left card: overlapping so, two cards
    # read at one index each may be a row's, whose outlines cover the cards between them; read
    # at both indexes, nothing lies across either, and what lies under both cannot show.
    left, right = card(100, 100), card(100 + WIDTH - 20, 130)
    heap = pile(left, right)
    assert unexplained([heap], [left, right], WIDTH, SHAPE) == [heap]
    assert unexplained([heap], [left, right], WIDTH, SHAPE, whole=True) == []


def test_a_pile_where_only_one_card_is_read_is_searched_though_little_paper_is_left_over(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # The top card of a tight fan covers most of it: the others show strips that may be too
    # thin to count as paper left over, and still hold an index each.
    cards = fan(3)
    heap = pile(*cards)
    monkeypatch.setattr(piles_module, "LEFT_OVER", float("inf"))
    assert unexplained([heap], [cards[-1]], WIDTH, SHAPE) == [heap]


def test_a_pile_no_read_card_lies_in_is_searched_unless_too_small_to_show_an_index() -> None:
    elsewhere = card(400, 100)
    corner = pile(card(100, 100))  # a card's worth of paper, none of it read
    scrap = pile(np.array([[300.0, 300.0], [320.0, 300.0], [320.0, 315.0], [300.0, 315.0]]))
    assert unexplained([corner, scrap], [elsewhere], WIDTH, SHAPE) == [corner]


def test_with_no_card_read_every_pile_is_searched() -> None:
    scrap = pile(np.array([[300.0, 300.0], [320.0, 300.0], [320.0, 315.0], [300.0, 315.0]]))
    assert unexplained([scrap], [], WIDTH, SHAPE) == [scrap]



@pytest.mark.parametrize("x", [0.0, 200.0])  # at the frame's left edge, and away from it
def test_paper_left_over_is_measured_in_its_piles_box_as_in_the_whole_frame(x: float) -> None:
    # An unread card lies turned under two read ones side by side, its bottom corner showing
    # below them: the pile's lowest point (and, at x = 0, its paper runs to the frame's edge).
    # Opened to take away slivers and measured in the pile's box, it is the piece the whole
    # frame shows.
    left, right = card(x, 20), card(x + WIDTH, 20)
    turn = np.radians(25)
    rotation = np.array([[np.cos(turn), -np.sin(turn)], [np.sin(turn), np.cos(turn)]])
    centre = np.array([x + WIDTH, 110.0])
    under = (card(x + WIDTH / 2, 60) - centre) @ rotation.T + centre
    frame = np.zeros(SHAPE, np.uint8)
    cv2.fillConvexPoly(frame, np.round(under).astype(np.int32), 255)
    for read in (left, right):
        cv2.fillConvexPoly(frame, np.round(read).astype(np.int32), 0)
    opened = cv2.morphologyEx(frame, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
    shows = cv2.connectedComponentsWithStats(opened)[2][1:, cv2.CC_STAT_AREA].max()
    assert shows > 0.2 * WIDTH * WIDTH  # enough to hold an index
    assert piles_module._left_over(pile(left, right, under), [left, right], SHAPE) == shows
