"""The game log on disk: one SQLite database of players, games, their events, and stats.

The only part of the engine's world that touches a disk. See `GameStore`.
"""

from pi_app.storage.store import GameInfo, GameStore, StorageError

__all__ = ["GameInfo", "GameStore", "StorageError"]
