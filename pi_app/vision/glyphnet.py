"""A small convolutional network over one glyph image, run in numpy (and OpenCV for pooling).

Index glyphs differ from deck to deck in typeface, weight and proportions; a few layers of
learned 3x3 filters see past that far better than hand-made features do. The network ends in an
embedding, and a softmax head (`classifier.Softmax`) reads the embedding: the shipped default
model was trained whole (by `scripts/vision-train-glyphs.py`, at build time), and learning a
deck fits only a new head on the same embedding, in numpy, on the Pi itself.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from pi_app.vision.classifier import Softmax


@dataclass
class GlyphNet:
    """Convolution blocks (3x3, same padding, ReLU, 2x2 max pool), then one dense ReLU layer
    giving the embedding, then the head's class probabilities."""

    convs: list[tuple[np.ndarray, np.ndarray]]
    """Per block: weights (out, in, 3, 3) and bias (out,)."""
    dense: tuple[np.ndarray, np.ndarray]
    """Weights (flattened conv output, embedding) and bias (embedding,)."""
    head: Softmax

    def __post_init__(self) -> None:
        self.convs = [(_flushed(w), _flushed(b)) for w, b in self.convs]
        self.dense = (_flushed(self.dense[0]), _flushed(self.dense[1]))

    @property
    def n_classes(self) -> int:
        return self.head.n_classes

    def conv_features(self, images: np.ndarray) -> np.ndarray:
        """What the convolution blocks make of a batch of glyphs (N, views, side, side), 0
        paper to 1 ink, flattened per glyph: the dense layer's input."""
        x = np.asarray(images, np.float32).transpose(0, 2, 3, 1)  # channels last from here
        for weights, bias in self.convs:
            # pooled before the bias and ReLU, which commute with the max: a quarter the work
            x = np.maximum(_max_pool(_conv3x3(x, weights)) + bias, 0)
        return np.asarray(x.transpose(0, 3, 1, 2).reshape(len(x), -1))  # the trainer's order

    def embed(self, images: np.ndarray) -> np.ndarray:
        """Embeddings of a batch of glyphs (N, views, side, side), 0 paper to 1 ink."""
        return self._dense(self.conv_features(images))

    def probabilities(self, images: np.ndarray) -> np.ndarray:
        """Class probabilities, one row per image."""
        return self.head.probabilities(self.embed(images))

    def probabilities_of(self, features: np.ndarray) -> np.ndarray:
        """Class probabilities from `conv_features` (a network tuned from this one by
        `fine_tune` shares them: they are computed once for both)."""
        return self.head.probabilities(self._dense(features))

    def _dense(self, features: np.ndarray) -> np.ndarray:
        w, b = self.dense
        return np.asarray(np.maximum(features @ w + b, 0), np.float32)

    def to_arrays(self, prefix: str, convs: bool = True) -> dict[str, np.ndarray]:
        """The layers as named arrays; without the convolutions for a network that shares
        another's (`fine_tune` keeps them)."""
        arrays = {f"{prefix}_dense_w": self.dense[0], f"{prefix}_dense_b": self.dense[1],
                  **self.head.to_arrays(f"{prefix}_head")}
        for i, (w, b) in enumerate(self.convs if convs else []):
            arrays[f"{prefix}_conv{i}_w"], arrays[f"{prefix}_conv{i}_b"] = w, b
        return arrays

    @classmethod
    def from_arrays(cls, arrays: dict[str, np.ndarray] | np.lib.npyio.NpzFile,
                    prefix: str, convs: list[tuple[np.ndarray, np.ndarray]] | None = None
                    ) -> GlyphNet:
        """The network saved under `prefix`; `convs`: those it shares with another."""
        if convs is not None:
            return cls(convs, *cls._dense_and_head(arrays, prefix))
        convs = []
        while f"{prefix}_conv{len(convs)}_w" in arrays:
            i = len(convs)
            convs.append((np.asarray(arrays[f"{prefix}_conv{i}_w"], np.float32),
                          np.asarray(arrays[f"{prefix}_conv{i}_b"], np.float32)))
        if not convs:
            raise KeyError(f"{prefix}_conv0_w")
        return cls(convs, *cls._dense_and_head(arrays, prefix))

    @staticmethod
    def _dense_and_head(arrays: dict[str, np.ndarray] | np.lib.npyio.NpzFile,
                        prefix: str) -> tuple[tuple[np.ndarray, np.ndarray], Softmax]:
        dense = (np.asarray(arrays[f"{prefix}_dense_w"], np.float32),
                 np.asarray(arrays[f"{prefix}_dense_b"], np.float32))
        return dense, Softmax.from_arrays(arrays, f"{prefix}_head")

    def check(self, views: int, side: int) -> None:
        """Raise ValueError unless the layers fit together for `views` x `side` x `side`
        glyphs."""
        channels, size = views, side
        for w, b in self.convs:
            if w.ndim != 4 or w.shape[1:] != (channels, 3, 3) or b.shape != (w.shape[0],):
                raise ValueError("convolution layers do not fit together")
            channels, size = w.shape[0], size // 2
        w, b = self.dense
        if w.shape[0] != channels * size * size or b.shape != (w.shape[1],):
            raise ValueError(f"dense layer does not fit {views}x{side}x{side} glyphs")
        if self.head.weights.shape[0] != w.shape[1]:
            raise ValueError("head does not fit the embedding")


NEGLIGIBLE = 1e-30
"""Weights smaller than this are zero to the networks (float32 keeps 7 digits of activations
near 1), but training leaves some a hair above the smallest normal float (a filter it
switched off), and their products are subnormal numbers, which the CPU multiplies and adds
many times slower: flushed, the shipped networks read a batch of glyphs 2.5 times faster
with the same probabilities."""


def _flushed(weights: np.ndarray) -> np.ndarray:
    """`weights` as float32 with the negligible ones zero (the same array if none is)."""
    weights = np.asarray(weights, np.float32)
    negligible = (weights != 0) & (np.abs(weights) < NEGLIGIBLE)
    return np.where(negligible, np.float32(0), weights) if negligible.any() else weights


def _conv3x3(x: np.ndarray, weights: np.ndarray) -> np.ndarray:
    """Cross-correlation with zero 'same' padding, as torch's Conv2d computes it less its bias,
    on channels-last images: (N, H, W, C) -> (N, H, W, K), one matrix product over every 3x3
    window (`_windows`). The zero border is laid round by hand: `np.pad` took 20 us a layer
    whatever the batch, a sixth of the convolutions' time on a median batch (7 glyphs)."""
    n, h, w, c = x.shape
    padded = np.zeros((n, h + 2, w + 2, c), x.dtype)
    padded[:, 1:-1, 1:-1] = x
    kernel = weights.transpose(2, 3, 1, 0).reshape(9 * c, len(weights))  # (dy, dx, C) rows
    out = _windows(padded, h, w) @ kernel
    return np.asarray(out.reshape(n, h, w, -1))


def _windows(padded: np.ndarray, h: int, w: int) -> np.ndarray:
    """Every 3x3 window of zero-padded channels-last images (N, h + 2, w + 2, C), one row
    each, in (dy, dx, C) order. A window's row of three pixels lies whole in memory, 3C
    floats: copied from a strided view as such, the windows of 16 and 32 channels cost a
    third and two fifths of laying nine shifted copies of the image side by side. With one
    channel those runs are three floats, and the nine shifted copies (each a plain slice,
    copied whole) cost a third of them."""
    n, _, _, c = padded.shape
    if c == 1:
        return np.concatenate([padded[:, dy:dy + h, dx:dx + w] for dy in range(3)
                               for dx in range(3)], axis=3).reshape(n * h * w, 9)
    step_image, step_row, step_pixel, _ = padded.strides
    rows = np.lib.stride_tricks.as_strided(
        padded, (n, h, w, 3, 3 * c), (step_image, step_row, step_pixel, step_row,
                                      padded.itemsize), writeable=False)
    return rows.reshape(n * h * w, 9 * c)


def _max_pool(x: np.ndarray) -> np.ndarray:
    """2x2 max pool, stride 2, of channels-last images (an odd last row or column is dropped):
    the maximum of each pair of rows, then of each pair of pixels in them, each over 2-D
    views in OpenCV, which cost two fifths of numpy's maximum over four strided views."""
    n, h, w, c = x.shape
    h2, w2 = h // 2, w // 2
    rows = x[:, :2 * h2, :2 * w2].reshape(n * h2, 2, w2 * 2 * c)
    pixels = cv2.max(rows[:, 0], rows[:, 1]).reshape(n * h2 * w2, 2 * c)
    return np.asarray(cv2.max(pixels[:, :c], pixels[:, c:])).reshape(n, h2, w2, c)


def fine_tune(net: GlyphNet, images: np.ndarray, labels: np.ndarray,
              class_weight: np.ndarray | None = None, steps: int = 300, rate: float = 2e-3,
              anchor: float = 1e-3, seed: int = 0) -> GlyphNet:
    """`net` adjusted to one deck's glyphs: the convolutions stay as trained on many
    typefaces; the dense layer and the head move (full-batch Adam on weighted cross-entropy),
    held near where they started (`anchor`, an L2 pull towards the starting weights), so
    what the network knew of other decks still guides what this deck's samples do not show.
    Numpy only: a deck is learned on the Pi itself, in seconds."""
    flat = net.conv_features(images)
    head = net.head
    start = [net.dense[0], net.dense[1], head.weights, head.bias]
    params = [p.astype(np.float32).copy() for p in start]
    y = np.eye(head.n_classes, dtype=np.float32)[labels]
    weight = (np.ones(head.n_classes, np.float32) if class_weight is None
              else np.asarray(class_weight, np.float32))[labels][:, None] / len(flat)
    m = [np.zeros_like(p) for p in params]
    v = [np.zeros_like(p) for p in params]
    rng = np.random.default_rng(seed)
    for t in range(1, steps + 1):
        w1, b1, w2, b2 = params
        hidden = np.maximum(flat @ w1 + b1, 0)
        keep = (rng.random(hidden.shape) > 0.2) / 0.8  # dropout, as in training
        dropped = hidden * keep
        z = dropped @ w2 + b2
        z -= z.max(axis=1, keepdims=True)
        p = np.exp(z)
        p /= p.sum(axis=1, keepdims=True)
        err = (p - y) * weight
        back = (err @ w2.T) * keep * (hidden > 0)
        grads = [flat.T @ back, back.sum(axis=0), dropped.T @ err, err.sum(axis=0)]
        for i, g in enumerate(grads):
            g = g + anchor * (params[i] - start[i])
            m[i] = 0.9 * m[i] + 0.1 * g
            v[i] = 0.999 * v[i] + 0.001 * g * g
            params[i] -= rate * (m[i] / (1 - 0.9**t)) / (np.sqrt(v[i] / (1 - 0.999**t)) + 1e-8)
    w1, b1, w2, b2 = params
    return GlyphNet(net.convs, (w1, b1), Softmax(w2, b2))
