"""The rules engine: pure Python, no hardware, vision or UI imports.

Everything that knows cribbage lives here; the table app and every adapter consume it.
"""

from pi_app.engine.cards import DECK, Card, CardError, Deck, Suit, parse_card, parse_cards
from pi_app.engine.pegging import PlayError, PlayScore, go_item, score_play
from pi_app.engine.scoring import ScoreItem, ShowScore, score_show, show_points

__all__ = [
    "DECK",
    "Card",
    "CardError",
    "Deck",
    "PlayError",
    "PlayScore",
    "ScoreItem",
    "ShowScore",
    "Suit",
    "go_item",
    "parse_card",
    "parse_cards",
    "score_play",
    "score_show",
    "show_points",
]
