"""Rotary encoder decoding: two contacts, A and B, closing in quadrature.

Turning clockwise, contact A closes a quarter-cycle before B: with both open at rest the
levels go (A, B) = open-open, closed-open, closed-closed, open-closed, open-open. Every valid
quarter-step moves a counter one way or the other; a detent counts only when the contacts are
back at rest with the counter at least half a detent's worth from zero. Bounce on one contact
steps the counter back and forth and so cancels out, and a missed edge (both contacts seeming
to change at once) is skipped rather than guessed.
"""

from __future__ import annotations

from typing import Literal

DetentsPerCycle = Literal[1, 2]
"""1: rests only with both contacts open (most 20-detent encoders, e.g. KY-040 modules);
2: rests at both open and both closed (e.g. 24-detent, 12-pulse encoders)."""

# Position of each (a_closed, b_closed) state around the Gray-code cycle, clockwise.
_PHASE = {(False, False): 0, (True, False): 1, (True, True): 2, (False, True): 3}


class QuadratureDecoder:
    """Feed it the contacts' levels after every change; it answers the detents turned."""

    def __init__(self, detents_per_cycle: DetentsPerCycle = 1,
                 a_closed: bool = False, b_closed: bool = False) -> None:
        if detents_per_cycle not in (1, 2):
            raise ValueError(f"detents_per_cycle must be 1 or 2, not {detents_per_cycle!r}")
        self._rests = {0} if detents_per_cycle == 1 else {0, 2}
        self._quarters_per_detent = 4 // detents_per_cycle
        self._phase = _PHASE[(a_closed, b_closed)]
        self._count = 0

    def update(self, a_closed: bool, b_closed: bool) -> int:
        """The contacts now read (a_closed, b_closed): return +1 for a clockwise detent just
        completed, -1 anticlockwise, else 0."""
        phase = _PHASE[(bool(a_closed), bool(b_closed))]
        delta = (phase - self._phase) % 4
        self._phase = phase
        if delta == 1:
            self._count += 1
        elif delta == 3:
            self._count -= 1
        # delta 2: both contacts changed between two reads; the direction is unknowable.
        if phase not in self._rests:
            return 0
        count, self._count = self._count, 0
        if 2 * abs(count) < self._quarters_per_detent:
            return 0
        return 1 if count > 0 else -1
