"""Scoring ops: count a show, score a card in the play, his heels, and the show-score odds."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from pi_app.engine.odds import show_score_distribution
from pi_app.engine.pegging import heels_item, score_play
from pi_app.engine.scoring import score_show
from pi_app.engine_protocol.server import (
    Handler,
    ProtocolError,
    Request,
    card_field,
    cards_field,
    flag_field,
)


def score(request: Request) -> Mapping[str, Any]:
    """`{"hand": [...], "starter": "5D", "crib": false}` -> total, items, spoken count."""
    hand = cards_field(request, "hand")
    starter = card_field(request, "starter")
    result = score_show(
        hand,
        starter,
        is_crib=flag_field(request, "crib"),
        four_card_crib_flush=flag_field(request, "four_card_crib_flush"),
    )
    return {
        "total": result.total,
        "items": [item.to_json() for item in result.items],
        "spoken": result.spoken,
    }


def peg(request: Request) -> Mapping[str, Any]:
    """`{"played": [...]}` (cards since the count was last 0) -> what the last card scores."""
    played = cards_field(request, "played")
    result = score_play(
        played, go=flag_field(request, "go"), last_card=flag_field(request, "last_card")
    )
    return {
        "count": result.count,
        "points": result.points,
        "items": [item.to_json() for item in result.items],
        "spoken": result.spoken,
    }


def heels(request: Request) -> Mapping[str, Any]:
    """`{"starter": "JD"}` -> the dealer's 2 for his heels when the starter is a jack."""
    item = heels_item(card_field(request, "starter"))
    return {"points": item.points if item else 0, "items": [item.to_json()] if item else []}


def odds(request: Request) -> Mapping[str, Any]:
    """`{"crib": false, "cards": 4}` -> how many hand-and-starter combinations score each total."""
    cards = request.get("cards", 4)
    if type(cards) is not int or not 3 <= cards <= 5:
        raise ProtocolError(f"cards: expected 3, 4 or 5 cards in the hand, not {json.dumps(cards)}")
    table = show_score_distribution(
        is_crib=flag_field(request, "crib"),
        four_card_crib_flush=flag_field(request, "four_card_crib_flush"),
        hand_size=cards,
    )
    return {"counts": table.to_json(), "total": table.total, "mean": table.mean}


OPS: dict[str, Handler] = {"score": score, "peg": peg, "heels": heels, "odds": odds}
