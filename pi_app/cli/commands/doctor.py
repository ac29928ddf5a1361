"""`crib doctor`: check the hardware and settings this table will use, and say what to fix."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from pi_app.doctor import CHECKS, Probe, run_checks
from pi_app.doctor.report import check_name


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    names = ", ".join(check_name(c.__name__).replace(" ", "-") for c in CHECKS)
    parser = subparsers.add_parser(
        "doctor", help="check the strip, camera, buttons, Pico, speech, permissions and config")
    parser.add_argument("--config", type=Path, help="a TOML settings file, as for `crib start`")
    parser.add_argument("--skip", action="append", default=[], metavar="CHECK",
                        help=f"do not run this check (repeatable): {names}")
    parser.add_argument("--json", action="store_true", help="print JSON for programs")
    parser.set_defaults(func=run)


def _progress(name: str) -> None:
    if sys.stderr.isatty():
        print(f"\rcrib doctor: checking {name}...\033[K", end="", file=sys.stderr, flush=True)


def run(args: argparse.Namespace) -> int:
    known = {check_name(c.__name__) for c in CHECKS}
    unknown = [name for name in args.skip if check_name(name) not in known]
    if unknown:
        print(f"crib doctor: --skip {unknown[0]}: no such check (known: "
              f"{', '.join(sorted(n.replace(' ', '-') for n in known))})", file=sys.stderr)
        return 2
    report = run_checks(Probe.live(), args.config, skip_checks=args.skip, progress=_progress)
    if sys.stderr.isatty():
        print("\r\033[K", end="", file=sys.stderr, flush=True)
    if args.json:
        print(json.dumps(report.to_json(), indent=2))
    else:
        print(report.text(), end="")
    return 0 if report.healthy else 1
