"""`crib advise`: every way to lay out for the crib, ranked by expected points."""

from __future__ import annotations

import argparse
import json
import sys

from pi_app.engine.advisor.crib_model import CribModel
from pi_app.engine.advisor.discard import analyse_discards
from pi_app.engine.cards import CardError, parse_cards
from pi_app.engine.variants import PRESETS, RulesError, preset


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "advise", help="rank the ways to lay out for the crib by expected points",
        description="Every discard with its expected hand, crib and net points over every "
                    "starter and every crib the opponent may throw, best first.",
    )
    parser.add_argument("cards", nargs="+", help="the hand as dealt, e.g. 5H 5C 5S JD 2C 9S")
    whose = parser.add_mutually_exclusive_group(required=True)
    whose.add_argument("--dealer", action="store_true", help="the crib is yours")
    whose.add_argument("--pone", action="store_true", help="the crib is your opponent's")
    parser.add_argument("--variant", default="six-card", choices=sorted(PRESETS),
                        help="the game (default six-card)")
    parser.add_argument("--model", default="uniform", choices=[m.value for m in CribModel],
                        help="what the opponent throws: any two cards (uniform) or what a "
                             "good player throws (realistic)")
    parser.add_argument("--scores", nargs=2, type=int, metavar=("OWN", "OPPONENT"),
                        help="the scores, to rank by the chance of showing out near the end")
    parser.add_argument("--top", type=int, default=0, help="show only the best N options")
    parser.add_argument("--json", action="store_true", help="print JSON for programs")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    try:
        rules = preset(args.variant)
        hand = parse_cards(args.cards)
        need = None if args.scores is None else max(rules.target - args.scores[0], 1)
        options = analyse_discards(hand, dealer=args.dealer, rules=rules,
                                   model=CribModel(args.model), need=need)
    except (CardError, RulesError, ValueError) as exc:
        print(f"crib advise: {exc}", file=sys.stderr)
        return 2
    if args.top > 0:
        options = options[: args.top]
    if args.json:
        print(json.dumps({"variant": rules.name, "model": args.model, "dealer": args.dealer,
                          "options": [o.to_json() for o in options]}))
        return 0
    crib_sign = "+crib" if args.dealer else "-crib"
    extra = "  show out" if need is not None else ""
    print(f"{'throw':<8} {'keep':<15} {'hand':>6} {crib_sign:>6} {'net':>6} "
          f"{'min':>4} {'max':>4} {'12+':>5}{extra}")
    for o in options:
        out = f"  {100 * o.p_show_out:7.1f}%" if o.p_show_out is not None else ""
        print(f"{' '.join(c.code for c in o.discard):<8} {' '.join(c.code for c in o.keep):<15} "
              f"{o.hand_ev:6.2f} {o.crib_ev:6.2f} {o.net_ev:6.2f} {o.hand_min:4d} "
              f"{o.hand_max:4d} {100 * o.p_hand_12:4.0f}%{out}")
    return 0
