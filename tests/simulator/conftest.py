"""Fixtures for the simulator: `crib sim` started as a real process on a free port."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from sim_process import RunningSim, start_sim


@pytest.fixture
def sim(tmp_path: Path) -> Iterator[RunningSim]:
    """`crib sim --no-browser` on a free port."""
    running = start_sim(["sim", "--no-browser"], tmp_path)
    yield running
    running.stop()
