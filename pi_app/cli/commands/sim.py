"""`crib sim`: the table app with simulated board, buttons and camera, and its web page."""

from __future__ import annotations

import argparse

from pi_app.cli.commands.start import add_options, run


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "sim", help="the simulator: the whole table on this machine, played in a web page")
    add_options(parser)
    parser.set_defaults(func=lambda args: run(args, simulated=True))
