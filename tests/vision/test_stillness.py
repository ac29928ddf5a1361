"""A still table is read once: frames that differ from the last one read only by the camera's
noise are not read again; a card laid, taken away or slowly nudged is."""

from __future__ import annotations

import cv2
import numpy as np

from pi_app.app.camera import default_zones, render_table
from pi_app.vision.designs import font_design
from pi_app.vision.stillness import StillTable

DESIGN = font_design(0)
ZONES = default_zones(2)


def photographed(laid: dict[str, list[str]], rng: np.random.Generator,
                 shift: int = 0) -> np.ndarray:
    """The virtual table as a camera gives it: sensor noise on every frame."""
    frame = np.roll(render_table(DESIGN, ZONES, laid), shift, axis=1).astype(np.int16)
    return np.clip(frame + rng.normal(0, 4, frame.shape), 0, 255).astype(np.uint8)


def test_frames_of_a_still_table_differ_only_by_noise_and_are_not_read_again() -> None:
    rng = np.random.default_rng(0)
    table = {"play0": ["5H", "JD"]}
    still = StillTable()
    assert still.changed(photographed(table, rng))
    assert not any(still.changed(photographed(table, rng)) for _ in range(20))


def test_a_card_laid_or_taken_away_is_a_change() -> None:
    rng = np.random.default_rng(1)
    still = StillTable()
    still.changed(photographed({"play0": ["5H"]}, rng))
    assert still.changed(photographed({"play0": ["5H"], "play1": ["9C"]}, rng))
    assert not still.changed(photographed({"play0": ["5H"], "play1": ["9C"]}, rng))
    assert still.changed(photographed({"play0": ["5H"]}, rng))


def test_a_card_nudged_a_pixel_is_a_change() -> None:
    rng = np.random.default_rng(2)
    table = {"play0": ["5H", "JD", "QS"]}
    still = StillTable()
    still.changed(photographed(table, rng))
    assert still.changed(photographed(table, rng, shift=1))


def test_a_slow_change_is_read_once_it_adds_up() -> None:
    """Compared frame to frame, light fading a grey level a frame would never be a change."""
    rng = np.random.default_rng(3)
    table = photographed({"play0": ["5H", "JD"]}, rng)
    still = StillTable()
    still.changed(table)
    reads = [still.changed(cv2.subtract(table, np.full_like(table, step)))
             for step in range(1, 31)]
    assert not any(reads[:10]) and reads.count(True) in (2, 3)
