"""Strips through Adafruit Blinka: `neopixel` on a GPIO pin, or `neopixel_spi` on GPIO10.

The SPI route needs no root and works on the Pi 5 (enable SPI in config.txt).
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from typing import Any

from pi_app.board.backends import StripError
from pi_app.board.backends.library import LibraryStrip
from pi_app.board.strip import RGB

__all__ = ["NeoPixelStrip"]


def _load(name: str, package: str) -> Any:
    try:
        return importlib.import_module(name)
    except ImportError as exc:
        raise StripError(
            f"the neopixel strip needs the {name!r} module: pip install {package}"
        ) from exc


class NeoPixelStrip(LibraryStrip):
    name = "the neopixel strip"
    failures = (OSError,)

    def __init__(
        self, led_count: int, pin: int = 18, spi: bool = False, pixel_order: str = "GRB"
    ) -> None:
        board = _load("board", "adafruit-blinka")
        try:
            if spi:
                lib = _load("neopixel_spi", "adafruit-circuitpython-neopixel-spi")
                bus: Any = board.SPI()
                self._pixels = lib.NeoPixel_SPI(
                    bus, led_count, pixel_order=pixel_order, auto_write=False
                )
            else:
                lib = _load("neopixel", "adafruit-circuitpython-neopixel")
                board_pin = getattr(board, f"D{pin}", None)
                if board_pin is None:
                    raise StripError(f"this board has no pin D{pin} for a neopixel strip")
                self._pixels = lib.NeoPixel(
                    board_pin, led_count, pixel_order=pixel_order, auto_write=False
                )
        except (OSError, RuntimeError, ValueError) as exc:
            route = "SPI (GPIO10; is SPI enabled?)" if spi else f"GPIO{pin}"
            raise StripError(f"could not open the neopixel strip on {route}: {exc}") from exc
        self._opened(led_count)

    def _write(self, pixels: Sequence[RGB]) -> None:
        self._pixels[:] = pixels
        self._pixels.show()

    def _release(self) -> None:
        self._pixels.fill((0, 0, 0))
        self._pixels.show()
        self._pixels.deinit()
