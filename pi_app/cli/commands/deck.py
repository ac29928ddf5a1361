"""`crib deck learn`: teach the camera your own deck from one photo per card.
`crib deck capture`: take those photos with the camera, each card asked for in turn."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser("deck", help="deck profiles for the camera")
    actions = parser.add_subparsers(dest="deck_action", metavar="ACTION", required=True)
    learn = actions.add_parser("learn", help="learn a deck from a folder of 52 card photos")
    learn.add_argument("folder", type=Path,
                       help="one image per card, named by its code (QH.jpg), alone on the table")
    learn.add_argument("--out", type=Path, required=True, metavar="PROFILE",
                       help="where to save the profile (.npz)")
    learn.add_argument("--scenes", type=int, default=40, help="synthetic training tables")
    learn.add_argument("--seed", type=int, default=0)
    learn.set_defaults(func=run_learn)
    capture = actions.add_parser("capture", help="photograph each card in turn for `deck learn`")
    capture.add_argument("folder", type=Path, help="where the photos go (made if missing; "
                                                   "photos already there count as taken)")
    capture.add_argument("--source", default="picamera",
                         help="picamera, a camera number, or a folder or video to replay")
    capture.add_argument("--no-check", action="store_true",
                         help="take each card as shown, without the default reader's check")
    capture.set_defaults(func=run_capture)


def run_capture(args: argparse.Namespace) -> int:
    try:
        from pi_app.vision.capture import DeckCapture, capture, default_reader, taken_in
        from pi_app.vision.frames import FrameError, open_source
    except ImportError as exc:
        print(f"crib deck capture: card vision needs OpenCV ({exc})", file=sys.stderr)
        return 2
    if not args.folder.parent.is_dir():
        print(f"crib deck capture: {args.folder.parent}: no such folder", file=sys.stderr)
        return 2
    args.folder.mkdir(exist_ok=True)
    session = DeckCapture(args.folder, None if args.no_check else default_reader())
    try:
        with open_source(args.source) as source:
            done = capture(source, session, lambda line: print(line, file=sys.stderr,
                                                                flush=True))
    except FrameError as exc:
        print(f"crib deck capture: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        done = False
    taken = len(taken_in(args.folder))
    if done:
        print(f"all 52 cards in {args.folder}; next: crib deck learn {args.folder} "
              "--out deck.npz")
        return 0
    print(f"{taken} of 52 cards in {args.folder}; run again to go on from "
          f"{session.wanted}", file=sys.stderr)
    return 1


def run_learn(args: argparse.Namespace) -> int:
    try:
        from pi_app.vision.learn import LearnError, learn_deck
    except ImportError as exc:
        print(f"crib deck learn: card vision needs OpenCV ({exc})", file=sys.stderr)
        return 2
    out = args.out if args.out.suffix == ".npz" else args.out.with_suffix(".npz")
    if not out.parent.is_dir():
        print(f"crib deck learn: {out.parent}: no such folder for the profile", file=sys.stderr)
        return 2
    try:
        model = learn_deck(args.folder, scenes=args.scenes, seed=args.seed, progress=True)
    except LearnError as exc:
        print(f"crib deck learn: {exc}", file=sys.stderr)
        return 2
    model.save(out)
    print(f"saved deck profile {model.name!r} to {out}", file=sys.stderr)
    return 0
