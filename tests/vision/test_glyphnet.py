"""The glyph network's numpy forward pass computes what its layers say, and survives a file."""

from __future__ import annotations

import numpy as np
import pytest

from pi_app.vision.classifier import Softmax
from pi_app.vision.glyphnet import GlyphNet, fine_tune


def _net(rng: np.random.Generator, side: int = 8, classes: int = 5, views: int = 2
         ) -> GlyphNet:
    convs = [(rng.normal(0, 0.5, (4, views, 3, 3)).astype(np.float32),
              rng.normal(0, 0.1, 4).astype(np.float32)),
             (rng.normal(0, 0.5, (6, 4, 3, 3)).astype(np.float32),
              rng.normal(0, 0.1, 6).astype(np.float32))]
    flat = 6 * (side // 4) ** 2
    dense = (rng.normal(0, 0.3, (flat, 10)).astype(np.float32),
             rng.normal(0, 0.1, 10).astype(np.float32))
    head = Softmax(rng.normal(0, 0.5, (10, classes)).astype(np.float32),
                   np.zeros(classes, np.float32))
    return GlyphNet(convs, dense, head)


def _reference_embedding(net: GlyphNet, image: np.ndarray) -> np.ndarray:
    """The same network written out loop by loop over one glyph's views: zero-padded 3x3
    cross-correlation, ReLU, 2x2 max pool, then the dense layer."""
    x = image.astype(np.float64)
    for weights, bias in net.convs:
        c, h, w = x.shape
        padded = np.zeros((c, h + 2, w + 2))
        padded[:, 1:-1, 1:-1] = x
        out = np.zeros((len(weights), h, w))
        for k in range(len(weights)):
            for i in range(h):
                for j in range(w):
                    out[k, i, j] = (padded[:, i:i + 3, j:j + 3] * weights[k]).sum() + bias[k]
        out = np.maximum(out, 0)
        x = out.reshape(len(weights), h // 2, 2, w // 2, 2).max(axis=(2, 4))
    return np.maximum(x.ravel() @ net.dense[0] + net.dense[1], 0)


@pytest.mark.parametrize("views", [1, 2])  # one view: the shipped networks' first layer
def test_the_forward_pass_is_convolution_relu_and_pooling_layer_by_layer(views: int) -> None:
    rng = np.random.default_rng(3)
    net = _net(rng, views=views)
    images = rng.random((3, views, 8, 8)).astype(np.float32)
    got = net.embed(images)
    for image, row in zip(images, got, strict=True):
        assert np.allclose(row, _reference_embedding(net, image), atol=1e-4)


def test_weights_too_small_to_matter_are_zero_and_the_answers_the_same() -> None:
    rng = np.random.default_rng(8)
    net = _net(rng)
    w, b = net.convs[0]
    w[0] = 1.5e-38  # a filter training switched off, a hair above the smallest normal float
    tiny = GlyphNet([(w, b), net.convs[1]], net.dense, net.head)
    assert not tiny.convs[0][0][0].any()
    images = rng.random((3, 2, 8, 8)).astype(np.float32)
    assert np.array_equal(tiny.probabilities(images), net.probabilities(images))


def test_probabilities_are_one_distribution_per_glyph() -> None:
    net = _net(np.random.default_rng(4))
    p = net.probabilities(np.random.default_rng(5).random((7, 2, 8, 8)))
    assert p.shape == (7, 5)
    assert np.allclose(p.sum(axis=1), 1)


def test_a_network_round_trips_through_its_arrays() -> None:
    rng = np.random.default_rng(6)
    net = _net(rng)
    again = GlyphNet.from_arrays(net.to_arrays("rank"), "rank")
    images = rng.random((2, 2, 8, 8))
    assert np.allclose(again.probabilities(images), net.probabilities(images))


def test_a_tuned_network_shares_its_convolutions_and_reads_from_features_computed_once(
) -> None:
    rng = np.random.default_rng(10)
    net = _net(rng, classes=2)
    images, labels = _bars(rng, 100)
    tuned = fine_tune(net, images, labels, steps=20, rate=1e-2)
    saved = tuned.to_arrays("cut", convs=False)
    assert not any("conv" in name for name in saved)  # the layers of its own only
    again = GlyphNet.from_arrays(saved, "cut", convs=net.convs)
    features = net.conv_features(images)
    assert np.allclose(again.probabilities_of(features), tuned.probabilities(images), atol=1e-6)


def test_layers_that_do_not_fit_the_glyph_size_are_named() -> None:
    net = _net(np.random.default_rng(7))
    net.check(2, 8)
    with pytest.raises(ValueError, match="dense layer"):
        net.check(2, 12)
    with pytest.raises(ValueError, match="convolution"):
        net.check(1, 8)


def _bars(rng: np.random.Generator, n: int) -> tuple[np.ndarray, np.ndarray]:
    """A toy deck of two glyphs: an upright bar (0) and a lying one (1), placed anywhere."""
    labels = rng.integers(0, 2, n)
    images = rng.normal(0, 0.05, (n, 2, 8, 8)).astype(np.float32)
    for image, label, at in zip(images, labels, rng.integers(1, 6, n), strict=True):
        if label == 0:
            image[:, 1:7, at:at + 2] += 1
        else:
            image[:, at:at + 2, 1:7] += 1
    return np.clip(images, 0, 1), labels


def test_tuning_to_a_deck_learns_its_glyphs_and_keeps_the_convolutions() -> None:
    rng = np.random.default_rng(8)
    net = _net(rng, classes=2)
    images, labels = _bars(rng, 400)
    before = (net.probabilities(images).argmax(axis=1) == labels).mean()
    tuned = fine_tune(net, images, labels, steps=300, rate=1e-2)
    test_images, test_labels = _bars(rng, 200)
    after = (tuned.probabilities(test_images).argmax(axis=1) == test_labels).mean()
    assert after > 0.95 and after > before
    assert all(a is b for (a, _), (b, _) in zip(tuned.convs, net.convs, strict=True))


def test_a_strong_anchor_holds_the_tuned_layers_near_where_they_started() -> None:
    rng = np.random.default_rng(9)
    net = _net(rng, classes=2)
    images, labels = _bars(rng, 200)
    loose = fine_tune(net, images, labels, steps=200, rate=1e-2, anchor=0.0)
    held = fine_tune(net, images, labels, steps=200, rate=1e-2, anchor=10.0)

    def moved(tuned: GlyphNet) -> float:
        return float(np.abs(tuned.dense[0] - net.dense[0]).mean())

    assert moved(held) < 0.5 * moved(loose)


def test_a_lighter_class_weight_makes_that_answer_rarer_where_classes_overlap() -> None:
    # "Not an index" samples outnumber real indexes; a lighter weight stops them crowding
    # out half-hidden indexes that look a little like them.
    rng = np.random.default_rng(10)
    net = _net(rng, classes=2)
    images, labels = _bars(rng, 600)
    crowd = rng.random(600) < 0.8
    labels = np.where(crowd, 1, labels)  # most glyphs are called the crowd's class
    even = fine_tune(net, images, labels, steps=200, rate=1e-2)
    light = fine_tune(net, images, labels, np.array([1.0, 0.3]), steps=200, rate=1e-2)
    said_crowd = [(m.probabilities(images).argmax(axis=1) == 1).mean() for m in (even, light)]
    assert said_crowd[1] < said_crowd[0] - 0.05
