"""Fixtures for the table app: a config in a temp dir and a controller on simulated strips."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from pi_app.app.config import Config, load_config
from pi_app.app.controller import Controller
from pi_app.app.speech import Speaker
from pi_app.board.backends.sim import SimStrip
from pi_app.board.display import BoardDisplay
from pi_app.board.render import Renderer
from pi_app.storage import GameStore

MakeConfig = Callable[..., Config]
MakeController = Callable[..., Controller]


@pytest.fixture
def make_config(tmp_path: Path) -> MakeConfig:
    """Settings from the defaults plus `section={...}` overrides, stored under tmp_path."""

    def make(**sections: dict[str, Any]) -> Config:
        overrides: dict[str, dict[str, Any]] = {
            "storage": {"path": str(tmp_path / "games.sqlite")}}
        overrides.update(sections)
        return load_config(None, environ={}, system=tmp_path / "no-system.toml",
                           overrides=overrides)

    return make


@pytest.fixture
def make_controller(make_config: MakeConfig, tmp_path: Path) -> Iterator[MakeController]:
    """A controller on simulated strips, silent speech, and a store in tmp_path; calling it
    again with the same store path is a restart of the app."""
    opened: list[GameStore | Controller] = []

    def make(mode: str = "manual", **game: Any) -> Controller:
        config = make_config(game={"mode": mode, **game})
        store = GameStore(config.storage)
        opened.append(store)
        layout = config.board.layout
        display = BoardDisplay(Renderer(layout), [SimStrip(c.length) for c in layout.chains])
        speaker = Speaker(config.speech, program=None)
        controller = Controller(config, store, speaker, display=display)
        opened.append(controller)
        return controller

    yield make
    for thing in opened:
        thing.close()
