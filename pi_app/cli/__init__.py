"""The `crib` command. Each subcommand lives in its own module under `pi_app.cli.commands`.

A command module exposes `register(subparsers)`, which adds its parser and sets `func`
(a callable taking the parsed arguments and returning an exit code). Modules are found by
name, so a new feature adds a command without touching this file.
"""

from __future__ import annotations

import argparse
import importlib
import pkgutil
import sys
from collections.abc import Sequence

from pi_app import __version__
from pi_app.cli import commands


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="crib",
        description="Cribbage Companion: score, advise, and run an LED cribbage board.",
    )
    parser.add_argument("--version", action="version", version=f"crib {__version__}")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for info in sorted(pkgutil.iter_modules(commands.__path__), key=lambda m: m.name):
        module = importlib.import_module(f"{commands.__name__}.{info.name}")
        module.register(subparsers)
    parser.set_defaults(commands=frozenset(subparsers.choices))
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run a subcommand; plain `crib` runs `crib start` (the table app, or the simulator)."""
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        if "start" not in args.commands:
            parser.print_help()
            return 0
        args = parser.parse_args(["start"])
    try:
        return int(args.func(args) or 0)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        sys.stderr.close()
        return 0
