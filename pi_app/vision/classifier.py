"""A softmax (multinomial logistic) layer in numpy: the head that turns a glyph network's
embedding into class probabilities (`glyphnet.py` trains and tunes it)."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np


@dataclass
class Softmax:
    weights: np.ndarray
    bias: np.ndarray

    @property
    def n_classes(self) -> int:
        return int(self.bias.shape[0])

    def probabilities(self, features: np.ndarray) -> np.ndarray:
        """Class probabilities, one row per row of `features`."""
        z = features @ self.weights + self.bias
        z -= z.max(axis=1, keepdims=True)
        e = np.exp(z)
        return np.asarray(e / e.sum(axis=1, keepdims=True))

    def to_arrays(self, prefix: str) -> dict[str, np.ndarray]:
        return {f"{prefix}_weights": self.weights, f"{prefix}_bias": self.bias}

    @classmethod
    def from_arrays(cls, arrays: dict[str, np.ndarray] | np.lib.npyio.NpzFile,
                    prefix: str) -> Softmax:
        return cls(*(np.asarray(arrays[f"{prefix}_{k}"], np.float32)
                     for k in ("weights", "bias")))
