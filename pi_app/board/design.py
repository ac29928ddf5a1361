"""Design a board for a given LED strip, and write it as a layout file builders can edit.

The shape is the classic long board: each track runs back and forth in rows of streets of
five, so one strip snakes through every row (rows are cut apart and joined with short wires
at the turns). The holes sit exactly over LEDs, so the hole pitch is the strip's LED pitch;
with a street gap, one dark LED is skipped between streets, as the wider gap on a wooden
board. A panel below the tracks holds each player's games-won holes and status LEDs.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from pi_app.board.layout import (
    GAME_HOLE,
    MAX_GAMES_WON,
    STATUS_KINDS,
    Chain,
    Layout,
    Spot,
    Track,
)

__all__ = ["BoardDesign", "design_layout", "layout_to_toml"]

STREET = 5


@dataclass(frozen=True)
class BoardDesign:
    """The few numbers a builder chooses; everything else follows from them."""

    leds_per_m: float = 144
    tracks: int = 3
    holes_per_row: int = 30
    street_gap_leds: int = 1
    row_pitch_mm: float = 14.0
    track_gap_mm: float = 8.0
    margin_mm: float = 15.0
    hole_mm: float = 3.5
    skunk_lines: tuple[int, ...] = (91, 61)

    def check(self) -> None:
        rows = GAME_HOLE - 1
        if self.tracks not in (2, 3):
            raise ValueError(f"tracks must be 2 or 3, got {self.tracks}")
        if self.holes_per_row % STREET or rows % self.holes_per_row:
            raise ValueError(f"holes_per_row must be a multiple of 5 dividing 120, "
                             f"got {self.holes_per_row}")
        if (rows // self.holes_per_row) % 2:
            raise ValueError(f"holes_per_row {self.holes_per_row} gives an odd number of rows; "
                             "the track must end on the side it starts")
        if self.leds_per_m <= 0 or self.street_gap_leds < 0:
            raise ValueError("leds_per_m must be positive and street_gap_leds not negative")


def design_layout(design: BoardDesign) -> Layout:
    """Lay out every hole over an LED of one serpentine chain."""
    design.check()
    pitch = 1000.0 / design.leds_per_m
    per_row = design.holes_per_row
    rows = (GAME_HOLE - 1) // per_row
    gap = design.street_gap_leds
    columns = per_row + (per_row // STREET - 1) * gap

    def x_at(column: int) -> float:
        """Column -2 holds the start and game holes, column -1 is a dark spacer."""
        return round(design.margin_mm + (column + 2) * pitch, 2)

    led = 0
    y = design.margin_mm
    tracks = []
    for player in range(design.tracks):
        holes: dict[int, Spot] = {0: Spot(x_at(-2), y, 0, led)}
        led += 2  # the start hole, then a spacer
        for row in range(rows):
            forward = row % 2 == 0
            for step in range(columns):
                street, place = divmod(step, STREET + gap)
                if place < STREET:
                    number = row * per_row + street * STREET + place + 1
                    column = step if forward else columns - 1 - step
                    holes[number] = Spot(x_at(column), round(y, 2), 0, led)
                led += 1
            if row < rows - 1:
                y += design.row_pitch_mm
        holes[GAME_HOLE] = Spot(x_at(-2), round(y, 2), 0, led + 1)
        led += 2  # a spacer, then the game hole
        tracks.append((player, holes))
        y += design.row_pitch_mm + design.track_gap_mm

    panel = []
    for player in range(design.tracks):
        forward = player % 2 == 0
        # games won 1..9, a spacer, then dealer, spacer, turn, spacer, go
        columns_used = MAX_GAMES_WON + 2 * len(STATUS_KINDS)
        spots: list[Spot] = []
        for step in range(columns_used):
            column = step if forward else columns_used - 1 - step
            spots.append(Spot(x_at(column), round(y, 2), 0, led))
            led += 1
        by_column = sorted(spots, key=lambda s: s.x_mm)
        games = tuple(by_column[:MAX_GAMES_WON])
        status = {
            kind: by_column[MAX_GAMES_WON + 1 + 2 * i] for i, kind in enumerate(STATUS_KINDS)
        }
        panel.append((games, status))
        y += design.row_pitch_mm

    width = x_at(max(columns, MAX_GAMES_WON + 2 * len(STATUS_KINDS))) + design.margin_mm
    height = y - design.row_pitch_mm + design.margin_mm
    strip = f"{design.leds_per_m:g} LED/m"
    return Layout(
        name=f"{design.tracks}-track board, {strip} strip, {per_row} holes a row",
        leds_per_m=design.leds_per_m,
        hole_mm=design.hole_mm,
        size_mm=(round(width, 1), round(height, 1)),
        skunk_lines=tuple(sorted(design.skunk_lines, reverse=True)),
        chains=(Chain(length=led),),
        tracks=tuple(
            Track(
                player=player,
                holes=tuple(holes[n] for n in range(GAME_HOLE + 1)),
                games_won=games,
                status=status,
            )
            for (player, holes), (games, status) in zip(tracks, panel, strict=True)
        ),
    )


def _toml_value(value: object) -> str:
    """A chain option as TOML: booleans are `true`/`false`, strings JSON-quoted (valid TOML)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return f"{value:g}" if isinstance(value, float) else str(value)
    if isinstance(value, str):
        return json.dumps(value)
    raise TypeError(f"chain option {value!r} has no TOML form (use a bool, number or string)")


def layout_to_toml(layout: Layout, command: str = "") -> str:
    """The layout file text: a header saying how it was made, then one row per spot."""

    def row(*values: float) -> str:
        return "[" + ", ".join(f"{v:g}" for v in values) + "]"

    def spot(s: Spot) -> tuple[float, ...]:
        return (s.x_mm, s.y_mm, s.chain, s.led)

    out = [
        f"# Cribbage Companion board layout: {layout.name}.",
        *([f"# Made by: {command}", "# Edit freely; `crib board layout` checks the result."]
          if command else []),
        "# Every spot is [x_mm, y_mm, chain, led]; holes and games_won rows start with their",
        "# number (hole 0 = start, 121 = game hole). LEDs no spot uses are dark spacers.",
        "",
        f'name = "{layout.name}"',
        f"leds_per_m = {layout.leds_per_m:g}",
        f"hole_mm = {layout.hole_mm:g}",
        f"size_mm = {row(*layout.size_mm)}",
        f"skunk_lines = {row(*layout.skunk_lines)}",
    ]
    for chain in layout.chains:
        out += ["", "[[chains]]", f"length = {chain.length}"]
        if chain.options:
            pairs = ", ".join(f"{k} = {_toml_value(v)}" for k, v in chain.options.items())
            out.append(f"options = {{ {pairs} }}")
    for track in layout.tracks:
        out += ["", "[[tracks]]", f"player = {track.player}", "holes = ["]
        out += [f"  {row(n, *spot(s))}," for n, s in enumerate(track.holes)]
        out += ["]", "games_won = ["]
        out += [f"  {row(n, *spot(s))}," for n, s in enumerate(track.games_won, start=1)]
        out.append("]")
        if track.status:
            out.append("[tracks.status]")
            out += [f"{kind} = {row(*spot(s))}" for kind, s in track.status.items()]
    return "\n".join(out) + "\n"
