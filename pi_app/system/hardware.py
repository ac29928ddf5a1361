"""What this host is: which Raspberry Pi, whether SPI and the camera are there, a Pico on USB.

The installer asks this module how to drive the LED strip (`python -m pi_app.system.hardware
--get strip`), and `crib doctor` reports the same facts. Every file is read under `root`, so
tests (and `CRIB_ROOT=dir scripts/install-pi.sh`) describe a Pi with a folder of files. Only
the standard library is imported at the top: the installer runs this before the app's venv
exists.
"""

from __future__ import annotations

import argparse
import importlib
import json
import re
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

__all__ = [
    "STRIP_ROUTES",
    "HostFacts",
    "camera_source",
    "detect",
    "list_cameras",
    "pi_generation",
    "recommended_strip",
]

STRIP_ROUTES = ("pwm", "spi", "pico")
"""How the LEDs are driven: rpi_ws281x PWM on GPIO18, the SPI bus on GPIO10, or a Pico on USB."""

MODEL_FILE = "proc/device-tree/model"
BOOT_CONFIGS = ("boot/firmware/config.txt", "boot/config.txt")

PicoFinder = Callable[[], Sequence[str]]
CameraLister = Callable[[], Sequence[str] | None]


@dataclass(frozen=True, slots=True)
class HostFacts:
    model: str
    """The device tree's board name, e.g. "Raspberry Pi 5 Model B Rev 1.0", or "" off a Pi."""
    generation: int | None
    """4 for a Raspberry Pi 4 (or 400, CM4), 5 for a Pi 5; None off a Pi."""
    spi_devices: tuple[str, ...]
    """`/dev/spidev*` nodes: present only once SPI is enabled in config.txt."""
    gpiochips: tuple[str, ...]
    boot_config: str | None
    """The config.txt in use (Bookworm moved it to /boot/firmware)."""
    analogue_audio_off: bool
    """`dtparam=audio=off` in config.txt: the PWM strip needs the PWM the audio would use."""
    pico_ports: tuple[str, ...]
    cameras: tuple[str, ...] | None
    """Camera names libcamera reports, or None when picamera2 is not installed to ask."""

    @property
    def on_pi(self) -> bool:
        return "Raspberry Pi" in self.model

    def to_json(self) -> dict[str, Any]:
        return {**asdict(self), "on_pi": self.on_pi,
                "recommended_strip": recommended_strip(self)}


def pi_generation(model: str) -> int | None:
    """The board generation in the device tree's model string: the Pi 400 and 500 keyboards
    are a 4 and a 5 inside. None if not a Pi."""
    match = re.search(r"Raspberry Pi (?:Compute Module )?(\d)(00)?\b", model)
    return int(match.group(1)) if match else None


def recommended_strip(facts: HostFacts) -> str:
    """A Pico on USB wins (it works on every Pi); else SPI on a Pi 5 (rpi_ws281x's PWM does
    not support its RP1 chip) and off a Pi; else PWM, the classic route on a Pi 4 or older."""
    if facts.pico_ports:
        return "pico"
    if facts.generation is None or facts.generation >= 5:
        return "spi"
    return "pwm"


def camera_source(facts: HostFacts) -> str:
    """The `camera.source` setting for this host: the Pi camera when libcamera sees one."""
    return "picamera" if facts.cameras else "none"


def _pico_ports() -> Sequence[str]:
    try:
        from pi_app.link.discovery import pico_ports
    except ImportError:  # pyserial is not installed yet (the installer's first run)
        return ()
    return pico_ports()


def list_cameras(module: Any = None) -> Sequence[str] | None:
    """The cameras libcamera sees (by model name), or None when picamera2 is not installed."""
    if module is None:
        try:
            module = importlib.import_module("picamera2")  # Raspberry Pi OS only
        except ImportError:
            return None
    return [str(info.get("Model", "camera")) for info in module.Picamera2.global_camera_info()]


def _audio_off(config: Path | None) -> bool:
    if config is None:
        return False
    lines = [line.strip() for line in config.read_text(errors="replace").splitlines()]
    settings = [line for line in lines if line.startswith("dtparam=audio=")]
    return bool(settings) and settings[-1] == "dtparam=audio=off"


def detect(
    root: Path = Path("/"),
    *,
    find_picos: PicoFinder = _pico_ports,
    cameras: CameraLister = list_cameras,
) -> HostFacts:
    """Read the facts of the host under `root` (the Pico and camera finders look at the live
    system; pass fakes for tests)."""
    try:
        model = (root / MODEL_FILE).read_text(errors="replace").replace("\0", "").strip()
    except OSError:
        model = ""
    boot = next((root / name for name in BOOT_CONFIGS if (root / name).is_file()), None)
    dev = root / "dev"
    found_cameras = cameras()
    return HostFacts(
        model=model,
        generation=pi_generation(model),
        spi_devices=tuple(sorted(str(p) for p in dev.glob("spidev*"))),
        gpiochips=tuple(sorted(str(p) for p in dev.glob("gpiochip*"))),
        boot_config=str(boot) if boot else None,
        analogue_audio_off=_audio_off(boot),
        pico_ports=tuple(find_picos()),
        cameras=None if found_cameras is None else tuple(found_cameras),
    )


ANSWERS: dict[str, Callable[[HostFacts], object]] = {
    "strip": recommended_strip,
    "camera": camera_source,
    "model": lambda facts: facts.model or "not a Raspberry Pi",
    "generation": lambda facts: facts.generation or "",
}
"""What `--get` can print, one plain line each, for shell scripts."""


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m pi_app.system.hardware",
                                     description="what this host offers the table")
    parser.add_argument("--root", type=Path, default=Path("/"),
                        help="read the host's files under this folder (for tests)")
    parser.add_argument("--get", choices=sorted(ANSWERS),
                        help="print one answer (strip: the route to drive the LEDs; camera: "
                             "the camera.source to configure) instead of every fact as JSON")
    args = parser.parse_args(argv)
    facts = detect(args.root)
    print(ANSWERS[args.get](facts) if args.get else json.dumps(facts.to_json(), indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
