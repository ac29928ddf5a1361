"""Choosing a card in the play: look ahead over what the opponent may still hold.

The play is searched on ranks (suits never score in the play). For each holding the
opponent might have, the rest of the play is solved exactly by minimax, both sides seeing
everything; averaging those values over the holdings, weighted by how likely each is, gives
the expected value of each card (expectimax over determinised holdings). Holdings are
enumerated exactly when there are few, sampled when there are many.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations_with_replacement

from pi_app.engine.cards import DECK, Card
from pi_app.engine.pegging import MAX_COUNT
from pi_app.engine.scoring import rank_points

__all__ = [
    "DANGER_COUNTS",
    "PlayChoice",
    "PlaySearch",
    "PlayState",
    "choose_play",
    "legal_plays",
    "rank_play_points",
]

DANGER_COUNTS = frozenset({5, 21})
"""Counts a ten-card turns into 15 or 31: leaving one gives the opponent two points."""
WIN = 60.0
"""Value of pegging out (ending the game) in points of play difference."""
KEEP_PREFERENCE = 0.15
"""How much likelier a holding is per point it shows: players keep counting hands."""

Ranks = tuple[int, ...]


_VALUE = tuple(min(rank, 10) for rank in range(14))
"""Pip value by rank (index 0 unused)."""


@lru_cache(maxsize=8192)
def rank_play_points(seq: Ranks) -> int:
    """What the last rank of `seq` (every rank since the count reset) pegs."""
    count = sum(_VALUE[r] for r in seq)
    points = 2 if count in (15, MAX_COUNT) else 0
    last = seq[-1]
    same = 1
    while same < len(seq) and seq[-1 - same] == last:
        same += 1
    points += same * (same - 1)
    for length in range(len(seq), 2, -1):
        tail = seq[-length:]
        if len(set(tail)) == length and max(tail) - min(tail) == length - 1:
            points += length
            break
    return points


def _without(hand: Ranks, rank: int) -> Ranks:
    at = hand.index(rank)
    return hand[:at] + hand[at + 1 :]


def _solve(
    mine: Ranks,
    theirs: Ranks,
    seq: Ranks,
    count: int,
    turn: int,
    last: int,
    depth: int,
    needs: tuple[int, int] | None,
    alpha: float = -math.inf,
    beta: float = math.inf,
) -> float:
    """Best play difference (mine minus theirs) from here, both sides seeing both hands:
    minimax with alpha-beta pruning, so a value outside (alpha, beta) is only a bound.

    `seq` and `count` are the ranks and total since the count reset; `turn` and `last` are 0
    for me, 1 for the opponent (`last` -1: no card yet this count); `needs` are the points
    each still needs to win, when the game may end in this play.
    """
    if depth == 0:
        return 0.0
    hand = mine if turn == 0 else theirs
    room = MAX_COUNT - count
    if not hand or _VALUE[hand[0]] > room:  # hands are sorted: the lowest card first
        other = theirs if turn == 0 else mine
        if other and _VALUE[other[0]] <= room:
            return _solve(mine, theirs, seq, count, 1 - turn, last, depth, needs, alpha, beta)
        if count == 0:
            return 0.0
        go_sign = 1.0 if last == 0 else -1.0
        if needs is not None and needs[last] <= 1:
            return go_sign * WIN
        if not mine and not theirs:
            return go_sign
        after = _pay(needs, last, 1)
        return go_sign + _solve(mine, theirs, (), 0, 1 - last, -1, depth, after,
                                alpha - go_sign, beta - go_sign)
    moves = []
    previous = 0
    for at, rank in enumerate(hand):
        if rank != previous and _VALUE[rank] <= room:
            previous = rank
            moves.append((rank_play_points((*seq, rank)), at, rank))
    moves.sort(reverse=True)  # the biggest score first: it usually prunes the most
    best = -math.inf if turn == 0 else math.inf
    for points, at, rank in moves:
        gain = points if turn == 0 else -points
        if needs is not None and points and needs[turn] <= points:
            outcome = WIN if turn == 0 else -WIN
        else:
            rest_hand = hand[:at] + hand[at + 1 :]
            nmine, ntheirs = (rest_hand, theirs) if turn == 0 else (mine, rest_hand)
            after = _pay(needs, turn, points)
            total = count + _VALUE[rank]
            nseq: Ranks
            if total == MAX_COUNT:  # thirty-one: the count starts again
                nseq, total, nlast = (), 0, -1
            else:
                nseq, nlast = (*seq, rank), turn
            outcome = gain + _solve(nmine, ntheirs, nseq, total, 1 - turn, nlast, depth - 1,
                                    after, alpha - gain, beta - gain)
        if turn == 0:
            best = max(best, outcome)
            alpha = max(alpha, best)
        else:
            best = min(best, outcome)
            beta = min(beta, best)
        if alpha >= beta:
            break
    return best


def _pay(needs: tuple[int, int] | None, who: int, points: int) -> tuple[int, int] | None:
    if needs is None or not points:
        return needs
    return (needs[0] - points, needs[1]) if who == 0 else (needs[0], needs[1] - points)


def legal_plays(hand: Sequence[Card], played: Sequence[Card]) -> list[Card]:
    """Cards of `hand` that keep the count at 31 or under."""
    count = sum(c.value for c in played)
    return [c for c in hand if count + c.value <= MAX_COUNT]


@dataclass(frozen=True)
class PlayState:
    """Everything the player to move knows in the play."""

    hand: tuple[Card, ...]
    """Cards still in the asking player's hand."""
    played: tuple[Card, ...]
    """Cards since the count last reset (both players')."""
    history: tuple[Card, ...]
    """Every card played this deal, this count included."""
    starter: Card | None
    opponent_cards_left: int
    opponent_played: tuple[Card, ...] = ()
    """The opponent's cards among `history`, when known: they hint at the rest of the hand."""
    opponent_go_count: int | None = None
    """The count at which the opponent said go on this count, if they did."""
    known: tuple[Card, ...] = ()
    """Other cards the player knows the opponent cannot hold (their own discards)."""
    needs: tuple[int, int] | None = None
    """Points the player and the opponent still need to win, near the end of a game."""

    @property
    def count(self) -> int:
        return sum(c.value for c in self.played)


@dataclass(frozen=True)
class PlaySearch:
    """How hard to look: holdings considered and plies searched."""

    holdings: int
    depth: int
    play_on_margin: float = 0.5
    """How much better a card leaving 5 or 21 must be before it is played on purpose."""


@dataclass(frozen=True)
class PlayChoice:
    card: Card | None
    """None: no legal card, say go."""
    ev: float
    """Expected play difference (own pegs minus opponent's) from this card to the end."""
    playing_on: bool = False
    """The card leaves 5 or 21 on purpose: its lookahead outweighs the risk."""
    options: tuple[tuple[Card, float], ...] = ()


def _unseen_for_opponent(state: PlayState) -> list[Card]:
    gone = {*state.hand, *state.history, *state.known}
    if state.starter is not None:
        gone.add(state.starter)
    pool = [c for c in DECK if c not in gone]
    if state.opponent_go_count is not None:
        limit = MAX_COUNT - state.opponent_go_count
        above = [c for c in pool if c.value > limit]
        if len(above) >= state.opponent_cards_left:
            pool = above
    return pool


def _holdings(
    state: PlayState, budget: int, rng: random.Random
) -> list[tuple[Ranks, float]]:
    """Opponent holdings as rank multisets with weights: exact if few, else sampled."""
    size = state.opponent_cards_left
    if size == 0:
        return [((), 1.0)]
    pool = _unseen_for_opponent(state)
    counts = Counter(c.rank for c in pool)
    ranks = sorted(counts)
    revealed = tuple(c.rank for c in state.opponent_played)
    if math.comb(len(ranks) + size - 1, size) <= budget:
        weighted = []
        for combo in combinations_with_replacement(ranks, size):
            ways = math.prod(math.comb(counts[r], k) for r, k in Counter(combo).items())
            if ways:
                weighted.append((combo, ways * _keep_weight(revealed, combo)))
        return weighted
    tally: Counter[Ranks] = Counter()
    for _ in range(budget):
        tally[tuple(sorted(c.rank for c in rng.sample(pool, size)))] += 1
    return [(combo, n * _keep_weight(revealed, combo)) for combo, n in tally.items()]


def _keep_weight(revealed: Ranks, holding: Ranks) -> float:
    kept = tuple(sorted((*revealed, *holding)))
    if len(kept) < 2:
        return 1.0
    return math.exp(KEEP_PREFERENCE * rank_points(kept))


def choose_play(
    state: PlayState, search: PlaySearch, rng: random.Random | None = None
) -> PlayChoice:
    """The card with the best expected play difference; go when no card is legal."""
    legal = legal_plays(state.hand, state.played)
    if not legal:
        return PlayChoice(card=None, ev=0.0)
    rng = rng or random.Random(0)
    holdings = _holdings(state, search.holdings, rng)
    total_weight = sum(w for _, w in holdings)
    mine = tuple(sorted(c.rank for c in state.hand))
    seq = tuple(c.rank for c in state.played)
    by_rank: dict[int, float] = {}
    for card in legal:
        if card.rank in by_rank:
            continue
        nseq = (*seq, card.rank)
        points = rank_play_points(nseq)
        nmine = _without(mine, card.rank)
        count = state.count + card.value
        if state.needs is not None and points and state.needs[0] <= points:
            by_rank[card.rank] = WIN
            continue
        needs = _pay(state.needs, 0, points)
        after = ((), 0, 1, -1) if count == MAX_COUNT else (nseq, count, 1, 0)
        value = 0.0
        for theirs, weight in holdings:
            value += weight * _solve(nmine, theirs, *after, search.depth - 1, needs)
        by_rank[card.rank] = points + value / total_weight
    options = tuple((card, by_rank[card.rank]) for card in legal)
    best_card, best_ev = _best(options)
    playing_on = False
    if state.count + best_card.value in DANGER_COUNTS:
        safe = [(c, v) for c, v in options if state.count + c.value not in DANGER_COUNTS]
        if safe:
            safe_card, safe_ev = _best(safe)
            if best_ev - safe_ev >= search.play_on_margin:
                playing_on = True
            else:
                best_card, best_ev = safe_card, safe_ev
    return PlayChoice(best_card, best_ev, playing_on, options)


def _best(options: Sequence[tuple[Card, float]]) -> tuple[Card, float]:
    """Highest value; among equals the higher card, keeping low cards for the end of a count."""
    return max(options, key=lambda cv: (round(cv[1], 9), cv[0].value, cv[0].index))
