"""The app as a systemd service: READY once serving, watchdog pings while the loop turns,
and a SIGTERM that blanks the strip and closes the game log, so a restart resumes the game."""

from __future__ import annotations

import asyncio
import os
import signal
import socket
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from pi_app.app.config import Config, load_config
from pi_app.app.runtime import TableApp, build
from pi_app.app.speech import Speaker
from pi_app.inputs.events import InputEvent
from pi_app.storage.store import GameStore
from pi_app.system.service import run_service


@pytest.fixture
def notify_socket(tmp_path: Path) -> Iterator[socket.socket]:
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as server:
        server.bind(str(tmp_path / "notify"))
        server.settimeout(0)
        yield server


def received(server: socket.socket) -> list[str]:
    messages = []
    while True:
        try:
            messages.append(server.recv(256).decode())
        except BlockingIOError:
            return messages


def scoreboard_config(tmp_path: Path) -> Config:
    overrides = {"game": {"mode": "scoreboard"}, "storage": {"path": str(tmp_path / "g.sqlite")},
                 "speech": {"enabled": False}}
    return load_config(environ={}, system=tmp_path / "none", overrides=overrides)


def table(config: Config) -> TableApp:
    return build(config, simulated=True, speaker=Speaker(config.speech, program=""))


def test_sigterm_blanks_the_strip_closes_the_log_and_a_restart_resumes(
        tmp_path: Path, notify_socket: socket.socket) -> None:
    config = scoreboard_config(tmp_path)
    app = table(config)
    env = {"NOTIFY_SOCKET": str(tmp_path / "notify"), "WATCHDOG_USEC": "100000"}

    async def play_then_stop(url: str) -> None:
        for _ in range(5):
            app.hub.post(InputEvent("press", "peg0", source="test"))
        deadline = time.monotonic() + 5
        while app.controller.snapshot()["pegs"][0]["front"] != 5:
            assert time.monotonic() < deadline, "the PEG presses never reached the board"
            await asyncio.sleep(0.01)
        await asyncio.sleep(0.1)  # a few watchdog periods
        os.kill(os.getpid(), signal.SIGTERM)

    run_service(app, "127.0.0.1", 0, on_ready=play_then_stop, env=env)

    strip = app.display.strips[0]
    frames = list(strip.frames)  # type: ignore[attr-defined]
    assert any(any(pixel) for pixel in frames[-2]), "the pegs were lit while serving"
    assert not any(any(pixel) for pixel in frames[-1]), "the strip was blanked on SIGTERM"
    messages = received(notify_socket)
    assert messages[0] == "READY=1"
    assert "WATCHDOG=1" in messages
    assert messages.index("STOPPING=1") < len(messages) - 1
    assert messages[-1] == "STATUS=stopped: strip blanked, game log closed"
    with pytest.raises(Exception, match="closed"):
        app.controller.store.events(app.controller.game_id)

    restarted = table(config)
    try:
        assert restarted.controller.snapshot()["pegs"][0]["front"] == 5
        assert restarted.controller.game_id == app.controller.game_id
    finally:
        restarted.close()
    with GameStore(config.storage) as store:
        assert store.integrity() == "ok"
        assert len(store.events(app.controller.game_id)) == 5


def test_a_hung_loop_stops_the_watchdog_pings(tmp_path: Path,
                                             notify_socket: socket.socket) -> None:
    app = table(scoreboard_config(tmp_path))
    env = {"NOTIFY_SOCKET": str(tmp_path / "notify"), "WATCHDOG_USEC": "100000"}

    async def hang(url: str) -> None:
        await asyncio.sleep(0.3)
        assert "WATCHDOG=1" in received(notify_socket)
        time.sleep(0.15)  # the event loop is stuck: no callbacks run...
        received(notify_socket)  # (a ping may go out before the watchdog sees it)
        time.sleep(0.3)
        assert "WATCHDOG=1" not in received(notify_socket)  # ...so systemd would restart it
        os.kill(os.getpid(), signal.SIGTERM)

    run_service(app, "127.0.0.1", 0, on_ready=hang, env=env)


def test_outside_systemd_the_service_still_stops_cleanly_on_sigterm(tmp_path: Path) -> None:
    app = table(scoreboard_config(tmp_path))

    def stop(url: str) -> None:
        assert url.startswith("http://127.0.0.1:")
        os.kill(os.getpid(), signal.SIGTERM)

    run_service(app, "127.0.0.1", 0, on_ready=stop, env={})
    frames = app.display.strips[0].frames  # type: ignore[attr-defined]
    assert not any(any(pixel) for pixel in frames[-1])
