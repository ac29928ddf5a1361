"""Scoreboard mode: no cards, players count for themselves and peg with the buttons.

The board still knows the target, the skunk lines and the games won, as the rules say, and
every peg can be undone and redone. Like `Game`, the state is a fold over JSON-ready events,
so the log in storage restores a match after a power cut (`Scoreboard.replay`); one player
action (a peg, or starting the next game) is one undo step, together with what followed from
it by the rules (crossing a skunk line, winning the game).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Final

from pi_app.engine.eventlog import Event, EventSourced
from pi_app.engine.match import GAMES_FOR_SKUNK
from pi_app.engine.variants import Rules, RulesError, SkunkKind, game_result, skunk_kind

__all__ = [
    "Event",
    "Scoreboard",
    "ScoreboardError",
    "skunk_lines",
]


_ACTIONS: Final = ("peg", "next_game")
"""Event types a player causes; `line` and `game_end` follow from them by the rules."""


class ScoreboardError(ValueError):
    """A peg or step the scoreboard cannot take now; nothing has changed."""


def skunk_lines(rules: Rules, target: int | None = None) -> tuple[tuple[int, SkunkKind], ...]:
    """Where the skunk lines lie, as (score, kind escaped) from the lowest: reaching 61 in a
    121 game escapes the double skunk, 91 the skunk. Read off the rules' own `skunk_kind`."""
    goal = rules.target if target is None else target
    lines: list[tuple[int, SkunkKind]] = []
    previous = skunk_kind(0, rules, goal)
    for score in range(1, goal + 1):
        kind = skunk_kind(score, rules, goal)
        if kind != previous:
            lines.append((score, previous))
            previous = kind
    return tuple(lines)


class Scoreboard(EventSourced):
    """A match of games pegged by hand, for the sides the rules seat (partners share a score)."""

    error = ScoreboardError
    nothing_to_undo = "nothing to undo: no one has pegged yet"

    def __init__(self, rules: Rules | None = None) -> None:
        super().__init__()
        self.rules = rules if rules is not None else Rules()
        self._reset()

    @classmethod
    def replay(cls, rules: Rules, events: Iterable[Event]) -> Scoreboard:
        """Rebuild a match from its event log."""
        board = cls(rules)
        for event in events:
            board._emit(dict(event))
        return board

    def _reset(self) -> None:
        sides = len(self.rules.sides)
        self.game = 1
        self.scores: list[int] = [0] * sides
        self.games_won: list[int] = [0] * sides
        """Games each side has won in this match, skunks counting double (or more)."""
        self.result: Event | None = None
        """The `game_end` event once the current game is won."""

    @property
    def over(self) -> bool:
        """The current game has been won; `next_game` starts another."""
        return self.result is not None

    def starts_action(self, event: Event) -> bool:
        return event["type"] in _ACTIONS

    # ---- actions --------------------------------------------------------------------------------

    def peg(self, seat: int, points: int = 1) -> list[Event]:
        """The player in `seat` pegs `points` for their side; return the events it made."""
        if self.result is not None:
            winner = self.result["winner"]
            raise ScoreboardError(
                f"game {self.game} is over (side {winner} won): start the next game first"
            )
        if isinstance(points, bool) or not isinstance(points, int) or points < 1:
            raise ScoreboardError(f"points must be a whole number of at least 1, not {points!r}")
        try:
            side = self.rules.side_of(seat)
        except RulesError as exc:
            raise ScoreboardError(str(exc)) from None
        before = self.scores[side]
        after = before + points
        step: list[Event] = [
            {"type": "peg", "player": seat, "points": points, "reason": "scoreboard",
             "side": side, "score": after}
        ]
        if not self.rules.lowball:
            step += [
                {"type": "line", "side": side, "score": line, "escaped": kind}
                for line, kind in skunk_lines(self.rules, self.rules.target_of(side))
                if before < line <= after
            ]
        if after >= self.rules.target_of(side):
            scores = list(self.scores)
            scores[side] = after
            step.append(self._game_end(side, scores))
        return self._act(step)

    def next_game(self) -> list[Event]:
        """Start the next game of the match once this one is won."""
        if self.result is None:
            scores = ", ".join(str(score) for score in self.scores)
            raise ScoreboardError(f"game {self.game} is still being played ({scores})")
        return self._act([{"type": "next_game", "game": self.game + 1}])

    def _act(self, step: list[Event]) -> list[Event]:
        for event in step:
            self._emit(event)
        self._redo.clear()
        return step

    def _game_end(self, out: int, scores: list[int]) -> Event:
        rules = self.rules
        winner, skunk = game_result(scores, rules, out)
        return {"type": "game_end", "game": self.game, "scores": scores, "winner": winner,
                "winner_seats": list(rules.sides[winner]), "skunk": skunk,
                "lowball": rules.lowball, "games": GAMES_FOR_SKUNK[skunk]}

    # ---- the fold -------------------------------------------------------------------------------

    def _emit(self, event: Event) -> None:
        kind = event["type"]
        if kind == "peg":
            self.scores[self.rules.side_of(event["player"])] += event["points"]
        elif kind == "game_end":
            self.result = event
            self.games_won[event["winner"]] += event["games"]
        elif kind == "next_game":
            self.game = event["game"]
            self.scores = [0] * len(self.scores)
            self.result = None
        elif kind != "line":
            raise ScoreboardError(f"unknown scoreboard event type {kind!r}")
        self.events.append(event)

    def to_json(self) -> dict[str, Any]:
        """The visible state, for the board, the page and the protocol."""
        rules = self.rules
        return {
            "mode": "scoreboard",
            "variant": rules.name,
            "game": self.game,
            "scores": list(self.scores),
            "games_won": list(self.games_won),
            "sides": [list(seats) for seats in rules.sides],
            "targets": [rules.target_of(side) for side in range(len(rules.sides))],
            "lines": [[list(line) for line in skunk_lines(rules, rules.target_of(side))]
                      for side in range(len(rules.sides))],
            "result": self.result,
            "can_undo": self.can_undo,
            "can_redo": self.can_redo,
        }
