"""Table zones set up on the page: the zones dragged over the camera's view are checked as a
zone file is at start, saved where the next start reads them, and read by from the next frame;
zones the table cannot use, or cannot save, change nothing."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from aiohttp.test_utils import TestClient
from table_helpers import run_client

from pi_app.app.camera import default_zones
from pi_app.app.runtime import TableApp, build
from pi_app.inputs.events import InputEvent

JSON = {"Content-Type": "application/json"}


@pytest.fixture
def real_table(make_config) -> Iterator[Callable[..., TableApp]]:
    """A simulated real table read by the camera; calling it again is a restart."""
    opened: list[TableApp] = []

    def start(**camera: Any) -> TableApp:
        config = make_config(game={"mode": "auto", "table": "real"}, speech={"enabled": False},
                             camera=camera)
        opened.append(build(config, simulated=True))
        return opened[-1]

    yield start
    for app in opened:
        app.close()


def watch(app: TableApp) -> list[str]:
    said: list[str] = []
    for _ in range(3):
        said += app.watcher.settle(app.watcher.look())
    return said


def deal_to_the_play(app: TableApp) -> None:
    app.controller.on_input(InputEvent("press", "ok", source="test"))
    hands = app.virtual_camera.table_hands()
    for seat in (0, 1):
        app.virtual_camera.lay_away(seat, hands[seat][4:])
    assert watch(app) == [f"seen: starter {app.virtual_camera.secret.starter}"]


def swapped_seats(zones: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The players sat the other way round: seat 0 plays into the lower band."""
    plays = [i for i, zone in enumerate(zones) if zone["kind"] == "play"]
    swapped = [dict(zone) for zone in zones]
    first, second = plays
    swapped[first]["polygon"], swapped[second]["polygon"] = (zones[second]["polygon"],
                                                             zones[first]["polygon"])
    return swapped


def test_zones_set_up_on_the_page_are_read_by_from_the_next_card_and_kept_for_the_next_start(
        real_table, tmp_path: Path) -> None:
    app = real_table()
    deal_to_the_play(app)
    posted: dict[str, Any] = {}

    async def body(client: TestClient) -> None:
        shown = await (await client.get("/api/zones")).json()
        assert shown["size"] == [1280, 720] and shown["seats"] == 2
        assert shown["zones"] == default_zones(2).to_json()["zones"] == shown["bands"]
        assert shown["file"] == str(tmp_path / "zones-2-players.json")
        posted["zones"] = swapped_seats(shown["zones"])
        response = await client.post("/api/zones", headers=JSON, data=json.dumps(posted))
        assert (await response.json()) == {"ok": True}
        assert (await (await client.get("/api/zones")).json())["zones"] == posted["zones"]
        plain = await client.get("/api/camera.jpg?zones=0")
        assert plain.status == 200 and plain.content_type == "image/jpeg"

    run_client(app, body)
    seat = app.controller.session.state()["turn"]
    card = app.virtual_camera.table_hands()[seat][0]
    app.virtual_camera.lay(seat, card)
    assert f"seen: {card} played by seat {seat}" in watch(app)
    seen = next(d for d in app.watcher.last.detections if d.card and d.card.code == card)
    (left, top), (right, bottom) = (posted["zones"][2 + seat]["polygon"][i] for i in (0, 2))
    x, y = seen.corners.mean(axis=0)
    assert left < x < right and top < y < bottom  # in the band the seat was moved to
    assert json.loads((tmp_path / "zones-2-players.json").read_text()) == posted
    assert real_table().watcher.zones.to_json() == posted


def test_zones_the_table_cannot_use_are_refused_with_the_reason_and_change_nothing(
        real_table, tmp_path: Path) -> None:
    app = real_table()
    bands = default_zones(2).to_json()["zones"]
    flat = [dict(zone) for zone in bands]
    flat[0]["polygon"] = [[20, 20], [200, 20], [380, 20], [100, 20]]  # dragged onto one line
    refusals = [
        ({"zones": [z for z in bands if z["kind"] != "starter"]}, "needs a starter zone"),
        ({"zones": flat}, "zone 'starter': its polygon encloses no area"),
        ({"zones": bands[:3]}, r"needs 2 play zones, one per player in seat order \(it has 1\)"),
        ({"zones": "all"}, 'a zone file is an object with a "zones" list'),
    ]

    async def body(client: TestClient) -> None:
        for data, reason in refusals:
            response = await client.post("/api/zones", headers=JSON, data=json.dumps(data))
            assert response.status == 400
            error = (await response.json())["error"]
            assert error.startswith("zones: ")
            assert re.search(reason, error), error
        assert (await (await client.get("/api/zones")).json())["zones"] == bands

    run_client(app, body)
    assert app.watcher.zones == default_zones(2) == app.virtual_camera.zones
    assert not (tmp_path / "zones-2-players.json").exists()


def test_zones_that_cannot_be_saved_are_refused_and_the_old_ones_stay_in_use(
        real_table, tmp_path: Path) -> None:
    app = real_table()
    (tmp_path / "zones-2-players.json").mkdir()  # a folder where the zone file would go

    async def body(client: TestClient) -> None:
        data = {"zones": swapped_seats(default_zones(2).to_json()["zones"])}
        response = await client.post("/api/zones", headers=JSON, data=json.dumps(data))
        assert response.status == 400
        error = (await response.json())["error"]
        assert f"cannot save the zones to {tmp_path / 'zones-2-players.json'}" in error
        assert "nothing was changed" in error

    run_client(app, body)
    assert app.watcher.zones == default_zones(2) == app.virtual_camera.zones
    assert [p.name for p in tmp_path.iterdir() if "zones" in p.name] == ["zones-2-players.json"]


def test_zones_are_set_up_only_from_a_paired_page(real_table) -> None:
    app = real_table()

    async def body(client: TestClient) -> None:
        data = {"zones": swapped_seats(default_zones(2).to_json()["zones"])}
        response = await client.post("/api/zones", headers=JSON, data=json.dumps(data))
        assert response.status == 403 and "pairing code" in (await response.json())["error"]
        assert (await client.get("/api/zones")).status == 200

    run_client(app, body, pairing="4821")
    assert app.watcher.zones == default_zones(2)


def test_without_the_camera_there_are_no_zones_to_set_up(make_config) -> None:
    app = build(make_config(game={"mode": "manual"}, speech={"enabled": False}), simulated=True)
    try:
        async def body(client: TestClient) -> None:
            assert (await client.get("/api/zones")).status == 404
            response = await client.post("/api/zones", headers=JSON, data="{}")
            assert response.status == 404 and "mode auto" in (await response.json())["error"]

        run_client(app, body)
    finally:
        app.close()


def test_zones_set_up_for_two_players_leave_a_three_player_game_its_own_bands(
        real_table, make_config, tmp_path: Path) -> None:
    app = real_table()

    async def body(client: TestClient) -> None:
        data = {"zones": swapped_seats(default_zones(2).to_json()["zones"])}
        response = await client.post("/api/zones", headers=JSON, data=json.dumps(data))
        assert response.status == 200

    run_client(app, body)
    config = make_config(game={"mode": "auto", "table": "real", "variant": "three-hand",
                               "players": ["Ann", "Bo", "Cy"]},
                         speech={"enabled": False},
                         storage={"path": str(tmp_path / "three.sqlite")})  # a new game
    three = build(config, simulated=True)
    try:
        assert three.watcher.zones == default_zones(3)
        assert three.zone_editor.path == tmp_path / "zones-3-players.json"
    finally:
        three.close()
    assert real_table().watcher.zones.to_json()["zones"] == data_zones(tmp_path)


def data_zones(folder: Path) -> list[dict[str, Any]]:
    return json.loads((folder / "zones-2-players.json").read_text())["zones"]
