"""Whole deals at a real table, through the simulator as `crib sim --mode auto` with
`game.table = "real"` serves it: the app never sees a hand. The virtual table deals the
people their cards; they lay away face down from the page, the camera reads the starter turned
up, each card as it lands in a seat's play zone, and at the show each hand's hidden cards and
the crib laid out in the show area. Only the table's buttons and the page's clicks drive it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from served_app import Server

from pi_app.app import runtime
from pi_app.app.config import load_config
from pi_app.engine.cards import parse_card
from pi_app.engine.game import Game
from pi_app.storage import GameStore

pytestmark = pytest.mark.slow
DEALS = 2


@pytest.fixture
def server(tmp_path: Path, shared_dir: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(runtime, "CAMERA_INTERVAL", 0.02)
    monkeypatch.setattr(runtime, "DECK_DIRS", (shared_dir / "data" / "decks" / "kennard",))
    config = load_config(None, environ={"CRIB_GAME_TABLE": "real"},
                         system=tmp_path / "none.toml", overrides={
        "game": {"mode": "auto"},
        "speech": {"enabled": False},
        "storage": {"path": str(tmp_path / "games.sqlite")},
    })
    running = Server(config)
    running.start()
    yield running
    running.close()


def play_a_deal(server: Server, held_at_deal: list[list[str]]) -> None:
    """Lay away, then play and show until the deal is over, as people at the table would."""
    snap = server.state()
    hands = snap["table_hands"]
    held_at_deal.append([card for hand in hands for card in hand])
    for seat, hand in enumerate(hands):
        server.post({"type": "lay_away", "player": seat, "cards": hand[:2]})
    snap = server.wait(lambda s: s["state"]["phase"] != "cut", "the starter to be read")
    assert snap["state"]["starter"] is not None
    for _ in range(60):
        snap = server.state()
        state = snap["state"]
        if snap["pending"] is not None or state["phase"] == "deal_end":
            return
        if state["phase"] == "show":
            server.wait(lambda s: s["pending"] is not None, "the show area to be read")
            return
        seat, room = state["turn"], 31 - state["count"]
        fits = [code for code in snap["table_hands"][seat]
                if parse_card(code).value <= room]
        if not fits:
            server.press("go")
            continue
        server.post({"type": "lay", "player": seat, "card": fits[0]})
        before = state["played"]
        server.wait(lambda s, b=before: s["state"]["played"] != b, f"{fits[0]} to be read")
    raise AssertionError("the play did not end")


def confirm_the_show(server: Server) -> dict[str, Any]:
    """OK each count on display; the camera reads the crib laid out once the hands are in."""
    for _ in range(10):
        snap = server.state()
        if snap["pending"] is not None:
            server.press("ok")
        elif snap["state"]["phase"] == "show":
            server.wait(lambda s: s["pending"] is not None, "the crib to be read")
        else:
            return snap
    raise AssertionError("the show did not end")


def test_whole_hidden_hand_deals_read_by_the_camera(server) -> None:
    snap = server.state()
    assert snap["hidden_hands"] and snap["state"]["phase"] == "deal_end"
    server.press("ok")  # the first seat deals
    held: list[list[str]] = []
    for deal in range(1, DEALS + 1):
        snap = server.state()
        assert snap["state"]["deal"] == deal and snap["state"]["hands"] == [[], []]
        play_a_deal(server, held)
        snap = confirm_the_show(server)
        assert snap["state"]["phase"] in ("deal_end", "game_over")
        if deal < DEALS:
            server.press("ok")

    server.close()
    with GameStore(server.config.storage) as store:
        game_id = store.game_ids()[-1]
        events = store.events(game_id)
        info = store.info(game_id)
    deals = [e for e in events if e["type"] == "deal"]
    assert [d["dealer"] for d in deals] == [0, 1] and all(d["hidden"] for d in deals)
    assert all(e["cards"] == [] for e in events if e["type"] == "discard")
    for deal, cards in zip(range(DEALS), held, strict=True):  # every card shown came from the table
        start = events.index(deals[deal])
        end = events.index(deals[deal + 1]) if deal + 1 < DEALS else len(events)
        shown = [c for e in events[start:end] if e["type"] == "show" and e["kind"] == "hand"
                 for c in e["cards"]]
        assert sorted(shown) == sorted(c for c in cards if c not in crib_of(events[start:end]))
    replayed = Game.replay(events, info.rules, info.seed)
    assert replayed.scores == snap["state"]["scores"]


def crib_of(events: list[dict[str, Any]]) -> list[str]:
    return next(e["cards"] for e in events if e["type"] == "show" and e["kind"] == "crib")
