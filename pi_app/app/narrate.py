"""Game events in words: a line for the log, and what the table says aloud."""

from __future__ import annotations

from collections.abc import Sequence

from pi_app.board.layout import GAME_HOLE
from pi_app.engine.cards import parse_cards
from pi_app.engine.game import Event
from pi_app.engine.scoring import score_show
from pi_app.engine.words import number_word


def show_spoken(event: Event, four_card_crib_flush: bool = False) -> str:
    """"Fifteen two, fifteen four and a pair is six", from a show event's cards."""
    cards = parse_cards(event["cards"])
    starter = parse_cards([event["starter"]])[0]
    shown = score_show(cards, starter, is_crib=event["kind"] == "crib",
                       four_card_crib_flush=four_card_crib_flush)
    return shown.spoken


def describe(event: Event, names: Sequence[str]) -> str | None:
    """One log line, or None for events that are bookkeeping only."""
    kind = event["type"]
    who = names[event["player"]] if "player" in event else ""
    if kind == "deal":
        return f"Deal {event['deal']}: {names[event['dealer']]} deals"
    if kind == "discard":
        return f"{who} lays away two to the crib"
    if kind == "starter":
        heels = " — two for his heels" if event.get("points") else ""
        return f"Starter {event['card']}{heels}"
    if kind == "reveal":
        return f"{who} shows the {event['kind']}: {' '.join(event['cards'])}"
    if kind == "play":
        points = f" for {event['points']}" if event["points"] else ""
        return f"{who} plays {event['card']}: {event['count']}{points}"
    if kind == "go":
        if event.get("said"):
            return f"{who}: go"
        return f"{who}: one for {'last card' if event['reason'] == 'last card' else 'the go'}"
    if kind == "show":
        claimed = f" (claimed {event['claimed']})" if "claimed" in event else ""
        return (f"{who}'s {event['kind']} {' '.join(event['cards'])} + {event['starter']}: "
                f"{event['points']}{claimed}")
    if kind == "peg":
        reason = event.get("reason", "pegged")
        return f"{who} pegs {event['points']} ({reason})"
    if kind == "game_end":
        board = "–".join(str(min(score, GAME_HOLE)) for score in event["scores"])  # as pegged
        return f"{names[event['winner']]} wins, {board}" + (
            f", {event['skunk']} skunk" if event.get("skunk", "none") != "none" else "")
    return None


def spoken(event: Event, names: Sequence[str], four_card_crib_flush: bool = False) -> str | None:
    """What the table says for an event, as players say it; None when it stays quiet."""
    kind = event["type"]
    if kind == "play":
        count = number_word(event["count"])
        return f"{count} for {number_word(event['points'])}" if event["points"] else count
    if kind == "go":
        if event.get("said"):
            return "go"
        return "one for last card" if event["reason"] == "last card" else "one for the go"
    if kind == "starter" and event.get("points"):
        return "two for his heels"
    if kind == "show":
        return show_spoken(event, four_card_crib_flush)
    if kind == "peg":
        if event.get("reason") in ("muggins", "false muggins"):
            return f"muggins, {number_word(event['points'])}"
        return f"{number_word(event['points'])} for {names[event['player']]}"
    if kind == "game_end":
        return f"{names[event['winner']]} wins"
    return None
