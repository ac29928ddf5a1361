"""`crib recognize`: read the cards in photos of the table."""

from __future__ import annotations

import argparse
import json
import sys


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser("recognize", help="read the cards in images of the table")
    parser.add_argument("images", nargs="+", help="image files (JPEG, PNG, ...)")
    parser.add_argument("--deck", metavar="PROFILE", help="a deck profile from `crib deck learn`")
    parser.add_argument("--threshold", type=float, default=None,
                        help="confidence below which a card is reported as unknown")
    parser.add_argument("--json", action="store_true", help="one JSON line per image")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    try:
        from pi_app.vision.frames import FrameError, load_image
        from pi_app.vision.recognizer import ModelError, make_recognizer
    except ImportError as exc:
        print(f"crib recognize: card vision needs OpenCV ({exc}); "
              "install the 'vision' extra or python3-opencv", file=sys.stderr)
        return 2
    try:
        recognizer = make_recognizer(args.deck, args.threshold)
    except (ModelError, ValueError) as exc:
        print(f"crib recognize: {exc}", file=sys.stderr)
        return 2
    failed = 0
    for path in args.images:
        try:
            frame = load_image(path)
        except FrameError as exc:
            print(f"crib recognize: {exc}", file=sys.stderr)
            failed += 1
            continue
        reading = recognizer.read(frame)
        if args.json:
            print(json.dumps({"image": path,
                              "cards": [d.to_json() for d in reading.detections],
                              "ms": round(reading.ms, 1)}), flush=True)
        else:
            cards = " ".join(f"{d.label}({d.confidence:.2f})" for d in reading.detections)
            print(f"{path}: {cards or 'no cards'}  [{reading.ms:.0f} ms]", flush=True)
    return 1 if failed else 0
