"""Learn my deck from the page: the table's camera asks for each card in turn (spoken and on
the page), then learns the deck in the background and reads with it from then on, and at
every start while `[camera] deck` names no other profile.

The photos go to `deck-photos/` beside the game log and the profile to `[camera] deck` when
that is set, else to `deck.npz` there; photos already taken count, so stopping and starting
again goes on where it stopped.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pi_app.app.camera import CardWatcher, Look
from pi_app.engine.cards import Card
from pi_app.vision.capture import DeckCapture, default_reader, taken_in
from pi_app.vision.learn import LearnError, learn_deck
from pi_app.vision.recognizer import Recognizer

PHOTOS = "deck-photos"
PROFILE = "deck.npz"
SCENES = 40
"""Synthetic tables the deck is learned on, as `crib deck learn` does."""


def learned_profile(storage: Path) -> Path:
    """Where the deck learned from the page is kept, beside the game log."""
    return storage.parent / PROFILE


def deck_in_use(configured: Path | None, storage: Path) -> Path | None:
    """The deck profile the table reads with: `[camera] deck`, else the one learned on the
    page, else none (the default recogniser)."""
    learned = learned_profile(storage)
    return configured or (learned if learned.is_file() else None)


@dataclass
class DeckLearning:
    """The page's "Learn my deck": take photos (`look` at each frame), then learn in a thread."""

    watcher: CardWatcher
    storage: Path
    """The game log's path: the photos go beside it."""
    profile: Path
    """Where the learned deck is saved, for every start to read."""
    say: Callable[[str], None]
    check: bool = True
    """Refuse a card the default reader is sure is another (see `DeckCapture`)."""
    scenes: int = SCENES
    phase: str = "idle"
    """idle, capturing, learning, learned, or failed."""
    message: str = ""
    listeners: list[Callable[[], None]] = field(default_factory=list)
    """Told when `state` changes, from whichever thread changed it (the page's publisher
    hands itself to the server's loop)."""
    _capture: DeckCapture | None = field(init=False, default=None)
    _lock: threading.Lock = field(init=False, default_factory=threading.Lock)

    @property
    def photos(self) -> Path:
        return self.storage.parent / PHOTOS

    @property
    def capturing(self) -> bool:
        return self.phase == "capturing"

    @property
    def asking(self) -> Card | None:
        """The card the table is waiting to see laid, while it is (not while it waits for the
        table to be cleared): what the simulator's players lay."""
        capture = self._capture
        return capture.asking if capture is not None else None

    def state(self) -> dict[str, Any]:
        taken = len(taken_in(self.photos)) if self.photos.is_dir() else 0
        return {"phase": self.phase, "message": self.message, "taken": taken}

    def start(self) -> None:
        with self._lock:
            if self.phase == "learning":
                raise ValueError("the deck is being learned: wait for it to finish")
            self.photos.mkdir(parents=True, exist_ok=True)
            self._capture = DeckCapture(self.photos, default_reader() if self.check else None)
            self._set("capturing", "clear the table: each card will be asked for in turn")

    def stop(self) -> None:
        with self._lock:
            if self.phase == "capturing":
                self._capture = None
                taken = len(taken_in(self.photos))
                self._set("idle", f"stopped with {taken} of 52 cards taken; start again to go on")

    def look(self) -> None:
        """Take a frame for the capture (slow: run in the camera's worker thread); the page's
        camera view shows it."""
        frame = self.watcher.source.read()
        capture = self._capture
        if frame is None or capture is None:
            return
        self.watcher.last = Look(frame, [])
        lines = capture.see(frame)
        for line in lines:
            self.say(line)
        if lines:
            with self._lock:
                if self._capture is capture:
                    self.message = lines[-1]
        if capture.wanted is None:
            with self._lock:
                if self._capture is not capture:
                    return
                self._capture = None
                self._set("learning", "all 52 taken: learning the deck (a few minutes on a Pi)")
            threading.Thread(target=self._learn, name="deck-learning", daemon=True).start()
        elif lines:
            self._changed()

    def _learn(self) -> None:
        try:
            model = learn_deck(self.photos, scenes=self.scenes)
            model.save(self.profile)
        except (LearnError, OSError) as exc:  # photos that cannot teach it, a full disk
            with self._lock:
                self._set("failed", f"the deck could not be learned: {exc}")
            self.say("the deck could not be learned")
            return
        self.watcher.recognizer = Recognizer.for_profile(model, self.watcher.recognizer.threshold)
        with self._lock:
            self._set("learned", "deck learned: the camera reads it from now on")
        self.say("deck learned")

    def _set(self, phase: str, message: str) -> None:
        self.phase, self.message = phase, message
        self._changed()

    def _changed(self) -> None:
        for listener in list(self.listeners):
            listener()
