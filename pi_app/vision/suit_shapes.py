"""Suit symbols drawn in shapes no typeface in the build has, as index glyphs, to teach the
default suit network what makes a club a club.

Decks print their suits in many proportions: fat clubs whose lobes run together, spades with
round shoulders, squat or tall hearts, diamonds with straight or hollow sides. Taught only the
typefaces' and `designs.draw_suit`'s shapes, a retraining of the shipped suit network read 30
of one unseen design's round-shouldered spades as clubs; taught these shapes beside them,
and stretched across by up to a third either way, it read none of those spades as clubs."""

from __future__ import annotations

import cv2
import numpy as np

from pi_app.vision.index import glyph_image

_CANVAS = 160
"""Side of the square each symbol is drawn on before it is shrunk to an index's size."""
_SUBPIXEL = 4
"""Bits of sub-pixel precision the symbols are drawn with."""


def suit_glyphs(count: int, rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
    """`count` suit glyphs (clubs, diamonds, hearts, spades in turn), each as the reader
    cuts an index suit out (`index.glyph_image`), and their suits (0-3)."""
    suits = np.arange(count) % 4
    return np.stack([_glyph(_draw(int(suit), rng), rng) for suit in suits]), suits


def _draw(suit: int, rng: np.random.Generator) -> np.ndarray:
    """A club (0), diamond (1), heart (2) or spade (3) of random proportions, white on black."""
    image = np.zeros((_CANVAS, _CANVAS), np.uint8)
    middle = _CANVAS / 2
    if suit == 1:
        _fill(image, _diamond(rng) * _CANVAS * 0.38 + middle)
        return image
    if suit in (2, 3):
        outline = _heart(rng, upside_down=suit == 3) / 17 * _CANVAS * 0.33 + middle
        if suit == 3:
            outline[:, 1] -= _CANVAS * 0.06  # room for the stem
        _fill(image, outline)
        if suit == 2:
            return image
    else:
        _club_lobes(image, rng)
    _stem(image, rng, top=middle + _CANVAS * 0.3 * rng.uniform(0.35, 0.6) if suit == 0
          else middle)
    return image


def _diamond(rng: np.random.Generator) -> np.ndarray:
    """A rhombus whose sides run straight (power 2) or bow inwards (more), unit height."""
    t = np.linspace(0, 2 * np.pi, 200)
    width, power = rng.uniform(0.5, 1.0), rng.uniform(1.6, 2.5)
    x = np.sign(np.cos(t)) * np.abs(np.cos(t)) ** power * width
    y = np.sign(np.sin(t)) * np.abs(np.sin(t)) ** power
    return np.stack([x, y], axis=1)


def _heart(rng: np.random.Generator, upside_down: bool) -> np.ndarray:
    """The classic heart curve with its lobes' depth and width varied (about 34 units tall)."""
    t = np.linspace(0, 2 * np.pi, 200)
    width = rng.uniform(0.8, 1.25)
    cleft, shoulder = rng.uniform(3, 7), rng.uniform(1, 3)
    x = 16 * np.sin(t) ** 3 * width
    y = -(13 * np.cos(t) - cleft * np.cos(2 * t) - shoulder * np.cos(3 * t) - np.cos(4 * t))
    return np.stack([x, -y if upside_down else y], axis=1)


def _club_lobes(image: np.ndarray, rng: np.random.Generator) -> None:
    """Three round lobes, apart or run together, and often a filled middle between them."""
    radius = _CANVAS * rng.uniform(0.12, 0.2)
    spread = radius * rng.uniform(0.9, 1.5)
    centre_y = _CANVAS * 0.45
    top = (_CANVAS / 2, centre_y - spread * rng.uniform(0.8, 1.1))
    side = spread * rng.uniform(0.95, 1.25)
    low = centre_y + spread * rng.uniform(0.1, 0.45)
    for x, y in (top, (_CANVAS / 2 - side, low), (_CANVAS / 2 + side, low)):
        _disc(image, x, y, radius * rng.uniform(0.95, 1.1))
    if rng.random() < 0.6:
        _disc(image, _CANVAS / 2, centre_y + spread * 0.2, radius * 0.8)


def _stem(image: np.ndarray, rng: np.random.Generator, top: float) -> None:
    """A club's or spade's stem from `top` down, straight-sided or flaring in a curve."""
    middle = _CANVAS / 2
    bottom = middle + _CANVAS * 0.3 * rng.uniform(1.0, 1.25)
    top_half, bottom_half = _CANVAS * rng.uniform(0.015, 0.05), _CANVAS * rng.uniform(0.05, 0.16)
    if rng.random() < 0.5:
        ys = np.linspace(top, bottom, 30)
        flare = ((ys - top) / (bottom - top)) ** rng.uniform(1.5, 3)
        half = top_half + (bottom_half - top_half) * flare
        outline = np.concatenate([np.stack([middle - half, ys], axis=1),
                                  np.stack([middle + half, ys], axis=1)[::-1]])
    else:
        outline = np.array([[middle - top_half, top], [middle + top_half, top],
                            [middle + bottom_half, bottom], [middle - bottom_half, bottom]])
    _fill(image, outline)


def _fill(image: np.ndarray, outline: np.ndarray) -> None:
    points = np.round(outline * (1 << _SUBPIXEL)).astype(np.int32)
    cv2.fillPoly(image, [points], 255, cv2.LINE_AA, _SUBPIXEL)


def _disc(image: np.ndarray, x: float, y: float, radius: float) -> None:
    scale = 1 << _SUBPIXEL
    cv2.circle(image, (round(x * scale), round(y * scale)), round(radius * scale), 255, -1,
               cv2.LINE_AA, _SUBPIXEL)


def _glyph(symbol: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """The symbol stretched (decks draw suits wider or narrower), shrunk to the 6-31 pixel
    height an index suit has in a frame (the smallest, a tiny suit under a big rank, barely
    keeps a spade's point), and cut out as the reader cuts glyphs."""
    stretched = cv2.resize(symbol.astype(np.float32) / 255, None, fx=rng.uniform(0.75, 1.3),
                           fy=rng.uniform(0.9, 1.1), interpolation=cv2.INTER_AREA)
    scale = int(rng.integers(6, 32)) / max(stretched.shape)
    ink = cv2.resize(stretched, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
    ys, xs = np.nonzero(ink > 0.5)
    box = (int(xs.min()), int(ys.min()), int(xs.max() - xs.min() + 1),
           int(ys.max() - ys.min() + 1))
    return glyph_image(ink, box)
