"""The world the doctor's checks look at, as one object a test can fill with fakes.

`Probe.live()` is the real machine: the host's facts, the strip backends, the link to a
Pico, the Pi camera and the card recogniser, gpiozero's pins, the PATH and the service.
Heavy or Pi-only modules (OpenCV, picamera2, the link's threads) load only when a check uses
them.
"""

from __future__ import annotations

import getpass
import grp
import os
import shutil
import subprocess
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from pi_app.board.backends import open_strip
from pi_app.board.strip import Strip
from pi_app.system.hardware import HostFacts, detect

__all__ = ["Camera", "Link", "Probe"]


class Link(Protocol):
    """What the doctor asks of the serial link (`pi_app.link.driver.PicoLink`)."""

    device_info: dict[str, int | str] | None
    last_error: str | None

    def wait_connected(self, timeout: float) -> bool: ...

    def ping(self, payload: bytes = b"", timeout: float = 1.0) -> float | None: ...

    def close(self, blank: bool = True, timeout: float = 0.5) -> None: ...


class Camera(Protocol):
    def read(self) -> Any: ...

    def close(self) -> None: ...


def _run(argv: Sequence[str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(list(argv), capture_output=True, text=True, timeout=10, check=False)


def _read_write(path: str) -> bool:
    return os.access(path, os.R_OK | os.W_OK)


def _open_link(url: str) -> Link:
    from pi_app.link.driver import PicoLink

    return PicoLink(url, None, heartbeat=0.5)


def _open_camera(source: str) -> Camera:
    from pi_app.vision.frames import PiCamera, open_source

    return PiCamera() if source == "picamera" else open_source(source)


def _read_cards(frame: Any, deck: Path | None, threshold: float | None) -> list[str]:
    from pi_app.vision.recognizer import make_recognizer

    return [d.label for d in make_recognizer(deck, threshold).read(frame).detections]


def _find_markers(frame: Any) -> dict[int, tuple[float, float]]:
    from pi_app.vision.markers import find_markers

    return find_markers(frame)


def _service_active() -> bool:
    if shutil.which("systemctl") is None:
        return False
    return _run(["systemctl", "is-active", "--quiet", "crib.service"]).returncode == 0


def _group_names() -> frozenset[str]:
    names = set()
    for gid in os.getgroups():
        try:
            names.add(grp.getgrgid(gid).gr_name)
        except KeyError:
            continue
    return frozenset(names)


@dataclass
class Probe:
    facts: HostFacts
    user: str
    euid: int
    groups: frozenset[str]
    """The groups this process has now (a new group counts only after logging in again)."""
    which: Callable[[str], str | None] = shutil.which
    run: Callable[[Sequence[str]], subprocess.CompletedProcess[str]] = _run
    can_read_write: Callable[[str], bool] = _read_write
    open_strip: Callable[..., Strip] = open_strip
    open_link: Callable[[str], Link] = _open_link
    open_camera: Callable[[str], Camera] = _open_camera
    """The camera that `camera.source` names: the Pi camera, or one OpenCV opens."""
    read_cards: Callable[[Any, Path | None, float | None], list[str]] = _read_cards
    """The cards in a frame, read with the table's deck profile (or the default) and
    threshold."""
    find_markers: Callable[[Any], dict[int, tuple[float, float]]] = _find_markers
    pin_factory: Any = None
    """gpiozero's pin factory: None for its default (lgpio on a Pi), a MockFactory in tests."""
    service_active: Callable[[], bool] = _service_active

    @classmethod
    def live(cls, root: Path = Path("/")) -> Probe:
        return cls(facts=detect(root), user=getpass.getuser(), euid=os.geteuid(),
                   groups=_group_names())
