"""Frame sources: files, folders, the simulator's table, and the Pi camera against a fake."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from pi_app.vision.frames import FrameError, ImageFiles, PiCamera, VirtualTable, open_source


def write_frames(folder, n: int) -> None:
    for i in range(n):
        cv2.imwrite(str(folder / f"frame{i}.png"), np.full((20, 30, 3), i * 40, np.uint8))


def test_folder_replays_its_images_in_name_order(tmp_path) -> None:
    write_frames(tmp_path, 3)
    with open_source(str(tmp_path)) as source:
        levels = [int(frame[0, 0, 0]) for frame in source]
    assert levels == [0, 40, 80]


def test_unreadable_image_is_named(tmp_path) -> None:
    bad = tmp_path / "table.jpg"
    bad.write_text("not a picture")
    with pytest.raises(FrameError, match=r"table\.jpg: not an image"):
        ImageFiles([bad]).read()


def test_empty_folder_and_missing_path_are_clear_errors(tmp_path) -> None:
    with pytest.raises(FrameError, match="no images"):
        open_source(str(tmp_path))
    with pytest.raises(FrameError, match="not a camera number"):
        open_source(str(tmp_path / "nope"))


def test_virtual_table_serves_the_simulators_frames() -> None:
    frames = iter([np.zeros((4, 4, 3), np.uint8), None])
    assert [f.shape for f in VirtualTable(lambda: next(frames))] == [(4, 4, 3)]


class FakePicamera2:
    """Stands in for picamera2.Picamera2: RGB888 frames are BGR in memory."""

    def __init__(self) -> None:
        self.calls: list[str] = []

    def create_video_configuration(self, main):
        self.calls.append(f"configure {main['format']} {main['size']}")
        return main

    def configure(self, config) -> None:
        pass

    def start(self) -> None:
        self.calls.append("start")

    def capture_array(self, stream: str) -> np.ndarray:
        frame = np.zeros((720, 1280, 4), np.uint8)
        frame[..., 0] = 255  # blue, in BGR order
        return frame

    def stop(self) -> None:
        self.calls.append("stop")

    def close(self) -> None:
        self.calls.append("close")


def test_pi_camera_asks_for_rgb888_and_hands_over_bgr_frames() -> None:
    fake = FakePicamera2()
    module = type("picamera2", (), {"Picamera2": lambda: fake})
    with PiCamera((1280, 720), module=module) as camera:
        frame = camera.read()
    assert frame.shape == (720, 1280, 3) and frame[0, 0].tolist() == [255, 0, 0]
    assert fake.calls == ["configure RGB888 (1280, 720)", "start", "stop", "close"]


def test_pi_camera_without_picamera2_says_how_to_install_it() -> None:
    with pytest.raises(FrameError, match="python3-picamera2"):
        PiCamera()


def test_a_pi_camera_held_by_another_program_is_refused_saying_what_to_stop() -> None:
    def busy() -> None:
        raise RuntimeError("Failed to acquire camera: Device or resource busy")

    module = type("picamera2", (), {"Picamera2": staticmethod(busy)})
    with pytest.raises(FrameError, match=r"resource busy\): another program may hold it "
                                         r"\(sudo systemctl stop crib\)"):
        PiCamera(module=module)
