#!/usr/bin/env python3
"""Build the default card model shipped as pi_app/vision/data/default.npz.

The glyphs come only from the CC0 Kennard deck, decks drawn with OpenCV's fonts, and decks set
in free system typefaces with suits from other typefaces (needs rsvg-convert and the Debian
font packages in `designs.FONT_PACKAGES`), never from aisleriot art, so every aisleriot theme
stays an unseen design for the benchmark. The glyph networks are trained with PyTorch (a build
tool only: the table reads them with numpy), with glyphs sheared, stretched, thickened and
thinned on the way in so that the networks learn letters and suits rather than typefaces.
The networks' heads for cut suits and ranks (`Model.cut_suit`, `Model.cut_rank`) are then tuned
in numpy on glyphs read in fans and rows of the same decks (`training.collect_cut`,
`tune_cut_suit`, `tune_cut_rank`). Deterministic for a seed (on one machine).
    pip install torch==2.13.0   # the CPU build
    .venv/bin/python scripts/vision-build-model.py [--samples cache.npz] [--epochs 14]
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from itertools import product
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from pi_app.vision.classifier import Softmax
from pi_app.vision.designs import (
    FONT_PACKAGES,
    SUIT_TYPEFACES,
    TYPEFACES,
    Design,
    font_design,
    kennard,
    typeface_design,
)
from pi_app.vision.glyphnet import GlyphNet
from pi_app.vision.recognizer import NONE_RANK, NONE_SUIT, Model
from pi_app.vision.suit_shapes import suit_glyphs
from pi_app.vision.training import (
    NONE_WEIGHT,
    Samples,
    collect,
    collect_corners,
    collect_cut,
    tune_cut_rank,
    tune_cut_suit,
)

if TYPE_CHECKING:  # PyTorch is imported when training, so --help works without it
    import torch

REPO = Path(__file__).resolve().parent.parent
CHANNELS = (16, 32, 32)
"""Filters in each convolution block (each halves the 24-pixel glyph: 12, 6, 3)."""
EMBEDDING = 64


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shared", type=Path, default=REPO.parent / "shared")
    parser.add_argument("--scenes", type=int, default=60, help="scenes of the Kennard deck")
    parser.add_argument("--fonts", type=int, default=40, help="font-drawn decks")
    parser.add_argument("--per-card", type=int, default=8,
                        help="jittered corner samples per card face")
    parser.add_argument("--samples", type=Path, help="glyph sample cache: read if it exists, "
                        "else written (collecting takes several minutes)")
    parser.add_argument("--cut-scenes", type=int, default=16,
                        help="fans and rows of each deck whose glyphs the cut glyphs' networks "
                        "are tuned on")
    parser.add_argument("--cut-samples", type=Path, help="cache of those glyphs: read if it "
                        "exists, else written")
    parser.add_argument("--suit-shapes", type=int, default=16000,
                        help="suit glyphs drawn in varied shapes (suit_shapes.py) beside the "
                        "decks' own")
    parser.add_argument("--epochs", type=int, default=16)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=Path, default=REPO / "pi_app/vision/data/default.npz")
    parser.add_argument("--keep-rank", type=Path, metavar="MODEL",
                        help="take the rank network from this model and train only the suit "
                        "one (a retrained rank network reads differently by chance, which "
                        "would hide what a change to the suits did; the cut ranks' network "
                        "is still tuned from it, unless --keep-cut-rank)")
    parser.add_argument("--keep-suit", type=Path, metavar="MODEL",
                        help="take the suit network from this model (the cut suits' network "
                        "is still tuned from it, unless --keep-cut-suit)")
    parser.add_argument("--keep-cut-suit", type=Path, metavar="MODEL",
                        help="take the cut suits' network from this model too (tuned again "
                        "from glyphs collected afresh, it reads differently); with --keep-suit")
    parser.add_argument("--keep-cut-rank", type=Path, metavar="MODEL",
                        help="take the cut ranks' network from this model too; with "
                        "--keep-rank")
    args = parser.parse_args()
    # a cut head reads its network's convolutions: kept beside a network trained afresh, it
    # would read features it never learned
    for head, net in (("cut_suit", "suit"), ("cut_rank", "rank")):
        if getattr(args, f"keep_{head}") is not None and getattr(args, f"keep_{net}") is None:
            parser.error(f"--keep-{head.replace('_', '-')} needs --keep-{net}: the {net} "
                         f"network it was tuned on")
    rank = None if args.keep_rank is None else Model.load(args.keep_rank).rank
    suit = None if args.keep_suit is None else Model.load(args.keep_suit).suit
    training = rank is None or suit is None
    if training:
        try:
            import torch
        except ImportError:
            print("the glyph networks are trained with PyTorch: pip install torch==2.13.0",
                  file=sys.stderr)
            return 1
    tuning = args.keep_cut_suit is None or args.keep_cut_rank is None
    designs: list[Design] = []
    caches = ([args.cut_samples] if tuning else []) + ([args.samples] if training else [])
    if not all(cache is not None and cache.is_file() for cache in caches):
        missing = sorted(set(TYPEFACES + SUIT_TYPEFACES) - installed_typefaces())
        if missing:  # fontconfig would quietly draw another face instead
            print(f"typefaces not installed: {', '.join(missing)} "
                  f"(apt install {' '.join(FONT_PACKAGES)})", file=sys.stderr)
            return 1
        designs = training_designs(args)
    if training:
        samples = cached(args.samples, lambda: gather(args, designs))
        print(f"training on {len(samples)} glyph samples", file=sys.stderr)
    if rank is None:
        torch.manual_seed(args.seed)
        rank = train_net(np.stack(samples.rank), np.array(samples.rank_label), NONE_RANK + 1,
                         args.epochs, "rank")
    if suit is None:
        shapes, shape_suits = suit_glyphs(args.suit_shapes,
                                          np.random.default_rng(args.seed + 3))
        torch.manual_seed(args.seed + 1)  # each network's training is reproducible on its own
        suit = train_net(np.concatenate([np.stack(samples.suit), shapes]),
                         np.concatenate([np.array(samples.suit_label), shape_suits]),
                         NONE_SUIT + 1, args.epochs, "suit", wider=True)
    cut_samples = cached(args.cut_samples, lambda: collect_cut(
        designs, args.cut_scenes, args.seed + 5, progress=True)) if tuning else Samples()
    if tuning:
        print("tuning the rank and suit networks to cut glyphs", file=sys.stderr)
    cut_suit = (tune_cut_suit(suit, cut_samples, seed=args.seed + 4)
                if args.keep_cut_suit is None else Model.load(args.keep_cut_suit).cut_suit)
    cut_rank = (tune_cut_rank(rank, cut_samples, seed=args.seed + 6)
                if args.keep_cut_rank is None else Model.load(args.keep_cut_rank).cut_rank)
    Model(rank, suit, "default", cut_suit=cut_suit, cut_rank=cut_rank).save(args.out)
    print(f"wrote {args.out}", file=sys.stderr)
    return 0


def training_designs(args: argparse.Namespace) -> list[Design]:
    """The Kennard deck first, then the font-drawn decks and those set in system typefaces."""
    designs = [kennard(args.shared)] + [font_design(args.seed * 1000 + i)
                                        for i in range(args.fonts)]
    with tempfile.TemporaryDirectory() as tmp:  # system typefaces, drawn by rsvg-convert
        designs += [typeface_design(family, bold, args.seed + i, Path(tmp),
                                    SUIT_TYPEFACES[i % len(SUIT_TYPEFACES)])
                    for i, (family, bold) in enumerate(product(TYPEFACES, (False, True)))]
    return designs


def gather(args: argparse.Namespace, designs: list[Design]) -> Samples:
    deck, fonts = designs[0], designs[1:]
    samples = collect([deck], args.scenes, args.seed, progress=True)
    samples = collect(fonts, max(4, args.scenes // 10), args.seed + 1, samples, progress=True)
    print("corner samples from every card face", file=sys.stderr)
    return collect_corners(designs, args.per_card, args.seed + 2, samples)


def cached(path: Path | None, make: Callable[[], Samples]) -> Samples:
    """Samples read from `path` if it exists, else made (and written there if given)."""
    if path is not None and path.is_file():
        return Samples.load(path)
    samples = make()
    if path is not None:
        samples.save(path)
    return samples


def train_net(images: np.ndarray, labels: np.ndarray, n_classes: int, epochs: int,
              what: str, wider: bool = False) -> GlyphNet:
    """Train one glyph network (Adam, cosine-decayed rate, augmented batches, `wider` as
    `augment` says); numpy weights."""
    import torch
    from torch import nn

    layers: list[nn.Module] = []
    channels = images.shape[1]
    for out in CHANNELS:
        layers += [nn.Conv2d(channels, out, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2)]
        channels = out
    side = images.shape[-1] // 2 ** len(CHANNELS)
    body = nn.Sequential(*layers, nn.Flatten(), nn.Linear(channels * side * side, EMBEDDING),
                         nn.ReLU())
    head = nn.Linear(EMBEDDING, n_classes)
    net = nn.Sequential(body, nn.Dropout(0.2), head)
    x_all = torch.from_numpy(images.astype(np.float32))
    y_all = torch.from_numpy(labels.astype(np.int64))
    weight = torch.ones(n_classes)
    weight[-1] = NONE_WEIGHT
    loss_fn = nn.CrossEntropyLoss(weight=weight)
    batch = 256
    steps = epochs * (len(x_all) // batch)
    optimiser = torch.optim.Adam(net.parameters(), lr=2e-3, weight_decay=1e-5)
    schedule = torch.optim.lr_scheduler.OneCycleLR(optimiser, max_lr=3e-3, total_steps=steps)
    step = 0
    for epoch in range(epochs):
        net.train()
        order = torch.randperm(len(x_all))
        correct, seen, started = 0, 0, time.perf_counter()
        for i in range(len(x_all) // batch):
            pick = order[i * batch:(i + 1) * batch]
            x, y = augment(x_all[pick], wider), y_all[pick]
            logits = net(x)
            loss = loss_fn(logits, y)
            optimiser.zero_grad()
            loss.backward()
            optimiser.step()
            schedule.step()
            step += 1
            correct += int((logits.argmax(1) == y).sum())
            seen += len(y)
        print(f"\r  {what} net: epoch {epoch + 1}/{epochs}, augmented training accuracy "
              f"{correct / seen:.4f} ({time.perf_counter() - started:.0f} s)", end="",
              file=sys.stderr, flush=True)
    print(file=sys.stderr)
    net.eval()
    convs = [(_array(m.weight), _array(m.bias)) for m in body if isinstance(m, nn.Conv2d)]
    dense_layer = next(m for m in body if isinstance(m, nn.Linear))
    dense = (_array(dense_layer.weight).T.copy(), _array(dense_layer.bias))
    softmax = Softmax(_array(head.weight).T.copy(), _array(head.bias))
    return GlyphNet(convs, dense, softmax)


def _array(tensor: torch.Tensor | None) -> np.ndarray:
    assert tensor is not None
    return np.asarray(tensor.detach().numpy()).copy()


def augment(x: torch.Tensor, wider: bool = False) -> torch.Tensor:
    """Glyphs as other typefaces and prints would draw them: sheared (italic), stretched,
    turned a little, heavier or lighter strokes, softer, fainter, noisier. Suits (`wider`)
    are first stretched across by 0.72-1.3 and down by 0.85-1.15: decks draw them far fatter
    or thinner than letters vary (round-shouldered spades read as clubs without it)."""
    import torch
    import torch.nn.functional as F

    n = len(x)
    if wider:
        theta = torch.zeros(n, 2, 3)
        theta[:, 0, 0] = 1 / torch.empty(n).uniform_(0.72, 1.3)
        theta[:, 1, 1] = 1 / torch.empty(n).uniform_(0.85, 1.15)
        grid = F.affine_grid(theta, list(x.shape), align_corners=False)
        x = F.grid_sample(x, grid, align_corners=False, padding_mode="zeros")
    shear = torch.empty(n).uniform_(-0.3, 0.3)
    sx, sy = torch.empty(n).uniform_(0.85, 1.15), torch.empty(n).uniform_(0.9, 1.1)
    angle = torch.empty(n).uniform_(-0.12, 0.12)
    tx, ty = torch.empty(n).uniform_(-0.08, 0.08), torch.empty(n).uniform_(-0.08, 0.08)
    cos, sin = torch.cos(angle), torch.sin(angle)
    theta = torch.stack([torch.stack([cos / sx, (-sin + shear) / sx, tx], 1),
                         torch.stack([sin / sy, cos / sy, ty], 1)], 1)
    grid = F.affine_grid(theta, list(x.shape), align_corners=False)
    x = F.grid_sample(x, grid, align_corners=False, padding_mode="zeros")
    stroke = torch.rand(n)
    thick = F.max_pool2d(x, 3, 1, 1)
    thin = -F.max_pool2d(-x, 3, 1, 1)
    mix = torch.empty(n).uniform_(0.3, 1.0)[:, None, None, None]
    x = torch.where((stroke < 0.2)[:, None, None, None], x * (1 - mix) + thick * mix, x)
    x = torch.where((stroke > 0.85)[:, None, None, None], x * (1 - mix) + thin * mix, x)
    soft = (torch.rand(n) < 0.3)[:, None, None, None]
    blurred = F.avg_pool2d(x, 3, 1, 1, count_include_pad=False)
    x = torch.where(soft, blurred, x)
    x = x * torch.empty(n, 1, 1, 1).uniform_(0.6, 1.1)
    x = x + torch.randn_like(x) * torch.empty(n, 1, 1, 1).uniform_(0, 0.08)
    return x.clamp(0, 1)


def installed_typefaces() -> set[str]:
    listed = subprocess.run(["fc-list", ":", "family"], capture_output=True, text=True).stdout
    return {name.strip() for line in listed.splitlines() for name in line.split(",")}


if __name__ == "__main__":
    sys.exit(main())
