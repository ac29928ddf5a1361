"""How long the table takes to be ready as a service, and to stop cleanly.

systemd waits for READY=1 (`Type=notify`) before it counts the table as started, and gives a
stopping table `TimeoutStopSec` (10 s in deploy/crib.service.in) to blank the strip and close
the game log before it kills it. This runs the real `crib start` under a notify socket made
here (on a laptop with the simulator's stand-ins; on a Pi with the real hardware, so stop
crib.service first), and times start to READY=1 and SIGTERM to exit. The baseline, measured
in the same run, is a bare `python -c pass`: start-up cost above that is ours.

    .venv/bin/python benchmarks/service.py [--json] [--runs N]
"""

from __future__ import annotations

import argparse
import json
import os
import select
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

STOP_BUDGET_S = 10.0
"""TimeoutStopSec in the unit: a stop slower than this is a SIGKILL and a lit board."""


def bare_python() -> float:
    started = time.perf_counter()
    subprocess.run([sys.executable, "-c", "pass"], check=True)
    return time.perf_counter() - started


def one_service_run(folder: Path) -> tuple[float, float]:
    """Seconds from launch to READY=1, and from SIGTERM to a clean exit."""
    notify = folder / "notify"
    notify.unlink(missing_ok=True)
    config = folder / "config.toml"
    config.write_text(f'[speech]\nenabled = false\n[storage]\npath = "{folder / "g.sqlite"}"\n')
    env = {k: v for k, v in os.environ.items() if not k.startswith(("CRIB_", "NOTIFY_"))}
    env["NOTIFY_SOCKET"] = str(notify)
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as server:
        server.bind(str(notify))
        started = time.perf_counter()
        process = subprocess.Popen(
            [sys.executable, "-m", "pi_app.cli", "start", "--no-browser", "--port", "0",
             "--config", str(config)], env=env, stdout=subprocess.DEVNULL)
        try:
            while True:
                if not select.select([server], [], [], 60)[0]:
                    raise SystemExit("benchmarks/service.py: crib start never said READY=1")
                if server.recv(512) == b"READY=1":
                    break
            ready = time.perf_counter() - started
            stopping = time.perf_counter()
            process.send_signal(signal.SIGTERM)
            code = process.wait(timeout=STOP_BUDGET_S * 2)
            stopped = time.perf_counter() - stopping
        finally:
            if process.poll() is None:
                process.kill()
    if code != 0:
        raise SystemExit(f"benchmarks/service.py: crib start exited {code} on SIGTERM")
    return ready, stopped


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="service starts to time (5)")
    parser.add_argument("--json", action="store_true", help="print JSON only")
    args = parser.parse_args()
    if args.runs < 1:
        parser.error("--runs must be at least 1")
    baseline = statistics.median(bare_python() for _ in range(args.runs))
    readies, stops = [], []
    tty = sys.stderr.isatty()
    with tempfile.TemporaryDirectory() as scratch:
        for run in range(args.runs):
            if tty:
                print(f"\rservice run {run + 1}/{args.runs}", end="", file=sys.stderr,
                      flush=True)
            ready, stopped = one_service_run(Path(scratch))
            readies.append(ready)
            stops.append(stopped)
    if tty:
        print(file=sys.stderr)
    result = {
        "runs": args.runs,
        "bare_python_s": round(baseline, 3),
        "start_to_ready_s": round(statistics.median(readies), 3),
        "sigterm_to_exit_s": round(statistics.median(stops), 3),
        "ready_over_bare_python": round(statistics.median(readies) / baseline, 1),
        "stop_budget_s": STOP_BUDGET_S,
        "stop_within_budget": max(stops) < STOP_BUDGET_S,
    }
    if args.json:
        print(json.dumps(result))
    else:
        print(f"bare python start:          {result['bare_python_s']:.3f} s (baseline)")
        print(f"crib start to READY=1:      {result['start_to_ready_s']:.3f} s "
              f"({result['ready_over_bare_python']}x the baseline), median of {args.runs}")
        print(f"SIGTERM to clean exit:      {result['sigterm_to_exit_s']:.3f} s "
              f"(systemd allows {STOP_BUDGET_S:g} s; slowest {max(stops):.3f} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
