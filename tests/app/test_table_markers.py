"""A real table with printed corner markers (`[camera] markers = true`): the default bands are
spread over the area the markers mark, the cards laid there are read as the players' plays,
and when the camera is knocked the zones move with the markers and play goes on."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import cv2
import numpy as np
import pytest
from aiohttp.test_utils import TestClient
from table_helpers import run_client

from pi_app.app.camera import default_zones, render_table
from pi_app.app.config import ConfigError
from pi_app.app.runtime import build
from pi_app.inputs.events import InputEvent
from pi_app.vision.designs import font_design
from pi_app.vision.frames import VirtualTable
from pi_app.vision.markers import find_markers, placed
from pi_app.vision.synth import lay_markers


def watch(app: Any, frames: int = 3) -> list[str]:
    said: list[str] = []
    for _ in range(frames):
        said += app.watcher.settle(app.watcher.look())
    return said


@pytest.fixture
def marked_table(make_config) -> Iterator[tuple[Any, dict[str, Any]]]:
    """A real table in the simulator whose camera sees four corner markers (`table["markers"]`)
    and the cards the people lay (`table["laid"]`, by zone), in zones the markers place."""
    config = make_config(game={"mode": "auto", "table": "real"}, speech={"enabled": False},
                         camera={"markers": True})
    app = build(config, simulated=True)
    app.watcher.markers.every = 1  # look for the markers in every frame, not every tenth
    bands = app.watcher.zones
    assert bands.markers is not None  # the default bands, spread between the markers
    design = font_design(0)
    table: dict[str, Any] = {
        "markers": np.array([[200, 90], [1180, 110], [1160, 660], [230, 640]], float),
        "laid": {},
    }

    def photograph() -> np.ndarray:
        zones = placed(bands, table["markers"])
        return lay_markers(render_table(design, zones, table["laid"]), table["markers"])

    app.watcher.source = VirtualTable(photograph)
    yield app, table
    app.close()


def test_the_zones_follow_the_markers_and_the_plays_are_read_when_the_camera_is_knocked(
        marked_table) -> None:
    app, table = marked_table
    app.controller.on_input(InputEvent("press", "ok", source="test"))  # deal
    hands = app.virtual_camera.table_hands()
    for seat in (0, 1):
        app.virtual_camera.lay_away(seat, hands[seat][4:])
    starter = app.virtual_camera.secret.starter.code
    table["laid"]["starter"] = [starter]
    said = watch(app)
    assert said[0] == "the zones moved with the corner markers"
    assert f"seen: starter {starter}" in said

    seat = app.controller.session.state()["turn"]
    table["laid"][f"play{seat}"] = [hands[seat][0]]
    assert f"seen: {hands[seat][0]} played by seat {seat}" in watch(app)

    table["markers"] = table["markers"] + np.array([40, -30])  # the camera is knocked
    said = watch(app)
    assert said == ["the zones moved with the corner markers"]  # nothing played again
    drawn = cv2.imdecode(np.frombuffer(app.watcher.preview(), np.uint8), cv2.IMREAD_COLOR)
    x, y = ((table["markers"][0] + table["markers"][1]) / 2).round().astype(int)
    assert drawn[y, x, 1] < 80 and drawn[y, x, 0] > 160  # the marked area, in magenta
    other = 1 - seat
    table["laid"][f"play{other}"] = [hands[other][0]]
    assert f"seen: {hands[other][0]} played by seat {other}" in watch(app)
    assert [tuple(p) for p in app.controller.session.state()["played"]] == [
        (seat, hands[seat][0]), (other, hands[other][0])]


def test_zones_set_up_on_the_page_are_saved_with_the_markers_and_follow_them_next_start(
        marked_table, make_config, tmp_path: Path) -> None:
    app, table = marked_table
    watch(app, 1)

    async def body(client: TestClient) -> None:
        zones = (await (await client.get("/api/zones")).json())["zones"]
        response = await client.post("/api/zones", headers={"Content-Type": "application/json"},
                                     data=json.dumps({"zones": zones}))
        assert response.status == 200

    run_client(app, body)
    saved = json.loads((tmp_path / "zones-2-players.json").read_text())
    assert np.abs(np.array(saved["markers"]) - table["markers"]).max() < 1.0
    again = build(make_config(game={"mode": "auto", "table": "real"},
                              speech={"enabled": False}, camera={"markers": True}),
                  simulated=True)
    try:
        assert again.watcher.zones == app.watcher.zones
    finally:
        again.close()


def test_without_markers_the_bands_are_the_frames_own(make_config) -> None:
    app = build(make_config(game={"mode": "auto"}, speech={"enabled": False}), simulated=True)
    try:
        assert app.watcher.markers is None and app.watcher.zones.markers is None
    finally:
        app.close()


def test_markers_laid_in_the_wrong_corners_are_shown_and_spoken_once(marked_table) -> None:
    app, table = marked_table
    table["markers"] = table["markers"][[1, 0, 2, 3]]  # 0 and 1 swapped
    said = watch(app)
    assert len(said) == 1 and "not in order round the play area: lay 0 top left" in said[0]
    assert app.controller.snapshot()["notice"] == said[0]
    assert app.controller.speaker.said.count("check the corner markers") == 1
    assert app.watcher.zones.zones == default_zones(2).zones  # the bands, left where they were


def test_markers_without_the_aruco_module_are_refused_at_start_saying_what_to_install(
        make_config, monkeypatch) -> None:
    monkeypatch.delattr(cv2, "aruco")
    config = make_config(game={"mode": "auto"}, camera={"markers": True})
    with pytest.raises(ConfigError, match=r"camera\.markers: this OpenCV has no ArUco module"
                                          r".*opencv-contrib-python-headless"):
        build(config, simulated=True)


def test_the_simulator_lays_corner_markers_and_its_cards_in_the_zones_they_place(
        make_config) -> None:
    config = make_config(game={"mode": "auto"}, speech={"enabled": False},
                         camera={"markers": True})
    app = build(config, simulated=True)
    try:
        look = app.watcher.look()
        assert sorted(find_markers(look.frame)) == [0, 1, 2, 3]
        assert app.watcher.settle(look)[0] == "the zones moved with the corner markers"
        assert app.virtual_camera.zones == app.watcher.zones  # cards go where they are read
        xs = [x for zone in app.watcher.zones.zones for x, _ in zone.polygon]
        assert min(xs) > 50 and max(xs) < 1230  # within the markers' quad
    finally:
        app.close()
