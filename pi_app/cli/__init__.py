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


def command_names() -> list[str]:
    """Every subcommand, by module name, without importing any of them."""
    return sorted(info.name for info in pkgutil.iter_modules(commands.__path__))


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The whole parser, or with `only` the parser for that one subcommand.

    Loading one command module instead of all keeps `crib score` from paying for the web
    server, numpy and OpenCV that other commands import.
    """
    parser = argparse.ArgumentParser(
        prog="crib",
        description="Cribbage Companion: score, advise, and run an LED cribbage board.",
    )
    parser.add_argument("--version", action="version", version=f"crib {__version__}")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in command_names():
        if only is None or name == only:
            module = importlib.import_module(f"{commands.__name__}.{name}")
            module.register(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run a subcommand; plain `crib` runs `crib start` (the table app, or the simulator)."""
    words = list(sys.argv[1:] if argv is None else argv)
    names = command_names()
    if not words:
        words = ["start"] if "start" in names else ["--help"]
    first = words[0]
    parser = build_parser(only=first if first in names else None)
    args = parser.parse_args(words)
    if args.command is None:
        parser.print_help()
        return 0
    try:
        return int(args.func(args) or 0)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        sys.stderr.close()
        return 0
