"""The host's side of the link: a pyserial driver that never blocks the app.

`PicoLink.show(frame)` only records the newest frame and returns. A sender thread sends it,
one message in flight at a time: a delta against the frame the device last acknowledged
when that is smaller, else a full frame. A frame that was superseded before it went out is
never sent (the newest frame wins). A reader thread decodes replies, acknowledges button
events, and reopens the port after an unplug. A heartbeat asks the device what it shows, so
a firmware reset or a lost acknowledgement is noticed and repaired with a full frame.
"""

from __future__ import annotations

import contextlib
import logging
import threading
import time
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import serial

import pi_app.link  # noqa: F401  (registers sim://)
from pi_app.board.strip import RGB
from pi_app.inputs.events import InputEvent
from pi_app.link import wire
from pi_app.link.discovery import find_pico

log = logging.getLogger(__name__)

Opener = Callable[[str], Any]
EventHandler = Callable[[InputEvent], None]

AUTO = "auto"
RECENT_FRAMES = 8


def open_port(url: str) -> Any:
    """Open `url` (a device path, `loop://`, `sim://...`, or "auto" for the first Pico)."""
    if url == AUTO:
        found = find_pico()
        if found is None:
            raise serial.SerialException("no Pico found (USB VID 0x2E8A/0x239A, CDC data port)")
        url = found
    # USB CDC ignores the baud rate; a UART bridge or loop:// paces writes by it.
    return serial.serial_for_url(url, baudrate=115200, timeout=0.05, write_timeout=0.5)


def frame_bytes(pixels: Sequence[RGB], led_count: int) -> bytes:
    """The wire form of a frame, checking it has `led_count` colours of 0..255 channels."""
    if len(pixels) != led_count:
        raise ValueError(f"frame has {len(pixels)} colours; the strip has {led_count} LEDs")
    out = bytearray(3 * led_count)
    for index, colour in enumerate(pixels):
        try:
            if len(colour) != 3:
                raise ValueError
            out[3 * index : 3 * index + 3] = bytes(colour)
        except (ValueError, TypeError):
            raise ValueError(f"LED {index}: {colour!r} is not three channels 0..255") from None
    return bytes(out)


@dataclass
class LinkStats:
    """Counters since the link started; `frames_*` count frame messages (full or delta)."""

    frames_sent: int = 0
    full_frames: int = 0
    delta_frames: int = 0
    frames_applied: int = 0
    frames_rejected: int = 0  # refused (NACK), reported dropped as corrupt, or never answered
    bytes_sent: int = 0
    bytes_received: int = 0
    corrupt_received: int = 0  # frames from the device that failed the checks here
    connects: int = 0
    disconnects: int = 0
    resyncs: int = 0  # heartbeats that found the device showing something else
    events: int = 0
    latencies_ms: deque[float] = field(default_factory=lambda: deque(maxlen=10_000))
    """Send-to-acknowledgement times of the latest applied frames."""


@dataclass
class _InFlight:
    seq: int
    kind: int
    sent_at: float
    generation: int = 0
    frame: bytes = b""


class _Reply:
    def __init__(self) -> None:
        self.ready = threading.Event()
        self.message: wire.Message | None = None


class PicoLink:
    """One serial link to one microcontroller: frames out, input events in.

    `led_count` may be None to take the count from the device's hello.
    """

    def __init__(
        self,
        url: str,
        led_count: int | None,
        *,
        on_event: EventHandler | None = None,
        opener: Opener = open_port,
        ack_timeout: float = 0.25,
        heartbeat: float = 1.0,
        reconnect_delay: float = 0.5,
    ) -> None:
        self.url = url
        self._led_count = led_count
        self.on_event = on_event
        self._opener = opener
        self.ack_timeout = ack_timeout
        self.heartbeat = heartbeat
        self.reconnect_delay = reconnect_delay
        self.stats = LinkStats()
        self.device_info: dict[str, int | str] | None = None
        self.last_error: str | None = None
        self._cond = threading.Condition()
        self._write_lock = threading.Lock()
        self._port: Any = None
        self._decoder = wire.Decoder()
        self._seq = 0
        self._latest: bytes | None = None
        self._generation = 0
        self._shown_generation = 0
        self._refused_generation = -1
        self._device_frame: tuple[int, bytes] | None = None
        self._recent: dict[int, bytes] = {}  # frames sent lately, by sequence number
        self._brightness: int | None = None
        self._in_flight: _InFlight | None = None
        self._replies: dict[int, _Reply] = {}
        self._heartbeat_due = 0.0
        self._heartbeat: tuple[int, int | None] | None = None
        self._event_boot: int | None = None
        self._last_event: int | None = None
        self._closed = False
        self._reader = threading.Thread(target=self._read_loop, name="link-reader", daemon=True)
        self._sender = threading.Thread(target=self._send_loop, name="link-sender", daemon=True)
        self._reader.start()
        self._sender.start()

    # The app's side: none of these wait for the device.

    @property
    def led_count(self) -> int | None:
        return self._led_count

    @property
    def connected(self) -> bool:
        return self._port is not None

    def show(self, pixels: Sequence[RGB]) -> None:
        """Make `pixels` the frame to show; any older frame not yet sent is dropped."""
        if self._led_count is None:
            raise RuntimeError(f"{self.url}: LED count unknown until the device says hello")
        data = frame_bytes(pixels, self._led_count)
        with self._cond:
            self._latest = data
            self._generation += 1
            self._cond.notify_all()

    def set_brightness(self, level: float) -> None:
        """Scale the whole strip by `level` (0..1), within the device's own current cap."""
        if not 0.0 <= level <= 1.0:
            raise ValueError(f"brightness {level} is outside 0..1")
        with self._cond:
            self._brightness = round(level * 255)
            self._cond.notify_all()

    # Waiting helpers, for tools and tests.

    def wait_connected(self, timeout: float) -> bool:
        """Whether the port opened and the device said hello within `timeout` seconds."""
        with self._cond:
            return self._cond.wait_for(lambda: self.device_info is not None and self.connected,
                                       timeout=timeout)

    def wait_shown(self, timeout: float) -> bool:
        """Whether the device acknowledged the newest frame within `timeout` seconds."""
        with self._cond:
            generation = self._generation
            return self._cond.wait_for(lambda: self._shown_generation >= generation,
                                       timeout=timeout)

    def ping(self, payload: bytes = b"", timeout: float = 1.0) -> float | None:
        """Round-trip time in seconds, or None if no pong came back in time."""
        started = time.perf_counter()
        reply = self._request(wire.PING, payload, timeout)
        if reply is None or reply.kind != wire.PONG or reply.body != payload:
            return None
        return time.perf_counter() - started

    def query_state(self, timeout: float = 1.0) -> dict[str, int | None] | None:
        """What the device says it shows (boot id, frame number, frame CRC), or None."""
        reply = self._request(wire.STATE, b"", timeout)
        if reply is None or reply.kind != wire.STATE:
            return None
        try:
            return wire.parse_state(reply.body)
        except wire.WireError:
            return None

    def close(self, blank: bool = True, timeout: float = 0.5) -> None:
        """Blank the strip (waiting up to `timeout` for it), stop the threads, close the port.

        Safe to call twice."""
        if self._closed:
            return
        if blank and self._led_count is not None and self.connected:
            self.show([(0, 0, 0)] * self._led_count)
            self.wait_shown(timeout)
        with self._cond:
            self._closed = True
            self._cond.notify_all()
        self._sender.join(timeout=2)
        self._reader.join(timeout=2)
        self._drop_port(None)

    # Threads.

    def _next_seq(self) -> int:
        self._seq = (self._seq + 1) % wire.SEQ_MOD
        return self._seq

    def _write(self, port: Any, data: bytes) -> bool:
        """Write one message; a failure counts as an unplug."""
        try:
            with self._write_lock:
                port.write(data)
        except (serial.SerialException, OSError) as exc:
            self._drop_port(port, exc)
            return False
        with self._cond:
            self.stats.bytes_sent += len(data)
        return True

    def _request(self, kind: int, body: bytes, timeout: float) -> wire.Message | None:
        with self._cond:
            port = self._port
            if port is None:
                return None
            seq = self._next_seq()
            reply = self._replies[seq] = _Reply()
        try:
            if self._write(port, wire.encode(kind, seq, body)):
                reply.ready.wait(timeout)
            return reply.message
        finally:
            with self._cond:
                self._replies.pop(seq, None)

    def _read_loop(self) -> None:
        while not self._closed:
            port = self._port
            if port is None:
                self._connect()
                continue
            try:
                data = port.read(max(1, port.in_waiting))
            except (serial.SerialException, OSError, TypeError, AttributeError) as exc:
                self._drop_port(port, exc)
                continue
            if data:
                self.stats.bytes_received += len(data)
                for message in self._decoder.feed(data):
                    self._handle(port, message)
                self.stats.corrupt_received = self._decoder.dropped

    def _connect(self) -> None:
        try:
            port = self._opener(self.url)
        except (serial.SerialException, OSError, ValueError) as exc:
            self.last_error = f"{self.url}: {exc}"
            with self._cond:
                self._cond.wait(timeout=self.reconnect_delay)
            return
        with self._cond:
            if self._closed:
                port.close()
                return
            self._port = port
            self._decoder = wire.Decoder()
            self._in_flight = None
            self._device_frame = None
            self._shown_generation = min(self._shown_generation, self._generation - 1)
            self.stats.connects += 1
            hello_seq = self._next_seq()
            self._cond.notify_all()
        log.info("link: connected to %s", self.url)
        self._write(port, wire.encode(wire.HELLO, hello_seq, bytes((wire.PROTOCOL_VERSION,))))

    def _drop_port(self, port: Any, exc: BaseException | None = None) -> None:
        with self._cond:
            if port is not None and self._port is not port:
                return
            old, self._port = self._port, None
            if self._in_flight is not None and self._in_flight.kind in (wire.FULL, wire.DELTA):
                self.stats.frames_rejected += 1  # never answered: the cable went
            self._in_flight = None
            if old is not None and port is not None:
                self.stats.disconnects += 1
                self.last_error = f"{self.url}: {exc}"
                log.warning("link: lost %s (%s); reconnecting", self.url, exc)
            self._cond.notify_all()
        if old is not None:
            with contextlib.suppress(serial.SerialException, OSError):
                old.close()

    def _send_loop(self) -> None:
        with self._cond:
            while not self._closed:
                message = self._next_message(time.monotonic())
                if message is None:
                    self._cond.wait(timeout=self._next_wakeup(time.monotonic()))
                    continue
                port, data = message
                self._cond.release()
                try:
                    self._write(port, data)
                finally:
                    self._cond.acquire()

    def _next_wakeup(self, now: float) -> float:
        if self._port is None:
            return self.reconnect_delay
        wake = self._heartbeat_due - now
        if self._in_flight is not None:
            wake = min(wake, self._in_flight.sent_at + self.ack_timeout - now)
        return max(0.001, wake)

    def _next_message(self, now: float) -> tuple[Any, bytes] | None:
        """What the sender should write now, if anything (called holding the lock)."""
        port = self._port
        if port is None:
            return None
        flight = self._in_flight
        if flight is not None:
            if now - flight.sent_at < self.ack_timeout:
                return None
            if flight.kind in (wire.FULL, wire.DELTA):
                self.stats.frames_rejected += 1
            self._in_flight = None
        if self._brightness is not None:
            seq = self._next_seq()
            self._in_flight = _InFlight(seq, wire.BRIGHTNESS, now)
            return port, wire.encode(wire.BRIGHTNESS, seq, bytes((self._brightness,)))
        latest = self._latest
        wanted = self._generation
        if (latest is not None and self._shown_generation < wanted
                and self._refused_generation != wanted):
            return port, self._frame_message(now, latest, wanted)
        if now >= self._heartbeat_due:
            self._heartbeat_due = now + self.heartbeat
            seq = self._next_seq()
            if self.device_info is None:
                return port, wire.encode(wire.HELLO, seq, bytes((wire.PROTOCOL_VERSION,)))
            base = self._device_frame[0] if self._device_frame else None
            self._heartbeat = (seq, base)
            return port, wire.encode(wire.STATE, seq)
        return None

    def _frame_message(self, now: float, frame: bytes, generation: int) -> bytes:
        seq = self._next_seq()
        self._in_flight = _InFlight(seq, wire.FULL, now, generation, frame)
        self._recent[seq] = frame
        while len(self._recent) > RECENT_FRAMES:
            del self._recent[next(iter(self._recent))]
        data = wire.encode(wire.FULL, seq, frame)
        if self._device_frame is not None:
            base_seq, base = self._device_frame
            delta = wire.delta_body(base_seq, base, frame)
            if len(delta) < len(frame):
                self._in_flight.kind = wire.DELTA
                data = wire.encode(wire.DELTA, seq, delta)
        self.stats.frames_sent += 1
        if self._in_flight.kind == wire.DELTA:
            self.stats.delta_frames += 1
        else:
            self.stats.full_frames += 1
        return data

    def _handle(self, port: Any, message: wire.Message) -> None:
        """One message from the device (reader thread)."""
        kind = message.kind
        if kind == wire.EVENT:
            self._handle_event(port, message)
            return
        with self._cond:
            waiter = self._replies.get(message.seq)
            if waiter is not None and kind in (wire.PONG, wire.STATE):
                waiter.message = message
                waiter.ready.set()
                return
            if kind == wire.ACK:
                self._handle_ack(message.seq)
            elif kind == wire.NACK:
                self._handle_nack(message)
            elif kind == wire.ERROR:
                self._handle_error(message)
            elif kind == wire.HELLO:
                self._handle_hello(message)
            elif kind == wire.STATE:
                self._handle_heartbeat(message)
            self._cond.notify_all()

    def _handle_ack(self, seq: int) -> None:
        flight = self._in_flight
        if flight is None or flight.seq != seq:
            return  # a late answer to something already given up on
        self._in_flight = None
        if flight.kind == wire.BRIGHTNESS:
            self._brightness = None
            return
        self._device_frame = (seq, flight.frame)
        self._shown_generation = max(self._shown_generation, flight.generation)
        self.stats.frames_applied += 1
        self.stats.latencies_ms.append((time.monotonic() - flight.sent_at) * 1000)

    def _handle_nack(self, message: wire.Message) -> None:
        flight = self._in_flight
        if flight is None or flight.seq != message.seq:
            return
        self._in_flight = None
        try:
            reason, shown = wire.parse_nack(message.body)
        except wire.WireError:
            reason, shown = 0, None
        if flight.kind == wire.BRIGHTNESS:
            self._brightness = None
            self.last_error = f"{self.url}: device refused brightness (reason {reason})"
            return
        self.stats.frames_rejected += 1
        if reason == wire.NACK_BAD_BASE:
            # Often an acknowledgement was lost: the device shows a frame sent since.
            known = self._recent.get(shown) if shown is not None else None
            self._device_frame = None if shown is None or known is None else (shown, known)
        elif flight.kind == wire.FULL:
            self._refused_generation = flight.generation  # resending it would only fail again
            sent = len(flight.frame) // 3
            count = self.device_info.get("led_count") if self.device_info else None
            self.last_error = (
                f"{self.url}: device drives {count} LEDs, the host sends {sent}"
                if count is not None and count != sent
                else f"{self.url}: device refused a full frame of {sent} LEDs (reason {reason})")
            log.error("link: %s", self.last_error)

    def _handle_error(self, message: wire.Message) -> None:
        if message.body[:1] == bytes((wire.ERROR_BAD_FRAME,)):
            flight = self._in_flight
            if flight is not None:
                # Maybe ours was the frame dropped: send again now rather than at the timeout.
                # If it was applied after all, the base check turns the resend into a full one.
                if flight.kind in (wire.FULL, wire.DELTA):
                    self.stats.frames_rejected += 1
                self._in_flight = None

    def _handle_hello(self, message: wire.Message) -> None:
        try:
            info = wire.parse_hello(message.body)
        except wire.WireError:
            return
        if "led_count" not in info:
            return
        previous = self.device_info
        self.device_info = info
        if info["protocol"] != wire.PROTOCOL_VERSION:
            self.last_error = (f"{self.url}: the firmware speaks protocol {info['protocol']}, "
                               f"this host {wire.PROTOCOL_VERSION}: run crib firmware install")
            log.error("link: %s", self.last_error)
        if self._led_count is None:
            self._led_count = int(info["led_count"])
        elif info["led_count"] != self._led_count:
            self.last_error = (f"{self.url}: device drives {info['led_count']} LEDs, "
                               f"the host sends {self._led_count}")
            log.error("link: %s", self.last_error)
        if previous is None or previous.get("boot_id") != info["boot_id"]:
            # A (re)booted device shows nothing we sent: show it the newest frame in full.
            self._device_frame = None
            self._shown_generation = min(self._shown_generation, self._generation - 1)

    def _handle_heartbeat(self, message: wire.Message) -> None:
        sent = self._heartbeat
        if sent is None or sent[0] != message.seq:
            return
        self._heartbeat = None
        if self._in_flight is not None or self._device_frame is None:
            return
        frame_seq, frame = self._device_frame
        if sent[1] != frame_seq:
            return  # a frame was acknowledged since the question went out
        try:
            state = wire.parse_state(message.body)
        except wire.WireError:
            return
        if state["frame_seq"] != frame_seq or state["frame_crc"] != wire.crc16(frame):
            self.stats.resyncs += 1
            self._device_frame = None
            self._shown_generation = min(self._shown_generation, self._generation - 1)

    def _handle_event(self, port: Any, message: wire.Message) -> None:
        try:
            boot_id, kind, control, steps = wire.parse_event(message.body)
        except wire.WireError:
            return
        with self._cond:
            if boot_id != self._event_boot:
                self._event_boot, self._last_event = boot_id, None
            fresh = self._last_event is None or wire.seq_newer(message.seq, self._last_event)
            if fresh:
                self._last_event = message.seq
                self.stats.events += 1
        self._write(port, wire.encode(wire.ACK, message.seq))
        if fresh and self.on_event is not None:
            event = InputEvent(kind, control, steps, source="serial")  # type: ignore[arg-type]
            try:
                self.on_event(event)
            except Exception:
                log.exception("link: input event handler failed on %s", event)
