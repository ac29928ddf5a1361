"""The table's own controls on GPIO pins, read through gpiozero (any pin factory).

gpiozero reports raw edges; our `ButtonLogic` and `QuadratureDecoder` turn them into input
events, timed by an injectable clock so tests drive mock pins without sleeping. A small ticker
thread advances the button timers between edges (long presses and repeats happen while
nothing changes on the pins).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Any

from gpiozero import DigitalInputDevice, GPIOZeroError

from pi_app.inputs.button import ButtonLogic, ButtonTiming, HoldAction
from pi_app.inputs.events import Control, EventKind, InputEvent
from pi_app.inputs.pins import ControlPins, PinConfigError, peg_seat
from pi_app.inputs.quadrature import DetentsPerCycle, QuadratureDecoder

Clock = Callable[[], float]
Post = Callable[[InputEvent], None]

TICK_INTERVAL = 0.01
"""Seconds between timer ticks: well inside the debounce time, so releases feel instant."""


def hold_action(control: Control) -> HoldAction:
    """PEG buttons repeat while held (peg many points); every other control long-presses."""
    return "repeat" if peg_seat(control) is not None else "long_press"


class GpioControls:
    """Buttons and the rotary encoder, posting `InputEvent`s with source `gpio`.

    `post` is called from gpiozero's callback thread or the ticker thread; hand it
    `InputHub.post`, which is thread-safe.
    """

    def __init__(self, pins: ControlPins, post: Post, *,
                 timing: ButtonTiming | None = None,
                 detents_per_cycle: DetentsPerCycle = 1,
                 clock: Clock = time.monotonic,
                 pin_factory: Any = None) -> None:
        self._post = post
        self._clock = clock
        self._lock = threading.RLock()
        self._devices: list[DigitalInputDevice] = []
        self._ticker: threading.Thread | None = None
        self._stop = threading.Event()
        timing = timing or ButtonTiming()
        try:
            now = clock()
            self._buttons: dict[Control, ButtonLogic] = {}
            for control, pin in pins.buttons.items():
                device = self._open(f"{control} button", pin, pin_factory)
                self._buttons[control] = ButtonLogic(
                    hold_action(control), timing, now, pressed=device.is_active
                )
                device.when_activated = self._edge_handler(control, True)
                device.when_deactivated = self._edge_handler(control, False)
            a = self._open("encoder contact A", pins.encoder_a, pin_factory)
            b = self._open("encoder contact B", pins.encoder_b, pin_factory)
            self._contacts = [a.is_active, b.is_active]
            self._decoder = QuadratureDecoder(detents_per_cycle, *self._contacts)
            # Each edge comes with the level it changed to; reading the other pin back
            # instead could see a later level when the knob spins fast.
            a.pin.when_changed = self._contact_a_changed
            b.pin.when_changed = self._contact_b_changed
        except BaseException:
            self.close()
            raise

    def _open(self, what: str, pin: int, pin_factory: Any) -> DigitalInputDevice:
        try:
            device = DigitalInputDevice(pin, pull_up=True, pin_factory=pin_factory)
        except GPIOZeroError as exc:
            raise PinConfigError(f"cannot open GPIO{pin} for the {what}: {exc}") from exc
        self._devices.append(device)
        return device

    def _edge_handler(self, control: Control, pressed: bool) -> Callable[[], None]:
        def handler() -> None:
            with self._lock:
                self._emit(control, self._buttons[control].edge(pressed, self._clock()))
        return handler

    def _contact_a_changed(self, ticks: object, state: int) -> None:
        self._contact_changed(0, not state)  # contacts close to ground: low is closed

    def _contact_b_changed(self, ticks: object, state: int) -> None:
        self._contact_changed(1, not state)

    def _contact_changed(self, contact: int, closed: bool) -> None:
        with self._lock:
            self._contacts[contact] = closed
            steps = self._decoder.update(*self._contacts)
            if steps:
                self._post(InputEvent("turn", "encoder", steps=steps, source="gpio"))

    def _emit(self, control: Control, kinds: list[EventKind]) -> None:
        for kind in kinds:
            self._post(InputEvent(kind, control, source="gpio"))

    def tick(self) -> None:
        """Advance every button's timers to now: settles releases, fires holds and repeats."""
        with self._lock:
            now = self._clock()
            for control, logic in self._buttons.items():
                self._emit(control, logic.advance(now))

    def start(self, interval: float = TICK_INTERVAL) -> None:
        """Tick in a background thread until `close`."""
        if self._ticker is not None:
            return
        self._ticker = threading.Thread(
            target=self._run_ticker, args=(interval,), name="gpio-controls", daemon=True
        )
        self._ticker.start()

    def _run_ticker(self, interval: float) -> None:
        while not self._stop.wait(interval):
            self.tick()

    def close(self) -> None:
        """Stop ticking and release the pins. Safe to call twice."""
        self._stop.set()
        if self._ticker is not None:
            self._ticker.join()
            self._ticker = None
        for device in self._devices:
            device.close()
        self._devices.clear()

    def __enter__(self) -> GpioControls:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
