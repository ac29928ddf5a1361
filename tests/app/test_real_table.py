"""A real table with hidden hands: the app knows who dealt and how many cards each seat holds;
seats lay away with their PEG buttons, the encoder or the page names the starter, each card as
it is played and, at the show, what the play did not show."""

from __future__ import annotations

import random

import pytest

from pi_app.app.config import ConfigError
from pi_app.app.controller import Controller
from pi_app.app.session import TableError
from pi_app.engine.cards import DECK, Card, parse_card
from pi_app.inputs.events import InputEvent


def press(table: Controller, control: str, kind: str = "press") -> None:
    table.on_input(InputEvent(kind, control, source="test"))  # type: ignore[arg-type]


def encode(table: Controller, card: Card) -> None:
    """Turn the encoder to the card's rank, press, to its suit, press."""
    if table.entry is None:  # the first turn opens the entry at the ace of clubs
        table.on_input(InputEvent("turn", "encoder", steps=13, source="test"))
    assert table.entry is not None
    table.on_input(InputEvent("turn", "encoder", steps=(card.rank - table.entry.rank) % 13 or 13,
                              source="test"))
    press(table, "encoder")
    assert table.entry is not None
    table.on_input(InputEvent("turn", "encoder",
                              steps=(int(card.suit) - int(table.entry.suit)) % 4 or 4,
                              source="test"))
    press(table, "encoder")


@pytest.fixture
def real(make_controller):
    def make(mode: str = "manual", **game: object) -> Controller:
        return make_controller(mode, table="real", **game)

    return make


def test_a_real_table_waits_for_the_deal_and_knows_no_hand(real) -> None:
    table = real()
    assert table.snapshot()["state"]["phase"] == "deal_end"
    press(table, "ok")  # North dealt
    state = table.snapshot()["state"]
    assert state["hidden"] and state["phase"] == "discard" and state["dealer"] == 0
    assert state["hands"] == [[], []] and state["held"] == [6, 6]
    assert table.snapshot()["coach"] == []


def test_no_dealer_is_lit_until_the_table_says_who_deals(real) -> None:
    table = real()
    assert table.board_state().dealer is None
    table.act({"type": "next", "player": 1, "dealer": 1})
    assert table.board_state().dealer == 1


def test_each_seat_lays_away_with_its_peg_button(real) -> None:
    table = real()
    press(table, "ok")
    press(table, "peg1")
    assert table.snapshot()["state"]["to_move"] == [0]
    press(table, "peg1")
    assert "already thrown" in table.snapshot()["notice"]
    press(table, "peg0")
    state = table.snapshot()["state"]
    assert state["phase"] == "cut" and state["held"] == [4, 4]
    assert table.snapshot()["log"][-1] == "North lays away two to the crib"


def test_the_encoder_names_the_starter_and_then_the_cards_played(real) -> None:
    table = real()
    press(table, "ok")
    press(table, "peg0")
    press(table, "peg1")
    encode(table, parse_card("JD"))
    state = table.snapshot()["state"]
    assert state["starter"] == "JD" and state["scores"] == [2, 0]  # his heels, to North
    encode(table, parse_card("5C"))
    assert table.snapshot()["state"]["played"] == [[1, "5C"]]
    encode(table, parse_card("5C"))  # seen already: refused, nothing changes
    assert "already in play" in table.snapshot()["notice"]
    assert table.snapshot()["state"]["played"] == [[1, "5C"]]


def test_a_card_seen_already_or_played_out_of_turn_is_refused_with_the_reason(real) -> None:
    table = real()
    press(table, "ok")
    press(table, "peg0")
    press(table, "peg1")
    table.act({"type": "starter", "player": 1, "card": "2D"})
    with pytest.raises(TableError, match="2D has already been seen"):
        table.act({"type": "play", "player": 1, "card": "2D"})
    with pytest.raises(TableError, match="seat 1's turn"):
        table.act({"type": "play", "player": 0, "card": "9S"})
    with pytest.raises(TableError, match="every card still unseen fits"):
        table.act({"type": "go", "player": 1})
    assert table.snapshot()["state"]["played"] == []


def play_hidden_deal(table: Controller, rng: random.Random) -> None:
    """People at the table: their cards come from a pack the app never sees; the page names
    each card played and, at the show, each hand's cards the play did not show."""
    pack = list(DECK)
    rng.shuffle(pack)
    hands = [pack[0:6], pack[6:12]]
    for seat in (0, 1):
        press(table, f"peg{seat}")  # laid away the last two
    crib = hands[0][4:] + hands[1][4:]
    held = [hands[0][:4], hands[1][:4]]
    table.act({"type": "starter", "player": table.snapshot()["state"]["to_move"][0],
               "card": pack[12].code})
    for _ in range(40):
        snap = table.snapshot()
        state = snap["state"]
        if snap["pending"] is not None:
            press(table, "ok")
        elif snap["winner"] is not None or state["phase"] == "deal_end":
            return
        elif state["phase"] == "play":
            seat = state["turn"]
            fits = [c for c in held[seat] if c.value <= 31 - state["count"]]
            if fits:
                held[seat].remove(fits[0])
                table.act({"type": "play", "player": seat, "card": fits[0].code})
            else:
                press(table, "go")
        elif state["phase"] == "show":
            wanted = state["reveal"]
            assert wanted is not None and wanted["kind"] == "crib"  # both hands were played
            assert wanted["cards_needed"] == 4
            table.act({"type": "reveal", "player": wanted["player"],
                       "cards": [c.code for c in crib]})
    raise AssertionError("the deal did not end")


def test_a_whole_hidden_game_at_the_table_is_scored_stored_and_resumed(real) -> None:
    table = real()
    rng = random.Random(11)
    press(table, "ok")
    for deal in range(60):
        play_hidden_deal(table, rng)
        if table.snapshot()["winner"] is not None:
            break
        if deal == 2:  # a restart mid-game: the hidden deal resumes from the store
            table = real()
        press(table, "ok")  # the next deal, by the next dealer
        assert table.snapshot()["state"]["hidden"]
    snap = table.snapshot()
    assert snap["winner"] is not None
    stored = table.store.events(table.game_id)
    assert stored[-1]["type"] == "game_end" and stored[-1]["scores"] == snap["state"]["scores"]
    assert all(e.get("hidden") for e in stored if e["type"] == "deal")
    assert any(line.startswith("North shows the crib") or line.startswith("South shows the crib")
               for line in snap["log"])
    assert table.stats.store.stats()["games"] == 1


def test_a_reveal_can_be_undone_and_named_again(real) -> None:
    table = real("manual", variant="five-card", players=["North", "South"])
    press(table, "ok")
    press(table, "peg0")
    press(table, "peg1")
    table.act({"type": "starter", "player": 1, "card": "2S"})
    for seat, card in [(1, "KH"), (0, "QC"), (1, "9D")]:
        table.act({"type": "play", "player": seat, "card": card})
    press(table, "go")
    press(table, "go")
    if table.snapshot()["pending"] is not None:
        press(table, "ok")
    wanted = table.snapshot()["state"]["reveal"]
    assert wanted == {"player": 1, "kind": "hand", "cards_needed": 1, "played": ["KH", "9D"]}
    with pytest.raises(TableError, match="the hand is 3 cards with the KH 9D played"):
        table.act({"type": "reveal", "player": 1, "cards": ["4C", "5C"]})
    table.act({"type": "reveal", "player": 1, "cards": ["4C"]})
    assert table.snapshot()["pending"]["cards"] == ["KH", "9D", "4C"]
    table.act({"type": "undo"})
    assert table.snapshot()["state"]["reveal"]["player"] == 1
    encode(table, parse_card("5D"))  # the encoder names the one card left in the hand
    assert table.snapshot()["pending"]["cards"] == ["KH", "9D", "5D"]


def test_versus_is_dealt_by_the_app_even_at_a_real_table(real) -> None:
    table = real("versus")
    state = table.snapshot()["state"]
    assert not state["hidden"] and len(state["hands"][0]) == 6


def test_the_table_setting_is_checked(make_config) -> None:
    assert make_config(game={"table": "real"}).game.hidden_hands
    assert not make_config(game={"table": "real", "mode": "scoreboard"}).game.hidden_hands
    assert not make_config().game.hidden_hands  # the app deals unless told otherwise
    with pytest.raises(ConfigError, match=r"game\.table is 'pub': unknown; choose one of"):
        make_config(game={"table": "pub"})
