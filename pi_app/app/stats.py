"""Statistics over the stored games, read straight from their event logs: who won, how the
hands and cribs scored, and each game's score race."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any

from pi_app.app.session import fold_pegs
from pi_app.app.store import StoredGame

RACES_SHOWN = 5


def score_race(game: StoredGame) -> list[list[int]]:
    """Every side's score after each scoring event, from 0-0."""
    race = [[0] * len(game.spec.rules.sides)]
    scoring: list[dict[str, Any]] = []
    for event in game.events:
        if (event.get("points") or 0) > 0 and "player" in event and event["type"] != "game_end":
            scoring.append(event)
            race.append([p.front for p in fold_pegs(scoring, game.spec.rules)])
    return race


def game_stats(games: Iterable[StoredGame]) -> dict[str, Any]:
    """Totals for the page: wins by name, hand and crib histograms and averages, races."""
    wins: Counter[str] = Counter()
    hands: Counter[int] = Counter()
    cribs: Counter[int] = Counter()
    races: list[dict[str, Any]] = []
    finished = 0
    for game in games:
        names = game.spec.names
        for event in game.events:
            if event["type"] == "game_end":
                finished += 1
                wins[names[game.spec.rules.sides[event["winner"]][0]]] += 1
            elif event["type"] == "show":
                total = int(event["true"] if "true" in event else event["points"])
                (cribs if event["kind"] == "crib" else hands)[total] += 1
        race = score_race(game)
        if len(race) > 1:
            races.append({"id": game.id, "names": list(names), "race": race})
    return {
        "games": finished,
        "wins": dict(wins),
        "hand_histogram": {str(k): v for k, v in sorted(hands.items())},
        "crib_histogram": {str(k): v for k, v in sorted(cribs.items())},
        "hand_average": _mean(hands),
        "crib_average": _mean(cribs),
        "races": races[-RACES_SHOWN:],
    }


def _mean(counts: Counter[int]) -> float | None:
    total = sum(counts.values())
    return round(sum(k * v for k, v in counts.items()) / total, 2) if total else None
