"""The outline detector's geometry: card corners from the sides of a paper outline."""

from __future__ import annotations

import itertools

import cv2
import numpy as np
import pytest

import pi_app.vision.detect as detect_module
from pi_app.vision.detect import (
    Corner,
    _against_edges,
    _fit_sides,
    _median_of_five,
    _polygon_corners,
    edge_grey,
    find_corners,
    find_outline_corners,
    light_field,
    mirrored,
    side_steps,
)
from pi_app.vision.glyphs import darkest


def _card_outline(angle: float) -> np.ndarray:
    mask = np.zeros((400, 400), np.uint8)
    box = cv2.boxPoints(((200.0, 200.0), (120.0, 168.0), angle)).astype(np.int32)
    cv2.fillPoly(mask, [box], 255)
    contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    return np.asarray(contours[0])


def test_each_side_is_the_line_cv2_fitline_fits_to_its_middle_two_thirds() -> None:
    contour = _card_outline(23.0)
    points = contour[:, 0, :]
    poly = cv2.approxPolyDP(contour, 3.0, True)[:, 0, :]
    at = np.array([int(np.flatnonzero((points == v).all(axis=1))[0]) for v in poly])
    begin, end, fitted = _fit_sides([points], [at])
    assert fitted.all()
    for i, start in enumerate(at):
        stop = at[(i + 1) % len(at)]
        count = (stop - start) % len(points)
        trim = count // 6
        side = points[(start + trim + np.arange(count - 2 * trim + 1)) % len(points)]
        vx, vy, x0, y0 = cv2.fitLine(side.astype(np.float32), cv2.DIST_L2, 0, 0.01, 0.01).ravel()
        normal = np.array([-vy, vx])
        for end_point in (begin[i], end[i]):  # on the fitted line
            assert abs((end_point - [x0, y0]) @ normal) < 1e-3


def test_the_median_of_five_by_minima_and_maxima_is_numpys_even_with_ties() -> None:
    every_order = np.array(list(itertools.product(range(4), repeat=5)))  # ties included
    for values in (every_order, np.random.default_rng(0).random((2000, 5))):
        values = values.astype(np.float32)
        assert np.array_equal(_median_of_five(values), np.median(values, axis=1))


def test_a_tilted_card_outline_gives_its_four_right_angled_corners() -> None:
    found = _polygon_corners([_card_outline(23.0)], 1.0, [None])[0]
    expected = cv2.boxPoints(((200.0, 200.0), (120.0, 168.0), 23.0))
    assert len(found) == 4
    for point, u, v, lu, lv in found:
        assert np.linalg.norm(expected - point, axis=1).min() < 3.0
        assert abs(u @ v) < 0.02 and sorted((round(lu / 10), round(lv / 10))) == [12, 17]


def test_outlines_worked_on_together_give_each_the_corners_it_gives_alone() -> None:
    # A frame's outlines are fitted in one pass: a long one (a card outline twice the size)
    # and a short one, in either order, each its own corners to the bit.
    big = _card_outline(23.0) * 2 - 200
    small = _card_outline(-40.0)
    alone = [_polygon_corners([outline], 1.0, [None])[0] for outline in (big, small)]
    for order in ([0, 1], [1, 0]):
        together = _polygon_corners([(big, small)[k] for k in order], 1.0, [None, None])
        for k, corners in zip(order, together, strict=True):
            assert len(corners) == len(alone[k]) == 4
            for mine, own in zip(corners, alone[k], strict=True):
                assert all(np.array_equal(a, b) for a, b in zip(mine, own, strict=True))


def test_a_lone_card_squashed_by_the_cameras_tilt_is_framed_at_its_own_width() -> None:
    frame = np.full((720, 1280, 3), 40, np.uint8)
    for x in (150, 350):  # two cards far from the camera: 100 pixels wide
        cv2.fillPoly(frame, [np.array([[x, 100], [x + 100, 100], [x + 100, 240], [x, 240]])],
                     (235, 235, 235))
    near = np.array([[700, 300], [850, 300], [850, 470], [700, 470]])  # 150 wide, seen at a slant
    cv2.fillPoly(frame, [near], (235, 235, 235))
    frame = cv2.GaussianBlur(frame, (0, 0), 1.0)
    corners = find_corners(frame)
    for point in (near[0], near[2]):  # its two index corners, top-left and bottom-right
        at = [c for c in corners if np.linalg.norm(c.point - point) < 6]
        assert at and all(abs(c.width / 150 - 1) < 0.05 and c.measured for c in at)


def test_a_lone_card_whose_index_nicks_its_outline_still_gives_that_corner() -> None:
    frame = np.full((720, 1280, 3), 40, np.uint8)
    card = np.array([[500, 200], [620, 200], [620, 368], [500, 368]])
    cv2.fillPoly(frame, [card], (235, 235, 235))
    cv2.rectangle(frame, (500, 212), (509, 236), (30, 30, 200), -1)  # a red index on the edge
    cv2.rectangle(frame, (611, 332), (620, 356), (30, 30, 200), -1)
    frame = cv2.GaussianBlur(frame, (0, 0), 1.0)
    corners = find_corners(frame)
    for point in (card[0], card[2]):  # the nick pulls the fitted edge in a few pixels
        assert any(np.linalg.norm(c.point - point) < 8 and abs(c.width / 120 - 1) < 0.05
                   for c in corners)


def test_a_lone_cards_corner_stays_a_corner_when_its_index_notches_the_very_tip() -> None:
    frame = np.full((720, 1280, 3), 40, np.uint8)
    card = np.array([[500, 200], [620, 200], [620, 368], [500, 368]])
    cv2.fillPoly(frame, [card], (235, 235, 235))
    cv2.rectangle(frame, (613, 355), (620, 368), (30, 30, 30), -1)  # ink right at the tip
    frame = cv2.GaussianBlur(frame, (0, 0), 1.0)
    corners = find_corners(frame)
    assert any(np.linalg.norm(c.point - card[2]) < 8 and abs(c.width / 120 - 1) < 0.05
               for c in corners)


def assert_only_its_index_corners(frame: np.ndarray, card: np.ndarray, within: float) -> None:
    """The hypotheses in `frame` are the upright `card`'s two index corners (top-left and
    bottom-right, within `within` pixels) at its width, and nothing else."""
    corners = find_corners(frame)
    assert len(corners) == 2
    width = card[1, 0] - card[0, 0]
    for c, point in zip(sorted(corners, key=lambda c: c.point[0]), (card[0], card[2]),
                        strict=True):
        assert np.linalg.norm(c.point - point) < within and abs(c.width / width - 1) < 0.05


def test_a_lone_card_gives_its_index_corners_and_not_the_corners_of_its_art() -> None:
    """Cut along its long straight lines, a court card's framed art falls into pieces with
    right-angled corners of their own; a lone card's corners are known, so those are not
    hypotheses (each would be read, for nothing)."""
    frame = np.full((720, 1280, 3), 40, np.uint8)
    card = np.array([[500, 200], [620, 200], [620, 368], [500, 368]])
    cv2.fillPoly(frame, [card], (235, 235, 235))
    cv2.rectangle(frame, (514, 222), (606, 346), (60, 60, 60), 2)  # the art's frame
    cv2.line(frame, (514, 284), (606, 284), (60, 60, 60), 2)  # and its middle line
    assert_only_its_index_corners(cv2.GaussianBlur(frame, (0, 0), 1.0), card, within=3)


def test_a_court_card_whose_art_cuts_across_it_is_still_a_lone_card() -> None:
    """Court art reaching the card's edges in three places notches its outline, which is then
    no lone card's, and its art was searched as a pile; joined across the notches it is one
    card, whose two index corners are all there is to read."""
    frame = np.full((720, 1280, 3), 40, np.uint8)
    card = np.array([[500, 200], [620, 200], [620, 368], [500, 368]])
    cv2.fillPoly(frame, [card], (235, 235, 235))
    cv2.rectangle(frame, (500, 250), (530, 280), (40, 30, 160), -1)  # a sleeve to the left
    cv2.rectangle(frame, (590, 300), (620, 330), (40, 30, 160), -1)  # and one to the right
    cv2.rectangle(frame, (545, 200), (575, 225), (150, 60, 30), -1)  # a crown at the top
    assert_only_its_index_corners(cv2.GaussianBlur(frame, (0, 0), 1.0), card, within=4)


def test_two_cards_side_by_side_are_not_one_broken_card() -> None:
    """Two notched cards 10 pixels apart join across the gap into one shape of a card's
    proportions (two cards side by side are 1.4 as wide as long); but each piece is of card
    shape on its own, so they are not taken for one card 168 pixels wide."""
    frame = np.full((720, 1280, 3), 40, np.uint8)
    for x in (500, 630):
        cv2.fillPoly(frame, [np.array([[x, 200], [x + 120, 200], [x + 120, 368], [x, 368]])],
                     (235, 235, 235))
        cv2.rectangle(frame, (x + 40, 200), (x + 80, 230), (150, 60, 30), -1)
    frame = cv2.GaussianBlur(frame, (0, 0), 1.0)
    corners = find_corners(frame)
    assert not any(abs(c.width / 168 - 1) < 0.1 for c in corners)
    for x in (620, 750):  # each card's bottom-right index corner, at its own width
        assert any(np.linalg.norm(c.point - (x, 368)) < 4 and abs(c.width / 120 - 1) < 0.05
                   for c in corners)


def test_over_a_thousand_hypotheses_are_all_checked_for_card_edges() -> None:
    """A busy frame can make more hypotheses than one OpenCV lookup of their edge samples
    takes (under 32,767 rows, 30 a hypothesis): they are looked up in parts, alike."""
    frame = np.full((720, 1280, 3), 40, np.uint8)
    cv2.fillPoly(frame, [np.array([[500, 200], [620, 200], [620, 368], [500, 368]])],
                 (235, 235, 235))
    cv2.putText(frame, "7", (505, 228), cv2.FONT_HERSHEY_SIMPLEX, 0.7, (20, 20, 20), 2)
    frame = cv2.GaussianBlur(frame, (0, 0), 1.0)
    at_corner = Corner(np.array([500.0, 200.0]), np.array([1.0, 0.0]), np.array([0.0, 1.0]),
                       120.0)
    mid_card = Corner(np.array([540.0, 260.0]), np.array([1.0, 0.0]), np.array([0.0, 1.0]),
                      120.0)
    keep = _against_edges(edge_grey(frame), [at_corner, mid_card] * 600)
    assert keep.shape == (1200,)
    assert keep[0::2].all() and not keep[1::2].any()


def test_cards_in_the_shade_are_told_from_a_pale_table_in_the_lamplight() -> None:
    """Lit from the left, the far side of the table is brighter than cards in the shade on
    the right; each card is still found whole, at its own width."""
    frame = np.full((720, 1280, 3), 150, np.uint8)
    cards = [np.array([[x, 250], [x + 120, 250], [x + 120, 418], [x, 418]])
             for x in (100, 400, 700, 1000)]
    for card in cards:
        cv2.fillPoly(frame, [card], (235, 235, 235))
    light = np.linspace(1.0, 0.5, 1280, dtype=np.float32)[None, :, None]
    frame = cv2.GaussianBlur((frame * light).astype(np.uint8), (0, 0), 1.0)
    corners = find_corners(frame)
    for card in cards:
        for point in (card[0], card[2]):
            assert any(np.linalg.norm(c.point - point) < 6 and abs(c.width / 120 - 1) < 0.05
                       for c in corners)


def test_a_card_that_glare_joins_to_the_table_is_still_a_lone_card() -> None:
    """A lamp's glare lights the table beside a card as bright as paper, and the two make one
    outline; the card is four times as bright against the paper line as the lit table, whose
    paper holds no ink, so it is a lone card, and the table is no pile to search."""
    frame = np.full((720, 1280, 3), 45, np.float32)
    ys, xs = np.mgrid[0:720, 0:1280]
    frame += 110 * np.exp(-((xs - 700) ** 2 + (ys - 330) ** 2) / (2 * 90.0 ** 2))[..., None]
    frame = frame.clip(0, 255).astype(np.uint8)
    card = np.array([[500, 200], [620, 200], [620, 368], [500, 368]])
    cv2.fillPoly(frame, [card], (235, 235, 235))
    for corner in ((505, 228), (597, 362)):
        cv2.putText(frame, "7", corner, cv2.FONT_HERSHEY_SIMPLEX, 0.7, (20, 20, 20), 2)
    frame = cv2.GaussianBlur(frame, (0, 0), 1.0)
    corners, outlines = find_outline_corners(frame)
    assert outlines.piles == []
    for point in (card[0], card[2]):
        assert any(np.linalg.norm(c.point - point) < 4 and abs(c.width / 120 - 1) < 0.05
                   for c in corners)


def test_cards_in_the_shadow_of_the_card_on_them_are_not_taken_for_the_table(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A card lying on another shades it: the top card is twice as bright as the one beneath,
    as a card is against a lit table, but the index of the card beneath shows, and a table
    holds none; the two stay one pile, searched for the card beneath."""
    frame = np.full((720, 1280, 3), 45, np.uint8)
    beneath = np.array([[440, 180], [560, 180], [560, 348], [440, 348]])
    cv2.fillPoly(frame, [beneath], (140, 140, 140))
    cv2.putText(frame, "5", (445, 208), cv2.FONT_HERSHEY_SIMPLEX, 0.7, (20, 20, 20), 2)
    cv2.fillPoly(frame, [np.array([[500, 200], [620, 200], [620, 368], [500, 368]])],
                 (235, 235, 235))
    cv2.putText(frame, "7", (505, 228), cv2.FONT_HERSHEY_SIMPLEX, 0.7, (20, 20, 20), 2)
    frame = cv2.GaussianBlur(frame, (0, 0), 1.0)
    assert len(find_outline_corners(frame)[1].piles) == 1
    monkeypatch.setattr(detect_module, "_holds_marks", lambda *args: False)
    assert find_outline_corners(frame)[1].piles == []  # the index is what tells them apart


def test_cards_and_piles_are_not_taken_for_light_on_an_evenly_lit_table(kennard_deck) -> None:
    from pi_app.vision.synth import Conditions, make_scene

    even = Conditions(light=0.0, glare=0.0)
    for layout in ("scatter", "row", "fan"):
        scene = make_scene(kennard_deck, np.random.default_rng(3), layout, n_cards=8,
                           conditions=even)
        field = light_field(darkest(cv2.resize(scene.image, None, fx=0.5, fy=0.5,
                                               interpolation=cv2.INTER_AREA)))
        assert field.min() > 0.9 and field.max() < 1.1


def test_the_light_field_follows_a_lamp_to_one_side(kennard_deck) -> None:
    from pi_app.vision.synth import Conditions, make_scene

    scene = make_scene(kennard_deck, np.random.default_rng(3), "row", n_cards=8,
                       conditions=Conditions(light=0.0, glare=0.0))
    lamp = np.linspace(1.2, 0.6, 1280, dtype=np.float32)[None, :, None]
    lit = (scene.image * lamp).clip(0, 255).astype(np.uint8)
    field = light_field(darkest(cv2.resize(lit, None, fx=0.5, fy=0.5,
                                           interpolation=cv2.INTER_AREA)))
    expected = np.linspace(1.2, 0.6, 640) / 0.9
    assert np.abs(field.mean(axis=0) / expected - 1).max() < 0.08


def test_an_index_whose_card_edge_lies_on_its_far_side_is_mirrored(
        four_index_card: np.ndarray) -> None:
    """Read as a bottom-right index (the card to its left), a four-index deck's bottom-left
    index has its card's edge on the far side; the top-left index has it on the near side."""
    frame = four_index_card
    glyphs = np.array([[512.0, 341.0], [512.0, 212.0]])
    u = np.array([[-1.0, 0.0], [1.0, 0.0]])
    v = np.array([[0.0, -1.0], [0.0, 1.0]])
    heights = np.array([15.0, 15.0])
    assert mirrored(side_steps(edge_grey(frame), glyphs, u, v, heights)).tolist() == [True, False]


def test_a_mirrored_corner_runs_clockwise_from_the_read_corner_with_the_long_edge_first() -> None:
    """Flipped across its rank glyph, the bottom-right framing of a bottom-left index becomes
    the card's own bottom-left corner, and the card's corners run clockwise from there."""
    read_as_bottom_right = Corner(np.array([524.0, 368.0]), np.array([-1.0, 0.0]),
                                  np.array([0.0, -1.0]), 120.0)
    corner = read_as_bottom_right.flipped(np.array([512.0, 341.0]))
    assert corner.mirrored
    assert np.allclose(corner.quad(), [[500, 368], [500, 200], [620, 200], [620, 368]], atol=0.5)
    assert not corner.flipped(np.array([512.0, 341.0])).mirrored
