"""The show: counting a hand or crib with its starter, item by item, as players count aloud.

Two entry points with one rule set:
- `score_show` lists every scoring combination and the spoken count, for people;
- `show_points` gives only the total, through a table keyed by the rank multiset, for the
  advisor and the odds tables that score millions of hands.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations, product

from pi_app.engine.cards import Card, CardError, check_distinct
from pi_app.engine.words import number_word

__all__ = [
    "ScoreItem",
    "ShowScore",
    "find_fifteens",
    "find_pairs",
    "find_runs",
    "score_show",
    "show_points",
    "spoken_count",
]


@dataclass(frozen=True, slots=True)
class ScoreItem:
    """One scoring combination: what it is, which cards make it, what it is worth."""

    kind: str
    """`fifteen`, `pair`, `run`, `flush`, `nobs`, `heels`, or in the play also `thirty-one`,
    `go`, `last card`."""
    cards: tuple[Card, ...]
    points: int

    def to_json(self) -> dict[str, object]:
        return {"kind": self.kind, "cards": [c.code for c in self.cards], "points": self.points}


@dataclass(frozen=True, slots=True)
class ShowScore:
    """A counted hand or crib."""

    hand: tuple[Card, ...]
    starter: Card | None
    is_crib: bool
    items: tuple[ScoreItem, ...]

    @property
    def total(self) -> int:
        return sum(item.points for item in self.items)

    @property
    def spoken(self) -> str:
        return spoken_count(self.items)

    def to_json(self) -> dict[str, object]:
        return {
            "hand": [c.code for c in self.hand],
            "starter": self.starter.code if self.starter else None,
            "crib": self.is_crib,
            "total": self.total,
            "items": [item.to_json() for item in self.items],
            "spoken": self.spoken,
        }


@cache
def _fifteen_positions(values: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """Positions of every 2+ of these sorted pip values adding to 15: a few thousand value
    multisets cover every hand, so each is worked out once."""
    return tuple(
        combo
        for size in range(2, len(values) + 1)
        for combo in combinations(range(len(values)), size)
        if sum(values[i] for i in combo) == 15
    )


def find_fifteens(cards: Sequence[Card]) -> list[tuple[Card, ...]]:
    """Every combination of two or more cards whose pip values add to 15, smallest first,
    each in the order the cards were given."""
    order = sorted(range(len(cards)), key=lambda i: cards[i].value)
    found = sorted(
        (tuple(sorted(order[i] for i in combo))
         for combo in _fifteen_positions(tuple(cards[i].value for i in order))),
        key=lambda combo: (len(combo), combo),
    )
    return [tuple(cards[i] for i in combo) for combo in found]


def find_pairs(cards: Sequence[Card]) -> list[tuple[Card, Card]]:
    """Every two cards of one rank: a pair royal is three pairs, a double pair royal six."""
    return [(a, b) for a, b in combinations(cards, 2) if a.rank == b.rank]


def find_runs(cards: Sequence[Card]) -> list[tuple[Card, ...]]:
    """Every run of the longest length present (3+): a double run of three is two runs."""
    by_rank: dict[int, list[Card]] = {}
    for card in sorted(cards, key=lambda c: c.index):
        by_rank.setdefault(card.rank, []).append(card)
    runs: list[tuple[Card, ...]] = []
    rank = 1
    while rank <= 13:
        end = rank
        while end in by_rank:
            end += 1
        if end - rank >= 3:
            groups = [by_rank[r] for r in range(rank, end)]
            runs.extend(tuple(choice) for choice in product(*groups))
        rank = end + 1
    return runs


def _flush_item(
    hand: Sequence[Card], starter: Card | None, is_crib: bool, four_card_crib_flush: bool
) -> ScoreItem | None:
    suits = {c.suit for c in hand}
    if len(suits) != 1:
        return None
    with_starter = starter is not None and starter.suit in suits
    if with_starter:
        assert starter is not None
        return ScoreItem("flush", (*hand, starter), len(hand) + 1)
    if is_crib and not four_card_crib_flush:
        return None
    return ScoreItem("flush", tuple(hand), len(hand))


def _nobs_item(hand: Sequence[Card], starter: Card | None) -> ScoreItem | None:
    if starter is None:
        return None
    for card in hand:
        if card.rank == 11 and card.suit == starter.suit:
            return ScoreItem("nobs", (card,), 1)
    return None


def _check_show_cards(hand: Sequence[Card], starter: Card | None) -> None:
    if not 3 <= len(hand) <= 5:
        raise CardError(f"a hand or crib to show has 3 to 5 cards, not {len(hand)}")
    check_distinct(hand)
    if starter is not None and starter in hand:
        raise CardError(f"the starter {starter} is also in the hand")


def score_show(
    hand: Sequence[Card],
    starter: Card | None,
    *,
    is_crib: bool = False,
    four_card_crib_flush: bool = False,
) -> ShowScore:
    """Count a hand (3, 4 or 5 cards) or crib with its starter, itemised.

    A crib's flush counts only when the starter matches too, unless the house rule
    `four_card_crib_flush` is on.
    """
    hand = tuple(hand)
    _check_show_cards(hand, starter)
    cards = [*hand, starter] if starter is not None else list(hand)
    items = [ScoreItem("fifteen", combo, 2) for combo in find_fifteens(cards)]
    items += [ScoreItem("pair", combo, 2) for combo in find_pairs(cards)]
    items += [ScoreItem("run", combo, len(combo)) for combo in find_runs(cards)]
    extras = (_flush_item(hand, starter, is_crib, four_card_crib_flush), _nobs_item(hand, starter))
    items += [item for item in extras if item is not None]
    return ShowScore(hand, starter, is_crib, tuple(items))


@cache
def rank_points(ranks: tuple[int, ...]) -> int:
    """Fifteens, pairs and runs for a sorted rank multiset; suits play no part in them."""
    counts = Counter(ranks)
    values = [min(r, 10) for r in ranks]
    fifteens = sum(
        1
        for size in range(2, len(values) + 1)
        for combo in combinations(values, size)
        if sum(combo) == 15
    )
    pairs = sum(n * (n - 1) // 2 for n in counts.values())
    runs = 0
    rank = 1
    while rank <= 13:
        end = rank
        multiplicity = 1
        while end in counts:
            multiplicity *= counts[end]
            end += 1
        if end - rank >= 3:
            runs += (end - rank) * multiplicity
        rank = end + 1
    return 2 * fifteens + 2 * pairs + runs


def show_points(
    hand: Sequence[Card],
    starter: Card | None,
    *,
    is_crib: bool = False,
    four_card_crib_flush: bool = False,
) -> int:
    """The total of `score_show`, fast: no items, no validation of the cards."""
    cards = [*hand, starter] if starter is not None else list(hand)
    total = rank_points(tuple(sorted(c.rank for c in cards)))
    suit = hand[0].suit
    if all(c.suit == suit for c in hand):
        if starter is not None and starter.suit == suit:
            total += len(hand) + 1
        elif not is_crib or four_card_crib_flush:
            total += len(hand)
    if starter is not None:
        for card in hand:
            if card.rank == 11 and card.suit == starter.suit:
                total += 1
                break
    return total


_GROUP_NAMES = {2: ("a pair", "pairs"), 3: ("a pair royal", "pairs royal"),
                4: ("a double pair royal", "double pairs royal")}
_RUN_MULTIPLES = {1: "a run", 2: "a double run", 3: "a triple run", 4: "a quadruple run"}


def _pair_phrases(items: Sequence[ScoreItem]) -> list[tuple[str, int]]:
    """Pairs grouped as players name them: "two pairs", "a pair royal" (three pairs of a rank)."""
    pairs_by_rank: dict[int, int] = {}
    for item in items:
        if item.kind == "pair":
            rank = item.cards[0].rank
            pairs_by_rank[rank] = pairs_by_rank.get(rank, 0) + 1
    groups = {2: 0, 3: 0, 4: 0}
    for pairs in pairs_by_rank.values():
        groups[{1: 2, 3: 3, 6: 4}[pairs]] += 1
    phrases = []
    for size in (4, 3, 2):
        if groups[size]:
            one, many = _GROUP_NAMES[size]
            name = one if groups[size] == 1 else f"{number_word(groups[size])} {many}"
            phrases.append((name, groups[size] * size * (size - 1)))
    return phrases


def spoken_count(items: Sequence[ScoreItem]) -> str:
    """The count as players say it: "Fifteen two, fifteen four, and a pair is six, and nobs is
    seven" (fifteens, pairs, runs, flush, nobs), so a listener can check every point.

    A hand worth nothing is "Nineteen", the score no hand can make.
    """
    if not items:
        return "Nineteen"
    running = 0
    fifteens: list[str] = []
    for item in items:
        if item.kind == "fifteen":
            running += item.points
            fifteens.append(f"fifteen {number_word(running)}")
    named = _pair_phrases(items)
    runs = [item for item in items if item.kind == "run"]
    if runs:
        multiple = _RUN_MULTIPLES.get(len(runs), f"{number_word(len(runs))} runs")
        length = number_word(len(runs[0].cards))
        named.append((f"{multiple} of {length}", sum(item.points for item in runs)))
    for item in items:
        if item.kind == "flush":
            named.append((f"a flush of {number_word(item.points)}", item.points))
        elif item.kind == "nobs":
            named.append(("nobs", item.points))
    phrases = list(fifteens)
    for name, points in named:
        running += points
        phrases.append(f"{'and ' if phrases else ''}{name} is {number_word(running)}")
    text = ", ".join(phrases)
    return text[0].upper() + text[1:]
