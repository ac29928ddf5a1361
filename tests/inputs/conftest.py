"""Fixtures for the controls: a clock the test moves by hand, and gpiozero's mock pins."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from gpiozero import Device
from gpiozero.pins.mock import MockFactory

from pi_app.inputs.gpio import GpioControls
from pi_app.inputs.hub import InputHub
from pi_app.inputs.pins import DEFAULT_PINS, ControlPins


class FakeClock:
    """Seconds that pass only when the test says so."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def factory() -> Iterator[MockFactory]:
    previous = Device.pin_factory
    Device.pin_factory = MockFactory()
    try:
        yield Device.pin_factory
    finally:
        Device.pin_factory.reset()
        Device.pin_factory = previous


@pytest.fixture
def hub() -> InputHub:
    return InputHub()


@pytest.fixture
def controls(factory: MockFactory, clock: FakeClock, hub: InputHub) -> Iterator[GpioControls]:
    with GpioControls(ControlPins.from_mapping(DEFAULT_PINS), hub.post, clock=clock) as made:
        yield made
