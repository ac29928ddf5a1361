"""The play: what the card just laid down scores, given the cards since the count last reset."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pi_app.engine.cards import Card, CardError, check_distinct
from pi_app.engine.scoring import ScoreItem
from pi_app.engine.words import number_word

__all__ = [
    "MAX_COUNT",
    "PlayError",
    "PlayScore",
    "go_item",
    "heels_item",
    "play_count",
    "score_play",
]

MAX_COUNT = 31


class PlayError(CardError):
    """A play the rules forbid, such as taking the count past 31."""


@dataclass(frozen=True, slots=True)
class PlayScore:
    """What one card scored in the play."""

    card: Card
    count: int
    """The count after the card."""
    items: tuple[ScoreItem, ...]

    @property
    def points(self) -> int:
        return sum(item.points for item in self.items)

    @property
    def spoken(self) -> str:
        """The count announced with the score, as at the table: "Twelve for six"."""
        count = number_word(self.count).capitalize()
        return f"{count} for {number_word(self.points)}" if self.points else count

    def to_json(self) -> dict[str, object]:
        return {
            "card": self.card.code,
            "count": self.count,
            "points": self.points,
            "items": [item.to_json() for item in self.items],
            "spoken": self.spoken,
        }


def play_count(played: Sequence[Card]) -> int:
    return sum(card.value for card in played)


def score_play(
    played: Sequence[Card], *, go: bool = False, last_card: bool = False
) -> PlayScore:
    """Score the last card of `played` (every card since the count last started at zero).

    Fifteen and thirty-one are 2 each; 2, 3 or 4 cards of a rank in a row are 2, 6 or 12 in
    all; a run is the longest tail of 3+ cards whose ranks are distinct and consecutive in
    any order. They all stack. `go` (nobody can play after this card) or `last_card` (it
    ends the play) adds the point of `go_item`.
    """
    if go and last_card:
        raise PlayError("a card scores either the go or the last card, not both")
    if not played:
        raise PlayError("no card has been played")
    check_distinct(played)
    count = play_count(played)
    card = played[-1]
    if count > MAX_COUNT:
        before = count - card.value
        raise PlayError(f"{card} takes the count from {before} to {count}, past {MAX_COUNT}")
    items: list[ScoreItem] = []
    if count == 15:
        items.append(ScoreItem("fifteen", tuple(played), 2))
    elif count == MAX_COUNT:
        items.append(ScoreItem("thirty-one", tuple(played), 2))
    same = 1
    while same < len(played) and played[-same - 1].rank == card.rank:
        same += 1
    if same >= 2:
        items.append(ScoreItem("pair", tuple(played[-same:]), same * (same - 1)))
    for length in range(len(played), 2, -1):
        tail = played[-length:]
        ranks = {c.rank for c in tail}
        if len(ranks) == length and max(ranks) - min(ranks) == length - 1:
            items.append(ScoreItem("run", tuple(tail), length))
            break
    closing = go_item(count, card, is_last_card=last_card) if go or last_card else None
    if closing is not None:
        items.append(closing)
    return PlayScore(card, count, tuple(items))


def go_item(count: int, last_card: Card, *, is_last_card: bool) -> ScoreItem | None:
    """One for the go (or for the last card of the play); none when the count is exactly 31,
    which already scored two."""
    if count == MAX_COUNT:
        return None
    return ScoreItem("last card" if is_last_card else "go", (last_card,), 1)


def heels_item(starter: Card) -> ScoreItem | None:
    """Two for his heels: a jack turned as the starter scores for the dealer at once."""
    if starter.rank != 11:
        return None
    return ScoreItem("heels", (starter,), 2)
