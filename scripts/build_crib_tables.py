#!/usr/bin/env python3
"""Build the realistic crib tables: what a good player throws, found by iterating to agreement.

Start from the uniform model (the other player's two crib cards are any two unseen cards).
Deal many six-card hands, let the advisor lay out from each as dealer and as pone, and count
which rank pairs it throws in each role. Those counts, divided by how often two random cards
form each pair, are the new weights of the other player's discard. Repeat with the new
weights until the crib values stop moving, then write pi_app/engine/data/crib_tables.json.

    .venv/bin/python scripts/build_crib_tables.py [--hands 10000] [--seed 1] [--workers 2]
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import numpy as np

from pi_app.engine.advisor.crib_model import CRIB_TABLES_FILE, CribModel, PairWeights, Role
from pi_app.engine.advisor.discard import analyse_discards, crib_ev
from pi_app.engine.cards import DECK, Card, Suit

OUT = Path(__file__).resolve().parent.parent / "pi_app" / "engine" / "data" / CRIB_TABLES_FILE
RANK_LABELS = "A23456789TJQK"


def random_pair_chance() -> np.ndarray:
    """How often two random cards have ranks (a, b), either order: 16/1326 or 6/1326."""
    chance = np.full((13, 13), 16 / 1326 / 2)
    np.fill_diagonal(chance, 6 / 1326)
    return chance


def tally(args: tuple[int, int, PairWeights | None]) -> tuple[np.ndarray, np.ndarray]:
    """Rank pairs the advisor throws as dealer and as pone, over `hands` seeded deals."""
    seed, hands, tables = args
    rng = random.Random(seed)
    counts = {role: np.zeros((13, 13)) for role in Role}
    model = CribModel.UNIFORM if tables is None else CribModel.REALISTIC
    for _ in range(hands):
        hand = rng.sample(DECK, 6)
        for role in Role:
            best = analyse_discards(hand, dealer=role is Role.DEALER, model=model, tables=tables)
            a, b = (c.rank - 1 for c in best[0].discard)
            counts[role][a, b] += 0.5
            counts[role][b, a] += 0.5
    return counts[Role.DEALER], counts[Role.PONE]


def weights_from(counts: np.ndarray) -> np.ndarray:
    """Likelihood ratio of each pair, with one random pair's worth of prior for rare pairs."""
    chance = random_pair_chance()
    return (counts + chance) / ((counts.sum() + 1) * chance)


def crib_values(tables: PairWeights | None, dealer: bool) -> np.ndarray:
    """Expected crib for each thrown rank pair (off-suit: clubs and diamonds, then hearts)."""
    model = CribModel.UNIFORM if tables is None else CribModel.REALISTIC
    values = np.zeros((13, 13))
    for a in range(13):
        for b in range(a, 13):
            pair = [Card.of(a + 1, Suit.CLUBS), Card.of(b + 1, Suit.DIAMONDS)]
            values[a, b] = values[b, a] = crib_ev(
                pair, pair, model=model, dealer=dealer, tables=tables
            )
    return values


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=10000, help="deals per iteration")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--max-iterations", type=int, default=10)
    parser.add_argument("--tolerance", type=float, default=0.03,
                        help="stop when no crib value moves by more than this")
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args()
    tables: PairWeights | None = None
    previous = {True: crib_values(None, True), False: crib_values(None, False)}
    uniform = previous[True]
    history = []
    share = -(-args.hands // args.workers)
    with ProcessPoolExecutor(args.workers) as pool:
        for iteration in range(1, args.max_iterations + 1):
            started = time.perf_counter()
            jobs = [(args.seed * 1000 + iteration * 10 + w, share, tables)
                    for w in range(args.workers)]
            results = list(pool.map(tally, jobs))
            dealer_counts = sum(r[0] for r in results)
            pone_counts = sum(r[1] for r in results)
            tables = PairWeights(dealer=weights_from(dealer_counts),
                                 pone=weights_from(pone_counts))
            current = {True: crib_values(tables, True), False: crib_values(tables, False)}
            moved = max(float(np.abs(current[d] - previous[d]).max()) for d in (True, False))
            history.append(round(moved, 4))
            print(f"iteration {iteration}: largest change {moved:.3f} points "
                  f"({time.perf_counter() - started:.0f} s); 5-5 in own crib "
                  f"{current[True][4, 4]:.2f}, T-K in own crib "
                  f"{current[True][9, 12]:.2f}; thrown by the pone: "
                  f"5-5 {current[False][4, 4]:.2f}, T-K {current[False][9, 12]:.2f}",
                  file=sys.stderr)
            previous = current
            if moved < args.tolerance:
                break
    assert tables is not None

    def grid(table: np.ndarray, digits: int) -> list[list[float]]:
        return [[round(float(x), digits) for x in row] for row in table]

    data = {
        "about": "Realistic crib model for the two-hand six-card game: see docs/advisor.md. "
                 "pair_weights.<role>[a][b]: how much likelier ranks a+1, b+1 are among that "
                 "role's discards than among two random cards. crib_ev.<role>[a][b]: expected "
                 "crib (without heels) when that role throws ranks a+1, b+1 off-suit.",
        "ranks": RANK_LABELS,
        "hands_per_iteration": share * args.workers,
        "seed": args.seed,
        "iterations": len(history),
        "largest_change_per_iteration": history,
        "pair_weights": {Role.DEALER.value: grid(tables.dealer, 5),
                         Role.PONE.value: grid(tables.pone, 5)},
        "crib_ev": {Role.DEALER.value: grid(previous[True], 3),
                    Role.PONE.value: grid(previous[False], 3)},
        "uniform_crib_ev": grid(uniform, 3),
    }
    args.out.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
