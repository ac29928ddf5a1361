"""The power limiter: no frame may draw more current than the supply gives.

A WS2812B draws about 20 mA per colour channel at full and about 1 mA when dark, so a
363-LED board at full white would want over 20 A. The estimate is linear in each channel's
value; a frame over budget is scaled down uniformly, in integers so the result is never
over budget by rounding.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

__all__ = ["PowerError", "PowerLimit"]


class PowerError(ValueError):
    """A budget that cannot be met even with every LED dark."""


@dataclass(frozen=True)
class PowerLimit:
    budget_ma: float = 2500.0
    channel_ma: float = 20.0
    """Current of one colour channel at 255."""
    idle_ma: float = 1.0
    """Current of one LED when dark (its driver chip)."""

    def __post_init__(self) -> None:
        if self.budget_ma <= 0 or self.channel_ma <= 0 or self.idle_ma < 0:
            raise PowerError(
                f"power model needs budget > 0, channel > 0, idle >= 0; got "
                f"{self.budget_ma} mA, {self.channel_ma} mA, {self.idle_ma} mA"
            )

    def current_ma(self, frame: npt.NDArray[np.uint8]) -> float:
        """Estimated draw of a frame of shape (leds, 3)."""
        level = int(frame.sum(dtype=np.int64))
        return self.idle_ma * len(frame) + self.channel_ma * level / 255

    def check(self, led_count: int) -> None:
        """Fail early, naming the numbers, when even a dark board is over budget."""
        idle = self.idle_ma * led_count
        if idle > self.budget_ma:
            raise PowerError(
                f"{led_count} LEDs draw {idle:.0f} mA when dark, more than the "
                f"{self.budget_ma:.0f} mA budget: raise the budget or use a bigger supply"
            )

    def limit(self, frame: npt.NDArray[np.uint8]) -> npt.NDArray[np.uint8]:
        """The frame itself if within budget, else a uniformly dimmed copy that is."""
        self.check(len(frame))
        if self.current_ma(frame) <= self.budget_ma:
            return frame
        level = int(frame.sum(dtype=np.int64))
        spare = self.budget_ma - self.idle_ma * len(frame)
        allowed = int(spare * 255 / self.channel_ma)
        while True:  # at most twice: the second pass only absorbs float rounding
            scaled = (frame.astype(np.uint32) * allowed // level).astype(np.uint8)
            if self.current_ma(scaled) <= self.budget_ma:
                return scaled
            allowed -= 1
