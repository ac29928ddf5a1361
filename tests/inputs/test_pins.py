"""The pin map: defaults that clear the strip, camera and I2C pins; clear errors otherwise."""

from __future__ import annotations

import pytest

from pi_app.inputs.pins import AVOID, DEFAULT_PINS, ControlPins, PinConfigError


def with_pins(**changes: object) -> dict[str, object]:
    return {**DEFAULT_PINS, **changes}


def test_the_default_pins_avoid_the_strip_i2c_spi_and_uart_pins():
    pins = ControlPins.from_mapping(DEFAULT_PINS)
    assert pins.warnings == ()
    assert not set(DEFAULT_PINS.values()) & (set(AVOID) | {18, 12, 10, 13, 19, 21, 2, 3})


def test_the_default_map_has_every_control_and_three_peg_buttons():
    pins = ControlPins.from_mapping(DEFAULT_PINS)
    assert set(pins.buttons) == {"go", "undo", "ok", "encoder", "peg0", "peg1", "peg2"}
    assert pins.players == 3


def test_a_pin_wired_to_two_controls_is_refused_naming_both():
    with pytest.raises(PinConfigError, match=r"pins.peg1 is GPIO23, already used by pins.peg0"):
        ControlPins.from_mapping(with_pins(peg1=23))


def test_a_control_on_the_led_strip_pin_is_refused():
    with pytest.raises(PinConfigError, match=r"pins.go is GPIO18, already used by pins.led"):
        ControlPins.from_mapping(with_pins(led=18, go=18))


def test_a_pin_taken_by_hardware_configured_elsewhere_is_refused():
    with pytest.raises(PinConfigError, match="already used by the LED strip"):
        ControlPins.from_mapping(DEFAULT_PINS, in_use={5: "the LED strip"})


def test_a_physical_pin_number_is_refused_with_a_hint():
    with pytest.raises(PinConfigError, match=r"pins.ok is 37.*BCM numbers, not physical"):
        ControlPins.from_mapping(with_pins(ok=37))


@pytest.mark.parametrize("value", ["5", 5.0, True, None])
def test_a_pin_that_is_not_a_whole_number_is_refused(value):
    with pytest.raises(PinConfigError, match=r"pins.go must be a BCM GPIO number"):
        ControlPins.from_mapping(with_pins(go=value))


def test_a_missing_control_is_named():
    pins = dict(DEFAULT_PINS)
    del pins["undo"], pins["encoder_b"]
    with pytest.raises(PinConfigError, match=r"no pin for pins.encoder_b, pins.undo"):
        ControlPins.from_mapping(pins)


def test_peg_buttons_are_numbered_without_gaps():
    pins = dict(DEFAULT_PINS)
    del pins["peg2"]
    with pytest.raises(PinConfigError, match=r"pins.peg3 is set but pins.peg2 is not"):
        ControlPins.from_mapping({**pins, "peg3": 16})


def test_a_pin_on_a_busy_bus_works_with_a_warning_naming_the_clash():
    pins = ControlPins.from_mapping(with_pins(peg2=13))
    assert pins.warnings == ("pins.peg2 is GPIO13, usually a second LED strip (PWM1)",)
    assert pins.buttons["peg2"] == 13


def test_more_players_than_peg_buttons_is_refused_naming_the_pin_to_set():
    pins = dict(DEFAULT_PINS)
    del pins["peg2"]
    with pytest.raises(PinConfigError, match=r"3 players need 3 PEG buttons.*set pins.peg2"):
        ControlPins.from_mapping(pins).require_players(3)
