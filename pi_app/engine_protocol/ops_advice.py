"""Advice ops: how to lay out for the crib (`discard`) and which card to play (`play`)."""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
from typing import Any

from pi_app.engine.advisor.crib_model import CribModel
from pi_app.engine.advisor.discard import analyse_discards
from pi_app.engine.advisor.levels import ENDGAME, Level, advise_play
from pi_app.engine.advisor.pegging import PlayState
from pi_app.engine.cards import CardError, check_distinct
from pi_app.engine.pegging import MAX_COUNT
from pi_app.engine.variants import Rules, RulesError, preset
from pi_app.engine_protocol.server import (
    Handler,
    ProtocolError,
    Request,
    card_field,
    cards_field,
    flag_field,
)


def _rules(request: Request) -> Rules:
    name = request.get("variant", "six-card")
    if not isinstance(name, str):
        raise ProtocolError(f"variant: expected a variant name such as \"six-card\", "
                            f"not {json.dumps(name)}")
    try:
        return preset(name)
    except RulesError as exc:
        raise ProtocolError(f"variant: {exc}") from None


def _dealer(request: Request) -> bool:
    if "dealer" not in request:
        raise ProtocolError("missing field 'dealer': true when the asking player dealt")
    return flag_field(request, "dealer")


def _scores(request: Request) -> tuple[int, int] | None:
    """`scores` is [own, opponent]; absent means the score is not taken into account."""
    value = request.get("scores")
    if value is None:
        return None
    if (not isinstance(value, list) or len(value) != 2
            or not all(type(v) is int and v >= 0 for v in value)):
        raise ProtocolError(f"scores: expected [own, opponent] as two whole numbers of 0 or "
                            f"more, not {json.dumps(value)}")
    return value[0], value[1]


def _choice(request: Request, field: str, parse: Any, default: str) -> Any:
    value = request.get(field, default)
    if not isinstance(value, str):
        raise ProtocolError(f"{field}: expected a name such as {json.dumps(default)}, "
                            f"not {json.dumps(value)}")
    try:
        return parse(value)
    except ValueError as exc:
        raise ProtocolError(f"{field}: {exc}") from None


def discard(request: Request) -> Mapping[str, Any]:
    """`{"hand": [...], "dealer": true}` -> every way to lay out, best first."""
    hand = cards_field(request, "hand")
    rules = _rules(request)
    dealer = _dealer(request)
    model = _choice(request, "model", CribModel.parse, "uniform")
    scores = _scores(request)
    need = None if scores is None else max(rules.target - scores[0], 1)
    try:
        options = analyse_discards(hand, dealer=dealer, rules=rules, model=model, need=need)
    except CardError as exc:
        raise ProtocolError(f"hand: {exc}") from None
    return {"variant": rules.name, "model": model.value,
            "options": [option.to_json() for option in options]}


def play(request: Request) -> Mapping[str, Any]:
    """`{"hand": [...], "played": [...], "starter": "5D", "dealer": false}` -> the card to
    play (or "go") and its expected value."""
    hand = cards_field(request, "hand")
    played = cards_field(request, "played") if "played" in request else []
    history = cards_field(request, "history") if "history" in request else list(played)
    starter = card_field(request, "starter")
    _dealer(request)
    rules = _rules(request)
    level = _choice(request, "level", Level.parse, "standard")
    scores = _scores(request)
    discarded = cards_field(request, "discarded") if "discarded" in request else []
    if history[len(history) - len(played):] != played:
        raise ProtocolError("played: must be the last cards of history (the current count)")
    try:
        check_distinct([*hand, *history, starter, *discarded])
    except CardError as exc:
        raise ProtocolError(f"cards: {exc}; a card can be in only one place") from None
    count = sum(c.value for c in played)
    if count > MAX_COUNT:
        raise ProtocolError(f"played: the count is {count}, past {MAX_COUNT}")
    if len(hand) > rules.hand_size:
        raise ProtocolError(f"hand: {len(hand)} cards; a {rules.name} hand holds "
                            f"{rules.hand_size}")
    others_dealt = (rules.players - 1) * rules.hand_size
    others_left = others_dealt - (len(history) - (rules.hand_size - len(hand)))
    if not 0 <= others_left <= others_dealt:
        raise ProtocolError(f"history: {len(history)} cards played do not fit "
                            f"{rules.players} hands of {rules.hand_size} with {len(hand)} "
                            "still held")
    needs = None
    if scores is not None:
        needs = (rules.target - scores[0], rules.target - scores[1])
        if min(needs) > ENDGAME:
            needs = None
    state = PlayState(
        hand=tuple(hand), played=tuple(played), history=tuple(history), starter=starter,
        opponent_cards_left=others_left,
        opponent_go_count=count if flag_field(request, "opponent_go") else None,
        known=tuple(discarded), needs=needs,
    )
    choice = advise_play(state, level, players=rules.players, rng=random.Random(0))
    return {
        "card": "go" if choice.card is None else choice.card.code,
        "ev": round(choice.ev, 4),
        "playing_on": choice.playing_on,
        "level": level.value,
        "options": [{"card": c.code, "ev": round(v, 4)} for c, v in choice.options],
    }


OPS: dict[str, Handler] = {"discard": discard, "play": play}
