"""The camera at a real table with hidden hands: it reads the starter turned up, each card as
it lands in a seat's play zone, and at the show the cards laid face up in the show area. The
simulator's virtual table holds the people's cards, which the app never sees."""

from __future__ import annotations

from pathlib import Path

import pytest

from pi_app.app.camera import CardWatcher, VirtualCamera, default_zones, render_table
from pi_app.app.controller import Controller
from pi_app.engine.cards import parse_card
from pi_app.inputs.events import InputEvent
from pi_app.vision.designs import Design, kennard
from pi_app.vision.frames import VirtualTable


@pytest.fixture(scope="module")
def design(shared_dir: Path) -> Design:
    return kennard(shared_dir)


class Table:
    """A controller at a real table, its virtual table and the camera watching it."""

    def __init__(self, controller: Controller, design: Design) -> None:
        self.controller = controller
        zones = default_zones(len(controller.session.spec.names))
        self.virtual = VirtualCamera(controller, design, zones)
        self.watcher = CardWatcher(controller, VirtualTable(self.virtual.render), zones)
        self.frames = 0

    def watch(self, frames: int = 3) -> list[str]:
        outcomes: list[str] = []
        for _ in range(frames):
            look = self.watcher.look()
            assert look is not None
            outcomes += self.watcher.settle(look)
            self.frames += 1
        return outcomes

    def press(self, control: str) -> None:
        self.controller.on_input(InputEvent("press", control, source="test"))

    @property
    def state(self) -> dict:
        return self.controller.snapshot()["state"]

    def playable(self, seat: int) -> list[str]:
        """The cards in this seat's hand on the table that keep the count within 31."""
        room = 31 - self.state["count"]
        return [code for code in self.virtual.table_hands()[seat]
                if parse_card(code).value <= room]


def test_laying_away_face_down_tells_the_app_only_that_the_seat_has(make_controller,
                                                                     design) -> None:
    table = Table(make_controller("auto", table="real"), design)
    table.press("ok")
    hands = table.virtual.table_hands()
    assert [len(hand) for hand in hands] == [6, 6] and table.state["hands"] == [[], []]
    table.virtual.lay_away(1, hands[1][:2])
    assert table.state["held"] == [6, 4] and table.state["crib"] == []
    assert table.virtual.table_hands()[1] == hands[1][2:]
    with pytest.raises(ValueError, match="lays away 2 different cards of their own"):
        table.virtual.lay_away(0, hands[1][2:4])


def test_a_whole_deal_read_by_the_camera_with_a_misread_corrected(make_controller,
                                                                   design) -> None:
    table = Table(make_controller("auto", table="real"), design)
    table.press("ok")
    hands = table.virtual.table_hands()
    crib = [card for seat in (0, 1) for card in hands[seat][4:]]
    for seat in (0, 1):
        table.virtual.lay_away(seat, hands[seat][4:])
    outcomes = table.watch()
    secret = table.virtual.secret
    assert secret is not None
    assert outcomes == [f"seen: starter {secret.starter}"]
    assert table.state["starter"] == secret.starter.code

    misread = False
    for _ in range(30):
        state = table.state
        if state["phase"] != "play":
            break
        seat = state["turn"]
        fits = table.playable(seat)
        if not fits:
            table.press("go")
            continue
        if not misread:  # a frame that shows the starter in the seat's play zone
            source = table.watcher.source
            laid = {f"play{seat}": [state["starter"]]}  # picked up and laid in play
            table.watcher.source = VirtualTable(
                lambda laid=laid: render_table(design, table.virtual.zones, laid))
            said = table.watch()
            assert any("is the starter, not a play" in line for line in said), said
            assert "is the starter" in table.controller.snapshot()["notice"]
            table.watcher.source = source
            misread = True
        table.virtual.lay(seat, fits[0])
        assert f"seen: {fits[0]} played by seat {seat}" in table.watch()
    assert misread and table.state["phase"] == "show"

    for _ in range(10):  # confirm the hands' counts; the crib is laid out, read and counted
        snap = table.controller.snapshot()
        if snap["state"]["phase"] == "deal_end" and snap["pending"] is None:
            break
        if snap["pending"] is None:
            said = table.watch()
            assert said and said[-1].startswith("seen: the crib of seat 0 shown with"), said
        else:
            table.press("ok")
    events = table.controller.store.events(table.controller.game_id)
    reveal = next(e for e in events if e["type"] == "reveal")
    assert sorted(reveal["cards"]) == sorted(crib) and reveal["kind"] == "crib"
    shows = [e for e in events if e["type"] == "show"]
    assert [(e["player"], e["kind"]) for e in shows] == [(1, "hand"), (0, "hand"), (0, "crib")]
    assert sorted(shows[0]["cards"]) == sorted(hands[1][:4])


def test_five_card_hands_left_unplayed_are_read_from_the_show_area(make_controller,
                                                                    design) -> None:
    table = Table(make_controller("auto", table="real", variant="five-card"), design)
    table.press("ok")
    hands = table.virtual.table_hands()
    for seat in (0, 1):
        table.virtual.lay_away(seat, hands[seat][:2])
    table.watch()
    assert table.state["phase"] == "play"
    for _ in range(12):  # the five-card play stops at the first go or 31
        state = table.state
        if state["phase"] != "play":
            break
        seat = state["turn"]
        fits = table.playable(seat)
        if fits:
            table.virtual.lay(seat, fits[0])
            table.watch()
        else:
            table.press("go")
    shown = []
    for _ in range(10):
        snap = table.controller.snapshot()
        if snap["pending"] is not None:
            shown.append(snap["pending"])
            table.press("ok")
        elif snap["state"]["phase"] == "show":
            table.watch()
        else:
            break
    assert [(s["player"], s["kind"]) for s in shown] == [(1, "hand"), (0, "hand"), (0, "crib")]
    for show in shown[:2]:
        assert sorted(show["cards"]) == sorted(hands[show["player"]][2:])


def test_a_still_table_is_read_once_and_each_card_laid_is_read_as_it_lands(make_controller,
                                                                           design) -> None:
    table = Table(make_controller("auto", table="real"), design)
    reads = []
    detect = table.watcher.recognizer.detect
    table.watcher.recognizer.detect = lambda frame: reads.append(1) or detect(frame)
    table.press("ok")
    hands = table.virtual.table_hands()
    for seat in (0, 1):
        table.virtual.lay_away(seat, hands[seat][4:])
    assert table.watch(5) == [f"seen: starter {table.virtual.secret.starter}"]
    assert len(reads) == 1  # five frames of the same table, one reading
    seat = table.state["turn"]
    card = table.playable(seat)[0]
    table.virtual.lay(seat, card)
    assert table.watch(4) == [f"seen: {card} played by seat {seat}"]
    assert len(reads) == 2
