"""The host driver against the emulated firmware in-process (`sim://`): the newest frame
wins, deltas for small changes, and after every fault the board shows the newest state."""

from __future__ import annotations

import random
import threading
import time
from typing import Any

import pytest
import serial
from hypothesis import given, settings
from hypothesis import strategies as st

from pi_app.board.strip import RGB, Strip
from pi_app.inputs.events import InputEvent
from pi_app.link import protocol_sim, wire
from pi_app.link.driver import PicoLink, open_port
from pi_app.link.faults import FaultySerial
from pi_app.link.selftest import pattern_frame as peg_frame
from pi_app.link.strip import SerialStrip

LEDS = 30
FAST = {"ack_timeout": 0.05, "heartbeat": 0.1, "reconnect_delay": 0.05}


def pegs(*holes: int, colour: RGB = (255, 40, 0)) -> list[RGB]:
    frame: list[RGB] = [(0, 0, 0)] * LEDS
    for hole in holes:
        frame[hole] = colour
    return frame


@pytest.fixture
def link(board_name: str) -> Any:
    link = PicoLink(f"sim://{board_name}?leds={LEDS}", LEDS, **FAST)
    assert link.wait_connected(2)
    yield link
    link.close()


def test_a_frame_shown_reaches_the_board(link: PicoLink, board_name: str) -> None:
    link.show(pegs(3, 10))
    assert link.wait_shown(2)
    assert protocol_sim.board(board_name).shown() == pegs(3, 10)


def test_a_peg_move_travels_as_a_small_delta(link: PicoLink) -> None:
    link.show(pegs(3, 10))
    assert link.wait_shown(2)
    sent = link.stats.bytes_sent
    link.show(pegs(3, 16))
    assert link.wait_shown(2)
    assert link.stats.full_frames == 1 and link.stats.delta_frames == 1
    assert link.stats.bytes_sent - sent < 3 * LEDS  # far less than the full frame


def test_the_newest_frame_wins_and_stale_frames_are_never_sent(
        link: PicoLink, board_name: str) -> None:
    for hole in range(LEDS):
        link.show(pegs(hole))
    assert link.wait_shown(2)
    assert protocol_sim.board(board_name).wait_for(pegs(LEDS - 1))
    assert link.stats.frames_sent < LEDS


def test_show_never_waits_for_an_unplugged_board(link: PicoLink, board_name: str) -> None:
    board = protocol_sim.board(board_name)
    board.unplug()
    done = threading.Event()

    def play() -> None:
        for hole in range(LEDS):
            link.show(pegs(hole))
        done.set()

    threading.Thread(target=play, daemon=True).start()
    assert done.wait(2)  # returned while nothing was listening
    board.replug()
    assert board.wait_for(pegs(LEDS - 1))


def test_after_unplug_and_replug_the_board_shows_the_newest_frame(
        link: PicoLink, board_name: str) -> None:
    board = protocol_sim.board(board_name)
    link.show(pegs(1))
    assert board.wait_for(pegs(1))
    board.unplug()
    link.show(pegs(2))
    link.show(pegs(3))
    board.reset()  # pulling the cable powered it off
    board.replug()
    assert board.wait_for(pegs(3))
    assert link.stats.connects >= 2


def test_a_firmware_reset_mid_game_is_repaired_with_the_newest_frame(
        link: PicoLink, board_name: str) -> None:
    board = protocol_sim.board(board_name)
    link.show(pegs(4, 9))
    assert board.wait_for(pegs(4, 9))
    board.reset()  # the board forgets everything; the host is not told
    assert board.wait_for(pegs(4, 9))
    link.show(pegs(4, 12))  # and play goes on with deltas
    assert board.wait_for(pegs(4, 12))


def test_a_board_reset_whose_hello_is_lost_is_found_by_the_heartbeat(
        link: PicoLink, board_name: str) -> None:
    board = protocol_sim.board(board_name)
    link.show(pegs(7))
    assert board.wait_for(pegs(7))
    with board._cond:
        board.ports -= 1  # nobody hears the boot hello
        board.reset()
        board.ports += 1
    assert board.wait_for(pegs(7))
    assert link.stats.resyncs >= 1


@pytest.mark.parametrize("faults", [
    {"corrupt": 0.02}, {"drop": 0.02}, {"truncate": 0.2},
    {"corrupt": 0.01, "drop": 0.01, "truncate": 0.05},
], ids=["flipped-bits", "dropped-bytes", "truncated-frames", "all-at-once"])
def test_after_damaged_traffic_the_board_shows_the_newest_frame(
        board_name: str, faults: dict[str, float]) -> None:
    injectors: list[FaultySerial] = []

    def opener(url: str) -> FaultySerial:
        injectors.append(FaultySerial(open_port(url), rng=random.Random(7), **faults))
        return injectors[-1]

    link = PicoLink(f"sim://{board_name}?leds={LEDS}", LEDS, opener=opener, **FAST)
    try:
        for index in range(60):
            link.show(peg_frame(index, LEDS))
            time.sleep(0.002)
        board = protocol_sim.board(board_name)
        assert board.wait_for(peg_frame(59, LEDS), timeout=10)
        assert link.stats.frames_rejected + link.stats.corrupt_received > 0  # it was damaged
    finally:
        link.close(blank=False)


def test_an_unplug_in_the_middle_of_a_write_is_survived(board_name: str) -> None:
    injectors: list[FaultySerial] = []

    def opener(url: str) -> FaultySerial:
        injectors.append(FaultySerial(open_port(url)))
        return injectors[-1]

    link = PicoLink(f"sim://{board_name}?leds={LEDS}", LEDS, opener=opener, **FAST)
    try:
        assert link.wait_connected(2)
        injectors[0].unplug()
        link.show(pegs(5))
        assert protocol_sim.board(board_name).wait_for(pegs(5))
        assert len(injectors) >= 2 and link.stats.disconnects >= 1
    finally:
        link.close()


def test_button_presses_and_turns_reach_the_app_in_order(board_name: str) -> None:
    heard: list[InputEvent] = []
    link = PicoLink(f"sim://{board_name}?leds={LEDS}", LEDS, on_event=heard.append, **FAST)
    try:
        assert link.wait_connected(2)
        board = protocol_sim.board(board_name)
        board.pins["go"].value = False
        time.sleep(0.15)
        board.pins["go"].value = True

        def wait_heard(count: int) -> None:
            deadline = time.monotonic() + 3
            while len(heard) < count and time.monotonic() < deadline:
                time.sleep(0.01)

        wait_heard(1)
        board.encoder.position = -2
        wait_heard(3)
        assert heard == [InputEvent("press", "go", source="serial"),
                         InputEvent("turn", "encoder", -1, source="serial"),
                         InputEvent("turn", "encoder", -1, source="serial")]
    finally:
        link.close()


def test_brightness_is_sent_to_the_board(link: PicoLink, board_name: str) -> None:
    link.show(pegs(0, colour=(200, 200, 200)))
    link.set_brightness(0.5)
    assert protocol_sim.board(board_name).wait_for(pegs(0, colour=(100, 100, 100)))


def test_a_frame_of_the_wrong_size_is_refused_naming_both_counts(link: PicoLink) -> None:
    with pytest.raises(ValueError, match="frame has 5 colours; the strip has 30 LEDs"):
        link.show([(0, 0, 0)] * 5)


def test_a_bad_colour_is_refused_naming_its_led(link: PicoLink) -> None:
    frame: list[Any] = pegs()
    frame[4] = (300, 0, 0)
    with pytest.raises(ValueError, match=r"LED 4: \(300, 0, 0\)"):
        link.show(frame)


def test_the_led_count_can_come_from_the_device(board_name: str) -> None:
    link = PicoLink(f"sim://{board_name}?leds=12", None, **FAST)
    try:
        assert link.wait_connected(2)
        assert link.led_count == 12
    finally:
        link.close()


def test_a_loop_port_with_no_device_never_blocks_and_shows_nothing_applied() -> None:
    link = PicoLink("loop://", LEDS, **FAST)
    try:
        link.show(pegs(1))
        assert not link.wait_shown(0.3)
        assert link.stats.frames_sent >= 1 and link.stats.frames_applied == 0
    finally:
        link.close()


def test_a_port_that_cannot_open_is_retried_and_reported() -> None:
    link = PicoLink("/dev/no-such-pico", LEDS, **FAST)
    try:
        assert not link.wait_connected(0.2)
        assert "/dev/no-such-pico" in (link.last_error or "")
    finally:
        link.close()


def test_serial_strip_is_a_strip_and_close_blanks_the_board(board_name: str) -> None:
    strip = SerialStrip(f"sim://{board_name}?leds={LEDS}", LEDS, **FAST)
    assert isinstance(strip, Strip) and strip.led_count == LEDS
    assert strip.link.wait_connected(2)
    strip.show(pegs(2, 8))
    assert protocol_sim.board(board_name).wait_for(pegs(2, 8))
    strip.close()
    strip.close()
    assert protocol_sim.board(board_name).shown() == pegs()


def test_sim_urls_with_unknown_options_are_refused() -> None:
    import pi_app.link  # noqa: F401  (registers sim://)

    with pytest.raises(serial.SerialException, match="unknown option 'colour'"):
        serial.serial_for_url("sim://?colour=red")


class ScriptedPort:
    """A port whose device side is a script of bytes; what the host writes is decoded."""

    def __init__(self, script: bytes) -> None:
        self.script = bytearray(script)
        self.decoder = wire.Decoder()
        self.written: list[wire.Message] = []

    @property
    def in_waiting(self) -> int:
        return len(self.script)

    def read(self, size: int) -> bytes:
        if not self.script:
            time.sleep(0.01)
        data = bytes(self.script[:size])
        del self.script[:size]
        return data

    def write(self, data: bytes) -> None:
        self.written.extend(self.decoder.feed(data))

    def close(self) -> None:
        pass


def test_a_resent_event_reaches_the_app_once_and_a_new_boot_restarts_numbering() -> None:
    def event(boot: int, seq: int, control: str) -> bytes:
        return wire.encode(wire.EVENT, seq, wire.event_body(boot, "press", control))

    script = (wire.encode(wire.HELLO, 0, wire.hello_body(LEDS, 1, 0))
              + event(1, 0, "go") + event(1, 0, "go")  # its ack was lost: sent again
              + event(1, 1, "undo")
              + event(2, 0, "ok"))  # the board rebooted: numbering starts again
    port = ScriptedPort(script)
    heard: list[InputEvent] = []
    link = PicoLink("scripted", LEDS, opener=lambda url: port, on_event=heard.append, **FAST)
    try:
        deadline = time.monotonic() + 2
        while len(heard) < 3 and time.monotonic() < deadline:
            time.sleep(0.01)
        time.sleep(0.05)
        assert [e.control for e in heard] == ["go", "undo", "ok"]
        acks = [m.seq for m in port.written if m.kind == wire.ACK]
        assert acks == [0, 0, 1, 0]  # the duplicate is acknowledged again, not delivered
    finally:
        link.close()


def test_a_board_with_another_led_count_is_reported_not_flooded(board_name: str) -> None:
    link = PicoLink(f"sim://{board_name}?leds=20", LEDS, **FAST)
    try:
        assert link.wait_connected(2)
        link.show(pegs(1))
        time.sleep(0.3)
        assert "device drives 20 LEDs, the host sends 30" in (link.last_error or "")
        assert link.stats.frames_sent == 1  # refused once, not resent in a loop
    finally:
        link.close()


def test_a_board_left_waiting_resumes_for_a_new_host_without_a_reset(board_name: str) -> None:
    url = f"sim://{board_name}?leds={LEDS}&idle_ms=150"
    first = PicoLink(url, LEDS, **FAST)
    assert first.wait_connected(2)
    first.show(pegs(6))
    assert first.wait_shown(2)
    first.close(blank=False)  # the app stops; the board keeps its picture
    board = protocol_sim.board(board_name)
    deadline = time.monotonic() + 2
    while not board.device.waiting and time.monotonic() < deadline:
        time.sleep(0.01)
    assert board.device.waiting and board.device.frame_seq is not None
    second = PicoLink(url, LEDS, **FAST)
    try:
        second.show(pegs(6, 7))
        assert board.wait_for(pegs(6, 7))
        assert not board.device.waiting and board.boots == 1
    finally:
        second.close()


@pytest.fixture(scope="module")
def scripted_link() -> Any:
    port = ScriptedPort(b"")
    link = PicoLink("scripted", LEDS, opener=lambda url: port, **FAST)
    yield link, port
    link.close(blank=False)


@given(st.lists(st.builds(wire.Message, st.integers(0, 255), st.integers(0, 0xFFFF),
                          st.binary(max_size=16)), max_size=10))
@settings(max_examples=300, derandomize=True, deadline=None)
def test_no_well_framed_reply_can_crash_the_host(
        scripted_link: tuple[PicoLink, ScriptedPort], replies: list[wire.Message]) -> None:
    link, port = scripted_link
    for message in replies:
        link._handle(port, message)  # what the reader thread does with each decoded reply


def test_firmware_speaking_another_protocol_is_reported_with_the_fix() -> None:
    body = bytearray(wire.hello_body(LEDS, 1, 0))
    body[0] = wire.PROTOCOL_VERSION + 1
    port = ScriptedPort(wire.encode(wire.HELLO, 0, bytes(body)))
    link = PicoLink("old-board", LEDS, opener=lambda url: port, **FAST)
    try:
        assert link.wait_connected(2)
        assert "run crib firmware install" in (link.last_error or "")
    finally:
        link.close(blank=False)
