"""Fifteens, pairs and runs of every five-rank multiset, as one numpy table.

Suits play no part in fifteens, pairs and runs, so a crib's points apart from flush and nobs
depend only on its five ranks. `FIVE_RANKS[a, b, c, d, e]` (ranks 0..12, any order) holds
them, which turns an expectation over thousands of cribs into one weighted sum.
"""

from __future__ import annotations

from functools import cache
from itertools import combinations_with_replacement

import numpy as np
import numpy.typing as npt

from pi_app.engine.scoring import rank_points

__all__ = ["falling_weights", "five_rank_table"]

Floats = npt.NDArray[np.float64]


@cache
def five_rank_table() -> Floats:
    """`table[a, b, c, d, e]`: rank points of ranks a..e + 1 (0 = ace), for every order."""
    by_code = np.zeros(13**5, dtype=np.float64)
    for combo in combinations_with_replacement(range(13), 5):
        code = 0
        for rank in combo:
            code = code * 13 + rank
        by_code[code] = rank_points(tuple(r + 1 for r in combo))
    grid = np.indices((13,) * 5).reshape(5, -1).T
    grid.sort(axis=1)
    codes = grid @ (13 ** np.arange(4, -1, -1))
    table: Floats = by_code[codes].reshape((13,) * 5)
    table.flags.writeable = False
    return table


def falling_weights(counts: Floats, draws: int) -> Floats:
    """How many ordered ways `draws` distinct unseen cards can show each rank tuple.

    `counts[r]` is how many cards of rank r are unseen; the result has one axis per draw, and
    entry `[x, y, ...]` is counts[x] * (counts[y] - [y == x]) * ...: drawing without
    replacement, at the level of ranks.
    """
    eye = np.eye(13)
    weights = np.ones((13,) * draws)
    for axis in range(draws):
        shape = [1] * draws
        shape[axis] = 13
        available = counts.astype(np.float64).reshape(shape)
        for earlier in range(axis):
            pair_shape = [1] * draws
            pair_shape[earlier] = pair_shape[axis] = 13
            available = available - eye.reshape(pair_shape)
        weights = weights * available
    # A negative factor only ever follows a zero one (a rank already used up), so the
    # clip merely turns -0.0 into 0.0.
    return np.clip(weights, 0.0, None)
