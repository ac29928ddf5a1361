"""The default model's build script keeps what it is told to keep: a network retrained or tuned
again reads differently by chance, which would hide what a change to another one did."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

from pi_app.vision.index import GLYPH
from pi_app.vision.recognizer import Model
from pi_app.vision.training import Samples

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "vision-build-model.py"
SHIPPED = Path(__file__).resolve().parents[2] / "pi_app" / "vision" / "data" / "default.npz"


def _script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("vision_build_model", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _build(monkeypatch: pytest.MonkeyPatch, *args: str | Path) -> int:
    monkeypatch.setattr(sys, "argv", [str(SCRIPT), *map(str, args)])
    return int(_script().main())


def _cut_glyphs(path: Path) -> Path:
    """A few bars of ink as rank and suit glyphs, some of them cut: enough for the cut heads'
    tuning to move them."""
    samples = Samples()
    rng = np.random.default_rng(0)
    for i in range(40):
        image = np.zeros((1, GLYPH, GLYPH), np.float32)
        top, left = rng.integers(2, 8, size=2)
        image[0, top:top + 14, left:left + 4 + i % 9] = 1.0
        samples.rank.append(image)
        samples.suit.append(image.copy())
        samples.rank_label.append(i % 13)
        samples.suit_label.append(i % 4)
        samples.cut.append(i % 3 == 0)
    samples.save(path)
    return path


def _same(a: Model, b: Model, head: str) -> bool:
    first, second = getattr(a, head), getattr(b, head)
    return all(np.array_equal(x, y) for x, y in zip((*first.dense, first.head.weights),
                                                     (*second.dense, second.head.weights),
                                                     strict=True))


def test_the_cut_ranks_head_is_kept_when_asked_and_tuned_again_when_not(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    cache = _cut_glyphs(tmp_path / "cut.npz")
    kept = ("--keep-rank", SHIPPED, "--keep-suit", SHIPPED, "--keep-cut-suit", SHIPPED)
    assert _build(monkeypatch, "--cut-samples", cache, *kept, "--keep-cut-rank", SHIPPED,
                  "--out", tmp_path / "kept.npz") == 0
    assert _build(monkeypatch, "--cut-samples", cache, *kept,
                  "--out", tmp_path / "tuned.npz") == 0
    shipped = Model.load(SHIPPED)
    assert _same(Model.load(tmp_path / "kept.npz"), shipped, "cut_rank")
    assert not _same(Model.load(tmp_path / "tuned.npz"), shipped, "cut_rank")
    assert _same(Model.load(tmp_path / "tuned.npz"), shipped, "cut_suit")


def test_a_kept_cut_head_needs_the_network_it_was_tuned_on(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        _build(monkeypatch, "--keep-suit", SHIPPED, "--keep-cut-rank", SHIPPED,
               "--out", tmp_path / "model.npz")
    assert stopped.value.code == 2
    assert "--keep-cut-rank needs --keep-rank" in capsys.readouterr().err
    assert not (tmp_path / "model.npz").exists()
