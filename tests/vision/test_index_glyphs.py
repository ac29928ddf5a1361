"""Finding an index by its own glyphs, and framing it from the rank glyph's size.

In a fan or an overlapping row only the top-left corner index of most cards shows; these
rules let the reader find it there without the card's outline.
"""

from __future__ import annotations

from dataclasses import replace

import cv2
import numpy as np
import pytest

from pi_app.engine.cards import parse_card
from pi_app.vision.designs import CARD_ASPECT, Design
from pi_app.vision.detect import Corner, _against_edges, edge_grey, paper_levels
from pi_app.vision.glyphs import brightest, darkest, freed_pairs, index_pairs, ink_mask
from pi_app.vision.index import (
    PATCH_H,
    PATCH_W,
    _may_be_edge,
    on_border,
    read_corner,
    read_glyphs,
)
from pi_app.vision.recognizer import NONE_RANK, Model, Recognizer, _no_reads, _Seen, best_answers
from pi_app.vision.synth import Conditions, SceneCard, make_scene
from pi_app.vision.training import label_corner

CALM = Conditions(tilt=0.05, light=0.2, glare=0.0, blur=0.5, noise=2.0, jpeg=(90, 95))


def test_ink_is_measured_on_each_pixels_darkest_channel_and_paper_also_on_its_brightest(
) -> None:
    image = np.random.default_rng(1).integers(0, 256, (37, 53, 3), np.uint8)
    for part in (image, image[5:30, 7:40]):  # a whole frame and a region of one
        assert np.array_equal(darkest(part), part.min(axis=2))
        assert np.array_equal(brightest(part), part.max(axis=2))


def _levels(image: np.ndarray) -> np.ndarray:
    """The paper level per pixel, measured on a half-size copy as the detector does."""
    return np.asarray(cv2.resize(paper_levels(darkest(image[::2, ::2])), image.shape[1::-1]))


def _glyph_hypotheses(image: np.ndarray) -> list[Corner]:
    return [Corner(*h) for h in index_pairs(ink_mask(image, _levels(image)), None)[0]]


def _true_corner(card: SceneCard) -> Corner:
    tl, tr, _br, bl = card.corners.astype(np.float64)
    u = (tr - tl) / np.linalg.norm(tr - tl)
    v = (bl - tl) / np.linalg.norm(bl - tl)
    return Corner(tl, u, v, card.width)


def test_a_rank_over_its_suit_marks_the_card_corner_and_its_long_edge(kennard_deck) -> None:
    scene = make_scene(kennard_deck, np.random.default_rng(21), "scatter", n_cards=3,
                       conditions=CALM)
    hypotheses = _glyph_hypotheses(scene.image)
    labels = {label_corner(h, scene) for h in hypotheses}
    readable = {card.code for card in scene.cards if card.readable}
    found = {code for code in readable
             for label in labels if label is not None and label[0] != NONE_RANK
             and _code(label) == code}
    assert found == readable


def test_every_index_of_a_tight_fan_is_found_by_its_glyphs(kennard_deck) -> None:
    rng = np.random.default_rng(22)
    readable = found = 0
    for _ in range(3):
        scene = make_scene(kennard_deck, rng, "fan", n_cards=7, conditions=CALM)
        hypotheses = _glyph_hypotheses(scene.image)
        labels = {label_corner(h, scene) for h in hypotheses}
        codes = {_code(label) for label in labels if label is not None and label[0] != NONE_RANK}
        readable += sum(card.readable for card in scene.cards)
        found += sum(card.readable and card.code in codes for card in scene.cards)
    assert found >= 0.8 * readable


def test_a_suit_printed_wider_than_its_rank_is_tall_still_marks_the_corner() -> None:
    """Tango prints a heart 27 pixels wide under a 3 that is 19 high: the suit shows 1.4 times
    the rank's size, and the pair still marks a corner above and to the left of the rank,
    with the card's long edge running down it."""
    ink = np.zeros((200, 200), np.uint8)
    cv2.rectangle(ink, (90, 50), (101, 68), 1, -1)  # the rank, 12 x 19
    cv2.ellipse(ink, (96, 82), (13, 11), 0, 0, 360, 1, -1)  # the suit below it, 27 x 23
    downward = [c for c in map(lambda h: Corner(*h), index_pairs(ink, None)[0])
                if c.v @ np.array([0.0, 1.0]) > 0.95]
    assert downward
    assert all(c.point[0] < 90 and c.point[1] < 50 for c in downward)


def _glued_index() -> np.ndarray:
    """An ink mask holding a rank (12 x 19) over its suit, the rank touching a thin line (a
    card edge beside it, 1 pixel wide and 130 long) that makes the two one shape."""
    ink = np.zeros((200, 200), np.uint8)
    cv2.rectangle(ink, (90, 50), (101, 68), 1, -1)
    cv2.ellipse(ink, (96, 82), (9, 8), 0, 0, 360, 1, -1)
    cv2.line(ink, (89, 20), (89, 150), 1, 1)
    return ink


def test_a_rank_glued_to_a_thin_line_pairs_with_its_suit_once_the_ink_mask_is_opened() -> None:
    ink = _glued_index()
    found, _, _ = index_pairs(ink, None)
    assert not found  # rank and line together are too big for a glyph
    freed, ranks, sizes = freed_pairs(ink, None, [], np.zeros((0, 2)))
    downward = [k for k, (_, _, v, _) in enumerate(freed) if v @ np.array([0.0, 1.0]) > 0.95]
    assert downward
    assert np.allclose(ranks[downward], [95.5, 59.0], atol=1.0)
    assert np.allclose(sizes[downward], 19)


def test_pairs_the_ink_mask_shows_already_are_not_found_again_once_it_is_opened() -> None:
    ink = _glued_index()
    cv2.line(ink, (89, 20), (89, 150), 0, 1)  # the rank stands free
    found, ranks, _ = index_pairs(ink, None)
    assert found
    freed, _, _ = freed_pairs(ink, None, found, ranks)
    assert not freed


def test_an_index_framed_upside_down_or_sideways_is_taught_as_not_an_index(kennard_deck) -> None:
    # A suit-over-rank pair turned round frames the index upside down; the networks read
    # such patches with full confidence as some other card unless they learn to say no.
    scene = make_scene(kennard_deck, np.random.default_rng(21), "scatter", n_cards=3,
                       conditions=CALM)
    card = scene.cards[0]
    upright = _true_corner(card)
    rank_at = upright.point + (upright.u * 0.10 + upright.v * 0.13) * upright.width
    label = label_corner(upright, scene)
    assert label is not None and _code(label) == card.code
    for turn in (np.pi / 2, np.pi, -np.pi / 2):
        c, s = np.cos(turn), np.sin(turn)
        u = np.array([[c, -s], [s, c]]) @ upright.u
        v = np.array([[c, -s], [s, c]]) @ upright.v
        turned = Corner(rank_at - (u * 0.10 + v * 0.13) * upright.width, u, v, upright.width)
        assert label_corner(turned, scene) == (NONE_RANK, 4)
    askew = upright.u * np.cos(0.5) + upright.v * np.sin(0.5)  # turned 29 degrees
    slightly = Corner(upright.point, askew, upright.v, upright.width)
    assert label_corner(slightly, scene) is None  # a sloppy framing of it: neither, skipped


def test_a_framing_at_a_cards_other_two_corners_is_not_taught_either_way(kennard_deck) -> None:
    # Some decks (dondorf) print an index in all four corners; taught as "not an index", a
    # learned profile of such a deck was taught its own glyphs both ways.
    scene = make_scene(kennard_deck, np.random.default_rng(21), "scatter", n_cards=3,
                       conditions=CALM)
    card = scene.cards[0]
    tl, tr, br, bl = card.corners.astype(np.float64)
    for origin, along, down in ((tr, tl, br), (bl, br, tl)):
        u = (down - origin) / np.linalg.norm(down - origin)  # read along the long edge first
        v = np.array([-u[1], u[0]])
        if v @ (along - origin) < 0:
            u, v = (along - origin) / np.linalg.norm(along - origin), u
        assert label_corner(Corner(origin, u, v, card.width), scene) is None
    middle = (tl + br) / 2  # and pips in the middle are still taught as no index
    assert label_corner(Corner(middle, (tr - tl) / np.linalg.norm(tr - tl),
                               (bl - tl) / np.linalg.norm(bl - tl), card.width),
                        scene) == (NONE_RANK, 4)


def test_the_edge_of_a_card_against_the_table_is_not_ink(kennard_deck) -> None:
    scene = make_scene(kennard_deck, np.random.default_rng(23), "scatter", n_cards=5,
                       conditions=CALM)
    ink = ink_mask(scene.image, _levels(scene.image))
    on_edges = []
    for card in scene.cards:
        for a, b in zip(card.corners, np.roll(card.corners, -1, axis=0), strict=True):
            for t in np.linspace(0.2, 0.8, 15):  # along each side, away from rounded corners
                x, y = (a + (b - a) * t).astype(int)
                on_edges.append(ink[y, x])
    assert np.mean(on_edges) < 0.05
    inside = np.zeros(ink.shape, np.uint8)
    for card in scene.cards:
        cv2.fillConvexPoly(inside, card.corners.astype(np.int32), 1)
    assert ink[cv2.dilate(inside, np.ones((9, 9), np.uint8)) == 0].sum() == 0  # bare table


def test_no_ink_is_sought_on_a_lone_card_whose_corners_are_known(kennard_deck) -> None:
    scene = make_scene(kennard_deck, np.random.default_rng(23), "scatter", n_cards=5,
                       conditions=CALM)
    first, rest = scene.cards[0], scene.cards[1:]
    covered = np.zeros(scene.image.shape[:2], np.uint8)
    cv2.fillConvexPoly(covered, first.corners.astype(np.int32), 255)
    everywhere = ink_mask(scene.image, _levels(scene.image))
    ink = ink_mask(scene.image, _levels(scene.image), covered)
    assert everywhere[covered > 0].sum() > 100 and ink[covered > 0].sum() == 0
    others = np.zeros(covered.shape, np.uint8)
    for card in rest:
        cv2.fillConvexPoly(others, card.corners.astype(np.int32), 1)
    away = (others > 0) & (cv2.dilate(covered, np.ones((5, 5), np.uint8)) == 0)
    # the other cards' marks are still found (the search for straight runs to take away
    # samples its points at random, so the two masks differ a little along such runs)
    assert (ink[away] & everywhere[away]).sum() > 0.8 * everywhere[away].sum()


def test_ink_and_glyph_pairs_are_sought_only_in_the_box_round_the_piles_as_in_the_whole_frame(
        kennard_deck) -> None:
    scene = make_scene(kennard_deck, np.random.default_rng(5), "row", n_cards=4,
                       conditions=CALM)
    levels = _levels(scene.image)
    everywhere = ink_mask(scene.image, levels)
    corners = np.concatenate([card.corners for card in scene.cards])
    height, width = levels.shape
    left, top = np.maximum(corners.min(axis=0) - 20, 0).astype(int)
    right, bottom = np.minimum(corners.max(axis=0) + 20, [width, height]).astype(int)
    row = ink_mask(scene.image, levels, within=(left, top, right, bottom))
    assert everywhere.sum() > 500 and np.array_equal(row, everywhere)  # all the ink, the same
    half = (left + right) // 2
    part = ink_mask(scene.image, levels, within=(left, top, half, bottom))
    assert part[:, half:].sum() == 0 and part[:, :half].sum() > 0.3 * everywhere.sum()
    # the pairs in the box alone lie where they do in the whole mask
    whole, whole_ranks, _ = index_pairs(row, None)
    boxed, boxed_ranks, _ = index_pairs(row[top:bottom, left:right], None, (left, top))

    def placed(pairs: list[tuple[np.ndarray, ...]]) -> np.ndarray:  # each corner and its v
        return np.array(sorted(np.concatenate([h[0], h[2]]).round(6).tolist() for h in pairs))

    assert len(whole) > 4 and np.allclose(placed(boxed), placed(whole))
    assert np.allclose(np.sort(boxed_ranks, axis=0), np.sort(whole_ranks, axis=0))


def test_a_badly_sized_guess_is_framed_again_from_its_rank_glyph(kennard_deck) -> None:
    scene = make_scene(kennard_deck, np.random.default_rng(24), "scatter", n_cards=2,
                       conditions=CALM)
    card = next(c for c in scene.cards if c.index_visible[0])
    truth = _true_corner(card)
    for factor in (0.6, 1.5):
        guess = Corner(truth.point, truth.u, truth.v, truth.width * factor)
        read = read_corner(scene.image, guess)
        assert read is not None
        framed, _glyphs = read
        assert abs(framed.width / truth.width - 1) < 0.25
        assert label_corner(framed, scene) == label_corner(truth, scene)


def _code(label: tuple[int, int]) -> str:
    from pi_app.engine.cards import Card

    return Card.of(label[0] + 1, label[1]).code


def _index_patch(suit_touches_pip: bool = False, table_strip: int = 0) -> np.ndarray:
    """An upright corner patch drawn by hand: a black 7 over a club, as an index prints."""
    from pi_app.vision.designs import draw_suit
    from pi_app.vision.index import PATCH_H, PATCH_W

    patch = np.full((PATCH_H, PATCH_W, 3), 235, np.uint8)
    cv2.putText(patch, "7", (10 - min(table_strip, 4), 30), cv2.FONT_HERSHEY_SIMPLEX, 0.8,
                (20, 20, 20), 2, cv2.LINE_AA)
    draw_suit(patch, 0, (18.0, 44.0), 14, (20, 20, 20))
    if suit_touches_pip:  # a big pip printed close beside the index, running off the patch
        draw_suit(patch, 0, (40.0, 48.0), 30, (20, 20, 20))
        cv2.line(patch, (24, 46), (30, 46), (20, 20, 20), 2)
    if table_strip:  # the patch starts off the card: dark table down its left side
        patch[:, :table_strip] = (40, 60, 30)
    return cv2.GaussianBlur(patch, (0, 0), 0.6)


def test_an_index_suit_joined_to_a_big_pip_beside_it_is_split_from_it() -> None:
    from pi_app.vision.index import read_glyphs

    alone = read_glyphs(_index_patch())
    joined = read_glyphs(_index_patch(suit_touches_pip=True))
    assert alone is not None and joined is not None
    assert joined.rank_box == alone.rank_box
    assert float(np.linalg.norm(joined.suit - alone.suit)) < 0.5 * float(np.linalg.norm(alone.suit))


def test_a_suit_split_from_a_shape_running_into_the_patchs_side_is_cut_within_the_patch(
) -> None:
    """A dark shadow under the rank, reaching the patch's left side and joined by a thin line
    to its right side, is split like a suit joined to a pip; the piece grown back from the
    erosion must stay inside the patch (it once began left of it, and reading it crashed)."""
    from pi_app.vision.index import PATCH_H, PATCH_W, read_glyphs

    patch = np.full((PATCH_H, PATCH_W, 3), 235, np.uint8)
    cv2.putText(patch, "7", (10, 30), cv2.FONT_HERSHEY_SIMPLEX, 0.8, (20, 20, 20), 2,
                cv2.LINE_AA)
    patch[40:70, 0:30] = 20
    cv2.line(patch, (29, 55), (PATCH_W - 1, 55), (20, 20, 20), 1)
    glyphs = read_glyphs(patch)
    assert glyphs is not None and glyphs.suit.any()


def test_a_rank_flag_joined_to_the_cards_top_edge_stays_with_its_rank() -> None:
    """Bellot prints its 5's flag flush with the card's top edge; at a firm line for ink the
    flag joins the edge line and parts from the bowl, and the bowl alone is a J. The flag
    hanging below the line goes back on the rank, and the line stays out of the glyph."""
    patch = np.full((PATCH_H, PATCH_W, 3), 235, np.uint8)
    red = (40, 40, 200)
    cv2.line(patch, (0, 13), (PATCH_W - 1, 12), (40, 40, 40), 2)  # the card's top edge
    cv2.rectangle(patch, (6, 14), (17, 17), red, -1)  # the flag, hanging from it
    cv2.line(patch, (7, 17), (7, 24), red, 2)  # its stem, broken off the bowl
    cv2.ellipse(patch, (11, 36), (7, 8), 0, -120, 150, red, 2)  # the bowl
    cv2.circle(patch, (11, 58), 5, red, -1)  # the suit
    found = read_glyphs(cv2.GaussianBlur(patch, (0, 0), 0.7))
    assert found is not None
    _, top, _, height = found.rank_box
    assert 15 <= top <= 17  # the flag's top, below the edge line (rows 12 to 14)
    assert top + height >= 43  # down through the bowl


@pytest.mark.parametrize("outline", ["rounded corner", "side"])
def test_a_cards_outline_on_the_patchs_border_is_no_rank_to_a_reading_off_the_border(
        outline: str) -> None:
    """Framed a pixel outside its card, the card's outline shows as a thin line as tall as a
    rank: its rounded corner across the patch's top (taken for the rank, it makes the 7 below
    it the suit), or its side down the patch's left, beside the rank. The plain reading finds
    no rank off the border; read off the border, the 7 is the rank."""
    from pi_app.vision.designs import draw_suit

    patch = np.full((PATCH_H, PATCH_W, 3), 235, np.uint8)
    left = 10 if outline == "rounded corner" else 8  # where the 7 is drawn from
    if outline == "side":  # down from the rounded corner, beside the rank
        cv2.ellipse(patch, (5, 11), (5, 6), 0, 180, 270, (60, 60, 60), 2)
        cv2.line(patch, (0, 11), (0, 38), (60, 60, 60), 2)
    else:
        cv2.ellipse(patch, (17, 12), (14, 12), 0, 180, 270, (60, 60, 60), 2)
    cv2.putText(patch, "7", (left, 38), cv2.FONT_HERSHEY_SIMPLEX, 0.8, (20, 20, 20), 2,
                cv2.LINE_AA)
    draw_suit(patch, 0, (left + 8.0, 52.0), 14, (20, 20, 20))
    patch = cv2.GaussianBlur(patch, (0, 0), 0.6)
    plain = read_glyphs(patch)
    assert plain is None or on_border(plain.rank_box)
    off_border = read_glyphs(patch, off_border=True)
    assert off_border is not None
    x, y, w, h = off_border.rank_box
    assert left <= x <= left + 4 and 20 <= y <= 24 and h > w  # the 7, from its top bar down


def test_a_patch_starting_off_the_card_still_finds_a_rank_printed_near_the_edge() -> None:
    from pi_app.vision.index import read_glyphs

    glyphs = read_glyphs(_index_patch(table_strip=7))
    assert glyphs is not None
    x, _y, w, h = glyphs.rank_box
    assert x >= 7 and h > w  # the 7 itself, not the table strip beside it


def _sure(rank: int, suit: int, p: float = 0.99) -> tuple[np.ndarray, np.ndarray]:
    pr, ps = np.full(14, 0.001), np.full(5, 0.001)
    pr[rank - 1], ps[suit] = p, p
    return pr, ps


def _seen(corner: Corner, glyph: tuple[float, float], height: float = 14.0,
          cut: bool = False) -> _Seen:
    return _Seen(corner, np.array(glyph), height, cut)


def test_a_cards_two_index_corners_read_differently_make_it_unknown_not_a_guess() -> None:
    top_left = Corner(np.array([100.0, 100.0]), np.array([1.0, 0.0]), np.array([0.0, 1.0]), 100)
    bottom_right = Corner(top_left.quad()[2], -top_left.u, -top_left.v, 100)
    seen = [_seen(top_left, (110, 113)), _seen(bottom_right, (190, 226))]
    recognizer = Recognizer()
    for ranks, expected in (((5, 5), {"5H"}), ((5, 9), {"unknown"})):
        (pr1, ps1), (pr2, ps2) = _sure(ranks[0], 2), _sure(ranks[1], 2)
        chosen = recognizer._choose(seen, np.stack([pr1, pr2]), np.stack([ps1, ps2]))
        assert {d.label for d in chosen} == expected
        assert len(chosen) == 1  # one card, however it was read


@pytest.mark.parametrize(("turn", "p", "expected"), [
    (15, 0.999, ["5H", "9C"]),  # the fan's step: the neighbour's own corner
    (3, 0.999, ["unknown"]),  # as one card's two corners face: one of them is misread
    (15, 0.99, ["unknown"]),  # less than beyond doubt: still outvoted
])
def test_a_sure_index_is_not_outvoted_by_a_fanned_neighbours_bottom_index_turned_away(
        turn: float, p: float, expected: list[str]) -> None:
    # Fanned about a pivot near their feet, the cards' bottom corners nearly meet: the next
    # card's bottom-right index lies where this card's own would be, turned by the fan's step.
    top_left = Corner(np.array([100.0, 100.0]), np.array([1.0, 0.0]), np.array([0.0, 1.0]), 100)
    u = -np.array([np.cos(np.radians(turn)), np.sin(np.radians(turn))])
    neighbour = Corner(top_left.quad()[2], u, np.array([-u[1], u[0]]), 100)
    seen = [_seen(top_left, (110, 113)), _seen(neighbour, (190, 226))]
    (pr1, ps1), (pr2, ps2) = _sure(5, 2, p), _sure(9, 0, p)  # 5H here, 9C there
    chosen = Recognizer()._choose(seen, np.stack([pr1, pr2]), np.stack([ps1, ps2]))
    assert sorted(d.label for d in chosen) == expected


def test_a_card_read_at_both_ends_gives_its_width_to_the_cards_whose_edges_hide() -> None:
    """No card in this row shows both its edges whole, but the top card shows both indexes:
    its rank glyphs, 15 high and 6.7 glyph heights apart down the card, span a card 6 glyph
    heights wide (its length less two indexes' insets of 0.84 glyph heights, over the poker
    aspect). A deck with big indexes, like tango's, is narrower per glyph height than the
    common index's 7.1, which would make every card here too wide."""
    top_left = Corner(np.array([100.0, 100.0]), np.array([1.0, 0.0]), np.array([0.0, 1.0]), 100)
    bottom_right = Corner(top_left.quad()[2], -top_left.u, -top_left.v, 100)
    span = (6 * CARD_ASPECT - 2 * 0.84) * 15
    seen = [_seen(top_left, (110, 112.6), 15.0), _seen(bottom_right, (180, 112.6 + span), 15.0)]
    readings = [_sure(5, 2), _sure(5, 2)]  # 5H at both ends
    chosen = Recognizer()._choose(seen, np.stack([r for r, _ in readings]),
                                  np.stack([s for _, s in readings]))
    assert [d.label for d in chosen] == ["5H"]
    assert chosen[0].width == pytest.approx(90.0, abs=0.5)


def test_a_fans_top_card_read_at_both_ends_does_not_dispute_its_neighbours_reading() -> None:
    """In a fan the top card's bottom-right index lies where its neighbour's own would, facing
    opposite its neighbour's top-left index. Read as the top card's own (5H, as at its top-left
    index 30 pixels along), it is that card's other index and no dispute of the neighbour's
    reading (6D); read as neither, it would be."""
    neighbour = Corner(np.array([100.0, 100.0]), np.array([1.0, 0.0]), np.array([0.0, 1.0]), 100)
    top = Corner(np.array([130.0, 100.0]), neighbour.u, neighbour.v, 100)
    bottom_right = Corner(np.array([222.0, 240.0]), -neighbour.u, -neighbour.v, 100)
    seen = [_seen(neighbour, (110, 113)), _seen(top, (140, 113)),
            _seen(bottom_right, (212, 227))]
    readings = [_sure(6, 1), _sure(5, 2), _sure(5, 2)]  # 6D, then 5H at both of its ends
    chosen = Recognizer()._choose(seen, np.stack([r for r, _ in readings]),
                                  np.stack([s for _, s in readings]))
    assert sorted(d.label for d in chosen) == ["5H", "6D"]
    alone = Recognizer()._choose([seen[0], seen[2]], np.stack([readings[0][0], readings[2][0]]),
                                 np.stack([readings[0][1], readings[2][1]]))
    assert [d.label for d in alone] == ["unknown"]


def test_a_fans_top_card_index_misread_through_one_framing_still_disputes_no_neighbour(
        ) -> None:
    """The top card's bottom-right index is read as its own 5H through one framing and as 3H
    through another: the glyph is still the 5H's other index, and the 3H no dispute of the
    neighbour's 6D."""
    neighbour = Corner(np.array([100.0, 100.0]), np.array([1.0, 0.0]), np.array([0.0, 1.0]), 100)
    top = Corner(np.array([130.0, 100.0]), neighbour.u, neighbour.v, 100)
    bottom_right = Corner(np.array([222.0, 240.0]), -neighbour.u, -neighbour.v, 100)
    seen = [_seen(neighbour, (110, 113)), _seen(top, (140, 113)),
            _seen(bottom_right, (212, 227)), _seen(bottom_right, (213, 226))]
    readings = [_sure(6, 1), _sure(5, 2), _sure(5, 2, 0.999), _sure(3, 2)]  # 6D, 5H, 5H, 3H
    chosen = Recognizer()._choose(seen, np.stack([r for r, _ in readings]),
                                  np.stack([s for _, s in readings]))
    assert sorted(d.label for d in chosen) == ["5H", "6D"]


def test_a_framing_turned_sideways_from_a_surer_one_does_not_dispute_it() -> None:
    """A row's 2 of spades is read upright at 0.999, and through a corner guess turned a
    quarter round as a queen of hearts at 0.98: the glyph turned sideways is what the networks
    learned to call no index, and the sideways reading does not make the card unknown. Two
    framings facing alike that disagree so still do."""
    upright = Corner(np.array([100.0, 100.0]), np.array([1.0, 0.0]), np.array([0.0, 1.0]), 100)
    sideways = Corner(np.array([125.0, 95.0]), np.array([0.0, 1.0]), np.array([-1.0, 0.0]), 100)
    wider = Corner(np.array([97.0, 96.0]), upright.u, upright.v, 120)
    readings = [_sure(2, 3, 0.9995), _sure(12, 2, 0.985)]  # 2S, QH
    pr, ps = np.stack([r for r, _ in readings]), np.stack([s for _, s in readings])
    for other, expected in ((sideways, ["2S"]), (wider, ["unknown"])):
        seen = [_seen(upright, (110, 113)), _seen(other, (111, 114))]
        assert [d.label for d in Recognizer()._choose(seen, pr, ps)] == expected


def test_the_next_cards_index_in_a_row_read_surely_twice_is_not_this_cards_other_corner(
        ) -> None:
    # Corner guesses put the next card's bottom-right corner on this card's; the rank glyphs,
    # 40 pixels further along than one card's two indexes lie, say it is another card.
    top_left = Corner(np.array([100.0, 100.0]), np.array([1.0, 0.0]), np.array([0.0, 1.0]), 100)
    wider = Corner(np.array([97.0, 96.0]), top_left.u, top_left.v, 120)
    bottom_right = Corner(top_left.quad()[2], -top_left.u, -top_left.v, 100)
    seen = [_seen(top_left, (110, 113)), _seen(wider, (111, 114)),
            _seen(bottom_right, (230, 226)), _seen(bottom_right, (229, 227))]
    readings = [_sure(5, 2), _sure(5, 2), _sure(9, 0), _sure(9, 0)]  # 5H twice, 9C twice
    chosen = Recognizer()._choose(seen, np.stack([r for r, _ in readings]),
                                  np.stack([s for _, s in readings]))
    assert sorted(d.label for d in chosen) == ["5H", "9C"]
    once = [seen[0], seen[2]]  # read once each, one of them may be a misread: say unknown
    chosen = Recognizer()._choose(once, np.stack([readings[0][0], readings[2][0]]),
                                  np.stack([readings[0][1], readings[2][1]]))
    assert [d.label for d in chosen] == ["unknown"]


@pytest.mark.parametrize(("glyph", "expected"), [
    ((230, 226), ["5H", "9C"]),  # 40 pixels further along than one card's indexes lie
    ((190, 226), ["unknown"]),  # where this card's own index lies: one of them is misread
])
def test_the_next_cards_index_in_a_row_read_once_beyond_doubt_is_not_this_cards_other_corner(
        glyph: tuple[float, float], expected: list[str]) -> None:
    # An undoubted reading needs no second framing to back it against a neighbour's corner.
    top_left = Corner(np.array([100.0, 100.0]), np.array([1.0, 0.0]), np.array([0.0, 1.0]), 100)
    bottom_right = Corner(top_left.quad()[2], -top_left.u, -top_left.v, 100)
    seen = [_seen(top_left, (110, 113)), _seen(bottom_right, glyph)]
    (pr1, ps1), (pr2, ps2) = _sure(5, 2, 0.999), _sure(9, 0, 0.999)  # 5H here, 9C there
    chosen = Recognizer()._choose(seen, np.stack([pr1, pr2]), np.stack([ps1, ps2]))
    assert sorted(d.label for d in chosen) == expected


@pytest.mark.parametrize(("p", "cut", "expected"), [
    (0.95, False, ["5H"]),  # sure enough, read whole
    (0.95, True, ["unknown"]),  # a neighbour's edge cut into a glyph: not beyond doubt
    (0.99, True, ["5H"]),
])
def test_an_index_cut_by_the_next_cards_edge_must_be_read_firmly(
        p: float, cut: bool, expected: list[str]) -> None:
    corner = Corner(np.array([100.0, 100.0]), np.array([1.0, 0.0]), np.array([0.0, 1.0]), 100)
    pr, ps = _sure(5, 2, p)
    chosen = Recognizer()._choose([_seen(corner, (110, 113), cut=cut)], pr[None], ps[None])
    assert [d.label for d in chosen] == expected


@pytest.mark.parametrize(("other", "expected"), [
    ((5, 2), ["5H"]),  # the other framing names the same card: each backs the other
    ((9, 2), ["unknown"]),  # another card: neither is backed, and neither is sure alone
])
def test_an_index_cut_by_the_next_cards_edge_read_alike_through_two_framings_is_sure(
        other: tuple[int, int], expected: list[str]) -> None:
    corner = Corner(np.array([100.0, 100.0]), np.array([1.0, 0.0]), np.array([0.0, 1.0]), 100)
    closer = Corner(np.array([102.0, 101.0]), corner.u, corner.v, 90)
    seen = [_seen(corner, (110, 113), cut=True), _seen(closer, (110.5, 113.5), cut=True)]
    (pr1, ps1), (pr2, ps2) = _sure(5, 2, 0.95), _sure(*other, 0.95)
    chosen = Recognizer()._choose(seen, np.stack([pr1, pr2]), np.stack([ps1, ps2]))
    assert [d.label for d in chosen] == expected


def test_a_glyph_touching_a_card_edge_wiped_from_the_patch_is_cut() -> None:
    from pi_app.vision.index import PATCH_H, read_glyphs

    whole = read_glyphs(_index_patch())
    patch = _index_patch()
    x, _y, w, _h = whole.rank_box if whole is not None else (0, 0, 0, 0)
    crossed = patch.copy()  # the next card's edge runs down through the rank
    cv2.line(crossed, (x + w - 2, 0), (x + w - 2, PATCH_H - 1), (20, 20, 20), 2)
    beside = patch.copy()  # and here down the patch's side, clear of the index
    cv2.line(beside, (3, 0), (3, PATCH_H - 1), (20, 20, 20), 2)
    read_crossed, read_beside = read_glyphs(crossed), read_glyphs(beside)
    assert whole is not None and not whole.cut
    assert read_crossed is not None and read_crossed.cut
    assert read_beside is not None and not read_beside.cut
    assert read_beside.rank_box == whole.rank_box  # the edge was wiped, the 7 left whole


@pytest.mark.parametrize(("box", "edge"), [
    ((8, 6, 15, 42), False),  # a big rank framed a little close, wholly inside the patch
    ((8, 6, 15, 60), True),  # down most of the patch
    ((0, 6, 15, 42), True),  # running off its side
    ((8, 6, 15, 30), False),  # as short as a glyph
    ((30, 6, 5, 60), False),  # beside the index, not where it lies
])
def test_only_a_shape_too_long_for_a_glyph_that_runs_off_or_down_the_patch_may_be_an_edge(
        box: tuple[int, int, int, int], edge: bool) -> None:
    assert _may_be_edge(*box) is edge


def test_one_rank_glyph_read_as_two_cards_through_two_framings_is_unknown() -> None:
    first = Corner(np.array([100.0, 100.0]), np.array([1.0, 0.0]), np.array([0.0, 1.0]), 100)
    wider = Corner(np.array([97.0, 96.0]), first.u, first.v, 120)
    seen = [_seen(first, (110, 113)), _seen(wider, (111, 114))]
    (pr1, ps1), (pr2, ps2) = _sure(3, 1), _sure(5, 1)  # 3D or 5D?
    chosen = Recognizer()._choose(seen, np.stack([pr1, pr2]), np.stack([ps1, ps2]))
    assert [d.label for d in chosen] == ["unknown"]


def test_one_framing_misread_among_several_read_alike_is_outvoted() -> None:
    first = Corner(np.array([100.0, 100.0]), np.array([1.0, 0.0]), np.array([0.0, 1.0]), 100)
    framings = [first, Corner(np.array([97.0, 96.0]), first.u, first.v, 120),
                Corner(np.array([101.0, 99.0]), first.u, first.v, 90)]
    seen = [_seen(c, g) for c, g in zip(framings, ((110, 113), (111, 114), (110, 112)),
                                        strict=True)]
    readings = [_sure(5, 1), _sure(3, 1), _sure(5, 1)]  # 5D, 3D, 5D
    chosen = Recognizer()._choose(seen, np.stack([r for r, _ in readings]),
                                  np.stack([s for _, s in readings]))
    assert [d.label for d in chosen] == ["5D"]


def test_a_small_suit_the_suit_network_half_takes_for_a_pip_is_read_by_a_sure_rank() -> None:
    # A suit glyph alone looks like a pip; the rank network says whether this is an index.
    corner = Corner(np.array([100.0, 100.0]), np.array([1.0, 0.0]), np.array([0.0, 1.0]), 100)
    pr, _ = _sure(10, 1)
    diamond_or_pip = np.array([0.0, 0.75, 0.0, 0.0, 0.25])
    chosen = Recognizer()._choose([_seen(corner, (110, 113))], pr[None], diamond_or_pip[None])
    assert [d.label for d in chosen] == ["TD"]
    pip_over_pip = np.full(14, 0.01)
    pip_over_pip[NONE_RANK] = 0.87
    assert Recognizer()._choose([_seen(corner, (110, 113))], pip_over_pip[None],
                                diamond_or_pip[None]) == []


def test_tightly_fanned_cards_whose_corners_almost_touch_are_each_read() -> None:
    # In a tight fan the corners of neighbouring cards lie a fifth of a card apart, closer
    # than a corner guess can be trusted; their rank glyphs are still apart.
    ten = Corner(np.array([100.0, 100.0]), np.array([1.0, 0.0]), np.array([0.0, 1.0]), 100)
    turn = 0.15
    jack = Corner(np.array([118.0, 97.0]), np.array([np.cos(turn), np.sin(turn)]),
                  np.array([-np.sin(turn), np.cos(turn)]), 100)
    seen = [_seen(ten, (110, 113)), _seen(jack, (126, 112))]
    (pr1, ps1), (pr2, ps2) = _sure(10, 0), _sure(11, 1)
    chosen = Recognizer()._choose(seen, np.stack([pr1, pr2]), np.stack([ps1, ps2]))
    assert sorted(d.label for d in chosen) == ["JD", "TC"]


def _five_over_club_box(flag: tuple[tuple[int, int], tuple[int, int], int],
                        table_above: bool = False) -> tuple[int, int, int, int]:
    """The rank box read from a patch holding a 5 drawn by hand (its flag from, to, thickness;
    then a stem and a bowl) over a club, with dark table above a tilted top edge if asked."""
    from pi_app.vision.designs import draw_suit
    from pi_app.vision.index import PATCH_H, PATCH_W, read_glyphs

    patch = np.full((PATCH_H, PATCH_W, 3), 235, np.uint8)
    if table_above:
        rows, columns = np.mgrid[:PATCH_H, :PATCH_W]
        patch[rows < 7 + 0.1 * columns] = (40, 60, 30)
    ink = (20, 20, 20)
    cv2.line(patch, *flag[:2], ink, flag[2])
    cv2.line(patch, (11, 12), (11, 19), ink, 2)
    cv2.ellipse(patch, (15, 24), (7, 7), 0, -100, 140, ink, 2)
    draw_suit(patch, 0, (16.0, 44.0), 14, ink)
    glyphs = read_glyphs(cv2.GaussianBlur(patch, (0, 0), 0.6))
    assert glyphs is not None
    return glyphs.rank_box


def test_a_five_whose_flag_is_printed_apart_from_its_body_is_one_rank_glyph() -> None:
    _x, y, _w, h = _five_over_club_box(((10, 6), (22, 6), 2))  # a gap below the flag
    assert y <= 6 and y + h >= 30  # from the flag down to the foot of the bowl


def test_a_rank_printed_tight_against_the_cards_top_edge_keeps_its_top() -> None:
    # The patch starts above the card, on dark table; the 5's flag touches the card's edge, as
    # bellot prints it. Fitted through the rows the flag darkens, the edge cut the flag off
    # and the rest of the 5 read as a J.
    _x, y, _w, h = _five_over_club_box(((10, 11), (22, 12), 3), table_above=True)
    assert y <= 11 and y + h >= 30  # from the flag down to the foot of the bowl


def test_a_line_wider_than_the_rank_just_above_it_is_not_joined_to_it() -> None:
    # A card edge or frame line left above a 4 is not a flag: joined, the 4 reads as no index.
    from pi_app.vision.designs import draw_suit
    from pi_app.vision.index import PATCH_H, PATCH_W, read_glyphs

    patch = np.full((PATCH_H, PATCH_W, 3), 235, np.uint8)
    ink = (20, 20, 20)
    cv2.line(patch, (3, 6), (30, 6), ink, 1)  # a line running on beyond the rank
    cv2.line(patch, (18, 11), (8, 24), ink, 2)  # the 4: its slant, bar and stem
    cv2.line(patch, (8, 24), (22, 24), ink, 2)
    cv2.line(patch, (18, 11), (18, 30), ink, 2)
    draw_suit(patch, 0, (15.0, 44.0), 14, ink)
    glyphs = read_glyphs(cv2.GaussianBlur(patch, (0, 0), 0.6))
    assert glyphs is not None
    _x, y, _w, h = glyphs.rank_box
    assert y >= 9 and y + h >= 29  # the 4 alone, from its top to its foot


def test_a_corner_index_sits_against_card_edges_and_pips_in_a_cards_middle_do_not(
        kennard_deck) -> None:
    elsewhere: list[bool] = []
    for layout in ("row", "fan"):
        scene = make_scene(kennard_deck, np.random.default_rng(32), layout, n_cards=8)
        hypotheses = _glyph_hypotheses(scene.image)
        labels = [label_corner(h, scene) for h in hypotheses]
        kept = _against_edges(edge_grey(scene.image), hypotheses)
        index = [k for k, label in zip(kept, labels, strict=True)
                 if label is not None and label[0] != NONE_RANK]
        elsewhere += [bool(k) for k, label in zip(kept, labels, strict=True)
                      if label is not None and label[0] == NONE_RANK]
        corners = [_true_corner(card) for card in scene.cards if card.index_visible[0]]
        assert all(index) and len(index) >= 5
        assert _against_edges(edge_grey(scene.image), corners).all()
    # pips and court art, over both layouts: mostly dropped (a row's share alone swings
    # between a quarter and near half from table to table)
    assert sum(elsewhere) < len(elsewhere) / 3


def test_a_red_index_washed_pale_by_glare_still_makes_a_rank_over_suit_pair() -> None:
    frame = np.full((400, 400, 3), 50, np.uint8)
    cv2.rectangle(frame, (100, 80), (250, 290), (255, 255, 255), -1)  # a card in the glare
    pale_red = (150, 150, 255)  # darkest channel 60% of the paper's
    cv2.putText(frame, "3", (108, 118), cv2.FONT_HERSHEY_SIMPLEX, 0.8, pale_red, 2)
    diamond = np.array([[116, 126], [124, 136], [116, 146], [108, 136]])
    cv2.fillPoly(frame, [diamond], pale_red)
    frame = cv2.GaussianBlur(frame, (0, 0), 0.8)
    hypotheses = _glyph_hypotheses(frame)
    assert any(np.linalg.norm(h.point - (100, 80)) < 12 and h.v @ (0, 1) > 0.9
               for h in hypotheses)


def _four_beside_a_shadow(depth: float) -> np.ndarray:
    """A 4 over a club, with the soft shadow that a card lying on top casts along its edge
    running down the patch against the 4's bar, `depth` of the paper dark at its core."""
    from pi_app.vision.designs import draw_suit
    from pi_app.vision.index import PATCH_H, PATCH_W

    shade = np.zeros((PATCH_H, PATCH_W), np.float32)
    cv2.line(shade, (25, 0), (27, PATCH_H), 1.0, 2)
    shade = cv2.GaussianBlur(shade, (0, 0), 1.5)
    paper = np.full((PATCH_H, PATCH_W, 3), 235, np.float32)
    patch = (paper * (1 - depth * shade / shade.max())[..., None]).astype(np.uint8)
    ink = (20, 20, 20)
    cv2.line(patch, (18, 11), (8, 24), ink, 2)  # the 4: its slant, bar and stem
    cv2.line(patch, (8, 24), (24, 24), ink, 2)
    cv2.line(patch, (18, 11), (18, 30), ink, 2)
    draw_suit(patch, 0, (15.0, 44.0), 14, ink)
    return cv2.GaussianBlur(patch, (0, 0), 0.6)


def test_a_shadow_run_into_the_rank_is_ink_at_first_look_and_not_at_the_firmer_second() -> None:
    from pi_app.vision.index import FIRM_INK, read_glyphs

    patch = _four_beside_a_shadow(0.45)
    first, second = read_glyphs(patch), read_glyphs(patch, FIRM_INK)
    assert first is not None and second is not None
    _x, y, _w, h = first.rank_box
    assert y == 0 and h > 30  # the 4 joined to the shadow, from the patch's top down
    _x, y, _w, h = second.rank_box
    assert 9 <= y <= 12 and 19 <= h <= 24  # the 4 alone, from its top to its foot


def test_a_four_the_first_look_takes_for_no_index_is_read_at_the_firmer_look() -> None:
    # The shadow joins the 4 into a shape the rank network rules out as an index (0.95). (Its
    # edge, wiped, touches the 4, and pooled with the cut ranks' head the first look reads an
    # unsure 4: the rank network alone here)
    from pi_app.vision.index import PATCH_U, PATCH_W, rank_glyph, read_glyphs

    recognizer = Recognizer(replace(Model.default(), cut_rank=None))
    patch = _four_beside_a_shadow(0.45)
    framing = Corner(np.zeros(2), np.array([1.0, 0.0]), np.array([0.0, 1.0]), PATCH_W / PATCH_U)
    first = read_glyphs(patch)
    assert first is not None
    pr, ps = recognizer._probabilities([first])
    assert pr[0, NONE_RANK] > 0.9
    seen = [_Seen(framing, *rank_glyph(framing, first), first.cut)]
    recognizer._look_again(patch, seen, [framing], pr, ps)
    assert pr[0, :NONE_RANK].argmax() == 3 and ps[0, :4].argmax() == 0  # the four of clubs
    assert pr[0, 3] * ps[0, 0] > 0.97


def test_fanned_cards_read_unsurely_at_first_are_read_at_a_firmer_look_and_none_misread(
        kennard_deck, recognizer, reframe_never_in_place,
        monkeypatch: pytest.MonkeyPatch) -> None:
    # A tight fan in which the shadow of each card on top runs into the next card's rank.
    # (Seated in the fan's gap, seated closer at the first line once a seat read it as a
    # card, or framed again in place at its outline corner, the jack of diamonds reads at the
    # first line too: all three left out)
    monkeypatch.setattr("pi_app.vision.recognizer.FAN_GAP_FACING", -1.0)
    monkeypatch.setattr("pi_app.vision.recognizer.SEAT_PROMISE", float("inf"))
    monkeypatch.setattr("pi_app.vision.recognizer.reframe", reframe_never_in_place)
    scene = make_scene(kennard_deck, np.random.default_rng(12), "fan", n_cards=8)
    present = {card.code for card in scene.cards}
    read = {d.card.code for d in recognizer.detect(scene.image) if d.card is not None}
    monkeypatch.setattr("pi_app.vision.recognizer.FIRM_SURE", 1.01)  # no second look
    first_look = {d.card.code for d in recognizer.detect(scene.image) if d.card is not None}
    assert read <= present
    assert first_look < read
    assert len(read - first_look) >= 2


def test_a_fanned_index_the_first_look_finds_no_glyphs_in_is_read_at_the_firmer_one(
        kennard_deck, recognizer, monkeypatch: pytest.MonkeyPatch) -> None:
    # In this fan the first look at the eight of clubs' corner finds no rank-over-suit pair.
    # (A corner seated on its glyph as its neighbours lie reads it too: that look is left out.)
    scene = make_scene(kennard_deck, np.random.default_rng(103), "fan", n_cards=8)
    present = {card.code for card in scene.cards}
    monkeypatch.setattr(Recognizer, "_seated",
                        lambda self, frame, reads, pr, ps, *sites: _no_reads(pr, ps))
    read = {d.card.code for d in recognizer.detect(scene.image) if d.card is not None}
    monkeypatch.setattr(Recognizer, "_firm_reads",  # none of the missed hypotheses read again
                        lambda self, frame, missed: ([], np.zeros((0, 14)), np.zeros((0, 5))))
    first_look = {d.card.code for d in recognizer.detect(scene.image) if d.card is not None}
    assert read <= present
    assert read - first_look == {"8C"}


def test_a_rank_run_into_its_suit_below_is_parted_at_its_waist(tango_deck, recognizer) -> None:
    # Tango prints its J so close above the heart that blur runs the two into one shape, too
    # tall for a glyph at any framing: read at the card's corner, the first look found no
    # index in five of these six tables. Cut at its waist, the J is read beyond doubt.
    sure = [_read_alone_at_its_corner(tango_deck, "JH", seed, (120, 130), recognizer)
            for seed in range(6)]
    assert sum(confidence >= 0.99 for confidence in sure) >= 4


def test_a_rank_run_into_a_pip_beside_it_is_parted_at_its_waist(bellot_deck, recognizer) -> None:
    # Bellot's K of diamonds touches the big diamond of its art with the tip of its arm: one
    # shape too wide for a glyph, so the diamond below was taken for the rank (no index, on
    # every one of these six tables). Cut at the narrowest column between them, the K reads.
    sure = [_read_alone_at_its_corner(bellot_deck, "KD", seed, (110, 130), recognizer)
            for seed in range(6)]
    assert sum(confidence >= 0.9 for confidence in sure) >= 5


def _read_alone_at_its_corner(design: Design, code: str, seed: int,
                              card_width: tuple[int, int], recognizer: Recognizer) -> float:
    """How sure the reader is of one card of `design`, alone on a table, read at its true
    top-left corner (`read_corner`); 0 if it finds no index or reads another card."""
    scene = make_scene({code: design[code]}, np.random.default_rng(seed), "scatter",
                       n_cards=1, card_width=card_width)
    read = read_corner(scene.image, _true_corner(scene.cards[0]))
    if read is None:
        return 0.0
    pr, ps = recognizer._probabilities([read[1]])
    ranks, suits, confidence = best_answers(pr, ps)
    card = parse_card(code)
    return float(confidence[0]) if (ranks[0], suits[0]) == (card.rank - 1, int(card.suit)) else 0.0


def test_an_index_whose_suit_runs_off_the_patchs_far_side_is_framed_further_back() -> None:
    # Framed at too small a card width, a wide index (tango's) fills the patch, and the club
    # under the 7 runs off its far side: that is an index framed too close, not no index.
    from pi_app.vision.designs import draw_suit
    from pi_app.vision.index import PATCH_U, PATCH_W, first_look

    frame = np.full((300, 300, 3), 235, np.uint8)
    cv2.putText(frame, "7", (10, 60), cv2.FONT_HERSHEY_SIMPLEX, 1.0, (20, 20, 20), 3,
                cv2.LINE_AA)
    draw_suit(frame, 0, (28.0, 80.0), 28, (20, 20, 20))
    too_close = Corner(np.zeros(2), np.array([1.0, 0.0]), np.array([0.0, 1.0]), PATCH_W / PATCH_U)
    read = first_look(cv2.GaussianBlur(frame, (0, 0), 0.6), too_close)
    assert read is not None
    framed, glyphs = read
    assert framed.width > too_close.width
    assert abs(glyphs.rank_box[3] - 20 * too_close.width / framed.width) <= 2  # the 7 alone
