"""A physical board declared in one TOML file: where every hole is and which LED lights it.

Holes are numbered as players count: 0 is the start hole, 1..120 the track in streets of
five, 121 the game hole. Each track also has up to nine games-won holes and optional status
LEDs (dealer, turn, go). Every light names its chain (one LED strip) and its index on it, so
a board may be one serpentine chain or several; LEDs no spot uses are dark spacers.

Loading checks the whole file and reports every mistake it finds at once, naming the track
and hole, because a builder fixing a wiring table wants the full list.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

__all__ = [
    "DEFAULT_LAYOUT",
    "GAME_HOLE",
    "HW_DIR",
    "MAX_GAMES_WON",
    "STATUS_KINDS",
    "Chain",
    "Layout",
    "LayoutError",
    "Spot",
    "Track",
    "load_layout",
    "parse_layout",
]

GAME_HOLE = 121
MAX_GAMES_WON = 9
STATUS_KINDS = ("dealer", "turn", "go")
HW_DIR = Path(__file__).resolve().parents[2] / "hw"
DEFAULT_LAYOUT = HW_DIR / "layout-144.toml"


class LayoutError(ValueError):
    """A layout file that cannot describe a working board; the message lists every problem."""


@dataclass(frozen=True, slots=True)
class Spot:
    """One lit hole or indicator: its centre on the board and the LED beneath it."""

    x_mm: float
    y_mm: float
    chain: int
    led: int


@dataclass(frozen=True, slots=True)
class Chain:
    """One LED strip. `options` override the backend settings for this chain (e.g. its pin)."""

    length: int
    options: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Track:
    """One player's (or partnership's) row of holes."""

    player: int
    holes: tuple[Spot, ...]
    """Indexed by hole number, 0 (start) to 121 (game hole)."""
    games_won: tuple[Spot, ...]
    """`games_won[n - 1]` is lit once the player has won n games."""
    status: Mapping[str, Spot]
    """Indicator LEDs by kind: any of "dealer", "turn", "go"."""


@dataclass(frozen=True)
class Layout:
    name: str
    leds_per_m: float
    hole_mm: float
    size_mm: tuple[float, float]
    skunk_lines: tuple[int, ...]
    chains: tuple[Chain, ...]
    tracks: tuple[Track, ...]
    """Ordered by player."""

    @property
    def led_count(self) -> int:
        return sum(chain.length for chain in self.chains)

    @property
    def chain_offsets(self) -> tuple[int, ...]:
        """Where each chain starts in a whole-board frame (chains laid end to end)."""
        offsets, total = [], 0
        for chain in self.chains:
            offsets.append(total)
            total += chain.length
        return tuple(offsets)

    def flat_index(self, spot: Spot) -> int:
        """The spot's position in a whole-board frame."""
        return self.chain_offsets[spot.chain] + spot.led

    def spots(self) -> Iterator[tuple[str, int, int, Spot]]:
        """Every spot as (kind, player, number, spot); kind is "hole", "games_won" or a status."""
        for track in self.tracks:
            for number, spot in enumerate(track.holes):
                yield "hole", track.player, number, spot
            for number, spot in enumerate(track.games_won, start=1):
                yield "games_won", track.player, number, spot
            for kind in STATUS_KINDS:
                if kind in track.status:
                    yield kind, track.player, 0, track.status[kind]

    def to_json(self) -> dict[str, Any]:
        """The shape `crib board layout --json` prints."""

        def place(spot: Spot) -> dict[str, Any]:
            return {"x_mm": spot.x_mm, "y_mm": spot.y_mm, "chain": spot.chain, "led": spot.led}

        return {
            "name": self.name,
            "tracks": [
                {
                    "player": track.player,
                    "holes": [{"hole": n, **place(s)} for n, s in enumerate(track.holes)],
                    "games_won": [
                        {"games": n, **place(s)} for n, s in enumerate(track.games_won, start=1)
                    ],
                }
                for track in self.tracks
            ],
            "status": [
                {"player": track.player, "kind": kind, **place(track.status[kind])}
                for track in self.tracks
                for kind in STATUS_KINDS
                if kind in track.status
            ],
            "skunk_lines": list(self.skunk_lines),
            "chains": [{"chain": i, "length": c.length} for i, c in enumerate(self.chains)],
        }


def load_layout(path: str | Path | None = None) -> Layout:
    """Read and check a layout file (the default 3-track 144 LED/m board if `path` is None)."""
    path = Path(path) if path is not None else DEFAULT_LAYOUT
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise LayoutError(f"{path}: cannot read layout: {exc.strerror or exc}") from exc
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise LayoutError(f"{path}: not valid TOML: {exc}") from exc
    return parse_layout(data, source=str(path))


def parse_layout(data: Mapping[str, Any], source: str = "layout") -> Layout:
    """Build a `Layout` from parsed TOML, raising `LayoutError` listing every problem."""
    checker = _Checker()
    layout = checker.layout(data)
    if checker.problems or layout is None:
        lines = "\n  ".join(checker.problems)
        raise LayoutError(f"{source}: {len(checker.problems)} problem(s):\n  {lines}")
    return layout


class _Checker:
    """Collects every problem instead of stopping at the first."""

    def __init__(self) -> None:
        self.problems: list[str] = []
        self.owners: dict[tuple[int, int], str] = {}

    def fail(self, message: str) -> None:
        self.problems.append(message)

    def number(self, value: Any, where: str, *, positive: bool = True) -> float | None:
        if isinstance(value, bool) or not isinstance(value, int | float):
            self.fail(f"{where}: expected a number, got {value!r}")
            return None
        if positive and value <= 0:
            self.fail(f"{where}: must be more than 0, got {value!r}")
            return None
        return float(value)

    def layout(self, data: Mapping[str, Any]) -> Layout | None:
        name = data.get("name", "unnamed board")
        leds_per_m = self.number(data.get("leds_per_m"), "leds_per_m")
        hole_mm = self.number(data.get("hole_mm"), "hole_mm")
        size = data.get("size_mm")
        width = height = None
        if isinstance(size, list) and len(size) == 2:
            width = self.number(size[0], "size_mm width")
            height = self.number(size[1], "size_mm height")
        else:
            self.fail(f"size_mm: expected [width, height] in mm, got {size!r}")
        skunk = data.get("skunk_lines", [91, 61])
        if not (isinstance(skunk, list) and all(s in (31, 61, 91) for s in skunk)):
            self.fail(f"skunk_lines: expected some of [91, 61, 31], got {skunk!r}")
            skunk = []
        chains = self.chains(data.get("chains"))
        tracks = self.tracks(data.get("tracks"), chains)
        if None in (leds_per_m, hole_mm, width, height) or chains is None or tracks is None:
            return None
        assert leds_per_m and hole_mm and width and height
        return Layout(
            name=str(name),
            leds_per_m=leds_per_m,
            hole_mm=hole_mm,
            size_mm=(width, height),
            skunk_lines=tuple(sorted(set(skunk), reverse=True)),
            chains=chains,
            tracks=tracks,
        )

    def chains(self, raw: Any) -> tuple[Chain, ...] | None:
        if not (isinstance(raw, list) and raw):
            self.fail("chains: expected at least one [[chains]] table with a length")
            return None
        chains = []
        for i, entry in enumerate(raw):
            length = entry.get("length") if isinstance(entry, dict) else None
            if isinstance(length, bool) or not isinstance(length, int) or length <= 0:
                self.fail(f"chain {i}: length must be a whole number of LEDs, got {length!r}")
                return None
            options = entry.get("options", {})
            if not isinstance(options, dict):
                self.fail(f"chain {i}: options must be a table, got {options!r}")
                return None
            chains.append(Chain(length=length, options=options))
        return tuple(chains)

    def tracks(self, raw: Any, chains: tuple[Chain, ...] | None) -> tuple[Track, ...] | None:
        if not isinstance(raw, list) or len(raw) not in (2, 3):
            count = len(raw) if isinstance(raw, list) else 0
            self.fail(f"tracks: a board has 2 or 3 [[tracks]], this one has {count}")
            return None
        tracks = [self.track(i, entry, chains) for i, entry in enumerate(raw)]
        players = sorted(t.player for t in tracks if t is not None)
        if len(players) == len(tracks) and players != list(range(len(tracks))):
            self.fail(f"tracks: players must be 0..{len(tracks) - 1} once each, got {players}")
        if any(t is None for t in tracks):
            return None
        return tuple(sorted((t for t in tracks if t is not None), key=lambda t: t.player))

    def track(self, i: int, entry: Any, chains: tuple[Chain, ...] | None) -> Track | None:
        if not isinstance(entry, dict):
            self.fail(f"track {i}: expected a table, got {entry!r}")
            return None
        player = entry.get("player", i)
        if isinstance(player, bool) or not isinstance(player, int):
            self.fail(f"track {i}: player must be a whole number, got {player!r}")
            return None
        where = f"track {i} (player {player})"
        holes = self.numbered(entry.get("holes"), f"{where} holes", chains, "hole")
        wanted = set(range(GAME_HOLE + 1))
        missing = sorted(wanted - holes.keys())
        extra = sorted(holes.keys() - wanted)
        if missing:
            self.fail(f"{where}: missing hole(s) {_ranges(missing)} (need 0..{GAME_HOLE})")
        if extra:
            self.fail(f"{where}: no such hole(s) {_ranges(extra)} (holes are 0..{GAME_HOLE})")
        games = self.numbered(entry.get("games_won", []), f"{where} games_won", chains, "games")
        if sorted(games) != list(range(1, len(games) + 1)) or len(games) > MAX_GAMES_WON:
            self.fail(f"{where}: games_won must be numbered 1..n, n at most {MAX_GAMES_WON}, "
                      f"got {sorted(games)}")
        status_raw = entry.get("status", {})
        status: dict[str, Spot] = {}
        if not isinstance(status_raw, dict):
            self.fail(f"{where} status: expected a table, got {status_raw!r}")
        else:
            for kind, value in status_raw.items():
                if kind not in STATUS_KINDS:
                    self.fail(f"{where} status: unknown kind {kind!r} "
                              f"(use {', '.join(STATUS_KINDS)})")
                    continue
                spot = self.spot(value, f"{where} status {kind}", chains)
                if spot is not None:
                    status[kind] = spot
        hole_spots = [holes.get(n) for n in range(GAME_HOLE + 1)]
        game_spots = [games[n] for n in sorted(games)]
        if extra or None in hole_spots or None in game_spots:
            return None
        return Track(
            player=player,
            holes=tuple(s for s in hole_spots if s is not None),
            games_won=tuple(s for s in game_spots if s is not None),
            status=status,
        )

    def numbered(
        self, raw: Any, where: str, chains: tuple[Chain, ...] | None, noun: str
    ) -> dict[int, Spot | None]:
        """Rows of [number, x_mm, y_mm, chain, led] keyed by number (None: a bad row)."""
        if not isinstance(raw, list):
            self.fail(f"{where}: expected a list of [{noun}, x_mm, y_mm, chain, led]")
            return {}
        spots: dict[int, Spot | None] = {}
        for row in raw:
            if not (isinstance(row, list) and row and isinstance(row[0], int)):
                self.fail(f"{where}: expected [{noun}, x_mm, y_mm, chain, led], got {row!r}")
                continue
            number = row[0]
            if number in spots:
                self.fail(f"{where}: {noun} {number} is listed twice")
                continue
            spots[number] = self.spot(row[1:], f"{where.rsplit(' ', 1)[0]} {noun} {number}",
                                      chains)
        return spots

    def spot(self, raw: Any, where: str, chains: tuple[Chain, ...] | None) -> Spot | None:
        if not (isinstance(raw, list) and len(raw) == 4):
            self.fail(f"{where}: expected [x_mm, y_mm, chain, led], got {raw!r}")
            return None
        x, y, chain, led = raw
        coords = [self.number(v, where, positive=False) for v in (x, y)]
        if None in coords:
            return None
        if not all(isinstance(v, int) and not isinstance(v, bool) for v in (chain, led)):
            self.fail(f"{where}: chain and led must be whole numbers, got {chain!r}, {led!r}")
            return None
        if chains is not None:
            if not 0 <= chain < len(chains):
                self.fail(f"{where}: chain {chain} is not declared (chains 0..{len(chains) - 1})")
                return None
            if not 0 <= led < chains[chain].length:
                self.fail(f"{where}: LED index {led} is past the end of chain {chain} "
                          f"({chains[chain].length} LEDs, 0..{chains[chain].length - 1})")
                return None
        owner = self.owners.setdefault((chain, led), where)
        if owner != where:
            self.fail(f"{where}: LED {led} of chain {chain} is already used by {owner}")
            return None
        assert coords[0] is not None and coords[1] is not None
        return Spot(x_mm=coords[0], y_mm=coords[1], chain=chain, led=led)


def _ranges(numbers: list[int]) -> str:
    """[1, 2, 3, 7] -> "1-3, 7": a short list for error messages."""
    parts: list[str] = []
    start = prev = numbers[0]
    for n in [*numbers[1:], None]:
        if n is not None and n == prev + 1:
            prev = n
            continue
        parts.append(str(start) if start == prev else f"{start}-{prev}")
        if n is not None:
            start = prev = n
    return ", ".join(parts)
