"""Game-engine speed: whole games per second with the simple policy, against the bare scoring.

    .venv/bin/python benchmarks/game.py [--json] [--games N]

Target: at least 200 two-hand (six-card) games per second on one core, judged on CPU time (one
process, one core), as are the other rates but the database's (wall clock, as it waits on the
disk). The baseline, timed in
the same run on the same games, is the scoring alone (every show counted itemised, every play
scored) that any engine must do; the ratio says what the rest of the engine (checking
actions, events, the fold, the policies) costs on top. Also: replaying stored logs, every
variant, and games written to a WAL database a deal per commit. Figures are the best of a
few repeats, since the machine may be shared. Progress goes to stderr; `--json` prints one
JSON object on stdout.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pi_app.engine.cards import parse_card, parse_cards
from pi_app.engine.game import Event, Game
from pi_app.engine.pegging import score_play
from pi_app.engine.players import SimplePlayer, play_game
from pi_app.engine.scoring import score_show
from pi_app.engine.variants import PRESETS, Rules
from pi_app.storage import GameStore

TARGET_GAMES_PER_S = 200


def progress(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


def best_of(
    repeats: int, work: Callable[[], object], clock: Callable[[], float] = time.perf_counter
) -> float:
    """The fastest of `repeats` runs, in seconds: the least disturbed by other load."""
    times = []
    for _ in range(repeats):
        start = clock()
        work()
        times.append(clock() - start)
    return min(times)


def play_games(rules: Rules, count: int) -> list[Game]:
    players = [SimplePlayer(seat) for seat in range(rules.players)]
    return [play_game(players, rules, seed) for seed in range(count)]


def score_only(logs: list[list[Event]]) -> None:
    """The scoring the games needed and nothing else: each show and each play, recomputed."""
    for events in logs:
        run: list[str] = []
        for event in events:
            kind = event["type"]
            if kind == "show":
                score_show(parse_cards(event["cards"]), parse_card(event["starter"]),
                           is_crib=event["kind"] == "crib")
            elif kind == "play":
                run.append(event["card"])
                score_play(parse_cards(run))
                if event["count"] == 31:
                    run = []
            elif kind == "deal" or (kind == "go" and not event.get("said")):
                run = []


def stored_rate(rules: Rules, games: list[Game]) -> float:
    """Games per second written to a WAL database, one commit per deal, synchronous=FULL."""
    with tempfile.TemporaryDirectory() as folder, GameStore(Path(folder) / "b.db") as store:
        start = time.perf_counter()
        for game in games:
            game_id = store.new_game(rules, game.seed)
            chunk: list[Event] = []
            for event in game.events:
                if event["type"] == "deal" and chunk:
                    store.append(game_id, chunk)
                    chunk = []
                chunk.append(event)
            store.append(game_id, chunk)
        return len(games) / (time.perf_counter() - start)


def run(count: int) -> dict[str, Any]:
    rules = PRESETS["six-card"]
    progress(f"six-card: {count} games with the simple policy, best of 3 ...")
    engine_s = best_of(3, lambda: play_games(rules, count))
    engine_cpu_s = best_of(3, lambda: play_games(rules, count), time.process_time)
    games = play_games(rules, count)
    logs = [game.events for game in games]
    progress("baseline: the same games' scoring alone, CPU time, best of 3 ...")
    scoring_s = best_of(3, lambda: score_only(logs), time.process_time)
    progress("replay of the logs, best of 3 ...")
    replay_s = best_of(3, lambda: [Game.replay(g.events, rules, g.seed) for g in games],
                       time.process_time)
    events = sum(len(log) for log in logs)
    result: dict[str, Any] = {
        "games": count,
        "games_per_s": count / engine_s,
        "games_per_cpu_s": count / engine_cpu_s,
        "target_games_per_s": TARGET_GAMES_PER_S,
        "meets_target": count / engine_cpu_s >= TARGET_GAMES_PER_S,
        "events_per_game": events / count,
        "scoring_only_games_per_cpu_s": count / scoring_s,
        "engine_over_scoring": engine_cpu_s / scoring_s,
        "replay_games_per_cpu_s": count / replay_s,
    }
    for name, variant in PRESETS.items():
        progress(f"{name}: {count // 4} games ...")
        seconds = best_of(2, lambda variant=variant: play_games(variant, count // 4),
                          time.process_time)
        result[f"{name}_games_per_cpu_s"] = (count // 4) / seconds
    progress(f"storage: {count // 4} games, one commit per deal ...")
    result["stored_games_per_s"] = stored_rate(rules, games[: count // 4])
    return result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per measurement")
    parser.add_argument("--json", action="store_true", help="one JSON object on stdout")
    args = parser.parse_args()
    result = run(max(args.games, 4))
    if args.json:
        print(json.dumps({k: round(v, 3) if isinstance(v, float) else v
                          for k, v in result.items()}))
        return 0
    print(f"six-card games per CPU second:    {result['games_per_cpu_s']:8.1f}"
          f"   target >= {TARGET_GAMES_PER_S}: {'met' if result['meets_target'] else 'MISSED'}")
    print(f"  per wall-clock second:          {result['games_per_s']:8.1f}")
    print(f"  baseline, scoring alone:        {result['scoring_only_games_per_cpu_s']:8.1f} games/s"
          f"   engine costs {result['engine_over_scoring']:.2f}x the bare scoring")
    print(f"  replaying the logs:             {result['replay_games_per_cpu_s']:8.1f} games/s")
    print(f"  stored, a commit per deal:      {result['stored_games_per_s']:8.1f} games/s (wall)")
    print(f"  events per game:                {result['events_per_game']:8.1f}")
    for name in PRESETS:
        print(f"  {name + ':':<31} {result[f'{name}_games_per_cpu_s']:8.1f} games/s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
