"""`crib engine`: the rules engine over JSON lines on stdin/stdout (docs/engine-protocol.md)."""

from __future__ import annotations

import argparse
import io
import sys

from pi_app.engine_protocol.server import EngineSession


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "engine", help="serve the engine protocol: one JSON request per line on stdin"
    )
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    # Bytes that are not UTF-8 become U+FFFD, so such a line gets an error reply instead of
    # ending the session.
    stdin = io.TextIOWrapper(sys.stdin.buffer, encoding="utf-8", errors="replace")
    EngineSession().serve(stdin, sys.stdout)
    return 0
