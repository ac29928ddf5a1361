"""Which GPIO pin each control is wired to (BCM numbers), and the checks that catch a bad map.

The defaults (see `hw/controls.md`) keep clear of every pin the rest of the table may use:
the LED strip's PWM, PCM and SPI pins, the I2C and HAT ID pins, and the UART to the
microcontroller. A map that uses one of those anyway is allowed, with a warning naming the
clash, because a given build may not use that peripheral; a pin used twice, or one that is not
on the 40-pin header, is an error.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from pi_app.inputs.events import Control

HEADER_GPIOS = range(0, 28)
"""BCM GPIO numbers that reach the 40-pin header."""

BUTTONS: tuple[Control, ...] = ("go", "undo", "ok", "encoder_push")
"""Buttons every table has, besides one PEG button per player (`peg0`, `peg1`, ...)."""
ENCODER: tuple[str, str] = ("encoder_a", "encoder_b")
MAX_PLAYERS = 4

DEFAULT_PINS: Mapping[str, int] = MappingProxyType({
    "encoder_a": 17,
    "encoder_b": 27,
    "encoder_push": 22,
    "go": 5,
    "undo": 6,
    "ok": 26,
    "peg0": 23,
    "peg1": 24,
    "peg2": 25,
})
"""Physical pins 11, 13, 15 (encoder), 29, 31, 37 (GO, UNDO, OK), 16, 18, 22 (PEG 0-2)."""

AVOID: Mapping[int, str] = MappingProxyType({
    0: "the HAT ID EEPROM (I2C0)", 1: "the HAT ID EEPROM (I2C0)",
    2: "I2C1 SDA", 3: "I2C1 SCL",
    7: "SPI0 CE1", 8: "SPI0 CE0", 9: "SPI0 MISO", 10: "the SPI LED strip (SPI0 MOSI)",
    11: "SPI0 SCLK",
    12: "the PWM LED strip (PWM0)", 13: "a second LED strip (PWM1)",
    14: "the UART to the microcontroller (TX)", 15: "the UART to the microcontroller (RX)",
    18: "the PWM LED strip (PWM0)", 19: "a second LED strip (PWM1) or PCM",
    20: "PCM audio (DIN)", 21: "the PCM LED strip (PCM DOUT)",
})
"""Pins the controls keep clear of, and why."""

_PEG = re.compile(r"peg(0|[1-9][0-9]*)")


def peg_seat(control: Control) -> int | None:
    """The seat whose PEG button `control` is (`peg2` is seat 2), or None for other controls."""
    match = _PEG.fullmatch(control)
    return int(match.group(1)) if match else None


class PinConfigError(ValueError):
    """A control pin map that cannot work; the message names the setting."""


@dataclass(frozen=True, slots=True)
class ControlPins:
    """A checked map from control to BCM pin. Buttons and encoder contacts close to ground;
    the internal pull-ups hold them high when open."""

    buttons: Mapping[Control, int]
    """Every button, PEG buttons included, by the control name its events carry: the
    encoder's own switch (`pins.encoder_push`) is the control `encoder`, like its turns."""
    encoder_a: int
    encoder_b: int
    warnings: tuple[str, ...] = ()
    """Pins that work but may clash with other hardware; show them at start-up."""

    @property
    def players(self) -> int:
        """How many players have a PEG button."""
        return sum(1 for name in self.buttons if peg_seat(name) is not None)

    @classmethod
    def from_mapping(cls, pins: Mapping[str, object], *,
                     in_use: Mapping[int, str] | None = None) -> ControlPins:
        """Check a `[pins]` table. Names that are not controls (such as `led`) belong to
        other hardware: a control on the same pin is an error naming both. `in_use` adds
        pins taken by hardware configured elsewhere, e.g. `{18: "the LED strip"}`."""
        taken: dict[int, str] = {pin: why for pin, why in (in_use or {}).items()}
        for name, pin in pins.items():
            if not _is_control_pin(name) and isinstance(pin, int) and not isinstance(pin, bool):
                taken.setdefault(pin, f"pins.{name}")
        controls = {name: _check_pin(name, pin) for name, pin in pins.items()
                    if _is_control_pin(name)}
        missing = [name for name in (*ENCODER, *BUTTONS, "peg0", "peg1") if name not in controls]
        if missing:
            raise PinConfigError(f"no pin for {', '.join('pins.' + m for m in missing)}")
        _check_pegs(controls)
        used: dict[int, str] = {}
        warnings: list[str] = []
        for name, pin in controls.items():
            if pin in used:
                raise PinConfigError(f"pins.{name} is GPIO{pin}, already used by pins.{used[pin]}")
            if pin in taken:
                raise PinConfigError(f"pins.{name} is GPIO{pin}, already used by {taken[pin]}")
            used[pin] = name
            if pin in AVOID:
                warnings.append(f"pins.{name} is GPIO{pin}, usually {AVOID[pin]}")
        buttons = {("encoder" if name == "encoder_push" else name): pin
                   for name, pin in controls.items() if name not in ENCODER}
        return cls(
            buttons=MappingProxyType(buttons),
            encoder_a=controls["encoder_a"],
            encoder_b=controls["encoder_b"],
            warnings=tuple(warnings),
        )

    def require_players(self, players: int) -> None:
        """Refuse a game with more players than PEG buttons, naming the missing one."""
        if players > self.players:
            raise PinConfigError(
                f"{players} players need {players} PEG buttons, but only {self.players} are "
                f"wired: set pins.peg{self.players}"
            )


def _is_control_pin(name: str) -> bool:
    return name in BUTTONS or name in ENCODER or peg_seat(name) is not None


def _check_pin(name: str, pin: object) -> int:
    if isinstance(pin, bool) or not isinstance(pin, int):
        raise PinConfigError(f"pins.{name} must be a BCM GPIO number, not {pin!r}")
    if pin not in HEADER_GPIOS:
        raise PinConfigError(
            f"pins.{name} is {pin}: the header has GPIO{HEADER_GPIOS.start} to "
            f"GPIO{HEADER_GPIOS.stop - 1} (BCM numbers, not physical pin numbers)"
        )
    return pin


def _check_pegs(controls: Mapping[str, int]) -> None:
    numbers = sorted(seat for name in controls if (seat := peg_seat(name)) is not None)
    if numbers[-1] >= MAX_PLAYERS:
        raise PinConfigError(f"pins.peg{numbers[-1]}: at most {MAX_PLAYERS} players (peg0-peg3)")
    for expected, number in enumerate(numbers):
        if number != expected:
            raise PinConfigError(
                f"pins.peg{number} is set but pins.peg{expected} is not: "
                "number PEG buttons from peg0 without gaps"
            )
