#!/usr/bin/env python3
"""Build the default card model shipped as pi_app/vision/data/default.npz.

Trained only on the CC0 Kennard deck, decks drawn with OpenCV's fonts, and decks set in free
system typefaces with suits from other typefaces (needs rsvg-convert and Debian's fonts-dejavu,
fonts-liberation, fonts-urw-base35 and fonts-freefont-ttf), never on aisleriot art, so every
aisleriot theme stays an unseen design for the benchmark. Deterministic for a seed.
    .venv/bin/python scripts/vision-build-model.py [--shared ../shared] [--scenes 60]
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from itertools import product
from pathlib import Path

from pi_app.vision.designs import (
    SUIT_TYPEFACES,
    TYPEFACES,
    font_design,
    kennard,
    typeface_design,
)
from pi_app.vision.training import collect, collect_corners, train_model

REPO = Path(__file__).resolve().parent.parent


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shared", type=Path, default=REPO.parent / "shared")
    parser.add_argument("--scenes", type=int, default=60, help="scenes of the Kennard deck")
    parser.add_argument("--fonts", type=int, default=40, help="font-drawn decks")
    parser.add_argument("--per-card", type=int, default=6,
                        help="jittered corner samples per card face")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=Path, default=REPO / "pi_app/vision/data/default.npz")
    args = parser.parse_args()
    deck = kennard(args.shared)
    samples = collect([deck], args.scenes, args.seed, progress=True)
    fonts = [font_design(args.seed * 1000 + i) for i in range(args.fonts)]
    missing = sorted(set(TYPEFACES + SUIT_TYPEFACES) - installed_typefaces())
    if missing:  # fontconfig would quietly draw another face instead
        print(f"typefaces not installed: {', '.join(missing)} (apt install fonts-dejavu "
              "fonts-liberation fonts-urw-base35 fonts-freefont-ttf)", file=sys.stderr)
        return 1
    with tempfile.TemporaryDirectory() as tmp:  # system typefaces, drawn by rsvg-convert
        fonts += [typeface_design(family, bold, args.seed + i, Path(tmp),
                                  SUIT_TYPEFACES[i % len(SUIT_TYPEFACES)])
                  for i, (family, bold) in enumerate(product(TYPEFACES, (False, True)))]
    samples = collect(fonts, max(4, args.scenes // 10), args.seed + 1, samples, progress=True)
    print("corner samples from every card face", file=sys.stderr)
    samples = collect_corners([deck, *fonts], args.per_card, args.seed + 2, samples)
    print(f"training on {len(samples)} glyph samples", file=sys.stderr)
    model = train_model(samples, "default", seed=args.seed)
    model.save(args.out)
    print(f"wrote {args.out}", file=sys.stderr)
    return 0


def installed_typefaces() -> set[str]:
    listed = subprocess.run(["fc-list", ":", "family"], capture_output=True, text=True).stdout
    return {name.strip() for line in listed.splitlines() for name in line.split(",")}


if __name__ == "__main__":
    sys.exit(main())
