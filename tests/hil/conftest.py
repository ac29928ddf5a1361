"""Rig fixtures for the hardware-in-loop suite, each parametrised `sim` and `real`.

`sim` runs everywhere (CI included) on the simulator's stand-ins: the emulated Pico
(`sim://`), gpiozero's MockFactory, the scene synthesiser, `crib start` on a laptop. `real`
is marked `hil` (run with `pytest --hil -s` on the Pi) and skips, saying why, when its
hardware is not there. Real rigs read the installed /etc/crib/config.toml, or the file named
by $CRIB_HIL_CONFIG.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hil_rigs import ControlsRig, PinRobot, StripRig, Tester, real_config

from pi_app.board.backends import StripError, open_strip
from pi_app.board.layout import load_layout
from pi_app.inputs.button import ButtonTiming
from pi_app.inputs.hub import InputHub
from pi_app.inputs.pins import DEFAULT_PINS, ControlPins
from pi_app.link import protocol_sim

RIGS = [pytest.param("sim", id="sim"), pytest.param("real", id="real", marks=pytest.mark.hil)]

SIM_STRIP = "hil-strip"
SIM_TIMING = ButtonTiming(debounce=0.01, long_press=0.12, repeat_interval=0.05)
"""The robot's fingers are quick; the decoding is the same as at human speed."""


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Keep the sim rigs running without --hil. The root conftest skips items whose keywords
    include "hil", and every item in this folder has that keyword from the folder's name; only
    the items really marked `hil` (the real rigs) should stay skipped."""
    here = Path(__file__).parent
    for item in items:
        if item.get_closest_marker("hil") is None and here in Path(item.path).parents:
            item.own_markers[:] = [m for m in item.own_markers if not (
                m.name == "skip" and str(m.kwargs.get("reason", "")).startswith(
                    "hardware-in-loop"))]


@pytest.fixture(params=RIGS)
def rig_kind(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture
def strip_rig(rig_kind: str) -> Iterator[StripRig]:
    if rig_kind == "sim":
        layout = load_layout()
        length = layout.chains[0].length
        strip = open_strip("serial", length, url=f"sim://{SIM_STRIP}?leds={length}")
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
