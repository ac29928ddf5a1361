"""`crib sim`'s app and server on a thread of their own, driven over HTTP as the page drives it."""

from __future__ import annotations

import asyncio
import json
import threading
import time
import urllib.request
from collections.abc import Callable
from typing import Any

import numpy as np

from pi_app.app import runtime
from pi_app.vision.frames import VirtualTable

WAIT = 10.0


class Server:
    """`crib sim`'s app and server on a thread of their own (SQLite wants one thread)."""

    def __init__(self, config: Any, frames: Callable[[], np.ndarray] | None = None) -> None:
        """`frames`: what the camera sees instead of the simulator's virtual table."""
        self.config, self.frames = config, frames
        self.table: Any = None
        self.ready = threading.Event()
        self.url = ""
        self.app: runtime.TableApp | None = None
        self.thread = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        async def main() -> None:
            self.app = runtime.build(self.config, simulated=True)
            if self.frames is not None:
                self.app.watcher.source = VirtualTable(self.frames)
            self.stop = asyncio.Event()
            self.loop = asyncio.get_running_loop()

            def ready(url: str) -> None:
                self.url = url
                self.ready.set()

            try:
                await runtime.serve(self.app, "127.0.0.1", 0, on_ready=ready, stop=self.stop)
            finally:
                self.app.close()

        asyncio.run(main())

    def start(self) -> None:
        self.thread.start()
        assert self.ready.wait(30), "the simulator did not start"

    def close(self) -> None:
        if self.thread.is_alive():
            self.loop.call_soon_threadsafe(self.stop.set)
            self.thread.join(10)
        assert not self.thread.is_alive(), "the simulator did not stop"

    def state(self) -> dict[str, Any]:
        with urllib.request.urlopen(self.url + "api/state", timeout=5) as response:
            return json.load(response)

    def post(self, action: dict[str, Any]) -> None:
        request = urllib.request.Request(self.url + "api/action", json.dumps(action).encode(),
                                         {"Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=5) as response:
            assert json.load(response)["ok"]

    def press(self, control: str) -> None:
        """A real press on the mock pin: down, held past the debounce, up."""
        assert self.app is not None
        pin = self.app.pin_factory.pin(self.config.pins.buttons[control])
        before = self.state()["version"]
        pin.drive_low()
        time.sleep(0.06)
        pin.drive_high()
        self.wait(lambda s: s["version"] != before, f"{control} pressed")

    def wait(self, done: Any, what: str) -> dict[str, Any]:
        deadline = time.monotonic() + WAIT
        while True:
            state = self.state()
            if done(state):
                return state
            assert time.monotonic() < deadline, f"timed out waiting for: {what}"
            time.sleep(0.02)
