"""`crib deck learn`: teach the camera your own deck from one photo per card."""

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
