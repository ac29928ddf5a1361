"""Score a reading against a synthetic scene's ground truth (for tests and the benchmark)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from pi_app.vision.recognizer import Detection
from pi_app.vision.synth import Scene


@dataclass
class Tally:
    readable: int = 0
    """Cards on the table with an index in view."""
    found: int = 0
    """Of those, cards some detection landed on (read or not)."""
    correct: int = 0
    """Of those, cards read as the right card."""
    detections: int = 0
    true_detections: int = 0
    """Detections landing on a real card's index corner."""
    wrong: int = 0
    """Confident answers naming a card that is not there: the error we must not make."""
    unknown: int = 0
    named: int = 0
    """Detections naming a card that is on the table."""
    placed: int = 0
    """Of those, detections whose corners put the card's centre within a quarter of its width
    of where it is: the centre decides which zone, and so which player, a card belongs to."""
    partly_hidden: int = 0
    """Readable cards none of whose visible indexes shows WHOLE_INDEX of its ink (a wide
    index half under the next card of a fan)."""
    partly_hidden_correct: int = 0
    """Of those, cards read as the right card."""

    def add(self, other: Tally) -> None:
        for name in self.__dataclass_fields__:
            setattr(self, name, getattr(self, name) + getattr(other, name))

    @property
    def precision(self) -> float:
        return self.true_detections / self.detections if self.detections else 1.0

    @property
    def recall(self) -> float:
        return self.found / self.readable if self.readable else 1.0

    @property
    def accuracy(self) -> float:
        return self.correct / self.readable if self.readable else 1.0

    @property
    def accuracy_in_full_view(self) -> float:
        """Accuracy over the readable cards with an index wholly in view."""
        whole = self.readable - self.partly_hidden
        return (self.correct - self.partly_hidden_correct) / whole if whole else 1.0

    @property
    def placement(self) -> float:
        return self.placed / self.named if self.named else 1.0


def score(scene: Scene, detections: Sequence[Detection]) -> Tally:
    tally = Tally(readable=sum(card.readable for card in scene.cards), detections=len(detections))
    present = {card.code: card for card in scene.cards}
    hit: set[str] = set()
    for d in detections:
        owner = _owner(scene, d)
        if owner is not None:
            tally.true_detections += 1
            hit.add(owner)
        if d.card is None:
            tally.unknown += 1
        elif d.card.code not in present or (owner is not None and owner != d.card.code):
            tally.wrong += 1
        if d.card is not None and d.card.code in present:
            card = present[d.card.code]
            tally.named += 1
            off = np.linalg.norm(d.corners.mean(axis=0) - card.corners.mean(axis=0))
            tally.placed += bool(off < 0.25 * card.width)
    readable = {card.code for card in scene.cards if card.readable}
    tally.found = len(hit & readable)
    named = {d.card.code for d in detections if d.card is not None}
    tally.correct = len(readable & named)
    partly = {card.code for card in scene.cards if card.partly_hidden}
    tally.partly_hidden, tally.partly_hidden_correct = len(partly), len(partly & named)
    return tally


def _owner(scene: Scene, detection: Detection) -> str | None:
    """The card with a corner of the read kind nearest the detection's anchor, if one is close:
    in a fan the corners lie a fraction of a card apart, so the first close one may be a
    neighbour's. The corners run clockwise from the one read, so the kind shows in which edge
    comes first: the short one from a top-left or bottom-right corner, the long one from the
    other two (a four-index deck's bottom-left or top-right index)."""
    quad = detection.corners
    long_first = np.linalg.norm(quad[1] - quad[0]) > np.linalg.norm(quad[3] - quad[0])
    best, owner = np.inf, None
    for card in scene.cards:
        for corner in card.corners[[1, 3] if long_first else [0, 2]]:
            distance = float(np.linalg.norm(detection.anchor - corner))
            if distance < 0.25 * card.width and distance < best:
                best, owner = distance, card.code
    return owner
