"""Finding an index by its own glyphs, and framing it from the rank glyph's size.

In a fan or an overlapping row only the top-left corner index of most cards shows; these
rules let the reader find it there without the card's outline.
"""

from __future__ import annotations

import cv2
import numpy as np

from pi_app.vision.detect import Corner, paper_level
from pi_app.vision.glyphs import index_corners, ink_mask
from pi_app.vision.index import read_corner
from pi_app.vision.recognizer import NONE_RANK
from pi_app.vision.synth import Conditions, SceneCard, make_scene
from pi_app.vision.training import label_corner

CALM = Conditions(tilt=0.05, light=0.2, glare=0.0, blur=0.5, noise=2.0, jpeg=(90, 95))


def _level(image: np.ndarray) -> float:
    return paper_level(image[::2, ::2])


def _glyph_hypotheses(image: np.ndarray) -> list[Corner]:
    return [Corner(*h) for h in index_corners(ink_mask(image, _level(image)), None)]


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


def test_the_edge_of_a_card_against_the_table_is_not_ink(kennard_deck) -> None:
    scene = make_scene(kennard_deck, np.random.default_rng(23), "scatter", n_cards=5,
                       conditions=CALM)
    ink = ink_mask(scene.image, _level(scene.image))
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
