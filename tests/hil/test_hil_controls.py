"""The buttons and the encoder: each guided action sends exactly its event, once."""

from __future__ import annotations

from hil_rigs import ControlsRig, Step

from pi_app.inputs.events import InputEvent

STEPS = [
    Step("press and release GO", "press", "go", InputEvent("press", "go")),
    Step("press and release UNDO", "press", "undo", InputEvent("press", "undo")),
    Step("hold UNDO (redo) for two seconds", "hold", "undo", InputEvent("long_press", "undo")),
    Step("press and release OK/NEXT", "press", "ok", InputEvent("press", "ok")),
    Step("hold OK (menu) for two seconds", "hold", "ok", InputEvent("long_press", "ok")),
    Step("press and release the encoder knob", "press", "encoder",
         InputEvent("press", "encoder")),
    Step("turn the encoder ONE click clockwise", "turn", "encoder",
         InputEvent("turn", "encoder", steps=1)),
    Step("turn the encoder ONE click anticlockwise", "turn", "encoder",
         InputEvent("turn", "encoder", steps=-1)),
    Step("press and release PEG for player 1", "press", "peg0", InputEvent("press", "peg0")),
    Step("hold PEG for player 1 for two seconds", "hold", "peg0", InputEvent("repeat", "peg0")),
    Step("press and release PEG for player 2", "press", "peg1", InputEvent("press", "peg1")),
    Step("hold PEG for player 2 for two seconds", "hold", "peg1", InputEvent("repeat", "peg1")),
]


def test_each_control_sends_exactly_its_event(controls_rig: ControlsRig) -> None:
    hub = controls_rig.hub
    for step in STEPS:
        hub.drain()
        controls_rig.perform(step)
        event = hub.get(timeout=controls_rig.wait)
        assert event is not None, f"nothing arrived: {step.instruction}"
        assert event == step.expected, f"{step.instruction}: got {event}"
        if step.action == "hold":  # the rest of a hold (repeats) ends when it is let go
            while hub.get(timeout=controls_rig.settle * 2) is not None:
                pass
        else:  # contact bounce would show as a second event
            stray = hub.get(timeout=controls_rig.settle)
            assert stray is None, f"{step.instruction}: one action sent a second event {stray}"
