"""A crash-safe game log in SQLite: every event is committed before it is acknowledged.

The database runs in WAL mode with `synchronous=FULL`, so a transaction that has returned is on
disk and survives a kill or a power cut at any instant, while one cut short is rolled back when
the database is next opened: a half-written action never reaches the log. A game is restored
by replaying its events (`Game.replay`), so the log is the only state there is.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType
from typing import Any

from pi_app.engine.game import Event, Game
from pi_app.engine.variants import Rules
from pi_app.storage.stats import log_stats

__all__ = ["GameInfo", "GameStore", "StorageError"]

SCHEMA = """
CREATE TABLE IF NOT EXISTS players (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE
);
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY,
    run TEXT,
    number INTEGER NOT NULL DEFAULT 0,
    rules TEXT NOT NULL,
    seed TEXT NOT NULL,
    created TEXT NOT NULL DEFAULT (datetime('now')),
    UNIQUE (run, number)
);
CREATE TABLE IF NOT EXISTS seats (
    game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    seat INTEGER NOT NULL,
    player_id INTEGER NOT NULL REFERENCES players(id),
    PRIMARY KEY (game_id, seat)
);
CREATE TABLE IF NOT EXISTS events (
    game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    seq INTEGER NOT NULL,
    type TEXT NOT NULL,
    body TEXT NOT NULL,
    PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;
"""


INSERT_EVENT = "INSERT INTO events (game_id, seq, type, body) VALUES (?, ?, ?, ?)"


def _rows(game_id: int, start: int, events: Sequence[Event]) -> list[tuple[int, int, str, str]]:
    return [(game_id, start + i, event["type"], json.dumps(event, separators=(",", ":")))
            for i, event in enumerate(events)]


class StorageError(RuntimeError):
    """The database cannot do what was asked: a missing game, a gap in the log, a bad file."""


@dataclass(frozen=True, slots=True)
class GameInfo:
    """What a stored game needs besides its events to be replayed."""

    id: int
    rules: Rules
    seed: int | str
    number: int
    run: str | None
    names: tuple[str, ...]


class GameStore:
    """Players, games and their event logs in one SQLite file. Use as a context manager."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        try:
            self._db = sqlite3.connect(self.path, isolation_level=None, timeout=30)
            mode = self._db.execute("PRAGMA journal_mode=WAL").fetchone()[0]
            self._db.execute("PRAGMA synchronous=FULL")
            self._db.execute("PRAGMA foreign_keys=ON")
            self._db.executescript(SCHEMA)
        except sqlite3.DatabaseError as exc:
            raise StorageError(f"{self.path}: not a usable game database ({exc})") from None
        if mode != "wal":
            raise StorageError(f"{self.path}: cannot use write-ahead logging (got {mode!r})")

    def close(self) -> None:
        self._db.close()

    def __enter__(self) -> GameStore:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Cursor]:
        """One write transaction, holding the write lock from its start (so what it reads
        stays true until it commits), on disk when the block ends; rolled back on error."""
        cur = self._db.cursor()
        cur.execute("BEGIN IMMEDIATE")
        try:
            yield cur
        except BaseException:
            cur.execute("ROLLBACK")
            raise
        cur.execute("COMMIT")

    def _write(self, statements: Iterable[tuple[str, Sequence[object]]]) -> None:
        """Run statements as one transaction, committed to disk when this returns."""
        with self._transaction() as cur:
            for sql, params in statements:
                cur.execute(sql, params)

    # ---- games ------------------------------------------------------------------------------

    def player_id(self, name: str) -> int:
        """The id of the player called `name`, added if new."""
        row = self._db.execute("SELECT id FROM players WHERE name = ?", (name,)).fetchone()
        if row is not None:
            return int(row[0])
        self._write([("INSERT OR IGNORE INTO players (name) VALUES (?)", (name,))])
        return self.player_id(name)

    def new_game(
        self,
        rules: Rules,
        seed: int | str,
        names: Sequence[str] = (),
        *,
        run: str | None = None,
        number: int = 0,
    ) -> int:
        """Record a game about to start; return its id. `run` groups the games of one
        simulation or match, numbered from 0."""
        if names and len(names) != rules.players:
            raise StorageError(f"{rules.name} seats {rules.players} players, "
                               f"not {len(names)} names")
        ids = [self.player_id(name) for name in names]
        try:
            with self._transaction() as cur:
                cur.execute(
                    "INSERT INTO games (run, number, rules, seed) VALUES (?, ?, ?, ?)",
                    (run, number, json.dumps(rules.to_json()), json.dumps(seed)),
                )
                game_id = int(cur.lastrowid or 0)
                cur.executemany("INSERT INTO seats (game_id, seat, player_id) VALUES (?, ?, ?)",
                                [(game_id, seat, pid) for seat, pid in enumerate(ids)])
        except sqlite3.IntegrityError:
            raise StorageError(f"run {run!r} already has a game {number}") from None
        return game_id

    def info(self, game_id: int) -> GameInfo:
        row = self._db.execute(
            "SELECT rules, seed, number, run FROM games WHERE id = ?", (game_id,)
        ).fetchone()
        if row is None:
            raise StorageError(f"there is no game {game_id} in {self.path}")
        names = tuple(name for (name,) in self._db.execute(
            "SELECT p.name FROM seats s JOIN players p ON p.id = s.player_id "
            "WHERE s.game_id = ? ORDER BY s.seat", (game_id,)))
        return GameInfo(game_id, Rules.from_json(json.loads(row[0])), json.loads(row[1]),
                        int(row[2]), row[3], names)

    def run_games(self, run: str) -> list[int]:
        """The ids of a run's games, in order."""
        rows = self._db.execute("SELECT id FROM games WHERE run = ? ORDER BY number", (run,))
        return [int(game_id) for (game_id,) in rows]

    def game_ids(self) -> list[int]:
        return [int(game_id) for (game_id,) in self._db.execute("SELECT id FROM games ORDER BY id")]

    # ---- events -----------------------------------------------------------------------------

    def count(self, game_id: int) -> int:
        row = self._db.execute("SELECT COUNT(*) FROM events WHERE game_id = ?", (game_id,))
        return int(row.fetchone()[0])

    def append(self, game_id: int, events: Sequence[Event], at: int | None = None) -> None:
        """Add events to the end of a game's log in one transaction. `at` is where the caller
        believes the log ends; a mismatch (another writer, a lost step) is an error."""
        if not events:
            return
        with self._transaction() as cur:
            start = self.count(game_id)
            if at is not None and at != start:
                raise StorageError(f"game {game_id}'s log has {start} events, not {at}")
            cur.executemany(INSERT_EVENT, _rows(game_id, start, events))

    def truncate(self, game_id: int, keep: int) -> None:
        """Drop the events from number `keep` on (an undo)."""
        self._write([("DELETE FROM events WHERE game_id = ? AND seq >= ?", (game_id, keep))])

    def sync(self, game_id: int, events: Sequence[Event]) -> None:
        """Make the stored log equal `events` (after actions, undos or redos), in one
        transaction: the common start is kept, the rest replaced."""
        with self._transaction() as cur:
            stored = self.events(game_id)
            same = 0
            while same < min(len(stored), len(events)) and stored[same] == events[same]:
                same += 1
            if same == len(stored) == len(events):
                return
            cur.execute("DELETE FROM events WHERE game_id = ? AND seq >= ?", (game_id, same))
            cur.executemany(INSERT_EVENT, _rows(game_id, same, events[same:]))

    def events(self, game_id: int) -> list[Event]:
        rows = self._db.execute(
            "SELECT seq, body FROM events WHERE game_id = ? ORDER BY seq", (game_id,))
        events: list[Event] = []
        for seq, body in rows:
            if seq != len(events):
                raise StorageError(f"game {game_id}'s log has a gap before event {seq}")
            events.append(json.loads(body))
        return events

    def load(self, game_id: int) -> Game:
        """The game as its stored log leaves it."""
        info = self.info(game_id)
        return Game.replay(self.events(game_id), info.rules, info.seed, info.number)

    def integrity(self) -> str:
        """SQLite's own check of the file: "ok" when sound."""
        return str(self._db.execute("PRAGMA integrity_check").fetchone()[0])

    # ---- stats ------------------------------------------------------------------------------

    def stats(self) -> dict[str, Any]:
        """Totals over every stored game; see `pi_app.storage.stats.log_stats`."""
        infos = (self.info(game_id) for game_id in self.game_ids())
        return log_stats((info.rules, info.names, self.events(info.id)) for info in infos)
