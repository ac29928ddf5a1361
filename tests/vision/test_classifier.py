"""The numpy softmax classifier learns, saves and refuses files that are not models."""

from __future__ import annotations

import numpy as np
import pytest

from pi_app.vision.classifier import Softmax, train_softmax
from pi_app.vision.recognizer import Model, ModelError


def test_softmax_separates_three_clusters_and_round_trips() -> None:
    rng = np.random.default_rng(0)
    centres = np.array([[0, 0], [4, 0], [0, 4]], np.float32)
    labels = rng.integers(0, 3, 300)
    features = centres[labels] + rng.normal(0, 0.5, (300, 2)).astype(np.float32)
    model = train_softmax(features, labels, 3)
    assert (model.probabilities(features).argmax(axis=1) == labels).mean() > 0.97
    again = Softmax.from_arrays(model.to_arrays("x"), "x")
    assert np.allclose(again.probabilities(features), model.probabilities(features))


def test_a_lighter_class_weight_makes_that_answer_rarer_where_classes_overlap() -> None:
    # "Not an index" samples outnumber real indexes; a lighter weight stops them crowding
    # out half-hidden indexes that look a little like them.
    rng = np.random.default_rng(1)
    labels = (rng.random(600) < 0.8).astype(int)  # class 1 is the crowd
    features = (labels * 1.0 + rng.normal(0, 0.8, 600))[:, None].astype(np.float32)
    even = train_softmax(features, labels, 2)
    light = train_softmax(features, labels, 2, class_weight=np.array([1.0, 0.3]))
    crowd_even = (even.probabilities(features).argmax(axis=1) == 1).mean()
    crowd_light = (light.probabilities(features).argmax(axis=1) == 1).mean()
    assert crowd_light < crowd_even - 0.05
    few = labels == 0
    assert ((light.probabilities(features[few]).argmax(axis=1) == 0).mean()
            > (even.probabilities(features[few]).argmax(axis=1) == 0).mean())


def test_a_file_that_is_not_a_model_is_refused_by_name(tmp_path) -> None:
    path = tmp_path / "holiday.npz"
    np.savez(path, picture=np.zeros(3))
    with pytest.raises(ModelError, match=r"holiday\.npz: not a card model"):
        Model.load(path)


def test_a_profile_from_another_reader_version_is_refused(tmp_path) -> None:
    model = Model.default()
    old = Model(Softmax(model.rank.mean[:10], model.rank.scale[:10], model.rank.weights[:10],
                        model.rank.bias), model.suit, "old deck")
    path = tmp_path / "old.npz"
    old.save(path)
    with pytest.raises(ModelError, match=r"old\.npz: made by another version"):
        Model.load(path)
