"""What the synthetic tables count as a card in view: a corner index shows, and how much of
its own ink shows (a wide index can be half under the next card of a fan)."""

from __future__ import annotations

import numpy as np

from pi_app.engine.cards import parse_card
from pi_app.vision.detect import Corner
from pi_app.vision.evaluate import score
from pi_app.vision.recognizer import Detection
from pi_app.vision.synth import (
    INDEX_DEPTH,
    Scene,
    SceneCard,
    _index_shown,
    index_ink,
    make_scene,
)

QUAD = np.array([[100, 100], [220, 100], [220, 268], [100, 268]], float)
"""A 120 x 168 card lying square on a 400 x 400 table."""


def test_index_ink_is_the_rank_and_suit_in_the_corner_not_the_outline_or_the_pips(
        kennard_deck) -> None:
    face = kennard_deck["7C"]
    height, width = face.shape[:2]
    ink = index_ink(face)
    assert len(ink) > 200
    x, y = ink.T
    assert x.min() > 0 and y.min() > 0  # not the card's outline along its edges
    assert x.max() < 0.2 * width  # not the pips beside it
    assert y.max() < INDEX_DEPTH * height
    assert y.max() - y.min() > 0.1 * height  # the rank and the suit below it


def test_an_index_half_under_the_next_card_shows_half_its_ink(kennard_deck) -> None:
    face = kennard_deck["7C"]
    labels = np.full((400, 400), -1, np.int16)
    labels[100:269, 100:221] = 0
    assert _index_shown(labels, QUAD, 0, face) == (1.0, 1.0)
    ink_x = index_ink(face)[:, 0] * 120 / face.shape[1] + 100
    middle = int(np.median(ink_x))
    labels[100:269, middle:221] = 1  # the next card of a fan covers the right of the index
    top_left, bottom_right = _index_shown(labels, QUAD, 0, face)
    assert 0.3 < top_left < 0.7
    assert bottom_right == 0.0  # that card's far corner lies under the next card too


def test_a_readable_card_is_partly_hidden_only_when_no_visible_index_shows_nine_tenths() -> None:
    corners = QUAD.astype(np.float32)
    assert SceneCard("7C", corners, (True, False), (0.6, 1.0)).partly_hidden
    assert not SceneCard("7C", corners, (True, False), (0.95, 0.0)).partly_hidden
    assert not SceneCard("7C", corners, (True, True), (0.6, 0.95)).partly_hidden
    assert not SceneCard("7C", corners, (False, False), (0.1, 0.1)).partly_hidden  # unreadable


def test_accuracy_in_full_view_leaves_out_cards_whose_index_is_partly_hidden() -> None:
    shown = SceneCard("6H", np.array([[500, 200], [620, 200], [620, 368], [500, 368]], float),
                      (True, False))
    half = SceneCard("9S", np.array([[700, 200], [820, 200], [820, 368], [700, 368]], float),
                     (True, False), (0.5, 0.0))
    scene = Scene(np.zeros((720, 1280, 3), np.uint8), [shown, half])
    corner = Corner(np.array([500.0, 200.0]), np.array([1.0, 0.0]), np.array([0.0, 1.0]), 120.0)
    tally = score(scene, [Detection(parse_card("6H"), 0.99, corner.quad(), corner.point)])
    assert (tally.readable, tally.correct, tally.partly_hidden) == (2, 1, 1)
    assert tally.accuracy == 0.5
    assert tally.accuracy_in_full_view == 1.0


def test_scattered_cards_show_their_whole_index_and_tight_fans_hide_some(kennard_deck) -> None:
    rng = np.random.default_rng(4)
    scattered = [card for _ in range(3)
                 for card in make_scene(kennard_deck, rng, "scatter", n_cards=8).cards]
    assert not any(card.partly_hidden for card in scattered)
    fanned = [card for _ in range(6)
              for card in make_scene(kennard_deck, rng, "fan", n_cards=8).cards]
    assert any(card.partly_hidden for card in fanned)
    assert all(min(card.index_shown) < 0.9 for card in fanned if card.partly_hidden)


def test_a_table_made_without_the_ink_measure_is_the_same_table(kennard_deck) -> None:
    measured = make_scene(kennard_deck, np.random.default_rng(4), "fan", n_cards=8)
    unmeasured = make_scene(kennard_deck, np.random.default_rng(4), "fan", n_cards=8,
                            ink_shown=False)
    assert np.array_equal(measured.image, unmeasured.image)
    assert ([c.index_visible for c in measured.cards]
            == [c.index_visible for c in unmeasured.cards])
    assert all(c.index_shown == (1.0, 1.0) for c in unmeasured.cards)
