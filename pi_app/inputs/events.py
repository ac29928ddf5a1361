"""Input events: one stream whatever the source (GPIO pins, the microcontroller, the web page)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Control = str
"""A control's name: "go", "undo", "ok", "encoder", "peg0", "peg1", "peg2", ..."""

EventKind = Literal["press", "long_press", "repeat", "turn"]
Source = Literal["gpio", "serial", "web", "test"]


@dataclass(frozen=True, slots=True)
class InputEvent:
    """Something a player did to a control.

    `press` is a short press (sent on release), `long_press` a hold past the long-press time
    (sent once, while held), `repeat` each repeat while a repeating control stays held, and
    `turn` an encoder detent with `steps` +1 clockwise or -1 anticlockwise.
    """

    kind: EventKind
    control: Control
    steps: int = 0
    source: Source = "gpio"

    def to_json(self) -> dict[str, object]:
        return {
            "kind": self.kind,
            "control": self.control,
            "steps": self.steps,
            "source": self.source,
        }
