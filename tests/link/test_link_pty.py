"""The host driver over a real tty: the firmware logic runs on the far end of a pty pair,
and the host opens the tty by a /dev/serial/by-id style symlink, as it would a Pico."""

from __future__ import annotations

import contextlib
import os
import threading
import time
import tty
from collections.abc import Iterator
from pathlib import Path

import pytest

from pi_app.board.strip import RGB
from pi_app.link import device
from pi_app.link.driver import PicoLink
from pi_app.link.protocol_sim import EmulatedStrip

LEDS = 24
FAST = {"ack_timeout": 0.1, "heartbeat": 0.1, "reconnect_delay": 0.05}


class PtyBoard:
    """The firmware on a thread, its usb_cdc.data being the master side of a pty."""

    def __init__(self, link_path: Path) -> None:
        self.link_path = link_path
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self.plug()

    # usb_cdc.data, for device.Device
    @property
    def in_waiting(self) -> int:
        try:
            chunk = os.read(self.master, 4096)
        except (BlockingIOError, OSError):
            return len(self._rx)
        self._rx.extend(chunk)
        return len(self._rx)

    def read(self, size: int) -> bytes:
        data = bytes(self._rx[:size])
        del self._rx[:size]
        return data

    def write(self, data: bytes) -> None:
        with contextlib.suppress(OSError):  # nobody has the tty open: lost, as over USB
            os.write(self.master, data)

    def plug(self) -> None:
        """Power up on a fresh pty (a new /dev/ttyACM*) behind the same by-id symlink."""
        self.master, self.slave = os.openpty()
        tty.setraw(self.slave)
        os.set_blocking(self.master, False)
        self._rx = bytearray()
        self.strip = EmulatedStrip(LEDS)
        self.device = device.Device(self, self.strip, LEDS, lambda: int(time.monotonic() *
                                    1000) % device.TICKS_PERIOD)
        tmp = self.link_path.with_suffix(".new")
        tmp.unlink(missing_ok=True)
        tmp.symlink_to(os.ttyname(self.slave))
        tmp.replace(self.link_path)
        self._stop.clear()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    def unplug(self) -> None:
        self._stop.set()
        assert self._thread is not None
        self._thread.join()
        self.link_path.unlink()
        os.close(self.master)
        os.close(self.slave)

    def _run(self) -> None:
        while not self._stop.is_set():
            self.device.poll()
            time.sleep(0.001)

    def wait_for(self, pixels: list[RGB], timeout: float = 3.0) -> bool:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.strip.shown == pixels:
                return True
            time.sleep(0.005)
        return False


@pytest.fixture
def pty_board(tmp_path: Path) -> Iterator[PtyBoard]:
    board = PtyBoard(tmp_path / "usb-Raspberry_Pi_Pico_E6605838-if02")
    yield board
    if board.link_path.exists():
        board.unplug()


def pegs(*holes: int) -> list[RGB]:
    return [(0, 200, 90) if i in holes else (0, 0, 0) for i in range(LEDS)]


def test_frames_cross_a_real_tty_to_the_firmware(pty_board: PtyBoard) -> None:
    link = PicoLink(str(pty_board.link_path), LEDS, **FAST)
    try:
        assert link.wait_connected(3)
        for hole in range(LEDS):
            link.show(pegs(hole, (hole + 5) % LEDS))
        assert pty_board.wait_for(pegs(LEDS - 1, 4))
        assert link.ping(b"pty") is not None
    finally:
        link.close(blank=False)


def test_after_unplug_the_replugged_board_shows_the_newest_frame(pty_board: PtyBoard) -> None:
    link = PicoLink(str(pty_board.link_path), LEDS, **FAST)
    try:
        link.show(pegs(1))
        assert pty_board.wait_for(pegs(1))
        pty_board.unplug()
        link.show(pegs(2))  # while the board is away: never blocks, never raises
        link.show(pegs(3))
        time.sleep(0.2)
        pty_board.plug()  # a fresh boot on a new tty behind the same by-id name
        assert pty_board.wait_for(pegs(3))
        assert link.stats.disconnects >= 1 and link.stats.connects >= 2
    finally:
        link.close(blank=False)
