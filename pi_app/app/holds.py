"""How many counts of the current deal the players have confirmed, kept beside the game log.

The engine's log holds every show the moment the play ends; the table holds each one on
display until a person confirms it. That number is the table's own state, so it is saved in
its own small table of the same SQLite file: a restart then shows the same board, with the
same counts still waiting.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

SCHEMA = """
CREATE TABLE IF NOT EXISTS table_confirmed (
    game_id INTEGER PRIMARY KEY,
    confirmed INTEGER NOT NULL
)
"""


class ConfirmedCounts:
    def __init__(self, path: Path | str) -> None:
        self._db = sqlite3.connect(str(path), isolation_level=None, timeout=30)
        self._db.execute(SCHEMA)

    def get(self, game_id: int) -> int:
        row = self._db.execute(
            "SELECT confirmed FROM table_confirmed WHERE game_id = ?", (game_id,)).fetchone()
        return int(row[0]) if row else 0

    def set(self, game_id: int, confirmed: int) -> None:
        self._db.execute(
            "INSERT INTO table_confirmed (game_id, confirmed) VALUES (?, ?) "
            "ON CONFLICT (game_id) DO UPDATE SET confirmed = excluded.confirmed",
            (game_id, confirmed))

    def close(self) -> None:
        self._db.close()
