"""Cut a corner index out of the frame and turn its rank and suit glyphs into features.

The glyphs are found by their own ink, not by a fixed box, so decks that print the index
bigger, smaller, or further in still give the classifier the same normalised shapes.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from pi_app.vision.detect import Corner

PATCH_U, PATCH_V = 0.24, 0.52
"""The corner region searched for an index, in card widths along the short and long edge."""
PATCH_W, PATCH_H = 42, 90
RANK_SIZE = (20, 28)
SUIT_SIZE = (24, 24)
CELL = 4
BINS = 8
MIN_RANK_H = 8
_JOIN = np.ones((2, 2), np.uint8)  # rejoins thin strokes that blur broke apart


@dataclass
class IndexGlyphs:
    """Feature vectors of one corner index, ready for the classifiers."""

    rank: np.ndarray
    suit: np.ndarray
    redness: float
    """Ink colour: about 0 for black, about 0.5 or more for red."""


def feature_sizes() -> tuple[int, int]:
    """Lengths of the rank and suit feature vectors: a model must have been trained on these."""
    blank = np.zeros((PATCH_H, PATCH_W), np.float32)
    return (len(_features(blank, (0, 0, 4, 4), RANK_SIZE)),
            len(_features(blank, (0, 0, 4, 4), SUIT_SIZE)))


def corner_patch(frame: np.ndarray, corner: Corner) -> np.ndarray:
    """The corner region warped upright: the index reads top-left, PATCH_W x PATCH_H pixels."""
    p, w = corner.point, corner.width
    src = np.array([p, p + corner.u * w * PATCH_U, p + corner.v * w * PATCH_V], np.float32)
    dst = np.array([[0, 0], [PATCH_W, 0], [0, PATCH_H]], np.float32)
    m = cv2.getAffineTransform(src, dst)
    return cv2.warpAffine(frame, m, (PATCH_W, PATCH_H), flags=cv2.INTER_LINEAR,
                          borderMode=cv2.BORDER_REPLICATE)


def read_glyphs(patch: np.ndarray) -> IndexGlyphs | None:
    """Rank (top) and suit (below it) glyphs of an upright corner patch, or None if there are
    not two such ink shapes."""
    b, g, r = cv2.split(patch)
    low = cv2.min(cv2.min(b, g), r).astype(np.float32)
    ordered = np.sort(low, axis=None)
    paper, dark = float(ordered[int(ordered.size * 0.85)]), float(ordered[int(ordered.size * 0.03)])
    if paper - dark < 35:
        return None
    ink = np.clip((paper - low) / (paper - dark), 0, 1)
    binary = cv2.morphologyEx((ink > 0.35).astype(np.uint8), cv2.MORPH_CLOSE, _JOIN)
    stats = cv2.connectedComponentsWithStats(binary, connectivity=8)[2]
    boxes: list[Box] = [(x, y, w, h) for x, y, w, h, area in stats[1:].tolist()
             if _glyph_like(x, y, w, h, area)]
    if len(boxes) < 2:
        return None
    boxes.sort(key=lambda b: b[1])
    tall = [b for b in boxes if b[3] >= MIN_RANK_H and b[0] < PATCH_W * 0.45]  # near the edge
    if not tall:
        return None
    rank = _merge_row(tall[0], boxes)
    rx, ry, rw, rh = rank
    below = [b for b in boxes if b[1] >= ry + rh * 0.8 and b[1] < ry + rh * 2.5
             and abs((b[0] + b[2] / 2) - (rx + rw / 2)) < max(rw, b[2]) * 0.75
             and b[3] >= rh * 0.3]
    if not below:
        return None
    suit = _merge_row(below[0], below)
    return IndexGlyphs(
        rank=_features(ink, rank, RANK_SIZE),
        suit=_features(ink, suit, SUIT_SIZE),
        redness=_redness(patch, binary, suit, paper - dark),
    )


def _glyph_like(x: int, y: int, w: int, h: int, area: int) -> bool:
    """Ink that could be an index glyph: not a speck, not the table beyond the card's rounded
    corner, not a long frame line or a pip cut by the patch's far edges."""
    return (area >= 6 and h >= 4 and h < PATCH_H * 0.45 and w < PATCH_W * 0.8
            and x + w < PATCH_W and not (x == 0 and y == 0))


Box = tuple[int, int, int, int]


def _merge_row(first: Box, boxes: list[Box]) -> Box:
    """Join `first` with shapes beside it on the same line (the 1 and 0 of a ten)."""
    x, y, w, h = first
    for bx, by, bw, bh in boxes:
        overlap = min(y + h, by + bh) - max(y, by)
        gap = max(bx - (x + w), x - (bx + bw))
        joined = max(x + w, bx + bw) - min(x, bx)
        if ((bx, by, bw, bh) != tuple(first) and overlap > 0.6 * min(h, bh) and gap < 0.35 * h
                and joined < 1.5 * max(h, bh)):
            nx, ny = min(x, bx), min(y, by)
            w, h = max(x + w, bx + bw) - nx, max(y + h, by + bh) - ny
            x, y = nx, ny
    return x, y, w, h


def _features(ink: np.ndarray, box: tuple[int, int, int, int], size: tuple[int, int]
              ) -> np.ndarray:
    x, y, w, h = box
    crop = ink[y:y + h, x:x + w]
    target_aspect = size[0] / size[1]
    if w / h < target_aspect:  # pad to the target shape so aspect ratio stays informative
        pad = round((h * target_aspect - w) / 2)
        crop = cv2.copyMakeBorder(crop, 0, 0, pad, pad, cv2.BORDER_CONSTANT, value=0)
    else:
        pad = round((w / target_aspect - h) / 2)
        crop = cv2.copyMakeBorder(crop, pad, pad, 0, 0, cv2.BORDER_CONSTANT, value=0)
    crop = cv2.copyMakeBorder(crop, 1, 1, 1, 1, cv2.BORDER_CONSTANT, value=0)
    small = cv2.resize(crop, size, interpolation=cv2.INTER_AREA)
    grad = gradient_histograms(small)
    pixels = cv2.resize(small, (size[0] // 2, size[1] // 2), interpolation=cv2.INTER_AREA).ravel()
    return np.concatenate([grad, pixels, [np.log(w / h)]]).astype(np.float32)


def gradient_histograms(image: np.ndarray) -> np.ndarray:
    """HOG-style features: per 4x4 cell, edge strength binned by unsigned direction, with each
    2x2 block of cells normalised so contrast and stroke weight matter less than shape."""
    gx = cv2.Sobel(image, cv2.CV_32F, 1, 0, ksize=3)
    gy = cv2.Sobel(image, cv2.CV_32F, 0, 1, ksize=3)
    magnitude = np.hypot(gx, gy)
    direction = (np.arctan2(gy, gx) % np.pi) * (BINS / np.pi)
    bins = np.minimum(direction.astype(np.int32), BINS - 1)
    h, w = image.shape
    onehot = (bins[..., None] == np.arange(BINS)) * magnitude[..., None]
    cells = onehot.reshape(h // CELL, CELL, w // CELL, CELL, BINS).sum(axis=(1, 3))
    blocks = np.concatenate([cells[:-1, :-1], cells[1:, :-1], cells[:-1, 1:], cells[1:, 1:]],
                            axis=2)
    blocks /= np.linalg.norm(blocks, axis=2, keepdims=True) + 1e-3
    return blocks.ravel()


def _redness(patch: np.ndarray, binary: np.ndarray, box: tuple[int, int, int, int],
             contrast: float) -> float:
    x, y, w, h = box
    region = patch[y:y + h, x:x + w].astype(np.float32)
    sel = binary[y:y + h, x:x + w] > 0
    if not sel.any():
        return 0.0
    b, g, r = (region[..., i][sel].mean() for i in range(3))
    return float((r - (g + b) / 2) / contrast)
