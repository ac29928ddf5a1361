"""The table camera reads a known layout of cards, as the app's camera mode will."""

from __future__ import annotations

from collections import Counter

from hil_rigs import TableCameraRig

KNOWN = ("AH", "5D", "9C", "KS", "JH", "TS")
FRAMES = 5


def test_the_camera_reads_a_known_layout_of_cards(table_camera: TableCameraRig) -> None:
    from pi_app.vision.recognizer import Recognizer  # OpenCV: the fixture checked for it

    recognizer = Recognizer()
    table_camera.lay_out(KNOWN)
    votes: Counter[str] = Counter()
    for _ in range(FRAMES):
        frame = table_camera.camera.read()
        assert frame is not None, "the camera gave no frame"
        votes.update({d.label for d in recognizer.read(frame).detections})
    read = {card for card, seen in votes.items() if seen > FRAMES / 2}  # as a steady reading
    assert read == set(KNOWN), f"read {sorted(read)} in most frames; votes {dict(votes)}"
