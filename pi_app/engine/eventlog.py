"""Event sourcing with undo: a state folded from its log, stepped back one player action at a
time. The game and the scoreboard both keep their state this way, so a restore is a replay
and an undo is a replay of a shorter log."""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any, ClassVar

Event = dict[str, Any]

__all__ = ["Event", "EventSourced"]


class EventSourced(ABC):
    """Keeps `events` and a redo stack; subclasses say how to fold an event and which events
    start a player's action (an undo step) rather than follow from one by the rules."""

    error: ClassVar[type[ValueError]] = ValueError
    """Raised for an undo or redo with nothing to take back or play again."""
    nothing_to_undo: ClassVar[str] = "nothing to undo"

    def __init__(self) -> None:
        self.events: list[Event] = []
        self._redo: list[list[Event]] = []

    @abstractmethod
    def _reset(self) -> None:
        """Return the state to what it is before any event."""

    @abstractmethod
    def _emit(self, event: Event) -> None:
        """Append `event` to the log and fold it into the state."""

    @abstractmethod
    def starts_action(self, event: Event) -> bool:
        """Whether `event` records a player's action (an undo step begins there) rather than
        something that followed from one by the rules."""

    @property
    def can_undo(self) -> bool:
        return any(self.starts_action(event) for event in self.events)

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    def undo(self) -> list[Event]:
        """Take back the last action and everything that followed from it; return its events."""
        if not self.can_undo:
            raise self.error(self.nothing_to_undo)
        cut = len(self.events) - 1
        while not self.starts_action(self.events[cut]):
            cut -= 1
        taken, kept = self.events[cut:], self.events[:cut]
        self.events = []
        self._reset()
        for event in kept:
            self._emit(event)
        self._redo.append(taken)
        return taken

    def redo(self) -> list[Event]:
        """Play again the last action undone; return its events."""
        if not self._redo:
            raise self.error("nothing to redo")
        step = self._redo.pop()
        for event in step:
            self._emit(event)
        return step
