"""The scene synthesiser: photographs of a card table that never happened, with ground truth.

Tables of any colour and texture, a camera tilted off overhead, uneven light, glare, shadows,
blur, sensor noise and JPEG, with cards scattered, overlapped in a row, fanned, or none at all.
Seeded, so a test or benchmark sees the same scenes every run.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import cv2
import numpy as np

from pi_app.vision.designs import CARD_ASPECT, Design

LAYOUTS = ("scatter", "row", "fan", "empty")


@dataclass
class SceneCard:
    code: str
    corners: np.ndarray
    """4x2 image points of the face's top-left, top-right, bottom-right, bottom-left."""
    index_visible: tuple[bool, bool]
    """Whether the top-left and bottom-right corner indexes can be seen (not covered)."""
    index_shown: tuple[float, float] = (1.0, 1.0)
    """How much of each index's own printed ink shows: `index_visible` judges a box that fits
    common indexes, and a wide index (tango's) can count as visible with half its rank under
    the next card of a fan, which neither a camera nor a player reads for sure."""

    @property
    def width(self) -> float:
        return float(np.linalg.norm(self.corners[1] - self.corners[0]))

    @property
    def readable(self) -> bool:
        return any(self.index_visible)

    @property
    def partly_hidden(self) -> bool:
        """Readable, but no visible index shows WHOLE_INDEX of its ink."""
        return self.readable and not any(
            visible and shown >= WHOLE_INDEX
            for visible, shown in zip(self.index_visible, self.index_shown, strict=True))


@dataclass
class Scene:
    image: np.ndarray
    cards: list[SceneCard] = field(default_factory=list)


@dataclass
class Conditions:
    """How hard the scene is; the defaults are a fair, varied table."""

    tilt: float = 0.18
    light: float = 0.45
    glare: float = 0.6
    blur: float = 1.0
    noise: float = 5.0
    jpeg: tuple[int, int] = (60, 95)


def make_scene(design: Design, rng: np.random.Generator, layout: str = "scatter",
               n_cards: int = 8, size: tuple[int, int] = (1280, 720),
               card_width: tuple[float, float] = (95, 150),
               conditions: Conditions | None = None, ink_shown: bool = True) -> Scene:
    """One synthetic frame (BGR, `size` = width, height) showing `n_cards` distinct cards.
    `ink_shown`: measure how much of each index's ink shows (`SceneCard.index_shown`; left at
    1.0 without): training labels by `index_visible` alone, and the measure costs it a seventh
    of each table's making."""
    if layout not in LAYOUTS:
        raise ValueError(f"unknown layout {layout!r}: expected one of {', '.join(LAYOUTS)}")
    cond = conditions or Conditions()
    width, height = size
    image = table_texture(rng, width, height)
    codes = list(rng.choice(sorted(design), size=0 if layout == "empty" else n_cards,
                            replace=False))
    card_w = rng.uniform(*card_width)
    quads = _layout(layout, len(codes), card_w, width, height, rng)
    tilt = _camera_tilt(width, height, cond.tilt, rng)
    labels = np.full((height, width), -1, np.int16)
    placed: list[np.ndarray] = []
    for i, (code, quad) in enumerate(zip(codes, quads, strict=True)):
        dst = cv2.perspectiveTransform(quad[None].astype(np.float64), tilt)[0]
        _paste(image, labels, design[code], dst, i, rng)
        placed.append(dst)
    cards = [SceneCard(str(code), dst.astype(np.float32), _index_visibility(labels, dst, i),
                       _index_shown(labels, dst, i, design[code]) if ink_shown else (1.0, 1.0))
             for i, (code, dst) in enumerate(zip(codes, placed, strict=True))]
    image = degrade(image, cond, rng)
    return Scene(image, cards)


def lay_markers(frame: np.ndarray, quad: np.ndarray, side: int = 70) -> np.ndarray:
    """The frame with printed corner markers 0-3 (`markers.marker_image`, on their white
    paper) laid flat, centred on the four points of `quad`; what lies beyond the frame's edge
    is not seen."""
    from pi_app.vision.markers import marker_image

    out = frame.copy()
    for marker, (x, y) in enumerate(np.asarray(quad).round().astype(int)):
        paper = cv2.copyMakeBorder(marker_image(marker, side), side // 6, side // 6, side // 6,
                                   side // 6, cv2.BORDER_CONSTANT, value=255)
        top, left = y - paper.shape[0] // 2, x - paper.shape[1] // 2
        y0, x0 = max(top, 0), max(left, 0)
        y1 = min(top + paper.shape[0], out.shape[0])
        x1 = min(left + paper.shape[1], out.shape[1])
        if y1 > y0 and x1 > x0:
            out[y0:y1, x0:x1] = paper[y0 - top:y1 - top, x0 - left:x1 - left, None]
    return out


def table_texture(rng: np.random.Generator, width: int, height: int) -> np.ndarray:
    """A table: felt, wood grain, or patterned cloth, in a random colour."""
    hue, sat, val = rng.uniform(0, 180), rng.uniform(0.0, 0.85), rng.uniform(0.15, 0.75)
    hsv = np.array([[[hue, sat * 255, val * 255]]], np.uint8)
    base = cv2.cvtColor(hsv, cv2.COLOR_HSV2BGR)[0, 0]
    small = rng.normal(0, 1, (height // 8, width // 8)).astype(np.float32)
    grain = cv2.resize(cv2.GaussianBlur(small, (0, 0), 1.5), (width, height))
    kind = rng.integers(3)
    if kind == 1:  # wood grain: stretched noise along one axis
        streak = rng.normal(0, 1, (height // 2, 6)).astype(np.float32)
        grain = grain * 0.4 + cv2.resize(cv2.GaussianBlur(streak, (0, 0), 1.0), (width, height))
    elif kind == 2:  # woven cloth / check
        yy, xx = np.mgrid[0:height, 0:width]
        period = rng.uniform(10, 60)
        grain = grain * 0.5 + np.sign(np.sin(xx / period) * np.sin(yy / period)).astype(np.float32)
    contrast = rng.uniform(6, 30)
    table = base.astype(np.float32)[None, None, :] + contrast * grain[..., None]
    return np.asarray(np.clip(table, 0, 255).astype(np.uint8))


def _layout(layout: str, n: int, w: float, width: int, height: int,
            rng: np.random.Generator) -> list[np.ndarray]:
    h = w * CARD_ASPECT
    base = np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float64) - [w / 2, h / 2]
    quads: list[np.ndarray] = []
    if layout == "scatter":
        centres: list[np.ndarray] = []
        for _ in range(n):
            for _attempt in range(200):
                c = rng.uniform([h * 0.7, h * 0.7], [width - h * 0.7, height - h * 0.7])
                if all(np.linalg.norm(c - o) > h * 1.05 for o in centres):
                    break
            centres.append(c)
            quads.append(_rotate(base, rng.uniform(-np.pi, np.pi)) + c)
    elif layout == "row":
        step = rng.uniform(0.3, 0.55) * w
        angle = rng.uniform(-0.5, 0.5)
        start = np.array([width / 2, height / 2]) - _rotate(np.array([[step * (n - 1) / 2, 0]]),
                                                            angle)[0]
        for i in range(n):
            jitter = rng.normal(0, [w * 0.03, w * 0.06])
            centre = start + _rotate(np.array([[step * i, 0]]), angle)[0] + jitter
            quads.append(_rotate(base, angle + rng.normal(0, 0.05)) + centre)
    elif layout == "fan":
        pivot = np.array([width / 2, height / 2 + h * 0.6])
        spread = rng.uniform(0.12, 0.22)
        turn = rng.uniform(-0.6, 0.6)
        for i in range(n):
            a = turn + (i - (n - 1) / 2) * spread
            card = base + np.array([0.0, -h * 0.25])
            quads.append(_rotate(card, a) + pivot)
    return quads


def _rotate(points: np.ndarray, angle: float) -> np.ndarray:
    c, s = np.cos(angle), np.sin(angle)
    return np.asarray(points @ np.array([[c, s], [-s, c]]))


def _camera_tilt(width: int, height: int, amount: float, rng: np.random.Generator) -> np.ndarray:
    src = np.array([[0, 0], [width, 0], [width, height], [0, height]], np.float32)
    shrink = rng.uniform(0, amount) * width
    side = rng.integers(4)
    dst = src.copy()
    a, b = side, (side + 1) % 4  # pull one edge's two corners together: a keystone
    direction = dst[b] - dst[a]
    direction /= np.linalg.norm(direction)
    dst[a] += direction * shrink / 2
    dst[b] -= direction * shrink / 2
    dst += rng.normal(0, amount * 10, dst.shape).astype(np.float32)
    return cv2.getPerspectiveTransform(src, dst).astype(np.float64)


def _paste(image: np.ndarray, labels: np.ndarray, face: np.ndarray, dst: np.ndarray, label: int,
           rng: np.random.Generator) -> None:
    """Composite one face (with its soft shadow) into the frame, only inside its bounding box."""
    pad = 12
    x0, y0 = np.maximum(np.floor(dst.min(axis=0)).astype(int) - pad, 0)
    x1, y1 = np.minimum(np.ceil(dst.max(axis=0)).astype(int) + pad,
                        [image.shape[1], image.shape[0]])
    if x1 <= x0 or y1 <= y0:
        return
    fh, fw = face.shape[:2]
    src = np.array([[0, 0], [fw, 0], [fw, fh], [0, fh]], np.float32)
    m = cv2.getPerspectiveTransform(src, (dst - [x0, y0]).astype(np.float32))
    size = (int(x1 - x0), int(y1 - y0))
    warped = cv2.warpPerspective(face, m, size, flags=cv2.INTER_AREA)
    alpha = warped[..., 3:4].astype(np.float32) / 255
    dx, dy = rng.uniform(-6, 6, 2)  # light from any side
    shadow_shift = np.array([[1, 0, dx], [0, 1, dy]], np.float32)
    shadow = cv2.GaussianBlur(cv2.warpAffine(alpha[..., 0], shadow_shift, size), (0, 0), 3)
    dark = 1 - rng.uniform(0.2, 0.5) * shadow[..., None]
    roi = image[y0:y1, x0:x1]
    roi[...] = np.clip(roi * dark * (1 - alpha) + warped[..., :3] * alpha, 0, 255)
    labels[y0:y1, x0:x1][alpha[..., 0] > 0.5] = label


INDEX_AREA = ((0.04, 0.13), (0.03, 0.20))
"""Where a corner index (rank above suit) lies on a card, in fractions of the card's width and
height: the rank and the suit below it on the decks we know (about 0.04-0.28 card widths down)."""


def _index_visibility(labels: np.ndarray, quad: np.ndarray, label: int) -> tuple[bool, bool]:
    """A corner index counts as visible when most of its area, rank and suit, shows this card
    on top: a rank whose suit is covered cannot be read, by a camera or by a player."""
    tl, tr, br, bl = quad.astype(np.float64)
    u, v = (tr - tl), (bl - tl)
    (a0, a1), (b0, b1) = INDEX_AREA

    def visible(origin: np.ndarray, du: np.ndarray, dv: np.ndarray) -> bool:
        samples = [origin + du * a + dv * b for a in np.linspace(a0, a1, 4)
                   for b in np.linspace(b0, b1, 6)]
        hits = 0
        for x, y in samples:
            xi, yi = int(x), int(y)
            if 0 <= yi < labels.shape[0] and 0 <= xi < labels.shape[1]:
                hits += labels[yi, xi] == label
        return hits >= 0.8 * len(samples)

    return visible(tl, u, v), visible(br, -u, -v)


WHOLE_INDEX = 0.9
"""The share of an index's own ink that must show for it to count as wholly in view."""
PRINTED = 80
"""How far from the card's paper (0-255, in any channel) a face pixel must be to be ink."""
INDEX_DEPTH = 0.28
"""How far down the card (in card heights) an index's suit may reach: tango's big one."""


def index_ink(face: np.ndarray) -> np.ndarray:
    """The face pixels (x, y, centres) of its top-left index's ink: the printed shapes in the
    card's corner with ink where an index's rank or suit lies (INDEX_AREA across, down to
    INDEX_DEPTH), but for the card's outline and for art or pips that run on out of the corner.
    No pixels for a face whose index is joined to its art (a court figure's sceptre)."""
    height, width = face.shape[:2]
    corner = face[:int(0.4 * height), :int(0.3 * width)]
    card = corner[..., 3] > 128
    if not card.any():
        return np.zeros((0, 2), np.float32)
    colour = corner[..., :3].astype(np.int16)
    paper = np.median(colour[card], axis=0)
    ink = ((np.abs(colour - paper).max(axis=2) > PRINTED) & card).astype(np.uint8)
    _, shapes, boxes, _ = cv2.connectedComponentsWithStats(ink, connectivity=8)
    (a0, a1), (b0, _) = INDEX_AREA
    window = shapes[int(b0 * height):int(INDEX_DEPTH * height) + 1,
                    int(a0 * width):int(a1 * width) + 1]
    x, y, w, h = boxes[:, :4].T
    whole = (x > 0) & (y > 0) & (x + w < ink.shape[1]) & (y + h < ink.shape[0])
    ids = [i for i in np.unique(window) if i and whole[i]]
    ys, xs = np.nonzero(np.isin(shapes, ids))
    return np.stack([xs + 0.5, ys + 0.5], axis=1).astype(np.float32)


def _index_shown(labels: np.ndarray, quad: np.ndarray, label: int,
                 face: np.ndarray) -> tuple[float, float]:
    """The share of each index's ink (`index_ink`; the bottom-right index is the top-left one
    turned round) that lies where this card is on top; 1.0 for a face with no index ink."""
    points = index_ink(face)
    if not len(points):
        return 1.0, 1.0
    height, width = face.shape[:2]
    outline = np.array([[0, 0], [width, 0], [width, height], [0, height]], np.float32)
    to_frame = cv2.getPerspectiveTransform(outline, quad.astype(np.float32))
    shown = []
    for ink in (points, np.array([width, height], np.float32) - points):
        x, y = cv2.perspectiveTransform(ink[None], to_frame)[0].astype(int).T
        inside = (x >= 0) & (y >= 0) & (x < labels.shape[1]) & (y < labels.shape[0])
        shown.append(float(np.count_nonzero(labels[y[inside], x[inside]] == label)) / len(ink))
    return shown[0], shown[1]


def degrade(image: np.ndarray, cond: Conditions, rng: np.random.Generator) -> np.ndarray:
    """Photograph a clean frame as a camera would: uneven light and a colour cast, maybe a
    glare spot, blur, sensor noise and JPEG compression."""
    height, width = image.shape[:2]
    yy, xx = np.mgrid[0:height, 0:width].astype(np.float32)
    gx, gy = rng.normal(0, 1, 2)
    ramp = (xx / width - 0.5) * gx + (yy / height - 0.5) * gy
    ramp = ramp / (np.abs(ramp).max() + 1e-6)
    light = 1 - cond.light * (ramp + 1) / 2
    cast = 1 + rng.normal(0, 0.05, 3).astype(np.float32)
    out = image.astype(np.float32) * light[..., None] * cast
    if rng.random() < cond.glare:
        cx, cy = rng.uniform(0, width), rng.uniform(0, height)
        radius = rng.uniform(0.05, 0.15) * width
        blob = np.exp(-((xx - cx) ** 2 + (yy - cy) ** 2) / (2 * radius**2))
        out += rng.uniform(60, 160) * blob[..., None]
    sigma = rng.uniform(0, cond.blur)
    if sigma > 0.3:
        out = cv2.GaussianBlur(out, (0, 0), sigma)
    out += rng.normal(0, cond.noise, out.shape).astype(np.float32)
    frame = np.clip(out, 0, 255).astype(np.uint8)
    ok, data = cv2.imencode(".jpg", frame, [cv2.IMWRITE_JPEG_QUALITY,
                                            int(rng.integers(*cond.jpeg))])
    decoded = cv2.imdecode(data, cv2.IMREAD_COLOR) if ok else None
    return np.asarray(decoded) if decoded is not None else frame
