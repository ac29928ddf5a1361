"""Entering cards by hand: turn to a rank, press, turn to a suit, press.

A small state machine the table app feeds with input events. After every step it answers
with `Feedback` (what happened, said in words) and exposes the current selection, so the
status LEDs, the web page and speech can all echo the choice. Impossible input (a card
already in play or already in this hand, a card more than the deal holds) is refused with a
`refused` feedback and changes nothing.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal

from pi_app.engine.cards import RANKS, Card, Suit
from pi_app.inputs.events import InputEvent

Stage = Literal["rank", "suit", "complete"]
FeedbackKind = Literal["rank", "suit", "entered", "complete", "back", "undone", "redone",
                       "refused"]

CONFIRM_CONTROLS = frozenset({"encoder", "ok"})
"""Pressing the encoder's knob or OK confirms the selection."""

_PLURALS = {"six": "sixes"}


@dataclass(frozen=True, slots=True)
class Feedback:
    """What one step did, for the echo: `refused` is the clear signal for impossible input."""

    kind: FeedbackKind
    message: str

    def to_json(self) -> dict[str, str]:
        return {"kind": self.kind, "message": self.message}


class CardEntry:
    """Collect `count` distinct cards, none of them in `unavailable` (cards already in play)."""

    def __init__(self, count: int, unavailable: Iterable[Card] = (), *,
                 what: str = "hand") -> None:
        if not 1 <= count <= 52:
            raise ValueError(f"count must be 1 to 52 cards, not {count}")
        self.count = count
        self.what = what
        self.unavailable = frozenset(unavailable)
        self.cards: list[Card] = []
        self.stage: Stage = "rank"
        self.rank = 1
        self.suit = Suit.CLUBS
        self._redo: list[Card] = []

    # ---- what the echo shows ------------------------------------------------------------------

    @property
    def selection(self) -> tuple[int, Suit | None]:
        """The rank being chosen, and the suit once the rank is confirmed."""
        return self.rank, (self.suit if self.stage == "suit" else None)

    @property
    def selected_card(self) -> Card | None:
        """The card that pressing now would enter (only while choosing the suit)."""
        return Card.of(self.rank, self.suit) if self.stage == "suit" else None

    @property
    def description(self) -> str:
        """The state in words, e.g. "card 3 of 6: seven of hearts?"."""
        if self.stage == "complete":
            return f"{self.what} complete: {' '.join(card.code for card in self.cards)}"
        where = f"card {len(self.cards) + 1} of {self.count}"
        if self.stage == "rank":
            return f"{where}: {_rank_name(self.rank)}?"
        return f"{where}: {_card_name(Card.of(self.rank, self.suit))}?"

    def to_json(self) -> dict[str, object]:
        return {
            "stage": self.stage,
            "rank": RANKS[self.rank - 1],
            "suit": self.suit.letter if self.stage == "suit" else None,
            "cards": [card.code for card in self.cards],
            "count": self.count,
            "description": self.description,
        }

    # ---- steps ----------------------------------------------------------------------------------

    def handle(self, event: InputEvent) -> Feedback | None:
        """Act on an input event; None when the event is not one card entry uses."""
        if event.kind == "turn" and event.control == "encoder":
            return self.turn(event.steps)
        if event.kind == "press" and event.control in CONFIRM_CONTROLS:
            return self.confirm()
        if event.control == "undo" and event.kind == "press":
            return self.undo()
        if event.control == "undo" and event.kind == "long_press":
            return self.redo()
        return None

    def turn(self, steps: int) -> Feedback:
        """Move the selection; ranks wrap from king to ace, suits from spades to clubs."""
        if self.stage == "complete":
            return self._full()
        if self.stage == "rank":
            self.rank = (self.rank - 1 + steps) % 13 + 1
            return Feedback("rank", self.description)
        self.suit = Suit((self.suit + steps) % 4)
        return Feedback("suit", self.description)

    def confirm(self) -> Feedback:
        """Take the rank (then choose a suit), or enter the selected card."""
        if self.stage == "complete":
            return self._full()
        if self.stage == "rank":
            left = [s for s in Suit if self._why_not(Card.of(self.rank, s)) is None]
            if not left:
                plural = _PLURALS.get(_rank_name(self.rank), _rank_name(self.rank) + "s")
                return Feedback("refused", f"all four {plural} are already in play or entered")
            self.stage = "suit"
            if self.suit not in left:
                self.suit = left[0]
            return Feedback("suit", self.description)
        card = Card.of(self.rank, self.suit)
        reason = self._why_not(card)
        if reason is not None:
            return Feedback("refused", reason)
        self._redo.clear()
        return self._enter(card, "entered")

    def undo(self) -> Feedback:
        """Step back: from the suit to the rank, or take back the last card entered."""
        if self.stage == "suit":
            self.stage = "rank"
            return Feedback("back", self.description)
        if not self.cards:
            return Feedback("refused", "nothing to undo: no card entered yet")
        card = self.cards.pop()
        self._redo.append(card)
        self.rank, self.suit, self.stage = card.rank, card.suit, "suit"
        return Feedback("undone", f"took back {_card_name(card)}; {self.description}")

    def redo(self) -> Feedback:
        """Enter again the card last taken back."""
        if not self._redo:
            return Feedback("refused", "nothing to redo")
        if self.stage == "complete":
            return self._full()
        card = self._redo[-1]
        reason = self._why_not(card)
        if reason is not None:
            return Feedback("refused", reason)
        self._redo.pop()
        return self._enter(card, "redone")

    def _enter(self, card: Card, kind: FeedbackKind) -> Feedback:
        self.cards.append(card)
        self.rank, self.suit = card.rank, card.suit  # the next card starts here: pairs, flushes
        if len(self.cards) == self.count:
            self.stage = "complete"
            return Feedback("complete", self.description)
        self.stage = "rank"
        return Feedback(kind, f"{_card_name(card)}; {self.description}")

    def _why_not(self, card: Card) -> str | None:
        if card in self.unavailable:
            return f"{_card_name(card)} is already in play"
        if card in self.cards:
            return f"{_card_name(card)} is already in this {self.what}"
        return None

    def _full(self) -> Feedback:
        return Feedback(
            "refused", f"the {self.what} already has its {self.count} cards: undo one to change it"
        )


def _rank_name(rank: int) -> str:
    return Card.of(rank, Suit.CLUBS).rank_name


def _card_name(card: Card) -> str:
    return f"{card.rank_name} of {card.suit.name.lower()}"
