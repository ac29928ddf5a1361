"""Learn my deck at the table: the player shows each card once, as prompted (A♣ to K♠), and
the camera keeps one photo of each, named by its code, for `crib deck learn`.

A card is taken once it has lain still, alone and whole in view, for a few frames; then the
table must be cleared before the next card is asked for, so no card is taken twice. A card
the default reader names beyond doubt as another is not taken, and the prompt says so. Photos
already in the folder count as taken: an interrupted session goes on where it stopped.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path

import cv2
import numpy as np

from pi_app.engine.cards import Card, Suit
from pi_app.vision.files import write_whole
from pi_app.vision.frames import IMAGE_SUFFIXES
from pi_app.vision.learn import LearnError, NoCardError, lone_card
from pi_app.vision.recognizer import make_recognizer

ORDER: tuple[Card, ...] = tuple(Card.of(rank, suit) for suit in Suit for rank in range(1, 14))
"""The order the cards are asked for: ace to king of clubs, diamonds, hearts, then spades."""
STEADY = 5
"""Frames a card must lie still for to be taken (about half a second at the table)."""
STILL = 0.03
"""How far (in card widths) a still card's corners may wander from frame to frame."""
SURE = 0.99
"""How sure the default reader must be that a card is another one for it to be refused."""

Reader = Callable[[np.ndarray], list[tuple[str, float]]]
"""The cards read in a frame, with their confidence."""


def default_reader() -> Reader:
    """The shipped recogniser's named cards: it reads common decks, and when it is sure a
    card is another than the one asked for, the player most likely picked up the wrong one."""
    recognizer = make_recognizer()
    return lambda frame: [(d.label, d.confidence) for d in recognizer.detect(frame)
                          if d.card is not None]


def name(card: Card) -> str:
    return f"the {card.rank_name} of {card.suit.name.lower()} ({card.code})"


def taken_in(folder: Path) -> set[str]:
    """The card codes already photographed in `folder` (other images are not cards)."""
    codes = {card.code for card in ORDER}
    return {p.stem.upper() for p in folder.iterdir()
            if p.suffix.lower() in IMAGE_SUFFIXES and p.stem.upper() in codes}


@dataclass
class DeckCapture:
    """Feed it the camera's frames (`see`); it says what to do next and saves each card."""

    folder: Path
    read: Reader | None = None
    """The default reader, to refuse a card it is sure is another; None: take what is shown."""
    steady: int = STEADY
    _still: int = field(init=False, default=0)
    _last: np.ndarray | None = field(init=False, default=None)
    _clearing: bool = field(init=False, default=True)
    """Waiting for the table to be cleared before asking for the next card."""
    _begun: bool = field(init=False, default=False)
    _taken: set[str] = field(init=False)
    """The cards photographed: those in the folder at the start, and each one taken since
    (not listed from the disk again at every frame)."""

    def __post_init__(self) -> None:
        self._taken = taken_in(self.folder)

    @property
    def wanted(self) -> Card | None:
        """The next card to show, None once all 52 are taken."""
        return next((card for card in ORDER if card.code not in self._taken), None)

    @property
    def asking(self) -> Card | None:
        """The card asked for, while the table is not waiting to be cleared."""
        return None if self._clearing else self.wanted

    def see(self, frame: np.ndarray) -> list[str]:
        """What this frame changes, as lines to show the player."""
        wanted = self.wanted
        if wanted is None:
            return []
        begun, self._begun = self._begun, True
        try:
            quad = lone_card(frame)
        except NoCardError:
            self._still, self._last = 0, None
            if self._clearing:
                self._clearing = False
                return [f"lay {name(wanted)} face up, alone, in view"]
            return []
        except LearnError:  # two cards, a hand, a card half out of view
            self._still, self._last = 0, None
            return [] if begun else ["clear the table to begin"]
        if self._clearing:
            return [] if begun else ["clear the table to begin"]
        width = float(np.linalg.norm(quad[1] - quad[0]))
        moved = (np.inf if self._last is None
                 else float(np.abs(_round_from(quad, self._last) - self._last).max()))
        self._still = self._still + 1 if moved <= STILL * width else 1
        self._last = quad
        if self._still < self.steady:
            return []
        self._clearing = True
        other = self._sure_other(frame, wanted)
        if other is not None:
            return [f"that reads as {other}, not {wanted.code}: take it away and lay "
                    f"{name(wanted)}"]
        _save(frame, self.folder / f"{wanted.code}.jpg")
        self._taken.add(wanted.code)
        after = "all 52 taken" if self.wanted is None else "take it away"
        return [f"took {wanted.code} ({len(self._taken)}/52): {after}"]

    def _sure_other(self, frame: np.ndarray, wanted: Card) -> str | None:
        """The card the reader is sure this one is, when it is not the one asked for."""
        if self.read is None:
            return None
        readings = self.read(frame)
        if any(code == wanted.code for code, _ in readings):
            return None
        return next((code for code, confidence in readings if confidence >= SURE), None)


def _round_from(quad: np.ndarray, last: np.ndarray) -> np.ndarray:
    """`quad` started from the corner nearest `last`'s first: a card's outline may be found
    from either short side, frame to frame."""
    start = int(np.argmin(np.linalg.norm(quad - last[0], axis=1)))
    return np.roll(quad, -start, axis=0)


def _save(frame: np.ndarray, path: Path) -> None:
    """Whole or not at all, so a session cut short goes on from the last card taken."""
    ok, data = cv2.imencode(".jpg", frame, [cv2.IMWRITE_JPEG_QUALITY, 95])
    if not ok:
        raise OSError(f"could not encode the photo of {path.stem}")
    write_whole(path, data.tobytes())


def capture(frames: Iterable[np.ndarray], session: DeckCapture,
            say: Callable[[str], None]) -> bool:
    """Run the session over `frames` until all 52 are taken (True) or the frames end."""
    for frame in frames:
        for line in session.see(frame):
            say(line)
        if session.wanted is None:
            return True
    return session.wanted is None
