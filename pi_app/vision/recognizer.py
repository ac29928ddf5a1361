"""Read every card in a frame: corner hypotheses, index glyphs, classifiers, then one answer per
card with a confidence. Below the threshold a card is reported as unknown, never guessed."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path

import numpy as np

from pi_app.engine.cards import Card
from pi_app.vision.classifier import Softmax
from pi_app.vision.detect import Corner, find_corners
from pi_app.vision.index import feature_sizes, read_corner

DEFAULT_THRESHOLD = 0.85
INDEX_LIKE = 0.7
"""How sure we must be that a patch is a corner index at all to report an unknown card there."""
NONE_RANK, NONE_SUIT = 13, 4
"""Each classifier's extra class: this is not a corner index at all."""
_SUIT_IS_RED = np.array([0.0, 1.0, 1.0, 0.0])


class ModelError(ValueError):
    """A model or deck profile file that cannot be used."""


@dataclass
class Model:
    """Rank (13 + "not an index") and suit (4 + "not an index") classifiers, and what they
    were built from. Both must accept a corner for it to be read: two chances to say no."""

    rank: Softmax
    suit: Softmax
    name: str = "default"

    def save(self, path: Path) -> None:
        arrays = {"name": np.array(self.name), **self.rank.to_arrays("rank"),
                  **self.suit.to_arrays("suit")}
        np.savez_compressed(path, **arrays)  # type: ignore[arg-type]

    @classmethod
    def load(cls, path: Path | str) -> Model:
        try:
            with np.load(path) as data:
                model = cls(Softmax.from_arrays(data, "rank"), Softmax.from_arrays(data, "suit"),
                            str(data["name"]))
        except (OSError, KeyError, ValueError) as exc:
            raise ModelError(f"{path}: not a card model or deck profile ({exc})") from exc
        if model.rank.n_classes != 14 or model.suit.n_classes != 5:
            raise ModelError(f"{path}: expects 14 rank and 5 suit classes")
        sizes = (model.rank.mean.shape[0], model.suit.mean.shape[0])
        if sizes != feature_sizes():
            raise ModelError(f"{path}: made by another version of the card reader (learn the "
                             "deck again with `crib deck learn`; for the default model run "
                             "scripts/vision-build-model.py)")
        return model

    @classmethod
    def default(cls) -> Model:
        with resources.as_file(resources.files("pi_app.vision") / "data" / "default.npz") as p:
            return cls.load(p)


@dataclass
class Detection:
    card: Card | None
    """None when the card is seen but could not be read with confidence."""
    confidence: float
    corners: np.ndarray
    """4x2 frame pixels, clockwise from the corner whose index was read."""
    anchor: np.ndarray = field(repr=False)

    @property
    def label(self) -> str:
        return self.card.code if self.card is not None else "unknown"

    @property
    def width(self) -> float:
        return float(np.linalg.norm(self.corners[1] - self.corners[0]))

    def to_json(self) -> dict[str, object]:
        return {"card": self.label, "confidence": round(self.confidence, 3),
                "corners": [[round(float(x), 1), round(float(y), 1)] for x, y in self.corners]}


@dataclass
class Reading:
    detections: list[Detection]
    ms: float


class Recognizer:
    """Finds and reads cards. `Recognizer()` uses the shipped default model; pass a deck profile's
    model for a learned deck."""

    def __init__(self, model: Model | None = None, threshold: float = DEFAULT_THRESHOLD) -> None:
        self.model = model or Model.default()
        self.threshold = threshold

    def read(self, frame: np.ndarray) -> Reading:
        start = time.perf_counter()
        detections = self.detect(frame)
        return Reading(detections, (time.perf_counter() - start) * 1000)

    def detect(self, frame: np.ndarray) -> list[Detection]:
        corners, rank_f, suit_f, red = [], [], [], []
        for hypothesis in find_corners(frame):
            read = read_corner(frame, hypothesis)
            if read is not None:  # where the card is: the hypothesis, not the glyphs' framing
                corners.append(hypothesis)
                glyphs = read[1]
                rank_f.append(glyphs.rank)
                suit_f.append(glyphs.suit)
                red.append(glyphs.redness)
        if not corners:
            return []
        pr = self.model.rank.probabilities(np.stack(rank_f))
        ps = combine_colour(self.model.suit.probabilities(np.stack(suit_f)), np.array(red))
        return self._choose(corners, pr, ps)

    def _choose(self, corners: list[Corner], pr: np.ndarray, ps: np.ndarray) -> list[Detection]:
        ranks, suits = pr[:, :NONE_RANK].argmax(axis=1), ps[:, :NONE_SUIT].argmax(axis=1)
        rows = np.arange(len(corners))
        confidence = pr[rows, ranks] * ps[rows, suits]
        index_like = (1 - pr[:, NONE_RANK]) * (1 - ps[:, NONE_SUIT])
        sure = confidence >= self.threshold
        answer = ranks * NONE_SUIT + suits
        disputed = _disputed(corners, sure, answer)
        accepted: list[Detection] = []
        taken: set[Card] = set()
        for i in np.argsort(-confidence):
            corner = corners[i]
            quad = corner.quad()
            if sure[i] and disputed[i]:  # its two readings differ: say so, guess neither
                if not _same_card(quad, corner.width, accepted):
                    accepted.append(Detection(None, float(confidence[i]), quad, corner.point))
            elif sure[i]:
                card = Card.of(int(ranks[i]) + 1, int(suits[i]))
                if card in taken or _same_card(quad, corner.width, accepted):
                    continue
                taken.add(card)
                accepted.append(Detection(card, float(confidence[i]), quad, corner.point))
            elif index_like[i] >= INDEX_LIKE and not _same_card(quad, corner.width, accepted):
                accepted.append(Detection(None, float(confidence[i]), quad, corner.point))
        return accepted


def _disputed(corners: list[Corner], sure: np.ndarray, answer: np.ndarray) -> np.ndarray:
    """For each corner, whether another sure reading of the same card names another card: the
    same corner framed differently, or the opposite index corner (which points the other way)."""
    n = len(corners)
    points = np.array([c.point for c in corners])
    far = np.array([c.quad()[2] for c in corners])  # each card's opposite corner
    u = np.array([c.u for c in corners])
    width = np.array([c.width for c in corners])
    near = 0.12 * np.minimum(width[:, None], width[None, :])
    facing = u @ u.T
    same_corner = (np.linalg.norm(points[:, None] - points[None], axis=2) < near) & (facing > 0.97)
    opposite = (np.linalg.norm(points[:, None] - far[None], axis=2) < near * 1.5) & (facing < -0.97)
    other = (same_corner | opposite) & sure[None, :] & (answer[:, None] != answer[None, :])
    other[np.arange(n), np.arange(n)] = False
    return np.asarray(other.any(axis=1))


def combine_colour(suit_probs: np.ndarray, redness: np.ndarray) -> np.ndarray:
    """Weigh suit shapes by ink colour (hearts and diamonds are red), keeping the none class."""
    red = 1 / (1 + np.exp(-(redness - 0.25) * 30))  # ink colour is the surer cue
    like = np.where(_SUIT_IS_RED[None, :] > 0, red[:, None], 1 - red[:, None])
    shaped = suit_probs.copy()
    shaped[:, :NONE_SUIT] *= like
    return np.asarray(shaped / shaped.sum(axis=1, keepdims=True))


def _same_card(quad: np.ndarray, width: float, accepted: list[Detection]) -> bool:
    """Whether this corner is one already read: the same corner again, or the opposite index
    corner of an accepted card."""
    near = 0.3 * width
    for d in accepted:
        if (np.linalg.norm(quad[0] - d.corners[0]) < near
                or np.linalg.norm(quad[0] - d.corners[2]) < near):
            return True
    return False


def make_recognizer(profile: str | Path | None = None,
                    threshold: float | None = None) -> Recognizer:
    """The default recogniser, or one for a learned deck profile; checks the threshold."""
    if threshold is not None and not 0 < threshold < 1:
        raise ValueError(f"threshold {threshold} must be between 0 and 1")
    if profile is not None and not Path(profile).is_file():
        raise ModelError(f"{profile}: no such deck profile (make one with `crib deck learn`)")
    model = Model.load(profile) if profile is not None else Model.default()
    return Recognizer(model, DEFAULT_THRESHOLD if threshold is None else threshold)
