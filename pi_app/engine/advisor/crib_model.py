"""What the other player throws into the crib: the two models the discard advisor offers.

- uniform: any two unseen cards are equally likely. Exact, and the figure other calculators
  quote.
- realistic: the other player throws as a good player would. The shipped tables give, for
  each rank pair, how much more (or less) often the advisor's own discards contain that pair
  than a random pair of cards would; they come from `scripts/build_crib_tables.py`, which
  iterates discards and tables until they agree (see docs/advisor.md).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from importlib import resources

import numpy as np

from pi_app.engine.advisor.ranktable import Floats

__all__ = [
    "CRIB_TABLES_FILE",
    "CribModel",
    "PairWeights",
    "Role",
    "load_pair_weights",
    "pair_weights",
    "shipped_pair_weights",
]

CRIB_TABLES_FILE = "crib_tables.json"


class CribModel(StrEnum):
    UNIFORM = "uniform"
    REALISTIC = "realistic"

    @classmethod
    def parse(cls, text: str) -> CribModel:
        try:
            return cls(text)
        except ValueError:
            choices = ", ".join(m.value for m in cls)
            raise ValueError(f"model {text!r} is not one of: {choices}") from None


class Role(StrEnum):
    """Who is throwing: the dealer into his own crib, or the pone into the dealer's."""

    DEALER = "dealer"
    PONE = "pone"


@dataclass(frozen=True)
class PairWeights:
    """How much likelier each rank pair (13x13, symmetric) is among a good player's discards
    than among two random cards, for the dealer's discards and for the pone's."""

    dealer: Floats
    pone: Floats

    def of(self, role: Role) -> Floats:
        return self.dealer if role is Role.DEALER else self.pone


def load_pair_weights(text: str) -> PairWeights:
    """Read the tables file; a malformed file is an error that names what is wrong."""
    data = json.loads(text)
    tables = []
    for role in Role:
        try:
            rows = data["pair_weights"][role.value]
        except (KeyError, TypeError):
            raise ValueError(f"crib tables: no pair_weights.{role.value}") from None
        table = np.asarray(rows, dtype=np.float64)
        if table.shape != (13, 13) or not np.allclose(table, table.T) or (table < 0).any():
            raise ValueError(f"crib tables: pair_weights.{role.value} is not a 13x13 "
                             "symmetric table of non-negative numbers")
        table.flags.writeable = False
        tables.append(table)
    return PairWeights(dealer=tables[0], pone=tables[1])


@cache
def shipped_pair_weights() -> PairWeights:
    text = resources.files("pi_app.engine.data").joinpath(CRIB_TABLES_FILE).read_text("utf-8")
    return load_pair_weights(text)


def pair_weights(
    model: CribModel, other: Role, tables: PairWeights | None = None
) -> Floats | None:
    """Weights of the discard thrown by the `other` player (None: uniform); `tables`
    replaces the shipped ones, as when the build script iterates them."""
    if model is CribModel.UNIFORM:
        return None
    return (tables or shipped_pair_weights()).of(other)
