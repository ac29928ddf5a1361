"""`SerialStrip`: the LED backend for a strip driven by a microcontroller over serial."""

from __future__ import annotations

from collections.abc import Sequence

from pi_app.board.strip import RGB
from pi_app.link.driver import AUTO, EventHandler, PicoLink


class SerialStrip:
    """A `pi_app.board.strip.Strip` whose LEDs hang off a Pico running firmware/.

    `url` is a serial device, "auto" (the first Pico found, looked for again after each
    unplug), or `sim://` for the in-process emulated board. `show()` never waits for the
    device; the newest frame wins. Options: `on_event` (called with each button or encoder
    `InputEvent`, source "serial", on the link's reader thread), `brightness` (0..1),
    `ack_timeout`, `heartbeat` and `reconnect_delay` in seconds.
    """

    def __init__(self, url: str = AUTO, led_count: int = 363, *,
                 on_event: EventHandler | None = None, brightness: float | None = None,
                 ack_timeout: float = 0.25, heartbeat: float = 1.0,
                 reconnect_delay: float = 0.5) -> None:
        if led_count <= 0:
            raise ValueError(f"led_count must be positive, got {led_count}")
        self._led_count = led_count
        self.link = PicoLink(url, led_count, on_event=on_event, ack_timeout=ack_timeout,
                             heartbeat=heartbeat, reconnect_delay=reconnect_delay)
        if brightness is not None:
            self.link.set_brightness(brightness)

    @property
    def led_count(self) -> int:
        return self._led_count

    def show(self, pixels: Sequence[RGB]) -> None:
        self.link.show(pixels)

    def close(self) -> None:
        self.link.close()
