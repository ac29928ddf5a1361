"""The app's own seat at the table: an engine `Player` built from the advisor, by level.

easy: the engine's `SimplePlayer` (legal, reproducible, no judgement); medium: the
advisor's best discard and a shallow play search; hard: the best discard and a deeper search.
"""

from __future__ import annotations

from collections.abc import Sequence

from pi_app.engine.advisor.discard import analyse_discards
from pi_app.engine.advisor.pegging import PlaySearch, PlayState, choose_play
from pi_app.engine.cards import Card
from pi_app.engine.players import DiscardView, Player, PlayView, SimplePlayer

SEARCH = {"medium": PlaySearch(holdings=60, depth=2), "hard": PlaySearch(holdings=200, depth=4)}


class AdvisorPlayer:
    """Throws the advisor's best discard and lays the card with the best play expectation."""

    def __init__(self, search: PlaySearch) -> None:
        self.search = search

    def discard(self, view: DiscardView) -> Sequence[Card]:
        options = analyse_discards(view.hand, dealer=view.own_crib, rules=view.rules)
        return options[0].discard

    def play(self, view: PlayView) -> Card | None:
        mine = {card for card in view.kept}
        theirs = [card for seat, card in view.played if seat != view.seat]
        state = PlayState(
            hand=view.hand,
            played=view.run,
            history=tuple(card for _, card in view.played),
            starter=view.starter,
            opponent_cards_left=len(view.kept) - len(theirs),
            opponent_played=tuple(theirs),
            known=tuple(c for c in view.thrown if c not in mine),
        )
        return choose_play(state, self.search).card


def computer_player(level: str, seed: int | str = 0) -> Player:
    if level == "easy":
        return SimplePlayer(seed)
    return AdvisorPlayer(SEARCH[level])
