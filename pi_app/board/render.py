"""Board state to frame: the one renderer every backend and the simulator share.

Rendering has two steps. `compose` paints a state in design colours: skunk marks, then each
side's back peg dim and front peg bright (so the gap shows the last count, as on a wooden
board), games won, and the dealer, turn and go indicators. `finish` applies the tone curve
and the power limit, giving what the strips show. Animations compose their own frames and
share `finish`, so no frame ever skips the power limit.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from pi_app.board.colour import Palette, Tone
from pi_app.board.layout import MAX_GAMES_WON, STATUS_KINDS, Layout
from pi_app.board.power import PowerLimit
from pi_app.board.state import BoardState
from pi_app.board.strip import RGB

__all__ = ["Frame", "Renderer"]

Pixels = npt.NDArray[np.uint8]
"""A whole-board frame: shape (layout.led_count, 3), chains laid end to end."""

NO_LED = -1


@dataclass(frozen=True)
class Frame:
    """A finished frame, ready for the strips."""

    pixels: Pixels
    layout: Layout
    current_ma: float

    def chain_pixels(self, chain: int) -> list[RGB]:
        """One chain's slice in the form `Strip.show` takes."""
        start = self.layout.chain_offsets[chain]
        part = self.pixels[start : start + self.layout.chains[chain].length]
        return list(map(tuple, part.tolist()))

    def to_json(self) -> dict[str, Any]:
        """Every LED that is not dark, as `crib board render --json` prints."""
        leds = []
        offsets = self.layout.chain_offsets
        for flat in np.flatnonzero(self.pixels.any(axis=1)).tolist():
            chain = int(np.searchsorted(offsets, flat, side="right")) - 1
            r, g, b = self.pixels[flat].tolist()
            leds.append({"chain": chain, "led": flat - offsets[chain], "rgb": [r, g, b]})
        return {"leds": leds, "current_ma": round(self.current_ma, 1)}


class Renderer:
    """Draws states on one layout. Build once; `render` is cheap enough for every frame."""

    def __init__(
        self,
        layout: Layout,
        palette: Palette | None = None,
        tone: Tone | None = None,
        power: PowerLimit | None = None,
    ) -> None:
        self.layout = layout
        self.palette = palette or Palette()
        self.tone = tone or Tone()
        self.power = power or PowerLimit()
        self.power.check(layout.led_count)
        tracks = layout.tracks
        self.holes = np.array(
            [[layout.flat_index(s) for s in t.holes] for t in tracks], dtype=np.intp
        )
        """holes[side, hole] is the flat LED index of that hole."""
        self.games = np.full((len(tracks), MAX_GAMES_WON), NO_LED, dtype=np.intp)
        self.status = np.full((len(tracks), len(STATUS_KINDS)), NO_LED, dtype=np.intp)
        for side, track in enumerate(tracks):
            for n, spot in enumerate(track.games_won):
                self.games[side, n] = layout.flat_index(spot)
            for k, kind in enumerate(STATUS_KINDS):
                if kind in track.status:
                    self.status[side, k] = layout.flat_index(track.status[kind])
        self.positions = np.full((layout.led_count, 2), np.nan)
        """positions[flat] is the LED's (x_mm, y_mm); NaN for dark spacers."""
        for _, _, _, spot in layout.spots():
            self.positions[layout.flat_index(spot)] = (spot.x_mm, spot.y_mm)
        pal = self.palette
        self.front_colour = np.array([pal.player(s) for s in range(len(tracks))], np.uint8)
        self.back_colour = np.array(
            [pal.dimmed(s, pal.back_level) for s in range(len(tracks))], np.uint8
        )
        self.games_colour = np.array(
            [pal.dimmed(s, pal.games_level) for s in range(len(tracks))], np.uint8
        )

    @property
    def sides(self) -> int:
        return len(self.layout.tracks)

    def blank(self) -> Pixels:
        return np.zeros((self.layout.led_count, 3), dtype=np.uint8)

    def compose(self, state: BoardState) -> Pixels:
        """The state in design colours. Tracks beyond the state's sides stay dark."""
        if len(state.pegs) > self.sides:
            raise ValueError(f"the state has {len(state.pegs)} sides, the board "
                             f"{self.sides} tracks")
        design = self.blank()
        used = len(state.pegs)
        design[self.holes[:used, list(self.skunk_lines(state))].ravel()] = self.palette.skunk
        for side, pegs in enumerate(state.pegs):
            if pegs.back is not None:
                design[self.holes[side, pegs.back]] = self.back_colour[side]
            design[self.holes[side, pegs.front]] = self.front_colour[side]
            won = min(state.won_games(side), int((self.games[side] != NO_LED).sum()))
            design[self.games[side, :won]] = self.games_colour[side]
        self._status(design, state.dealer, 0, self.palette.dealer)
        if state.turn is not None:
            self._status(design, state.turn, 1, self.palette.player(state.turn))
        self._status(design, state.go, 2, self.palette.go)
        return design

    def skunk_lines(self, state: BoardState) -> tuple[int, ...]:
        """The lines in play: the state's if it says, else the layout's marks."""
        return self.layout.skunk_lines if state.skunk_lines is None else state.skunk_lines

    def _status(self, design: Pixels, side: int | None, kind: int, colour: RGB) -> None:
        if side is not None and self.status[side, kind] != NO_LED:
            design[self.status[side, kind]] = colour

    def finish(self, design: Pixels) -> Frame:
        """Tone curve, then the power limit: what the strips show."""
        pixels = self.power.limit(self.tone.apply(design))
        return Frame(pixels=pixels, layout=self.layout, current_ma=self.power.current_ma(pixels))

    def render(self, state: BoardState) -> Frame:
        return self.finish(self.compose(state))
