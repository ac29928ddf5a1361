"""Exact show-score odds: how many of all hand-and-starter combinations score each total.

Fifteens, pairs and runs depend only on ranks, so the 12,994,800 four-card hands with a
starter collapse to 1,820 hand rank multisets times 13 starter ranks. Suits matter only for
the flush and nobs, and the number of suit choices giving each is counted in closed form,
so the whole table takes a few thousand table look-ups instead of millions of scorings.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from itertools import combinations_with_replacement
from math import comb, prod

from pi_app.engine.scoring import rank_points

__all__ = ["ScoreDistribution", "combinations_count", "show_score_distribution"]

JACK = 11
SUITS = 4


def combinations_count(hand_size: int = 4) -> int:
    """Hands of `hand_size` cards times the starters left for each: C(52, 4) * 48 for four."""
    return comb(13 * SUITS, hand_size) * (13 * SUITS - hand_size)


@dataclass(frozen=True, slots=True)
class ScoreDistribution:
    """How many hand-and-starter combinations score each total (index = score)."""

    counts: tuple[int, ...]
    is_crib: bool
    hand_size: int

    @property
    def total(self) -> int:
        return sum(self.counts)

    @property
    def mean(self) -> float:
        return sum(score * n for score, n in enumerate(self.counts)) / self.total

    def probability(self, score: int) -> float:
        return self.counts[score] / self.total if 0 <= score < len(self.counts) else 0.0

    def at_least(self, score: int) -> float:
        """The chance of scoring `score` or more: how rare a 24 (or better) is."""
        return sum(self.counts[max(score, 0):]) / self.total

    def to_json(self) -> dict[str, int]:
        """Score (as text, JSON keys being strings) to count, for every possible score."""
        return {str(score): n for score, n in enumerate(self.counts)}


@dataclass(frozen=True, slots=True)
class _SuitSplit:
    """How the suit choices for one (hand ranks, starter rank) split by flush and nobs."""

    total: int
    five_flush_nobs: int
    five_flush: int
    short_flush: int
    nobs: int

    @property
    def plain(self) -> int:
        return self.total - self.five_flush_nobs - self.five_flush - self.short_flush - self.nobs


def _suit_split(hand_counts: Counter[int], starter_rank: int, hand_size: int) -> _SuitSplit:
    """Count suit choices for the hand's ranks and the starter, by what flush and nobs score.

    Each rank held `c` times can take C(4, c) sets of suits; the starter takes one of the
    suits its rank has left. A flush needs distinct ranks: 4 suits for the hand, and the
    starter either matches (only if its rank is not held) or takes one of 3 others. Nobs needs
    a held jack in the starter's suit: pick that suit (4), the other jacks' suits from the 3
    left, and the held starter-rank cards' suits from the 3 that are not the starter's.
    """
    held_starter_rank = hand_counts[starter_rank]
    hand_ways = prod(comb(SUITS, c) for c in hand_counts.values())
    total = hand_ways * (SUITS - held_starter_rank)
    five_flush = short_flush = 0
    if len(hand_counts) == hand_size:
        five_flush = SUITS if held_starter_rank == 0 else 0
        short_flush = SUITS * (SUITS - 1)
    jacks = hand_counts[JACK]
    nobs = 0
    if jacks and starter_rank != JACK:
        other_ways = hand_ways // (comb(SUITS, jacks) * comb(SUITS, held_starter_rank))
        nobs = SUITS * comb(SUITS - 1, jacks - 1) * comb(SUITS - 1, held_starter_rank) * other_ways
    # A five-card flush holding a jack always has nobs (the jack is in the starter's suit);
    # a short flush never does (its only jack is in another suit than the starter).
    five_flush_nobs = five_flush if jacks else 0
    return _SuitSplit(
        total=total,
        five_flush_nobs=five_flush_nobs,
        five_flush=five_flush - five_flush_nobs,
        short_flush=short_flush,
        nobs=nobs - five_flush_nobs,
    )


def _rank_cases(hand_size: int) -> Iterator[tuple[tuple[int, ...], Counter[int], int]]:
    """Every hand rank multiset (sorted ranks and counts) with every starter rank left."""
    for ranks in combinations_with_replacement(range(1, 14), hand_size):
        counts = Counter(ranks)
        if max(counts.values()) > SUITS:
            continue
        for starter_rank in range(1, 14):
            if counts[starter_rank] < SUITS:
                yield ranks, counts, starter_rank


@cache
def show_score_distribution(
    *, is_crib: bool = False, four_card_crib_flush: bool = False, hand_size: int = 4
) -> ScoreDistribution:
    """The exact distribution of `show_points` over every hand (or crib) and starter.

    `hand_size` 3 and 5 give the five- and seven-card games' hands; a crib always has 4.
    """
    if not 3 <= hand_size <= 5:
        raise ValueError(f"a hand to show has 3 to 5 cards, not {hand_size}")
    if is_crib and hand_size != 4:
        raise ValueError(f"a crib has 4 cards in every game, not {hand_size}")
    short_flush_points = 0 if is_crib and not four_card_crib_flush else hand_size
    counts: Counter[int] = Counter()
    for ranks, hand_counts, starter_rank in _rank_cases(hand_size):
        base = rank_points(tuple(sorted((*ranks, starter_rank))))
        split = _suit_split(hand_counts, starter_rank, hand_size)
        counts[base] += split.plain
        counts[base + 1] += split.nobs
        counts[base + short_flush_points] += split.short_flush
        counts[base + hand_size + 1] += split.five_flush
        counts[base + hand_size + 2] += split.five_flush_nobs
    top = max(score for score, n in counts.items() if n)
    return ScoreDistribution(tuple(counts[s] for s in range(top + 1)), is_crib, hand_size)
