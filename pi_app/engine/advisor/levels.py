"""Computer players: the skill levels and the baselines they are measured against.

Every class here implements `pi_app.engine.players.Player`:
- `GreedyPlayer`: keeps the four cards that count most as they stand; pegs the most now.
- `EvGreedyPlayer`: exact expected-value discards (uniform crib) with greedy pegging.
- `AdvisorPlayer(level)`: the levels a table offers,
  beginner (best hand on average, ignoring the crib; most points now in the play),
  standard (net expected value with the crib; a short lookahead in the play, never leaving
  5 or 21), expert (realistic crib, score-aware near the end; full lookahead over what the
  opponent may hold, playing on only when the search says it pays).

Every choice is a pure function of the player's seed and the view, so a game stopped and
replayed (or resumed from its log) gets the same choices as one played straight through.
`make_player` builds any of them by name.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import partial
from itertools import combinations

from pi_app.engine.advisor.crib_model import CribModel
from pi_app.engine.advisor.discard import analyse_discards, hand_ev
from pi_app.engine.advisor.pegging import (
    DANGER_COUNTS,
    PlayChoice,
    PlaySearch,
    PlayState,
    choose_play,
    legal_plays,
    rank_play_points,
)
from pi_app.engine.cards import Card
from pi_app.engine.players import DiscardView, Player, PlayView, SimplePlayer
from pi_app.engine.scoring import show_points
from pi_app.engine.variants import Rules

__all__ = [
    "PLAYER_NAMES",
    "AdvisorPlayer",
    "EvGreedyPlayer",
    "GreedyPlayer",
    "Level",
    "advise_play",
    "greedy_play",
    "make_player",
    "play_state",
]

ENDGAME = 31
"""Within this many points of winning, the search counts pegging out as winning."""


class Level(StrEnum):
    BEGINNER = "beginner"
    STANDARD = "standard"
    EXPERT = "expert"

    @classmethod
    def parse(cls, text: str) -> Level:
        try:
            return cls(text)
        except ValueError:
            raise ValueError(
                f"level {text!r} is not one of: {', '.join(level.value for level in cls)}"
            ) from None


@dataclass(frozen=True)
class LevelSettings:
    model: CribModel | None
    """None: ignore the crib (beginner)."""
    score_aware: bool
    search: PlaySearch | None
    """None: most points now."""


SETTINGS: dict[Level, LevelSettings] = {
    Level.BEGINNER: LevelSettings(model=None, score_aware=False, search=None),
    Level.STANDARD: LevelSettings(
        model=CribModel.UNIFORM,
        score_aware=False,
        search=PlaySearch(holdings=12, depth=3, play_on_margin=float("inf")),
    ),
    Level.EXPERT: LevelSettings(
        model=CribModel.REALISTIC,
        score_aware=True,
        search=PlaySearch(holdings=24, depth=6, play_on_margin=0.5),
    ),
}


def greedy_play(hand: Sequence[Card], played: Sequence[Card], *, avoid_danger: bool) -> Card:
    """The legal card that pegs the most now; among equals, one that leaves no 5 or 21."""
    count = sum(c.value for c in played)
    seq = tuple(c.rank for c in played)
    legal = [c for c in hand if count + c.value <= 31]

    def key(card: Card) -> tuple[int, bool, int, int]:
        safe = not avoid_danger or count + card.value not in DANGER_COUNTS
        return (rank_play_points((*seq, card.rank)), safe, card.value, card.index)

    return max(legal, key=key)


def _own_side(rules: Rules, seat: int, scores: Sequence[int]) -> tuple[int, int]:
    """Points this seat's side still needs, and the least any other side needs."""
    side = rules.side_of(seat)
    mine = rules.target_of(side) - scores[side]
    others = [rules.target_of(s) - score for s, score in enumerate(scores) if s != side]
    return mine, min(others)


def play_state(view: PlayView, *, score_aware: bool) -> PlayState:
    """What the search needs to know, from what the seat sees. At a larger table the
    "opponent" is everyone else together, which only the two-player search reads."""
    seat = view.seat
    run_plays = view.played[len(view.played) - len(view.run):] if view.run else ()
    go_count = None
    if run_plays and run_plays[-1][0] == seat:
        streak = len(run_plays)
        while streak > 0 and run_plays[streak - 1][0] == seat:
            streak -= 1
        go_count = sum(card.value for _, card in run_plays[: streak + 1])
    theirs = tuple(card for who, card in view.played if who != seat)
    needs = None
    if score_aware:
        mine, other = _own_side(view.rules, seat, view.scores)
        if min(mine, other) <= ENDGAME:
            needs = (mine, other)
    return PlayState(
        hand=view.hand,
        played=view.run,
        history=tuple(card for _, card in view.played),
        starter=view.starter,
        opponent_cards_left=(view.rules.players - 1) * view.rules.hand_size - len(theirs),
        opponent_played=theirs,
        opponent_go_count=go_count,
        known=view.thrown,
        needs=needs,
    )


class GreedyPlayer:
    """Baseline: keeps the cards that count most without a starter; pegs the most now."""

    def discard(self, view: DiscardView) -> Sequence[Card]:
        def kept_points(throw: tuple[Card, ...]) -> tuple[int, tuple[int, ...]]:
            keep = [c for c in view.hand if c not in throw]
            return show_points(keep, None), tuple(-c.index for c in throw)

        return max(combinations(view.hand, view.rules.discard), key=kept_points)

    def play(self, view: PlayView) -> Card | None:
        if not view.playable:
            return None
        return greedy_play(view.hand, view.run, avoid_danger=False)


class EvGreedyPlayer:
    """Baseline: exact expected-value discards (uniform crib), greedy pegging."""

    def discard(self, view: DiscardView) -> Sequence[Card]:
        return analyse_discards(view.hand, dealer=view.own_crib, rules=view.rules)[0].discard

    def play(self, view: PlayView) -> Card | None:
        if not view.playable:
            return None
        return greedy_play(view.hand, view.run, avoid_danger=False)


class AdvisorPlayer:
    """A computer player at one of the skill levels.

    The play search samples the opponent's possible holdings; the sampler is seeded afresh for
    each decision from the player's seed and the view, never carried over from one decision
    to the next, so the same view always gets the same card.
    """

    def __init__(self, level: Level | str = Level.STANDARD, seed: int | str = 0) -> None:
        self.level = Level.parse(level) if isinstance(level, str) else level
        self.settings = SETTINGS[self.level]
        self._seed = str(seed)

    def discard(self, view: DiscardView) -> Sequence[Card]:
        settings = self.settings
        if settings.model is None:
            keeps = combinations(view.hand, view.rules.hand_size)
            best = max(keeps, key=lambda keep: hand_ev(keep, view.hand))
            return tuple(c for c in view.hand if c not in best)
        model = settings.model
        if model is CribModel.REALISTIC and (view.rules.players, view.rules.cards_dealt) != (2, 6):
            model = CribModel.UNIFORM
        need = None
        if settings.score_aware:
            need, _ = _own_side(view.rules, view.seat, view.scores)
        options = analyse_discards(
            view.hand, dealer=view.own_crib, rules=view.rules, model=model, need=need
        )
        return options[0].discard

    def play(self, view: PlayView) -> Card | None:
        if not view.playable:
            return None
        state = play_state(view, score_aware=self.settings.score_aware)
        rng = decision_rng(self._seed, view)
        return advise_play(state, self.level, players=view.rules.players, rng=rng).card


def decision_rng(seed: str, view: PlayView) -> random.Random:
    """A sampler for one decision, seeded by a SHA-256 of the seed and every number the view
    shows (seat, dealer, scores, starter, hand, discards, each card played and by whom, count):
    the same on every machine and Python, unlike `hash()` of a string."""
    keys = [view.seat, view.dealer, *view.scores, view.starter.index, view.count]
    for cards in (view.hand, view.kept, view.thrown):
        keys += [-1, *(card.index for card in cards)]
    keys += [-1, *(n for seat, card in view.played for n in (seat, card.index))]
    text = seed + "|" + ",".join(map(str, keys))
    return random.Random(int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big"))


PLAYERS: dict[str, Callable[[int | str], Player]] = {
    "random": SimplePlayer,
    "greedy": lambda seed: GreedyPlayer(),
    "ev-greedy": lambda seed: EvGreedyPlayer(),
    **{level.value: partial(AdvisorPlayer, level) for level in Level},
}
PLAYER_NAMES = tuple(PLAYERS)
"""The computer players by name, weakest first: random, greedy, ev-greedy, then the levels."""


def make_player(name: str, seed: int | str) -> Player:
    """The computer player called `name` (one of `PLAYER_NAMES`), seeded with `seed`; the
    greedy baselines have no randomness and ignore it."""
    try:
        build = PLAYERS[name]
    except KeyError:
        raise ValueError(f"no computer player called {name!r}; "
                         f"choose from: {', '.join(PLAYER_NAMES)}") from None
    return build(seed)


def advise_play(
    state: PlayState, level: Level, *, players: int = 2, rng: random.Random | None = None
) -> PlayChoice:
    """A level's choice in the play, with its expected value.

    The lookahead models two players; at a table of three or four the searching levels fall
    back to the most points now, never leaving 5 or 21 when another card will do.
    """
    legal = legal_plays(state.hand, state.played)
    if not legal:
        return PlayChoice(card=None, ev=0.0)
    search = SETTINGS[level].search
    if search is not None and players == 2:
        return choose_play(state, search, rng)
    seq = tuple(c.rank for c in state.played)
    options = tuple((c, float(rank_play_points((*seq, c.rank)))) for c in legal)
    card = greedy_play(state.hand, state.played, avoid_danger=True)
    return PlayChoice(card, dict(options)[card], options=options)
