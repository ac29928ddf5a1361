"""`crib simulate`: computer-against-computer games, printed as the event log.

The same seed plays the same games. `--level` picks the computer player of each seat (see
`pi_app.engine.advisor.levels.make_player`); every player's choices depend only on its seed and
what it sees. With `--db` every deal is committed before its events are printed, so after a
kill `--resume` prints what was stored and plays on: the whole output is the same as that of a
run never interrupted. The stored games name each seat by its level, and `--resume` refuses
levels other than the stored ones.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from typing import Any, TextIO

from pi_app.engine.advisor.levels import PLAYER_NAMES, make_player
from pi_app.engine.game import Event, Game
from pi_app.engine.players import Player, step
from pi_app.engine.variants import PRESETS, Rules, RulesError, preset
from pi_app.storage import GameStore, StorageError

VARIANT_FOR_PLAYERS = {2: "six-card", 3: "three-hand", 4: "four-hand"}


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "simulate", help="play computer games and print the event log (same seed, same games)")
    parser.add_argument("--games", type=int, default=1, help="how many games (default 1)")
    parser.add_argument("--seed", default="0", help="the seed: the same seed plays the same games")
    parser.add_argument("--variant", choices=list(PRESETS),
                        help="the variant (default: six-card, or by --players)")
    parser.add_argument("--players", type=int, choices=(2, 3, 4),
                        help="players at the table; picks the variant when none is named")
    parser.add_argument("--level", default="random", metavar="NAME[,NAME...]",
                        help="the computer player: one name for every seat, or one per seat in "
                             f"seat order, from {', '.join(PLAYER_NAMES)} (default random); "
                             "--resume refuses levels other than the stored run's")
    parser.add_argument("--muggins", action="store_true", help="players claim their own counts")
    parser.add_argument("--target", type=int, help="points to win (seven-card: 181)")
    parser.add_argument("--four-card-crib-flush", action="store_true", help="house rule")
    parser.add_argument("--no-peg-out-on-go", action="store_true", help="house rule")
    parser.add_argument("--triple-skunk", action="store_true", help="count a triple skunk")
    parser.add_argument("--db", help="SQLite file to store the run in as it goes")
    parser.add_argument("--resume", action="store_true",
                        help="with --db: print the stored part of this run, then finish it")
    parser.add_argument("--json", action="store_true", help="print the events as JSON lines")
    parser.set_defaults(func=run)


def rules_from(args: argparse.Namespace) -> Rules:
    variant = args.variant or VARIANT_FOR_PLAYERS[args.players or 2]
    options: dict[str, object] = {
        name: True
        for name in ("muggins", "four_card_crib_flush", "no_peg_out_on_go", "triple_skunk")
        if getattr(args, name)
    }
    if args.target is not None:
        options["target"] = args.target
    rules = preset(variant, **options)
    if args.players is not None and args.players != rules.players:
        raise RulesError(f"{variant} is played by {rules.players}, not --players {args.players}")
    return rules


def seed_from(text: str) -> int | str:
    return int(text) if text.lstrip("-").isdigit() else text


def levels_from(text: str, rules: Rules) -> tuple[str, ...]:
    """The player name of each seat, from `--level`: one for all, or one per seat."""
    names = tuple(name.strip() for name in text.split(","))
    unknown = [name for name in names if name not in PLAYER_NAMES]
    if unknown:
        raise ValueError(f"--level {text!r}: unknown {', '.join(map(repr, unknown))}; "
                         f"choose from {', '.join(PLAYER_NAMES)}")
    if len(names) == 1:
        return names * rules.players
    if len(names) != rules.players:
        raise ValueError(f"--level {text!r} names {len(names)} players; {rules.name} seats "
                         f"{rules.players}: give one name for all or one per seat")
    return names


def level_text(levels: Sequence[str]) -> str:
    """Levels as `--level` takes them: one name when every seat plays the same."""
    return levels[0] if len(set(levels)) == 1 else ",".join(levels)


def side_levels(rules: Rules, levels: Sequence[str]) -> list[str]:
    """Each side's players, as "expert" or, for partners of different levels, "expert+greedy"."""
    return ["+".join(dict.fromkeys(levels[seat] for seat in seats)) for seats in rules.sides]


class Printer:
    """Writes the log: JSON lines, or one line per game for people; then the wins.

    People see each side's level beside it when the sides play at different levels; the JSON
    log ends with a `summary` line giving every side's level and wins.
    """

    def __init__(self, out: TextIO, as_json: bool, sides: Sequence[str]) -> None:
        self.out = out
        self.as_json = as_json
        self.sides = list(sides)
        self.wins = [0] * len(sides)
        self.skunks = [0] * len(sides)

    def side(self, side: int) -> str:
        return f"side {side}" if len(set(self.sides)) == 1 else f"side {side} ({self.sides[side]})"

    def __call__(self, events: list[Event]) -> None:
        for event in events:
            if event["type"] == "game_end":
                self.wins[event["winner"]] += 1
                self.skunks[event["winner"]] += event["skunk"] != "none"
            if self.as_json:
                self.out.write(json.dumps(event, separators=(", ", ": ")) + "\n")
            elif event["type"] == "game_end":
                scores = "-".join(str(s) for s in event["scores"])
                skunk = "" if event["skunk"] == "none" else f", {event['skunk']} skunk"
                self.out.write(f"game {event['game']}: {self.side(event['winner'])} wins {scores}"
                               f"{skunk} in {event['deals']} deals\n")
        self.out.flush()

    def summary(self) -> None:
        if self.as_json:
            sides: list[dict[str, Any]] = [
                {"side": side, "level": level, "wins": wins, "skunks": skunks}
                for side, (level, wins, skunks)
                in enumerate(zip(self.sides, self.wins, self.skunks, strict=True))
            ]
            line = {"type": "summary", "games": sum(self.wins), "sides": sides}
            self.out.write(json.dumps(line, separators=(", ", ": ")) + "\n")
        else:
            wins = ", ".join(f"{self.side(side)}: {n}" for side, n in enumerate(self.wins) if n)
            self.out.write(f"wins: {wins}\n")


def play_on(game: Game, players: Sequence[Player], commit: Callable[[list[Event]], None]) -> None:
    """Play `game` to its end, handing each finished deal's new events to `commit`."""
    pending: list[Event] = []
    while not game.over:
        pending += step(game, players)
        if game.phase in ("deal_end", "game_over"):
            commit(pending)
            pending = []


def run(args: argparse.Namespace) -> int:
    try:
        rules = rules_from(args)
        levels = levels_from(args.level, rules)
    except (RulesError, ValueError) as exc:
        print(f"crib simulate: {exc}", file=sys.stderr)
        return 2
    if args.games < 1:
        print("crib simulate: --games must be 1 or more", file=sys.stderr)
        return 2
    if args.resume and not args.db:
        print("crib simulate: --resume needs --db PATH", file=sys.stderr)
        return 2
    seed = seed_from(args.seed)
    players = [make_player(name, f"{seed}/{seat}") for seat, name in enumerate(levels)]
    printer = Printer(sys.stdout, args.json, side_levels(rules, levels))
    progress = sys.stderr.isatty()
    try:
        if args.db:
            simulate_stored(args, rules, seed, levels, players, printer, progress)
        else:
            for number in range(args.games):
                game = Game(rules, seed, number)
                printer(list(game.events))
                play_on(game, players, printer)
                show_progress(progress, number + 1, args.games)
    except StorageError as exc:
        print(f"crib simulate: {exc}", file=sys.stderr)
        return 2
    printer.summary()
    return 0


def show_progress(enabled: bool, done: int, total: int) -> None:
    if enabled:
        end = "\n" if done == total else ""
        print(f"\rgame {done}/{total}", end=end, file=sys.stderr, flush=True)


def simulate_stored(
    args: argparse.Namespace,
    rules: Rules,
    seed: int | str,
    levels: tuple[str, ...],
    players: Sequence[Player],
    printer: Printer,
    progress: bool,
) -> None:
    run_key = "simulate " + json.dumps({"rules": rules.to_json(), "seed": seed}, sort_keys=True)
    with GameStore(args.db) as store:
        stored = store.run_games(run_key)
        if stored and not args.resume:
            raise StorageError(f"{args.db} already holds this run (same rules and seed); "
                               "add --resume to finish it")
        if stored:
            # runs stored before seats were named by level were all played by random
            found = store.info(stored[0]).names or ("random",) * rules.players
            if found != levels:
                raise StorageError(f"{args.db} holds this run played by --level "
                                   f"{level_text(found)}, not {level_text(levels)}: resume it "
                                   f"with --level {level_text(found)}")
        for number in range(args.games):
            if number < len(stored):
                game_id = stored[number]
                game = store.load(game_id)
                printer(game.events)
            else:
                game_id = store.new_game(rules, seed, levels, run=run_key, number=number)
                game = Game(rules, seed, number, start=False)
            if not game.events:  # new, or killed before its first deal was stored
                game = Game(rules, seed, number)
                store.append(game_id, game.events, at=0)
                printer(list(game.events))

            def commit(events: list[Event], game_id: int = game_id) -> None:
                store.append(game_id, events)
                printer(events)

            play_on(game, players, commit)
            show_progress(progress, number + 1, args.games)
