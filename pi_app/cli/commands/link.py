"""`crib link`: check the serial link to the microcontroller, and find it."""

from __future__ import annotations

import argparse
import json
import sys

from pi_app.link.discovery import pico_ports
from pi_app.link.driver import AUTO
from pi_app.link.selftest import LinkTestError, run_link_test


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser("link", help="the serial link to the LED microcontroller")
    actions = parser.add_subparsers(dest="link_command", metavar="ACTION", required=True)
    test = actions.add_parser("test", help="send test frames; report latency and errors")
    test.add_argument("--port", default=AUTO,
                      help="serial port or URL: /dev/ttyACM1, sim://, loop:// (default: auto)")
    test.add_argument("--frames", type=int, default=100, help="test frames to send (100)")
    test.add_argument("--corrupt", type=float, default=0.0,
                      help="fraction of bytes to flip a bit in, both ways (0)")
    test.add_argument("--leds", type=int, help="LED count (default: what the device says)")
    test.add_argument("--seed", type=int, default=0, help="seed for --corrupt (0)")
    test.add_argument("--json", action="store_true", help="print JSON for programs")
    test.set_defaults(func=run_test)
    ports = actions.add_parser("ports", help="list Pico data ports, likeliest first")
    ports.add_argument("--json", action="store_true", help="print JSON for programs")
    ports.set_defaults(func=run_ports)


def _progress(done: int, total: int) -> None:
    if sys.stderr.isatty():
        end = "\n" if done == total else ""
        print(f"\rcrib link test: {done}/{total} frames", end=end, file=sys.stderr, flush=True)


def run_test(args: argparse.Namespace) -> int:
    if args.leds is not None and args.leds < 1:
        print(f"crib link test: --leds must be at least 1, got {args.leds}", file=sys.stderr)
        return 2
    try:
        report = run_link_test(args.port, args.frames, args.corrupt, led_count=args.leds,
                               seed=args.seed, progress=_progress)
    except ValueError as exc:
        print(f"crib link test: {exc}", file=sys.stderr)
        return 2
    except LinkTestError as exc:
        print(f"crib link test: {exc}", file=sys.stderr)
        return 1
    if args.json:
        print(json.dumps(report))
    else:
        latency = report["latency_ms"]
        print(f"frames sent {report['frames_sent']}, applied {report['frames_applied']}, "
              f"rejected {report['frames_rejected']}")
        print(f"round trip p50 {latency['p50']} ms, p99 {latency['p99']} ms")
        print("final frame shown exactly" if report["final_frame_ok"]
              else "FINAL FRAME WRONG: the strip does not show the last frame sent")
    return 0 if report["final_frame_ok"] else 1


def run_ports(args: argparse.Namespace) -> int:
    found = pico_ports()
    if args.json:
        print(json.dumps({"ports": found}))
    elif found:
        print("\n".join(found))
    else:
        print("no Pico found", file=sys.stderr)
    return 0 if found else 1
