"""Playing cards: the immutable card type, parsing from every notation players use, and a deck.

Cards are interned: there are exactly 52 `Card` objects, so identity, equality and hashing are
all cheap, and scoring code can index precomputed tables by `Card.index`.
"""

from __future__ import annotations

import enum
import random
from collections.abc import Iterable, Iterator, Sequence
from typing import Final

__all__ = [
    "DECK",
    "RANKS",
    "Card",
    "CardError",
    "Deck",
    "Suit",
    "check_distinct",
    "parse_card",
    "parse_cards",
]

RANKS: Final = "A23456789TJQK"
"""Rank letters in order; a card's rank number is its position here plus one (ace low)."""

RANK_NAMES: Final = (
    "", "ace", "two", "three", "four", "five", "six", "seven",
    "eight", "nine", "ten", "jack", "queen", "king",
)


class CardError(ValueError):
    """A card string that cannot be read, or cards that cannot be together."""


class Suit(enum.IntEnum):
    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def letter(self) -> str:
        return "CDHS"[self]

    @property
    def symbol(self) -> str:
        return "♣♦♥♠"[self]


class Card:
    """One of the 52 cards. Build with `Card.of(rank, suit)` or `parse_card(text)`."""

    __slots__ = ("index", "rank", "suit", "value")

    index: int
    """0..51, rank-major: `(rank - 1) * 4 + suit`."""
    rank: int
    """1 (ace) .. 13 (king)."""
    suit: Suit
    value: int
    """Pip value for fifteens and the count: ace 1, court cards 10."""

    def __init__(self, rank: int, suit: Suit) -> None:  # only called to build the 52
        self.rank = rank
        self.suit = suit
        self.index = (rank - 1) * 4 + int(suit)
        self.value = min(rank, 10)

    @staticmethod
    def of(rank: int, suit: Suit | int) -> Card:
        if not 1 <= rank <= 13:
            raise CardError(f"rank {rank} is not between 1 (ace) and 13 (king)")
        return DECK[(rank - 1) * 4 + int(suit)]

    @property
    def code(self) -> str:
        """Canonical text: rank `A 2-9 T J Q K` and suit `C D H S`, e.g. `TH`."""
        return RANKS[self.rank - 1] + self.suit.letter

    @property
    def rank_name(self) -> str:
        return RANK_NAMES[self.rank]

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"Card({self.code})"

    def __lt__(self, other: Card) -> bool:
        return self.index < other.index

    def __reduce__(self) -> tuple[object, tuple[int]]:
        return (_card_at, (self.index,))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: object) -> Card:
        return self

    def __setattr__(self, name: str, value: object) -> None:
        if hasattr(self, "value"):  # fully built: immutable from now on
            raise AttributeError("cards are immutable")
        object.__setattr__(self, name, value)


def _card_at(index: int) -> Card:
    return DECK[index]


DECK: Final[tuple[Card, ...]] = tuple(Card(r, Suit(s)) for r in range(1, 14) for s in range(4))
"""All 52 cards in index order."""

_SUIT_ALIASES: Final = {
    "c": Suit.CLUBS, "♣": Suit.CLUBS, "♧": Suit.CLUBS,
    "d": Suit.DIAMONDS, "♦": Suit.DIAMONDS, "♢": Suit.DIAMONDS,
    "h": Suit.HEARTS, "♥": Suit.HEARTS, "♡": Suit.HEARTS,
    "s": Suit.SPADES, "♠": Suit.SPADES, "♤": Suit.SPADES,
}
_RANK_ALIASES: Final = {**{r.lower(): i + 1 for i, r in enumerate(RANKS)}, "10": 10, "1": 1}
# Unicode playing cards: U+1F0A1.. spades, B1 hearts, C1 diamonds, D1 clubs; low nibble is the
# rank with C = knight (not in a French deck), F = joker.
_GLYPH_SUITS: Final = {0xA: Suit.SPADES, 0xB: Suit.HEARTS, 0xC: Suit.DIAMONDS, 0xD: Suit.CLUBS}
_GLYPH_RANKS: Final = {**{n: n for n in range(1, 11)}, 0xB: 11, 0xD: 12, 0xE: 13}


def _parse_glyph(token: str) -> Card:
    point = ord(token)
    if point == 0x1F0A0:
        raise CardError(f"{token!r} is the back of a card, not a card")
    high, low = (point >> 4) & 0xF, point & 0xF
    if high in (0xE, 0xF):
        raise CardError(f"{token!r} is a tarot trump; cribbage uses a 52-card pack")
    if high not in _GLYPH_SUITS:
        raise CardError(f"{token!r} is not a playing card")
    if low == 0xF:
        raise CardError(f"{token!r} is a joker; cribbage uses a 52-card pack")
    if low == 0xC:
        raise CardError(f"{token!r} is a knight (tarot pack); cribbage uses a 52-card pack")
    if low not in _GLYPH_RANKS:
        raise CardError(f"{token!r} is not a playing card")
    return Card.of(_GLYPH_RANKS[low], _GLYPH_SUITS[high])


_BY_CODE: Final = {
    spelling: card
    for card in DECK
    for code in (card.code, card.code.replace("T", "10"))
    for spelling in (code, code.lower())
}
"""The usual spellings (`TH`, `th`, `10H`, `10h`), read with one look-up."""

_VARIATION_SELECTORS: Final = "\ufe0e\ufe0f"
"""Text/emoji presentation marks that phones add after ♥ and friends: not part of the card."""


def parse_card(text: str) -> Card:
    """Read `5H`, `10h`, `TH`, `5♥`, `5♡`, `5♥️` or a Unicode card glyph such as 🂵."""
    if not isinstance(text, str):
        raise CardError(f"{text!r} is not a card: expected text like 5H")
    known = _BY_CODE.get(text)
    if known is not None:
        return known
    token = text.strip().rstrip(_VARIATION_SELECTORS)
    if len(token) == 1 and 0x1F0A0 <= ord(token) <= 0x1F0FF:
        return _parse_glyph(token)
    if len(token) < 2:
        raise CardError(f"{text!r} is not a card: expected a rank then a suit, like 5H or TH")
    rank_text, suit_text = token[:-1].lower(), token[-1].lower()
    if rank_text not in _RANK_ALIASES:
        raise CardError(f"{text!r}: {token[:-1]!r} is not a rank (A 2-10 T J Q K)")
    if suit_text not in _SUIT_ALIASES:
        raise CardError(f"{text!r}: {token[-1]!r} is not a suit (C D H S or ♣♦♥♠)")
    return Card.of(_RANK_ALIASES[rank_text], _SUIT_ALIASES[suit_text])


def parse_cards(texts: str | Iterable[str | Card]) -> list[Card]:
    """Several cards, from a list of strings/cards or one string separated by spaces or commas.

    A card named twice is an error: no real hand holds the same card twice.
    """
    if isinstance(texts, str):
        tokens: list[str | Card] = [t for t in texts.replace(",", " ").split() if t]
    else:
        tokens = list(texts)
    cards: list[Card] = []
    seen: dict[Card, tuple[int, str]] = {}
    for number, token in enumerate(tokens, start=1):
        card = token if isinstance(token, Card) else parse_card(token)
        text = str(token)
        if card in seen:
            first_number, first_text = seen[card]
            if text == first_text:
                raise CardError(f"{text} appears twice (cards {first_number} and {number})")
            raise CardError(
                f"{text!r} (card {number}) is {first_text!r} (card {first_number}) again: "
                f"{card} appears twice"
            )
        seen[card] = (number, text)
        cards.append(card)
    return cards


def check_distinct(cards: Sequence[Card]) -> None:
    """Raise `CardError` naming the first card that appears twice."""
    seen: set[Card] = set()
    for card in cards:
        if card in seen:
            raise CardError(f"{card} appears twice")
        seen.add(card)


class Deck:
    """A 52-card pack shuffled by a seeded generator, so a seed replays the same deal."""

    def __init__(self, seed: int | None = None, rng: random.Random | None = None) -> None:
        self._rng = rng if rng is not None else random.Random(seed)
        self._cards: list[Card] = list(DECK)
        self._rng.shuffle(self._cards)

    def __len__(self) -> int:
        return len(self._cards)

    def __iter__(self) -> Iterator[Card]:
        return iter(self._cards)

    def deal(self, n: int = 1) -> list[Card]:
        """Take `n` cards off the top."""
        if n > len(self._cards):
            raise CardError(f"cannot deal {n} cards: only {len(self._cards)} left in the pack")
        dealt, self._cards = self._cards[:n], self._cards[n:]
        return dealt

    def cut(self, min_leave: int = 4) -> Card:
        """Cut the pack and turn the top card of the lower part (the starter), as at the table."""
        if len(self._cards) < 2 * min_leave:
            raise CardError("too few cards left to cut")
        at = self._rng.randint(min_leave, len(self._cards) - min_leave)
        self._cards = self._cards[at:] + self._cards[:at]
        return self._cards.pop(0)
