"""The rigs the hardware-in-loop tests run on: each has a simulated twin, so the same test
bodies run in CI (sim) and on a Pi with `pytest --hil -s` (real).

A rig offers the same few verbs either way. Where the sim rig acts (presses a mock pin, pulls
the emulated Pico's cable, lays cards on the virtual table), the real rig asks the tester at
the keyboard to do it; where the sim rig reads the emulated device back, the real one asks
the Pico, the camera, or the tester what happened.
"""

from __future__ import annotations

import os
import select
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

import pytest

from pi_app.app.config import Config, ConfigError, load_config
from pi_app.board.layout import Layout
from pi_app.board.strip import RGB
from pi_app.inputs.events import InputEvent
from pi_app.inputs.hub import InputHub
from pi_app.link import wire

HIL_CONFIG_ENV = "CRIB_HIL_CONFIG"
"""The settings the real rigs use; default: the installed /etc/crib/config.toml."""


def real_config() -> Config:
    path = os.environ.get(HIL_CONFIG_ENV)
    try:
        return load_config(Path(path) if path else None)
    except ConfigError as exc:
        pytest.skip(f"no usable table config ({exc}); set {HIL_CONFIG_ENV}")


class Tester:
    """The person at the keyboard during `pytest --hil -s`."""

    def __init__(self) -> None:
        if not sys.stdin.isatty():
            pytest.skip("needs a tester at the keyboard: run `pytest --hil -s`")

    def say(self, instruction: str) -> None:
        print(f"\n>>> {instruction}", flush=True)

    def ask(self, question: str) -> bool:
        answer = input(f"\n??? {question} [y/n] ").strip().lower()
        return answer.startswith("y")

    def wait(self, instruction: str) -> None:
        input(f"\n>>> {instruction}, then press Enter ")


# ---- the LED strip ------------------------------------------------------------------------------

def frame_crc(pixels: Sequence[RGB]) -> int:
    return wire.crc16(b"".join(bytes(p) for p in pixels))


@dataclass
class StripRig:
    """One chain's strip, opened the way the table opens it, and a way to see what it shows."""

    layout: Layout
    strip: Any
    """A `Strip`; a `SerialStrip` (sim:// or a real Pico) can also be asked what it shows."""
    tester: Tester | None
    """Confirms by eye what no device can report (a strip driven straight from the Pi)."""

    @property
    def led_count(self) -> int:
        return int(self.strip.led_count)

    def show(self, pixels: Sequence[RGB]) -> None:
        self.strip.show(list(pixels))

    def device_shows(self, pixels: Sequence[RGB], timeout: float = 2.0) -> bool | None:
        """Whether the device reports `pixels` as its frame; None if it cannot report."""
        link = getattr(self.strip, "link", None)
        if link is None:
            return None
        want = frame_crc(pixels)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            link.wait_shown(timeout)
            state = link.query_state(timeout=0.5)
            if state is not None and state["frame_crc"] == want:
                return True
        return False

    def confirm(self, question: str) -> bool:
        """Ask the tester; with no tester the device itself reported every frame."""
        return self.tester.ask(question) if self.tester is not None else True


# ---- the buttons and encoder --------------------------------------------------------------------

@dataclass(frozen=True)
class Step:
    instruction: str
    action: str
    """press, hold or turn: what the sim rig's robot does to the pins."""
    control: str
    expected: InputEvent


class ControlsRig:
    """The table's GpioControls feeding an InputHub, worked by a robot or a person."""

    def __init__(self, controls: Any, hub: InputHub, perform: Callable[[Step], None],
                 wait: float, settle: float) -> None:
        self.controls = controls
        self.hub = hub
        self.perform = perform
        self.wait = wait
        """Seconds to wait for each step's event."""
        self.settle = settle
        """Quiet seconds after an event that show there was no second one."""


class PinRobot:
    """Works gpiozero mock pins as a finger would: buttons close to ground, the encoder's two
    contacts close in quadrature."""

    CLOCKWISE = ((True, False), (True, True), (False, True), (False, False))
    ANTICLOCKWISE = ((False, True), (True, True), (True, False), (False, False))

    def __init__(self, factory: Any, pins: dict[str, int], timing: Any) -> None:
        self.factory = factory
        self.pins = pins
        self.timing = timing

    def _pin(self, name: str) -> Any:
        return self.factory.pin(self.pins[name])

    def __call__(self, step: Step) -> None:
        if step.action == "turn":
            sequence = self.CLOCKWISE if step.expected.steps > 0 else self.ANTICLOCKWISE
            for a_closed, b_closed in sequence:
                self._level("encoder_a", a_closed)
                self._level("encoder_b", b_closed)
                time.sleep(0.002)
            return
        name = "encoder_push" if step.control == "encoder" else step.control
        held = self.timing.debounce * 3 if step.action == "press" else (
            self.timing.long_press + 2.5 * self.timing.repeat_interval)
        self._level(name, True)
        time.sleep(held)
        self._level(name, False)

    def _level(self, name: str, closed: bool) -> None:
        pin = self._pin(name)
        if closed:
            pin.drive_low()
        else:
            pin.drive_high()


# ---- the Pico link ------------------------------------------------------------------------------

@dataclass
class PicoRig:
    """A link to a Pico (or the emulated one), and hands for its USB cable."""

    link: Any
    """`pi_app.link.driver.PicoLink`, the LED count taken from the device's hello."""
    unplug: Callable[[], None]
    replug: Callable[[], None]
    wait: float
    """Seconds to allow for a cable to be pulled or pushed back."""

    def until(self, condition: Callable[[], bool], timeout: float) -> bool:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if condition():
                return True
            time.sleep(0.02)
        return condition()


# ---- the table camera ---------------------------------------------------------------------------

@dataclass
class TableCameraRig:
    """The camera over the card table, and a way to get known cards laid out under it."""

    lay_out: Callable[[Sequence[str]], None]
    camera: Any
    """A `pi_app.vision.frames` source: `read()` gives the next BGR frame."""


# ---- a camera watching the board ----------------------------------------------------------------

@dataclass
class BoardCamera:
    """A camera pointed at the lit board: shows a frame on the strip, then looks."""

    strip: StripRig
    grab: Callable[[], Any]
    """The camera's next BGR frame, once the strip shows what was sent."""
    stride: int
    """Check every `stride`-th spot (the sim checks a sample; a Pi checks every hole)."""

    def look(self, pixels: Sequence[RGB]) -> Any:
        self.strip.show(pixels)
        self.strip.device_shows(pixels)
        return self.grab()

    @staticmethod
    def light_at(dark: Any, lit: Any) -> tuple[float, float] | None:
        """The centre of the brightest new light between two frames, or None if nothing lit."""
        import cv2
        import numpy as np

        change = cv2.GaussianBlur(cv2.absdiff(lit, dark).max(axis=2), (5, 5), 0)
        _, peak, _, where = cv2.minMaxLoc(change)
        if peak < 30:
            return None
        mask = (change >= peak / 2).astype(np.uint8)
        _, labels, _, centres = cv2.connectedComponentsWithStats(mask)
        x, y = centres[labels[where[1], where[0]]]
        return float(x), float(y)


# ---- the service --------------------------------------------------------------------------------

def table_state(url: str) -> dict[str, Any]:
    import json
    import urllib.request

    with urllib.request.urlopen(url + "api/state", timeout=5) as response:
        state: dict[str, Any] = json.load(response)
    return state


def press(url: str, control: str) -> None:
    import json
    import urllib.request

    body = json.dumps({"type": "press", "kind": "press", "control": control}).encode()
    request = urllib.request.Request(url + "api/action", data=body, method="POST",
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=5) as response:
        assert response.status == 200


class ServiceRig(Protocol):
    """The table app run as a service: started, stopped, and asked about what it did."""

    def start(self) -> str:
        """Start the app; return its page's URL once it is ready."""

    def peg(self, url: str, control: str, times: int) -> None:
        """Press a PEG button `times` times (the sim presses it through the page)."""

    def stop(self) -> None: ...

    def strip_dark(self) -> bool: ...

    def watchdog_pinged(self) -> bool | None:
        """Whether the app pinged the watchdog while it ran (None: only systemd knows)."""


class SimService:
    """`crib sim` in a subprocess, as systemd runs `crib start`: the same code with simulated
    parts (even on a Pi), a notify socket made here, SIGTERM to stop. The simulated board is
    inside the process, so the app's own last words (its STATUS) report the blanked strip;
    tests/system/test_service.py checks the frames themselves."""

    STOPPED = "STATUS=stopped: strip blanked, game log closed"

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.config = folder / "config.toml"
        self.config.write_text(
            '[game]\nmode = "scoreboard"\n[speech]\nenabled = false\n'
            f'[storage]\npath = "{folder / "games.sqlite"}"\n')
        self.messages: list[str] = []
        self.process: subprocess.Popen[str] | None = None
        self.socket = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        self.socket.bind(str(folder / "notify"))

    def _receive(self, until: str, timeout: float) -> bool:
        deadline = time.monotonic() + timeout
        while until not in self.messages:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([self.socket], [], [], left)[0]:
                return False
            self.messages.append(self.socket.recv(512).decode())
        return True

    def start(self) -> str:
        env = {k: v for k, v in os.environ.items() if not k.startswith(("CRIB_", "NOTIFY_"))}
        env.update(NOTIFY_SOCKET=str(self.folder / "notify"), WATCHDOG_USEC="400000")
        self.messages.clear()
        self.process = subprocess.Popen(
            [sys.executable, "-m", "pi_app.cli", "sim", "--no-browser", "--port", "0",
             "--config", str(self.config)], env=env, stdout=subprocess.PIPE, text=True)
        assert self._receive("READY=1", 60), f"no READY=1; got {self.messages}"
        assert self.process.stdout is not None
        assert select.select([self.process.stdout], [], [], 10)[0], "no URL printed"
        return self.process.stdout.readline().split()[-1]

    def peg(self, url: str, control: str, times: int) -> None:
        player = int(control.removeprefix("peg"))
        front = table_state(url)["pegs"][player]["front"]
        for _ in range(times):
            press(url, control)
        # A press joins the app's input queue, as a button's does, and is pegged a moment
        # later on the server's loop: wait for the peg to move, as a player would watch it.
        deadline = time.monotonic() + 10
        while (table_state(url)["pegs"][player]["front"] < front + times
               and time.monotonic() < deadline):
            time.sleep(0.02)

    def stop(self) -> None:
        assert self.process is not None
        time.sleep(0.5)  # long enough for a watchdog ping or two
        self.process.send_signal(signal.SIGTERM)
        assert self.process.wait(timeout=20) == 0, "the app did not exit cleanly on SIGTERM"
        assert self._receive(self.STOPPED, 5), f"no clean stop reported; got {self.messages}"
        assert "STOPPING=1" in self.messages

    def strip_dark(self) -> bool:
        return self.STOPPED in self.messages

    def watchdog_pinged(self) -> bool | None:
        return "WATCHDOG=1" in self.messages

    def close(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait()
        self.socket.close()


class SystemdService:
    """The installed crib.service, driven with systemctl; the tester watches the board."""

    def __init__(self, tester: Tester, port: int) -> None:
        self.tester = tester
        self.url = f"http://127.0.0.1:{port}/"

    def _systemctl(self, *args: str) -> None:
        subprocess.run(["systemctl", *args, "crib.service"], check=True, timeout=60)

    def start(self) -> str:
        self._systemctl("start")  # Type=notify: returns once the app said READY=1
        return self.url

    def peg(self, url: str, control: str, times: int) -> None:
        self.tester.wait(f"press {control.upper()} {times} times, one by one")

    def stop(self) -> None:
        self._systemctl("stop")

    def strip_dark(self) -> bool:
        return self.tester.ask("Is the board dark now?")

    def watchdog_pinged(self) -> bool | None:
        return None
