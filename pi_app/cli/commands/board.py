"""`crib board`: check a layout, draw a board state, export the builder's files, test the LEDs."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from pi_app.board.animation import SelfTest, play
from pi_app.board.backends import KINDS, StripError
from pi_app.board.backends.sim import ansi_board, png_board
from pi_app.board.colour import Palette, Tone, parse_colour
from pi_app.board.design import BoardDesign, design_layout, layout_to_toml
from pi_app.board.display import open_display
from pi_app.board.export import export_hw
from pi_app.board.layout import DEFAULT_LAYOUT, HW_DIR, Layout, LayoutError, load_layout
from pi_app.board.power import PowerError, PowerLimit
from pi_app.board.render import Renderer
from pi_app.board.state import BoardState, Pegs, StateError


class UsageError(ValueError):
    """A command-line value that cannot be used, with the flag named."""


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser("board", help="the LED board: layout, render, export, test")
    actions = parser.add_subparsers(dest="board_command", metavar="ACTION", required=True)

    layout = actions.add_parser("layout", help="check a layout file and list its holes")
    _layout_arg(layout)
    layout.add_argument("--json", action="store_true", help="print every hole and LED as JSON")
    layout.set_defaults(func=run_layout)

    render = actions.add_parser("render", help="draw a board state (terminal, PNG or JSON)")
    _layout_arg(render)
    render.add_argument("--score", action="append", default=[], metavar="SIDE=HOLE",
                        help="a side's front peg, e.g. 0=37 (repeat per side)")
    render.add_argument("--back", action="append", default=[], metavar="SIDE=HOLE",
                        help="a side's back peg; without it the back peg is not drawn")
    render.add_argument("--games", action="append", default=[], metavar="SIDE=N",
                        help="games a side has won (0..9)")
    render.add_argument("--players", type=int, help="sides in the game (default: from --score)")
    for name in ("dealer", "turn", "go"):
        render.add_argument(f"--{name}", type=int, metavar="SIDE", help=f"light {name} for SIDE")
    _look_args(render)
    render.add_argument("--png", type=Path, metavar="FILE", help="also save a PNG snapshot")
    render.add_argument("--json", action="store_true", help="print the lit LEDs as JSON")
    render.set_defaults(func=run_render)

    export = actions.add_parser("export", help="write hw/template-*.svg and hw/README.md tables")
    export.add_argument("--hw-dir", type=Path, default=HW_DIR,
                        help=f"folder of layout-*.toml files (default {HW_DIR})")
    export.set_defaults(func=run_export)

    test = actions.add_parser("test", help="chase every LED in chain order, then each track")
    _layout_arg(test)
    test.add_argument("--strip", choices=sorted(KINDS), default="ws281x",
                      help="the backend (default ws281x)")
    test.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                      help="a backend option, e.g. pin=10 or url=/dev/ttyACM0 (repeatable)")
    test.add_argument("--step-ms", type=float, default=30.0, help="time per LED (default 30)")
    _look_args(test)
    test.set_defaults(func=run_test)

    design = actions.add_parser("design", help="write a new layout file for another strip")
    defaults = BoardDesign()
    design.add_argument("--leds-per-m", type=float, default=defaults.leds_per_m)
    design.add_argument("--tracks", type=int, default=defaults.tracks, choices=(2, 3))
    design.add_argument("--holes-per-row", type=int, default=defaults.holes_per_row)
    design.add_argument("--street-gap", type=int, default=defaults.street_gap_leds,
                        help="dark LEDs skipped between streets of five")
    design.add_argument("--row-pitch-mm", type=float, default=defaults.row_pitch_mm)
    design.add_argument("--track-gap-mm", type=float, default=defaults.track_gap_mm)
    design.add_argument("--hole-mm", type=float, default=defaults.hole_mm)
    design.add_argument("--skunk-31", action="store_true", help="also mark the line at 31")
    design.add_argument("--output", type=Path, help="write here instead of printing")
    design.set_defaults(func=run_design)


def _layout_arg(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--layout", type=Path, default=DEFAULT_LAYOUT,
                        help=f"layout TOML (default {DEFAULT_LAYOUT.name})")


def _look_args(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--palette", help="player colours, e.g. orange,sky_blue,#009e73")
    parser.add_argument("--brightness", type=float, default=Tone().brightness,
                        help="global brightness 0..1")
    parser.add_argument("--budget-ma", type=float, default=PowerLimit().budget_ma,
                        help="supply budget for the LEDs in mA")


def _fail(args: argparse.Namespace, message: object, code: int = 2) -> int:
    print(f"crib board {args.board_command}: {message}", file=sys.stderr)
    return code


def _renderer(args: argparse.Namespace, layout: Layout) -> Renderer:
    palette = Palette()
    if args.palette:
        try:
            palette = Palette(players=tuple(parse_colour(c) for c in args.palette.split(",")))
        except ValueError as exc:
            raise UsageError(f"--palette: {exc}") from exc
    try:
        tone = Tone(brightness=args.brightness)
        power = PowerLimit(budget_ma=args.budget_ma)
        return Renderer(layout, palette=palette, tone=tone, power=power)
    except PowerError as exc:
        raise UsageError(f"--budget-ma: {exc}") from exc
    except ValueError as exc:
        raise UsageError(f"--brightness: {exc}") from exc


def run_layout(args: argparse.Namespace) -> int:
    try:
        layout = load_layout(args.layout)
    except LayoutError as exc:
        return _fail(args, exc)
    if args.json:
        print(json.dumps(layout.to_json()))
        return 0
    chains = ", ".join(f"chain {i}: {c.length} LEDs" for i, c in enumerate(layout.chains))
    print(f"{args.layout}: {layout.name}")
    print(f"  {len(layout.tracks)} tracks, holes 0..121 each; {chains}")
    print(f"  {layout.size_mm[0]:g} × {layout.size_mm[1]:g} mm, {layout.hole_mm:g} mm holes, "
          f"skunk lines at {', '.join(map(str, layout.skunk_lines))}")
    for track in layout.tracks:
        status = ", ".join(track.status) or "none"
        print(f"  player {track.player}: {len(track.games_won)} games-won holes; "
              f"status LEDs: {status}")
    return 0


def _sides(flags: list[str], flag: str) -> dict[int, int]:
    values: dict[int, int] = {}
    for text in flags:
        side, sep, value = text.partition("=")
        try:
            if not sep:
                raise ValueError
            values[int(side)] = int(value)
        except ValueError:
            raise UsageError(f"{flag} {text!r}: expected SIDE=NUMBER, e.g. 0=37") from None
    return values


def _state(args: argparse.Namespace, tracks: int) -> BoardState:
    scores = _sides(args.score, "--score")
    backs = _sides(args.back, "--back")
    games = _sides(args.games, "--games")
    named = [*scores, *backs, *games]
    named += [s for s in (args.dealer, args.turn, args.go) if s is not None]
    players = args.players if args.players is not None else max([1, *named]) + 1
    if not 2 <= players <= tracks:
        raise UsageError(f"--players {players}: this board has {tracks} tracks, so 2..{tracks}")
    for side in named:
        if not 0 <= side < players:
            raise UsageError(f"side {side}: with {players} players, sides are 0..{players - 1}")
    try:
        pegs = tuple(Pegs(scores.get(s, 0), backs.get(s)) for s in range(players))
        return BoardState(
            pegs=pegs,
            games_won=tuple(games.get(s, 0) for s in range(players)),
            dealer=args.dealer,
            turn=args.turn,
            go=args.go,
        )
    except StateError as exc:
        raise UsageError(str(exc)) from exc


def run_render(args: argparse.Namespace) -> int:
    try:
        layout = load_layout(args.layout)
        renderer = _renderer(args, layout)
        frame = renderer.render(_state(args, len(layout.tracks)))
        if args.png:
            if not args.png.parent.is_dir():
                raise UsageError(f"--png {args.png}: there is no folder {args.png.parent}")
            png_board(layout, frame, args.png)
    except (LayoutError, UsageError) as exc:
        return _fail(args, exc)
    except StripError as exc:
        return _fail(args, exc, code=1)
    if args.json:
        print(json.dumps(frame.to_json()))
    else:
        sys.stdout.write(ansi_board(layout, frame))
        print(f"{len(frame.to_json()['leds'])} LEDs lit, about {frame.current_ma:.0f} mA")
    return 0


def run_export(args: argparse.Namespace) -> int:
    try:
        export_hw(args.hw_dir, progress=lambda line: print(line, file=sys.stderr))
    except (LayoutError, OSError) as exc:
        return _fail(args, exc, code=1)
    return 0


def _option_value(text: str) -> Any:
    lowered = text.lower()
    if lowered in ("true", "yes", "on"):
        return True
    if lowered in ("false", "no", "off"):
        return False
    try:
        return int(text)
    except ValueError:
        return text


def run_test(args: argparse.Namespace) -> int:
    options: dict[str, Any] = {}
    for text in args.option:
        key, sep, value = text.partition("=")
        if not sep or not key:
            return _fail(args, f"--option {text!r}: expected KEY=VALUE, e.g. pin=10")
        options[key] = _option_value(value)
    if args.step_ms <= 0:
        return _fail(args, f"--step-ms {args.step_ms}: must be more than 0")
    try:
        layout = load_layout(args.layout)
        renderer = _renderer(args, layout)
    except (LayoutError, UsageError) as exc:
        return _fail(args, exc)
    chase = SelfTest(renderer, step_s=args.step_ms / 1000)
    interactive = sys.stderr.isatty()

    def progress(t: float) -> None:
        if interactive:
            print(f"\r{chase.describe(t):<40}", end="", file=sys.stderr, flush=True)

    try:
        with open_display(renderer, args.strip, **options) as display:
            print(f"self-test: {len(chase.steps)} steps, {chase.duration:.0f} s; "
                  "watch for gaps, jumps and wrong colours", file=sys.stderr)
            frames = play(chase, display, fps=1000 / args.step_ms, progress=progress)
    except StripError as exc:
        return _fail(args, exc, code=1)
    if interactive:
        print(file=sys.stderr)
    print(f"self-test done: {frames} frames on {len(layout.chains)} chain(s)", file=sys.stderr)
    return 0


def run_design(args: argparse.Namespace) -> int:
    design = BoardDesign(
        leds_per_m=args.leds_per_m,
        tracks=args.tracks,
        holes_per_row=args.holes_per_row,
        street_gap_leds=args.street_gap,
        row_pitch_mm=args.row_pitch_mm,
        track_gap_mm=args.track_gap_mm,
        hole_mm=args.hole_mm,
        skunk_lines=(91, 61, 31) if args.skunk_31 else (91, 61),
    )
    try:
        layout = design_layout(design)
    except ValueError as exc:
        return _fail(args, exc)
    command = (
        f"crib board design --leds-per-m {design.leds_per_m:g} --tracks {design.tracks} "
        f"--holes-per-row {design.holes_per_row} --street-gap {design.street_gap_leds} "
        f"--row-pitch-mm {design.row_pitch_mm:g} --track-gap-mm {design.track_gap_mm:g} "
        f"--hole-mm {design.hole_mm:g}" + (" --skunk-31" if args.skunk_31 else "")
    )
    text = layout_to_toml(layout, command=command)
    if args.output:
        args.output.write_text(text, encoding="utf-8")
        print(f"wrote {args.output}: {layout.led_count} LEDs", file=sys.stderr)
    else:
        sys.stdout.write(text)
    return 0
