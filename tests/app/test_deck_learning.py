"""Learn my deck from the page: the camera asks for each card in turn, the simulator's players
lay each one alone, the deck is learned in the background, and the table reads with it from
then on and at the next start; stopping keeps the photos taken, to go on from."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import cv2
import numpy as np
import pytest
from aiohttp.test_utils import TestClient
from table_helpers import run_client

from pi_app.app.deck_learning import learned_profile
from pi_app.app.runtime import TableApp, build
from pi_app.vision.capture import ORDER
from pi_app.vision.recognizer import Model

JSON = {"Content-Type": "application/json"}


@pytest.fixture
def table(make_config) -> Iterator[Any]:
    """The simulator in mode auto; calling it again is a restart."""
    opened: list[TableApp] = []

    def start() -> TableApp:
        config = make_config(game={"mode": "auto"}, speech={"enabled": False})
        opened.append(build(config, simulated=True))
        learning = opened[-1].deck_learning
        learning.scenes, learning.check = 10, False  # a quick profile; the reader is not asked
        return opened[-1]

    yield start
    for app in opened:
        app.close()


def act(app: TableApp, action: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    async def post(client: TestClient) -> tuple[int, dict[str, Any]]:
        response = await client.post("/api/action", headers=JSON, data=json.dumps(action))
        return response.status, await response.json()

    return run_client(app, post)


def page_state(app: TableApp) -> dict[str, Any]:
    async def get(client: TestClient) -> dict[str, Any]:
        return await (await client.get("/api/state")).json()

    return run_client(app, get)


def test_a_deck_shown_card_by_card_on_the_page_is_learned_and_read_with_from_then_on(
        table) -> None:
    app = table()
    assert act(app, {"type": "learn_deck", "do": "start"}) == (200, {"ok": True})
    learning = app.deck_learning
    said = app.controller.speaker.said
    for _ in range(900):  # the camera's frames, while the virtual players lay each card
        if not learning.capturing:
            break
        learning.look()
    assert learning.state()["taken"] == 52
    assert "lay the ace of clubs (AC) face up, alone, in view" in said
    assert "took KS (52/52): all 52 taken" in said
    deadline = time.monotonic() + 300
    while learning.phase == "learning" and time.monotonic() < deadline:
        time.sleep(0.2)
    assert learning.state() == {"phase": "learned", "taken": 52,
                                "message": "deck learned: the camera reads it from now on"}
    assert app.watcher.recognizer.model.name == "deck-photos"
    assert page_state(app)["deck"]["phase"] == "learned"
    assert table().watcher.recognizer.model.name == "deck-photos"  # the next start too


def test_stopping_keeps_the_photos_taken_and_starting_again_goes_on(table) -> None:
    app = table()
    learning = app.deck_learning
    learning.start()
    while learning.state()["taken"] < 2:
        learning.look()
    assert act(app, {"type": "learn_deck", "do": "stop"}) == (200, {"ok": True})
    assert learning.state() == {"phase": "idle", "taken": 2,
                                "message": "stopped with 2 of 52 cards taken; start again "
                                           "to go on"}
    learning.start()
    while learning.state()["taken"] < 3:
        learning.look()
    assert "took 3C (3/52): take it away" in app.controller.speaker.said


def test_learn_deck_needs_the_camera_and_a_start_or_a_stop(table, make_config) -> None:
    app = table()
    status, reply = act(app, {"type": "learn_deck", "do": "again"})
    assert status == 400 and reply["error"] == "learn_deck: 'do' must be start or stop, not 'again'"
    manual = build(make_config(game={"mode": "manual"}, speech={"enabled": False}),
                   simulated=True)
    try:
        status, reply = act(manual, {"type": "learn_deck", "do": "start"})
        assert status == 400 and "in mode auto" in reply["error"]
    finally:
        manual.close()


def test_a_deck_that_cannot_be_learned_says_why_and_the_table_reads_as_before(table) -> None:
    app = table()
    learning = app.deck_learning
    learning.photos.mkdir()
    empty = np.full((720, 1280, 3), (40, 90, 30), np.uint8)
    for card in ORDER:
        cv2.imwrite(str(learning.photos / f"{card.code}.jpg"), empty)
    reading_with = app.watcher.recognizer
    learning.start()
    learning.look()  # all 52 are in: learning starts, and soon fails
    deadline = time.monotonic() + 60
    while learning.phase == "learning" and time.monotonic() < deadline:
        time.sleep(0.1)
    assert learning.phase == "failed"
    assert learning.message.startswith("the deck could not be learned: ")
    assert "AC.jpg: no card found" in learning.message
    assert app.watcher.recognizer is reading_with
    assert not learned_profile(app.config.storage).exists()


def test_a_deck_learned_on_the_page_is_saved_where_the_config_names_its_deck(
        make_config, tmp_path) -> None:
    mine = tmp_path / "mine.npz"
    replace(Model.default(), name="old photos").save(mine)
    config = make_config(game={"mode": "auto"}, speech={"enabled": False},
                         camera={"deck": str(mine)})
    app = build(config, simulated=True)
    try:
        assert app.deck_learning.profile == mine
        assert app.watcher.recognizer.model.name == "old photos"
    finally:
        app.close()
