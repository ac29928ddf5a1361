"""`crib` on a laptop: starts the simulator, prints its URL, serves it, stops cleanly."""

from __future__ import annotations

import json
import socket
import subprocess
import time
import urllib.error
import urllib.request
from typing import Any

import pytest
from sim_process import crib_command, start_sim


def get_state(url: str) -> dict[str, Any]:
    with urllib.request.urlopen(url + "api/state", timeout=5) as response:
        return json.load(response)


def post(url: str, action: dict[str, Any]) -> dict[str, Any]:
    request = urllib.request.Request(url + "api/action", data=json.dumps(action).encode(),
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=5) as response:
        return json.load(response)


def test_plain_crib_starts_the_simulator_prints_its_url_and_stops_on_sigterm(tmp_path) -> None:
    running = start_sim([], tmp_path)
    try:
        assert running.url.startswith("http://127.0.0.1:")
        with urllib.request.urlopen(running.url, timeout=5) as page:
            assert b"Cribbage Companion" in page.read()
        assert get_state(running.url)["state"]["phase"] == "discard"
    finally:
        assert running.stop() == 0


@pytest.mark.parametrize(("table", "hidden"), [("real", True), ("virtual", False)])
def test_table_flag_chooses_whether_the_app_deals_or_people_do(tmp_path, table, hidden) -> None:
    running = start_sim(["sim", "--no-browser", "--mode", "manual", "--table", table], tmp_path)
    try:
        assert get_state(running.url)["hidden_hands"] is hidden
    finally:
        assert running.stop() == 0


def test_a_virtual_button_takes_the_same_path_as_a_real_one(sim) -> None:
    hand = get_state(sim.url)["state"]["hands"][0]
    post(sim.url, {"type": "discard", "player": 0, "cards": hand[:2]})
    assert get_state(sim.url)["state"]["to_move"] == [1]
    post(sim.url, {"type": "press", "control": "undo", "kind": "press"})
    deadline = time.monotonic() + 5
    while get_state(sim.url)["state"]["to_move"] != [0, 1]:
        assert time.monotonic() < deadline, "UNDO pressed on the page did nothing"
        time.sleep(0.05)


def test_a_port_in_use_is_a_clear_error_not_a_hang(tmp_path) -> None:
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        result = subprocess.run(
            [*crib_command(), "sim", "--no-browser", "--port", str(port)],
            env={"CRIB_STORAGE_PATH": str(tmp_path / "g.sqlite"), "PATH": "/usr/bin:/bin"},
            capture_output=True, text=True, timeout=30, stdin=subprocess.DEVNULL)
    assert result.returncode == 2
    assert f"cannot serve on 127.0.0.1:{port}" in result.stderr


def test_a_bad_setting_stops_start_up_with_its_name(tmp_path) -> None:
    result = subprocess.run(
        [*crib_command(), "sim", "--no-browser"],
        env={"CRIB_STORAGE_PATH": str(tmp_path / "g.sqlite"), "CRIB_GAME_VARIANT": "bridge",
             "PATH": "/usr/bin:/bin"},
        capture_output=True, text=True, timeout=30, stdin=subprocess.DEVNULL)
    assert result.returncode == 2
    assert "environment: game.variant is 'bridge': unknown" in result.stderr


def test_on_a_pi_without_its_strip_library_start_up_says_what_to_install(tmp_path, capsys
                                                                       ) -> None:
    from pi_app.cli import build_parser
    from pi_app.cli.commands.start import run

    args = build_parser().parse_args(["start", "--no-browser"])
    env = {"CRIB_STORAGE_PATH": str(tmp_path / "g.sqlite"), "CRIB_BOARD_BACKEND": "ws281x"}
    with pytest.MonkeyPatch.context() as patch:
        for name, value in env.items():
            patch.setenv(name, value)
        patch.setattr("pi_app.app.config.SYSTEM_CONFIG", tmp_path / "none.toml")
        assert run(args, simulated=False) == 2
    assert "rpi_ws281x" in capsys.readouterr().err


def test_crib_sim_at_a_real_table_names_cards_only_as_they_are_played(tmp_path) -> None:
    running = start_sim(["sim", "--no-browser", "--mode", "manual"], tmp_path,
                        {"CRIB_GAME_TABLE": "real"})
    try:
        url = running.url
        snap = get_state(url)
        assert snap["hidden_hands"] and snap["state"]["phase"] == "deal_end"
        assert post(url, {"type": "next", "player": 1, "dealer": 1})["ok"]
        for seat in (0, 1):
            assert post(url, {"type": "discard", "player": seat})["ok"]
        assert post(url, {"type": "observe", "zone": "starter", "cards": ["JC"]})["ok"]
        assert post(url, {"type": "observe", "zone": "play", "cards": ["8D"]})["ok"]
        refused = post_refused(url, {"type": "observe", "zone": "play", "cards": ["8D"]})
        assert "8D has already been seen" in refused
        state = get_state(url)["state"]
        assert state["played"] == [[0, "8D"]] and state["count"] == 8
        assert state["scores"] == [0, 2] and state["held"] == [3, 4]  # his heels, to seat 1
    finally:
        assert running.stop() == 0


def post_refused(url: str, action: dict[str, Any]) -> str:
    try:
        post(url, action)
    except urllib.error.HTTPError as refused:
        assert refused.code == 400
        return str(json.load(refused)["error"])
    raise AssertionError(f"{action} was not refused")
