"""`crib score`: count a hand or crib aloud and itemised."""

from __future__ import annotations

import argparse
import json
import sys

from pi_app.engine import CardError, parse_card, parse_cards, score_show


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser("score", help="count a hand or crib with its starter")
    parser.add_argument("cards", nargs="+", help="the hand: 3 to 5 cards, e.g. 5H 5C 5S JD")
    parser.add_argument("--starter", required=True, help="the starter card, e.g. 5D")
    parser.add_argument("--crib", action="store_true", help="count as a crib (flush needs all 5)")
    parser.add_argument(
        "--four-card-crib-flush", action="store_true",
        help="house rule: a crib's four-card flush counts 4 without the starter",
    )
    parser.add_argument("--json", action="store_true", help="print JSON for programs")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    try:
        hand = parse_cards(args.cards)
        starter = parse_card(args.starter)
        result = score_show(
            hand, starter, is_crib=args.crib, four_card_crib_flush=args.four_card_crib_flush
        )
    except CardError as exc:
        print(f"crib score: {exc}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(result.to_json()))
        return 0
    print(f"{result.spoken}.")
    for item in result.items:
        print(f"  {item.kind:<10} {' '.join(c.code for c in item.cards):<16} {item.points:>2}")
    print(f"  {'total':<27} {result.total:>2}")
    return 0
