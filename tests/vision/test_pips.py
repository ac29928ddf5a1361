"""The pips beside a number card's index: shapes twice an index suit's size, which the suit
network reads where the index suit is in doubt."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import pytest

from pi_app.vision.detect import Corner
from pi_app.vision.pips import frame_pip_glyphs, pip_glyphs
from pi_app.vision.recognizer import Model


@pytest.mark.parametrize(("code", "suit"), [("7S", 3), ("7C", 0), ("4D", 1)])
def test_the_pips_beside_a_number_cards_index_read_as_its_suit(
        kennard_laid: Callable[[str], tuple[np.ndarray, Corner]], code: str, suit: int) -> None:
    pips = pip_glyphs(*kennard_laid(code))
    assert len(pips) >= 1
    read = Model.default().suit.probabilities(pips)
    assert (read.argmax(axis=1) == suit).all()
    assert read[:, suit].min() >= 0.95


def test_a_blank_stretch_of_card_holds_no_pips(
        kennard_laid: Callable[[str], tuple[np.ndarray, Corner]]) -> None:
    # the ace's one pip lies in the card's middle, below the area beside its index
    assert len(pip_glyphs(*kennard_laid("AS"))) == 0


@pytest.mark.parametrize(("code", "suit"), [("KS", 3), ("QH", 2), ("JC", 0), ("KD", 1)])
def test_the_suit_printed_big_beside_a_court_cards_index_reads_as_its_suit(
        kennard_laid: Callable[[str], tuple[np.ndarray, Corner]], code: str, suit: int) -> None:
    # the top corner of the art's frame holds the court card's suit, twice the index suit's size
    pips = frame_pip_glyphs(*kennard_laid(code))
    assert len(pips) == 1
    read = Model.default().suit.probabilities(pips)[0]
    assert read.argmax() == suit and read[suit] >= 0.98


def test_an_ace_has_no_frame_pip(kennard_laid: Callable[[str], tuple[np.ndarray, Corner]]) -> None:
    assert len(frame_pip_glyphs(*kennard_laid("AS"))) == 0
