"""Printed corner markers: four ArUco markers laid at the corners of the play area show the
camera where the table lies. The zones move with them when the camera is knocked, and a table
with markers and no zones drawn gets the default bands spread over the area they mark.

Markers 0-3 go at the play area's top-left, top-right, bottom-right and bottom-left corners,
as the camera sees the table; `crib camera markers --out sheet.png` prints them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any, cast

import cv2
import numpy as np

from pi_app.vision.zones import Zone, ZoneMap, as_points

PLACES = ("top left", "top right", "bottom right", "bottom left")
"""Where markers 0, 1, 2 and 3 lie, as the camera sees the play area."""
MARKER_MM = 60
"""Printed side of a marker: about 70 camera pixels from a metre above a 1280-pixel frame."""
A4_MM = (210, 297)
FIND_EVERY = 10
"""Frames between looks for the markers: about once a second at the table."""
MOVED = 4.0
"""Pixels a marker must move for the zones to follow: less is the camera's own jitter."""


class MarkerError(ValueError):
    """Markers that are all in sight but cannot mark the play area (laid in the wrong corners),
    or an OpenCV that cannot find them."""


def _aruco() -> Any:
    return cv2.aruco


def _dictionary() -> Any:
    aruco = _aruco()
    return aruco.getPredefinedDictionary(aruco.DICT_4X4_50)


def _detector() -> Callable[[np.ndarray], tuple[Any, Any, Any]]:
    """OpenCV 4.7 made the detector an object; Raspberry Pi OS's older OpenCV has the function."""
    aruco, dictionary = _aruco(), _dictionary()
    new = hasattr(aruco, "ArucoDetector")
    parameters = aruco.DetectorParameters() if new else aruco.DetectorParameters_create()
    parameters.minDistanceToBorder = 0
    if new:
        detector = aruco.ArucoDetector(dictionary, parameters)
        return cast(Callable[[np.ndarray], tuple[Any, Any, Any]], detector.detectMarkers)
    return lambda image: aruco.detectMarkers(image, dictionary, parameters=parameters)


def find_markers(frame: np.ndarray) -> dict[int, tuple[float, float]]:
    """The centres of the corner markers in sight (id 0-3), in frame pixels."""
    grey = frame if frame.ndim == 2 else cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY)
    corners, ids, _ = _detector()(grey)
    if ids is None:
        return {}
    found = {}
    for quad, marker in zip(corners, np.asarray(ids).ravel().tolist(), strict=True):
        if marker < len(PLACES):
            x, y = np.asarray(quad, np.float64).reshape(4, 2).mean(axis=0)
            found[marker] = (float(x), float(y))
    return found


def marker_quad(found: dict[int, tuple[float, float]]) -> np.ndarray | None:
    """The play area's corners (4x2, markers 0-3), or None while a marker is out of sight (a
    hand over it, say). Raises MarkerError when all four show but not round the area in order."""
    if len(found) < len(PLACES):
        return None
    quad = np.array([found[i] for i in range(len(PLACES))], np.float64)
    edges = np.roll(quad, -1, axis=0) - quad
    following = np.roll(edges, -1, axis=0)
    turns = edges[:, 0] * following[:, 1] - edges[:, 1] * following[:, 0]  # > 0: clockwise
    if not (turns > 0).all():
        raise MarkerError("the corner markers are not in order round the play area: lay "
                          + ", ".join(f"{i} {place}" for i, place in enumerate(PLACES))
                          + ", as the camera sees the table")
    return quad


def placed(zones: ZoneMap, quad: np.ndarray) -> ZoneMap:
    """`zones`, drawn when the markers lay at `zones.markers`, moved to where they lie now."""
    if zones.markers is None:
        raise ValueError("these zones were not drawn with markers in sight")
    move = cv2.getPerspectiveTransform(np.array(zones.markers, np.float32),
                                       np.array(quad, np.float32))
    moved = []
    for zone in zones.zones:
        points = cv2.perspectiveTransform(np.array([zone.polygon], np.float64), move)[0]
        moved.append(Zone(zone.name, zone.kind,
                          tuple((round(float(x), 1), round(float(y), 1)) for x, y in points)))
    return ZoneMap(tuple(moved), as_points(quad))


@dataclass
class MarkerFollower:
    """Keeps the zones on the play area the markers mark. Zones drawn with the markers in
    sight (`ZoneMap.markers`) move with them; zones drawn without are pinned to where the
    markers are first seen."""

    every: int = FIND_EVERY
    seen: np.ndarray | None = None
    """Where the markers were last seen round the play area (4x2), if they have been."""
    _frames: int = field(init=False, default=0)
    _trouble: str | None = field(init=False, default=None)

    def __post_init__(self) -> None:
        if not hasattr(cv2, "aruco"):
            raise MarkerError("this OpenCV has no ArUco module to find the markers with "
                              "(pip: opencv-contrib-python-headless; Raspberry Pi OS: "
                              "python3-opencv)")

    def look(self, frame: np.ndarray) -> dict[int, tuple[float, float]] | None:
        """The markers in sight, every `every` frames (else None): slow, for a worker thread."""
        due = self._frames % self.every == 0  # the first frame, then every `every`
        self._frames += 1
        return find_markers(frame) if due else None

    def follow(self, zones: ZoneMap, found: dict[int, tuple[float, float]]
               ) -> tuple[ZoneMap, str | None]:
        """`zones` where the markers `found` put them, and what is wrong with the markers, said
        once (None: nothing new)."""
        try:
            quad = marker_quad(found)
        except MarkerError as exc:
            said, self._trouble = self._trouble == str(exc), str(exc)
            return zones, None if said else str(exc)
        if quad is None:
            return zones, None
        self._trouble, self.seen = None, quad
        if zones.markers is None:
            return replace(zones, markers=as_points(quad)), None
        if np.abs(quad - np.array(zones.markers)).max() < MOVED:
            return zones, None
        return placed(zones, quad), None


def marker_image(marker: int, side: int) -> np.ndarray:
    """One marker, `side` pixels square, black on white."""
    aruco = _aruco()
    generate = getattr(aruco, "generateImageMarker", None) or aruco.drawMarker  # before 4.7
    return np.asarray(generate(_dictionary(), marker, side), np.uint8)


def marker_sheet(dpi: int = 150) -> np.ndarray:
    """An A4 page (portrait, white) with the four markers, MARKER_MM square, each labelled
    with the corner of the play area it goes at: print at 100% and cut apart."""
    per_mm = dpi / 25.4
    width, height = (round(mm * per_mm) for mm in A4_MM)
    page = np.full((height, width), 255, np.uint8)
    side = round(MARKER_MM * per_mm)
    scale = dpi / 150
    for marker, place in enumerate(PLACES):
        row, col = int("bottom" in place), int("right" in place)  # the page is a small table
        x = round(width * (0.25 + 0.5 * col)) - side // 2
        y = round(height * (0.25 + 0.5 * row)) - side // 2
        page[y:y + side, x:x + side] = marker_image(marker, side)
        label = f"{marker}: {place}"
        cv2.putText(page, label, (x, y + side + round(40 * scale)), cv2.FONT_HERSHEY_SIMPLEX,
                    0.9 * scale, 0, max(1, round(2 * scale)), cv2.LINE_AA)
    note = "Lay each marker at that corner of the play area, as the camera sees the table."
    cv2.putText(page, note, (round(40 * scale), round(60 * scale)), cv2.FONT_HERSHEY_SIMPLEX,
                0.55 * scale, 0, max(1, round(scale)), cv2.LINE_AA)
    return page
