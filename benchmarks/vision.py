#!/usr/bin/env python3
"""Card vision figures per deck design, on seeded synthetic tables (1280x720).

For each design: detection precision/recall and card accuracy of the default recogniser (which
never saw any aisleriot design), the same after learning the deck from 52 synthetic single-card
photos, confident misreads, and CPU ms per frame with 8 scattered cards (median, one thread),
also as a ratio to a fixed OpenCV baseline timed just after each of those tables, and the same
figures and ms per frame by layout (scattered, overlapping row, fan) over the unseen designs,
with the share of detections naming a card on the table whose corners hold its centre
(`placed`: the zone, and so the player, goes by the centre). Empty tables count invented
cards. Aisleriot designs need Debian's gnome-cards-data and librsvg2-bin.
    .venv/bin/python benchmarks/vision.py [--scenes 24] [--designs anglo,paris] [--no-learn]
        [--threshold 0.8] [--model other.npz] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

# One core, as the target is set: a multi-threaded BLAS spins a second core on the glyph
# networks' small matrix products, and CPU time counts both. The reader keeps itself to one
# (`recognizer.one_blas_thread`); this keeps learning a deck to one as well.
for _threads in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_threads, "1")

import cv2  # noqa: E402
import numpy as np  # noqa: E402

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from pi_app.vision.designs import (  # noqa: E402
    ENGLISH_INDEX_THEMES,
    Design,
    aisleriot,
    aisleriot_available,
    kennard,
)
from pi_app.vision.evaluate import Tally, score  # noqa: E402
from pi_app.vision.learn import LearnError, learn_deck  # noqa: E402
from pi_app.vision.recognizer import DEFAULT_THRESHOLD, Model, Recognizer  # noqa: E402
from pi_app.vision.synth import Conditions, make_scene  # noqa: E402

LAYOUTS = ("scatter", "row", "fan")


def measure(recognizer: Recognizer, design: Design, scenes: int, seed: int,
            by_layout: dict[str, Tally] | None = None,
            layout_ms: dict[str, list[float]] | None = None
            ) -> tuple[Tally, list[float], list[float]]:
    """Tally over `scenes` tables (a third of each layout), also added into `by_layout`, the
    ms per scattered table (every table's ms go into `layout_ms`), and the baseline's ms timed
    just after each scattered table: a shared machine's speed drifts over a run, and a ratio
    to a baseline timed once, minutes away, drifts with it."""
    rng = np.random.default_rng(seed)
    total, times, bases = Tally(), [], []
    for i in range(scenes):
        layout = LAYOUTS[i % 3]
        scene = make_scene(design, rng, layout, n_cards=8)
        start = time.process_time()  # CPU time: other jobs on a shared machine do not count
        detections = recognizer.detect(scene.image)
        ms = (time.process_time() - start) * 1000
        if layout == "scatter":
            times.append(ms)
            bases.append(baseline_ms(scene.image, repeats=3))
        tally = score(scene, detections)
        total.add(tally)
        if by_layout is not None:
            by_layout.setdefault(layout, Tally()).add(tally)
        if layout_ms is not None:
            layout_ms.setdefault(layout, []).append(ms)
    return total, times, bases


def layout_rows(by_layout: dict[str, Tally], layout_ms: dict[str, list[float]]
                ) -> dict[str, dict[str, float | int]]:
    return {layout: {"recall": round(t.recall, 4), "accuracy": round(t.accuracy, 4),
                     "misreads": t.wrong, "cards": t.readable,
                     "placed": round(t.placement, 4), "partly_hidden": t.partly_hidden,
                     "accuracy_in_full_view": round(t.accuracy_in_full_view, 4),
                     "ms_per_frame": round(statistics.median(layout_ms[layout]), 1)}
            for layout, t in by_layout.items()}


def baseline_ms(frame: np.ndarray, repeats: int = 30) -> float:
    """A fixed OpenCV workload on one 1280x720 frame (grey, blur, edges), to quote ratios
    against: it scales with the machine the same way the recogniser does."""
    start = time.process_time()
    for _ in range(repeats):
        gray = cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY)
        cv2.Canny(cv2.GaussianBlur(gray, (0, 0), 2.0), 30, 90)
    return (time.process_time() - start) * 1000 / repeats


def photos(design: Design, folder: Path, seed: int) -> None:
    """One photo per card, alone on a table, as a player would take them for `deck learn`."""
    rng = np.random.default_rng(seed)
    gentle = Conditions(tilt=0.05, light=0.25, glare=0.0, blur=0.6, noise=3.0, jpeg=(85, 95))
    for code in design:
        scene = make_scene({code: design[code]}, rng, "scatter", n_cards=1,
                           card_width=(300, 360), conditions=gentle)
        cv2.imwrite(str(folder / f"{code}.jpg"), scene.image)


def row(name: str, seen: str, tally: Tally, times: list[float], bases: list[float]
        ) -> dict[str, object]:
    return {"design": name, "recogniser": seen, "precision": round(tally.precision, 4),
            "recall": round(tally.recall, 4), "accuracy": round(tally.accuracy, 4),
            "misreads": tally.wrong, "unknown": tally.unknown, "cards": tally.readable,
            "ms_per_frame": round(statistics.median(times), 1) if times else None,
            "over_baseline": (round(statistics.median(t / b for t, b in zip(times, bases,
                                                                             strict=True)), 2)
                              if times else None)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shared", type=Path, default=REPO.parent / "shared")
    parser.add_argument("--scenes", type=int, default=24, help="tables per design")
    parser.add_argument("--empty", type=int, default=40, help="empty tables")
    parser.add_argument("--designs", help="comma-separated aisleriot themes (default: all "
                        "English-index ones installed)")
    parser.add_argument("--no-learn", action="store_true", help="skip learning each deck")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--threshold", type=float, default=DEFAULT_THRESHOLD,
                        help="confidence below which a card is reported unknown")
    parser.add_argument("--model", type=Path, help="default model file to measure instead "
                        "of the shipped one")
    parser.add_argument("--json", action="store_true", help="machine-readable output only")
    args = parser.parse_args()
    cv2.setNumThreads(1)
    default = Recognizer(Model.load(args.model) if args.model else Model.default(),
                         args.threshold)
    names = args.designs.split(",") if args.designs else list(ENGLISH_INDEX_THEMES)
    designs: dict[str, Design] = {"kennard (training deck)": kennard(args.shared)}
    if aisleriot_available():
        for name in names:
            designs[name] = aisleriot(name)
    else:
        print("aisleriot themes missing: apt install gnome-cards-data librsvg2-bin",
              file=sys.stderr)
    rows: list[dict[str, object]] = []
    unseen, learned = Tally(), Tally()
    unseen_layouts: dict[str, Tally] = {}
    learned_layouts: dict[str, Tally] = {}
    unseen_ms: dict[str, list[float]] = {}
    learned_ms: dict[str, list[float]] = {}
    baselines: list[float] = []
    for n, (name, design) in enumerate(designs.items()):
        print(f"[{n + 1}/{len(designs)}] {name}: default", file=sys.stderr, flush=True)
        seen = name.startswith("kennard")
        tally, times, bases = measure(default, design, args.scenes, args.seed,
                                      None if seen else unseen_layouts,
                                      None if seen else unseen_ms)
        rows.append(row(name, "default", tally, times, bases))
        baselines += bases
        if not name.startswith("kennard"):
            unseen.add(tally)
        if args.no_learn or name.startswith("kennard"):
            continue
        print(f"[{n + 1}/{len(designs)}] {name}: learning the deck", file=sys.stderr, flush=True)
        with tempfile.TemporaryDirectory() as tmp:
            photos(design, Path(tmp), args.seed + 100)
            start = time.perf_counter()
            try:
                profile = learn_deck(Path(tmp), seed=args.seed)
            except LearnError as exc:  # reported, not hidden: the deck could not be learnt
                rows.append({"design": name, "recogniser": "learned", "learn_error": str(exc)})
                continue
            learn_s = time.perf_counter() - start
        tally, times, bases = measure(Recognizer.for_profile(profile, args.threshold), design,
                                      args.scenes, args.seed, learned_layouts, learned_ms)
        rows.append({**row(name, "learned", tally, times, bases), "learn_s": round(learn_s, 1)})
        baselines += bases
        learned.add(tally)
    rng = np.random.default_rng(args.seed + 7)
    invented = 0
    any_design = next(iter(designs.values()))
    for _ in range(args.empty):
        scene = make_scene(any_design, rng, "empty")
        invented += len(default.detect(scene.image))
    timed = [r for r in rows if r.get("ms_per_frame")]
    frame_ms = statistics.median(r["ms_per_frame"] for r in timed)
    summary = {"unseen_accuracy": round(unseen.accuracy, 4), "unseen_misreads": unseen.wrong,
               "unseen_partly_hidden": unseen.partly_hidden,
               "unseen_accuracy_in_full_view": round(unseen.accuracy_in_full_view, 4),
               "learned_accuracy": round(learned.accuracy, 4) if learned.readable else None,
               "learned_accuracy_in_full_view": (round(learned.accuracy_in_full_view, 4)
                                                 if learned.readable else None),
               "learned_misreads": learned.wrong, "empty_tables": args.empty,
               "empty_table_cards_invented": invented,
               "ms_per_frame_median": frame_ms,
               "baseline_ms": round(statistics.median(baselines), 2),
               "frame_over_baseline": round(statistics.median(r["over_baseline"] for r in timed),
                                            1),
               "unseen_by_layout": layout_rows(unseen_layouts, unseen_ms),
               "learned_by_layout": layout_rows(learned_layouts, learned_ms)}
    if args.json:
        print(json.dumps({"designs": rows, "summary": summary}))
        return 0
    print(f"{'design':<24} {'recogniser':<10} {'prec':>6} {'recall':>6} {'acc':>6} "
          f"{'misread':>7} {'unknown':>7} {'cards':>5} {'ms':>6}")
    for r in rows:
        if "learn_error" in r:
            print(f"{r['design']:<24} learned    could not learn: {r['learn_error']}")
            continue
        print(f"{r['design']:<24} {r['recogniser']:<10} {r['precision']:>6.3f} {r['recall']:>6.3f} "
              f"{r['accuracy']:>6.3f} {r['misreads']:>7} {r['unknown']:>7} {r['cards']:>5} "
              f"{r['ms_per_frame']:>6}")
    for key, value in summary.items():
        if not key.endswith("by_layout"):
            print(f"{key}: {value}")
    for which in ("unseen", "learned"):
        for layout, figures in summary[f"{which}_by_layout"].items():
            print(f"{which} {layout:<8} recall {figures['recall']:.3f} accuracy "
                  f"{figures['accuracy']:.3f} misreads {figures['misreads']} of "
                  f"{figures['cards']} cards ({figures['partly_hidden']} with the index partly "
                  f"hidden; {figures['accuracy_in_full_view']:.3f} of the rest read), placed "
                  f"{figures['placed']:.3f}, "
                  f"{figures['ms_per_frame']} ms a frame")
    return 0


if __name__ == "__main__":
    sys.exit(main())
