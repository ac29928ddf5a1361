"""Table zones: each player's play area, the starter spot, the crib/show area.

Set up once (dragged on the web page, or from printed markers) and saved as JSON:
    {"zones": [{"name": "north", "kind": "play", "polygon": [[x, y], ...]}, ...],
     "markers": [[x, y] x 4]}
in frame pixels. Every detected card is attributed to the zone holding its centre. "markers"
(optional) is where the four printed corner markers lay in the frame when the zones were
drawn: at a table with markers the zones move with them (`markers.placed`).
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from pi_app.vision.files import write_whole

ZONE_KINDS = ("play", "starter", "crib")


class ZoneError(ValueError):
    """A zone file that is not valid; the message names the zone and the problem."""


@dataclass(frozen=True)
class Zone:
    name: str
    kind: str
    polygon: tuple[tuple[float, float], ...]

    def contains(self, x: float, y: float) -> bool:
        """Even-odd ray casting: true inside the polygon."""
        inside = False
        pts = self.polygon
        for (x1, y1), (x2, y2) in zip(pts, pts[1:] + pts[:1], strict=True):
            if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
                inside = not inside
        return inside

    @property
    def area(self) -> float:
        """Shoelace formula; a polygon whose points were dragged onto one line has none."""
        pts = self.polygon
        return abs(sum(x1 * y2 - x2 * y1
                       for (x1, y1), (x2, y2) in zip(pts, pts[1:] + pts[:1], strict=True))) / 2

    def to_json(self) -> dict[str, object]:
        return {"name": self.name, "kind": self.kind, "polygon": [list(p) for p in self.polygon]}


Point = tuple[float, float]


@dataclass(frozen=True)
class ZoneMap:
    zones: tuple[Zone, ...]
    markers: tuple[Point, ...] | None = None
    """The corner markers' centres (ids 0-3) when the zones were drawn, if markers were seen."""

    def zone_at(self, x: float, y: float) -> Zone | None:
        return next((z for z in self.zones if z.contains(x, y)), None)

    def zone_of(self, corners: np.ndarray) -> Zone | None:
        """The zone of a card, by the centre of its corner quad."""
        cx, cy = np.asarray(corners, np.float64).mean(axis=0)
        return self.zone_at(float(cx), float(cy))

    @classmethod
    def from_json(cls, data: object) -> ZoneMap:
        if not isinstance(data, dict) or not isinstance(data.get("zones"), list):
            raise ZoneError('a zone file is an object with a "zones" list')
        zones = []
        for i, item in enumerate(data["zones"]):
            where = f"zone {i + 1}"
            if not isinstance(item, dict):
                raise ZoneError(f"{where}: expected an object with name, kind, polygon")
            name = item.get("name")
            if not isinstance(name, str) or not name:
                raise ZoneError(f"{where}: needs a non-empty \"name\"")
            where = f"zone {name!r}"
            if item.get("kind") not in ZONE_KINDS:
                raise ZoneError(f"{where}: kind {item.get('kind')!r} is not one of "
                                f"{', '.join(ZONE_KINDS)}")
            polygon = item.get("polygon")
            if not (isinstance(polygon, list) and len(polygon) >= 3
                    and all(map(_is_point, polygon))):
                raise ZoneError(f"{where}: polygon must be 3 or more [x, y] points")
            zone = Zone(name, item["kind"], as_points(polygon))
            if zone.area < 1.0:
                raise ZoneError(f"{where}: its polygon encloses no area")
            zones.append(zone)
        names = [z.name for z in zones]
        for name in names:
            if names.count(name) > 1:
                raise ZoneError(f"zone {name!r} is defined twice")
        markers = data.get("markers")
        if markers is not None and not (isinstance(markers, list) and len(markers) == 4
                                        and all(_is_point(p) for p in markers)):
            raise ZoneError('"markers" must be the 4 corner markers\' centres, [[x, y], ...]')
        return cls(tuple(zones), None if markers is None
                   else as_points(markers))

    @classmethod
    def load(cls, path: Path | str) -> ZoneMap:
        try:
            data = json.loads(Path(path).read_text())
        except (OSError, json.JSONDecodeError) as exc:
            raise ZoneError(f"{path}: {exc}") from exc
        try:
            return cls.from_json(data)
        except ZoneError as exc:
            raise ZoneError(f"{path}: {exc}") from exc

    def to_json(self) -> dict[str, object]:
        data: dict[str, object] = {"zones": [z.to_json() for z in self.zones]}
        if self.markers is not None:
            data["markers"] = [list(p) for p in self.markers]
        return data

    def save(self, path: Path | str) -> None:
        """Saved whole or not at all (`files.write_whole`)."""
        write_whole(Path(path), json.dumps(self.to_json(), indent=2).encode())


def as_points(pairs: Iterable[Sequence[float]]) -> tuple[Point, ...]:
    """[x, y] pairs (from JSON, or an array's rows) as the points zones are made of."""
    return tuple((float(x), float(y)) for x, y in pairs)


def _is_point(p: object) -> bool:
    """[x, y], both finite numbers (JSON as Python reads it allows NaN and Infinity)."""
    return (isinstance(p, list | tuple) and len(p) == 2
            and all(isinstance(v, int | float) and not isinstance(v, bool) and math.isfinite(v)
                    for v in p))
