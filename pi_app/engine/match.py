"""Match play: games in a row between the same people, the games-won counters and tournament points.

A skunk is a double win (a lurch too, in a 61 game), a double skunk a triple, a triple skunk
four games. Tournaments score 2 for a game won and 3 for a skunk, and keep the spread (points
won by) as the tie-break. In Captain's each person takes a turn as the lone player, so the
people move round the seats from game to game; elsewhere they keep their seats.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Final, Literal, get_args

from pi_app.engine.game import Game, GameError
from pi_app.engine.players import Player, drive
from pi_app.engine.variants import Rules

__all__ = ["FIRST_DEALS", "GAMES_FOR_SKUNK", "FirstDeal", "Match", "play_match"]

FirstDeal = Literal["cut", "loser", "alternate"]
FIRST_DEALS: Final = get_args(FirstDeal)
GAMES_FOR_SKUNK: Final = {"none": 1, "single": 2, "double": 3, "triple": 4}
TOURNAMENT_WIN: Final = 2
TOURNAMENT_SKUNK: Final = 3


@dataclass
class Match:
    """A best-of-N match; `games` are its games in order, finished or not."""

    rules: Rules
    seed: int | str = 0
    best_of: int = 3
    first_deal: FirstDeal = "cut"
    """Who deals first after the first game: cut again, the loser of the last game, or the
    deal alternating from game to game."""
    games: list[Game] = field(default_factory=list)

    def __post_init__(self) -> None:
        if self.best_of < 1 or self.best_of % 2 == 0:
            raise GameError(f"a match is best of an odd number of games, not {self.best_of}")
        if self.first_deal not in FIRST_DEALS:
            raise GameError(f"first_deal is one of {', '.join(FIRST_DEALS)}, "
                            f"not {self.first_deal!r}")

    @property
    def people(self) -> int:
        return self.rules.players

    def seating(self, game: int) -> tuple[int, ...]:
        """Who sits in each seat in game number `game` (people numbered as in game 0)."""
        n = self.people
        shift = game % n if self.rules.lone_target is not None else 0
        return tuple((seat + shift) % n for seat in range(n))

    def _winners(self, game: Game) -> list[int]:
        assert game.result is not None
        seats = self.rules.sides[game.result["winner"]]
        seating = self.seating(game.game)
        return [seating[seat] for seat in seats]

    @property
    def finished(self) -> list[Game]:
        return [game for game in self.games if game.result is not None]

    @property
    def games_won(self) -> list[int]:
        """Games won by each person, a skunk counting two, a double skunk three."""
        won = [0] * self.people
        for game in self.finished:
            assert game.result is not None
            for person in self._winners(game):
                won[person] += GAMES_FOR_SKUNK[game.result["skunk"]]
        return won

    @property
    def tournament_points(self) -> list[int]:
        points = [0] * self.people
        for game in self.finished:
            assert game.result is not None
            award = TOURNAMENT_WIN if game.result["skunk"] == "none" else TOURNAMENT_SKUNK
            for person in self._winners(game):
                points[person] += award
        return points

    @property
    def spread(self) -> list[int]:
        """Net points won by, for each person: the winner's score less the best loser's."""
        net = [0] * self.people
        for game in self.finished:
            assert game.result is not None
            scores = game.result["scores"]
            winner = game.result["winner"]
            margin = abs(scores[winner] - max(s for i, s in enumerate(scores) if i != winner))
            for person in range(self.people):
                side = self.rules.side_of(self.seating(game.game).index(person))
                net[person] += margin if side == winner else -margin
        return net

    @property
    def over(self) -> bool:
        return max(self.games_won, default=0) > self.best_of // 2

    @property
    def winner(self) -> int | None:
        """The person who won the match, once it is over."""
        if not self.over:
            return None
        won = self.games_won
        return won.index(max(won))

    def next_game(self) -> Game:
        """Start the next game of the match."""
        if self.over:
            raise GameError("the match is over")
        if self.games and self.games[-1].result is None:
            raise GameError("the current game is not finished")
        number = len(self.games)
        game = Game(self.rules, self.seed, number, dealer=self._first_dealer(number))
        self.games.append(game)
        return game

    def _first_dealer(self, number: int) -> int | None:
        """The seat to deal first in game `number`, or None to cut for it."""
        if number == 0 or self.first_deal == "cut":
            return None
        last = self.games[-1]
        assert last.result is not None
        seats_then = self.seating(last.game)
        if self.first_deal == "alternate":
            person = (seats_then[last.events[0]["dealer"]] + 1) % self.people
        else:
            person = seats_then[self.rules.sides[_losing_side(last.result, self.rules)][0]]
        return self.seating(number).index(person)

    def to_json(self) -> dict[str, Any]:
        return {
            "variant": self.rules.name,
            "best_of": self.best_of,
            "games": len(self.games),
            "games_won": self.games_won,
            "tournament_points": self.tournament_points,
            "spread": self.spread,
            "over": self.over,
            "winner": self.winner,
            "results": [game.result for game in self.finished],
        }


def _losing_side(result: dict[str, Any], rules: Rules) -> int:
    """The side that lost a game: in lowball the one that pegged out, else the lowest."""
    scores: list[int] = result["scores"]
    sides = range(len(scores))
    if rules.lowball:
        return max(sides, key=scores.__getitem__)
    return min((s for s in sides if s != result["winner"]), key=scores.__getitem__)


def play_match(
    players: Sequence[Player],
    rules: Rules,
    seed: int | str = 0,
    best_of: int = 3,
    first_deal: FirstDeal = "cut",
) -> Match:
    """A whole match between policies, `players` indexed by person (not seat)."""
    match = Match(rules, seed, best_of, first_deal)
    while not match.over:
        game = match.next_game()
        drive(game, [players[person] for person in match.seating(game.game)])
    return match
