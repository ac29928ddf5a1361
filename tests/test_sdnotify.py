"""systemd notify protocol: what the Pi service tells systemd, checked against a real socket."""

from __future__ import annotations

import os
import socket
import threading
from pathlib import Path

from pi_app.system.sdnotify import Watchdog, notify, watchdog_interval


def test_ready_reaches_the_notify_socket(tmp_path: Path) -> None:
    path = str(tmp_path / "notify")
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as server:
        server.bind(path)
        assert notify("READY=1", env={"NOTIFY_SOCKET": path})
        assert server.recv(64) == b"READY=1"


def test_outside_systemd_notify_is_a_no_op() -> None:
    assert notify("READY=1", env={}) is False


def test_a_vanished_notify_socket_does_not_stop_the_table(tmp_path: Path) -> None:
    assert notify("STOPPING=1", env={"NOTIFY_SOCKET": str(tmp_path / "gone")}) is False


def test_watchdog_interval_is_half_of_watchdog_sec() -> None:
    env = {"WATCHDOG_USEC": "10000000", "WATCHDOG_PID": str(os.getpid())}
    assert watchdog_interval(env) == 5.0
    assert watchdog_interval({}) is None
    assert watchdog_interval({"WATCHDOG_USEC": "10000000", "WATCHDOG_PID": "1"}) is None


def test_watchdog_pings_only_while_the_app_is_healthy() -> None:
    sent: list[str] = []
    healthy = threading.Event()
    healthy.set()
    pinged = threading.Event()

    def send(state: str) -> None:
        sent.append(state)
        pinged.set()

    dog = Watchdog(0.01, healthy.is_set, send)
    dog.start()
    assert pinged.wait(2)
    healthy.clear()
    dog.stop()
    count = len(sent)
    assert sent[0] == "WATCHDOG=1"
    dog2 = Watchdog(0.01, lambda: False, send)
    dog2.start()
    threading.Event().wait(0.05)
    dog2.stop()
    assert len(sent) == count
