"""docs/images is made by scripts/make-doc-images.sh, not by hand: the board pictures it
draws now are the ones committed (rerun the script after changing the renderer or a layout)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

cv2 = pytest.importorskip("cv2", reason="the board pictures are drawn with OpenCV")

REPO = Path(__file__).resolve().parents[2]
IMAGES = REPO / "docs" / "images"


def test_the_committed_board_pictures_are_what_the_renderer_draws_now(tmp_path: Path) -> None:
    crib = Path(sys.executable).with_name("crib")
    done = subprocess.run([str(REPO / "scripts" / "make-doc-images.sh"), "--board-only",
                           str(tmp_path)], env={"PATH": "/usr/bin:/bin", "CRIB": str(crib)},
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    drawn = sorted(p.name for p in tmp_path.glob("board-*.png"))
    assert drawn == sorted(p.name for p in IMAGES.glob("board-*.png"))
    def pixels(path: Path) -> np.ndarray:  # not bytes: PNG encoders differ between builds
        return cv2.imread(str(path))

    stale = [name for name in drawn
             if not np.array_equal(pixels(tmp_path / name), pixels(IMAGES / name))]
    assert not stale, f"docs/images is stale: rerun scripts/make-doc-images.sh ({stale})"


def test_every_picture_in_docs_images_has_a_maker() -> None:
    script = (REPO / "scripts" / "make-doc-images.sh").read_text()
    shots = (REPO / "scripts" / "doc_screenshots.py").read_text()
    for image in IMAGES.glob("*.png"):
        assert image.name in script or image.name in shots, f"{image.name} has no maker"
