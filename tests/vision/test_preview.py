"""The preview draws detections and zones and hands the simulator a JPEG."""

from __future__ import annotations

import cv2
import numpy as np

from pi_app.engine.cards import parse_card
from pi_app.vision.preview import draw_detections, preview_jpeg
from pi_app.vision.recognizer import Detection
from pi_app.vision.zones import ZoneMap


def test_preview_jpeg_decodes_to_the_frame_with_outlines_drawn() -> None:
    frame = np.zeros((240, 320, 3), np.uint8)
    quad = np.array([[50, 50], [120, 50], [120, 150], [50, 150]], np.float32)
    detections = [Detection(parse_card("QH"), 0.97, quad, quad[0]),
                  Detection(None, 0.3, quad + 150, quad[0] + 150)]
    zones = ZoneMap.from_json({"zones": [{"name": "north", "kind": "play",
                                          "polygon": [[5, 5], [300, 5], [300, 230]]}]})
    drawn = draw_detections(frame, detections, zones)
    assert drawn[50, 85].any() and not frame.any()  # a copy; the original is untouched
    data = preview_jpeg(frame, detections, zones)
    assert data[:2] == b"\xff\xd8"
    assert cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_COLOR).shape == (240, 320, 3)
