"""`crib link test`: send test frames over a link and report what arrived, and how fast."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from typing import Any

from serial import SerialException

from pi_app.board.strip import RGB
from pi_app.link import wire
from pi_app.link.driver import PicoLink, open_port
from pi_app.link.faults import FaultySerial

Progress = Callable[[int, int], None]
PEG_COLOURS = ((255, 40, 0), (0, 90, 255))


class LinkTestError(Exception):
    """The link test could not run: the message names the port and what failed."""


def pattern_frame(index: int, led_count: int) -> list[RGB]:
    """Frame `index` of the test: two players' front and back pegs stepping along the
    board (a few LEDs change, as in play); every 25th frame lights the whole board (a
    full-frame change, as when a game ends)."""
    if index % 25 == 24:
        return [((index * 7 + i) % 256, 64, (i * 3) % 256) for i in range(led_count)]
    pixels: list[RGB] = [(0, 0, 0)] * led_count
    for player, colour in enumerate(PEG_COLOURS):
        front = (index * (2 + player) + 5 * player) % led_count
        back = (front - 1 - index % 6) % led_count
        pixels[back] = pixels[front] = colour
    return pixels


def percentile(values: Iterable[float], fraction: float) -> float | None:
    """The nearest-rank percentile, or None for no values."""
    if not values:
        return None
    ordered = sorted(values)
    rank = max(0, min(len(ordered) - 1, round(fraction * len(ordered) + 0.5) - 1))
    return round(ordered[rank], 3)


def run_link_test(url: str, frames: int = 100, corrupt: float = 0.0, *,
                  led_count: int | None = None, seed: int = 0, frame_timeout: float = 2.0,
                  progress: Progress | None = None) -> dict[str, Any]:
    """Send `frames` test frames, each after the last was shown or timed out; `corrupt`
    flips one bit in that fraction of bytes, both ways. The result has the keys `crib link
    test --json` prints."""
    if frames < 1:
        raise ValueError(f"frames must be at least 1, got {frames}")
    if not 0.0 <= corrupt < 1.0:
        raise ValueError(f"corrupt must be a fraction in 0..1 (1 excluded), got {corrupt}")
    try:
        open_port(url).close()
    except (SerialException, OSError, ValueError) as exc:
        raise LinkTestError(str(exc)) from None
    rng = random.Random(seed)

    def opener(target: str) -> Any:
        port = open_port(target)
        return FaultySerial(port, corrupt=corrupt, rng=rng) if corrupt else port

    link = PicoLink(url, led_count, opener=opener, ack_timeout=0.1, heartbeat=0.5)
    try:
        if not link.wait_connected(timeout=5.0):
            raise LinkTestError(f"{url}: no device answered within 5 s"
                                + (f" ({link.last_error})" if link.last_error else ""))
        count = link.led_count
        if count is None:
            raise LinkTestError(f"{url}: the device's hello gave no LED count; pass --leds")
        last: list[RGB] = []
        for index in range(frames):
            last = pattern_frame(index, count)
            link.show(last)
            link.wait_shown(frame_timeout)
            if progress is not None:
                progress(index + 1, frames)
        link.wait_shown(5 * frame_timeout)
        want = wire.crc16(b"".join(bytes(colour) for colour in last))
        final_ok = False
        for _ in range(20):
            state = link.query_state(timeout=0.25)
            if state is not None:
                final_ok = state["frame_seq"] is not None and state["frame_crc"] == want
                break
        stats = link.stats
        return {
            "frames_sent": stats.frames_sent,
            "frames_applied": stats.frames_applied,
            "frames_rejected": stats.frames_rejected,
            "latency_ms": {"p50": percentile(stats.latencies_ms, 0.5),
                           "p99": percentile(stats.latencies_ms, 0.99)},
            "final_frame_ok": final_ok,
        }
    finally:
        link.close(blank=False)
