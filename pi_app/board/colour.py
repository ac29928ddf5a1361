"""Colours for the board: a colour-blind-safe player palette, and the tone curve.

Colours are chosen in "design" values (what looks right on a screen); the tone curve then
applies gamma, because LEDs are linear and eyes are not, and the global brightness.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from pi_app.board.strip import RGB

__all__ = ["OKABE_ITO", "Palette", "Tone", "parse_colour"]

OKABE_ITO: dict[str, RGB] = {
    "orange": (230, 159, 0),
    "sky_blue": (86, 180, 233),
    "bluish_green": (0, 158, 115),
    "yellow": (240, 228, 66),
    "blue": (0, 114, 178),
    "vermillion": (213, 94, 0),
    "reddish_purple": (204, 121, 167),
}
"""Okabe & Ito's palette: told apart with every common kind of colour blindness."""


def parse_colour(text: str) -> RGB:
    """An Okabe-Ito name ("sky_blue"), or hex ("#56b4e9" or "56b4e9")."""
    name = text.strip().lower().replace("-", "_")
    if name in OKABE_ITO:
        return OKABE_ITO[name]
    match = re.fullmatch(r"#?([0-9a-f]{6})", name)
    if not match:
        raise ValueError(f"colour {text!r}: use #rrggbb or one of {', '.join(OKABE_ITO)}")
    value = int(match.group(1), 16)
    return (value >> 16, (value >> 8) & 0xFF, value & 0xFF)


@dataclass(frozen=True)
class Palette:
    """What each thing on the board looks like, in design values."""

    players: tuple[RGB, ...] = field(
        default=(OKABE_ITO["orange"], OKABE_ITO["sky_blue"], OKABE_ITO["bluish_green"])
    )
    back_level: float = 0.45
    """The back peg's brightness relative to the front peg's, so the gap reads at a glance."""
    games_level: float = 0.5
    skunk: RGB = (64, 64, 64)
    dealer: RGB = (255, 255, 255)
    go: RGB = OKABE_ITO["yellow"]
    """The turn LED uses the player's own colour."""

    def __post_init__(self) -> None:
        if len(self.players) < 2:
            raise ValueError(f"the palette needs a colour per player, got {len(self.players)}")
        for level in (self.back_level, self.games_level):
            if not 0 < level <= 1:
                raise ValueError(f"palette levels must be in (0, 1], got {level}")

    def player(self, side: int) -> RGB:
        return self.players[side % len(self.players)]

    def dimmed(self, side: int, level: float) -> RGB:
        r, g, b = self.player(side)
        return (round(r * level), round(g * level), round(b * level))


@dataclass(frozen=True)
class Tone:
    """Gamma and global brightness as one lookup table from design value to LED value."""

    gamma: float = 2.2
    brightness: float = 0.6
    lut: npt.NDArray[np.uint8] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not 0 <= self.brightness <= 1:
            raise ValueError(f"brightness must be 0..1, got {self.brightness}")
        if not 0.5 <= self.gamma <= 4:
            raise ValueError(f"gamma must be 0.5..4, got {self.gamma}")
        levels = np.arange(256) / 255.0
        lut = np.round(255 * self.brightness * levels**self.gamma).astype(np.uint8)
        object.__setattr__(self, "lut", lut)

    def apply(self, design: npt.NDArray[np.uint8]) -> npt.NDArray[np.uint8]:
        result: npt.NDArray[np.uint8] = self.lut[design]
        return result
