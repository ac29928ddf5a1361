"""The table's modes, played through the controller as the buttons, camera and page drive it."""

from __future__ import annotations

import json

import pytest
from table_helpers import lit_holes, play_until_show

from pi_app.app.session import TableError
from pi_app.engine.cards import parse_card
from pi_app.inputs.events import InputEvent


def press(control: str, kind: str = "press") -> InputEvent:
    return InputEvent(kind, control, source="test")  # type: ignore[arg-type]


# ---- scoreboard only ----------------------------------------------------------------------------

def test_scoreboard_pegs_to_121_with_undo_and_redo_and_the_board_follows(make_controller) -> None:
    table = make_controller("scoreboard")
    for points in (29, 24, 28, 20, 12):  # 113 for North
        table.act({"type": "peg", "player": 0, "points": points})
    table.act({"type": "peg", "player": 1, "points": 15})
    assert lit_holes(table)[0] == [101, 113] and lit_holes(table)[1] == [0, 15]

    table.act({"type": "peg", "player": 0, "points": 9})  # a slip: 122 would be past the hole
    table.act({"type": "undo"})
    assert table.snapshot()["pegs"][0] == {"front": 113, "back": 101}
    for _ in range(8):  # the PEG button, one point a press
        table.on_input(press("peg0"))
    assert table.snapshot()["winner"] == 0
    assert lit_holes(table)[0] == [120, 121]
    stored = table.store.events(table.game_id)
    assert stored[-1]["type"] == "game_end" and stored[-1]["winner"] == 0

    table.on_input(press("undo"))  # take back the winning peg...
    assert table.snapshot()["winner"] is None and lit_holes(table)[0] == [119, 120]
    table.on_input(press("undo", "long_press"))  # ...and a held UNDO puts it back
    assert table.snapshot()["winner"] == 0


def test_scoreboard_next_game_starts_both_pegs_again_from_the_first_hole(make_controller) -> None:
    table = make_controller("scoreboard")
    table.act({"type": "peg", "player": 1, "points": 12})
    for points in (29, 29, 29, 29, 5):  # North pegs out at 121
        table.act({"type": "peg", "player": 0, "points": points})
    table.on_input(press("ok"))  # the next game of the match
    snap = table.snapshot()
    assert snap["state"]["scores"] == [0, 0] and snap["winner"] is None
    assert snap["pegs"] == [{"front": 0, "back": None}, {"front": 0, "back": None}]
    assert lit_holes(table) == {0: [0], 1: [0]}
    assert snap["stats"]["race"] == [[0, 0]]

    table.act({"type": "peg", "player": 1, "points": 6})
    assert table.snapshot()["pegs"][1] == {"front": 6, "back": 0}
    assert lit_holes(table)[1] == [0, 6]


def test_scoreboard_refuses_a_peg_bigger_than_any_count(make_controller) -> None:
    table = make_controller("scoreboard")
    with pytest.raises(TableError, match="1 to 29"):
        table.act({"type": "peg", "player": 0, "points": 30})
    assert table.store.events(table.game_id) == []


# ---- the show, held on display ----------------------------------------------------------------

def test_a_count_waits_on_display_until_confirmed_then_is_pegged_and_spoken(
        make_controller) -> None:
    table = make_controller("manual")
    play_until_show(table)
    snap = table.snapshot()
    pending = snap["pending"]
    assert pending["type"] == "show" and pending["kind"] == "hand"
    before = [p["front"] for p in snap["pegs"]]
    assert sum(item["points"] for item in pending["items"]) == pending["points"]

    table.on_input(press("ok"))
    after = [p["front"] for p in table.snapshot()["pegs"]]
    side = pending["player"]
    assert after[side] == min(121, before[side] + pending["points"])
    assert table.speaker.said[-1] == snap["pending_spoken"]


def test_disputing_a_count_undoes_the_last_card_and_the_count_goes_away(make_controller) -> None:
    table = make_controller("manual")
    play_until_show(table)
    cards_played = len(table.snapshot()["state"]["played"])
    table.act({"type": "undo"})
    snap = table.snapshot()
    assert snap["pending"] is None
    assert snap["state"]["phase"] == "play" and len(snap["state"]["played"]) == cards_played - 1


def test_the_next_deal_waits_for_every_count_to_be_confirmed(make_controller) -> None:
    table = make_controller("manual")
    play_until_show(table)
    with pytest.raises(TableError, match="confirm the count"):
        table.act({"type": "next", "player": 0})
    for _ in range(3):  # pone's hand, dealer's hand, crib
        table.act({"type": "confirm"})
    table.on_input(press("ok"))  # OK deals the next hand
    assert table.snapshot()["state"]["deal"] == 2


# ---- camera: a misread corrected ---------------------------------------------------------------

def test_a_misread_card_is_refused_and_the_corrected_card_is_played(make_controller) -> None:
    table = make_controller("auto")
    state = table.snapshot()["state"]
    for seat in (0, 1):
        table.act({"type": "discard", "player": seat, "cards": state["hands"][seat][:2]})
    state = table.snapshot()["state"]
    turn, held = state["turn"], state["hands"][state["turn"]]
    misread = next(code for code in ("5H", "5D", "5C", "5S") if code not in held)
    events_before = len(table.store.events(table.game_id))

    with pytest.raises(TableError, match=f"does not hold {misread}"):
        table.observe("play", [misread])
    assert len(table.store.events(table.game_id)) == events_before  # nothing was pegged

    table.observe("play", [held[0]])  # the player lays it again, or names it on the page
    played = table.snapshot()["state"]["played"]
    assert played == [[turn, held[0]]]


def test_a_refused_button_is_shown_and_spoken_not_raised(make_controller) -> None:
    table = make_controller("manual")
    table.on_input(press("go"))  # during the discard nobody can say go
    assert "go" in table.snapshot()["notice"]
    assert table.speaker.said[-1] == "no"


# ---- versus the computer -----------------------------------------------------------------------

def test_versus_the_computer_plays_a_whole_game_and_the_board_ends_on_the_engine_scores(
        make_controller) -> None:
    table = make_controller("versus", computer_level="beginner")
    for _ in range(60):
        if table.snapshot()["winner"] is not None:
            break
        play_until_show(table)
        while table.snapshot()["pending"] is not None:
            table.on_input(press("ok"))
        if table.snapshot()["winner"] is None:
            table.on_input(press("ok"))
    snap = table.snapshot()
    game = table.session.game  # type: ignore[union-attr]
    assert snap["winner"] is not None and game.over
    assert [p["front"] for p in snap["pegs"]] == [min(121, s) for s in game.scores]
    fronts = {player: max(holes) for player, holes in lit_holes(table).items()}
    assert [fronts[0], fronts[1]] == [min(121, s) for s in game.scores]
    by_computer = [e for e in game.events if e.get("player") == 1 and e["type"] == "play"]
    assert by_computer, "the computer's seat laid cards"


def test_undo_in_versus_takes_back_the_computers_reply_with_the_players_card(
        make_controller) -> None:
    table = make_controller("versus")  # the standard level: expected values and a lookahead
    hand = table.snapshot()["state"]["hands"][0]
    table.act({"type": "discard", "player": 0, "cards": hand[:2]})
    snap = table.snapshot()
    if snap["state"]["turn"] == 1:  # the computer leads when it is pone; it already has
        assert len(snap["state"]["played"]) == 1
    seat_0_card = snap["state"]["playable"][0]
    played_before = len(snap["state"]["played"])
    table.act({"type": "play", "player": 0, "card": seat_0_card})
    assert len(table.snapshot()["state"]["played"]) >= played_before + 1
    table.act({"type": "undo"})
    assert len(table.snapshot()["state"]["played"]) == played_before
    assert table.snapshot()["state"]["turn"] == 0


def test_in_versus_undo_is_offered_only_once_the_person_has_acted(make_controller) -> None:
    table = make_controller("versus", computer_level="beginner")
    assert table.snapshot()["can_undo"] is False  # only the computer has laid away
    hand = table.snapshot()["state"]["hands"][0]
    table.act({"type": "discard", "player": 0, "cards": hand[:2]})
    assert table.snapshot()["can_undo"] is True


def test_the_computers_hand_is_face_down_on_the_page(make_controller) -> None:
    table = make_controller("versus", computer_level="beginner")
    snap = table.snapshot()
    assert snap["state"]["hands"][1] == ["??"] * 4  # it has laid away already
    assert "??" not in snap["state"]["hands"][0]
    secret = [card.code for card in table.session.game.kept[1]]  # type: ignore[union-attr]
    assert not any(code in json.dumps(snap) for code in secret)


# ---- restart -----------------------------------------------------------------------------------

def test_a_restart_mid_game_resumes_on_the_same_board(make_controller) -> None:
    table = make_controller("manual")
    play_until_show(table)
    table.act({"type": "confirm"})
    before = table.snapshot()
    frame = table.frame.pixels.copy()
    table.close()
    table.store.close()

    again = make_controller("manual")  # a new process: the same settings and database file
    after = again.snapshot()
    assert after["game_id"] == before["game_id"]
    assert after["state"]["played"] == before["state"]["played"]
    assert (again.frame.pixels == frame).all()
    assert after["pending"] == before["pending"]  # the same count waits on display


def test_a_finished_game_is_not_resumed(make_controller) -> None:
    table = make_controller("scoreboard")
    for _ in range(5):
        table.act({"type": "peg", "player": 1, "points": 29})
    assert table.snapshot()["winner"] == 1
    table.close()
    table.store.close()
    again = make_controller("scoreboard")
    assert again.game_id != table.game_id and again.snapshot()["pegs"][1]["front"] == 0


# ---- coach and muggins -------------------------------------------------------------------------

def test_coach_mode_shows_the_best_discard_and_what_the_chosen_one_cost(make_controller) -> None:
    table = make_controller("manual", coach=True)
    hints = table.snapshot()["coach"]
    assert [h["player"] for h in hints] == [0, 1]
    best = hints[0]["discard"]
    hand = table.snapshot()["state"]["hands"][0]
    worst_keep = [c for c in hand if c not in best][:2]
    table.act({"type": "discard", "player": 0, "cards": worst_keep})
    note = table.snapshot()["coach_note"]
    assert f"best was {' '.join(best)}" in note and "cost" in note


def test_muggins_a_player_claims_less_and_the_opponent_takes_the_rest(make_controller) -> None:
    table = make_controller("manual", muggins=True)
    for _ in range(20):
        play_until_show(table)
        state = table.snapshot()["state"]
        seat, _kind = state["show_next"]
        true = table.session.game.true_count()  # type: ignore[union-attr]
        if true >= 2:
            break
        table.act({"type": "claim", "player": seat, "points": true})
    table.act({"type": "claim", "player": seat, "points": true - 2})
    other = 1 - seat
    before = table.snapshot()["pegs"][other]["front"]
    table.act({"type": "muggins", "player": other, "points": 2})
    assert table.snapshot()["pegs"][other]["front"] == before + 2
    assert table.speaker.said[-1] == "muggins, two"


def test_the_encoder_names_the_card_to_play_rank_then_suit(make_controller) -> None:
    table = make_controller("auto")
    state = table.snapshot()["state"]
    for seat in (0, 1):
        table.act({"type": "discard", "player": seat, "cards": state["hands"][seat][:2]})
    state = table.snapshot()["state"]
    card = parse_card(state["playable"][0])
    table.on_input(InputEvent("turn", "encoder", steps=card.rank - 1, source="test"))
    table.on_input(InputEvent("press", "encoder", source="test"))
    assert table.snapshot()["entry"].startswith("card 1 of 1:")
    table.on_input(InputEvent("turn", "encoder", steps=int(card.suit), source="test"))
    table.on_input(InputEvent("press", "encoder", source="test"))
    assert table.snapshot()["state"]["played"] == [[state["turn"], card.code]]
    assert table.snapshot()["entry"] is None


def test_the_encoder_refuses_a_card_already_in_play(make_controller) -> None:
    table = make_controller("manual")
    state = table.snapshot()["state"]
    for seat in (0, 1):
        table.act({"type": "discard", "player": seat, "cards": state["hands"][seat][:2]})
    starter = parse_card(table.snapshot()["state"]["starter"])
    table.on_input(InputEvent("turn", "encoder", steps=starter.rank - 1, source="test"))
    table.on_input(InputEvent("press", "encoder", source="test"))
    assert table.entry is not None
    to_starter = (int(starter.suit) - int(table.entry.suit)) % 4
    table.on_input(InputEvent("turn", "encoder", steps=to_starter or 4, source="test"))
    assert table.entry.selected_card == starter
    table.on_input(InputEvent("press", "encoder", source="test"))
    assert "already in play" in table.snapshot()["notice"]
    assert table.snapshot()["state"]["played"] == []
