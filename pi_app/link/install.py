"""Copy the firmware onto a mounted CIRCUITPY drive.

The board gets firmware/boot.py and firmware/code.py at its root, and the two shared modules
(`pi_app.link.wire` and `pi_app.link.device`) as the package lib/crib_link/, so the board
runs the very code the host's tests and `sim://` run. settings.toml is copied only when the
board has none, since it holds the builder's own wiring.
"""

from __future__ import annotations

import getpass
import os
import shutil
from pathlib import Path

import pi_app.link as link_package

FIRMWARE_DIR = Path(__file__).resolve().parents[2] / "firmware"
SHARED_MODULES = ("wire.py", "device.py")
PACKAGE = "crib_link"
PACKAGE_INIT = '"""Cribbage Companion link: installed by `crib firmware install`."""\n'
NEEDED_LIBS = ("neopixel",)


class InstallError(Exception):
    """The firmware cannot be installed: the message says why and what to do."""


def candidate_drives() -> list[Path]:
    """Where desktops and macOS mount a CIRCUITPY drive."""
    user = os.environ.get("USER") or getpass.getuser()
    return [Path("/media") / user / "CIRCUITPY", Path("/run/media") / user / "CIRCUITPY",
            Path("/media/CIRCUITPY"), Path("/Volumes/CIRCUITPY")]


def is_circuitpy(drive: Path) -> bool:
    """CircuitPython writes boot_out.txt to its drive at every start."""
    return (drive / "boot_out.txt").is_file()


def find_drive() -> Path:
    for drive in candidate_drives():
        if is_circuitpy(drive):
            return drive
    tried = ", ".join(str(d) for d in candidate_drives())
    raise InstallError(f"no CIRCUITPY drive is mounted (looked in {tried}); "
                       "plug the board in, or pass --drive")


def plan(drive: Path, source: Path = FIRMWARE_DIR) -> list[tuple[Path | None, Path]]:
    """[(source file or None for the package marker, destination)] of an install."""
    if not is_circuitpy(drive):
        raise InstallError(f"{drive} is not a CircuitPython drive (it has no boot_out.txt)")
    if not (source / "code.py").is_file():
        raise InstallError(f"firmware sources not found in {source}; pass --source "
                           "with the checkout's firmware/ folder")
    shared = Path(link_package.__file__).parent
    steps: list[tuple[Path | None, Path]] = [
        (source / "boot.py", drive / "boot.py"),
        (source / "code.py", drive / "code.py"),
        (None, drive / "lib" / PACKAGE / "__init__.py"),
    ]
    steps += [(shared / name, drive / "lib" / PACKAGE / name) for name in SHARED_MODULES]
    if not (drive / "settings.toml").exists():
        steps.append((source / "settings.toml", drive / "settings.toml"))
    return steps


def install(drive: Path, source: Path = FIRMWARE_DIR) -> list[Path]:
    """Copy the firmware to `drive`; returns the files written. code.py goes last, since
    CircuitPython restarts when it changes."""
    steps = plan(drive, source)
    steps.sort(key=lambda step: step[1].name == "code.py")
    written = []
    for origin, target in steps:
        target.parent.mkdir(parents=True, exist_ok=True)
        if origin is None:
            target.write_text(PACKAGE_INIT)
        else:
            shutil.copyfile(origin, target)
        written.append(target)
    return written


def missing_libraries(drive: Path) -> list[str]:
    """Libraries the firmware imports that the board's lib/ lacks (install them with circup)."""
    lib = drive / "lib"
    return [name for name in NEEDED_LIBS
            if not any((lib / f"{name}{ext}").exists() for ext in (".mpy", ".py"))]
