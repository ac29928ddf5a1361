#!/usr/bin/env python3
"""How fast is the advisor? Discard analyses and play decisions, timed on one core.

- One six-card analysis: all 15 discards, exact hand EV over 46 starters and crib EV over
  1,035 opponent pairs x 44 starters (uniform), then the same with the realistic tables.
- Baseline, measured in the same run: the straightforward enumeration with `show_points`
  on every hand and crib, timed on a few discards and extrapolated to 15 per analysis.
- Play decisions at each level, from the opening lead (the largest search) onward.

    .venv/bin/python benchmarks/advisor.py [--hands 300] [--decisions 200] [--json]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from itertools import combinations

from pi_app.engine import DECK, Card, show_points
from pi_app.engine.advisor.crib_model import CribModel
from pi_app.engine.advisor.discard import analyse_discards
from pi_app.engine.advisor.levels import Level, advise_play
from pi_app.engine.advisor.pegging import PlayState


def brute_force_discard(hand: list[Card], discard: tuple[Card, ...]) -> tuple[float, float]:
    """Hand and crib EV of one discard by dealing out every starter and every crib."""
    keep = [c for c in hand if c not in discard]
    unseen = [c for c in DECK if c not in hand]
    hand_ev = sum(show_points(keep, s) for s in unseen) / len(unseen)
    total = deals = 0
    for a, b in combinations(unseen, 2):
        crib = [*discard, a, b]
        for starter in unseen:
            if starter is not a and starter is not b:
                total += show_points(crib, starter, is_crib=True)
                deals += 1
    return hand_ev, total / deals


def _ms(seconds: list[float]) -> dict[str, float]:
    ordered = sorted(seconds)
    return {
        "mean_ms": round(1000 * statistics.fmean(ordered), 3),
        "p95_ms": round(1000 * ordered[int(0.95 * (len(ordered) - 1))], 3),
        "max_ms": round(1000 * ordered[-1], 3),
    }


def time_analyses(hands: list[list[Card]], model: CribModel) -> list[float]:
    times = []
    for i, hand in enumerate(hands):
        started = time.perf_counter()
        analyse_discards(hand, dealer=i % 2 == 0, model=model)
        times.append(time.perf_counter() - started)
    return times


def play_positions(rng: random.Random, count: int) -> list[PlayState]:
    """Random positions: half opening leads (4 cards each, nothing played), half mid-play."""
    positions = []
    for i in range(count):
        deck = list(DECK)
        rng.shuffle(deck)
        starter, hand, rest = deck[0], deck[1:5], deck[5:]
        played: list[Card] = []
        if i % 2:
            for card in rest[: rng.randint(1, 3)]:
                if sum(c.value for c in played) + card.value <= 31:
                    played.append(card)
            hand = hand[: 4 - len(played) // 2]
        positions.append(PlayState(
            hand=tuple(hand), played=tuple(played), history=tuple(played), starter=starter,
            opponent_cards_left=4 - (len(played) + 1) // 2,
        ))
    return positions


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=300, help="six-card hands to analyse")
    parser.add_argument("--baseline-discards", type=int, default=4,
                        help="discards timed by brute force, extrapolated to 15")
    parser.add_argument("--decisions", type=int, default=200, help="play positions per level")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--json", action="store_true", help="print JSON only")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    hands = [rng.sample(DECK, 6) for _ in range(args.hands)]
    analyse_discards(hands[0], dealer=True, model=CribModel.REALISTIC)  # build tables once

    def progress(text: str) -> None:
        if not args.json:
            print(text, file=sys.stderr, flush=True)

    progress(f"timing {args.hands} analyses per model ...")
    uniform = time_analyses(hands, CribModel.UNIFORM)
    realistic = time_analyses(hands, CribModel.REALISTIC)
    progress(f"timing the brute-force baseline on {args.baseline_discards} discards ...")
    brute: list[float] = []
    for i in range(args.baseline_discards):
        hand = hands[i]
        discard = list(combinations(hand, 2))[i % 15]
        started = time.perf_counter()
        brute_force_discard(hand, discard)
        brute.append(time.perf_counter() - started)
    baseline_ms = 15 * 1000 * statistics.fmean(brute)
    uniform_ms = 1000 * statistics.fmean(uniform)
    plays: dict[str, dict[str, float]] = {}
    positions = play_positions(rng, args.decisions)
    for level in Level:
        progress(f"timing {args.decisions} play decisions at {level.value} ...")
        times = []
        for position in positions:
            started = time.perf_counter()
            advise_play(position, level, rng=rng)
            times.append(time.perf_counter() - started)
        plays[level.value] = _ms(times)
    report = {
        "analysis_uniform": _ms(uniform),
        "analysis_realistic": _ms(realistic),
        "baseline_brute_force_ms_per_analysis": round(baseline_ms, 1),
        "speedup_vs_baseline": round(baseline_ms / uniform_ms, 1),
        "play_decision": plays,
    }
    if args.json:
        print(json.dumps(report, indent=1))
        return 0
    print(f"six-card analysis, 15 discards, uniform:   {report['analysis_uniform']}")
    print(f"six-card analysis, 15 discards, realistic: {report['analysis_realistic']}")
    print(f"brute-force baseline (same run): {baseline_ms:.0f} ms per analysis "
          f"(extrapolated from {args.baseline_discards} discards); "
          f"advisor is {report['speedup_vs_baseline']}x faster")
    for level, figures in plays.items():
        print(f"play decision, {level:<9} {figures}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
