"""The pairing code for the LAN page, and how the board shows it.

The code is four digits from 1 to 9, so the board can show each as a count of lit holes:
the first digit in the first row of track 1 (holes 1 up), the second in its second row
(holes 31 up), the third and fourth in the rows of track 2. A person counts the lights,
types the code into the page, and the board goes back to the game.

Four digits are only 6561 codes, so `PairingLock` limits the guessing: after a few wrong
codes it refuses every code for a minute, and after more it draws a new code (shown on the
board again), so guessing the old one is useless.
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable

from pi_app.board.render import Pixels, Renderer

DIGITS = 4
ROW = 30
"""Holes in a row of the default board; digit rows start at holes 1 and 31."""
SHOWN_SECONDS = 60.0
WRONG_BEFORE_LOCKOUT = 5
LOCKOUT_SECONDS = 60.0
WRONG_BEFORE_NEW_CODE = 10


def new_code() -> str:
    return "".join(str(1 + secrets.randbelow(9)) for _ in range(DIGITS))


def code_design(renderer: Renderer, code: str) -> Pixels:
    """A design frame with the code as counts of lit holes, in each track's own colour."""
    if len(code) != DIGITS or not all(ch in "123456789" for ch in code):
        raise ValueError(f"a pairing code is {DIGITS} digits 1-9, not {code!r}")
    design = renderer.blank()
    for i, digit in enumerate(code):
        track, row = divmod(i, 2)
        track %= renderer.sides
        first = 1 + row * ROW
        holes = renderer.holes[track, first:first + int(digit)]
        design[holes] = renderer.palette.player(track)
    return design


class PairingRefused(ValueError):
    """A code refused, wrong or during a lockout; the message says which and for how long."""

    def __init__(self, message: str, locked_for: float = 0.0) -> None:
        super().__init__(message)
        self.locked_for = locked_for


class PairingLock:
    """The pairing code, and how many wrong guesses have been made against it."""

    def __init__(self, code: str, *, on_new_code: Callable[[str], None] | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.code = code
        self._on_new_code = on_new_code
        self._clock = clock
        self._wrong = 0
        self._locked_until = 0.0

    def check(self, guess: object) -> None:
        """Accept the right code, or raise `PairingRefused` saying why not."""
        wait = self._locked_until - self._clock()
        if wait > 0:
            raise PairingRefused(f"too many wrong pairing codes: try again in {wait:.0f} s",
                                 wait)
        if isinstance(guess, str) and secrets.compare_digest(guess, self.code):
            self._wrong = 0
            return
        self._wrong += 1
        if self._wrong >= WRONG_BEFORE_NEW_CODE:
            self._wrong = 0
            self.code = new_code()
            if self._on_new_code is not None:
                self._on_new_code(self.code)
            raise PairingRefused("too many wrong pairing codes: a new code is on the board")
        if self._wrong % WRONG_BEFORE_LOCKOUT == 0:
            self._locked_until = self._clock() + LOCKOUT_SECONDS
            raise PairingRefused(f"too many wrong pairing codes: try again in "
                                 f"{LOCKOUT_SECONDS:.0f} s", LOCKOUT_SECONDS)
        raise PairingRefused("wrong pairing code: read it off the board")
