"""The softmax head and model files: what is not a model, or is another version's, is refused."""

from __future__ import annotations

import numpy as np
import pytest

from pi_app.vision.classifier import Softmax
from pi_app.vision.glyphnet import GlyphNet
from pi_app.vision.recognizer import Model, ModelError


def test_a_softmax_head_round_trips_through_its_arrays() -> None:
    rng = np.random.default_rng(0)
    weights, bias = rng.normal(0, 1, (3, 4)), rng.normal(0, 1, 4)
    head = Softmax(weights.astype(np.float32), bias.astype(np.float32))
    features = rng.normal(0, 1, (20, 3)).astype(np.float32)
    again = Softmax.from_arrays(head.to_arrays("x"), "x")
    assert np.allclose(again.probabilities(features), head.probabilities(features))
    assert np.allclose(head.probabilities(features).sum(axis=1), 1)


def test_a_file_that_is_not_a_model_is_refused_by_name(tmp_path) -> None:
    path = tmp_path / "holiday.npz"
    np.savez(path, picture=np.zeros(3))
    with pytest.raises(ModelError, match=r"holiday\.npz: not a card model"):
        Model.load(path)


def test_a_profile_from_another_reader_version_is_refused(tmp_path) -> None:
    # Profiles of the reader before the glyph networks held softmax weights over hand-made
    # features: they cannot be read by this one and must say so, not fail obscurely.
    model = Model.default()
    path = tmp_path / "old.npz"
    np.savez(path, name=np.array("old deck"), **model.rank.head.to_arrays("rank"),
             **model.suit.head.to_arrays("suit"))
    with pytest.raises(ModelError, match=r"old\.npz: made by another version"):
        Model.load(path)


def test_a_profile_whose_layers_do_not_fit_the_glyph_size_is_refused(tmp_path) -> None:
    model = Model.default()
    w, b = model.rank.dense
    cut = Model(GlyphNet(model.rank.convs, (w[:-9], b), model.rank.head), model.suit, "cut")
    path = tmp_path / "cut.npz"
    cut.save(path)
    with pytest.raises(ModelError, match=r"cut\.npz: made by another version.*dense layer"):
        Model.load(path)
