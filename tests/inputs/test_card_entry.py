"""Entering cards with the encoder: rank, press, suit, press; impossible cards are refused."""

from __future__ import annotations

import pytest

from pi_app.engine.cards import Card, Suit, parse_card, parse_cards
from pi_app.inputs.card_entry import CardEntry
from pi_app.inputs.events import InputEvent
from pi_app.inputs.gpio import GpioControls
from pi_app.inputs.hub import InputHub
from pi_app.inputs.pins import DEFAULT_PINS, ControlPins


def enter(entry: CardEntry, code: str):
    """Turn the shortest way to the card's rank and suit, pressing after each."""
    card = parse_card(code)
    entry.turn(_shortest(entry.rank - 1, card.rank - 1, 13))
    entry.confirm()
    entry.turn(_shortest(int(entry.suit), int(card.suit), 4))
    return entry.confirm()


def _shortest(start: int, goal: int, size: int) -> int:
    forward = (goal - start) % size
    return forward if forward <= size // 2 else forward - size


def test_turning_picks_the_rank_and_wraps_from_king_to_ace():
    entry = CardEntry(6)
    assert entry.description == "card 1 of 6: ace?"
    assert entry.turn(-1).message == "card 1 of 6: king?"
    assert entry.turn(+2).message == "card 1 of 6: two?"
    assert entry.selection == (2, None)


def test_pressing_takes_the_rank_then_turning_picks_the_suit():
    entry = CardEntry(6)
    entry.turn(6)
    feedback = entry.confirm()
    assert (feedback.kind, feedback.message) == ("suit", "card 1 of 6: seven of clubs?")
    entry.turn(2)
    assert entry.selection == (7, Suit.HEARTS)
    assert entry.selected_card == parse_card("7H")
    assert entry.confirm().message == "seven of hearts; card 2 of 6: seven?"


def test_a_whole_six_card_hand_is_entered():
    entry = CardEntry(6)
    for code in ("5H", "5C", "5S", "JD", "KH"):
        assert enter(entry, code).kind == "entered"
    last = enter(entry, "QS")
    assert (last.kind, last.message) == ("complete", "hand complete: 5H 5C 5S JD KH QS")
    assert entry.cards == parse_cards("5H 5C 5S JD KH QS")


def test_a_card_already_in_play_is_refused_and_nothing_is_lost():
    entry = CardEntry(6, unavailable=[parse_card("5D")])
    enter(entry, "5H")
    feedback = enter(entry, "5D")
    assert (feedback.kind, feedback.message) == ("refused", "five of diamonds is already in play")
    assert entry.cards == [parse_card("5H")]
    assert entry.selected_card == parse_card("5D")  # still choosing: turn to another suit
    entry.turn(2)
    assert entry.confirm().kind == "entered"
    assert entry.cards == parse_cards("5H 5S")


def test_the_same_card_twice_in_one_hand_is_refused():
    entry = CardEntry(6)
    enter(entry, "9C")
    feedback = enter(entry, "9C")
    assert feedback == type(feedback)("refused", "nine of clubs is already in this hand")
    assert entry.cards == [parse_card("9C")]


def test_a_sixth_card_in_a_five_card_deal_is_refused():
    entry = CardEntry(5)
    for code in ("AC", "2D", "3H", "4S", "6C"):
        enter(entry, code)
    assert entry.stage == "complete"
    for step in (entry.confirm, lambda: entry.turn(1)):
        feedback = step()
        assert feedback.kind == "refused"
        assert feedback.message == "the hand already has its 5 cards: undo one to change it"
    assert entry.cards == parse_cards("AC 2D 3H 4S 6C")


def test_a_rank_with_all_four_cards_gone_is_refused_at_the_rank():
    entry = CardEntry(6, unavailable=parse_cards("6C 6D 6H"))
    enter(entry, "6S")
    entry.turn(0)
    feedback = entry.confirm()
    assert (feedback.kind, feedback.message) == (
        "refused", "all four sixes are already in play or entered")
    assert entry.stage == "rank"


def test_taking_the_rank_skips_to_a_suit_still_free():
    entry = CardEntry(6, unavailable=parse_cards("KC KD"))
    entry.turn(-1)
    entry.confirm()
    assert entry.selected_card == parse_card("KH")


def test_undo_steps_back_from_the_suit_then_takes_back_a_card_and_redo_restores_it():
    entry = CardEntry(6)
    enter(entry, "TD")
    entry.turn(3)
    entry.confirm()  # choosing the suit of a second card
    assert entry.undo().kind == "back"
    assert entry.stage == "rank"
    feedback = entry.undo()
    assert (feedback.kind, feedback.message) == (
        "undone", "took back ten of diamonds; card 1 of 6: ten of diamonds?")
    assert entry.cards == []
    assert entry.redo().kind == "redone"
    assert entry.cards == [parse_card("TD")]
    assert entry.redo() == type(feedback)("refused", "nothing to redo")


def test_undo_with_nothing_entered_is_refused():
    assert CardEntry(6).undo().kind == "refused"


def test_entry_follows_input_events_and_ignores_other_controls():
    entry = CardEntry(1, what="starter")
    assert entry.handle(InputEvent("press", "peg0")) is None
    entry.handle(InputEvent("turn", "encoder", steps=4))
    entry.handle(InputEvent("press", "ok"))
    entry.handle(InputEvent("turn", "encoder", steps=3))
    feedback = entry.handle(InputEvent("press", "encoder"))
    assert feedback is not None and feedback.message == "starter complete: 5S"
    entry.handle(InputEvent("press", "undo"))
    assert entry.cards == []
    entry.handle(InputEvent("long_press", "undo"))
    assert entry.to_json() == {"stage": "complete", "rank": "5", "suit": None, "cards": ["5S"],
                               "count": 1, "description": "starter complete: 5S"}


def test_every_card_can_be_entered_in_at_most_ten_control_actions():
    """Six detents to any rank, press, two to any suit, press: 60 actions for a six-card
    hand, about 15 seconds at four a second."""
    for card in (Card.of(r, s) for r in range(1, 14) for s in Suit):
        entry = CardEntry(1)
        rank_turns = _shortest(0, card.rank - 1, 13)
        entry.turn(rank_turns)
        entry.confirm()
        suit_turns = _shortest(int(entry.suit), int(card.suit), 4)
        entry.turn(suit_turns)
        entry.confirm()
        assert entry.cards == [card]
        assert abs(rank_turns) + abs(suit_turns) + 2 <= 10


PRESS_LEVELS = [(0, 1), (0, 0), (1, 0), (1, 1)]


def test_a_six_card_hand_entered_on_the_encoder_pins(factory, clock):
    """End to end: mock pins -> GPIO controls -> hub -> card entry."""
    hub = InputHub()
    entry = CardEntry(6, unavailable=[parse_card("JS")])
    a, b = factory.pin(DEFAULT_PINS["encoder_a"]), factory.pin(DEFAULT_PINS["encoder_b"])
    push = factory.pin(DEFAULT_PINS["encoder_push"])
    refusals = []

    def detents(steps: int) -> None:
        levels = PRESS_LEVELS if steps > 0 else [(1, 0), (0, 0), (0, 1), (1, 1)]
        for _ in range(abs(steps)):
            for level_a, level_b in levels:
                a.drive_high() if level_a else a.drive_low()
                b.drive_high() if level_b else b.drive_low()

    def press() -> None:
        push.drive_low()
        clock.advance(0.08)
        controls.tick()
        push.drive_high()
        clock.advance(0.08)
        controls.tick()

    def pump() -> None:
        for event in hub.drain():
            feedback = entry.handle(event)
            if feedback is not None and feedback.kind == "refused":
                refusals.append(feedback.message)

    with GpioControls(ControlPins.from_mapping(DEFAULT_PINS), hub.post, clock=clock) as controls:
        for code in ("4C", "5D", "6H", "JS", "JH", "JC", "QD"):
            card = parse_card(code)
            detents(_shortest(entry.rank - 1, card.rank - 1, 13))
            press()
            pump()
            detents(_shortest(int(entry.suit), int(card.suit), 4))
            press()
            pump()
            if entry.stage == "suit":  # refused: back to choosing the rank
                entry.undo()
    assert refusals == ["jack of spades is already in play"]
    assert entry.cards == parse_cards("4C 5D 6H JH JC QD")
    assert entry.stage == "complete"


@pytest.mark.parametrize("count", [0, 53])
def test_an_entry_of_no_cards_or_too_many_is_refused(count):
    with pytest.raises(ValueError, match="count must be 1 to 52 cards"):
        CardEntry(count)
