"""Fixtures for the card-vision tests: decks, the default recogniser, seeded scenes."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest

cv2 = pytest.importorskip("cv2", reason="card vision needs OpenCV (the 'vision' extra)")

import pi_app.vision.recognizer as recognizer_module  # noqa: E402
from pi_app.vision.designs import (  # noqa: E402
    Design,
    aisleriot,
    aisleriot_available,
    kennard,
)
from pi_app.vision.detect import Corner  # noqa: E402
from pi_app.vision.index import INK, IndexGlyphs, reframe  # noqa: E402
from pi_app.vision.recognizer import Recognizer  # noqa: E402


@pytest.fixture(scope="session")
def kennard_deck(shared_dir: Path) -> Design:
    return kennard(shared_dir)


@pytest.fixture(scope="session")
def kennard_laid(kennard_deck: Design) -> Callable[[str], tuple[np.ndarray, Corner]]:
    """Lays a Kennard card (by code) face up on a dark table: the frame, and the corner of the
    card's top-left index."""
    def laid(code: str) -> tuple[np.ndarray, Corner]:
        face = kennard_deck[code]
        table = cv2.copyMakeBorder(np.ascontiguousarray(face[..., :3]), 40, 40, 40, 40,
                                   cv2.BORDER_CONSTANT, value=(40, 40, 40))
        return table, Corner(np.array([40.0, 40.0]), np.array([1.0, 0.0]),
                             np.array([0.0, 1.0]), float(face.shape[1]))
    return laid


@pytest.fixture(scope="session")
def reframe_never_in_place() -> Callable[..., tuple[Corner, IndexGlyphs]]:
    """`index.reframe`, but never framing a reading again in place (its `in_place` asked for,
    it gives the first look back, as `reframe` does where it finds nothing): to put in the
    recogniser's place, leaving out the outline corners' readings framed again in place."""
    def reframed(frame: np.ndarray, corner: Corner, glyphs: IndexGlyphs, level: float = INK,
                 in_place: bool = False) -> tuple[Corner, IndexGlyphs]:
        return (corner, glyphs) if in_place else reframe(frame, corner, glyphs, level)
    return reframed


@pytest.fixture
def suits_never_settled_by_the_deck(monkeypatch: pytest.MonkeyPatch) -> None:
    """The recogniser leaves a suit in doubt as read, whatever suits the table's sure readings
    show (`Recognizer._settled_by_the_deck`): for a test of another way to read it."""
    monkeypatch.setattr(recognizer_module, "DECK_NEARER", 0.0)
    monkeypatch.setattr(recognizer_module, "DECK_APART", float("inf"))


@pytest.fixture(scope="session")
def recognizer() -> Recognizer:
    return Recognizer()


def _unseen_design(name: str, factory: pytest.TempPathFactory) -> Design:
    """An aisleriot design the default model never saw (GPL art, rendered here, never shipped)."""
    if not aisleriot_available():
        pytest.skip("needs Debian's gnome-cards-data and librsvg2-bin (rsvg-convert)")
    return aisleriot(name, factory.mktemp("decks"))


def _unseen_deck(name: str, doc: str | None = None) -> object:
    """A session fixture `<name>_deck`: that unseen design, rendered once for the session."""
    def deck(tmp_path_factory: pytest.TempPathFactory) -> Design:
        return _unseen_design(name, tmp_path_factory)
    deck.__doc__ = doc
    return pytest.fixture(scope="session", name=f"{name}_deck")(deck)


anglo_deck = _unseen_deck("anglo")
anglo_poker_deck = _unseen_deck("anglo_poker")
anglo_modern_deck = _unseen_deck(
    "anglo_modern", "Anglo_modern prints a thin dark line round each card's edge.")
paris_deck = _unseen_deck("paris")
tango_deck = _unseen_deck("tango", "Tango prints its indexes big, the rank close above the suit.")
bellot_deck = _unseen_deck(
    "bellot", "Bellot prints its court cards' art close beside the index: a K's arm touches a pip.")
dondorf_deck = _unseen_deck(
    "dondorf", "Dondorf prints an index in all four corners, those at the bottom-left and "
    "top-right turned as the other two are.")
gnomangelo_deck = _unseen_deck("gnomangelo")
plastic_deck = _unseen_deck(
    "plastic", "Plastic prints its indexes big: a rank glyph 0.18 of the card's width tall "
    "(common: 0.14).")


@pytest.fixture
def four_index_card() -> np.ndarray:
    """A frame with one card (x 500-620, y 200-368) on a dark table, an index (rank glyph
    centred 15 pixels high at x 512, y 212, suit below) at its top-left and, turned round as
    four-index decks print it, at its bottom-left corner (rank at y 341, suit above)."""
    frame = np.full((720, 1280, 3), 40, np.uint8)
    cv2.fillPoly(frame, [np.array([[500, 200], [620, 200], [620, 368], [500, 368]])],
                 (235, 235, 235))
    for y_rank, y_suit in ((212, 229), (341, 324)):
        cv2.rectangle(frame, (508, y_rank - 7), (516, y_rank + 7), (30, 30, 30), -1)
        cv2.circle(frame, (512, y_suit), 5, (30, 30, 30), -1)
    return np.asarray(cv2.GaussianBlur(frame, (0, 0), 1.0))
