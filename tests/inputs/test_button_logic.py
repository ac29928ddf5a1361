"""One button's timing, fed raw levels by hand: what counts as a press, a hold, a repeat."""

from __future__ import annotations

import pytest

from pi_app.inputs.button import ButtonLogic, ButtonTiming

T = ButtonTiming(debounce=0.02, long_press=0.7, repeat_interval=0.2)


def test_a_repeating_button_released_before_the_hold_time_is_a_plain_press():
    button = ButtonLogic("repeat", T, now=0.0)
    assert button.edge(True, 0.0) == []
    assert button.edge(False, 0.5) == []
    assert button.advance(0.52) == ["press"]


def test_repeats_come_at_the_hold_time_then_every_interval():
    button = ButtonLogic("repeat", T, now=0.0)
    button.edge(True, 0.0)
    fired = [t for t in (0.69, 0.70, 0.85, 0.90, 1.10, 1.29, 1.30) if button.advance(t)]
    assert fired == [0.70, 0.90, 1.10, 1.30]


def test_a_late_tick_repeats_once_rather_than_in_a_burst():
    button = ButtonLogic("repeat", T, now=0.0)
    button.edge(True, 0.0)
    assert button.advance(3.0) == ["repeat"]
    assert button.advance(3.1) == []
    assert button.advance(3.2) == ["repeat"]


def test_a_long_press_is_due_even_if_the_release_comes_before_any_tick():
    button = ButtonLogic("long_press", T, now=0.0)
    button.edge(True, 0.0)
    assert button.edge(False, 1.0) == ["long_press"]
    assert button.advance(2.0) == []


def test_the_debounced_state_changes_only_after_the_debounce_time():
    button = ButtonLogic("long_press", T, now=0.0)
    button.edge(True, 0.0)
    button.advance(0.019)
    assert not button.is_pressed
    button.advance(0.02)
    assert button.is_pressed


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"debounce": 0}, "debounce must be a positive number"),
        ({"repeat_interval": -1}, "repeat_interval must be a positive number"),
        ({"long_press": 0.01}, r"long_press \(0.01 s\) must be longer than debounce"),
    ],
)
def test_impossible_timings_are_refused(fields, message):
    with pytest.raises(ValueError, match=message):
        ButtonTiming(**fields)
