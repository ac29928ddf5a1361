"""Fixtures for the card-vision tests: decks, the default recogniser, seeded scenes."""

from __future__ import annotations

from pathlib import Path

import pytest

cv2 = pytest.importorskip("cv2", reason="card vision needs OpenCV (the 'vision' extra)")

from pi_app.vision.designs import (  # noqa: E402
    Design,
    aisleriot,
    aisleriot_available,
    kennard,
)
from pi_app.vision.recognizer import Recognizer  # noqa: E402


@pytest.fixture(scope="session")
def kennard_deck(shared_dir: Path) -> Design:
    return kennard(shared_dir)


@pytest.fixture(scope="session")
def recognizer() -> Recognizer:
    return Recognizer()


@pytest.fixture(scope="session")
def anglo_deck(tmp_path_factory: pytest.TempPathFactory) -> Design:
    """An aisleriot design the default model never saw (GPL art, rendered here, never shipped)."""
    if not aisleriot_available():
        pytest.skip("needs Debian's gnome-cards-data and librsvg2-bin (rsvg-convert)")
    return aisleriot("anglo", tmp_path_factory.mktemp("decks"))
