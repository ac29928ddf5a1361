#!/usr/bin/env python3
"""What the table's camera costs a frame through a deal's play: eight cards laid one at a
time, one a second, in the play zones of a 1280x720 virtual table photographed with sensor
noise, ten frames a second. The watcher reads a frame only when the table has changed since
the frame it last read (`vision/stillness.py`); the baseline, in the same run, reads every
frame. Both must end having seen the same cards. CPU ms, one thread.
    .venv/bin/python benchmarks/table_camera.py [--cards 8] [--fps 10] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time

for _threads in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_threads, "1")

import cv2  # noqa: E402
import numpy as np  # noqa: E402

from pi_app.app.camera import default_zones, render_table  # noqa: E402
from pi_app.engine.cards import DECK  # noqa: E402
from pi_app.vision.designs import font_design  # noqa: E402
from pi_app.vision.recognizer import Recognizer  # noqa: E402
from pi_app.vision.stillness import StillTable  # noqa: E402


def frames(cards: int, fps: int, seed: int) -> list[np.ndarray]:
    """The deal's play as the camera sees it: a card laid every second, in turn by seat."""
    rng = np.random.default_rng(seed)
    design, zones = font_design(0), default_zones(2)
    codes = [DECK[i].code for i in rng.choice(52, cards, replace=False)]
    laid: dict[str, list[str]] = {"play0": [], "play1": []}
    shots = []
    for n, code in enumerate(codes):
        laid[f"play{n % 2}"].append(code)
        table = render_table(design, zones, laid).astype(np.int16)
        for _ in range(fps):
            noisy = table + rng.normal(0, 3, table.shape)
            shots.append(np.clip(noisy, 0, 255).astype(np.uint8))
    return shots


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=int, default=8)
    parser.add_argument("--fps", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="print only JSON on stdout")
    args = parser.parse_args()
    cv2.setNumThreads(1)
    shots = frames(args.cards, args.fps, args.seed)
    recognizer = Recognizer()
    progress = sys.stderr.isatty() and not args.json

    start = time.process_time()
    every = [recognizer.detect(frame) for frame in shots]
    baseline = (time.process_time() - start) * 1000 / len(shots)
    if progress:
        print(f"baseline: {baseline:.1f} ms a frame", file=sys.stderr)

    still, reads, kept = StillTable(), 0, []
    start = time.process_time()
    for frame in shots:
        if still.changed(frame):
            reads += 1
            kept = recognizer.detect(frame)
    watched = (time.process_time() - start) * 1000 / len(shots)
    seen = sorted(d.label for d in kept)
    result = {
        "frames": len(shots), "reads": reads, "ms_per_frame": round(watched, 2),
        "baseline_ms_per_frame": round(baseline, 2),
        "over_baseline": round(watched / baseline, 3),
        "same_cards": seen == sorted(d.label for d in every[-1]), "cards_seen": seen,
    }
    if args.json:
        print(json.dumps(result))
        return 0
    print(f"{result['frames']} frames, {reads} read: {watched:.1f} ms a frame against "
          f"{baseline:.1f} reading every frame ({result['over_baseline']:.0%}); "
          f"same cards seen at the end: {result['same_cards']} ({' '.join(seen)})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
