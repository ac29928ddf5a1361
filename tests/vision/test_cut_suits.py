"""Suits half hidden by the next card: in a fan or a row the next card's edge crosses the index
and hides part of the suit, and a head tuned to such suits reads them with the suit network."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from pi_app.engine.cards import parse_card
from pi_app.vision.classifier import Softmax
from pi_app.vision.designs import Design
from pi_app.vision.detect import Corner
from pi_app.vision.glyphnet import GlyphNet
from pi_app.vision.index import GLYPH, INK, IndexGlyphs, read_corner
from pi_app.vision.recognizer import NONE_SUIT, Model, Recognizer, agreed
from pi_app.vision.training import (
    Samples,
    collect_corners,
    cut_glyph,
    random_edge,
    tune_cut_suit,
    tune_to_deck,
)


def _index(face: np.ndarray) -> IndexGlyphs:
    """The glyphs of a card's top-left index, read from the face laid on a dark table."""
    import cv2

    table = cv2.copyMakeBorder(np.ascontiguousarray(face[..., :3]), 40, 40, 40, 40,
                               cv2.BORDER_CONSTANT, value=(40, 40, 40))
    corner = Corner(np.array([40.0, 40.0]), np.array([1.0, 0.0]), np.array([0.0, 1.0]),
                    float(face.shape[1]))
    read = read_corner(table, corner)
    assert read is not None
    return read[1]


def _cut_suits(samples: Samples, seed: int) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(seed)
    images, labels = [], []
    for suit, label in zip(samples.suit, samples.suit_label, strict=True):
        cut = cut_glyph(suit, random_edge(rng)) if label != NONE_SUIT else None
        if cut is not None:
            images.append(cut)
            labels.append(label)
    return np.stack(images), np.array(labels)


def _right(net: GlyphNet, images: np.ndarray, labels: np.ndarray) -> float:
    """The share of suits `net` names right at its first choice."""
    return float((net.probabilities(images)[:, :NONE_SUIT].argmax(axis=1) == labels).mean())


@pytest.fixture(scope="module")
def kennard_glyphs(kennard_deck: Design) -> Samples:
    return collect_corners([kennard_deck], 2, seed=3)


def test_a_suit_cut_down_its_right_side_keeps_its_left_and_is_framed_again(
        kennard_deck: Design) -> None:
    spade = _index(kennard_deck["7S"]).suit
    cut = cut_glyph(spade, (GLYPH * 0.6, GLYPH / 2, 0.0))  # the next card's edge, upright
    assert cut is not None and cut.shape == spade.shape
    ink = np.nonzero(cut[0] > INK)
    # framed again from what shows: the left part fills the glyph's height, centred across
    assert ink[0].min() <= 2 and ink[0].max() >= GLYPH - 3
    assert not np.allclose(cut, spade)


def test_a_suit_mostly_hidden_is_no_sample() -> None:
    glyph = np.zeros((1, GLYPH, GLYPH), np.float32)
    glyph[0, 4:20, 4:20] = 1.0
    assert cut_glyph(glyph, (6.0, 12.0, 0.0)) is None  # an eighth of it left of the edge
    assert cut_glyph(glyph, (16.0, 12.0, 0.0)) is not None


def test_a_cut_suit_is_what_the_suit_network_and_the_cut_suits_head_agree_on(
        kennard_deck: Design) -> None:
    default = Model.default()
    always_diamonds = np.zeros(NONE_SUIT + 1, np.float32)
    always_diamonds[int(parse_card("AD").suit)] = 20.0
    head = Softmax(np.zeros_like(default.suit.head.weights), always_diamonds)
    diamonds = replace(default, cut_suit=GlyphNet(default.suit.convs, default.suit.dense, head))
    same = replace(default, cut_suit=default.suit)
    whole = _index(kennard_deck["7H"])
    hearts = int(parse_card("7H").suit)
    _, ps = Recognizer(diamonds)._probabilities([whole, replace(whole, cut=True)])
    assert ps[0, hearts] > 0.97  # read whole by the suit network alone
    assert ps[1, hearts] < 0.9 and ps[1, :NONE_SUIT].max() < 0.9  # the two disagree: unsure
    _, agreeing = Recognizer(same)._probabilities([whole, replace(whole, cut=True)])
    assert np.allclose(agreeing[0], agreeing[1], atol=1e-5)


def test_pooled_answers_are_sure_only_where_both_lean_one_way() -> None:
    first = np.array([[0.98, 0.02], [0.9, 0.1], [0.5, 0.5]])
    second = np.array([[0.97, 0.03], [0.1, 0.9], [0.9, 0.1]])
    pooled = agreed(first, second)
    assert np.allclose(pooled.sum(axis=1), 1)
    assert pooled[0, 0] > 0.97 and pooled[1, 0] == pytest.approx(0.5) and 0.5 < pooled[2, 0] < 0.9


def test_the_shipped_cut_suit_network_reads_cut_suits_better_than_the_suit_network(
        kennard_glyphs: Samples) -> None:
    model = Model.default()
    assert model.cut_suit is not None
    images, labels = _cut_suits(kennard_glyphs, seed=11)

    assert _right(model.cut_suit, images, labels) > _right(model.suit, images, labels) + 0.03


def test_tuning_to_cut_suits_learns_them_on_the_suit_networks_convolutions(
        kennard_glyphs: Samples) -> None:
    suit = Model.default().suit
    tuned = tune_cut_suit(suit, kennard_glyphs, seed=2, count=600)
    assert all(a is b for (a, _), (b, _) in zip(tuned.convs, suit.convs, strict=True))
    images, labels = _cut_suits(kennard_glyphs, seed=12)  # other cuts than it learned from

    assert _right(tuned, images, labels) > _right(suit, images, labels) + 0.03


def test_a_deck_learned_without_fans_and_rows_keeps_the_default_cut_suit_network(
        kennard_glyphs: Samples) -> None:
    default = Model.default()
    assert tune_to_deck(default, kennard_glyphs, "mine").cut_suit is default.cut_suit
    tuned = tune_to_deck(default, kennard_glyphs, "mine", cut_samples=kennard_glyphs)
    assert tuned.cut_suit is not None and tuned.cut_suit is not default.cut_suit


def test_a_model_keeps_its_cut_suit_network_and_one_saved_without_it_reads_with_its_suits(
        tmp_path) -> None:
    model = Model.default()
    model.save(tmp_path / "with.npz")
    replace(model, cut_suit=None).save(tmp_path / "without.npz")
    loaded = Model.load(tmp_path / "with.npz")
    assert loaded.cut_suit is not None and model.cut_suit is not None
    assert np.array_equal(loaded.cut_suit.head.weights, model.cut_suit.head.weights)
    assert all(a is b for (a, _), (b, _) in zip(loaded.cut_suit.convs, loaded.suit.convs,
                                                 strict=True))
    assert Model.load(tmp_path / "without.npz").cut_suit is None  # a profile made before
