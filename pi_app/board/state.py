"""What the board shows: every side's pegs and games won, and who deals, plays, and said go.

The table app fills a `BoardState` from the game; the renderer turns it into a frame. A side
is a player, or a partnership in the four-hand game.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from pi_app.board.layout import GAME_HOLE, MAX_GAMES_WON

__all__ = ["BoardState", "Pegs", "StateError"]


class StateError(ValueError):
    """A board state no real board could show, such as a peg past the game hole."""


@dataclass(frozen=True, slots=True)
class Pegs:
    """A side's two pegs: the front marks the score, the back the score before the last peg.

    `back` is None when it should not be drawn (before anything has been pegged, or when the
    caller only knows the score).
    """

    front: int = 0
    back: int | None = None

    def __post_init__(self) -> None:
        if not 0 <= self.front <= GAME_HOLE:
            raise StateError(f"front peg at {self.front}: holes run 0..{GAME_HOLE}")
        if self.back is not None and not 0 <= self.back <= self.front:
            raise StateError(f"back peg at {self.back}: must be 0..front peg ({self.front})")

    def pegged(self, points: int) -> Pegs:
        """Leapfrog as on a wooden board: the back peg jumps ahead `points` past the front."""
        if points < 0:
            raise StateError(f"cannot peg {points} points")
        return Pegs(front=min(self.front + points, GAME_HOLE), back=self.front)


@dataclass(frozen=True, slots=True)
class BoardState:
    """One moment of the game as the board shows it. Sides are numbered from 0."""

    pegs: tuple[Pegs, ...] = (Pegs(), Pegs())
    games_won: tuple[int, ...] = field(default=())
    dealer: int | None = None
    turn: int | None = None
    go: int | None = None
    """The side that last said "go", shown until the count restarts."""
    skunk_lines: tuple[int, ...] | None = None
    """Skunk lines in play (some of 91, 61, 31); None: the layout's marks; (): no skunks."""

    def __post_init__(self) -> None:
        sides = len(self.pegs)
        if not 2 <= sides <= 3:
            raise StateError(f"a board shows 2 or 3 sides, got {sides}")
        if len(self.games_won) > sides:
            raise StateError(f"games_won has {len(self.games_won)} entries for {sides} sides")
        for side, won in enumerate(self.games_won):
            if not 0 <= won <= MAX_GAMES_WON:
                raise StateError(f"side {side} games won {won}: must be 0..{MAX_GAMES_WON}")
        if self.skunk_lines is not None and not set(self.skunk_lines) <= {31, 61, 91}:
            raise StateError(f"skunk lines {self.skunk_lines}: use some of 91, 61, 31")
        for name in ("dealer", "turn", "go"):
            side = getattr(self, name)
            if side is not None and not 0 <= side < sides:
                raise StateError(f"{name} is side {side}, but sides are 0..{sides - 1}")

    @property
    def winner(self) -> int | None:
        """The side whose front peg is in the game hole, if any."""
        for side, pegs in enumerate(self.pegs):
            if pegs.front == GAME_HOLE:
                return side
        return None

    def won_games(self, side: int) -> int:
        return self.games_won[side] if side < len(self.games_won) else 0

    def with_pegs(self, side: int, pegs: Pegs) -> BoardState:
        return replace(self, pegs=tuple(pegs if i == side else p for i, p in enumerate(self.pegs)))
