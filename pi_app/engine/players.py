"""Players as policies: what a seat may know when it must choose, and a loop that plays games.

A computer opponent implements `Player` (two choices: what to throw, what to lay); the views
carry everything the rules let that seat know and nothing else. `SimplePlayer` picks legal
moves at random but reproducibly, from its seed and the view alone, so a game can stop and
resume anywhere and still come out the same. `drive` plays a game to its end with them.
"""

from __future__ import annotations

import zlib
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Protocol

from pi_app.engine.cards import Card
from pi_app.engine.game import Action, Event, Game, GameError
from pi_app.engine.variants import Rules

__all__ = [
    "DiscardView",
    "PlayView",
    "Player",
    "SimplePlayer",
    "discard_view",
    "drive",
    "play_game",
    "play_view",
    "step",
]


@dataclass(frozen=True, slots=True)
class DiscardView:
    """What a seat knows when throwing to the crib."""

    seat: int
    hand: tuple[Card, ...]
    dealer: int
    scores: tuple[int, ...]
    """Per side; `rules.side_of(seat)` is this seat's."""
    rules: Rules
    game: int
    deal: int

    @property
    def own_crib(self) -> bool:
        """Whether the crib belongs to this seat's side."""
        return self.rules.side_of(self.dealer) == self.rules.side_of(self.seat)


@dataclass(frozen=True, slots=True)
class PlayView:
    """What a seat knows when it is its turn in the play."""

    seat: int
    hand: tuple[Card, ...]
    """Cards still held."""
    kept: tuple[Card, ...]
    """The whole hand kept after the discard (held and already played)."""
    thrown: tuple[Card, ...]
    """The cards this seat threw to the crib."""
    dealer: int
    scores: tuple[int, ...]
    rules: Rules
    starter: Card
    played: tuple[tuple[int, Card], ...]
    """Every card played this deal, with its seat, in order."""
    run: tuple[Card, ...]
    """Cards played since the count last started at zero."""
    count: int
    playable: tuple[Card, ...]
    """The held cards that keep the count within 31 (never empty when a player is asked)."""


class Player(Protocol):
    """A policy for one seat."""

    def discard(self, view: DiscardView) -> Sequence[Card]:
        """The `view.rules.discard` cards to throw to the crib."""
        ...

    def play(self, view: PlayView) -> Card | None:
        """One of `view.playable`, or None to say go (only legal when nothing is playable)."""
        ...


def discard_view(game: Game, seat: int) -> DiscardView:
    return DiscardView(seat, tuple(game.hands[seat]), game.dealer, tuple(game.scores),
                       game.rules, game.game, game.deal_no)


def play_view(game: Game, seat: int) -> PlayView:
    assert game.starter is not None
    kept = tuple(game.kept[seat])
    thrown = tuple(game.discards[seat])
    return PlayView(seat, tuple(game.hands[seat]), kept, thrown, game.dealer,
                    tuple(game.scores), game.rules, game.starter, tuple(game.played),
                    tuple(game.run), game.count, tuple(game.playable(seat)))


class SimplePlayer:
    """Legal moves picked at random, reproducibly: the choice depends only on the seed and what
    the view shows, so resuming a stopped game makes the same choices as an unbroken run."""

    def __init__(self, seed: int | str = 0) -> None:
        self._seed = zlib.crc32(str(seed).encode())

    def _pick(self, options: int, *keys: int) -> int:
        """One of `options`, by a checksum of the seed and the keys (small numbers: cards,
        count, seat, deal), the same on every machine and Python."""
        return zlib.crc32(bytes(key & 0xFF for key in keys), self._seed) % options

    def discard(self, view: DiscardView) -> Sequence[Card]:
        throws = list(combinations(view.hand, view.rules.discard))
        key = tuple(card.index for card in view.hand)
        return throws[self._pick(len(throws), view.deal, view.seat, *key)]

    def play(self, view: PlayView) -> Card | None:
        if not view.playable:
            return None
        key = tuple(card.index for card in view.hand)
        return view.playable[self._pick(len(view.playable), view.count, view.seat, *key)]


def step(game: Game, players: Sequence[Player]) -> list[Event]:
    """Make the one next action of `game` with the policy of the seat to act; return its events.

    Computer players count their own hands exactly (muggins claims are the true count) and
    never call muggins. A policy's illegal choice raises `GameError` naming the seat.
    """
    phase = game.phase
    if game.hidden and phase in ("discard", "play"):
        raise GameError("a hidden deal is played at the table: a computer player needs the "
                        "cards it was dealt")
    if phase == "discard":
        seat = game.to_move()[0]
        cards = tuple(players[seat].discard(discard_view(game, seat)))
        return game.apply(Action("discard", seat, cards))
    if phase == "play":
        turn = game.turn
        assert turn is not None
        card = players[turn].play(play_view(game, turn)) if game.can_play(turn) else None
        return game.apply(Action("go", turn) if card is None else Action("play", turn, (card,)))
    if phase == "show":
        shower = game.to_move()[0]
        return game.apply(Action("claim", shower, points=game.true_count()))
    if phase == "deal_end":
        return game.apply(Action("next", game.dealer))
    raise GameError(f"no one can act: the game is in the {phase}")


def drive(game: Game, players: Sequence[Player]) -> Game:
    """Play `game` on from wherever it stands to its end, one policy per seat."""
    if len(players) != game.rules.players:
        raise GameError(f"{game.rules.name} needs {game.rules.players} players, "
                        f"not {len(players)}")
    while not game.over:
        step(game, players)
    return game


def play_game(
    players: Sequence[Player], rules: Rules | None = None, seed: int | str = 0, game: int = 0
) -> Game:
    """A whole game between policies; `.events` is its log, `.result` its game_end event."""
    return drive(Game(rules, seed, game), players)
