"""WS281x strips through rpi_ws281x's `PixelStrip` (Pi 4 and earlier).

GPIO18 (PWM, needs root, clashes with analog audio) is the default; GPIO10 drives the strip
over SPI without root; GPIO13 is PWM channel 1 for a second chain.
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from typing import Any

from pi_app.board.backends import StripError
from pi_app.board.backends.library import LibraryStrip
from pi_app.board.strip import RGB

__all__ = ["STRIP_TYPES", "Ws281xStrip"]

STRIP_TYPES = ("GRB", "RGB", "BRG", "RBG", "GBR", "BGR")
"""Colour orders; WS2812B strips are GRB."""


class Ws281xStrip(LibraryStrip):
    name = "the ws281x strip (rpi_ws281x)"
    failures = (RuntimeError,)

    def __init__(
        self,
        led_count: int,
        pin: int = 18,
        channel: int | None = None,
        dma: int = 10,
        freq_hz: int = 800_000,
        invert: bool = False,
        strip_type: str = "GRB",
    ) -> None:
        if strip_type.upper() not in STRIP_TYPES:
            raise StripError(f"strip_type {strip_type!r}: use one of {', '.join(STRIP_TYPES)}")
        try:
            lib: Any = importlib.import_module("rpi_ws281x")
        except ImportError as exc:
            raise StripError(
                "the ws281x strip needs the rpi_ws281x package (pip install "
                "'cribbage-companion[pi]') on a Pi 4 or earlier; on a Pi 5 use SPI via "
                "--strip neopixel spi=true, or the serial microcontroller"
            ) from exc
        if channel is None:
            channel = 1 if pin in (13, 19, 41, 45, 53) else 0
        self._strip = lib.PixelStrip(
            led_count,
            pin,
            freq_hz,
            dma,
            invert,
            255,
            channel,
            strip_type=getattr(lib.ws, f"WS2811_STRIP_{strip_type.upper()}"),
        )
        try:
            self._strip.begin()
        except RuntimeError as exc:
            raise StripError(
                f"rpi_ws281x could not start the strip on GPIO{pin} (channel {channel}, DMA "
                f"{dma}): {exc}. PWM and PCM pins need root; GPIO10 (SPI) needs the spi group"
            ) from exc
        self._opened(led_count)

    def _write(self, pixels: Sequence[RGB]) -> None:
        self._strip[0 : self._led_count] = [(r << 16) | (g << 8) | b for r, g, b in pixels]
        self._strip.show()

    def _release(self) -> None:
        self._strip[0 : self._led_count] = [0] * self._led_count
        self._strip.show()
        self._strip._cleanup()
