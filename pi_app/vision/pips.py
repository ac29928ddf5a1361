"""The pips beside a number card's index, as glyphs for the suit network: where a card's small
index suit is in doubt between the two suits of its colour (a spade or a club a few pixels high,
blurred), the pips printed beside it, twice its size, show the shape a player would look at. A
court card has no such pips, but most English decks print its suit big beside the index, in the
top corner of the art's frame (its frame pip)."""

from __future__ import annotations

import numpy as np

from pi_app.vision.detect import Corner
from pi_app.vision.glyphs import components
from pi_app.vision.index import glyph_image, patch_ink, upright_patch

PIP_AREA = (0.12, 0.62, 0.06, 0.75)
"""Where the pips nearest the index lie, in card widths from its index corner: from and to
across the card (along its short edge), then from and to down it. A number card's left column
of pips (4 to 10), its top middle pip (2 and 3) and its middle row lie there, and in a row of
cards the next card often leaves the left column showing."""
PIP_HEIGHT = (0.15, 0.32)
"""A pip's height, in card widths: an index suit is smaller. From 0.12, the benchmark's six seeds
read no more cards and one more misread (in a plastic row)."""
PIP_WIDTH = (0.08, 0.32)
"""A pip's width, in card widths."""
SOLID = 0.4
"""The least share of its box a pip's ink fills: a suit symbol is a solid shape; a rank glyph,
a line of art or the edge of another card is not."""
PIP_INK = 0.5
"""How dark (0 paper, 1 ink) a pixel must be to be a pip's."""


FRAME_PIP_AREA = (0.0, 0.5, 0.0, 0.45)
"""Where a court card's frame pip is sought, in card widths from its index corner (as
`PIP_AREA`): the card's top-left corner, index and all. Seen with the index, the pip stands
apart from the art it lies on as it does not in an area cut to start beside the index, whose
paper and ink levels the art alone then sets."""
FRAME_PIP_LEFT = (0.12, 0.30)
"""Where a court card's frame pip starts across the card, in card widths: beside the index
(which ends about 0.1 across), not beyond the art's frame corner."""
FRAME_PIP_TOP = 0.25
"""How far down the card a court card's frame pip starts at most, in card widths: beside the
index (level with its rank, or lower, beside its suit), not below it."""
FRAME_PIP_HEIGHT = (0.12, 0.28)
"""A frame pip's height, in card widths: bigger than the index suit (about 0.08)."""


def pip_glyphs(frame: np.ndarray, corner: Corner) -> np.ndarray:
    """The pip-sized solid shapes of ink wholly inside `PIP_AREA` of the card `corner` frames (its
    index corner), each as the suit network reads a glyph (`index.glyph_image`): n x views x
    side x side, n maybe 0."""
    return _solid_shapes(frame, corner, PIP_AREA, PIP_HEIGHT)


def frame_pip_glyphs(frame: np.ndarray, corner: Corner) -> np.ndarray:
    """The solid pip-sized shapes of ink beside the index of the court card `corner` frames:
    most English decks print the suit big in the top corner of a court card's art frame,
    beside the rank. As `pip_glyphs`, n maybe 0."""
    return _solid_shapes(frame, corner, FRAME_PIP_AREA, FRAME_PIP_HEIGHT, FRAME_PIP_LEFT,
                         FRAME_PIP_TOP)


def _solid_shapes(frame: np.ndarray, corner: Corner, area: tuple[float, float, float, float],
                  height: tuple[float, float], left: tuple[float, float] | None = None,
                  top: float | None = None) -> np.ndarray:
    """The pip-sized solid shapes of ink wholly inside `area` of the card `corner` frames, `height`
    high, starting `left` across and at most `top` down (all in card widths from its index
    corner; anywhere in the area where not given), as the suit network reads glyphs."""
    width = corner.width
    across_from, across_to, down_from, down_to = area
    size = (max(8, round((across_to - across_from) * width)),
            max(8, round((down_to - down_from) * width)))
    patch = upright_patch(frame,
                          corner.point + (corner.u * across_from + corner.v * down_from) * width,
                          corner.u * (across_to - across_from) * width,
                          corner.v * (down_to - down_from) * width, size)
    inked = patch_ink(patch)
    if inked is None:
        return np.zeros((0, 1, 1, 1), np.float32)
    ink = inked[0]
    labels, stats, _ = components((ink > PIP_INK).astype(np.uint8))
    glyphs = [glyph_image(ink * (labels == label), (x, y, w, h))
              for label, (x, y, w, h, area) in enumerate(stats.tolist()) if label
              and height[0] * width <= h <= height[1] * width
              and PIP_WIDTH[0] * width <= w <= PIP_WIDTH[1] * width
              and x > 0 and x + w < size[0] and y > 0 and y + h < size[1]
              and area >= SOLID * w * h
              and (left is None or left[0] <= across_from + x / width <= left[1])
              and (top is None or down_from + y / width <= top)]
    return np.stack(glyphs) if glyphs else np.zeros((0, 1, 1, 1), np.float32)
