#!/usr/bin/env python3
"""How strong is each computer player? A round robin of whole two-hand games.

Players: random, greedy (most points now; keeps the four cards that count most), ev-greedy
(exact expected-value discards, greedy pegging), and the levels beginner, standard, expert.
Each pairing plays `--games` games in pairs with the seats swapped over the same seeded
deals, so each player deals first equally often and luck of the cards cancels as far as it
can. Prints each pairing's win rate with a 95% confidence interval, points per deal from
hand, crib and play, and skunks. Uses every core (`--workers`); progress goes to stderr.

    .venv/bin/python benchmarks/strength.py [--games 2000] [--players expert,greedy] [--json]
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from itertools import combinations
from typing import Any

from pi_app.engine.advisor.levels import PLAYER_NAMES, make_player
from pi_app.engine.players import play_game

SOURCES = ("hand", "crib", "play")
CHUNK = 20


def _game_stats(first: str, second: str, seed: int, index: int) -> dict[str, Any]:
    """One game; seat 0 is `first` on even indices, `second` on odd ones (same deals)."""
    names = (first, second) if index % 2 == 0 else (second, first)
    game = play_game([make_player(n, seed + index) for n in names], seed=f"{seed}/{index // 2}")
    points = {name: dict.fromkeys(SOURCES, 0) for name in names}
    deals = 0
    for event in game.events:
        kind = event["type"]
        if kind == "deal":
            deals += 1
        elif kind == "show":
            points[names[event["player"]]][event["kind"]] += event["points"]
        elif kind in ("play", "go", "starter") and event.get("points"):
            points[names[event["player"]]]["play"] += event["points"]
    result = game.result
    assert result is not None
    winner = names[result["winner"]]
    return {"winner": winner, "skunk": result["skunk"] != "none", "deals": deals,
            "points": points}


def _chunk(job: tuple[str, str, int, int, int]) -> tuple[str, str, list[dict[str, Any]]]:
    first, second, seed, start, stop = job
    return first, second, [_game_stats(first, second, seed, i) for i in range(start, stop)]


def _summary(first: str, second: str, games: list[dict[str, Any]]) -> dict[str, Any]:
    n = len(games)
    wins = sum(g["winner"] == first for g in games)
    rate = wins / n
    half = 1.96 * math.sqrt(rate * (1 - rate) / n)
    deals = sum(g["deals"] for g in games)
    per_deal = {
        name: {s: sum(g["points"][name][s] for g in games) / deals for s in SOURCES}
        for name in (first, second)
    }
    skunks = {
        first: sum(g["skunk"] and g["winner"] == first for g in games),
        second: sum(g["skunk"] and g["winner"] == second for g in games),
    }
    return {"player": first, "opponent": second, "games": n, "wins": wins,
            "win_rate": rate, "ci95": [rate - half, rate + half],
            "points_per_deal": per_deal, "skunks_given": skunks}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="games per pairing (even)")
    parser.add_argument("--players", default=",".join(PLAYER_NAMES),
                        help=f"comma-separated, from: {', '.join(PLAYER_NAMES)}")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--json", action="store_true", help="print JSON only")
    args = parser.parse_args()
    names = [n.strip() for n in args.players.split(",") if n.strip()]
    unknown = [n for n in names if n not in PLAYER_NAMES]
    if unknown or len(names) < 2:
        parser.error(f"players must be two or more of {', '.join(PLAYER_NAMES)}; "
                     f"got {args.players}")
    if args.games < 2 or args.games % 2:
        parser.error("--games must be an even number of 2 or more (seats swap in pairs)")
    # stronger players first in each pairing, so rows read "X against Y"
    pairings = [(b, a) for a, b in combinations(names, 2)]
    jobs = [(first, second, args.seed, start, min(start + CHUNK, args.games))
            for first, second in pairings for start in range(0, args.games, CHUNK)]
    results: dict[tuple[str, str], list[dict[str, Any]]] = {p: [] for p in pairings}
    started = time.perf_counter()
    done = 0
    total = len(pairings) * args.games
    with ProcessPoolExecutor(args.workers) as pool:
        for future in as_completed([pool.submit(_chunk, job) for job in jobs]):
            first, second, games = future.result()
            results[(first, second)].extend(games)
            done += len(games)
            elapsed = time.perf_counter() - started
            print(f"\r{done}/{total} games, {elapsed:.0f} s, "
                  f"about {elapsed / done * (total - done):.0f} s to go ", end="",
                  file=sys.stderr, flush=True)
    print(file=sys.stderr)
    rows = [_summary(first, second, results[(first, second)]) for first, second in pairings]
    report = {"games_per_pairing": args.games, "workers": args.workers, "seed": args.seed,
              "seconds": round(time.perf_counter() - started, 1), "pairings": rows}
    if args.json:
        print(json.dumps(report, indent=1))
        return 0
    print(f"{'player':>10} vs {'opponent':<10} {'win %':>6} {'95% CI':>13}   "
          f"{'hand':>5} {'crib':>5} {'play':>5} | {'hand':>5} {'crib':>5} {'play':>5}  skunks")
    for row in rows:
        a, b = row["player"], row["opponent"]
        low, high = row["ci95"]
        pa, pb = row["points_per_deal"][a], row["points_per_deal"][b]
        print(f"{a:>10} vs {b:<10} {100 * row['win_rate']:6.1f} "
              f"{100 * low:6.1f}-{100 * high:5.1f}   "
              + " ".join(f"{pa[s]:5.2f}" for s in SOURCES) + " | "
              + " ".join(f"{pb[s]:5.2f}" for s in SOURCES)
              + f"  {row['skunks_given'][a]}-{row['skunks_given'][b]}")
    print(f"{args.games} games per pairing, {report['seconds']} s on {args.workers} workers; "
          "points are per deal (crib: averaged over all deals).")
    return 0


if __name__ == "__main__":
    sys.exit(main())
