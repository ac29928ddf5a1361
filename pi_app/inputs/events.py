"""Input events: one stream whatever the source (GPIO pins, the microcontroller, the web page)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal, get_args

Control = str
"""A control's name: "go", "undo", "ok", "encoder", "peg0", "peg1", "peg2", ..."""

EventKind = Literal["press", "long_press", "repeat", "turn"]
Source = Literal["gpio", "serial", "web", "test"]

EVENT_KINDS: tuple[str, ...] = get_args(EventKind)
SOURCES: tuple[str, ...] = get_args(Source)


class InputError(ValueError):
    """An input event that cannot be: the message names the field and what is wrong with it."""


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

    def __post_init__(self) -> None:
        if self.kind not in EVENT_KINDS:
            raise InputError(f"kind {self.kind!r} is not one of {', '.join(EVENT_KINDS)}")
        if not isinstance(self.control, str) or not self.control:
            raise InputError(f"control {self.control!r} must be a control's name")
        if self.source not in SOURCES:
            raise InputError(f"source {self.source!r} is not one of {', '.join(SOURCES)}")
        if isinstance(self.steps, bool) or not isinstance(self.steps, int):
            raise InputError(f"steps {self.steps!r} must be a whole number")
        if self.kind == "turn" and self.steps == 0:
            raise InputError("a turn needs steps: +1 clockwise, -1 anticlockwise")
        if self.kind != "turn" and self.steps != 0:
            raise InputError(f"a {self.kind} has no steps (got {self.steps})")

    def to_json(self) -> dict[str, object]:
        return {
            "kind": self.kind,
            "control": self.control,
            "steps": self.steps,
            "source": self.source,
        }

    @classmethod
    def from_json(cls, data: object, source: Source | None = None) -> InputEvent:
        """Read an event sent by the page or the microcontroller; `source`, when given, is
        where it really came from and overrides whatever the message claims."""
        if not isinstance(data, Mapping):
            raise InputError(f"an input event must be a JSON object, not {data!r}")
        unknown = set(data) - {"kind", "control", "steps", "source"}
        if unknown:
            raise InputError(f"unknown field(s) in input event: {', '.join(sorted(unknown))}")
        for field in ("kind", "control") if source is not None else ("kind", "control", "source"):
            if field not in data:
                raise InputError(f"input event has no {field!r}")
        return cls(
            kind=data["kind"],
            control=data["control"],
            steps=data.get("steps", 0),
            source=source if source is not None else data["source"],
        )
