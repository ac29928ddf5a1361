"""The firmware's logic: frames in, LEDs out, button and encoder events back.

Everything here works on objects handed in (a serial port, a NeoPixel-like strip, pins, a
millisecond clock), so the same code runs on the board (firmware/code.py opens the hardware),
in the `sim://` serial port on a laptop, and in tests with fakes. Like `wire`, it is copied
to the board by `crib firmware install`, so it keeps to CircuitPython's subset of Python.
"""

from . import wire

try:  # noqa: SIM105 - CircuitPython has no contextlib
    from typing import Any
except ImportError:  # CircuitPython, which never evaluates annotations
    pass

TICKS_PERIOD = 1 << 29  # supervisor.ticks_ms wraps here
MA_PER_CHANNEL = 20  # a WS2812B channel at 255 draws about 20 mA
MA_IDLE_PER_LED = 1  # and a dark one still draws about 1 mA
WAIT_FRAME_MS = 40  # the waiting sign's animation step
WAIT_PERIOD_MS = 4000  # one slow breath
WAIT_FLOOR = 0.2  # the board dims to this fraction at the bottom of a breath
WAIT_PIXEL = (0, 0, 48)  # the sign on a blank board: one dim blue LED
EVENT_RESEND_MS = 150
EVENT_TTL_MS = 3000  # a press the host never hears about in this time is dropped
EVENT_QUEUE = 16
DEBOUNCE_MS = 20


def ticks_diff(new: int, old: int) -> int:
    """`new - old` in milliseconds, correct across the wrap of supervisor.ticks_ms."""
    half = TICKS_PERIOD // 2
    return ((new - old + half) % TICKS_PERIOD) - half


class Button:
    """One push button on a pin: debounced; press on release, long press (or repeats) on hold."""

    def __init__(self, name: str, pin: Any, long_ms: int = 600, repeat_ms: int = 0,
                 active_low: bool = True) -> None:
        self.name = name
        self.pin = pin  # anything with a boolean .value, e.g. digitalio.DigitalInOut
        self.long_ms = long_ms
        self.repeat_ms = repeat_ms
        self.active_low = active_low
        self._down = False
        self._changed_ms = None  # type: int | None
        self._pressed_ms = 0
        self._held_fired = False
        self._next_repeat_ms = 0

    def poll(self, now: int) -> list[tuple[str, str, int]]:
        """[(kind, control, steps)] for what happened since the last poll."""
        raw = bool(self.pin.value) != self.active_low
        events = []
        if raw != self._down:
            if self._changed_ms is None:
                self._changed_ms = now
            if ticks_diff(now, self._changed_ms) >= DEBOUNCE_MS:
                self._down = raw
                self._changed_ms = None
                if raw:
                    self._pressed_ms = now
                    self._held_fired = False
                elif not self._held_fired:
                    events.append(("press", self.name, 0))
        else:
            self._changed_ms = None
        if self._down and ticks_diff(now, self._pressed_ms) >= self.long_ms:
            if self.repeat_ms:
                if not self._held_fired or ticks_diff(now, self._next_repeat_ms) >= 0:
                    events.append(("repeat", self.name, 0))
                    self._next_repeat_ms = (now + self.repeat_ms) % TICKS_PERIOD
            elif not self._held_fired:
                events.append(("long_press", self.name, 0))
            self._held_fired = True
        return events


class Encoder:
    """A rotary encoder read through something with a .position count (rotaryio)."""

    def __init__(self, name: str, counter: Any, counts_per_detent: int = 1) -> None:
        self.name = name
        self.counter = counter
        self.counts_per_detent = counts_per_detent
        self._last = counter.position

    def poll(self, now: int) -> list[tuple[str, str, int]]:
        detents = (self.counter.position - self._last) // self.counts_per_detent
        if detents == 0:
            return []
        self._last += detents * self.counts_per_detent
        step = 1 if detents > 0 else -1
        return [("turn", self.name, step)] * min(abs(detents), EVENT_QUEUE)


class Device:
    """One microcontroller driving one strip, answering the host over one serial port.

    Call `poll()` in a loop. It never blocks: it reads what has arrived, applies frames,
    scans the controls, resends an unacknowledged event, and animates the waiting sign when
    the host has been silent for `idle_ms`.
    """

    def __init__(self, port: Any, pixels: Any, led_count: int, ticks_ms: Any,
                 controls: tuple[Any, ...] = (), max_milliamps: int = 0,
                 max_brightness: float = 1.0, idle_ms: int = 3000, boot_id: int = 0) -> None:
        if not 0 < led_count <= wire.MAX_LEDS:
            raise ValueError(f"led_count {led_count} is outside 1..{wire.MAX_LEDS}")
        self.port = port  # usb_cdc.data or alike: in_waiting, read(n), write(b)
        self.pixels = pixels  # neopixel.NeoPixel(auto_write=False) or alike
        self.led_count = led_count
        self.ticks_ms = ticks_ms
        self.controls = controls
        self.max_milliamps = max_milliamps
        self.max_brightness = max_brightness
        self.idle_ms = idle_ms
        self.boot_id = boot_id & 0xFFFF
        self.frame = bytearray(3 * led_count)  # what the host asked for, before brightness
        # The number of the frame shown; None until one arrives.
        self.frame_seq = None  # type: int | None
        self.host_brightness = 1.0
        self.decoder = wire.Decoder()
        self.events_dropped = 0
        self._reported_drops = 0
        self._event_seq = 0
        # Unacknowledged events, oldest first: [seq, created_ms, sent_ms or None, encoded].
        self._outbox = []  # type: list[list[Any]]
        now = ticks_ms()
        self._heard_ms = now
        self._waiting = False
        self._wait_step_ms = now
        self._send(wire.encode(wire.HELLO, 0, self._hello()))

    @property
    def waiting(self) -> bool:
        """Whether the host has gone silent and the waiting sign is on."""
        return self._waiting

    def brightness(self) -> float:
        """The strip brightness: the host's wish, within the device's own brightness and
        current caps."""
        level = min(self.host_brightness, self.max_brightness)
        lit = sum(self.frame)
        if self.max_milliamps and lit:
            budget = self.max_milliamps - MA_IDLE_PER_LED * self.led_count
            full = lit * MA_PER_CHANNEL / 255
            level = min(level, max(0.0, budget / full))
        return level

    def poll(self) -> None:
        now = self.ticks_ms()
        waiting = self.port.in_waiting
        if waiting:
            for message in self.decoder.feed(self.port.read(waiting)):
                self._heard_ms = now
                self._handle(message)
            if self.decoder.dropped != self._reported_drops:
                self._reported_drops = self.decoder.dropped
                body = bytes((wire.ERROR_BAD_FRAME,)) + wire.u16(self.decoder.dropped & 0xFFFF)
                self._send(wire.encode(wire.ERROR, 0, body))
        for control in self.controls:
            for kind, name, steps in control.poll(now):
                self._queue_event(kind, name, steps, now)
        self._send_events(now)
        self._animate(now)

    def _handle(self, message: Any) -> None:
        kind = message.kind
        seq = message.seq
        body = message.body
        try:
            if kind == wire.FULL:
                self._apply_full(seq, body)
            elif kind == wire.DELTA:
                self._apply_delta(seq, body)
            elif kind == wire.BRIGHTNESS:
                if len(body) != 1:
                    raise wire.WireError(f"brightness body is {len(body)} bytes, expected 1")
                self.host_brightness = body[0] / 255
                self._render(None)
                self._send(wire.encode(wire.ACK, seq))
            elif kind == wire.PING:
                self._send(wire.encode(wire.PONG, seq, body))
            elif kind == wire.HELLO:
                self._send(wire.encode(wire.HELLO, seq, self._hello()))
            elif kind == wire.STATE:
                self._send(wire.encode(wire.STATE, seq,
                                       wire.state_body(self.boot_id, self.frame_seq, self.frame)))
            elif kind == wire.ACK:
                self._outbox = [e for e in self._outbox if wire.seq_newer(e[0], seq)]
            else:
                self._nack(seq, wire.NACK_UNKNOWN_TYPE)
        except wire.WireError:
            self._nack(seq, wire.NACK_BAD_BODY)

    def _apply_full(self, seq: int, body: bytes) -> None:
        if len(body) != len(self.frame):
            raise wire.WireError(f"full frame of {len(body)} bytes for {self.led_count} LEDs")
        self.frame[:] = body
        self._shown(seq, None)

    def _apply_delta(self, seq: int, body: bytes) -> None:
        if self.frame_seq is None or wire.delta_base(body) != self.frame_seq:
            self._nack(seq, wire.NACK_BAD_BASE)
            return
        runs = wire.delta_runs(body, self.led_count)
        for start, colours in runs:
            self.frame[3 * start : 3 * start + len(colours)] = colours
        self._shown(seq, runs)

    def _shown(self, seq: int, runs: list[tuple[int, bytes]] | None) -> None:
        self.frame_seq = seq
        self._render(runs)
        self._send(wire.encode(wire.ACK, seq))

    def _render(self, runs: list[tuple[int, bytes]] | None) -> None:
        """Copy the frame (all of it, or just `runs`) to the strip and show it."""
        if self._waiting:
            self._waiting = False
            runs = None
        pixels = self.pixels
        frame = self.frame
        spans = runs if runs is not None else [(0, frame)]
        for start, colours in spans:
            for i in range(len(colours) // 3):
                pixels[start + i] = (colours[3 * i], colours[3 * i + 1],
                                     colours[3 * i + 2])
        pixels.brightness = self.brightness()
        pixels.show()

    def _animate(self, now: int) -> None:
        silent = ticks_diff(now, self._heard_ms) >= self.idle_ms
        if not silent:
            if self._waiting:
                self._render(None)
            return
        if self._waiting and ticks_diff(now, self._wait_step_ms) < WAIT_FRAME_MS:
            return
        self._waiting = True
        self._wait_step_ms = now
        phase = (ticks_diff(now, self._heard_ms) % WAIT_PERIOD_MS) / WAIT_PERIOD_MS
        breath = WAIT_FLOOR + (1 - WAIT_FLOOR) * abs(1 - 2 * phase)
        if not any(self.frame):
            self.pixels[0] = WAIT_PIXEL
            self.pixels.brightness = breath
        else:
            self.pixels.brightness = self.brightness() * breath
        self.pixels.show()

    def _queue_event(self, kind: str, control: str, steps: int, now: int) -> None:
        if len(self._outbox) >= EVENT_QUEUE:
            self._outbox.pop(0)
            self.events_dropped += 1
        body = wire.event_body(self.boot_id, kind, control, steps)
        seq = self._event_seq
        self._event_seq = (seq + 1) % wire.SEQ_MOD
        self._outbox.append([seq, now, None, wire.encode(wire.EVENT, seq, body)])

    def _send_events(self, now: int) -> None:
        """Stop-and-wait: the oldest event goes out until acknowledged, so order is kept."""
        while self._outbox and ticks_diff(now, self._outbox[0][1]) >= EVENT_TTL_MS:
            self._outbox.pop(0)
            self.events_dropped += 1
        if not self._outbox:
            return
        head = self._outbox[0]
        if head[2] is None or ticks_diff(now, head[2]) >= EVENT_RESEND_MS:
            head[2] = now
            self._send(head[3])

    def _nack(self, seq: int, reason: int) -> None:
        self._send(wire.encode(wire.NACK, seq, wire.nack_body(reason, self.frame_seq)))

    def _hello(self) -> bytes:
        return wire.hello_body(self.led_count, self.boot_id, self.max_milliamps)

    def _send(self, data: bytes) -> None:
        if getattr(self.port, "connected", True):
            self.port.write(data)
