"""The page's API: every request validated, read-only until paired on a LAN, nothing else served."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest
from aiohttp.test_utils import TestClient
from table_helpers import run_client

from pi_app.app.runtime import TableApp, build
from pi_app.app.web import BACKEND

JSON = {"Content-Type": "application/json"}


@pytest.fixture
def table_app(make_config) -> TableApp:
    app = build(make_config(speech={"enabled": False}), simulated=True)
    yield app
    app.close()


async def state(client: TestClient) -> dict[str, Any]:
    response = await client.get("/api/state")
    assert response.status == 200
    return await response.json()


def test_the_state_is_the_whole_table_as_json(table_app) -> None:
    async def body(client: TestClient) -> None:
        snap = await state(client)
        assert snap["state"]["phase"] == "discard" and snap["can_act"] is True
        assert len(snap["state"]["hands"][0]) == 6

    run_client(table_app, body)


def test_an_action_with_a_bad_card_is_refused_with_the_reason(table_app) -> None:
    async def body(client: TestClient) -> None:
        response = await client.post("/api/action", headers=JSON,
                                     data=json.dumps({"type": "discard", "player": 0,
                                                      "cards": ["ZZ", "5H"]}))
        assert response.status == 400
        assert "'Z' is not a rank" in (await response.json())["error"]
        assert (await state(client))["state"]["to_move"] == [0, 1]

    run_client(table_app, body)


def test_a_form_post_from_another_site_is_refused(table_app) -> None:
    async def body(client: TestClient) -> None:
        response = await client.post("/api/action", data="type=undo",
                                     headers={"Content-Type": "application/x-www-form-urlencoded"})
        assert response.status == 400
        assert "Content-Type application/json" in (await response.json())["error"]

    run_client(table_app, body)


def test_the_simulator_answers_only_for_its_own_host_name(table_app) -> None:
    async def body(client: TestClient) -> None:
        response = await client.get("/api/state", headers={"Host": "attacker.example:8121"})
        assert response.status == 421

    run_client(table_app, body)


def test_an_oversized_request_is_refused(table_app) -> None:
    async def body(client: TestClient) -> None:
        big = json.dumps({"type": "undo", "pad": "x" * 100_000})
        response = await client.post("/api/action", headers=JSON, data=big)
        assert response.status == 413

    run_client(table_app, body)


def test_card_images_are_served_by_card_name_only(table_app, shared_dir) -> None:
    async def body(client: TestClient) -> None:
        ok = await client.get("/cards/5h.png")
        assert ok.status == 200 and ok.content_type == "image/png"
        for bad in ("/cards/..%2F..%2Fetc%2Fpasswd.png", "/cards/ZZ.png"):
            assert (await client.get(bad)).status == 404

    run_client(table_app, body)


def test_an_unknown_action_type_lists_the_known_ones(table_app) -> None:
    async def body(client: TestClient) -> None:
        response = await client.post("/api/action", headers=JSON,
                                     data=json.dumps({"type": "shuffle"}))
        assert response.status == 400
        assert "shuffle" in (await response.json())["error"]

    run_client(table_app, body)


def test_on_a_lan_the_page_is_read_only_until_the_pairing_code_is_entered(table_app) -> None:
    async def body(client: TestClient) -> None:
        snap = await state(client)
        assert snap["can_act"] is False
        hand = snap["state"]["hands"][0][:2]
        discard = json.dumps({"type": "discard", "player": 0, "cards": hand})
        refused = await client.post("/api/action", headers=JSON, data=discard)
        assert refused.status == 403 and "pairing code" in (await refused.json())["error"]
        wrong = await client.post("/api/pair", headers=JSON, data=json.dumps({"code": "0000"}))
        assert wrong.status == 403
        paired = await client.post("/api/pair", headers=JSON, data=json.dumps({"code": "4711"}))
        assert paired.status == 200
        assert (await client.post("/api/action", headers=JSON, data=discard)).status == 200
        assert (await state(client))["state"]["to_move"] == [1]

    run_client(table_app, body, pairing="4711")


def test_every_change_is_pushed_to_open_pages(table_app) -> None:
    async def body(client: TestClient) -> None:
        loop = asyncio.get_running_loop()
        backend = client.server.app[BACKEND]
        table_app.controller.listeners.append(lambda: loop.call_soon(backend.publish))
        events = await client.get("/api/events")
        first = await _next_event(events)
        assert first["state"]["to_move"] == [0, 1]
        hand = first["state"]["hands"][1][:2]
        await client.post("/api/action", headers=JSON,
                          data=json.dumps({"type": "discard", "player": 1, "cards": hand}))
        pushed = await _next_event(events)
        assert pushed["state"]["to_move"] == [0]
        events.close()

    run_client(table_app, body)


async def _next_event(response: Any) -> dict[str, Any]:
    while True:
        line = (await asyncio.wait_for(response.content.readline(), 5)).decode()
        if line.startswith("data: "):
            return json.loads(line[6:])


def test_the_table_on_a_lan_says_a_pairing_code_and_the_page_needs_it(make_config, capsys
                                                                      ) -> None:
    from aiohttp import ClientSession, CookieJar

    from pi_app.app.runtime import serve

    app = build(make_config(web={"pairing": True}), simulated=True)
    app.simulated = False  # the Pi's rules for the page, with the simulator's hardware
    stop = asyncio.Event()
    seen: dict[str, Any] = {}

    async def ready(url: str) -> None:
        code = capsys.readouterr().err.split("pairing code for the web page: ")[1].split()[0]
        seen["code"] = code
        async with ClientSession(cookie_jar=CookieJar(unsafe=True)) as http:  # IP cookies
            undo = json.dumps({"type": "undo"})
            async with http.post(url + "api/action", data=undo, headers=JSON) as refused:
                seen["before"] = refused.status
            async with http.post(url + "api/pair", data=json.dumps({"code": code}),
                                 headers=JSON) as paired:
                seen["paired"] = paired.status
            async with http.get(url + "api/state") as state:
                seen["can_act"] = (await state.json())["can_act"]
        stop.set()

    try:
        asyncio.run(serve(app, "127.0.0.1", 0, on_ready=ready, stop=stop))
    finally:
        app.close()
    code = seen.pop("code")
    assert seen == {"before": 403, "paired": 200, "can_act": True}
    assert app.controller.speaker.said[0] == "pairing code " + " ".join(code)
    shown = board_rows(app)  # the board showed the code as counts of lit holes
    assert [shown[0][0], shown[0][1], shown[1][0], shown[1][1]] == [int(d) for d in code]


def board_rows(app: TableApp) -> dict[int, dict[int, int]]:
    """Lit holes per track in rows 1-30 and 31-60, in the frame the board showed with its
    start holes dark: the pairing code's frame, not the game's (which pegs from hole 0)."""
    layout = app.display.renderer.layout
    history = zip(*(strip.frames for strip in app.display.strips), strict=True)
    frames = [[px for chain in parts for px in chain] for parts in history]
    start = layout.flat_index(layout.tracks[0].holes[0])
    shown = next(f for f in frames if any(any(px) for px in f) and not any(f[start]))
    rows: dict[int, dict[int, int]] = {}
    for kind, player, number, spot in layout.spots():
        if kind == "hole" and 1 <= number <= 60 and any(shown[layout.flat_index(spot)]):
            row = rows.setdefault(player, {0: 0, 1: 0})
            row[(number - 1) // 30] += 1
    return rows


def test_a_pairing_code_is_four_digits_one_to_nine_and_never_a_zero() -> None:
    from pi_app.app.pairing import new_code

    codes = {new_code() for _ in range(200)}
    assert all(len(c) == 4 and "0" not in c and c.isdigit() for c in codes) and len(codes) > 150
