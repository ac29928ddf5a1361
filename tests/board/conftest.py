"""Fixtures for the LED board tests: the shipped layouts, a renderer, a fake clock."""

from __future__ import annotations

import pytest

from pi_app.board.layout import DEFAULT_LAYOUT, HW_DIR, Layout, load_layout
from pi_app.board.render import Renderer


class FakeClock:
    """Time moves only when someone sleeps, so animations are exact and instant."""

    def __init__(self) -> None:
        self.t = 0.0
        self.sleeps: list[float] = []

    def now(self) -> float:
        return self.t

    def sleep(self, seconds: float) -> None:
        assert seconds > 0
        self.sleeps.append(seconds)
        self.t += seconds


@pytest.fixture(scope="session")
def layout() -> Layout:
    return load_layout(DEFAULT_LAYOUT)


@pytest.fixture(scope="session")
def two_track() -> Layout:
    return load_layout(HW_DIR / "layout-144-2track.toml")


@pytest.fixture
def renderer(layout: Layout) -> Renderer:
    return Renderer(layout)


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()
