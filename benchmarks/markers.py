#!/usr/bin/env python3
"""Corner marker figures on seeded synthetic tables (1280x720): how often all four printed
markers are found in order round the play area, how far their centres land from the truth,
and CPU ms per look (median, one thread), also as a ratio to the vision benchmark's fixed
OpenCV baseline timed on the same frame. Each table has 8 scattered cards, markers 40-90
pixels square near the frame's corners and wholly in sight, a tilted camera, uneven light,
glare, blur, noise and JPEG, as the vision benchmark's tables have. Printed at 60 mm, a marker
is about 70 pixels from a metre above the table.
    .venv/bin/python benchmarks/markers.py [--tables 200] [--seed 1] [--json]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time

import cv2
import numpy as np
from vision import baseline_ms

from pi_app.vision.designs import font_design
from pi_app.vision.markers import MarkerError, find_markers, marker_quad
from pi_app.vision.synth import Conditions, degrade, lay_markers, make_scene

SIZE = (1280, 720)
CLEAN = Conditions(tilt=0.0, light=0.0, glare=0.0, blur=0.0, noise=0.0, jpeg=(100, 101))
SIDES = ((40, 55), (55, 70), (70, 90))


def table(rng: np.random.Generator, side: int) -> tuple[np.ndarray, np.ndarray]:
    """A photographed table with markers, and where their centres truly are in the photo."""
    width, height = SIZE
    scene = make_scene(font_design(0), rng, "scatter", conditions=CLEAN)
    inset = side + 20  # the paper round the marker within the frame
    quad = np.array([[inset, inset], [width - inset, inset], [width - inset, height - inset],
                     [inset, height - inset]], float) + rng.uniform(-15, 15, (4, 2))
    laid = lay_markers(scene.image, quad, side)
    square = np.float32([[0, 0], [width, 0], [width, height], [0, height]])
    while True:  # a camera that sees all four markers whole, as the builders' guide asks
        slant = square + rng.uniform(-0.05, 0.05, (4, 2)).astype(np.float32) * [width, height]
        tilt = cv2.getPerspectiveTransform(square, slant.astype(np.float32))
        truth = cv2.perspectiveTransform(quad[None], tilt)[0]
        margin = side * 0.7  # half the marker and its paper
        if ((truth >= margin) & (truth <= np.array(SIZE) - margin)).all():
            break
    photo = cv2.warpPerspective(laid, tilt, SIZE, borderMode=cv2.BORDER_REPLICATE)
    return degrade(photo, Conditions(), rng), truth


def measure(tables: int, seed: int, progress: bool) -> dict[str, object]:
    rng = np.random.default_rng(seed)
    rows: dict[str, list[tuple[bool, float, float, float]]] = {f"{a}-{b}": [] for a, b in SIDES}
    for i in range(tables):
        low, high = SIDES[i % len(SIDES)]
        side = int(rng.integers(low, high))
        photo, truth = table(rng, side)
        start = time.process_time()
        found = find_markers(photo)
        ms = (time.process_time() - start) * 1000
        try:
            quad = marker_quad(found)
        except MarkerError:
            quad = None
        error = float(np.abs(quad - truth).max()) if quad is not None else float("nan")
        rows[f"{low}-{high}"].append((quad is not None and error < 3.0, error, ms,
                                      baseline_ms(photo, repeats=3)))
        if progress:
            print(f"\rtable {i + 1}/{tables}", end="", file=sys.stderr, flush=True)
    if progress:
        print(file=sys.stderr)
    every = [row for group in rows.values() for row in group]
    return {
        "tables": tables, "seed": seed,
        "found": round(sum(r[0] for r in every) / len(every), 3),
        "by_side_px": {side: {"tables": len(group),
                              "found": round(sum(r[0] for r in group) / len(group), 3)}
                       for side, group in rows.items() if group},
        "max_error_px": round(max((r[1] for r in every if r[0]), default=float("nan")), 2),
        "ms_per_look": round(statistics.median(r[2] for r in every), 2),
        "baseline_ms": round(statistics.median(r[3] for r in every), 2),
        "over_baseline": round(statistics.median(r[2] / r[3] for r in every), 2),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="print only JSON on stdout")
    args = parser.parse_args()
    cv2.setNumThreads(1)
    result = measure(args.tables, args.seed, progress=sys.stderr.isatty() and not args.json)
    if args.json:
        print(json.dumps(result))
        return 0
    print(f"{result['tables']} tables (seed {result['seed']}): all four markers found in order "
          f"on {result['found']:.1%}, centres within {result['max_error_px']} px")
    for side, row in result["by_side_px"].items():  # type: ignore[attr-defined]
        print(f"  markers {side} px: {row['found']:.1%} of {row['tables']}")
    print(f"{result['ms_per_look']} ms a look, {result['over_baseline']}x the OpenCV baseline "
          f"({result['baseline_ms']} ms); the table looks once every 10 frames")
    return 0


if __name__ == "__main__":
    sys.exit(main())
