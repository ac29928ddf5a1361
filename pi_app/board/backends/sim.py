"""The simulator strip: records frames instead of lighting LEDs, and draws the board.

Drawing converts LED light to screen values (LEDs are linear, screens gamma-encoded), so a
dim back peg looks as dim on screen as on the board. The web page reads `SimStrip.frames`.
"""

from __future__ import annotations

import importlib
from collections import deque
from collections.abc import Sequence
from pathlib import Path

import numpy as np
import numpy.typing as npt

from pi_app.board.backends import StripError
from pi_app.board.layout import Layout
from pi_app.board.render import Frame
from pi_app.board.strip import RGB

__all__ = ["SimStrip", "ansi_board", "png_board", "screen_colours"]

BOARD_BGR = (30, 48, 74)
DARK_HOLE_BGR = (18, 22, 28)


class SimStrip:
    """A `Strip` that keeps the last `keep` frames it was shown; closing records a blank one."""

    def __init__(self, led_count: int, keep: int = 1000) -> None:
        self._led_count = led_count
        self.frames: deque[tuple[RGB, ...]] = deque(maxlen=keep)
        self.closed = False

    @property
    def led_count(self) -> int:
        return self._led_count

    def show(self, pixels: Sequence[RGB]) -> None:
        if self.closed:
            raise StripError("the simulator strip is closed")
        if len(pixels) != self._led_count:
            raise ValueError(f"got {len(pixels)} pixels for a {self._led_count}-LED strip")
        self.frames.append(tuple(pixels))

    def close(self) -> None:
        if not self.closed:
            self.frames.append(((0, 0, 0),) * self._led_count)
            self.closed = True


def screen_colours(pixels: npt.NDArray[np.uint8]) -> npt.NDArray[np.uint8]:
    """LED drive values to what a screen must show to look the same (sRGB-like gamma)."""
    encoded = np.round(255 * (pixels / 255.0) ** (1 / 2.2))
    return encoded.astype(np.uint8)


def ansi_board(layout: Layout, frame: Frame) -> str:
    """The board in a terminal: one character cell per LED pitch, 24-bit colour."""
    pitch = 1000.0 / layout.leds_per_m
    spots = [spot for _, _, _, spot in layout.spots()]
    rows = {y: i for i, y in enumerate(sorted({s.y_mm for s in spots}))}
    grid = [[" "] * (int(layout.size_mm[0] / pitch) + 2) for _ in rows]
    colours = screen_colours(frame.pixels)
    for spot in spots:
        r, g, b = colours[layout.flat_index(spot)].tolist()
        cell = f"\x1b[38;2;{r};{g};{b}m●\x1b[0m" if r or g or b else "\x1b[2m·\x1b[0m"
        grid[rows[spot.y_mm]][round(spot.x_mm / pitch)] = cell
    return "\n".join("".join(line).rstrip() for line in grid) + "\n"


def png_board(layout: Layout, frame: Frame, path: str | Path, px_per_mm: float = 4.0) -> None:
    """Save a picture of the lit board, holes to scale, for docs and the web page."""
    try:
        cv2 = importlib.import_module("cv2")
    except ImportError as exc:
        raise StripError("PNG snapshots need OpenCV: pip install opencv-python-headless") from exc
    width, height = (round(v * px_per_mm) for v in layout.size_mm)
    image = np.zeros((height, width, 3), dtype=np.uint8)
    image[:] = BOARD_BGR
    colours = screen_colours(frame.pixels)
    radius = max(1, round(layout.hole_mm * px_per_mm / 2))
    for _, _, _, spot in layout.spots():
        r, g, b = colours[layout.flat_index(spot)].tolist()
        colour = (b, g, r) if r or g or b else DARK_HOLE_BGR
        centre = (round(spot.x_mm * px_per_mm), round(spot.y_mm * px_per_mm))
        cv2.circle(image, centre, radius, colour, thickness=-1, lineType=cv2.LINE_AA)
    if not cv2.imwrite(str(path), image):
        raise StripError(f"could not write the PNG snapshot to {path}")
