"""One push button's timing: debounce, short press, long press and auto-repeat.

Pure logic fed with raw contact levels and times, so it is tested without hardware or sleeps
and works the same for any source of levels. A level counts only once it has lasted the
debounce time; shorter flickers are contact bounce (or noise) and are ignored. gpiozero's
`bounce_time` is not used because mock pins ignore it, and some real pin drivers do too.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from pi_app.inputs.events import EventKind

HoldAction = Literal["long_press", "repeat"]
"""What holding a button does: one `long_press` (UNDO = redo, OK = menu), or `repeat`s (PEG)."""


@dataclass(frozen=True, slots=True)
class ButtonTiming:
    """Seconds. The defaults feel right on arcade and tactile buttons."""

    debounce: float = 0.02
    """A level must last this long to count: longer than contact bounce (1-10 ms)."""
    long_press: float = 0.7
    """Hold this long for a long press, or for the first repeat."""
    repeat_interval: float = 0.2
    """Between repeats while a repeating button stays held (5 points a second)."""

    def __post_init__(self) -> None:
        for name in ("debounce", "long_press", "repeat_interval"):
            value = getattr(self, name)
            if not isinstance(value, int | float) or value <= 0:
                raise ValueError(f"{name} must be a positive number of seconds, not {value!r}")
        if self.long_press <= self.debounce:
            raise ValueError(
                f"long_press ({self.long_press} s) must be longer than debounce "
                f"({self.debounce} s), or no press could be short"
            )


class ButtonLogic:
    """Turns raw levels of one button into press / long_press / repeat kinds.

    Call `edge` whenever the raw level changes and `advance` every few milliseconds (for
    holds, and to settle the last edge); both return the event kinds now due, in order.
    """

    def __init__(self, hold: HoldAction, timing: ButtonTiming, now: float,
                 pressed: bool = False) -> None:
        self.hold = hold
        self.timing = timing
        self._raw = pressed
        self._raw_since = now
        self._stable = pressed
        self._pressed_at = now
        # A button already down at start-up (stuck, or leaned on) fires nothing until released.
        self._held = pressed
        self._next_repeat = float("inf") if pressed else now

    @property
    def is_pressed(self) -> bool:
        """The debounced state."""
        return self._stable

    def edge(self, pressed: bool, now: float) -> list[EventKind]:
        """The raw contact level changed to `pressed` at `now`."""
        if pressed == self._raw:
            return self.advance(now)
        kinds = self.advance(now)
        self._raw, self._raw_since = pressed, now
        return kinds

    def advance(self, now: float) -> list[EventKind]:
        """Everything due by `now`: a settled edge, a long press, repeats."""
        kinds: list[EventKind] = []
        if self._raw != self._stable and now - self._raw_since >= self.timing.debounce:
            kinds += self._holds(self._raw_since)
            kinds += self._settle()
        held_until = now if self._raw == self._stable else self._raw_since
        kinds += self._holds(held_until)
        return kinds

    def _settle(self) -> list[EventKind]:
        self._stable = self._raw
        if self._stable:
            self._pressed_at = self._raw_since
            self._held = False
            self._next_repeat = self._raw_since + self.timing.long_press
            return []
        return [] if self._held else ["press"]

    def _holds(self, until: float) -> list[EventKind]:
        if not self._stable or until - self._pressed_at < self.timing.long_press:
            return []
        if self.hold == "long_press":
            if self._held:
                return []
            self._held = True
            return ["long_press"]
        if until < self._next_repeat:
            return []
        self._held = True
        self._next_repeat += self.timing.repeat_interval
        if self._next_repeat <= until:  # the caller fell behind: repeat once, not in a burst
            self._next_repeat = until + self.timing.repeat_interval
        return ["repeat"]
