"""Labelled glyph samples from synthetic scenes, and the default networks tuned to a deck.

The same path gathers the glyphs the shipped default model's networks were trained on (from the
CC0 deck and font-drawn decks) and those a learned deck profile is tuned to (faces cut out of
the player's own photos): scenes are synthesised, the real detector runs on them, and each
hypothesis is labelled by the ground truth, so the networks learn exactly what the detector
will hand them at the table.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from itertools import product
from pathlib import Path

import cv2
import numpy as np

from pi_app.engine.cards import RANKS, parse_card
from pi_app.vision.designs import CARD_ASPECT, Design
from pi_app.vision.detect import Corner, find_corners
from pi_app.vision.glyphnet import GlyphNet, fine_tune
from pi_app.vision.glyphs import rank_centre_at
from pi_app.vision.index import FIRM_INK, GLYPH, INK, IndexGlyphs, glyph_image, read_corner
from pi_app.vision.recognizer import (
    DEFAULT_THRESHOLD,
    NONE_RANK,
    NONE_SUIT,
    Model,
    best_answers,
)
from pi_app.vision.synth import LAYOUTS, Scene, make_scene

NONE_WEIGHT = 0.5
"""Share of the loss for "not an index" samples, which outnumber real indexes several times
over: at full weight the classifiers turn down half-hidden indexes in fans."""


@dataclass
class Samples:
    """Glyph images (`index.glyph_image`) with their labels: rank 0-12 or NONE_RANK, suit 0-3
    or NONE_SUIT."""

    rank: list[np.ndarray] = field(default_factory=list)
    suit: list[np.ndarray] = field(default_factory=list)
    rank_label: list[int] = field(default_factory=list)
    suit_label: list[int] = field(default_factory=list)
    cut: list[bool] = field(default_factory=list)
    """Per sample, whether another card's edge cut into its glyphs (`IndexGlyphs.cut`)."""

    def add(self, glyphs: IndexGlyphs, rank_label: int, suit_label: int) -> None:
        self.rank.append(glyphs.rank)
        self.suit.append(glyphs.suit)
        self.rank_label.append(rank_label)
        self.suit_label.append(suit_label)
        self.cut.append(glyphs.cut)

    def __len__(self) -> int:
        return len(self.rank_label)

    def save(self, path: Path) -> None:
        """As 8-bit images: a cache for building the default model, which takes minutes."""
        def to_bytes(images: list[np.ndarray]) -> np.ndarray:
            return np.round(np.stack(images) * 255).astype(np.uint8)

        np.savez_compressed(path, rank=to_bytes(self.rank), suit=to_bytes(self.suit),
                            rank_label=np.array(self.rank_label, np.int8),
                            suit_label=np.array(self.suit_label, np.int8),
                            cut=np.array(self.cut, bool))

    @classmethod
    def load(cls, path: Path) -> Samples:
        with np.load(path) as data:
            labels = data["rank_label"].tolist()
            cut = data["cut"].tolist() if "cut" in data else [False] * len(labels)
            return cls(list(data["rank"].astype(np.float32) / 255),
                       list(data["suit"].astype(np.float32) / 255),
                       labels, data["suit_label"].tolist(), cut)


def label_corner(corner: Corner, scene: Scene) -> tuple[int, int] | None:
    """(rank 0-12, suit 0-3) if this hypothesis frames a visible index: edges the right way, a
    sane size, and the rank glyph where it expects it on that card's index; (NONE_RANK,
    NONE_SUIT) if it is nowhere near an index corner, or reads one sideways or upside down
    (a suit over a rank pair turned round frames the index so, and the networks must learn
    to say no to it); None if in between (skip it), or at one of the card's other two
    corners, where some decks print an index too (taught as "not an index", a four-index
    deck's own glyphs were taught both ways and a learned profile grew shy of them)."""
    rank_at = rank_centre_at(corner.point, corner.u, corner.v, corner.width)
    near = False
    for card in scene.cards:
        tl, tr, br, bl = card.corners.astype(np.float64)
        w = card.width
        for (origin, along, down), visible in zip(((tl, tr, bl), (br, bl, tr)),
                                                  card.index_visible, strict=True):
            a, b, u = _from_corner(rank_at, origin, along, down, w)
            if not _by_index(a, b):
                continue
            good = (visible and float(corner.u @ u) > 0.93 and 0.5 * w < corner.width < 1.6 * w
                    and 0.02 < a < 0.2 and 0.03 < b < 0.28)
            if good:
                parsed = parse_card(card.code)
                return parsed.rank - 1, int(parsed.suit)
            if float(corner.u @ u) >= 0.5:  # turned further, it reads the index wrong way round
                near = True  # cards overlap: another card's index may still be the one framed
        if any(_by_index(*_from_corner(rank_at, origin, along, down, w)[:2])
               for origin, along, down in ((tr, tl, br), (bl, br, tl))):
            near = True  # four-index decks (dondorf) print an index here too
    return None if near else (NONE_RANK, NONE_SUIT)


def _from_corner(point: np.ndarray, origin: np.ndarray, along: np.ndarray, down: np.ndarray,
                 width: float) -> tuple[float, float, np.ndarray]:
    """Where `point` lies from a card corner, in card widths along its short edge (towards
    `along`) and its long edge (towards `down`), and the short edge's direction."""
    u = (along - origin) / np.linalg.norm(along - origin)
    v = (down - origin) / np.linalg.norm(down - origin)
    return float((point - origin) @ u / width), float((point - origin) @ v / width), u


def _by_index(a: float, b: float) -> bool:
    """Whether a rank glyph this far from a corner (card widths) is by that corner's index."""
    return -0.1 < a < 0.3 and -0.1 < b < 0.4


def collect(designs: Iterable[Design], scenes_per_design: int, seed: int,
            samples: Samples | None = None, progress: bool = False) -> Samples:
    """Run the detector over synthetic scenes of each design and keep its labelled glyphs."""
    return _each_scene(designs, scenes_per_design, seed, samples or Samples(), _mixed_scene,
                       "samples" if progress else None)


def collect_cut(designs: Iterable[Design], scenes_per_design: int, seed: int,
                progress: bool = False) -> Samples:
    """Labelled glyphs for `tune_cut_suit` and `tune_cut_rank`: what the detector reads in fans
    and rows of each design (8 cards), at both lines for ink (`index.INK` and `index.FIRM_INK`,
    as the recogniser's two looks)."""
    return _each_scene(designs, scenes_per_design, seed, Samples(), _fan_or_row,
                       "cut samples" if progress else None)


SceneSamples = Callable[[Design, int, np.random.Generator, Samples], None]
"""Adds the labelled glyphs of a design's scene number n, drawn from the generator."""


def _each_scene(designs: Iterable[Design], scenes_per_design: int, seed: int, samples: Samples,
                add: SceneSamples, progress: str | None) -> Samples:
    rng = np.random.default_rng(seed)
    designs = list(designs)
    for n, design in enumerate(designs):
        for s in range(scenes_per_design):
            add(design, s, rng, samples)
        if progress:
            print(f"\r  {progress} from design {n + 1}/{len(designs)}: {len(samples)}",
                  end="", file=sys.stderr, flush=True)
    if progress:
        print(file=sys.stderr)
    return samples


def _mixed_scene(design: Design, n: int, rng: np.random.Generator, samples: Samples) -> None:
    """Scattered cards, a row or a fan of 4-8 cards in turn, and every fourth an empty table."""
    layout = LAYOUTS[n % 3]
    _add_scene(make_scene(design, rng, layout, n_cards=int(rng.integers(4, 9)),
                          ink_shown=False), samples)
    if n % 4 == 0:
        _add_scene(make_scene(design, rng, "empty", ink_shown=False), samples)


def _fan_or_row(design: Design, n: int, rng: np.random.Generator, samples: Samples) -> None:
    """A fan or a row of 8 cards in turn, read at both lines for ink."""
    scene = make_scene(design, rng, ("fan", "row")[n % 2], n_cards=8, ink_shown=False)
    _add_scene(scene, samples, (INK, FIRM_INK))


def collect_corners(designs: Iterable[Design], per_card: int, seed: int,
                    samples: Samples | None = None) -> Samples:
    """Many more labelled glyphs, fast: each card's two index corners (and, as "not an index",
    its two other corners) cut straight from the face at table scale, with jittered position,
    angle and size, blur, noise, uneven light and JPEG, as the detector would hand them over."""
    samples = samples or Samples()
    rng = np.random.default_rng(seed)
    for design in designs:
        for code, face in design.items():
            card = parse_card(code)
            for _ in range(per_card):
                small, w = _face_on_table(face, rng)
                h = w * CARD_ASPECT
                pad = 12
                for at, u, index in (((0, 0), (1, 0), True), ((w, h), (-1, 0), True),
                                     ((w, 0), (0, 1), False), ((0, h), (0, -1), False)):
                    angle = rng.normal(0, 0.05)
                    c, s_ = np.cos(angle), np.sin(angle)
                    du = np.array([u[0] * c - u[1] * s_, u[0] * s_ + u[1] * c])
                    dv = np.array([-du[1], du[0]])
                    point = np.array(at, np.float64) + pad + rng.normal(0, 0.02 * w, 2)
                    guess = Corner(point, du, dv, w * rng.uniform(0.88, 1.12))
                    read = read_corner(small, guess)
                    if read is None:
                        continue
                    samples.add(read[1], card.rank - 1 if index else NONE_RANK,
                                int(card.suit) if index else NONE_SUIT)
    return samples


def _face_on_table(face: np.ndarray, rng: np.random.Generator) -> tuple[np.ndarray, float]:
    """The face shrunk to a camera's card width, on a table border, lit and degraded."""
    width = float(rng.uniform(80, 170))
    height = round(width * CARD_ASPECT)
    small = cv2.resize(face, (round(width), height), interpolation=cv2.INTER_AREA)
    alpha = small[..., 3:4].astype(np.float32) / 255
    table = rng.uniform(0, 200, 3).astype(np.float32)
    lit = small[..., :3].astype(np.float32) * alpha + table * (1 - alpha)
    lit = np.asarray(cv2.copyMakeBorder(lit, 12, 12, 12, 12, cv2.BORDER_CONSTANT,
                                        value=table.tolist()))
    ramp = np.linspace(rng.uniform(0.55, 1.0), rng.uniform(0.55, 1.0), lit.shape[1])
    lit = lit * ramp[None, :, None] * (1 + rng.normal(0, 0.05, 3))
    sigma = rng.uniform(0, 1.1)
    if sigma > 0.3:
        lit = np.asarray(cv2.GaussianBlur(lit, (0, 0), sigma))
    lit += rng.normal(0, rng.uniform(1, 7), lit.shape)
    frame = np.clip(lit, 0, 255).astype(np.uint8)
    ok, data = cv2.imencode(".jpg", frame, [cv2.IMWRITE_JPEG_QUALITY, int(rng.integers(55, 95))])
    decoded = cv2.imdecode(data, cv2.IMREAD_COLOR) if ok else None
    return (np.asarray(decoded) if decoded is not None else frame), width


def _add_scene(scene: Scene, samples: Samples, levels: tuple[float, ...] = (INK,)) -> None:
    for hypothesis in find_corners(scene.image):
        for level in levels:
            read = read_corner(scene.image, hypothesis, level)
            if read is None:
                continue
            corner, glyphs = read
            label = label_corner(corner, scene)
            if label is not None:
                samples.add(glyphs, *label)


def tune_to_deck(base: Model, samples: Samples, name: str, seed: int = 0,
                 cut_samples: Samples | None = None) -> Model:
    """A model reading one deck: `base`'s glyph networks, their dense layers and heads tuned
    to this deck's glyphs (`glyphnet.fine_tune`: numpy, seconds, fine on a Pi); its cut
    suits' head (`Model.cut_suit`) tuned to `cut_samples` (`collect_cut`), or without them
    `base`'s."""
    present = set(samples.rank_label)
    if len(present - {NONE_RANK}) < 13:
        missing = sorted(set(range(13)) - present)
        names = " ".join(RANKS[r] for r in missing)
        raise ValueError(f"no usable sample for rank(s) {names}: cannot train")
    rank = fine_tune(base.rank, np.stack(samples.rank), np.array(samples.rank_label),
                     RANK_WEIGHT, seed=seed)
    suit = fine_tune(base.suit, np.stack(samples.suit), np.array(samples.suit_label),
                     SUIT_WEIGHT, seed=seed)
    if cut_samples is None:
        return Model(rank, suit, name, cut_suit=base.cut_suit, cut_rank=base.cut_rank)
    return Model(rank, suit, name, cut_suit=tune_cut_suit(suit, cut_samples, seed),
                 cut_rank=tune_cut_rank(rank, cut_samples, seed))


SUIT_WEIGHT = np.array([1.0] * NONE_SUIT + [NONE_WEIGHT])
RANK_WEIGHT = np.array([1.0] * NONE_RANK + [NONE_WEIGHT])
CUT_GLYPHS = 12000
"""Glyphs cut along a random edge (`cut_glyph`) that `tune_cut_suit` and `tune_cut_rank` learn
from, at most."""


def tune_cut_suit(suit: GlyphNet, samples: Samples, seed: int = 0,
                  count: int = CUT_GLYPHS) -> GlyphNet:
    """`suit` tuned to the suits that another card's edge cut (`Model.cut_suit`): the samples'
    whole suits cut along a random straight edge (`cut_glyph`), with the samples' own cut
    readings, which are too few to learn from alone. Taught to the suit network itself, cut
    suits cost whole ones (docs/vision.md). Learns best from `collect_cut`'s samples: cut
    from the clean corners of `collect_corners`, it read more cards with many more misreads."""
    return _tuned_to_cuts(suit, samples.suit, samples.suit_label, samples.cut, SUIT_WEIGHT,
                          seed, count)


def tune_cut_rank(rank: GlyphNet, samples: Samples, seed: int = 0,
                  count: int = CUT_GLYPHS) -> GlyphNet:
    """`rank` tuned to the ranks that another card's edge cut (`Model.cut_rank`), as
    `tune_cut_suit` tunes the suit network: in a tight fan the next card's edge runs down a
    big index's rank (tango's), and the rank network, which learned whole glyphs, calls what
    is left no index."""
    return _tuned_to_cuts(rank, samples.rank, samples.rank_label, samples.cut, RANK_WEIGHT,
                          seed, count)


def _tuned_to_cuts(net: GlyphNet, glyphs: list[np.ndarray], labels: list[int], cut: list[bool],
                   weight: np.ndarray, seed: int, count: int) -> GlyphNet:
    """`net` tuned to its glyphs cut along random edges and to the samples cut already."""
    rng = np.random.default_rng(seed)
    is_cut = np.array(cut, bool)
    whole = np.flatnonzero(~is_cut)
    images, tuned_labels = [], []
    for i in rng.choice(whole, min(count, len(whole)), replace=False):
        image = cut_glyph(glyphs[i], random_edge(rng))
        if image is not None:
            images.append(image)
            tuned_labels.append(labels[i])
    for i in np.flatnonzero(is_cut):
        images.append(glyphs[i])
        tuned_labels.append(labels[i])
    return fine_tune(net, np.stack(images), np.array(tuned_labels), weight, seed=seed)


def cut_glyph(image: np.ndarray, edge: tuple[float, float, float]) -> np.ndarray | None:
    """A glyph image (`index.glyph_image`) as it reads when another card's edge hides part of
    it: everything beyond `edge` (`random_edge`) gone and what is left framed again as the
    reader frames a glyph; None if less than 0.3 of its ink is left."""
    x0, y0, angle = edge
    ink = image[0].copy()
    whole = ink.sum()
    ink[(_XX - x0) * np.cos(angle) + (_YY - y0) * np.sin(angle) > 0] = 0
    ys, xs = np.nonzero(ink > INK)
    if ink.sum() < 0.3 * whole or len(ys) < 4:
        return None
    x, y = int(xs.min()), int(ys.min())
    return glyph_image(ink, (x, y, int(xs.max()) + 1 - x, int(ys.max()) + 1 - y))


def random_edge(rng: np.random.Generator) -> tuple[float, float, float]:
    """Where the next card's edge might cross a glyph image, as a point on it (glyph pixels)
    and the direction (radians) of the side it hides: down the glyph's right side as in a
    fan or a row, or a quarter of the time across its bottom, up to 0.5 radians askew."""
    tilt = rng.uniform(-0.5, 0.5)
    if rng.random() < 0.75:
        return rng.uniform(0.35, 0.85) * GLYPH, rng.uniform(0, GLYPH), tilt
    return rng.uniform(0, GLYPH), rng.uniform(0.4, 0.85) * GLYPH, np.pi / 2 - tilt


_YY, _XX = np.mgrid[0:GLYPH, 0:GLYPH].astype(np.float32)


MISREAD_COST = 5.0
"""A confident wrong reading costs this many right ones when choosing a deck's networks."""


def best_reader(tuned: Model, default: Model, held_out: Samples) -> Model:
    """`tuned` (its name, its deck's width per glyph), with whichever of its and `default`'s
    rank and suit networks read the held-out samples best together: sure and right, less
    MISREAD_COST times sure and wrong (including "not an index" taken for a card). Tuning can
    make a network shy of answering, or sure of a deck's quirk; this keeps a learned deck
    from reading worse than no profile."""
    rank_images, suit_images = np.stack(held_out.rank), np.stack(held_out.suit)
    rank_label, suit_label = np.array(held_out.rank_label), np.array(held_out.suit_label)
    index = rank_label != NONE_RANK
    probabilities = {
        "rank": {"tuned": tuned.rank.probabilities(rank_images),
                 "default": default.rank.probabilities(rank_images)},
        "suit": {"tuned": tuned.suit.probabilities(suit_images),
                 "default": default.suit.probabilities(suit_images)}}

    def merit(rank_from: str, suit_from: str) -> float:
        ranks, suits, confidence = best_answers(probabilities["rank"][rank_from],
                                                probabilities["suit"][suit_from])
        sure = confidence >= DEFAULT_THRESHOLD
        right = (ranks == rank_label) & (suits == suit_label) & index
        return float((sure & right).sum() - MISREAD_COST * (sure & ~right).sum())

    rank_from, suit_from = max(product(("tuned", "default"), repeat=2), key=lambda c: merit(*c))
    return replace(tuned, rank=tuned.rank if rank_from == "tuned" else default.rank,
                   suit=tuned.suit if suit_from == "tuned" else default.suit)
