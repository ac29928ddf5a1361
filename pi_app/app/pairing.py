"""The pairing code for the LAN page, and how the board shows it.

The code is four digits from 1 to 9, so the board can show each as a count of lit holes:
the first digit in the first row of track 1 (holes 1 up), the second in its second row
(holes 31 up), the third and fourth in the rows of track 2. A person counts the lights,
types the code into the page, and the board goes back to the game.
"""

from __future__ import annotations

import secrets

from pi_app.board.render import Pixels, Renderer

DIGITS = 4
ROW = 30
"""Holes in a row of the default board; digit rows start at holes 1 and 31."""
SHOWN_SECONDS = 60.0


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
