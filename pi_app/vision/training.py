"""Labelled glyph samples from synthetic scenes, and classifiers trained on them.

The same path builds the shipped default model (from the CC0 deck and font-drawn decks) and a
learned deck profile (from faces cut out of the player's own photos): scenes are synthesised,
the real detector runs on them, and each hypothesis is labelled by the ground truth, so the
classifiers learn exactly what the detector will hand them at the table.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable
from dataclasses import dataclass, field

import numpy as np

from pi_app.engine.cards import parse_card
from pi_app.vision.classifier import train_softmax
from pi_app.vision.designs import Design
from pi_app.vision.detect import Corner, find_corners
from pi_app.vision.index import corner_patch, read_glyphs
from pi_app.vision.recognizer import NONE_RANK, NONE_SUIT, Model
from pi_app.vision.synth import LAYOUTS, Scene, make_scene


@dataclass
class Samples:
    rank: list[np.ndarray] = field(default_factory=list)
    suit: list[np.ndarray] = field(default_factory=list)
    rank_label: list[int] = field(default_factory=list)
    suit_label: list[int] = field(default_factory=list)

    def __len__(self) -> int:
        return len(self.rank_label)


def label_corner(corner: Corner, scene: Scene) -> tuple[int, int] | None:
    """(rank 0-12, suit 0-3) if this hypothesis is a visible index corner at the right size,
    (none, none) if it is nowhere near one, None if it is ambiguous (skip it)."""
    for card in scene.cards:
        tl, tr, br, bl = card.corners.astype(np.float64)
        w = card.width
        for (origin, along), visible in zip(((tl, tr), (br, bl)), card.index_visible,
                                            strict=True):
            if np.linalg.norm(corner.point - origin) > 0.15 * w:
                continue
            u = (along - origin) / np.linalg.norm(along - origin)
            good = (visible and float(corner.u @ u) > 0.93
                    and abs(corner.width - w) < 0.2 * w
                    and np.linalg.norm(corner.point - origin) < 0.08 * w)
            if good:
                parsed = parse_card(card.code)
                return parsed.rank - 1, int(parsed.suit)
            return None
    return NONE_RANK, NONE_SUIT


def collect(designs: Iterable[Design], scenes_per_design: int, seed: int,
            samples: Samples | None = None, progress: bool = False) -> Samples:
    """Run the detector over synthetic scenes of each design and keep its labelled glyphs."""
    samples = samples or Samples()
    rng = np.random.default_rng(seed)
    designs = list(designs)
    for n, design in enumerate(designs):
        for s in range(scenes_per_design):
            layout = LAYOUTS[s % 3]  # scatter, row, fan; empty tables are added below
            scene = make_scene(design, rng, layout, n_cards=int(rng.integers(4, 9)))
            _add_scene(scene, samples)
            if s % 4 == 0:
                _add_scene(make_scene(design, rng, "empty"), samples)
        if progress:
            print(f"\r  samples from design {n + 1}/{len(designs)}: {len(samples)}",
                  end="", file=sys.stderr, flush=True)
    if progress:
        print(file=sys.stderr)
    return samples


def _add_scene(scene: Scene, samples: Samples) -> None:
    for corner in find_corners(scene.image):
        label = label_corner(corner, scene)
        if label is None:
            continue
        glyphs = read_glyphs(corner_patch(scene.image, corner))
        if glyphs is None:
            continue
        samples.rank.append(glyphs.rank)
        samples.suit.append(glyphs.suit)
        samples.rank_label.append(label[0])
        samples.suit_label.append(label[1])


def train_model(samples: Samples, name: str, seed: int = 0) -> Model:
    """Fit the rank and suit classifiers on collected samples."""
    present = set(samples.rank_label)
    if len(present - {NONE_RANK}) < 13:
        missing = sorted(set(range(13)) - present)
        raise ValueError(f"no usable sample for rank(s) {missing}: cannot train")
    rank = train_softmax(np.stack(samples.rank), np.array(samples.rank_label), NONE_RANK + 1,
                         seed=seed)
    suit = train_softmax(np.stack(samples.suit), np.array(samples.suit_label), NONE_SUIT + 1,
                         seed=seed)
    return Model(rank, suit, name)
