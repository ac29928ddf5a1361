"""The pips beside a number card's index: shapes twice an index suit's size, which the suit
network reads where the index suit is in doubt."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from pi_app.vision.designs import Design
from pi_app.vision.detect import Corner
from pi_app.vision.pips import pip_glyphs
from pi_app.vision.recognizer import Model


def _laid(face: np.ndarray) -> tuple[np.ndarray, Corner]:
    """A card face laid on a dark table, and the corner of its top-left index."""
    table = cv2.copyMakeBorder(np.ascontiguousarray(face[..., :3]), 40, 40, 40, 40,
                               cv2.BORDER_CONSTANT, value=(40, 40, 40))
    return table, Corner(np.array([40.0, 40.0]), np.array([1.0, 0.0]), np.array([0.0, 1.0]),
                         float(face.shape[1]))


@pytest.mark.parametrize(("code", "suit"), [("7S", 3), ("7C", 0), ("4D", 1)])
def test_the_pips_beside_a_number_cards_index_read_as_its_suit(
        kennard_deck: Design, code: str, suit: int) -> None:
    pips = pip_glyphs(*_laid(kennard_deck[code]))
    assert len(pips) >= 1
    read = Model.default().suit.probabilities(pips)
    assert (read.argmax(axis=1) == suit).all()
    assert read[:, suit].min() >= 0.95


def test_a_blank_stretch_of_card_holds_no_pips(kennard_deck: Design) -> None:
    # the ace's one pip lies in the card's middle, below the area beside its index
    table, corner = _laid(kennard_deck["AS"])
    assert len(pip_glyphs(table, corner)) == 0
