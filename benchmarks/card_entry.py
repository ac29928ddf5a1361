"""Entering a six-card hand by encoder: how many actions, how long, and the software's share.

    .venv/bin/python benchmarks/card_entry.py [--hands 5000] [--detent 0.12] [--press 0.35] [--json]

The issue's target is a six-card hand in under 20 seconds for a practised player. People are
not measured here: the time is a model, `--detent` seconds per encoder click and `--press`
seconds per press (defaults: a brisk but unhurried hand), applied to the exact actions each
random hand needs through the real `CardEntry`, entered in the dealt order and sorted by rank
(as players hold them). The software's part is measured: every action of whole hands through
gpiozero mock pins, the debouncing controls, the hub and the entry, against a baseline of the
same number of events through the hub alone, in the same run.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from gpiozero import Device
from gpiozero.pins.mock import MockFactory

from pi_app.engine.cards import Card, Deck
from pi_app.inputs.card_entry import CardEntry
from pi_app.inputs.events import InputEvent
from pi_app.inputs.gpio import GpioControls
from pi_app.inputs.hub import InputHub
from pi_app.inputs.pins import DEFAULT_PINS, ControlPins

TARGET_S = 20.0


def progress(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


def shortest(start: int, goal: int, size: int) -> int:
    forward = (goal - start) % size
    return forward if forward <= size // 2 else forward - size


def plan(hand: list[Card]) -> list[InputEvent]:
    """The fewest actions that enter `hand` in order, checked against a real `CardEntry`."""
    entry = CardEntry(len(hand))
    actions: list[InputEvent] = []

    def do(event: InputEvent) -> None:
        actions.append(event)
        feedback = entry.handle(event)
        assert feedback is not None and feedback.kind != "refused", feedback

    def dial_then_press(steps: int) -> None:
        for _ in range(abs(steps)):
            do(InputEvent("turn", "encoder", steps=1 if steps > 0 else -1))
        do(InputEvent("press", "encoder"))

    for card in hand:
        dial_then_press(shortest(entry.rank - 1, card.rank - 1, 13))
        dial_then_press(shortest(int(entry.suit), int(card.suit), 4))  # after the rank press
    assert entry.cards == hand and entry.stage == "complete"
    return actions


def seconds(actions: list[InputEvent], detent: float, press: float) -> float:
    return sum(detent if a.kind == "turn" else press for a in actions)


def model(hands: int, detent: float, press: float) -> dict[str, Any]:
    rng = random.Random(2026)
    results: dict[str, Any] = {}
    for order in ("dealt", "sorted"):
        times, counts = [], []
        for _ in range(hands):
            hand = Deck(rng=rng).deal(6)
            if order == "sorted":
                hand.sort()
            actions = plan(hand)
            counts.append(len(actions))
            times.append(seconds(actions, detent, press))
        times.sort()
        results[order] = {
            "actions_mean": round(statistics.fmean(counts), 1),
            "actions_max": max(counts),
            "seconds_mean": round(statistics.fmean(times), 1),
            "seconds_p95": round(times[int(0.95 * len(times))], 1),
            "seconds_max": round(times[-1], 1),
        }
        progress(f"  {order:>6} order: {results[order]}")
    return results


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def drive(hands: list[list[InputEvent]]) -> tuple[float, int]:
    """Every action through mock pins; returns (seconds, events delivered)."""
    Device.pin_factory = MockFactory()
    clock, hub = Clock(), InputHub()
    pins = ControlPins.from_mapping(DEFAULT_PINS)
    a, b = Device.pin_factory.pin(pins.encoder_a), Device.pin_factory.pin(pins.encoder_b)
    push = Device.pin_factory.pin(pins.buttons["encoder"])
    cw = [(0, 1), (0, 0), (1, 0), (1, 1)]
    ccw = [(1, 0), (0, 0), (0, 1), (1, 1)]
    delivered = 0
    with GpioControls(pins, hub.post, clock=clock) as controls:
        start = time.perf_counter()
        for actions in hands:
            entry = CardEntry(6)
            for action in actions:
                if action.kind == "turn":
                    for level_a, level_b in cw if action.steps > 0 else ccw:
                        a.drive_high() if level_a else a.drive_low()
                        b.drive_high() if level_b else b.drive_low()
                else:
                    for level in (0, 1):
                        push.drive_high() if level else push.drive_low()
                        clock.now += 0.05
                        controls.tick()
                for event in hub.drain():
                    entry.handle(event)
                    delivered += 1
            assert entry.stage == "complete"
        elapsed = time.perf_counter() - start
    Device.pin_factory.reset()
    return elapsed, delivered


def baseline(events: int) -> float:
    hub, event = InputHub(), InputEvent("turn", "encoder", steps=1)
    start = time.perf_counter()
    for _ in range(events):
        hub.post(event)
        hub.drain()
    return time.perf_counter() - start


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=5000, help="random hands to model")
    parser.add_argument("--detent", type=float, default=0.12, help="seconds per encoder click")
    parser.add_argument("--press", type=float, default=0.35, help="seconds per press")
    parser.add_argument("--json", action="store_true", help="one JSON object on stdout")
    args = parser.parse_args()
    if args.hands < 1 or args.detent <= 0 or args.press <= 0:
        parser.error("--hands must be at least 1, --detent and --press positive")

    progress(f"modelling {args.hands} six-card hands ({args.detent} s/click, {args.press} s/press)")
    modelled = model(args.hands, args.detent, args.press)
    rng = random.Random(7)
    sample = [plan(Deck(rng=rng).deal(6)) for _ in range(min(args.hands, 500))]
    progress(f"driving {len(sample)} hands through mock pins")
    elapsed, delivered = drive(sample)
    base = baseline(delivered)
    software = {
        "events": delivered,
        "us_per_event": round(elapsed / delivered * 1e6, 1),
        "baseline_us_per_event": round(base / delivered * 1e6, 2),
        "ratio_to_baseline": round(elapsed / base, 1),
        "software_ms_per_hand": round(elapsed / len(sample) * 1e3, 2),
    }
    report = {"target_s": TARGET_S, "detent_s": args.detent, "press_s": args.press,
              "hands": args.hands, "model": modelled, "software": software}
    if args.json:
        print(json.dumps(report))
        return 0
    for order, figures in modelled.items():
        print(f"six-card hand, {order} order: {figures['actions_mean']} actions on average "
              f"(at most {figures['actions_max']}); {figures['seconds_mean']} s on average, "
              f"95% within {figures['seconds_p95']} s, worst {figures['seconds_max']} s "
              f"(target {TARGET_S:.0f} s)")
    print(f"software: {software['us_per_event']} us per event from pin edges to the entry, "
          f"gpiozero mock pins included "
          f"({software['ratio_to_baseline']}x the hub alone, "
          f"{software['baseline_us_per_event']} us); "
          f"{software['software_ms_per_hand']} ms of CPU per hand")
    return 0


if __name__ == "__main__":
    sys.exit(main())
