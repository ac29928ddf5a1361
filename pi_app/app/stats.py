"""What the page's statistics show: the store's totals per player over the earlier games (and
the current one once it is won, so a player sees their result straight away), a histogram of
hand and crib scores, and the current game's score race as the table shows it (a count still
waiting to be confirmed is not in it yet).

The earlier games do not change while one is played, so their totals are read and counted
once, when the set of games changes; each update then costs only the current game's events.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

from pi_app.app.session import this_game
from pi_app.board.layout import GAME_HOLE
from pi_app.engine.game import Event
from pi_app.engine.variants import Rules
from pi_app.storage import GameStore
from pi_app.storage.stats import log_stats, score_race


def count_shows(events: Iterable[Event], hands: Counter[int], cribs: Counter[int]) -> None:
    for event in events:
        if event["type"] == "show":
            total = int(event["true"] if "true" in event else event["points"])
            (cribs if event["kind"] == "crib" else hands)[total] += 1


class TableStats:
    def __init__(self, store: GameStore) -> None:
        self.store = store
        self._counted: tuple[int, ...] | None = None
        self._totals: dict[str, Any] = {}
        self._hands: Counter[int] = Counter()
        self._cribs: Counter[int] = Counter()

    def _load_counted(self, ids: tuple[int, ...]) -> None:
        games = []
        self._hands, self._cribs = Counter(), Counter()
        for game_id in ids:
            info, events = self.store.info(game_id), self.store.events(game_id)
            games.append((info.rules, info.names, events))
            count_shows(events, self._hands, self._cribs)
        self._totals = log_stats(games)
        self._counted = ids

    def snapshot(self, game_id: int, rules: Rules, shown: Sequence[Event]) -> dict[str, Any]:
        won = any(event["type"] == "game_end" for event in shown)
        counted = tuple(i for i in self.store.game_ids() if won or i != game_id)
        if counted != self._counted:
            self._load_counted(counted)
        hands, cribs = Counter(self._hands), Counter(self._cribs)
        if not won:  # a won game's shows are in the totals already
            count_shows(shown, hands, cribs)
        return {
            "games": self._totals["games"],
            "players": self._totals["players"],
            "hand_histogram": {str(k): v for k, v in sorted(hands.items())},
            "crib_histogram": {str(k): v for k, v in sorted(cribs.items())},
            "race": [[min(score, GAME_HOLE) for score in scores]  # as the board pegs them
                     for scores in score_race(rules, this_game(shown))],
        }
