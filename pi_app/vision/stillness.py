"""The table between readings: a frame that shows what the last frame read showed, give or
take the camera's noise, need not be read again. At a card table most frames are such (the
cards lie still between plays), and reading one costs tens of milliseconds on a Pi.

Each frame is compared with the one last read, not with the frame before it, so a slow
change (a card nudged a pixel a frame, the light fading) is read once it adds up.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import cv2
import numpy as np

THUMB_WIDTH = 160
"""Frames are compared as thumbnails this wide: each pixel the mean of an 8x8 block of a
1280-pixel frame, where the sensor's noise averages out to a grey level or so."""
CHANGED = 12
"""Grey levels a thumbnail pixel must move by for the table to have changed: a card laid,
taken or nudged a few pixels moves dozens of them by far more."""


@dataclass
class StillTable:
    """Says whether a frame needs reading: it does when it differs from the last one read."""

    _reference: np.ndarray | None = field(init=False, default=None)

    def changed(self, frame: np.ndarray) -> bool:
        """True for a frame to read (and it becomes the one compared with next)."""
        height, width = frame.shape[:2]
        size = (THUMB_WIDTH, max(1, round(height * THUMB_WIDTH / width)))
        thumb = cv2.cvtColor(cv2.resize(frame, size, interpolation=cv2.INTER_AREA),
                             cv2.COLOR_BGR2GRAY)
        if (self._reference is not None and self._reference.shape == thumb.shape
                and int(cv2.absdiff(thumb, self._reference).max()) < CHANGED):
            return False
        self._reference = thumb
        return True
