"""Test options shared by the whole suite.

Hardware-in-loop tests are marked `hil` and run only with `pytest --hil`.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import settings

# Property tests check rules, not speed: a loaded CI machine must not fail them on a deadline.
settings.register_profile("rules", deadline=None)
settings.load_profile("rules")

REPO = Path(__file__).resolve().parent.parent
SHARED = REPO.parent / "shared"


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--hil", action="store_true", help="run hardware-in-loop tests on a real Pi")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if config.getoption("--hil"):
        return
    skip = pytest.mark.skip(reason="hardware-in-loop test: run with --hil on a Pi")
    for item in items:
        if item.get_closest_marker("hil") is not None:
            item.add_marker(skip)


@pytest.fixture(scope="session")
def shared_dir() -> Path:
    """`../shared` beside the checkout: rule texts, reference tables, deck images."""
    if not SHARED.is_dir():
        pytest.skip("../shared is not beside this checkout")
    return SHARED
