"""Rig fixtures for the hardware-in-loop suite, each parametrised `sim` and `real`.

`sim` runs everywhere (CI included) on the simulator's stand-ins: the emulated Pico
(`sim://`), gpiozero's MockFactory, the scene synthesiser, `crib sim`. `real`
is marked `hil` (run with `pytest --hil -s` on the Pi) and skips, saying why, when its
hardware is not there. Real rigs read the installed /etc/crib/config.toml, or the file named
by $CRIB_HIL_CONFIG.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hil_rigs import (
    BoardCamera,
    ControlsRig,
    PicoRig,
    PinRobot,
    ServiceRig,
    SimService,
    StripRig,
    SystemdService,
    TableCameraRig,
    Tester,
    real_config,
)

from pi_app.board.backends import StripError, open_strip
from pi_app.board.layout import load_layout
from pi_app.inputs.button import ButtonTiming
from pi_app.inputs.hub import InputHub
from pi_app.inputs.pins import DEFAULT_PINS, ControlPins
from pi_app.link import protocol_sim
from pi_app.link.strip import SerialStrip

RIGS = [pytest.param("sim", id="sim"), pytest.param("real", id="real", marks=pytest.mark.hil)]

SIM_STRIP = "hil-strip"
SIM_PICO = "hil-pico"
SIM_TIMING = ButtonTiming(debounce=0.01, long_press=0.12, repeat_interval=0.05)
"""The robot's fingers are quick; the decoding is the same as at human speed."""


@pytest.fixture(params=RIGS)
def rig_kind(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture
def strip_rig(rig_kind: str) -> Iterator[StripRig]:
    if rig_kind == "sim":
        layout = load_layout()
        length = layout.chains[0].length
        strip = open_strip("serial", length, url=f"sim://{SIM_STRIP}?leds={length}")
        assert isinstance(strip, SerialStrip)
        # the link opens its port on its own thread: the emulated board exists once it said hello
        assert strip.link.wait_connected(5.0), "the emulated strip did not say hello"
        rig = StripRig(layout, strip, tester=None)
    else:
        config = real_config()
        board = config.board
        if board.backend == "sim":
            pytest.skip("board.backend is sim in the table config: no strip to test")
        chain = board.layout.chains[0]
        options = dict(chain.options)
        if board.backend == "serial":
            options.setdefault("url", board.url)
        try:
            strip = open_strip(board.backend, chain.length, **options)
        except StripError as exc:
            pytest.skip(f"the strip did not open: {exc}")
        rig = StripRig(board.layout, strip, tester=Tester())
    try:
        yield rig
    finally:
        rig.strip.close()
        if rig_kind == "sim":
            protocol_sim.forget(SIM_STRIP)


@pytest.fixture
def controls_rig(rig_kind: str) -> Iterator[ControlsRig]:
    from gpiozero import GPIOZeroError

    from pi_app.inputs.gpio import GpioControls

    hub = InputHub()
    if rig_kind == "sim":
        from gpiozero.pins.mock import MockFactory

        factory: Any = MockFactory()
        pins = ControlPins.from_mapping(DEFAULT_PINS)
        controls = GpioControls(pins, hub.post, timing=SIM_TIMING, pin_factory=factory)
        rig = ControlsRig(controls, hub, PinRobot(factory, dict(DEFAULT_PINS), SIM_TIMING),
                          wait=2.0, settle=0.1)
    else:
        config = real_config()
        tester = Tester()
        try:
            controls = GpioControls(config.pins, hub.post)
        except (GPIOZeroError, ValueError) as exc:
            pytest.skip(f"the control pins did not open: {exc}")
        rig = ControlsRig(controls, hub, lambda step: tester.say(step.instruction),
                          wait=20.0, settle=0.5)
    controls.start()
    try:
        yield rig
    finally:
        controls.close()


@pytest.fixture
def pico_rig(rig_kind: str) -> Iterator[PicoRig]:
    from pi_app.link.discovery import find_pico
    from pi_app.link.driver import PicoLink

    if rig_kind == "sim":
        link = PicoLink(f"sim://{SIM_PICO}?leds=60", None, heartbeat=0.2, reconnect_delay=0.05)
        link.wait_connected(5.0)
        board = protocol_sim.board(SIM_PICO)

        def unplug() -> None:  # a USB-powered Pico loses power with its cable: it reboots
            board.unplug()
            board.reset()

        rig = PicoRig(link, unplug, board.replug, wait=5.0)
    else:
        url = find_pico()
        if url is None:
            pytest.skip("no Pico on USB (`crib link ports` lists what is found)")
        tester = Tester()
        link = PicoLink(url, None)
        rig = PicoRig(link, lambda: tester.say("unplug the Pico's USB cable"),
                      lambda: tester.say("plug the Pico's USB cable back in"), wait=30.0)
    try:
        yield rig
    finally:
        link.close()
        if rig_kind == "sim":
            protocol_sim.forget(SIM_PICO)


@pytest.fixture
def table_camera(rig_kind: str, request: pytest.FixtureRequest) -> Iterator[TableCameraRig]:
    """Sim: the scene synthesiser lays the cards on a new virtual table for every frame."""
    pytest.importorskip("cv2", reason="card vision needs OpenCV")
    import numpy as np

    from pi_app.vision.frames import FrameError, PiCamera, VirtualTable
    from pi_app.vision.synth import Conditions, make_scene

    if rig_kind == "sim":
        from pi_app.vision.designs import kennard

        deck = kennard(request.getfixturevalue("shared_dir"))
        laid: list[str] = []
        seeds = iter(range(1_000))
        overhead = Conditions(tilt=0.05, light=0.2, glare=0.0, blur=0.5, noise=2.0,
                              jpeg=(90, 95))

        def render() -> Any:
            design = {code: deck[code] for code in laid}
            rng = np.random.default_rng(next(seeds))
            return make_scene(design, rng, "scatter", n_cards=len(laid),
                              conditions=overhead).image

        rig = TableCameraRig(lambda cards: laid.extend(cards), VirtualTable(render))
    else:
        config = real_config()
        if config.camera != "picamera":
            pytest.skip(f"camera.source is {config.camera} in the table config")
        tester = Tester()
        try:
            camera = PiCamera()
        except FrameError as exc:
            pytest.skip(f"the Pi camera did not open: {exc}")
        rig = TableCameraRig(lambda cards: tester.wait(
            f"lay {' '.join(cards)} face up and apart under the camera"), camera)
    try:
        yield rig
    finally:
        rig.camera.close()


@pytest.fixture
def board_camera(rig_kind: str, strip_rig: StripRig, tmp_path: Path) -> Iterator[BoardCamera]:
    """Sim: a picture of the emulated strip's LEDs on the board, seen a little askew."""
    cv2 = pytest.importorskip("cv2", reason="watching the board needs OpenCV")
    import numpy as np

    from pi_app.vision.frames import FrameError, PiCamera

    if rig_kind == "sim":
        from pi_app.board.backends.sim import png_board

        board = protocol_sim.board(SIM_STRIP)
        layout = strip_rig.layout
        px_per_mm = 2.0
        w, h = (round(v * px_per_mm) for v in layout.size_mm)
        askew = cv2.getPerspectiveTransform(
            np.float32([[0, 0], [w, 0], [w, h], [0, h]]),
            np.float32([[30, 20], [w + 10, 40], [w - 15, h + 25], [10, h - 5]]))

        class Shown:  # what png_board reads of a rendered frame
            pixels = np.zeros((layout.led_count, 3), np.uint8)

        def grab() -> Any:
            Shown.pixels = np.array(board.shown(), np.uint8)
            path = tmp_path / "board.png"
            png_board(layout, Shown, path, px_per_mm)  # type: ignore[arg-type]
            return cv2.warpPerspective(cv2.imread(str(path)), askew, (w + 40, h + 40))

        yield BoardCamera(strip_rig, grab, stride=9)
        return
    config = real_config()
    if config.camera != "picamera":
        pytest.skip("no camera to watch the board (camera.source is not picamera)")
    try:
        camera = PiCamera()
    except FrameError as exc:
        pytest.skip(f"the Pi camera did not open: {exc}")
    assert strip_rig.tester is not None
    strip_rig.tester.wait("point the camera at the whole board")

    def settle_then_grab() -> Any:
        time.sleep(0.2)  # the LEDs change within a frame time; skip frames already exposed
        camera.read()
        return camera.read()

    try:
        yield BoardCamera(strip_rig, settle_then_grab, stride=1)
    finally:
        camera.close()


@pytest.fixture
def service_rig(rig_kind: str, tmp_path: Path) -> Iterator[ServiceRig]:
    if rig_kind == "sim":
        service = SimService(tmp_path)
        try:
            yield service
        finally:
            service.close()
        return
    import os
    import shutil
    import subprocess

    if os.geteuid() != 0 or shutil.which("systemctl") is None:
        pytest.skip("driving crib.service needs root and systemd: sudo pytest --hil -s")
    if subprocess.run(["systemctl", "cat", "crib.service"], capture_output=True).returncode:
        pytest.skip("crib.service is not installed: sudo scripts/install-pi.sh")
    yield SystemdService(Tester(), real_config().web.port)
