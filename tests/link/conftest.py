"""Fixtures for the link tests: a named emulated board, forgotten afterwards."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from pi_app.link import protocol_sim


@pytest.fixture
def board_name(request: pytest.FixtureRequest) -> Iterator[str]:
    name = f"t{abs(hash(request.node.nodeid)) % 10**8}"
    yield name
    protocol_sim.forget(name)
