"""`crib odds`: the exact chance of every show score, over every hand and starter."""

from __future__ import annotations

import argparse
import json
import sys

from pi_app.engine.odds import ScoreDistribution, show_score_distribution


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "odds", help="how often each show score comes up, over every hand and starter"
    )
    parser.add_argument("--crib", action="store_true", help="only the crib (flush needs all 5)")
    parser.add_argument(
        "--cards", type=int, choices=(3, 4, 5), default=4,
        help="cards in the hand: 4 (six-card game, default), 3 (five-card), 5 (seven-card); "
        "the crib has 4 in every game",
    )
    parser.add_argument("--score", type=int, help="just how rare this score is, e.g. 24")
    parser.add_argument("--json", action="store_true", help="print JSON counts for programs")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    if args.crib and args.cards != 4:
        print(f"crib odds: a crib has 4 cards in every game, not {args.cards}", file=sys.stderr)
        return 2
    if args.score is not None and args.score < 0:
        print(f"crib odds: --score {args.score}: a show scores 0 or more", file=sys.stderr)
        return 2
    names = ("crib",) if args.crib else ("hand", "crib") if args.cards == 4 else ("hand",)
    tables = {
        name: show_score_distribution(is_crib=name == "crib", hand_size=args.cards)
        for name in names
    }
    if args.json:
        print(json.dumps({name: table.to_json() for name, table in tables.items()}))
    elif args.score is not None:
        for name, table in tables.items():
            print(_rarity(name, table, args.score))
    else:
        _print_table(tables)
    return 0


def _one_in(p: float) -> str:
    return f"1 in {1 / p:,.0f}" if p else "never"


def _rarity(name: str, table: ScoreDistribution, score: int) -> str:
    n = table.counts[score] if 0 <= score < len(table.counts) else 0
    return (
        f"{name}: {score} comes {n:,} times in {table.total:,} "
        f"({_one_in(table.probability(score))}); {score} or more {_one_in(table.at_least(score))}"
    )


def _print_table(tables: dict[str, ScoreDistribution]) -> None:
    first = next(iter(tables.values()))
    print(f"{first.total:,} hands with a starter ({first.hand_size} cards in hand)")
    print("score" + "".join(f"{name:>13} {'chance':>9}" for name in tables))
    for score in range(max(len(t.counts) for t in tables.values())):
        cells = "".join(
            f"{t.counts[score] if score < len(t.counts) else 0:>13,} {t.probability(score):>9.4%}"
            for t in tables.values()
        )
        print(f"{score:>5}{cells}")
    print(" mean" + "".join(f"{t.mean:>13.6f} {'':>9}" for t in tables.values()))
