"""The controls in scoreboard mode, as every LED board before ours works them.

PEG (a player's button) pegs one hole; holding it pegs one more per repeat. To peg many at
once, turn the encoder to dial the points, then press the player's PEG button. UNDO clears a
dialled amount, else takes back the last peg; holding UNDO redoes. GO starts the next game
once one is won (and clears the dial). A step the board refuses comes back as a `refused`
event, never an exception, so the table can signal it and carry on; nothing is lost.
"""

from __future__ import annotations

from pi_app.engine.scoreboard import Event, Scoreboard, ScoreboardError
from pi_app.inputs.events import InputEvent
from pi_app.inputs.pins import peg_seat


class ScoreboardControls:
    """Turns input events into scoreboard actions; `dial` is the amount waiting to be pegged."""

    def __init__(self, board: Scoreboard) -> None:
        self.board = board
        self.dial = 0

    def handle(self, event: InputEvent) -> list[Event] | None:
        """The events an input made (board events, `dial`, `refused`); None if not ours."""
        seat = peg_seat(event.control)
        try:
            if seat is not None and event.kind in ("press", "repeat"):
                return self._peg(seat, repeat=event.kind == "repeat")
            if event.control == "encoder" and event.kind == "turn":
                return self._set_dial(self.dial + event.steps)
            if event.control == "undo" and event.kind == "press":
                return self._set_dial(0) if self.dial else self.board.undo()
            if event.control == "undo" and event.kind == "long_press":
                return self.board.redo()
            if event.control == "go" and event.kind == "press":  # a new game, a clean dial
                return self.board.next_game() + (self._set_dial(0) if self.dial else [])
        except ScoreboardError as exc:
            return [{"type": "refused", "reason": str(exc)}]
        return None

    def _peg(self, seat: int, *, repeat: bool) -> list[Event]:
        if repeat or not self.dial:
            return self.board.peg(seat, 1)
        events = self.board.peg(seat, self.dial)
        return events + self._set_dial(0)

    def _set_dial(self, points: int) -> list[Event]:
        """Dial between 0 and the target (a bigger count cannot be needed)."""
        self.dial = max(0, min(points, self.board.rules.target))
        return [{"type": "dial", "points": self.dial}]
