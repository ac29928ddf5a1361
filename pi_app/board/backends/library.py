"""What every strip driven through a vendor library does alike: check each frame, turn the
library's failures into `StripError`, and blank the strip once on close."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import ClassVar

from pi_app.board.backends import StripError
from pi_app.board.strip import RGB

__all__ = ["LibraryStrip"]


class LibraryStrip(ABC):
    """Subclasses open their library, then call `_opened`; they write and release pixels."""

    name: ClassVar[str]
    """How messages name the strip, e.g. "the ws281x strip"."""
    failures: ClassVar[tuple[type[Exception], ...]]
    """What the library raises when a frame cannot be shown."""

    _led_count: int
    _open: bool = False

    def _opened(self, led_count: int) -> None:
        self._led_count = led_count
        self._open = True

    @property
    def led_count(self) -> int:
        return self._led_count

    @abstractmethod
    def _write(self, pixels: Sequence[RGB]) -> None:
        """Send one frame of exactly `led_count` pixels to the LEDs."""

    @abstractmethod
    def _release(self) -> None:
        """Blank the LEDs and let the library go."""

    def show(self, pixels: Sequence[RGB]) -> None:
        if not self._open:
            raise StripError(f"{self.name} is closed")
        if len(pixels) != self._led_count:
            raise ValueError(f"got {len(pixels)} pixels for a {self._led_count}-LED strip")
        try:
            self._write(pixels)
        except self.failures as exc:
            raise StripError(f"{self.name} failed to show a frame: {exc}") from exc

    def close(self) -> None:
        if not self._open:
            return
        self._open = False
        self._release()
