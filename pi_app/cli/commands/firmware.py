"""`crib firmware install`: put the board firmware on a mounted CIRCUITPY drive."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from pi_app.link import install


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser("firmware", help="the microcontroller firmware")
    actions = parser.add_subparsers(dest="firmware_command", metavar="ACTION", required=True)
    copy = actions.add_parser("install", help="copy the firmware to a mounted CIRCUITPY drive")
    copy.add_argument("--drive", type=Path, help="the CIRCUITPY drive (default: found)")
    copy.add_argument("--source", type=Path, default=install.FIRMWARE_DIR,
                      help="the firmware folder (default: the checkout's firmware/)")
    copy.add_argument("--dry-run", action="store_true", help="list the copies, change nothing")
    copy.add_argument("--json", action="store_true", help="print JSON for programs")
    copy.set_defaults(func=run_install)


def run_install(args: argparse.Namespace) -> int:
    try:
        drive = args.drive or install.find_drive()
        if args.dry_run:
            written = [target for _, target in install.plan(drive, args.source)]
        else:
            written = install.install(drive, args.source)
    except (install.InstallError, OSError) as exc:
        print(f"crib firmware install: {exc}", file=sys.stderr)
        return 1
    missing = install.missing_libraries(drive)
    if args.json:
        print(json.dumps({"drive": str(drive), "files": [str(p) for p in written],
                          "dry_run": args.dry_run, "missing_libraries": missing}))
        return 0
    verb = "would copy" if args.dry_run else "copied"
    for path in written:
        print(f"{verb} {path}")
    if missing:
        print(f"the board also needs {', '.join(missing)} in lib/: "
              f"circup install {' '.join(missing)}", file=sys.stderr)
    return 0
