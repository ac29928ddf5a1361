"""Scoreboard mode on the controls: PEG +1, hold PEG to repeat, dial many, UNDO, hold UNDO, GO."""

from __future__ import annotations

from pi_app.engine.scoreboard import Scoreboard
from pi_app.inputs.button import ButtonTiming
from pi_app.inputs.events import InputEvent
from pi_app.inputs.gpio import GpioControls
from pi_app.inputs.hub import InputHub
from pi_app.inputs.pins import DEFAULT_PINS, ControlPins
from pi_app.inputs.scoreboard_controls import ScoreboardControls


def press(control: str) -> InputEvent:
    return InputEvent("press", control)


def turn(steps: int) -> InputEvent:
    return InputEvent("turn", "encoder", steps=steps)


def test_a_peg_press_pegs_one_hole_for_that_player():
    controls = ScoreboardControls(Scoreboard())
    controls.handle(press("peg1"))
    controls.handle(press("peg1"))
    controls.handle(press("peg0"))
    assert controls.board.scores == [1, 2]


def test_each_repeat_of_a_held_peg_button_pegs_one_more():
    controls = ScoreboardControls(Scoreboard())
    for _ in range(5):
        controls.handle(InputEvent("repeat", "peg0"))
    assert controls.board.scores == [5, 0]


def test_turning_dials_an_amount_that_the_next_peg_press_pegs_at_once():
    controls = ScoreboardControls(Scoreboard())
    assert controls.handle(turn(+1)) == [{"type": "dial", "points": 1}]
    for _ in range(11):
        controls.handle(turn(+1))
    controls.handle(turn(-2))
    events = controls.handle(press("peg1"))
    assert events is not None
    assert [e["type"] for e in events] == ["peg", "dial"]
    assert controls.board.scores == [0, 10] and controls.dial == 0


def test_the_dial_stays_between_nothing_and_the_target():
    controls = ScoreboardControls(Scoreboard())
    controls.handle(turn(-3))
    assert controls.dial == 0
    controls.handle(turn(500))
    assert controls.dial == 121


def test_undo_clears_a_dialled_amount_before_it_takes_back_a_peg():
    controls = ScoreboardControls(Scoreboard())
    controls.handle(press("peg0"))
    controls.handle(turn(4))
    assert controls.handle(press("undo")) == [{"type": "dial", "points": 0}]
    assert controls.board.scores == [1, 0]
    controls.handle(press("undo"))
    assert controls.board.scores == [0, 0]
    controls.handle(InputEvent("long_press", "undo"))
    assert controls.board.scores == [1, 0]


def test_a_refused_step_is_a_refused_event_and_changes_nothing():
    controls = ScoreboardControls(Scoreboard())
    assert controls.handle(press("go")) == [
        {"type": "refused", "reason": "game 1 is still being played (0, 0)"}]
    assert controls.handle(press("peg2")) == [
        {"type": "refused", "reason": "seat 2 is not at a 2-player table"}]
    assert controls.handle(press("undo"))[0]["type"] == "refused"
    assert controls.board.events == []


def test_controls_scoreboard_mode_does_not_use_are_left_to_the_app():
    controls = ScoreboardControls(Scoreboard())
    assert controls.handle(InputEvent("long_press", "ok")) is None  # the menu
    assert controls.handle(press("encoder")) is None


def test_a_scoreboard_game_to_121_on_the_pins_with_undos(factory, clock):
    """End to end on mock pins: two players peg a whole game with taps, holds, the dial,
    mistakes undone, one undo redone, and GO for the next game."""
    hub = InputHub()
    mode = ScoreboardControls(Scoreboard())
    timing = ButtonTiming()
    pins = ControlPins.from_mapping(DEFAULT_PINS)
    a, b = factory.pin(pins.encoder_a), factory.pin(pins.encoder_b)

    with GpioControls(pins, hub.post, clock=clock, timing=timing) as gpio:
        def hold(control: str, seconds: float) -> None:
            pin = factory.pin(pins.buttons[control])
            pin.drive_low()
            for _ in range(round(seconds / 0.01)):
                clock.advance(0.01)
                gpio.tick()
            pin.drive_high()
            clock.advance(0.05)
            gpio.tick()
            pump()

        def tap(control: str) -> None:
            hold(control, 0.1)

        def dial(points: int) -> None:
            for _ in range(points):
                for level_a, level_b in [(0, 1), (0, 0), (1, 0), (1, 1)]:
                    a.drive_high() if level_a else a.drive_low()
                    b.drive_high() if level_b else b.drive_low()
            pump()

        def pump() -> None:
            for event in hub.drain():
                mode.handle(event)

        board = mode.board
        deal = 0
        while not board.over:
            deal += 1
            tap("peg0")  # a pair in the play, pegged hole by hole
            tap("peg0")
            dial(9)  # and the hand, dialled
            tap("peg0")
            if deal % 3 == 0:  # dealer pegs a hand that was not theirs: undo it
                dial(8)
                tap("peg0")
                tap("undo")
            dial(5)
            tap("peg1")
            hold("peg1", timing.long_press + 3 * timing.repeat_interval + 0.05)  # four more
            if deal == 2:  # an undo regretted: hold UNDO to redo it
                tap("undo")
                hold("undo", timing.long_press + 0.1)
        assert deal == 11  # 11 a deal for one, 9 for the other: 121 to 90
        assert board.scores == [121, 90]
        assert board.result is not None
        assert (board.result["winner"], board.result["skunk"]) == (0, "single")
        assert board.games_won == [2, 0]

        assert mode.dial == 5  # the refused peg after the game lost nothing
        tap("go")
        assert (board.game, board.scores, mode.dial) == (2, [0, 0], 0)
        tap("undo")  # not the next game after all
        assert board.game == 1 and board.over
