"""LED strip backends behind the one `Strip` interface, opened by name.

Pi-only libraries are imported inside each backend when it is opened, so the simulator and
the tests run anywhere.
"""

from __future__ import annotations

import importlib
import inspect
from collections.abc import Callable
from typing import Any

from pi_app.board.strip import Strip

__all__ = ["KINDS", "StripError", "open_strip"]


class StripError(RuntimeError):
    """A strip that cannot be opened or driven: missing library, no permission, unplugged."""


def _serial(led_count: int, **options: Any) -> Strip:
    try:
        module = importlib.import_module("pi_app.link.strip")
    except ImportError as exc:
        raise StripError(f"the serial strip needs pi_app.link.strip: {exc}") from exc
    url = options.pop("url", None)
    if url is None:
        raise StripError("the serial strip needs url=... (e.g. /dev/ttyACM0)")
    if options:
        raise StripError(f"the serial strip takes only url, not {', '.join(sorted(options))}")
    strip: Strip = module.SerialStrip(url, led_count)
    return strip


def _backend(module: str, name: str) -> Callable[..., Strip]:
    def opener(led_count: int, **options: Any) -> Strip:
        cls = getattr(importlib.import_module(module), name)
        try:
            inspect.signature(cls).bind(led_count, **options)
        except TypeError as exc:
            raise StripError(f"{module.rsplit('.', 1)[-1]} strip: bad option: {exc}") from exc
        strip: Strip = cls(led_count, **options)
        return strip

    return opener


KINDS: dict[str, Callable[..., Strip]] = {
    "ws281x": _backend("pi_app.board.backends.ws281x", "Ws281xStrip"),
    "neopixel": _backend("pi_app.board.backends.neopixel", "NeoPixelStrip"),
    "serial": _serial,
    "sim": _backend("pi_app.board.backends.sim", "SimStrip"),
}


def open_strip(kind: str, led_count: int, **options: Any) -> Strip:
    """Open a strip of `led_count` LEDs: "ws281x", "neopixel", "serial" (url=) or "sim"."""
    if kind not in KINDS:
        raise StripError(f"unknown strip kind {kind!r}: use one of {', '.join(KINDS)}")
    if isinstance(led_count, bool) or not isinstance(led_count, int) or led_count <= 0:
        raise StripError(f"led_count must be a positive whole number, got {led_count!r}")
    return KINDS[kind](led_count, **options)
