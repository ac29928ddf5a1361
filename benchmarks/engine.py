"""Rules-engine speed: the odds tables, one hand's score, and the protocol's request rate.

    .venv/bin/python benchmarks/engine.py [--json] [--requests N]

Each figure comes with its target and a baseline measured in the same run, since the machine
may be shared: the odds against scoring every combination one by one (timed on a random
sample, extrapolated), the protocol over a pipe against the same requests in-process.
Progress goes to stderr; `--json` prints one clean JSON object on stdout.
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pi_app.engine.cards import DECK, Card
from pi_app.engine.odds import combinations_count, show_score_distribution
from pi_app.engine.scoring import rank_points, score_show, show_points
from pi_app.engine_protocol.server import EngineSession

ODDS_TARGET_S = 2.0
SHOW_POINTS_TARGET_US = 20.0
REQUESTS_TARGET_PER_S = 10_000


def progress(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


def best_of(repeats: int, work: Callable[[], object]) -> float:
    """The fastest of `repeats` runs, in seconds: the least disturbed by other load."""
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return min(times)


def random_deals(count: int, seed: int = 2024) -> list[tuple[list[Card], Card]]:
    rng = random.Random(seed)
    deals = []
    for _ in range(count):
        cards = rng.sample(DECK, 5)
        deals.append((cards[:4], cards[4]))
    return deals


def bench_odds(sample: int) -> dict[str, float]:
    progress("odds: both tables from cold caches ...")

    def cold_tables() -> None:
        show_score_distribution.cache_clear()
        rank_points.cache_clear()
        show_score_distribution(is_crib=False)
        show_score_distribution(is_crib=True)

    seconds = best_of(3, cold_tables)
    progress(f"odds: baseline, show_points on {sample:,} random combinations, extrapolated ...")
    deals = random_deals(sample)
    per_combo = best_of(
        2, lambda: [show_points(h, s, is_crib=c) for h, s in deals for c in (False, True)]
    ) / (2 * sample)
    naive = per_combo * 2 * combinations_count(4)
    return {
        "odds_both_tables_s": seconds,
        "odds_one_by_one_s": naive,
        "odds_speedup": naive / seconds,
    }


def bench_show(sample: int) -> dict[str, float]:
    progress(f"show: {sample:,} random hands, fast total and itemised ...")
    deals = random_deals(sample, seed=7)
    fast = best_of(3, lambda: [show_points(h, s) for h, s in deals]) / sample
    itemised = best_of(3, lambda: [score_show(h, s) for h, s in deals]) / sample
    return {
        "show_points_us": fast * 1e6,
        "score_show_us": itemised * 1e6,
        "itemised_over_fast": itemised / fast,
    }


def score_lines(count: int) -> list[str]:
    return [
        json.dumps({"op": "score", "hand": [c.code for c in hand], "starter": s.code, "id": n})
        for n, (hand, s) in enumerate(random_deals(count, seed=11))
    ]


def bench_in_process(lines: list[str]) -> float:
    session = EngineSession()
    seconds = best_of(3, lambda: [json.dumps(session.handle(line)) for line in lines])
    return len(lines) / seconds


def bench_pipe(lines: list[str]) -> float:
    """Requests per second through `crib engine` over pipes, writer and reader overlapped."""
    engine = subprocess.Popen(
        [sys.executable, "-m", "pi_app.cli", "engine"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1 << 16,
    )
    assert engine.stdin is not None and engine.stdout is not None
    warm = json.dumps({"op": "peg", "played": ["5H"]})
    engine.stdin.write(warm + "\n")
    engine.stdin.flush()
    engine.stdout.readline()  # started and imported: time only the requests

    def write_all() -> None:
        assert engine.stdin is not None
        for line in lines:
            engine.stdin.write(line + "\n")
        engine.stdin.close()

    start = time.perf_counter()
    writer = threading.Thread(target=write_all)
    writer.start()
    replies = sum(1 for reply in engine.stdout if json.loads(reply)["ok"])
    seconds = time.perf_counter() - start
    writer.join()
    engine.wait()
    if replies != len(lines):
        raise RuntimeError(f"only {replies} of {len(lines)} requests answered ok")
    return len(lines) / seconds


def bench_protocol(requests: int) -> dict[str, float]:
    lines = score_lines(requests)
    progress(f"protocol: {requests:,} score requests in-process ...")
    in_process = bench_in_process(lines)
    progress(f"protocol: {requests:,} score requests through `crib engine` over a pipe ...")
    pipe = bench_pipe(lines)
    return {
        "protocol_in_process_per_s": in_process,
        "protocol_pipe_per_s": pipe,
        "pipe_over_in_process": pipe / in_process,
    }


def report(figures: dict[str, Any]) -> str:
    f = figures
    return "\n".join([
        f"odds, hand and crib tables     {f['odds_both_tables_s']:8.3f} s     target < "
        f"{ODDS_TARGET_S:.0f} s",
        f"  baseline, every combination one by one: show_points ~{f['odds_one_by_one_s']:.0f} s "
        f"({f['odds_speedup']:,.0f}x slower), score_show ~{f['odds_itemised_one_by_one_s']:.0f} s",
        f"show_points, one hand          {f['show_points_us']:8.2f} us    target < "
        f"{SHOW_POINTS_TARGET_US:.0f} us",
        f"score_show, itemised           {f['score_show_us']:8.2f} us    "
        f"({f['itemised_over_fast']:.1f}x show_points)",
        f"protocol score, in-process     {f['protocol_in_process_per_s']:8,.0f} /s    target >= "
        f"{REQUESTS_TARGET_PER_S:,} /s",
        f"protocol score, over a pipe    {f['protocol_pipe_per_s']:8,.0f} /s    "
        f"({f['pipe_over_in_process']:.2f}x in-process)",
    ])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--requests", type=int, default=20_000, help="protocol requests to time")
    parser.add_argument("--sample", type=int, default=50_000, help="hands for per-hand timings")
    args = parser.parse_args()
    figures: dict[str, Any] = {
        **bench_odds(args.sample), **bench_show(args.sample), **bench_protocol(args.requests),
    }
    figures["odds_itemised_one_by_one_s"] = (
        figures["score_show_us"] * 1e-6 * 2 * combinations_count(4)
    )
    figures["targets_met"] = (
        figures["odds_both_tables_s"] < ODDS_TARGET_S
        and figures["show_points_us"] < SHOW_POINTS_TARGET_US
        and figures["protocol_in_process_per_s"] >= REQUESTS_TARGET_PER_S
        and figures["protocol_pipe_per_s"] >= REQUESTS_TARGET_PER_S
    )
    if args.json:
        rounded = {k: round(v, 4) if isinstance(v, float) else v for k, v in figures.items()}
        print(json.dumps(rounded))
    else:
        print(report(figures))
        print("all targets met" if figures["targets_met"] else "SOME TARGETS MISSED")
    return 0


if __name__ == "__main__":
    sys.exit(main())
