"""Temporal filter: a card counts once stable for N frames; impossible sightings are misreads."""

from __future__ import annotations

from pi_app.engine.cards import parse_card
from pi_app.vision.tracking import TemporalFilter

FIVE_H, JACK_D, SIX_S = parse_card("5H"), parse_card("JD"), parse_card("6S")


def feed(f: TemporalFilter, frames: int, *sightings):
    events = []
    for _ in range(frames):
        events += f.update(sightings)
    return events


def test_card_counts_only_after_it_is_stable_for_three_frames() -> None:
    f = TemporalFilter(stable_frames=3)
    assert feed(f, 2, (FIVE_H, "north", "play")) == []
    [event] = f.update([(FIVE_H, "north", "play")])
    assert (event.kind, event.card, event.zone) == ("placed", FIVE_H, "north")
    assert feed(f, 5, (FIVE_H, "north", "play")) == []  # announced once, not every frame


def test_flicker_restarts_the_count() -> None:
    f = TemporalFilter(stable_frames=3)
    feed(f, 2, (FIVE_H, "north", "play"))
    f.update([])
    assert feed(f, 2, (FIVE_H, "north", "play")) == []
    assert len(f.update([(FIVE_H, "north", "play")])) == 1


def test_card_played_twice_in_one_deal_is_a_misread() -> None:
    f = TemporalFilter(stable_frames=2)
    feed(f, 2, (FIVE_H, "north", "play"))
    feed(f, 2)  # picked up
    [event] = feed(f, 2, (FIVE_H, "south", "play"))
    assert event.kind == "misread" and "already played" in event.reason


def test_card_may_move_from_play_to_the_show_area() -> None:
    f = TemporalFilter(stable_frames=2)
    feed(f, 2, (FIVE_H, "north", "play"))
    [event] = feed(f, 2, (FIVE_H, "crib", "crib"))
    assert event.kind == "placed"


def test_second_starter_in_one_deal_is_a_misread() -> None:
    f = TemporalFilter(stable_frames=1)
    feed(f, 1, (JACK_D, "starter", "starter"))
    feed(f, 1)
    [event] = feed(f, 1, (SIX_S, "starter", "starter"))
    assert event.kind == "misread" and "starter was already JD" in event.reason


def test_starter_played_as_a_card_is_a_misread() -> None:
    f = TemporalFilter(stable_frames=1)
    feed(f, 1, (JACK_D, "starter", "starter"))
    [event] = feed(f, 1, (JACK_D, "north", "play"), )
    assert event.kind == "misread" and "starter" in event.reason


def test_fifth_card_in_one_play_area_is_a_misread() -> None:
    f = TemporalFilter(stable_frames=1)
    for code in ("AC", "2C", "3C", "4C"):
        assert feed(f, 1, (parse_card(code), "north", "play"))[0].kind == "placed"
    [event] = feed(f, 1, (parse_card("5C"), "north", "play"))
    assert event.kind == "misread" and "already has 4" in event.reason


def test_new_deal_forgets_what_was_played() -> None:
    f = TemporalFilter(stable_frames=1)
    feed(f, 1, (FIVE_H, "north", "play"))
    f.new_deal()
    feed(f, 1)
    assert feed(f, 1, (FIVE_H, "south", "play"))[0].kind == "placed"
