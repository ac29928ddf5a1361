"""`sim://` for pyserial: a port whose far end is the firmware's logic running in-process.

    serial.serial_for_url("sim://")                 a fresh emulated board (363 LEDs)
    serial.serial_for_url("sim://table?leds=242")   the board named "table", kept between opens

A named board outlives its ports, like a Pico with its own power: tests reach it with
`board("table")` to read its strip, press its buttons, pull its cable or reset it. The board
runs `pi_app.link.device.Device` on its own thread with a millisecond clock that starts just
before the 2**29 wrap of `supervisor.ticks_ms`, so every run crosses the wrap.
"""

from __future__ import annotations

import threading
import time
import urllib.parse
from collections.abc import Sequence

from serial.serialutil import PortNotOpenError, SerialBase, SerialException

from pi_app.board.strip import RGB
from pi_app.link import device, wire

DEFAULT_LEDS = 363
CLOCK_START_MS = device.TICKS_PERIOD - 5_000
BUTTONS = ("go", "undo", "ok")


class EmulatedStrip:
    """A NeoPixel stand-in: what `show()` last put on the LEDs, brightness applied."""

    def __init__(self, led_count: int) -> None:
        self.brightness = 1.0
        self._values: list[RGB] = [(0, 0, 0)] * led_count
        self.shown: list[RGB] = list(self._values)
        self.shows = 0

    def __setitem__(self, index: int, colour: Sequence[int]) -> None:
        r, g, b = colour
        self._values[index] = (r, g, b)

    def fill(self, colour: Sequence[int]) -> None:
        for index in range(len(self._values)):
            self[index] = colour

    def show(self) -> None:
        level = self.brightness
        self.shown = [(int(r * level), int(g * level), int(b * level)) for r, g, b in self._values]
        self.shows += 1


class Pin:
    """A button's input pin, pulled up: `value` is False while the button is held."""

    def __init__(self) -> None:
        self.value = True


class Counter:
    """An encoder's position count, as rotaryio.IncrementalEncoder keeps it."""

    def __init__(self) -> None:
        self.position = 0


class _Pipe:
    """The device's end of the USB cable: what usb_cdc.data offers the firmware."""

    def __init__(self, board: EmulatedBoard) -> None:
        self._board = board
        self.rx = bytearray()

    @property
    def connected(self) -> bool:
        return self._board.plugged and self._board.ports > 0

    @property
    def in_waiting(self) -> int:
        return len(self.rx)

    def read(self, size: int) -> bytes:
        data = bytes(self.rx[:size])
        del self.rx[:size]
        return data

    def write(self, data: bytes) -> int:
        self._board.to_host(data)
        return len(data)


class EmulatedBoard:
    """A Pico with a strip, three buttons and an encoder, running the firmware logic."""

    def __init__(self, led_count: int = DEFAULT_LEDS, max_milliamps: int = 0,
                 idle_ms: int = 3000) -> None:
        self.led_count = led_count
        self.max_milliamps = max_milliamps
        self.idle_ms = idle_ms
        self.plugged = True
        self.unplugs = 0  # a port opened before an unplug stays dead, as a real one does
        self.ports = 0
        self.boots = 0
        self.pins = {name: Pin() for name in BUTTONS}
        self.encoder = Counter()
        self._cond = threading.Condition()
        self._to_host = bytearray()
        self._started = time.monotonic()
        self._pipe = _Pipe(self)
        self._boot()
        self._stop = False
        self._thread = threading.Thread(target=self._run, name="sim-board", daemon=True)
        self._thread.start()

    def ticks_ms(self) -> int:
        elapsed = int((time.monotonic() - self._started) * 1000)
        return (CLOCK_START_MS + elapsed) % device.TICKS_PERIOD

    @property
    def strip(self) -> EmulatedStrip:
        return self.device.pixels  # type: ignore[no-any-return]

    def shown(self) -> list[RGB]:
        """The colours on the LEDs now."""
        with self._cond:
            return list(self.strip.shown)

    def wait_for(self, pixels: Sequence[RGB], timeout: float = 2.0) -> bool:
        """Whether the strip shows exactly `pixels` within `timeout` seconds."""
        want = [tuple(p) for p in pixels]
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.shown() == want:
                return True
            time.sleep(0.005)
        return self.shown() == want

    def unplug(self) -> None:
        """Pull the cable: open ports fail from now on, and new ones cannot open."""
        with self._cond:
            self.plugged = False
            self.unplugs += 1
            self.ports = 0
            self._to_host.clear()
            self._pipe.rx.clear()
            self._cond.notify_all()

    def replug(self) -> None:
        with self._cond:
            self.plugged = True
            self._cond.notify_all()

    def reset(self) -> None:
        """Restart the firmware: the strip goes dark and everything it knew is forgotten."""
        with self._cond:
            self._pipe.rx.clear()
            self._boot()
            self._cond.notify_all()

    def close(self) -> None:
        with self._cond:
            self._stop = True
            self._cond.notify_all()
        self._thread.join(timeout=1)

    def _boot(self) -> None:
        self.boots += 1
        buttons: list[device.Button | device.Encoder] = [
            device.Button(name, pin) for name, pin in self.pins.items()]
        controls = (*buttons, device.Encoder("encoder", self.encoder))
        self.device = device.Device(
            self._pipe, EmulatedStrip(self.led_count), self.led_count, self.ticks_ms,
            controls=controls, max_milliamps=self.max_milliamps, idle_ms=self.idle_ms,
            boot_id=(self.boots * 7919 + int(self._started * 1000)) & 0xFFFF)

    def _run(self) -> None:
        with self._cond:
            while not self._stop:
                self.device.poll()
                self._cond.wait(timeout=0.002)

    # The host's end, used by the pyserial Serial below (always under self._cond).

    def to_host(self, data: bytes) -> None:
        if self.plugged and self.ports:
            self._to_host.extend(data)
            self._cond.notify_all()

    def from_host(self, data: bytes) -> None:
        self._pipe.rx.extend(data)
        self._cond.notify_all()


_boards: dict[str, EmulatedBoard] = {}
_boards_lock = threading.Lock()


def board(name: str) -> EmulatedBoard:
    """The named emulated board (made by the first `sim://name` opened)."""
    with _boards_lock:
        if name not in _boards:
            raise KeyError(f"no emulated board named {name!r}; open sim://{name} first")
        return _boards[name]


def forget(name: str) -> None:
    """Stop and drop a named board, so the next `sim://name` starts a fresh one."""
    with _boards_lock:
        found = _boards.pop(name, None)
    if found is not None:
        found.close()


def _options(url: str) -> tuple[str, dict[str, int]]:
    parts = urllib.parse.urlsplit(url)
    if parts.scheme != "sim":
        raise SerialException(f"expected a sim:// URL, got {url!r}")
    known = {"leds": "led_count", "max_ma": "max_milliamps", "idle_ms": "idle_ms"}
    options: dict[str, int] = {}
    for key, values in urllib.parse.parse_qs(parts.query, keep_blank_values=True).items():
        if key not in known:
            raise SerialException(f"{url}: unknown option {key!r}; known: {', '.join(known)}")
        try:
            options[known[key]] = int(values[-1])
        except ValueError:
            raise SerialException(f"{url}: {key} must be a whole number") from None
    if not 0 < options.get("led_count", DEFAULT_LEDS) <= wire.MAX_LEDS:
        raise SerialException(f"{url}: leds must be 1..{wire.MAX_LEDS}")
    return parts.netloc + parts.path.strip("/"), options


class Serial(SerialBase):  # type: ignore[misc]
    """The host's end of an emulated board's USB serial port."""

    is_open: bool
    board: EmulatedBoard

    def open(self) -> None:
        if self.is_open:
            raise SerialException("port is already open")
        if self._port is None:
            raise SerialException("port must be configured before it can be used")
        name, options = _options(self._port)
        if name:
            with _boards_lock:
                if name not in _boards:
                    _boards[name] = EmulatedBoard(**options)
                self.board = _boards[name]
        else:
            self.board = EmulatedBoard(**options)
        self._owns_board = not name
        with self.board._cond:
            if not self.board.plugged:
                raise SerialException(f"{self._port}: no such device (unplugged)")
            self.board.ports += 1
            self._unplugs = self.board.unplugs
        self.is_open = True

    def close(self) -> None:
        if self.is_open:
            self.is_open = False
            with self.board._cond:
                if self.board.unplugs == self._unplugs:
                    self.board.ports -= 1
                self.board._cond.notify_all()
            if self._owns_board:
                self.board.close()

    def _check(self) -> EmulatedBoard:
        if not self.is_open:
            raise PortNotOpenError()
        if self.board.unplugs != self._unplugs:
            raise SerialException(f"{self._port}: device disconnected")
        return self.board

    @property
    def in_waiting(self) -> int:
        board = self._check()
        with board._cond:
            return len(board._to_host)

    def read(self, size: int = 1) -> bytes:
        board = self._check()
        deadline = None if self._timeout is None else time.monotonic() + self._timeout
        with board._cond:
            while (len(board._to_host) < size and self.is_open
                   and board.unplugs == self._unplugs):
                left = None if deadline is None else deadline - time.monotonic()
                if left is not None and left <= 0:
                    break
                board._cond.wait(timeout=left)
            self._check()
            data = bytes(board._to_host[:size])
            del board._to_host[:size]
            return data

    def write(self, data: bytes) -> int:
        board = self._check()
        with board._cond:
            board.from_host(bytes(data))
        return len(data)

    def reset_input_buffer(self) -> None:
        board = self._check()
        with board._cond:
            board._to_host.clear()

    def reset_output_buffer(self) -> None:
        self._check()

    def _reconfigure_port(self, force_update: bool = False) -> None:
        """Baud rate and framing mean nothing over USB CDC, as on the real board."""

    def _update_dtr_state(self) -> None:
        """DTR is ignored, as CircuitPython ignores it on the data port."""

    def _update_rts_state(self) -> None:
        """RTS is ignored too."""

    def _update_break_state(self) -> None:
        """Breaks are ignored."""
