"""The doctor's checks, one small function each, in the order they are shown.

Every check takes a `Context` (the loaded settings and a `Probe` of the machine) and returns
one `Result`. Checks that open hardware stand aside while crib.service holds it.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from pi_app.app.config import Config
from pi_app.doctor.probe import Probe
from pi_app.doctor.result import Result, fail, ok, skip, warn

__all__ = ["CHECKS", "Context"]

PWM_PINS = frozenset({12, 13, 18, 19, 21})
"""Pins rpi_ws281x drives by PWM or PCM DMA, which needs /dev/mem (root)."""
SPI_DEVICE = "/dev/spidev0.0"
LINK_TIMEOUT = 3.0


@dataclass(frozen=True)
class Context:
    config: Config
    probe: Probe
    service_running: bool
    """crib.service is active: it holds the strip, camera and pins, so those checks skip."""


def _busy(name: str) -> Result:
    return skip(name, "crib.service is running and holds it; `sudo systemctl stop crib` to "
                      "check it, then start the service again")


def _chain_options(config: Config) -> dict[str, Any]:
    chains = config.board.layout.chains
    return dict(chains[0].options) if chains else {}


def host(ctx: Context) -> Result:
    facts = ctx.probe.facts
    if not facts.on_pi:
        return warn("host", "not a Raspberry Pi: only the simulator runs here",
                    "run `crib sim` on this machine, or `crib doctor` on the Pi")
    return ok("host", f"{facts.model} (a Pi {facts.generation})")


def strip_route(ctx: Context) -> Result:
    """The backend suits this Pi: PWM needs root and no analogue audio; SPI must be enabled."""
    board, facts, probe = ctx.config.board, ctx.probe.facts, ctx.probe
    options = _chain_options(ctx.config)
    name = "strip route"
    if board.backend == "sim":
        if facts.on_pi:
            return warn(name, "board.backend is sim: the LEDs stay dark",
                        "set board.backend in /etc/crib/config.toml "
                        "(scripts/install-pi.sh chooses one)")
        return ok(name, "the simulated strip")
    if board.backend == "serial":
        return ok(name, f"a Pico drives the strip over USB ({board.url or 'no board.url'})")
    spi = bool(options.get("spi")) or (board.backend == "ws281x" and options.get("pin") == 10)
    if spi:
        if not facts.spi_devices:
            where = facts.boot_config or "config.txt"
            return fail(name, "the strip is on SPI, but SPI is off (no /dev/spidev*)",
                        f"add dtparam=spi=on to {where} and reboot")
        if not probe.can_read_write(SPI_DEVICE) and probe.euid != 0:
            return fail(name, f"{probe.user} may not use {SPI_DEVICE}",
                        f"sudo usermod -aG spi {probe.user}, then log in again")
        return ok(name, f"{board.backend} over SPI on GPIO10")
    if facts.generation is not None and facts.generation >= 5:
        return fail(name, f"{board.backend} by PWM does not work on a Pi 5 (rpi_ws281x has no "
                          "support for its RP1 chip)",
                    "drive the strip over SPI or a Pico: sudo scripts/install-pi.sh --strip spi")
    pin = int(options.get("pin", 18))
    if pin in PWM_PINS:
        if probe.euid != 0:
            return fail(name, f"the strip on GPIO{pin} uses PWM/PCM DMA, which needs root",
                        "run as root (the service does with --strip pwm), or use SPI")
        if facts.boot_config and not facts.analogue_audio_off:
            return fail(name, "onboard analogue audio is on and shares the strip's PWM",
                        f"add dtparam=audio=off to {facts.boot_config} and reboot")
    return ok(name, f"{board.backend} on GPIO{pin}")


def strip(ctx: Context) -> Result:
    """Open each chain of the layout on the configured backend and blank it."""
    board = ctx.config.board
    name = "strip"
    if board.backend == "sim":
        return skip(name, "simulated")
    if board.backend == "serial":
        return skip(name, "driven by the Pico: see the pico check")
    if ctx.service_running:
        return _busy(name)
    opened = 0
    for index, chain in enumerate(board.layout.chains):
        try:
            opened_strip = ctx.probe.open_strip(board.backend, chain.length, **chain.options)
            try:
                opened_strip.show([(0, 0, 0)] * chain.length)
            finally:
                opened_strip.close()
        except (RuntimeError, OSError, ValueError, ImportError) as exc:
            return fail(name, f"chain {index} on {board.backend}: {exc}",
                        "check the wiring and power (hw/README.md), then `crib board test`")
        opened += chain.length
    return ok(name, f"{opened} LEDs open on {board.backend}; `crib board test` lights each "
                    "in turn")


def pico(ctx: Context) -> Result:
    """Round trip to the Pico, and its firmware drives enough LEDs for the layout."""
    board, probe = ctx.config.board, ctx.probe
    name = "pico"
    if board.backend != "serial" and not probe.facts.pico_ports:
        return skip(name, "no Pico on USB, and the strip is not on serial")
    url = board.url if board.backend == "serial" else probe.facts.pico_ports[0]
    if not url:
        return fail(name, "board.backend is serial but board.url is empty",
                    'set board.url = "auto" (or the port `crib link ports` prints)')
    if board.backend == "serial" and ctx.service_running:
        return _busy(name)
    if url.startswith("/dev/") and os.path.exists(url) and not probe.can_read_write(url) \
            and probe.euid != 0:
        return fail(name, f"{probe.user} may not open {url}",
                    f"sudo usermod -aG dialout {probe.user}, then log in again")
    link = probe.open_link(url)
    try:
        if not link.wait_connected(LINK_TIMEOUT):
            why = f" ({link.last_error})" if link.last_error else ""
            return fail(name, f"no answer from {url} in {LINK_TIMEOUT:g} s{why}",
                        "check the USB cable, flash the firmware (`crib firmware install`), "
                        "and list ports with `crib link ports`")
        rtt = link.ping(timeout=1.0)
        info = link.device_info or {}
    finally:
        link.close(blank=False)
    if rtt is None:
        return fail(name, f"{url} said hello but did not answer a ping",
                    "unplug and replug the Pico; if it persists, reflash the firmware")
    leds = int(info.get("led_count", 0))
    needed = board.led_count if board.backend == "serial" else 0
    if leds < needed:
        return fail(name, f"the firmware drives {leds} LEDs; the layout needs {needed}",
                    f"set CRIB_LED_COUNT = {needed} in the Pico's settings.toml")
    return ok(name, f"{url} answers in {rtt * 1000:.1f} ms; its firmware drives {leds} LEDs")


def camera(ctx: Context) -> Result:
    """The camera opens (the Pi camera, or one OpenCV opens), gives a frame, and the
    recogniser reads cards in it; with corner markers set, all four are in sight round the
    play area."""
    source, facts, probe = ctx.config.camera.source, ctx.probe.facts, ctx.probe
    name = "camera"
    if source == "none":
        return skip(name, "camera.source is none: cards are entered by hand")
    if source == "sim":
        return skip(name, "the simulated camera") if not facts.on_pi else warn(
            name, "camera.source is sim on a Pi: the real camera is not used",
            'set camera.source = "picamera" in /etc/crib/config.toml')
    if source == "picamera" and facts.cameras is None:
        return fail(name, "picamera2 is not installed",
                    "sudo apt install python3-picamera2 (scripts/install-pi.sh does, and makes "
                    "the venv see it)")
    if source == "picamera" and not facts.cameras:
        return fail(name, "libcamera sees no camera",
                    "reseat the ribbon cable (power off first), then `rpicam-hello "
                    "--list-cameras`")
    if ctx.service_running:
        return _busy(name)
    seen_by = facts.cameras[0] if source == "picamera" and facts.cameras else f"camera {source}"
    try:
        cam = probe.open_camera(source)
        try:
            frame = cam.read()
        finally:
            cam.close()
    except (RuntimeError, OSError) as exc:
        return fail(name, f"{seen_by} did not open: {exc}",
                    f"sudo usermod -aG video {probe.user}; close other camera programs")
    if frame is None:
        return fail(name, f"{seen_by} gave no frame",
                    "check the ribbon cable; try `rpicam-hello`" if source == "picamera" else
                    f"check its cable; try `crib camera preview --source {source}`")
    trouble = _marker_trouble(probe, frame) if ctx.config.camera.markers else None
    if trouble is not None:
        return warn(name, trouble, "lay the four markers from `crib camera markers` at the play "
                                   "area's corners, each wholly in the camera's view")
    from pi_app.app.deck_learning import deck_in_use
    from pi_app.vision.recognizer import ModelError

    deck = deck_in_use(ctx.config.camera.deck, ctx.config.storage)
    try:
        cards = probe.read_cards(frame, deck, ctx.config.camera.threshold)
    except ModelError as exc:
        return fail(name, f"the deck profile will not load: {exc}",
                    "learn the deck again (Learn my deck on the page, or crib deck learn)")
    if not cards:
        return warn(name, f"{seen_by} opens but sees no cards",
                    "lay a few cards face up in view; check height, angle and focus "
                    f"(docs/builders-guide.md), and `crib camera preview --source {source}`")
    marked = "; the corner markers mark the play area" if ctx.config.camera.markers else ""
    read_with = f" (read with the deck learned in {deck})" if deck is not None else ""
    return ok(name, f"{seen_by} sees {len(cards)} card(s): {' '.join(cards)}{read_with}"
                    f"{marked}")


def _marker_trouble(probe: Probe, frame: Any) -> str | None:
    """What keeps the corner markers from marking the play area in this frame, if anything."""
    from pi_app.vision.markers import PLACES, MarkerError, marker_quad

    found = probe.find_markers(frame)
    missing = [f"{i} ({place})" for i, place in enumerate(PLACES) if i not in found]
    if missing:
        return f"corner marker {', '.join(missing)} not in sight"
    try:
        marker_quad(found)
    except MarkerError as exc:
        return str(exc)
    return None


def buttons(ctx: Context) -> Result:
    """Each button's pin opens and reads released at rest (pressed means a short or a
    normally-closed switch). Pressing them one by one is the hardware-in-loop suite's job."""
    probe = ctx.probe
    name = "buttons"
    if not probe.facts.on_pi and probe.pin_factory is None:
        return skip(name, "not a Pi: the buttons are on the simulator page")
    if ctx.service_running:
        return _busy(name)
    from gpiozero import DigitalInputDevice, GPIOZeroError

    pins = ctx.config.pins
    held: list[str] = []
    for control, pin in pins.buttons.items():
        try:
            with DigitalInputDevice(pin, pull_up=True, pin_factory=probe.pin_factory) as device:
                if device.is_active:
                    held.append(f"{control} (GPIO{pin})")
        except (GPIOZeroError, OSError, RuntimeError) as exc:
            return fail(name, f"cannot read GPIO{pin} for {control}: {exc}",
                        f"sudo usermod -aG gpio {probe.user}; sudo apt install python3-lgpio")
    if held:
        return fail(name, f"reads pressed at rest: {', '.join(held)}",
                    "check for a wire shorted to ground, or a normally-closed switch "
                    "(hw/controls.md)")
    if pins.warnings:
        return warn(name, "; ".join(pins.warnings),
                    "move the control to a free pin (hw/controls.md) if that hardware is used")
    return ok(name, f"{len(pins.buttons)} buttons read released; press each with "
                    "`pytest --hil tests/hil -k buttons`")


def speech(ctx: Context) -> Result:
    probe = ctx.probe
    name = "speech"
    if not ctx.config.speech.enabled:
        return skip(name, "speech.enabled is false")
    program = probe.which("espeak-ng")
    if program is None:
        return fail(name, "espeak-ng is not installed: the table will be silent",
                    "sudo apt install espeak-ng")
    done = probe.run([program, "--version"])
    if done.returncode != 0:
        return fail(name, f"espeak-ng does not run: {done.stderr.strip()}",
                    "sudo apt install --reinstall espeak-ng")
    version = done.stdout.strip().splitlines()[0] if done.stdout.strip() else program
    return ok(name, version.split("  Data at")[0].strip())


def groups(ctx: Context) -> Result:
    """The user is in every group the configured hardware needs."""
    probe, config = ctx.probe, ctx.config
    name = "groups"
    if probe.euid == 0:
        return ok(name, "root may use every device")
    if not probe.facts.on_pi:
        return skip(name, "not a Pi")
    needed = {"gpio": "the buttons"}
    if config.camera.source not in ("sim", "none"):
        needed["video"] = "the camera"
    if config.board.backend == "serial":
        needed["dialout"] = "the Pico"
    if _chain_options(config).get("spi"):
        needed["spi"] = "the SPI strip"
    if config.speech.enabled:
        needed["audio"] = "speech"
    missing = [group for group in needed if group not in probe.groups]
    if missing:
        why = ", ".join(f"{g} ({needed[g]})" for g in missing)
        return fail(name, f"{probe.user} is not in: {why}",
                    f"sudo usermod -aG {','.join(missing)} {probe.user}, then log in again "
                    "(or restart crib.service)")
    return ok(name, f"{probe.user} is in {', '.join(needed)}")


def storage(ctx: Context) -> Result:
    path = ctx.config.storage
    name = "storage"
    folder = path.parent
    while not folder.exists() and folder != folder.parent:
        folder = folder.parent
    target = path if path.exists() else folder
    if not ctx.probe.can_read_write(str(target)):
        return fail(name, f"{ctx.probe.user} cannot write {target}",
                    f"sudo chown -R {ctx.probe.user} {target}")
    return ok(name, f"games are kept in {path}")


CHECKS: tuple[Callable[[Context], Result], ...] = (
    host, strip_route, strip, pico, camera, buttons, speech, groups, storage,
)
