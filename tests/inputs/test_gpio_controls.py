"""The controls on gpiozero mock pins: buttons close to ground, the encoder in quadrature."""

from __future__ import annotations

import pytest
from gpiozero.pins.mock import MockFactory

from pi_app.inputs.button import ButtonTiming
from pi_app.inputs.events import InputEvent
from pi_app.inputs.gpio import GpioControls
from pi_app.inputs.hub import InputHub
from pi_app.inputs.pins import DEFAULT_PINS, ControlPins, PinConfigError

TIMING = ButtonTiming()
GO, UNDO, OK, PEG0, PEG1 = (DEFAULT_PINS[n] for n in ("go", "undo", "ok", "peg0", "peg1"))
PUSH, A, B = DEFAULT_PINS["encoder_push"], DEFAULT_PINS["encoder_a"], DEFAULT_PINS["encoder_b"]


def hold(factory: MockFactory, clock, controls: GpioControls, gpio: int,
         seconds: float) -> None:
    """Press a button cleanly, keep it down `seconds` (ticking every 10 ms), let go."""
    pin = factory.pin(gpio)
    pin.drive_low()
    for _ in range(round(seconds / 0.01)):
        clock.advance(0.01)
        controls.tick()
    pin.drive_high()
    clock.advance(0.05)
    controls.tick()


def kinds(hub: InputHub) -> list[tuple[str, str]]:
    return [(e.kind, e.control) for e in hub.drain()]


def test_a_short_press_is_one_press_sent_on_release(factory, clock, controls, hub):
    hold(factory, clock, controls, GO, 0.15)
    assert hub.drain() == [InputEvent("press", "go", source="gpio")]


def test_nothing_is_sent_until_the_button_is_let_go(factory, clock, controls, hub):
    factory.pin(GO).drive_low()
    clock.advance(0.3)
    controls.tick()
    assert hub.drain() == []


def test_holding_undo_is_one_long_press_for_redo_and_no_press(factory, clock, controls, hub):
    hold(factory, clock, controls, UNDO, 2.0)
    assert kinds(hub) == [("long_press", "undo")]


def test_holding_ok_is_a_long_press_for_the_menu(factory, clock, controls, hub):
    factory.pin(OK).drive_low()
    clock.advance(TIMING.long_press + 0.01)
    controls.tick()
    assert kinds(hub) == [("long_press", "ok")]  # sent while still held


def test_holding_a_peg_button_repeats_until_let_go(factory, clock, controls, hub):
    seconds = TIMING.long_press + 4 * TIMING.repeat_interval + 0.05
    hold(factory, clock, controls, PEG1, seconds)
    assert kinds(hub) == [("repeat", "peg1")] * 5


def test_contact_bounce_on_press_and_release_counts_once(factory, clock, controls, hub):
    pin = factory.pin(PEG0)
    for level in (0, 1, 0, 1, 0):  # 1 ms flicker as the contacts close
        pin.drive_low() if level == 0 else pin.drive_high()
        clock.advance(0.001)
    clock.advance(0.1)
    controls.tick()
    for level in (1, 0, 1, 0, 1):  # and as they open
        pin.drive_low() if level == 0 else pin.drive_high()
        clock.advance(0.001)
    clock.advance(0.05)
    controls.tick()
    assert kinds(hub) == [("press", "peg0")]


def test_a_glitch_shorter_than_the_debounce_time_is_not_a_press(factory, clock, controls, hub):
    pin = factory.pin(GO)
    pin.drive_low()
    clock.advance(TIMING.debounce / 2)
    pin.drive_high()
    clock.advance(1.0)
    controls.tick()
    assert hub.drain() == []


def test_fast_presses_each_count(factory, clock, controls, hub):
    for _ in range(8):  # eight taps in under a second
        hold(factory, clock, controls, PEG0, 0.05)
    assert kinds(hub) == [("press", "peg0")] * 8


def test_sparse_ticks_still_give_the_right_events(factory, clock, controls, hub):
    """A busy Pi may tick late; the edge times, not the tick times, decide."""
    pin = factory.pin(UNDO)
    pin.drive_low()
    clock.advance(0.2)
    pin.drive_high()  # released after 0.2 s, well before a long press
    clock.advance(3.0)
    controls.tick()
    assert kinds(hub) == [("press", "undo")]


def test_the_encoder_switch_presses_and_long_presses_as_the_encoder(
        factory, clock, controls, hub):
    hold(factory, clock, controls, PUSH, 0.1)
    hold(factory, clock, controls, PUSH, 1.0)
    assert kinds(hub) == [("press", "encoder"), ("long_press", "encoder")]


CLOCKWISE = [(0, 1), (0, 0), (1, 0), (1, 1)]  # (A, B) pin levels: low = contact closed
ANTICLOCKWISE = [(1, 0), (0, 0), (0, 1), (1, 1)]


def turn(factory: MockFactory, sequence: list[tuple[int, int]], detents: int = 1,
         bounce: bool = False) -> None:
    a, b = factory.pin(A), factory.pin(B)
    for _ in range(detents):
        for level_a, level_b in sequence:
            for pin, level in ((a, level_a), (b, level_b)):
                if level != pin.state and bounce:  # chatter: change, back, change
                    _drive(pin, level)
                    _drive(pin, 1 - level)
                _drive(pin, level)


def _drive(pin, level: int) -> None:
    pin.drive_high() if level else pin.drive_low()


def test_clockwise_detents_turn_plus_one_each(factory, controls, hub):
    turn(factory, CLOCKWISE, detents=3)
    assert hub.drain() == [InputEvent("turn", "encoder", steps=1)] * 3


def test_anticlockwise_detents_turn_minus_one_each(factory, controls, hub):
    turn(factory, ANTICLOCKWISE, detents=2)
    assert hub.drain() == [InputEvent("turn", "encoder", steps=-1)] * 2


def test_encoder_contact_bounce_neither_adds_nor_loses_detents(factory, controls, hub):
    turn(factory, CLOCKWISE, detents=2, bounce=True)
    turn(factory, ANTICLOCKWISE, detents=1, bounce=True)
    assert [e.steps for e in hub.drain()] == [1, 1, -1]


def test_rocking_the_encoder_within_a_detent_turns_nothing(factory, controls, hub):
    turn(factory, [*CLOCKWISE[:2], (0, 1), (1, 1)])  # half way round and back
    assert hub.drain() == []


def test_a_button_held_at_start_up_fires_nothing_until_pressed_again(factory, clock, hub):
    factory.pin(GO).drive_low()  # leaned on while the app starts
    with GpioControls(ControlPins.from_mapping(DEFAULT_PINS), hub.post, clock=clock) as controls:
        clock.advance(2.0)
        controls.tick()
        factory.pin(GO).drive_high()
        clock.advance(0.1)
        controls.tick()
        assert hub.drain() == []
        hold(factory, clock, controls, GO, 0.1)
        assert kinds(hub) == [("press", "go")]


def test_a_pin_another_device_holds_is_refused_naming_the_control(factory, clock, hub):
    from gpiozero import LED

    with LED(DEFAULT_PINS["go"]), pytest.raises(PinConfigError, match="GPIO5 for the go button"):
        GpioControls(ControlPins.from_mapping(DEFAULT_PINS), hub.post, clock=clock)
    # and everything it had opened was released again
    with GpioControls(ControlPins.from_mapping(DEFAULT_PINS), hub.post, clock=clock):
        pass


def test_the_ticker_thread_delivers_a_long_press_in_real_time(factory, hub):
    timing = ButtonTiming(debounce=0.005, long_press=0.05, repeat_interval=0.05)
    with GpioControls(ControlPins.from_mapping(DEFAULT_PINS), hub.post, timing=timing) as live:
        live.start()
        factory.pin(OK).drive_low()
        event = hub.get(timeout=5.0)
    assert event == InputEvent("long_press", "ok")
