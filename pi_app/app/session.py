"""A game as the table runs it: the engine's `Game`, or a bare scoreboard, plus the app's seat.

Both kinds are a list of events with undo and redo, so the controller, the store and the
board treat them alike. The card game adds what the table needs around the engine: the
computer's moves after each person's, undo that steps back to the last thing a person did,
and shows held on display until they are confirmed, so each count can be checked (or a
misread card corrected) before the board pegs it. At a real table (`SessionSpec.hidden`)
every deal is a hidden one: the engine learns the cards only as they are played and shown.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from pi_app.board.state import Pegs
from pi_app.engine.advisor import AdvisorPlayer
from pi_app.engine.game import Action, Event, Game, GameError
from pi_app.engine.players import discard_view, play_view
from pi_app.engine.scoreboard import Scoreboard, ScoreboardError
from pi_app.engine.variants import Rules

SCOREBOARD = "scoreboard"
CARDS = "cards"
MAX_PEG = 29
"""The most one count can make, so a bigger peg is a slip of the finger."""


class TableError(ValueError):
    """An action the rules or the moment refuse; the message is shown to the player."""


@dataclass(frozen=True, slots=True)
class SessionSpec:
    """Everything needed to rebuild a session from its events."""

    kind: str
    rules: Rules
    names: tuple[str, ...]
    seed: int = 0
    computer_seat: int | None = None
    level: str = "standard"
    hidden: bool = False
    """Deals made at a real table with the hands unknown (`Action("next", hidden=True)`)."""


def this_game(events: Sequence[Event]) -> Sequence[Event]:
    """The events of the game in play: a scoreboard match logs its games one after another,
    each started by a `next_game` event."""
    starts = [i for i, event in enumerate(events) if event["type"] == "next_game"]
    return events[starts[-1] + 1:] if starts else events


def fold_pegs(events: Sequence[Event], rules: Rules) -> tuple[Pegs, ...]:
    """Front and back pegs of every side after `events`, leapfrogging as on a wooden board;
    each game of a match starts again from the first hole."""
    pegs = [Pegs() for _ in rules.sides]
    for event in this_game(events):
        points = event.get("points") or 0
        if points > 0 and "player" in event and event["type"] != "game_end":
            side = rules.side_of(event["player"])
            pegs[side] = pegs[side].pegged(points)
    return tuple(pegs)


class ScoreboardSession:
    """Players count for themselves and peg points; the engine's `Scoreboard` keeps score."""

    def __init__(self, spec: SessionSpec, events: Sequence[Event] = ()) -> None:
        self.spec = spec
        self.board = Scoreboard.replay(spec.rules, events)

    @property
    def events(self) -> list[Event]:
        return self.board.events

    @property
    def winner(self) -> int | None:
        return None if self.board.result is None else int(self.board.result["winner"])

    def shown_events(self) -> list[Event]:
        return self.board.events

    def pending_show(self) -> Event | None:
        return None

    def act(self, action: dict[str, Any]) -> list[Event]:
        kind = action.get("type")
        try:
            if kind == "next_game":
                return self.board.next_game()
            if kind != "peg":
                raise TableError(f"the scoreboard pegs points or starts the next game, "
                                 f"not {kind!r}")
            player, points = action.get("player"), action.get("points")
            if not isinstance(player, int) or isinstance(player, bool):
                raise TableError(f"peg: 'player' must be a seat number, not {player!r}")
            if not isinstance(points, int) or isinstance(points, bool) or points > MAX_PEG:
                raise TableError(f"peg: 'points' must be 1 to {MAX_PEG}, not {points!r}")
            return self.board.peg(player, points)
        except ScoreboardError as exc:
            raise TableError(f"{kind}: {exc}") from exc

    @property
    def can_undo(self) -> bool:
        return self.board.can_undo

    @property
    def can_redo(self) -> bool:
        return self.board.can_redo

    def undo(self) -> None:
        try:
            self.board.undo()
        except ScoreboardError as exc:
            raise TableError(str(exc)) from exc

    def redo(self) -> None:
        try:
            self.board.redo()
        except ScoreboardError as exc:
            raise TableError(str(exc)) from exc

    def state(self) -> dict[str, Any]:
        return {**self.board.to_json(), "phase": "game_over" if self.board.over else "pegging"}


class CardSession:
    """The engine's game, with the app's seat and the show held for confirmation."""

    def __init__(self, spec: SessionSpec, events: Sequence[Event] | None = None,
                 confirmed: int | None = None) -> None:
        self.spec = spec
        rules = spec.rules
        if events:
            self.game = Game.replay([dict(e) for e in events], rules, spec.seed)
        else:  # a real table waits for its first dealer; the app deals at once
            self.game = Game(rules, spec.seed, start=not spec.hidden)
        self.computer = (AdvisorPlayer(spec.level, seed=spec.seed)
                         if spec.computer_seat is not None else None)
        self._redo_steps: list[int] = []
        self.confirmed = 0
        """Shows of this deal confirmed so far (without muggins, shows wait on display)."""
        if events is None:
            self._computer_moves()
        shows = len(self._deal_shows())
        self.confirmed = shows if confirmed is None else min(confirmed, shows)

    @property
    def events(self) -> list[Event]:
        return self.game.events

    @property
    def winner(self) -> int | None:
        result = self.game.result
        if result is None or self.pending_show() is not None:
            return None
        return int(result["winner"])

    def _deal_shows(self) -> list[Event]:
        events = self.game.events
        start = max((i for i, e in enumerate(events) if e["type"] == "deal"), default=0)
        return [e for e in events[start:] if e["type"] == "show"]

    def pending_show(self) -> Event | None:
        """The count on display waiting to be confirmed, if any."""
        if self.spec.rules.muggins:
            return None
        shows = self._deal_shows()
        return shows[self.confirmed] if self.confirmed < len(shows) else None

    def shown_events(self) -> list[Event]:
        """The events the board and log show: all, up to the first count not yet confirmed."""
        pending = self.pending_show()
        if pending is None:
            return self.game.events
        return self.game.events[: next(i for i, e in enumerate(self.game.events) if e is pending)]

    def act(self, action: dict[str, Any]) -> list[Event]:
        kind = action.get("type")
        if kind == "confirm":
            if self.pending_show() is None:
                raise TableError("confirm: no count is waiting on display")
            self.confirmed += 1
            return []
        if self.pending_show() is not None:
            raise TableError(f"{kind}: confirm the count on display first (or undo)")
        if kind == "next" and self.spec.hidden:
            action = {**action, "hidden": True}
        try:
            events = self.game.act(action)
        except GameError as exc:
            raise TableError(str(exc)) from exc
        if any(e["type"] == "deal" for e in events):
            self.confirmed = 0
        self._redo_steps.clear()
        return events + self._computer_moves()

    def _computer_moves(self) -> list[Event]:
        seat, player, game = self.spec.computer_seat, self.computer, self.game
        made: list[Event] = []
        while seat is not None and player is not None and not game.over:
            if game.phase == "discard" and seat in game.to_move():
                cards = tuple(player.discard(discard_view(game, seat)))
                made += game.apply(Action("discard", seat, cards))
            elif game.phase == "play" and game.turn == seat:
                card = player.play(play_view(game, seat)) if game.can_play(seat) else None
                made += game.apply(Action("go", seat) if card is None
                                   else Action("play", seat, (card,)))
            elif game.phase == "show" and seat in game.to_move():
                made += game.apply(Action("claim", seat, points=game.true_count()))
            else:
                break
        return made

    def _by_computer(self, event: Event) -> bool:
        return event.get("player") == self.spec.computer_seat and event["type"] != "deal"

    @property
    def can_undo(self) -> bool:
        """Whether a person has acted: undo never takes back the computer's moves alone."""
        game = self.game
        return any(game.starts_action(e) and not self._by_computer(e) for e in game.events)

    @property
    def can_redo(self) -> bool:
        return bool(self._redo_steps)

    def undo(self) -> None:
        """Take back the last thing a person did, and the computer's replies to it."""
        if not self.game.can_undo:
            raise TableError("nothing to undo")
        steps = 0
        while True:
            taken = self.game.undo()
            steps += 1
            if not self._by_computer(taken[0]):
                break
            if not self.game.can_undo:  # the computer's opening move: it would only replay it
                self.game.redo()
                steps -= 1
                break
        if steps == 0:
            raise TableError("nothing to undo: only the computer has moved")
        self._redo_steps.append(steps)
        self.confirmed = min(self.confirmed, len(self._deal_shows()))

    def redo(self) -> None:
        if not self._redo_steps:
            raise TableError("nothing to redo")
        for _ in range(self._redo_steps.pop()):
            self.game.redo()

    def state(self) -> dict[str, Any]:
        return self.game.to_json()
