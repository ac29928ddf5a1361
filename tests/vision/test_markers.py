"""Printed corner markers: found round the play area in order through a tilted camera, the
zones placed on the area they mark and moved with them; markers laid wrong are named once."""

from __future__ import annotations

import types

import cv2
import numpy as np
import pytest

from pi_app.vision import markers as markers_module
from pi_app.vision.markers import MarkerFollower, find_markers, marker_quad, marker_sheet, placed
from pi_app.vision.synth import lay_markers
from pi_app.vision.zones import Zone, ZoneMap

FRAME = (1280, 720)
BANDS = ZoneMap((
    Zone("starter", "starter", ((0, 0), (400, 0), (400, 200), (0, 200))),
    Zone("north", "play", ((0, 200), (1280, 200), (1280, 460), (0, 460))),
    Zone("south", "play", ((0, 460), (1280, 460), (1280, 720), (0, 720))),
), markers=((0, 0), (1280, 0), (1280, 720), (0, 720)))


def table_with_markers(quad: np.ndarray) -> np.ndarray:
    """A green felt frame with markers 0-3 laid on the points of `quad`."""
    return lay_markers(np.full((FRAME[1], FRAME[0], 3), (40, 90, 30), np.uint8), quad)


def tilted(frame: np.ndarray, points: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The frame as a camera off to one side and looking down at a slant sees it."""
    width, height = FRAME
    square = np.float32([[0, 0], [width, 0], [width, height], [0, height]])
    slant = np.float32([[90, 40], [1180, 10], [1250, 700], [40, 650]])
    warp = cv2.getPerspectiveTransform(square, slant)
    seen = cv2.warpPerspective(frame, warp, FRAME, borderMode=cv2.BORDER_REPLICATE)
    return seen, cv2.perspectiveTransform(np.float64(points)[None], warp)[0]


def test_the_printed_sheet_shows_the_markers_in_their_corners_in_order() -> None:
    sheet = marker_sheet(dpi=150)
    assert sheet.shape == (1754, 1240)  # A4 at 150 dpi
    quad = marker_quad(find_markers(sheet))
    assert quad is not None
    (left, top), (right, _), (_, bottom), _ = quad
    assert left < right and top < bottom
    assert quad[0][0] == pytest.approx(quad[3][0]) and quad[0][1] == pytest.approx(quad[1][1])


def test_markers_are_found_at_the_play_areas_corners_through_a_tilted_camera() -> None:
    corners = np.array([[150, 110], [1130, 120], [1120, 600], [160, 610]], np.float64)
    seen, truth = tilted(table_with_markers(corners), corners)
    quad = marker_quad(find_markers(seen))
    assert quad is not None
    assert np.abs(quad - truth).max() < 2.0


def test_markers_whose_paper_runs_to_the_frames_edge_are_found() -> None:
    """OpenCV's detector passes over a marker within a few pixels of the frame's edge unless
    told otherwise; a play area framed tightly puts the markers' paper right there."""
    corners = np.array([[56, 52], [1224, 52], [1224, 668], [56, 668]], np.float64)
    quad = marker_quad(find_markers(table_with_markers(corners)))
    assert quad is not None and np.abs(quad - corners).max() < 1.0


def test_the_zones_are_spread_over_the_area_the_markers_mark() -> None:
    corners = np.array([[150, 110], [1130, 110], [1130, 610], [150, 610]], np.float64)
    zones = placed(BANDS, corners)
    north = zones.zones[1].polygon  # from y 200 to 460 of 720, now of the 500 marked
    assert north[0] == pytest.approx((150, 110 + 500 * 200 / 720), abs=0.1)
    assert north[2] == pytest.approx((1130, 110 + 500 * 460 / 720), abs=0.1)
    assert zones.markers == tuple(map(tuple, corners.tolist()))
    card_in_the_south = np.array([[600, 520], [680, 520], [680, 590], [600, 590]])
    assert zones.zone_of(card_in_the_south).name == "south"


def test_zones_follow_the_markers_when_the_camera_is_knocked() -> None:
    follower = MarkerFollower(every=1)
    corners = np.array([[150, 110], [1130, 120], [1120, 600], [160, 610]], np.float64)
    zones, trouble = follower.follow(BANDS, find_markers(table_with_markers(corners)))
    assert trouble is None and zones.markers is not None
    knocked = corners + np.array([35, -25])
    moved, _ = follower.follow(zones, find_markers(table_with_markers(knocked)))
    shift = np.array(moved.zones[1].polygon) - np.array(zones.zones[1].polygon)
    assert np.abs(shift - [35, -25]).max() < 1.5
    jitter = knocked + np.array([1, 1])  # under MOVED: the camera's own jitter moves nothing
    assert follower.follow(moved, find_markers(table_with_markers(jitter)))[0] is moved


def test_a_hand_over_a_marker_leaves_the_zones_where_they_were() -> None:
    corners = np.array([[150, 110], [1130, 120], [1120, 600], [160, 610]], np.float64)
    found = find_markers(table_with_markers(corners))
    del found[2]
    follower = MarkerFollower()
    assert follower.follow(BANDS, found) == (BANDS, None)
    assert follower.seen is None


def test_zones_drawn_without_markers_stay_where_drawn_and_are_pinned_to_the_markers() -> None:
    drawn = ZoneMap(BANDS.zones)
    corners = np.array([[150, 110], [1130, 120], [1120, 600], [160, 610]], np.float64)
    pinned, _ = MarkerFollower().follow(drawn, find_markers(table_with_markers(corners)))
    assert pinned.zones == drawn.zones
    assert np.abs(np.array(pinned.markers) - corners).max() < 1.0


def test_markers_laid_in_the_wrong_corners_are_named_once() -> None:
    corners = np.array([[150, 110], [1130, 120], [1120, 600], [160, 610]], np.float64)
    swapped = corners[[0, 1, 3, 2]]  # 2 and 3 laid in each other's corner
    found = find_markers(table_with_markers(swapped))
    follower = MarkerFollower()
    zones, trouble = follower.follow(BANDS, found)
    assert zones is BANDS
    assert trouble is not None and "0 top left, 1 top right, 2 bottom right, 3 bottom left" \
        in trouble
    assert follower.follow(BANDS, found) == (BANDS, None)  # said once, not every second


def test_markers_are_found_with_the_older_opencv_of_raspberry_pi_os(monkeypatch) -> None:
    """OpenCV before 4.7 (Raspberry Pi OS bookworm's) has detectMarkers and drawMarker as
    functions, no ArucoDetector and no generateImageMarker."""
    real = cv2.aruco
    calls: list[str] = []

    def detect_markers(image, dictionary, parameters):
        calls.append("detectMarkers")
        return real.ArucoDetector(dictionary, parameters).detectMarkers(image)

    def draw_marker(dictionary, marker, side):
        calls.append("drawMarker")
        return real.generateImageMarker(dictionary, marker, side)

    old = types.SimpleNamespace(
        DICT_4X4_50=real.DICT_4X4_50, getPredefinedDictionary=real.getPredefinedDictionary,
        DetectorParameters_create=real.DetectorParameters, detectMarkers=detect_markers,
        drawMarker=draw_marker)
    monkeypatch.setattr(markers_module, "_aruco", lambda: old)
    corners = np.array([[150, 110], [1130, 120], [1120, 600], [160, 610]], np.float64)
    quad = marker_quad(find_markers(table_with_markers(corners)))
    assert quad is not None and np.abs(quad - corners).max() < 1.0
    assert set(calls) == {"drawMarker", "detectMarkers"}


def test_the_markers_are_looked_for_in_the_first_frame_then_every_tenth() -> None:
    follower = MarkerFollower()
    frame = table_with_markers(np.array([[150, 110], [1130, 120], [1120, 600], [160, 610]]))
    looked = [follower.look(frame) is not None for _ in range(21)]
    assert [i for i, did in enumerate(looked) if did] == [0, 10, 20]
