"""The one interface every LED backend implements: take a frame, show it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, runtime_checkable

RGB = tuple[int, int, int]
"""One LED's colour, each channel 0..255, already gamma-corrected and power-limited."""


@runtime_checkable
class Strip(Protocol):
    """One chain of addressable LEDs (a board may have several chains, one strip each)."""

    @property
    def led_count(self) -> int: ...

    def show(self, pixels: Sequence[RGB]) -> None:
        """Display `pixels` (exactly `led_count` of them). Must not block for long."""

    def close(self) -> None:
        """Blank the strip and release the hardware. Safe to call twice."""
