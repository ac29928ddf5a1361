"""Detections drawn on a frame, for the live preview window and the simulator's web page."""

from __future__ import annotations

from collections.abc import Sequence

import cv2
import numpy as np

from pi_app.vision.recognizer import Detection
from pi_app.vision.zones import ZoneMap

_KNOWN, _UNKNOWN, _ZONE, _MARKERS = (40, 200, 40), (0, 160, 255), (200, 120, 0), (255, 0, 255)


def draw_detections(frame: np.ndarray, detections: Sequence[Detection],
                    zones: ZoneMap | None = None, markers: np.ndarray | None = None
                    ) -> np.ndarray:
    """A copy of the frame with zones, card outlines and labels (card and confidence), and
    the play area the corner markers mark (their centres, 0-3), if seen."""
    out = frame.copy()
    if markers is not None:
        pts = np.round(np.asarray(markers)).astype(np.int32)
        cv2.polylines(out, [pts], True, _MARKERS, 2, cv2.LINE_AA)
        for i, (x, y) in enumerate(pts.tolist()):
            cv2.circle(out, (x, y), 6, _MARKERS, -1, cv2.LINE_AA)
            cv2.putText(out, str(i), (x + 8, y - 8), cv2.FONT_HERSHEY_SIMPLEX, 0.7, _MARKERS, 2,
                        cv2.LINE_AA)
    if zones is not None:
        for zone in zones.zones:
            pts = np.round(np.array(zone.polygon)).astype(np.int32)
            cv2.polylines(out, [pts], True, _ZONE, 2, cv2.LINE_AA)
            cv2.putText(out, zone.name, tuple(int(v) for v in pts[0]), cv2.FONT_HERSHEY_SIMPLEX,
                        0.6, _ZONE, 2, cv2.LINE_AA)
    for d in detections:
        colour = _KNOWN if d.card is not None else _UNKNOWN
        cv2.polylines(out, [np.round(d.corners).astype(np.int32)], True, colour, 2, cv2.LINE_AA)
        x, y = (int(v) for v in d.corners[0])
        cv2.putText(out, f"{d.label} {d.confidence:.2f}", (x, max(14, y - 6)),
                    cv2.FONT_HERSHEY_SIMPLEX, 0.55, colour, 2, cv2.LINE_AA)
    return out


def preview_jpeg(frame: np.ndarray, detections: Sequence[Detection],
                 zones: ZoneMap | None = None, quality: int = 80,
                 markers: np.ndarray | None = None) -> bytes:
    """`draw_detections` encoded as JPEG bytes, ready to serve to a web page."""
    ok, data = cv2.imencode(".jpg", draw_detections(frame, detections, zones, markers),
                            [cv2.IMWRITE_JPEG_QUALITY, quality])
    if not ok:
        raise ValueError("could not encode the preview frame as JPEG")
    return data.tobytes()
