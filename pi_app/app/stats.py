"""What the page's statistics show: the store's totals per player, plus a histogram of hand
and crib scores and the current game's score race, as the table shows it (a count still
waiting to be confirmed is not in it yet)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from pi_app.engine.game import Event
from pi_app.engine.variants import Rules
from pi_app.storage import GameStore
from pi_app.storage.stats import log_stats, score_race


def _histograms(logs: Sequence[Sequence[Event]]) -> dict[str, dict[str, int]]:
    hands: Counter[int] = Counter()
    cribs: Counter[int] = Counter()
    for events in logs:
        for event in events:
            if event["type"] == "show":
                total = int(event["true"] if "true" in event else event["points"])
                (cribs if event["kind"] == "crib" else hands)[total] += 1
    return {"hand_histogram": {str(k): v for k, v in sorted(hands.items())},
            "crib_histogram": {str(k): v for k, v in sorted(cribs.items())}}


def table_stats(store: GameStore, game_id: int, rules: Rules, shown: Sequence[Event]
                ) -> dict[str, Any]:
    """Totals over every stored game, with game `game_id` as shown rather than as stored."""
    games = []
    for stored_id in store.game_ids():
        info = store.info(stored_id)
        events = shown if stored_id == game_id else store.events(stored_id)
        games.append((info.rules, info.names, events))
    totals = log_stats(games)
    return {
        "games": totals["games"],
        "players": totals["players"],
        **_histograms([events for _, _, events in games]),
        "race": score_race(rules, shown),
    }
