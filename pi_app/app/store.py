"""Games kept in SQLite as their settings and event logs, saved after every action.

A game is its events (the engine's `Game` and `Scoreboard` are folds over them), so storing
them is enough to resume after a restart, to redo the statistics, or to replay a game.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pi_app.app.session import SessionSpec
from pi_app.engine.game import Event

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY,
    started TEXT NOT NULL DEFAULT (datetime('now')),
    spec TEXT NOT NULL,
    events TEXT NOT NULL,
    winner INTEGER
)
"""


@dataclass(frozen=True, slots=True)
class StoredGame:
    id: int
    spec: SessionSpec
    events: list[Event]
    winner: int | None


class GameStore:
    """One SQLite file (or `:memory:`); every write is its own transaction."""

    def __init__(self, path: Path | str) -> None:
        if str(path) != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        self._db = sqlite3.connect(str(path), check_same_thread=False)
        self._db.execute(SCHEMA)
        self._db.commit()

    def close(self) -> None:
        self._db.close()

    def new_game(self, spec: SessionSpec) -> int:
        with self._db:
            cursor = self._db.execute(
                "INSERT INTO games (spec, events) VALUES (?, '[]')", (json.dumps(spec.to_json()),)
            )
        assert cursor.lastrowid is not None
        return cursor.lastrowid

    def save(self, game_id: int, events: Sequence[Event], winner: int | None) -> None:
        with self._db:
            self._db.execute(
                "UPDATE games SET events = ?, winner = ? WHERE id = ?",
                (json.dumps(list(events)), winner, game_id),
            )

    def _row(self, row: tuple[Any, ...]) -> StoredGame:
        game_id, spec, events, winner = row
        return StoredGame(game_id, SessionSpec.from_json(json.loads(spec)), json.loads(events),
                          winner)

    def unfinished(self) -> StoredGame | None:
        """The latest game nobody has won yet: the one to resume."""
        row = self._db.execute(
            "SELECT id, spec, events, winner FROM games WHERE winner IS NULL "
            "ORDER BY id DESC LIMIT 1"
        ).fetchone()
        return self._row(row) if row else None

    def games(self) -> Iterator[StoredGame]:
        for row in self._db.execute(
            "SELECT id, spec, events, winner FROM games ORDER BY id"
        ).fetchall():
            yield self._row(row)
