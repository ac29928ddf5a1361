"""The rules engine: pure Python, no hardware, vision or UI imports.

Everything that knows cribbage lives here; the table app and every adapter consume it.
"""

from pi_app.engine.cards import (
    DECK,
    Card,
    CardError,
    Deck,
    Suit,
    check_distinct,
    parse_card,
    parse_cards,
)
from pi_app.engine.odds import ScoreDistribution, show_score_distribution
from pi_app.engine.pegging import (
    PlayError,
    PlayScore,
    go_item,
    heels_item,
    play_count,
    score_play,
)
from pi_app.engine.scoring import ScoreItem, ShowScore, score_show, show_points, spoken_count
from pi_app.engine.words import number_word

__all__ = [
    "DECK",
    "Card",
    "CardError",
    "Deck",
    "PlayError",
    "PlayScore",
    "ScoreDistribution",
    "ScoreItem",
    "ShowScore",
    "Suit",
    "check_distinct",
    "go_item",
    "heels_item",
    "number_word",
    "parse_card",
    "parse_cards",
    "play_count",
    "score_play",
    "score_show",
    "show_points",
    "show_score_distribution",
    "spoken_count",
]
