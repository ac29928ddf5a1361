"""The camera's zones set up on the web page: the page drags them over the camera's view and
sends them back here, to be checked as a zone file is at start, saved where the next start
reads them, and used from the next frame.

Saved to `[camera] zones` when set, else beside the game log in a file for this many players
(`zones-2-players.json`), which the next start with as many reads when that setting is empty:
the table is set up once, not at every start, and a table where two and three play keeps
the zones of each.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from pi_app.app.camera import FRAME_SIZE, CardWatcher, VirtualCamera, default_zones, table_zones
from pi_app.vision.zones import ZoneError, ZoneMap, as_points

MARKER_MARGIN = 40
"""Where the corner markers lie for the default bands: this far (frame pixels) beyond the
frame's corners, so a card laid in a band's corner does not cover a marker."""
SAVED_NAME = "zones-{seats}-players.json"
"""The zones saved from the page when `[camera] zones` names no file, beside the game log."""


def zone_file(configured: Path | None, storage: Path, seats: int) -> Path:
    """Where this table's zones for `seats` players are read at start and saved from the
    page."""
    return configured if configured is not None else storage.parent / SAVED_NAME.format(
        seats=seats)


def starting_zones(path: Path, seats: int, markers: bool = False,
                   size: tuple[int, int] = FRAME_SIZE) -> ZoneMap:
    """The zones saved for this table, or the default bands over a `size` frame before any
    were set up; at a table with corner markers, those bands are spread over the area the
    markers mark."""
    if path.exists():
        return table_zones(ZoneMap.load(path), seats)
    bands = default_zones(seats, size)
    if not markers:
        return bands
    (width, height), m = size, MARKER_MARGIN
    return replace(bands, markers=((-m, -m), (width + m, -m), (width + m, height + m),
                                   (-m, height + m)))


@dataclass
class ZoneEditor:
    watcher: CardWatcher
    path: Path
    seats: int
    virtual: VirtualCamera | None = None
    """The simulator's virtual table, which lays its cards in the zones too."""

    def current(self) -> dict[str, Any]:
        """The zones in use, the frame they are drawn on, and the default bands to start over
        from, for the page's editor."""
        look = self.watcher.last
        width, height = (look.frame.shape[1], look.frame.shape[0]) if look else FRAME_SIZE
        return {**self.watcher.zones.to_json(), "size": [width, height], "seats": self.seats,
                "file": str(self.path),
                "bands": default_zones(self.seats, (width, height)).to_json()["zones"]}

    def set_up(self, data: object) -> ZoneMap:
        """Check, save, then use: zones that are refused or cannot be saved change nothing."""
        zones = table_zones(ZoneMap.from_json(data), self.seats)
        follower = self.watcher.markers
        if follower is not None and follower.seen is not None:  # drawn where they now lie
            zones = replace(zones, markers=as_points(follower.seen))
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            zones.save(self.path)
        except OSError as exc:
            raise ZoneError(f"cannot save the zones to {self.path}: {exc.strerror or exc}; "
                            "nothing was changed") from exc
        self.watcher.use_zones(zones)  # and the virtual table, which listens
        return zones
