"""`crib start`: the table app; on a machine that is not a Raspberry Pi, the simulator."""

from __future__ import annotations

import argparse
import sys
import webbrowser
from pathlib import Path

from pi_app.app.config import MODES, TABLES, ConfigError, load_config
from pi_app.app.runtime import build, on_raspberry_pi
from pi_app.board.backends import StripError
from pi_app.inputs.pins import PinConfigError
from pi_app.storage import StorageError
from pi_app.system.service import run_service


def add_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--config", type=Path, help="a TOML settings file (over the defaults "
                        "and /etc/crib/config.toml; the environment overrides it)")
    parser.add_argument("--port", type=int, help="serve the page on this port (0: any free one)")
    parser.add_argument("--mode", choices=MODES, help="how cards are read and who plays")
    parser.add_argument("--table", choices=[t for t in TABLES if t],
                        help="who deals: the app (virtual) or people at a real table, hands "
                             "unseen until played or shown (real; auto and manual modes)")
    parser.add_argument("--no-browser", action="store_true",
                        help="only serve the page; do not open a browser")


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "start", help="run the table app (the simulator when no Pi hardware is found)")
    add_options(parser)
    parser.set_defaults(func=lambda args: run(args, simulated=not on_raspberry_pi()))


def run(args: argparse.Namespace, *, simulated: bool) -> int:
    overrides: dict[str, dict[str, object]] = {}
    if args.port is not None:
        overrides["web"] = {"port": args.port}
    game = {key: value for key in ("mode", "table") if (value := getattr(args, key)) is not None}
    if game:
        overrides["game"] = game
    try:
        config = load_config(args.config, overrides=overrides)
        if args.table == "real" and not config.game.hidden_hands:
            print(f"crib: --table real: mode {config.game.mode} is not played with hidden "
                  "hands dealt at the table (versus: the app deals the computer's cards; "
                  "scoreboard: no cards); choose --mode auto or manual", file=sys.stderr)
            return 2
        app = build(config, simulated=simulated)
    except (ConfigError, PinConfigError, StripError, StorageError) as exc:
        print(f"crib: {exc}", file=sys.stderr)
        return 2
    host = "127.0.0.1" if simulated else config.web.host
    what = "simulator" if simulated else "table"

    def ready(url: str) -> None:
        print(f"Cribbage Companion {what}: {url}", flush=True)
        if not args.no_browser:
            webbrowser.open(url)

    try:
        run_service(app, host, config.web.port, on_ready=ready)
    except OSError as exc:
        print(f"crib: cannot serve on {host}:{config.web.port}: {exc.strerror or exc}",
              file=sys.stderr)
        return 2
    return 0
