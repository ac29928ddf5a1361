"""The lit board: one strip per chain of the layout, fed from whole-board frames."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pi_app.board.backends import open_strip
from pi_app.board.render import Frame, Pixels, Renderer
from pi_app.board.state import BoardState
from pi_app.board.strip import Strip

__all__ = ["BoardDisplay", "open_display"]


class BoardDisplay:
    """Shows states and animation frames on the strips; closing blanks every strip."""

    def __init__(self, renderer: Renderer, strips: Sequence[Strip]) -> None:
        chains = renderer.layout.chains
        if len(strips) != len(chains):
            raise ValueError(f"the layout has {len(chains)} chain(s) but {len(strips)} strip(s)")
        for i, (strip, chain) in enumerate(zip(strips, chains, strict=True)):
            if strip.led_count != chain.length:
                raise ValueError(f"chain {i} has {chain.length} LEDs in the layout but its "
                                 f"strip was opened with {strip.led_count}")
        self.renderer = renderer
        self.strips = tuple(strips)
        self.last: Frame | None = None

    def show_state(self, state: BoardState) -> Frame:
        return self.show(self.renderer.compose(state))

    def show(self, design: Pixels) -> Frame:
        """Finish a design frame (tone, power limit) and send each chain its part."""
        frame = self.renderer.finish(design)
        for chain, strip in enumerate(self.strips):
            strip.show(frame.chain_pixels(chain))
        self.last = frame
        return frame

    def close(self) -> None:
        """Blank and release every strip, even if one of them fails."""
        errors = []
        for strip in self.strips:
            try:
                strip.close()
            except Exception as exc:  # keep closing the others
                errors.append(exc)
        if errors:
            raise errors[0]

    def __enter__(self) -> BoardDisplay:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()


def open_display(renderer: Renderer, kind: str, **options: Any) -> BoardDisplay:
    """Open one strip per chain of the layout; a chain's own options override `options`.

    If any chain fails to open, the ones already open are blanked and closed again.
    """
    strips: list[Strip] = []
    try:
        for chain in renderer.layout.chains:
            strips.append(open_strip(kind, chain.length, **{**options, **chain.options}))
    except BaseException:
        for strip in strips:
            strip.close()
        raise
    return BoardDisplay(renderer, strips)
