"""systemd's notify protocol (`Type=notify`): readiness, status and the watchdog.

The protocol is one datagram to the socket named in `$NOTIFY_SOCKET`; writing it ourselves
keeps the Pi install free of a C binding. Outside systemd every call is a harmless no-op.
"""

from __future__ import annotations

import os
import socket
import threading
from collections.abc import Callable

__all__ = ["Watchdog", "notify", "watchdog_interval"]


def notify(state: str, *, env: dict[str, str] | None = None) -> bool:
    """Send `state` (e.g. "READY=1", "STOPPING=1", "WATCHDOG=1"); False when not under systemd
    or when the socket is gone (as sd_notify does: the table plays on either way)."""
    address = (env if env is not None else os.environ).get("NOTIFY_SOCKET", "")
    if not address:
        return False
    if address.startswith("@"):  # abstract namespace socket
        address = "\0" + address[1:]
    try:
        with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as sock:
            sock.connect(address)
            sock.sendall(state.encode())
    except OSError:
        return False
    return True


def watchdog_interval(env: dict[str, str] | None = None) -> float | None:
    """Seconds between watchdog pings (half of `WatchdogSec`), or None when no watchdog is set."""
    environ = env if env is not None else os.environ
    usec = environ.get("WATCHDOG_USEC")
    pid = environ.get("WATCHDOG_PID")
    if not usec or (pid and int(pid) != os.getpid()):
        return None
    return int(usec) / 2_000_000


class Watchdog:
    """Pings systemd's watchdog while `healthy()` says the app is still turning over.

    If the main loop hangs, `healthy` goes false, the pings stop, and systemd restarts us.
    """

    def __init__(
        self,
        interval: float,
        healthy: Callable[[], bool],
        send: Callable[[str], object] = notify,
    ) -> None:
        self._interval = interval
        self._healthy = healthy
        self._send = send
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="sd-watchdog", daemon=True)

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        if self._thread.is_alive():
            self._thread.join()

    def _run(self) -> None:
        while not self._stop.wait(self._interval):
            if self._healthy():
                self._send("WATCHDOG=1")
