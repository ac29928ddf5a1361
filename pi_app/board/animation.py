"""Animations: design frames as a pure function of time, played against an injectable clock.

Each animation answers `frame(t)` for any t in [0, duration] (duration None: endless), so a
test drives it with a fake clock and checks what the board showed when. `play` paces the
frames by deadline: a slow strip drops frames rather than slowing the animation down.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from typing import Protocol

import numpy as np

from pi_app.board.layout import GAME_HOLE
from pi_app.board.render import Pixels, Renderer
from pi_app.board.state import BoardState, Pegs
from pi_app.board.strip import RGB

__all__ = [
    "BIG_HAND",
    "Animation",
    "Attract",
    "Burst",
    "Celebration",
    "Clock",
    "SelfTest",
    "SystemClock",
    "Walk",
    "hand_burst",
    "play",
]

BIG_HAND = 20
"""A show of this many points or more earns a burst."""
EPSILON = 1e-9
"""Guards floor(t / step) against t = k * step landing a hair below k in floating point."""


class Clock(Protocol):
    def now(self) -> float: ...

    def sleep(self, seconds: float) -> None: ...


class SystemClock:
    def now(self) -> float:
        return time.monotonic()

    def sleep(self, seconds: float) -> None:
        time.sleep(seconds)


class Animation(Protocol):
    duration: float | None

    def frame(self, t: float) -> Pixels: ...


class Display(Protocol):
    def show(self, design: Pixels) -> object: ...


def play(
    animation: Animation,
    display: Display,
    clock: Clock | None = None,
    fps: float = 50.0,
    until: float | None = None,
    progress: Callable[[float], None] | None = None,
) -> int:
    """Show `animation` to its end (or `until` seconds, for endless ones); return frames shown.

    The last frame shown is always the one at the end time, so the board settles exactly.
    """
    clock = clock or SystemClock()
    ends = [d for d in (animation.duration, until) if d is not None]
    if not ends:
        raise ValueError("an endless animation needs `until`")
    end = min(ends)
    start = deadline = clock.now()
    shown = 0
    while True:
        t = min(clock.now() - start, end)
        display.show(animation.frame(t))
        shown += 1
        if progress is not None:
            progress(t)
        if t >= end:
            return shown
        deadline += 1.0 / fps
        wait = min(deadline, start + end) - clock.now()
        if wait > 0:
            clock.sleep(wait)
        else:
            deadline = clock.now()


def _steps(t: float, step_s: float) -> int:
    return math.floor(t / step_s + EPSILON)


class Walk:
    """A side pegs points: its front peg walks hole by hole, the back peg takes the old front."""

    def __init__(
        self, renderer: Renderer, before: BoardState, side: int, points: int,
        step_s: float = 0.12,
    ) -> None:
        self.renderer = renderer
        self.before = before
        self.side = side
        self.start = before.pegs[side].front
        self.after = before.with_pegs(side, before.pegs[side].pegged(points))
        self.holes = self.after.pegs[side].front - self.start
        self.step_s = step_s
        self.duration: float | None = self.holes * step_s

    def state_at(self, t: float) -> BoardState:
        front = self.start + min(self.holes, _steps(t, self.step_s))
        back = self.after.pegs[self.side].back
        return self.after.with_pegs(self.side, Pegs(front=front, back=back))

    def frame(self, t: float) -> Pixels:
        return self.renderer.compose(self.state_at(t))


class Burst:
    """Rings of light spread over the board from a side's front peg."""

    def __init__(
        self, renderer: Renderer, state: BoardState, side: int, colour: RGB,
        rings: int = 1, ring_s: float = 0.5, speed_mm_s: float = 250.0, width_mm: float = 15.0,
    ) -> None:
        self.base = renderer.compose(state)
        layout = renderer.layout
        centre = layout.tracks[side].holes[state.pegs[side].front]
        self.distance = np.hypot(
            renderer.positions[:, 0] - centre.x_mm, renderer.positions[:, 1] - centre.y_mm
        )
        self.colour = np.array(colour, dtype=np.uint8)
        self.rings, self.ring_s, self.speed, self.width = rings, ring_s, speed_mm_s, width_mm
        reach = float(np.nanmax(self.distance)) + width_mm
        self.duration: float | None = (rings - 1) * ring_s + reach / speed_mm_s

    def frame(self, t: float) -> Pixels:
        design = self.base.copy()
        for ring in range(self.rings):
            radius = (t - ring * self.ring_s) * self.speed
            if radius <= 0:
                continue
            with np.errstate(invalid="ignore"):
                inside = (self.distance <= radius) & (self.distance > radius - self.width)
            design[inside] = self.colour
        return design


def hand_burst(renderer: Renderer, state: BoardState, side: int, points: int) -> Burst | None:
    """The burst a show deserves: three white rings for a 29, one for a big hand, else none."""
    if points == 29:
        return Burst(renderer, state, side, (255, 255, 255), rings=3)
    if points >= BIG_HAND:
        return Burst(renderer, state, side, renderer.palette.player(side))
    return None


class Celebration:
    """The winner's track runs with comets; a skunked side's gap to the line blinks."""

    def __init__(
        self, renderer: Renderer, state: BoardState, duration: float = 5.0,
        holes_per_s: float = 60.0, tail: int = 12,
    ) -> None:
        winner = state.winner
        if winner is None:
            raise ValueError("no side has reached the game hole, so there is nothing to celebrate")
        self.renderer, self.winner = renderer, winner
        self.base = renderer.compose(state)
        self.duration: float | None = duration
        self.holes_per_s, self.tail = holes_per_s, tail
        lines = sorted(renderer.skunk_lines(state))
        self.gaps: list[tuple[np.ndarray, float]] = []
        """(LED indices from the loser's peg to the skunk line, blink rate)."""
        for side, pegs in enumerate(state.pegs):
            under = [line for line in lines if pegs.front < line]
            if side == winner or not under:
                continue
            gap = renderer.holes[side, pegs.front + 1 : max(lines)]
            self.gaps.append((gap, 2.0 * len(under)))

    @property
    def skunked(self) -> int:
        return len(self.gaps)

    def frame(self, t: float) -> Pixels:
        design = self.base.copy()
        head = t * self.holes_per_s
        holes = np.arange(1, GAME_HOLE + 1)
        behind = (head - holes) % (GAME_HOLE / 2)
        level = np.clip(1 - behind / self.tail, 0, 1)
        lit = level > 0
        colour = np.array(self.renderer.palette.player(self.winner), dtype=np.float64)
        design[self.renderer.holes[self.winner, 1:][lit]] = (
            level[lit, None] * colour
        ).astype(np.uint8)
        for gap, rate in self.gaps:
            if math.floor(t * rate * 2) % 2 == 0:
                design[gap] = (255, 255, 255)
        return design


class Attract:
    """Idle mode: a slow rainbow drifts across every hole."""

    def __init__(self, renderer: Renderer, period_s: float = 8.0, level: float = 0.5) -> None:
        positions = renderer.positions
        self.lit = np.flatnonzero(~np.isnan(positions[:, 0]))
        self.phase = positions[self.lit, 0] / renderer.layout.size_mm[0]
        self.blank = renderer.blank()
        self.period_s, self.level = period_s, level
        self.duration: float | None = None

    def frame(self, t: float) -> Pixels:
        hue = (self.phase + t / self.period_s) % 1.0
        # hue to RGB: three phase-shifted triangle waves
        rgb = np.clip(np.abs((hue[:, None] * 6 + [0, 4, 2]) % 6 - 3) - 1, 0, 1)
        design = self.blank.copy()
        design[self.lit] = (rgb * 255 * self.level).astype(np.uint8)
        return design


class SelfTest:
    """The builder's check: every LED in chain order, then each track in hole order.

    Chain LEDs cycle red, green, blue, so a strip with another colour order shows wrong
    colours, and a dead LED or a swapped segment shows as a gap or a jump.
    """

    COLOURS: tuple[RGB, ...] = ((255, 0, 0), (0, 255, 0), (0, 0, 255))

    def __init__(self, renderer: Renderer, step_s: float = 0.03) -> None:
        layout = renderer.layout
        self.steps: list[tuple[int, RGB, str]] = []
        for chain, spec in enumerate(layout.chains):
            for led in range(spec.length):
                flat = layout.chain_offsets[chain] + led
                colour = self.COLOURS[led % 3]
                self.steps.append((flat, colour, f"chain {chain} LED {led}/{spec.length - 1}"))
        for side, track in enumerate(layout.tracks):
            colour = renderer.palette.player(side)
            for hole in range(len(track.holes)):
                flat = int(renderer.holes[side, hole])
                self.steps.append((flat, colour, f"track {side} hole {hole}/{GAME_HOLE}"))
        self.blank = renderer.blank()
        self.step_s = step_s
        self.duration: float | None = len(self.steps) * step_s

    def index_at(self, t: float) -> int:
        return min(len(self.steps) - 1, _steps(t, self.step_s))

    def describe(self, t: float) -> str:
        return self.steps[self.index_at(t)][2]

    def frame(self, t: float) -> Pixels:
        design = self.blank.copy()
        if t < (self.duration or 0):
            flat, colour, _ = self.steps[self.index_at(t)]
            design[flat] = colour
        return design
