"""The power limiter: no frame ever draws more than the budget, and frames within it pass."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

from pi_app.board.power import PowerError, PowerLimit

frames = st.integers(min_value=1, max_value=500).flatmap(
    lambda n: arrays(np.uint8, (n, 3), elements=st.integers(0, 255))
)
budgets = st.floats(min_value=500, max_value=30_000, allow_nan=False)


@settings(max_examples=300, deadline=None)
@given(frame=frames, budget=budgets)
def test_a_limited_frame_never_draws_more_than_the_budget(frame: np.ndarray, budget: float) -> None:
    limit = PowerLimit(budget_ma=budget)
    limited = limit.limit(frame)
    assert limit.current_ma(limited) <= budget
    assert limited.dtype == np.uint8 and limited.shape == frame.shape
    assert (limited <= frame).all()  # only ever dimmer


@settings(max_examples=300, deadline=None)
@given(frame=frames, budget=budgets)
def test_a_frame_within_the_budget_is_shown_unchanged(frame: np.ndarray, budget: float) -> None:
    limit = PowerLimit(budget_ma=budget)
    if limit.current_ma(frame) <= budget:
        assert np.array_equal(limit.limit(frame), frame)


@settings(max_examples=100, deadline=None)
@given(frame=frames)
def test_dimming_keeps_each_leds_colour_balance(frame: np.ndarray) -> None:
    limited = PowerLimit(budget_ma=500).limit(frame).astype(int)
    # uniform scaling: a brighter channel never ends up dimmer than a darker one
    order = np.argsort(frame.astype(int), axis=1, kind="stable")
    ranked = np.take_along_axis(limited, order, axis=1)
    assert (np.diff(ranked, axis=1) >= 0).all()


def test_full_white_on_363_leds_wants_about_22_amps_and_is_cut_to_the_default_budget() -> None:
    white = np.full((363, 3), 255, dtype=np.uint8)
    limit = PowerLimit()
    assert limit.current_ma(white) == pytest.approx(363 * 61)
    limited = limit.limit(white)
    assert 2450 < limit.current_ma(limited) <= 2500


def test_a_budget_the_dark_board_already_exceeds_is_a_clear_error() -> None:
    with pytest.raises(PowerError, match="500 LEDs draw 500 mA when dark, more than the 400 mA"):
        PowerLimit(budget_ma=400).limit(np.zeros((500, 3), np.uint8))
