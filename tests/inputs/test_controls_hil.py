"""Hardware in the loop: a tester works each real control and the events must match.

Run on the Pi with the controls wired as in hw/controls.md: `pytest --hil tests/inputs -s`.
"""

from __future__ import annotations

import pytest

from pi_app.inputs.events import InputEvent
from pi_app.inputs.gpio import GpioControls
from pi_app.inputs.hub import InputHub
from pi_app.inputs.pins import DEFAULT_PINS, ControlPins

WAIT = 20.0
"""Seconds the tester has for each step."""

STEPS = [
    ("press and release GO", InputEvent("press", "go")),
    ("press and release UNDO", InputEvent("press", "undo")),
    ("hold UNDO (redo) for two seconds, then let go", InputEvent("long_press", "undo")),
    ("press and release OK/NEXT", InputEvent("press", "ok")),
    ("hold OK (menu) for two seconds, then let go", InputEvent("long_press", "ok")),
    ("press and release the encoder knob", InputEvent("press", "encoder")),
    ("turn the encoder ONE click clockwise", InputEvent("turn", "encoder", steps=1)),
    ("turn the encoder ONE click anticlockwise", InputEvent("turn", "encoder", steps=-1)),
    ("press and release PEG for player 1", InputEvent("press", "peg0")),
    ("hold PEG for player 1 for two seconds (it repeats)", InputEvent("repeat", "peg0")),
    ("press and release PEG for player 2", InputEvent("press", "peg1")),
    ("hold PEG for player 2 for two seconds (it repeats)", InputEvent("repeat", "peg1")),
]


@pytest.mark.hil
def test_each_real_control_sends_exactly_its_event(capsys):
    hub = InputHub()
    with GpioControls(ControlPins.from_mapping(DEFAULT_PINS), hub.post) as controls:
        controls.start()
        for instruction, expected in STEPS:
            hub.drain()
            with capsys.disabled():
                print(f"\n>>> {instruction} (within {WAIT:.0f} s)", flush=True)
            event = hub.get(timeout=WAIT)
            assert event is not None, f"nothing arrived: {instruction}"
            assert event == expected, f"{instruction}: got {event}"
            if expected.kind in ("press", "turn"):
                stray = hub.get(timeout=0.5)  # contact bounce would show here as a second event
                assert stray is None, f"{instruction}: one action sent a second event {stray}"
            else:
                while hub.get(timeout=1.0) is not None:  # wait for the hold to end
                    pass
