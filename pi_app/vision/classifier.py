"""A small softmax (multinomial logistic) classifier in numpy, trained by full-batch Adam.

Small enough to train in seconds on a laptop, to ship as a few hundred kilobytes of .npz, and to
run on a Pi with one matrix product per frame.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np


@dataclass
class Softmax:
    mean: np.ndarray
    scale: np.ndarray
    weights: np.ndarray
    bias: np.ndarray

    @property
    def n_classes(self) -> int:
        return int(self.bias.shape[0])

    def probabilities(self, features: np.ndarray) -> np.ndarray:
        """Class probabilities, one row per row of `features`."""
        z = ((features - self.mean) / self.scale) @ self.weights + self.bias
        z -= z.max(axis=1, keepdims=True)
        e = np.exp(z)
        return np.asarray(e / e.sum(axis=1, keepdims=True))

    def to_arrays(self, prefix: str) -> dict[str, np.ndarray]:
        return {f"{prefix}_mean": self.mean, f"{prefix}_scale": self.scale,
                f"{prefix}_weights": self.weights, f"{prefix}_bias": self.bias}

    @classmethod
    def from_arrays(cls, arrays: dict[str, np.ndarray] | np.lib.npyio.NpzFile,
                    prefix: str) -> Softmax:
        return cls(*(np.asarray(arrays[f"{prefix}_{k}"], np.float32)
                     for k in ("mean", "scale", "weights", "bias")))


def train_softmax(features: np.ndarray, labels: np.ndarray, n_classes: int,
                  l2: float = 1e-2, steps: int = 400, rate: float = 0.05,
                  seed: int = 0, class_weight: np.ndarray | None = None) -> Softmax:
    """Fit by full-batch Adam on cross-entropy with an L2 penalty; deterministic for a seed.
    `class_weight` scales each class's share of the loss (default: all 1)."""
    x = np.asarray(features, np.float32)
    mean = x.mean(axis=0)
    scale = x.std(axis=0) + 1e-3
    x = (x - mean) / scale
    y = np.eye(n_classes, dtype=np.float32)[labels]
    weight = (np.ones(n_classes, np.float32) if class_weight is None
              else np.asarray(class_weight, np.float32))[labels]
    rng = np.random.default_rng(seed)
    w = rng.normal(0, 0.01, (x.shape[1], n_classes)).astype(np.float32)
    b = np.zeros(n_classes, np.float32)
    params = [w, b]
    m = [np.zeros_like(p) for p in params]
    v = [np.zeros_like(p) for p in params]
    for t in range(1, steps + 1):
        z = x @ w + b
        z -= z.max(axis=1, keepdims=True)
        p = np.exp(z)
        p /= p.sum(axis=1, keepdims=True)
        err = (p - y) * weight[:, None] / len(x)
        grads = [x.T @ err + l2 * w, err.sum(axis=0)]
        for i, g in enumerate(grads):
            m[i] = 0.9 * m[i] + 0.1 * g
            v[i] = 0.999 * v[i] + 0.001 * g * g
            params[i] -= rate * (m[i] / (1 - 0.9**t)) / (np.sqrt(v[i] / (1 - 0.999**t)) + 1e-8)
    return Softmax(mean, scale, w, b)
