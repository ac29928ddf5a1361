"""Temporal filter: a card counts once it has been seen in the same zone for a few frames in a
row, and sightings that cannot happen in one deal are flagged as misreads for the player to fix.

Impossible in one deal: a card played twice (it was already played, left the table, and shows
up in a play area again); the starter turning into a different card; a card played after it
was the starter; a fifth card in one player's play area.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from pi_app.engine.cards import Card

PLAY_LIMIT = 4


@dataclass(frozen=True)
class TableEvent:
    kind: str
    """"placed" (a card is now stably on the table) or "misread" (check this card)."""
    card: Card
    zone: str | None
    reason: str = ""


@dataclass
class TemporalFilter:
    """Feed one frame's (card, zone name, zone kind) sightings at a time to `update`."""

    stable_frames: int = 3
    _streak: dict[tuple[Card, str | None], int] = field(default_factory=dict)
    _placed: dict[Card, str | None] = field(default_factory=dict)
    _played: dict[Card, str] = field(default_factory=dict)
    _starter: Card | None = None
    _on_table: set[Card] = field(default_factory=set)

    def new_deal(self) -> None:
        """Forget the deal: the next cards seen are fresh."""
        self._streak.clear()
        self._placed.clear()
        self._played.clear()
        self._starter = None
        self._on_table.clear()

    def update(self, sightings: Iterable[tuple[Card, str | None, str | None]]
               ) -> list[TableEvent]:
        """Events made true by this frame, in the order seen."""
        seen = {(card, zone): kind for card, zone, kind in sightings}
        self._streak = {key: self._streak.get(key, 0) + 1 for key in seen}
        visible = {card for card, _ in seen}
        self._on_table &= visible
        events: list[TableEvent] = []
        for (card, zone), kind in seen.items():
            if self._streak[(card, zone)] != self.stable_frames:
                continue
            if card in self._on_table and self._placed.get(card) == zone:
                continue
            events.append(self._settle(card, zone, kind))
        return events

    def _settle(self, card: Card, zone: str | None, kind: str | None) -> TableEvent:
        self._placed[card] = zone
        self._on_table.add(card)
        if kind == "starter":
            if self._starter is not None and self._starter != card:
                return TableEvent("misread", card, zone,
                                  f"the starter was already {self._starter}")
            self._starter = card
        elif kind == "play":
            if card == self._starter:
                return TableEvent("misread", card, zone, f"{card} is the starter, not a play")
            if card in self._played:
                return TableEvent("misread", card, zone,
                                  f"{card} was already played in {self._played[card]!r}")
            in_zone = sum(1 for z in self._played.values() if z == zone)
            if in_zone >= PLAY_LIMIT:
                return TableEvent("misread", card, zone,
                                  f"{zone!r} already has {PLAY_LIMIT} cards played")
            self._played[card] = zone or ""
        return TableEvent("placed", card, zone)
