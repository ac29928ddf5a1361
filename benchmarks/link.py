"""Serial link figures: bytes per board update (delta vs full), encode/decode throughput,
and round-trip latency over the in-process emulated board (`sim://`).

    .venv/bin/python benchmarks/link.py [--leds 363] [--rounds 300] [--json]

Throughput is quoted against binascii.crc_hqx (C) over the same bytes, and latency against
a bare two-thread handoff, both measured in the same run, since the machine is shared.
"""

from __future__ import annotations

import argparse
import binascii
import json
import statistics
import sys
import threading
import time
from collections.abc import Callable

from pi_app.board.strip import RGB
from pi_app.link import wire
from pi_app.link.driver import PicoLink

FRONT, BACK = (255, 40, 0), (120, 20, 0)


def board(led_count: int, front: int, back: int, lit: RGB | None = None) -> bytes:
    """One player's front and back pegs on an otherwise dark (or all-`lit`) board."""
    pixels = [lit or (0, 0, 0)] * led_count
    pixels[front % led_count], pixels[back % led_count] = FRONT, BACK
    return b"".join(bytes(p) for p in pixels)


def update_sizes(led_count: int) -> dict[str, dict[str, int]]:
    """Wire bytes for each kind of board update, sent as a full frame and as a delta."""
    start = board(led_count, 40, 35)
    moves = {
        "peg two holes on": board(led_count, 42, 40),
        "peg a 12-point hand on": board(led_count, 52, 40),
        "both pegs leapfrog": board(led_count, 60, 52),
        "score flash (all lit)": board(led_count, 40, 35, lit=(0, 0, 60)),
    }
    sizes = {}
    for name, after in moves.items():
        full = len(wire.encode(wire.FULL, 1, after))
        delta = len(wire.encode(wire.DELTA, 1, wire.delta_body(0, start, after)))
        sizes[name] = {"full": full, "delta": delta, "sent": min(full, delta)}
    return sizes


def per_second(action: Callable[[], object], seconds: float = 0.4) -> float:
    count, started = 0, time.perf_counter()
    while (elapsed := time.perf_counter() - started) < seconds:
        action()
        count += 1
    return count / elapsed


def throughput(led_count: int) -> dict[str, float]:
    frame = bytes((i * 37) % 256 for i in range(3 * led_count))
    encoded = wire.encode(wire.FULL, 1, frame)
    decoder = wire.Decoder()
    crc_c = per_second(lambda: binascii.crc_hqx(frame, 0xFFFF))
    encodes = per_second(lambda: wire.encode(wire.FULL, 1, frame))
    decodes = per_second(lambda: decoder.feed(encoded))
    return {
        "full_frame_bytes": len(encoded),
        "encode_frames_per_s": round(encodes),
        "decode_frames_per_s": round(decodes),
        "encode_mb_per_s": round(encodes * len(frame) / 1e6, 2),
        "decode_mb_per_s": round(decodes * len(frame) / 1e6, 2),
        "baseline_c_crc_per_s": round(crc_c),
        "encode_vs_c_crc": round(crc_c / encodes, 1),
    }


def handoff_us(rounds: int) -> list[float]:
    """The floor: one thread wakes another and is woken back."""
    ping, pong = threading.Event(), threading.Event()

    def echo() -> None:
        for _ in range(rounds):
            ping.wait()
            ping.clear()
            pong.set()

    threading.Thread(target=echo, daemon=True).start()
    times = []
    for _ in range(rounds):
        started = time.perf_counter()
        ping.set()
        pong.wait()
        pong.clear()
        times.append((time.perf_counter() - started) * 1e6)
    return times


def quantiles(values_ms: list[float]) -> dict[str, float]:
    ordered = sorted(values_ms)
    return {"p50": round(statistics.median(ordered), 3),
            "p99": round(ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))], 3)}


def latency(led_count: int, rounds: int, progress: Callable[[str], None]) -> dict[str, object]:
    link = PicoLink(f"sim://?leds={led_count}", led_count)
    try:
        if not link.wait_connected(5):
            raise SystemExit("benchmarks/link.py: the emulated board did not answer")
        progress("ping")
        pings = [link.ping(b"t") for _ in range(rounds)]
        progress("frames")

        def shown_ms(frame: bytes) -> float:
            started = time.perf_counter()
            link.show([(frame[i], frame[i + 1], frame[i + 2]) for i in range(0, len(frame), 3)])
            link.wait_shown(2)
            return (time.perf_counter() - started) * 1000

        shown_ms(board(led_count, 0, 0))
        # Peg moves go as deltas; whole-board colour changes as full frames (smaller so).
        delta = [shown_ms(board(led_count, 40 + i, 35 + i)) for i in range(rounds)]
        full = [shown_ms(board(led_count, 0, 1, lit=(i % 200 + 1, 0, 9))) for i in range(rounds)]
        if link.stats.delta_frames < rounds or link.stats.full_frames < rounds:
            raise SystemExit("benchmarks/link.py: frames did not go as deltas and full frames")
        floor = handoff_us(rounds)
        return {
            "ping_ms": quantiles([p * 1000 for p in pings if p is not None]),
            "full_frame_ms": quantiles(full),
            "delta_frame_ms": quantiles(delta),
            "baseline_thread_handoff_ms": quantiles([t / 1000 for t in floor]),
        }
    finally:
        link.close(blank=False)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--leds", type=int, default=363, help="LEDs on the board (363)")
    parser.add_argument("--rounds", type=int, default=300, help="latency samples (300)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args()

    def progress(step: str) -> None:
        print(f"benchmarks/link.py: {step}...", file=sys.stderr, flush=True)

    progress("update sizes")
    sizes = update_sizes(args.leds)
    progress("throughput")
    speed = throughput(args.leds)
    times = latency(args.leds, args.rounds, progress)
    result = {"leds": args.leds, "bytes_per_update": sizes, "throughput": speed,
              "latency": times}
    if args.json:
        print(json.dumps(result))
        return 0
    print(f"bytes on the wire per update, {args.leds} LEDs (full frame vs delta):")
    for name, size in sizes.items():
        print(f"  {name:<24} full {size['full']:>5}   delta {size['delta']:>5}"
              f"   sent {size['sent']:>5} ({size['full'] / size['sent']:.0f}x smaller than full)")
    print(f"encode {speed['encode_frames_per_s']} full frames/s "
          f"({speed['encode_mb_per_s']} MB/s), decode {speed['decode_frames_per_s']}/s "
          f"({speed['decode_mb_per_s']} MB/s); C CRC alone is {speed['encode_vs_c_crc']}x "
          "faster than a whole encode")
    floor = times["baseline_thread_handoff_ms"]["p50"]  # type: ignore[index]
    print(f"round trips over sim:// (baseline: a bare two-thread handoff, p50 {floor} ms):")
    for name, value in times.items():
        p50, p99 = value["p50"], value["p99"]  # type: ignore[index]
        print(f"  {name:<28} p50 {p50} ms   p99 {p99} ms   ({p50 / floor:.0f}x the handoff)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
