"""A whole game driven over the engine protocol: new_game, act, state, undo, redo."""

from __future__ import annotations

import json
from typing import Any

from pi_app.engine.game import Game
from pi_app.engine.players import SimplePlayer, play_game
from pi_app.engine.variants import Rules, preset
from pi_app.engine_protocol.server import EngineSession


def ask(session: EngineSession, **request: Any) -> dict[str, Any]:
    return session.handle(json.dumps(request))


def test_a_whole_game_driven_over_the_protocol_matches_the_engine() -> None:
    players = [SimplePlayer(0), SimplePlayer(1)]
    expected = play_game(players, Rules(), seed=12)
    session = EngineSession()
    reply = ask(session, op="new_game", variant="six-card", players=2, seed=12, id=1)
    assert reply["ok"] and reply["id"] == 1
    game_id = reply["game"]
    log = list(reply["events"])
    for event in expected.events[len(log):]:
        if event["type"] == "discard":
            action = {"type": "discard", "player": event["player"], "cards": event["cards"]}
        elif event["type"] == "play":
            action = {"type": "play", "player": event["player"], "card": event["card"]}
        elif event["type"] == "go" and event.get("said"):
            action = {"type": "go", "player": event["player"]}
        elif event["type"] == "deal":
            action = {"type": "next", "player": 0}
        else:
            continue
        reply = ask(session, op="act", game=game_id, **action)
        assert reply["ok"], reply["error"]
        log += reply["events"]
    assert log == expected.events
    state = ask(session, op="state", game=game_id)["state"]
    assert state["phase"] == "game_over" and state["result"] == expected.result


def test_an_illegal_action_gets_an_error_and_changes_nothing() -> None:
    session = EngineSession()
    game_id = ask(session, op="new_game", seed=3)["game"]
    before = ask(session, op="state", game=game_id)
    hand = before["state"]["hands"][0]
    for request, error in [
        ({"type": "play", "player": 0, "card": hand[0]}, "act: no card can be played now"),
        ({"type": "discard", "player": 0, "cards": hand[:1]}, "act: throw 2 card(s)"),
        ({"type": "discard", "player": 0, "cards": ["ZZ", "5H"]}, "act: 'ZZ'"),
        ({"type": "dance", "player": 0}, "act: action type 'dance'"),
    ]:
        reply = ask(session, op="act", game=game_id, **request)
        assert reply["ok"] is False and reply["error"].startswith(error), reply
    assert ask(session, op="state", game=game_id) == before


def test_undo_and_redo_over_the_protocol() -> None:
    session = EngineSession()
    game_id = ask(session, op="new_game", seed=4)["game"]
    hand = ask(session, op="state", game=game_id)["state"]["hands"][1]
    made = ask(session, op="act", game=game_id, type="discard", player=1, cards=hand[:2])
    undone = ask(session, op="undo", game=game_id)
    assert undone["events"] == made["events"]
    assert undone["state"]["hands"][1] == hand
    redone = ask(session, op="redo", game=game_id)
    assert redone["state"] == made["state"]
    assert ask(session, op="redo", game=game_id)["error"] == "redo: nothing to redo"


def test_new_game_names_bad_variants_options_players_and_games() -> None:
    session = EngineSession()
    for request, error in [
        ({"variant": "nine-card"}, "unknown variant 'nine-card'"),
        ({"options": {"mugins": True}}, "unknown rule option(s) ['mugins']"),
        ({"variant": "four-hand", "players": 2}, "players: four-hand is played by 4, not 2"),
        ({"seed": [1]}, "seed: expected a number or a string"),
    ]:
        reply = ask(session, op="new_game", **request)
        assert not reply["ok"] and error in reply["error"], reply
    assert "no game '99'" in ask(session, op="state", game="99")["error"]


def test_a_table_game_takes_its_cards_from_the_table() -> None:
    session = EngineSession()
    game_id = ask(session, op="new_game", manual=True, variant="six-card")["game"]
    reply = ask(session, op="act", game=game_id, type="next", dealer=1,
                hands=[["4H", "4S", "5C", "6D", "7C", "8D"], ["2C", "4D", "7H", "8S", "TC", "QD"]])
    assert reply["ok"], reply
    assert reply["state"]["dealer"] == 1
    ask(session, op="act", game=game_id, type="discard", player=0, cards=["7C", "8D"])
    reply = ask(session, op="act", game=game_id, type="discard", player=1, cards=["7H", "8S"])
    assert reply["state"]["phase"] == "cut"
    reply = ask(session, op="act", game=game_id, type="starter", player=0, card="JH")
    assert reply["events"][0] == {"type": "starter", "card": "JH", "points": 2, "manual": True,
                                  "player": 1, "side": 1, "reason": "his heels"}
    assert Game.replay(ask(session, op="events", game=game_id)["events"]).scores == [0, 2]


def test_a_hidden_deal_over_the_protocol_names_cards_only_as_played_and_shown() -> None:
    session = EngineSession()
    game_id = ask(session, op="new_game", manual=True, variant="five-card")["game"]
    reply = ask(session, op="act", game=game_id, type="next", dealer=0, hidden=True)
    assert reply["state"]["hidden"] and reply["state"]["held"] == [5, 5]
    for seat in (0, 1):
        ask(session, op="act", game=game_id, type="discard", player=seat)
    ask(session, op="act", game=game_id, type="starter", player=1, card="2S")
    for seat, card in [(1, "KH"), (0, "QC"), (1, "9D")]:
        assert ask(session, op="act", game=game_id, type="play", player=seat, card=card)["ok"]
    refused = ask(session, op="act", game=game_id, type="play", player=0, card="KH")
    assert not refused["ok"] and "KH has already been seen this deal" in refused["error"]
    for seat in (0, 1):
        ask(session, op="act", game=game_id, type="go", player=seat)
    reply = ask(session, op="act", game=game_id, type="reveal", player=1, cards=["5D"])
    assert [e["type"] for e in reply["events"]] == ["reveal", "show"]
    assert reply["events"][1]["cards"] == ["KH", "9D", "5D"]
    events = ask(session, op="events", game=game_id)["events"]
    restored = Game.replay(events, preset("five-card"), reply["state"]["seed"])
    assert restored.to_json() == reply["state"]
