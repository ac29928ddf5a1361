"""The firmware's logic (pi_app.link.device) on CPython, with a fake port, strip and clock:
what the board does with each message, its own power cap, the waiting sign, the controls."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pi_app.link import device, wire
from pi_app.link.protocol_sim import Counter, EmulatedStrip, Pin

RED, GREEN, WHITE, DARK = (255, 0, 0), (0, 255, 0), (255, 255, 255), (0, 0, 0)


class FakePort:
    """usb_cdc.data: bytes the host sent wait in `rx`; what the board writes is decoded."""

    def __init__(self) -> None:
        self.rx = bytearray()
        self.decoder = wire.Decoder()
        self.sent: list[wire.Message] = []

    @property
    def in_waiting(self) -> int:
        return len(self.rx)

    def read(self, size: int) -> bytes:
        data = bytes(self.rx[:size])
        del self.rx[:size]
        return data

    def write(self, data: bytes) -> None:
        self.sent.extend(self.decoder.feed(data))

    def take(self) -> list[wire.Message]:
        sent, self.sent = self.sent, []
        return sent


class Clock:
    """supervisor.ticks_ms, starting a second before its 2**29 wrap."""

    def __init__(self) -> None:
        self.ms = device.TICKS_PERIOD - 1000

    def __call__(self) -> int:
        return self.ms

    def advance(self, ms: int) -> None:
        self.ms = (self.ms + ms) % device.TICKS_PERIOD


def make(led_count: int = 10, **options: object) -> tuple[device.Device, FakePort, Clock]:
    port, clock = FakePort(), Clock()
    board = device.Device(port, EmulatedStrip(led_count), led_count, clock, **options)  # type: ignore[arg-type]
    return board, port, clock


def send(board: device.Device, port: FakePort, kind: int, seq: int, body: bytes = b"") -> list[
        wire.Message]:
    port.rx.extend(wire.encode(kind, seq, body))
    board.poll()
    return port.take()


def frame(*colours: tuple[int, int, int]) -> bytes:
    return b"".join(bytes(c) for c in colours)


def test_the_board_says_hello_at_boot_with_its_led_count() -> None:
    _, port, _ = make(12, max_milliamps=1500, boot_id=77)
    (hello,) = port.take()
    assert hello.kind == wire.HELLO
    assert wire.parse_hello(hello.body)["led_count"] == 12
    assert wire.parse_hello(hello.body)["boot_id"] == 77


def test_a_full_frame_is_shown_and_acknowledged() -> None:
    board, port, _ = make(3)
    port.take()
    assert send(board, port, wire.FULL, 5, frame(RED, GREEN, DARK)) == [wire.Message(wire.ACK, 5)]
    assert board.pixels.shown == [RED, GREEN, DARK]
    assert board.frame_seq == 5


def test_a_delta_changes_only_its_leds() -> None:
    board, port, _ = make(4)
    old = frame(RED, RED, DARK, DARK)
    new = frame(RED, DARK, DARK, GREEN)
    send(board, port, wire.FULL, 1, old)
    assert send(board, port, wire.DELTA, 2, wire.delta_body(1, old, new)) == [
        wire.Message(wire.ACK, 2)]
    assert board.pixels.shown == [RED, DARK, DARK, GREEN]


def test_a_delta_against_another_frame_is_refused_naming_the_frame_shown() -> None:
    board, port, _ = make(2)
    send(board, port, wire.FULL, 1, frame(RED, RED))
    (nack,) = send(board, port, wire.DELTA, 3, wire.delta_body(2, frame(RED, RED),
                                                               frame(DARK, DARK)))
    assert nack.kind == wire.NACK and nack.seq == 3
    assert wire.parse_nack(nack.body) == (wire.NACK_BAD_BASE, 1)
    assert board.pixels.shown == [RED, RED]


def test_after_a_reset_no_delta_applies_until_a_full_frame() -> None:
    board, port, _ = make(2)
    port.take()
    (nack,) = send(board, port, wire.DELTA, 1, wire.delta_body(0, bytes(6), frame(RED, RED)))
    assert wire.parse_nack(nack.body) == (wire.NACK_BAD_BASE, None)


def test_a_full_frame_of_the_wrong_size_is_refused_and_the_board_kept() -> None:
    board, port, _ = make(2)
    send(board, port, wire.FULL, 1, frame(GREEN, GREEN))
    (nack,) = send(board, port, wire.FULL, 2, frame(RED))
    assert wire.parse_nack(nack.body)[0] == wire.NACK_BAD_BODY
    assert board.pixels.shown == [GREEN, GREEN]


def test_a_corrupt_frame_is_dropped_counted_and_reported() -> None:
    board, port, _ = make(2)
    port.take()
    damaged = bytearray(wire.encode(wire.FULL, 1, frame(RED, RED)))
    damaged[4] ^= 0x10
    port.rx.extend(damaged)
    board.poll()
    (error,) = port.take()
    assert error.kind == wire.ERROR and error.body == bytes((wire.ERROR_BAD_FRAME,)) + wire.u16(1)
    assert board.pixels.shown == [DARK, DARK]
    assert send(board, port, wire.FULL, 2, frame(RED, RED)) == [wire.Message(wire.ACK, 2)]


def test_a_ping_is_answered_with_its_payload() -> None:
    board, port, _ = make()
    port.take()
    assert send(board, port, wire.PING, 9, b"t=123") == [wire.Message(wire.PONG, 9, b"t=123")]


def test_state_reports_the_frame_shown_and_its_crc() -> None:
    board, port, _ = make(2)
    send(board, port, wire.FULL, 4, frame(RED, GREEN))
    (state,) = send(board, port, wire.STATE, 5)
    assert wire.parse_state(state.body)["frame_seq"] == 4
    assert wire.parse_state(state.body)["frame_crc"] == wire.crc16(frame(RED, GREEN))


def test_the_current_cap_dims_an_all_white_board_to_stay_under_it() -> None:
    board, port, _ = make(363, max_milliamps=2000)
    send(board, port, wire.FULL, 1, frame(*[WHITE] * 363))
    drawn = 363 * device.MA_IDLE_PER_LED + 363 * 3 * device.MA_PER_CHANNEL * board.pixels.brightness
    assert drawn == pytest.approx(2000)
    assert board.pixels.shown[0] == (19, 19, 19)


def test_a_few_lit_pegs_are_not_dimmed_by_the_current_cap() -> None:
    board, port, _ = make(363, max_milliamps=2000)
    send(board, port, wire.FULL, 1, frame(RED, GREEN, *[DARK] * 361))
    assert board.pixels.shown[:2] == [RED, GREEN]


def test_host_brightness_scales_the_board_but_never_past_the_device_maximum() -> None:
    board, port, _ = make(1, max_brightness=0.5)
    send(board, port, wire.FULL, 1, frame(WHITE))
    assert board.pixels.shown == [(127, 127, 127)]
    assert send(board, port, wire.BRIGHTNESS, 2, bytes((51,))) == [wire.Message(wire.ACK, 2)]
    assert board.pixels.shown == [(51, 51, 51)]


def test_a_silent_host_gets_a_slow_breathing_sign_over_the_kept_board() -> None:
    board, port, clock = make(2, idle_ms=3000)
    send(board, port, wire.FULL, 1, frame(WHITE, DARK))
    clock.advance(2999)
    board.poll()
    assert not board.waiting
    levels = []
    for _ in range(device.WAIT_PERIOD_MS // device.WAIT_FRAME_MS):
        clock.advance(device.WAIT_FRAME_MS)
        board.poll()
        levels.append(board.pixels.shown[0][0])
    assert board.waiting
    assert min(levels) < 100 < max(levels)  # it breathes
    assert board.pixels.shown[1] == DARK  # the board is kept: the dark LED stays dark


def test_when_the_host_returns_the_board_resumes_without_a_reset() -> None:
    board, port, clock = make(2, idle_ms=3000)
    send(board, port, wire.FULL, 1, frame(WHITE, DARK))
    clock.advance(5000)
    board.poll()
    assert board.waiting
    reply = send(board, port, wire.DELTA, 2, wire.delta_body(1, frame(WHITE, DARK),
                                                             frame(WHITE, RED)))
    assert reply == [wire.Message(wire.ACK, 2)]  # it still knows frame 1: no reset
    assert not board.waiting
    assert board.pixels.shown == [WHITE, RED]


def test_a_blank_board_waiting_shows_one_dim_blue_led() -> None:
    board, _, clock = make(3, idle_ms=1000)
    clock.advance(1000 + device.WAIT_PERIOD_MS // 2)
    board.poll()
    assert board.pixels.shown[0][2] > 0 and board.pixels.shown[1:] == [DARK, DARK]


def test_ticks_diff_is_right_across_the_wrap() -> None:
    assert device.ticks_diff(5, device.TICKS_PERIOD - 5) == 10
    assert device.ticks_diff(device.TICKS_PERIOD - 5, 5) == -10
    assert device.ticks_diff(1000, 400) == 600


def pressed(pin: Pin, board: device.Device, clock: Clock, ms: int) -> None:
    pin.value = False
    for _ in range(ms // 10):
        clock.advance(10)
        board.poll()
    pin.value = True
    for _ in range(5):
        clock.advance(10)
        board.poll()


def events(port: FakePort) -> list[tuple[int, str, str, int]]:
    """The distinct events sent (an unacknowledged one is sent again)."""
    sent = {m.seq: m for m in port.take() if m.kind == wire.EVENT}
    return [wire.parse_event(m.body) for _, m in sorted(sent.items())]


def test_a_short_press_is_sent_once_on_release() -> None:
    pin = Pin()
    board, port, clock = make(controls=(device.Button("go", pin),), boot_id=3)
    port.take()
    pressed(pin, board, clock, 100)
    assert events(port) == [(3, "press", "go", 0)]


def test_contact_bounce_shorter_than_the_debounce_is_ignored() -> None:
    pin = Pin()
    board, port, clock = make(controls=(device.Button("go", pin),))
    port.take()
    for _ in range(5):
        pin.value = False
        clock.advance(5)
        board.poll()
        pin.value = True
        clock.advance(5)
        board.poll()
    assert events(port) == []


def test_holding_a_button_sends_one_long_press_and_no_press() -> None:
    pin = Pin()
    board, port, clock = make(controls=(device.Button("undo", pin, long_ms=600),), boot_id=1)
    port.take()
    pressed(pin, board, clock, 1500)
    assert events(port) == [(1, "long_press", "undo", 0)]


def test_a_repeating_button_repeats_while_held() -> None:
    pin = Pin()
    button = device.Button("peg0", pin, long_ms=300, repeat_ms=100)
    board, port, clock = make(controls=(button,), boot_id=1)
    port.take()
    pin.value = False
    seen = []
    for _ in range(75):
        clock.advance(10)
        board.poll()
        for message in port.take():
            seen.append(wire.parse_event(message.body)[1])
            port.rx.extend(wire.encode(wire.ACK, message.seq))
    assert seen == ["repeat"] * 5  # held from 20 ms (debounced): at 320, 420, ... 720 ms


def test_encoder_detents_become_turn_events_in_order() -> None:
    counter = Counter()
    board, port, clock = make(controls=(device.Encoder("encoder", counter),), boot_id=2)
    port.take()
    counter.position = 2
    board.poll()
    counter.position = 1
    board.poll()
    turns = []
    for _ in range(10):
        for message in port.take():
            turns.append(wire.parse_event(message.body)[3])
            port.rx.extend(wire.encode(wire.ACK, message.seq))
        clock.advance(5)
        board.poll()
    assert turns == [1, 1, -1]


def test_an_event_is_resent_until_acknowledged() -> None:
    pin = Pin()
    board, port, clock = make(controls=(device.Button("go", pin),))
    port.take()
    pressed(pin, board, clock, 100)
    (first,) = port.take()
    clock.advance(device.EVENT_RESEND_MS)
    board.poll()
    assert port.take() == [first]
    send(board, port, wire.ACK, first.seq)
    clock.advance(device.EVENT_RESEND_MS)
    board.poll()
    assert port.take() == []


def test_an_event_nobody_hears_expires() -> None:
    pin = Pin()
    board, port, clock = make(controls=(device.Button("go", pin),))
    pressed(pin, board, clock, 100)
    clock.advance(device.EVENT_TTL_MS)
    board.poll()
    port.take()
    clock.advance(device.EVENT_RESEND_MS)
    board.poll()
    assert port.take() == [] and board.events_dropped == 1


def test_nothing_is_written_while_no_host_has_the_port_open() -> None:
    port = FakePort()
    port.connected = False  # type: ignore[attr-defined]
    device.Device(port, EmulatedStrip(2), 2, Clock())
    assert port.take() == []


def test_an_impossible_led_count_is_refused() -> None:
    with pytest.raises(ValueError, match="led_count 0"):
        make(0)


messages = st.builds(
    wire.Message,
    st.sampled_from(sorted(wire.NAMES)) | st.integers(0, 255),
    st.integers(0, 0xFFFF),
    st.binary(max_size=40) | st.builds(lambda n, b: b * n, st.integers(0, 12), st.binary(
        min_size=3, max_size=3)),
)


@given(st.lists(messages, max_size=12))
@settings(max_examples=400, derandomize=True, deadline=None)
def test_no_well_framed_message_can_crash_the_firmware(sent: list[wire.Message]) -> None:
    board, port, clock = make(4)
    for message in sent:
        port.rx.extend(wire.encode(message.kind, message.seq, message.body))
        board.poll()
        clock.advance(7)
    assert len(board.frame) == 12 and len(board.pixels.shown) == 4
    replies = {m.kind for m in port.take()}
    assert replies <= {wire.HELLO, wire.ACK, wire.NACK, wire.PONG, wire.STATE, wire.ERROR}
