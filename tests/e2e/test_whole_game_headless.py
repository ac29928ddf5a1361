"""A whole game through the simulator, headless: the app served as `crib sim` serves it, cards
read by the camera from scripted frames of the table (one misread among them), buttons pressed
on the mock GPIO pins, discards from the page's API. At the end the board's last frame, the log
and the stored statistics must all tell the same game."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from served_app import Server

from pi_app.app import runtime
from pi_app.app.camera import default_zones, render_table
from pi_app.app.config import load_config
from pi_app.board.layout import GAME_HOLE
from pi_app.storage import GameStore
from pi_app.vision.designs import kennard
from pi_app.vision.synth import Conditions, degrade

pytestmark = pytest.mark.slow


CAMERA = Conditions(tilt=0.0, light=0.3, glare=0.0, blur=0.6, noise=4.0, jpeg=(80, 92))
"""A fair table: the synthesiser's uneven light, blur, noise and JPEG on every frame."""


class ScriptedTable:
    """The frames the camera sees: what the script has laid in each zone, photographed by the
    scene synthesiser's camera model."""

    def __init__(self, design: dict[str, np.ndarray]) -> None:
        self.design = design
        self.zones = default_zones(2)
        self.laid: dict[str, list[str]] = {}
        self.rng = np.random.default_rng(7)
        self.lock = threading.Lock()

    def show(self, laid: dict[str, list[str]]) -> None:
        with self.lock:
            self.laid = {zone: list(cards) for zone, cards in laid.items()}

    def frame(self) -> np.ndarray:
        with self.lock:
            clean = render_table(self.design, self.zones, self.laid)
        return degrade(clean, CAMERA, self.rng)


@pytest.fixture
def server(tmp_path: Path, shared_dir: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(runtime, "CAMERA_INTERVAL", 0.02)
    config = load_config(None, environ={}, system=tmp_path / "none.toml", overrides={
        "game": {"mode": "auto"},
        "speech": {"enabled": False},
        "storage": {"path": str(tmp_path / "games.sqlite")},
    })
    table = ScriptedTable(kennard(shared_dir))
    running = Server(config, table.frame)
    running.table = table
    running.start()
    yield running
    running.close()


def laid_cards(state: dict[str, Any]) -> dict[str, list[str]]:
    """The table as it stands: each seat's cards played this deal, and the starter."""
    laid: dict[str, list[str]] = {"play0": [], "play1": []}
    for seat, code in state["played"]:
        laid[f"play{seat}"].append(code)
    if state["starter"]:
        laid["starter"] = [state["starter"]]
    return laid


def test_a_whole_game_read_by_the_camera_and_pressed_on_the_buttons(server) -> None:
    misread_done = False
    for _ in range(600):
        snap = server.state()
        state = snap["state"]
        if snap["winner"] is not None:
            break
        if snap["pending"] is not None or state["phase"] == "deal_end":
            server.press("ok")  # confirm the count on display / deal the next hand
            server.table.show({})
        elif state["phase"] == "discard":
            for seat in state["to_move"]:
                server.post({"type": "discard", "player": seat,
                             "cards": state["hands"][seat][:2]})
        elif state["phase"] == "play" and not state["playable"]:
            server.press("go")
        elif state["phase"] == "play":
            seat, card = state["turn"], state["playable"][0]
            laid = laid_cards(state)
            if not misread_done:  # the camera misreads: a card this player does not hold
                wrong = state["hands"][1 - seat][0]
                server.table.show({**laid, f"play{seat}": [*laid[f"play{seat}"], wrong]})
                server.wait(lambda s, w=wrong: s["notice"] and w in s["notice"],
                            "the misread to be reported")
                assert server.state()["state"]["played"] == state["played"]
                misread_done = True
            server.table.show({**laid, f"play{seat}": [*laid[f"play{seat}"], card]})
            before = state["played"]
            server.wait(lambda s, b=before: s["state"]["played"] != b
                        or s["state"]["phase"] != "play", f"{card} to be read and played")
    snap = server.state()
    assert snap["winner"] is not None, "the game did not finish"
    assert misread_done

    # The board's final frame: each track's front peg is the engine's score.
    app = server.app
    layout = app.display.renderer.layout
    frame = np.concatenate([np.array(strip.frames[-1]) for strip in app.display.strips])
    scores = snap["state"]["scores"]
    for side, score in enumerate(scores):
        front = layout.flat_index(layout.tracks[side].holes[min(score, GAME_HOLE)])
        assert frame[front].any(), f"track {side}'s front peg at {score} is dark"
    assert frame[layout.flat_index(layout.tracks[snap["winner"]].holes[GAME_HOLE])].any()

    # The log: the deals, the plays the camera read, and the winner.
    log = snap["log"]
    names = snap["names"]
    assert log[-1].startswith(f"{names[snap['winner']]} wins")
    assert sum(" plays " in line for line in log) > 8

    # The stored statistics: one finished game, won by the winner.
    server.close()
    with GameStore(server.config.storage) as store:
        stats = store.stats()
        events = store.events(store.game_ids()[-1])
    assert stats["games"] == 1
    assert stats["players"][names[snap["winner"]]]["wins"] == 1
    assert events[-1]["type"] == "game_end" and events[-1]["scores"] == scores
