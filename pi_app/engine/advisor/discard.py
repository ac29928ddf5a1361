"""The discard advisor: every way to lay out for the crib, with exact expected values.

The hand's value is averaged over every starter; the crib's over every pair of cards the
other player may throw and every starter after them. Both work on rank counts: fifteens,
pairs and runs depend only on ranks, so the thousands of cribs collapse into one weighted
sum over a five-rank table (`ranktable`). Flush and nobs, the only suit-dependent counts,
are added by closed-form probabilities.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

import numpy as np

from pi_app.engine.advisor.crib_model import CribModel, PairWeights, Role, pair_weights
from pi_app.engine.advisor.ranktable import Floats, falling_weights, five_rank_table
from pi_app.engine.cards import DECK, Card, CardError, check_distinct
from pi_app.engine.scoring import rank_points
from pi_app.engine.variants import Rules

__all__ = [
    "DiscardOption",
    "analyse_discards",
    "crib_ev",
    "hand_ev",
]

CRIB_SIZE = 4
HAND_FLUSH_MIN = 3
REAL_CHANCE = 1 / 3
"""Showing out outranks the average only when some way to lay out gives at least this
chance of it: a long shot is not worth the points it costs on average."""


@dataclass(frozen=True, slots=True)
class DiscardOption:
    """One way to lay out, with what it is expected to bring."""

    discard: tuple[Card, ...]
    keep: tuple[Card, ...]
    hand_ev: float
    crib_ev: float
    """Expected score of the whole crib (without his heels), whoever owns it."""
    net_ev: float
    """`hand_ev + crib_ev` for the dealer, `hand_ev - crib_ev` for the others."""
    hand_min: int
    hand_max: int
    p_hand_12: float
    """Chance the hand shows 12 or more."""
    p_show_out: float | None
    """Chance the hand alone reaches the points still needed, when the scores are known."""

    def to_json(self) -> dict[str, object]:
        return {
            "discard": [c.code for c in self.discard],
            "keep": [c.code for c in self.keep],
            "hand_ev": round(self.hand_ev, 4),
            "crib_ev": round(self.crib_ev, 4),
            "net_ev": round(self.net_ev, 4),
            "hand_min": self.hand_min,
            "hand_max": self.hand_max,
            "p_hand_12": round(self.p_hand_12, 4),
            "p_show_out": None if self.p_show_out is None else round(self.p_show_out, 4),
        }


class _Unseen:
    """The cards the asking player cannot see, counted by rank and by suit."""

    def __init__(self, seen: Sequence[Card]) -> None:
        seen_set = set(seen)
        self.cards = [c for c in DECK if c not in seen_set]
        self.size = len(self.cards)
        self.by_rank = np.zeros(13, dtype=np.float64)
        self.by_suit = [0, 0, 0, 0]
        for card in self.cards:
            self.by_rank[card.rank - 1] += 1
            self.by_suit[card.suit] += 1
        self.jacks = [c for c in self.cards if c.rank == 11]


def _hand_scores(keep: Sequence[Card], unseen: _Unseen) -> list[int]:
    """The hand's show with each unseen card as starter, in `unseen.cards` order."""
    ranks = sorted(c.rank for c in keep)
    by_rank = [rank_points(tuple(sorted([*ranks, r]))) for r in range(1, 14)]
    suit = keep[0].suit
    flush = len(keep) >= HAND_FLUSH_MIN and all(c.suit == suit for c in keep)
    nobs_suits = {c.suit for c in keep if c.rank == 11}
    scores = []
    for starter in unseen.cards:
        points = by_rank[starter.rank - 1]
        if flush:
            points += len(keep) + (starter.suit == suit)
        if starter.suit in nobs_suits:
            points += 1
        scores.append(points)
    return scores


def hand_ev(keep: Sequence[Card], seen: Sequence[Card]) -> float:
    """Expected show of `keep` over every starter not among `seen`."""
    scores = _hand_scores(keep, _Unseen(seen))
    return sum(scores) / len(scores)


def _falling(n: float, k: int) -> float:
    result = 1.0
    for i in range(k):
        result *= n - i
    return result


def _crib_suit_ev(discard: Sequence[Card], unseen: _Unseen, four_card_flush: bool) -> float:
    """Expected flush and nobs of the crib: the parts that depend on suits."""
    unknown = CRIB_SIZE - len(discard) + 1  # the other crib cards, then the starter
    total = _falling(unseen.size, unknown)
    ev = 0.0
    suit = discard[0].suit
    if all(c.suit == suit for c in discard):
        same = unseen.by_suit[suit]
        ev += 5 * _falling(same, unknown) / total
        if four_card_flush:
            ev += 4 * _falling(same, unknown - 1) * (unseen.size - same) / total
    for card in discard:
        if card.rank == 11:
            ev += unseen.by_suit[card.suit] / unseen.size
    for jack in unseen.jacks:
        in_crib = (unknown - 1) / unseen.size
        ev += in_crib * (unseen.by_suit[jack.suit] - 1) / (unseen.size - 1)
    return ev


def _crib_rank_weights(unseen: _Unseen, others: int, weights: Floats | None) -> Floats:
    """Normalised weights of the ranks of the `others` unseen crib cards, then the starter."""
    table = falling_weights(unseen.by_rank, others + 1)
    if weights is not None:
        table = table * weights[:, :, None]
    normalised: Floats = table / table.sum()
    return normalised


def crib_ev(
    discard: Sequence[Card],
    seen: Sequence[Card],
    *,
    model: CribModel = CribModel.UNIFORM,
    dealer: bool = True,
    four_card_flush: bool = False,
    tables: PairWeights | None = None,
) -> float:
    """Expected crib score with `discard` (thrown by the dealer or not) in it, the rest of
    the crib and the starter unseen."""
    unseen = _Unseen(seen)
    weights = pair_weights(model, Role.PONE if dealer else Role.DEALER, tables)
    if weights is not None and len(discard) != 2:
        raise ValueError("the realistic crib model is for two-card discards")
    rank_weights = _crib_rank_weights(unseen, CRIB_SIZE - len(discard), weights)
    return _crib_ev(discard, unseen, rank_weights, four_card_flush)


def _crib_ev(
    discard: Sequence[Card], unseen: _Unseen, rank_weights: Floats, four_card_flush: bool
) -> float:
    table = five_rank_table()[tuple(c.rank - 1 for c in discard)]
    rank_part = float(np.tensordot(table, rank_weights, axes=rank_weights.ndim))
    return rank_part + _crib_suit_ev(discard, unseen, four_card_flush)


def _check(hand: Sequence[Card], rules: Rules, model: CribModel) -> None:
    if len(hand) != rules.cards_dealt:
        raise CardError(
            f"a hand in the {rules.name} game has {rules.cards_dealt} cards, not {len(hand)}"
        )
    check_distinct(hand)
    if rules.crib_size != CRIB_SIZE:
        raise ValueError(f"the advisor counts cribs of {CRIB_SIZE} cards, not {rules.crib_size}")
    if model is CribModel.REALISTIC and (rules.players, rules.cards_dealt) != (2, 6):
        raise ValueError(
            "the realistic crib tables are for the two-hand six-card game; use model uniform"
        )


def analyse_discards(
    hand: Sequence[Card],
    *,
    dealer: bool,
    rules: Rules | None = None,
    model: CribModel = CribModel.UNIFORM,
    need: int | None = None,
    tables: PairWeights | None = None,
) -> list[DiscardOption]:
    """Every way to lay out from `hand`, best first. `dealer`: the crib is the asker's (or,
    four-hand, the asker's side's).

    Best is the highest net EV; when `need` (points still needed to win) is given and some
    way to lay out gives a real chance (`REAL_CHANCE`) of reaching it with the hand alone,
    the best chance of showing out comes first, as near the end of a game showing out
    matters more than the average. `tables` replaces the shipped realistic ones.
    """
    rules = rules or Rules()
    _check(hand, rules, model)
    unseen = _Unseen(hand)
    other = Role.PONE if dealer else Role.DEALER
    others = rules.crib_size - rules.discard
    rank_weights = _crib_rank_weights(unseen, others, pair_weights(model, other, tables))
    four_card_flush = rules.four_card_crib_flush
    options = []
    for discard in combinations(hand, rules.discard):
        keep = tuple(c for c in hand if c not in discard)
        scores = _hand_scores(keep, unseen)
        h_ev = sum(scores) / len(scores)
        c_ev = _crib_ev(discard, unseen, rank_weights, four_card_flush)
        options.append(
            DiscardOption(
                discard=discard,
                keep=keep,
                hand_ev=h_ev,
                crib_ev=c_ev,
                net_ev=h_ev + c_ev if dealer else h_ev - c_ev,
                hand_min=min(scores),
                hand_max=max(scores),
                p_hand_12=sum(s >= 12 for s in scores) / len(scores),
                p_show_out=(
                    None if need is None else sum(s >= need for s in scores) / len(scores)
                ),
            )
        )
    if any((o.p_show_out or 0.0) >= REAL_CHANCE for o in options):
        options.sort(key=lambda o: (o.p_show_out or 0.0, o.net_ev), reverse=True)
    else:
        options.sort(key=lambda o: o.net_ev, reverse=True)
    return options
