"""Quadrature decoding on its own, in contact terms (True = closed)."""

from __future__ import annotations

import pytest

from pi_app.inputs.quadrature import QuadratureDecoder

CW = [(True, False), (True, True), (False, True), (False, False)]
CCW = [(False, True), (True, True), (True, False), (False, False)]


def feed(decoder: QuadratureDecoder, states) -> list[int]:
    return [s for s in (decoder.update(a, b) for a, b in states) if s]


def test_a_full_cycle_a_first_is_one_clockwise_detent():
    assert feed(QuadratureDecoder(), CW * 4) == [1, 1, 1, 1]


def test_a_full_cycle_b_first_is_one_anticlockwise_detent():
    assert feed(QuadratureDecoder(), CCW * 3) == [-1, -1, -1]


def test_a_missed_edge_does_not_lose_the_detent():
    skipped = [(True, False), (False, True), (False, False)]  # (True, True) never seen
    assert feed(QuadratureDecoder(), skipped) == [1]


def test_a_half_step_encoder_counts_a_detent_at_both_rests():
    assert feed(QuadratureDecoder(detents_per_cycle=2), CW * 2) == [1, 1, 1, 1]
    assert feed(QuadratureDecoder(detents_per_cycle=2), CCW) == [-1, -1]


def test_only_one_or_two_detents_per_cycle_are_understood():
    with pytest.raises(ValueError, match="detents_per_cycle must be 1 or 2"):
        QuadratureDecoder(detents_per_cycle=4)  # type: ignore[arg-type]
