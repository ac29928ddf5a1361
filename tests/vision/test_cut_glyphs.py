"""Glyphs half hidden by the next card: in a fan or a row the next card's edge crosses the index
and hides part of the suit, or in a tight fan of a big index part of the rank, and heads tuned
to such glyphs read them with the suit and rank networks."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import numpy as np
import pytest

from pi_app.engine.cards import parse_card
from pi_app.vision.classifier import Softmax
from pi_app.vision.designs import Design
from pi_app.vision.detect import Corner
from pi_app.vision.glyphnet import GlyphNet
from pi_app.vision.index import GLYPH, INK, IndexGlyphs, read_corner
from pi_app.vision.recognizer import NONE_RANK, NONE_SUIT, Model, Recognizer, agreed
from pi_app.vision.training import (
    Samples,
    collect_corners,
    cut_glyph,
    random_edge,
    tune_cut_rank,
    tune_cut_suit,
    tune_to_deck,
)


def _index(laid: tuple[np.ndarray, Corner]) -> IndexGlyphs:
    """The glyphs of a card's top-left index, read from the face laid on a dark table
    (`kennard_laid`)."""
    read = read_corner(*laid)
    assert read is not None
    return read[1]


KINDS = ("suit", "rank")
"""Which glyph of an index: each has its network, its cut glyphs' head and its tuning."""
NONE_OF = {"suit": NONE_SUIT, "rank": NONE_RANK}
TUNE_CUT = {"suit": tune_cut_suit, "rank": tune_cut_rank}


def _cut(samples: Samples, kind: str, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """The samples' index glyphs of this kind, each cut along a random edge."""
    rng = np.random.default_rng(seed)
    images, labels = [], []
    glyphs, glyph_labels = getattr(samples, kind), getattr(samples, f"{kind}_label")
    for glyph, label in zip(glyphs, glyph_labels, strict=True):
        cut = cut_glyph(glyph, random_edge(rng)) if label != NONE_OF[kind] else None
        if cut is not None:
            images.append(cut)
            labels.append(label)
    return np.stack(images), np.array(labels)


def _right(net: GlyphNet, images: np.ndarray, labels: np.ndarray) -> float:
    """The share of glyphs `net` names right at its first choice (of those that are an
    index's: its last class is "not an index")."""
    return float((net.probabilities(images)[:, :-1].argmax(axis=1) == labels).mean())


@pytest.fixture(scope="module")
def kennard_glyphs(kennard_deck: Design) -> Samples:
    return collect_corners([kennard_deck], 2, seed=3)


def test_a_suit_cut_down_its_right_side_keeps_its_left_and_is_framed_again(
        kennard_laid: Callable[[str], tuple[np.ndarray, Corner]]) -> None:
    spade = _index(kennard_laid("7S")).suit
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
        kennard_laid: Callable[[str], tuple[np.ndarray, Corner]]) -> None:
    default = Model.default()
    always_diamonds = np.zeros(NONE_SUIT + 1, np.float32)
    always_diamonds[int(parse_card("AD").suit)] = 20.0
    head = Softmax(np.zeros_like(default.suit.head.weights), always_diamonds)
    diamonds = replace(default, cut_suit=GlyphNet(default.suit.convs, default.suit.dense, head))
    same = replace(default, cut_suit=default.suit)
    whole = _index(kennard_laid("7H"))
    hearts = int(parse_card("7H").suit)
    _, ps = Recognizer(diamonds)._probabilities([whole, replace(whole, cut=True)])
    assert ps[0, hearts] > 0.97  # read whole by the suit network alone
    assert ps[1, hearts] < 0.9 and ps[1, :NONE_SUIT].max() < 0.9  # the two disagree: unsure
    _, agreeing = Recognizer(same)._probabilities([whole, replace(whole, cut=True)])
    assert np.allclose(agreeing[0], agreeing[1], atol=1e-5)


def test_a_rank_the_next_cards_edge_cut_is_what_the_rank_network_and_the_cut_ranks_head_agree_on(
        kennard_laid: Callable[[str], tuple[np.ndarray, Corner]]) -> None:
    default = Model.default()
    always_kings = np.zeros(NONE_RANK + 1, np.float32)
    always_kings[parse_card("KH").rank - 1] = 20.0
    head = Softmax(np.zeros_like(default.rank.head.weights), always_kings)
    kings = replace(default, cut_rank=GlyphNet(default.rank.convs, default.rank.dense, head))
    whole = _index(kennard_laid("7H"))
    seven = parse_card("7H").rank - 1
    pr, _ = Recognizer(kings)._probabilities(
        [whole, replace(whole, cut=True), replace(whole, cut=True, rank_cut=True)])
    assert pr[0, seven] > 0.97  # read whole by the rank network alone
    assert np.allclose(pr[0], pr[1], atol=1e-5)  # only its suit cut: so it reads still
    # its rank cut: what the cut ranks' head says (always a king) is pooled in
    head_says = kings.cut_rank.probabilities(whole.rank[None])
    assert np.allclose(pr[2], agreed(pr[:1], head_says)[0], atol=1e-5)
    assert pr[2, seven] < 0.9


def test_pooled_answers_are_sure_only_where_both_lean_one_way() -> None:
    first = np.array([[0.98, 0.02], [0.9, 0.1], [0.5, 0.5]])
    second = np.array([[0.97, 0.03], [0.1, 0.9], [0.9, 0.1]])
    pooled = agreed(first, second)
    assert np.allclose(pooled.sum(axis=1), 1)
    assert pooled[0, 0] > 0.97 and pooled[1, 0] == pytest.approx(0.5) and 0.5 < pooled[2, 0] < 0.9


@pytest.mark.parametrize("kind", KINDS)
def test_the_shipped_cut_glyphs_networks_read_cut_glyphs_better_than_the_whole_glyphs_ones(
        kennard_glyphs: Samples, kind: str) -> None:
    model = Model.default()
    cut_net, net = getattr(model, f"cut_{kind}"), getattr(model, kind)
    assert cut_net is not None
    images, labels = _cut(kennard_glyphs, kind, seed=11)

    assert _right(cut_net, images, labels) > _right(net, images, labels) + 0.03


@pytest.mark.parametrize("kind", KINDS)
def test_tuning_to_cut_glyphs_learns_them_on_the_whole_glyphs_networks_convolutions(
        kennard_glyphs: Samples, kind: str) -> None:
    net = getattr(Model.default(), kind)
    tuned = TUNE_CUT[kind](net, kennard_glyphs, seed=2, count=600)
    assert all(a is b for (a, _), (b, _) in zip(tuned.convs, net.convs, strict=True))
    images, labels = _cut(kennard_glyphs, kind, seed=12)  # other cuts than it learned from

    assert _right(tuned, images, labels) > _right(net, images, labels) + 0.03


@pytest.mark.parametrize("kind", KINDS)
def test_a_deck_learned_without_fans_and_rows_keeps_the_default_cut_glyphs_networks(
        kennard_glyphs: Samples, kind: str) -> None:
    default = Model.default()
    name = f"cut_{kind}"
    assert getattr(tune_to_deck(default, kennard_glyphs, "mine"), name) is getattr(default, name)
    tuned = tune_to_deck(default, kennard_glyphs, "mine", cut_samples=kennard_glyphs)
    assert getattr(tuned, name) is not None and getattr(tuned, name) is not getattr(default, name)


@pytest.mark.parametrize("kind", KINDS)
def test_a_model_keeps_its_cut_glyphs_networks_and_one_saved_without_them_reads_whole_ones(
        tmp_path, kind: str) -> None:
    model = Model.default()
    name = f"cut_{kind}"
    model.save(tmp_path / "with.npz")
    replace(model, **{name: None}).save(tmp_path / "without.npz")
    loaded = Model.load(tmp_path / "with.npz")
    kept, shipped = getattr(loaded, name), getattr(model, name)
    assert kept is not None and shipped is not None
    assert np.array_equal(kept.head.weights, shipped.head.weights)
    assert all(a is b for (a, _), (b, _) in zip(kept.convs, getattr(loaded, kind).convs,
                                                 strict=True))
    assert getattr(Model.load(tmp_path / "without.npz"), name) is None  # a profile made before
