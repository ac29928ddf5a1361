"""Aisleriot designs are rendered once into a cache that several processes may fill at once."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from pi_app.vision import designs
from pi_app.vision.designs import aisleriot, aisleriot_available

pytestmark = pytest.mark.skipif(not aisleriot_available(),
                                reason="needs gnome-cards-data and librsvg2-bin")


def test_a_theme_rendered_by_another_process_meanwhile_is_still_cut_into_52_faces(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Another render of the same theme finishing between this one's render and its move into
    the cache must not take this one's file away."""
    real_run = subprocess.run
    interrupted = []

    def render_then_let_another_render(*args, **kwargs):
        done = real_run(*args, **kwargs)
        if not interrupted:
            interrupted.append(True)
            aisleriot("anglo", tmp_path)
        return done

    monkeypatch.setattr(designs.subprocess, "run", render_then_let_another_render)
    design = aisleriot("anglo", tmp_path)
    assert interrupted and len(design) == 52
    assert [p.name for p in tmp_path.iterdir()] == ["anglo-300.png"]
