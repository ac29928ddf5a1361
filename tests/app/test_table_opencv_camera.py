"""Any camera OpenCV opens reads the table (`[camera] source = "0"`, a video device, or a video
to replay): on a laptop that makes the table a real one, where people deal, and the default
bands fit the frames that camera gives."""

from __future__ import annotations

from pathlib import Path

import cv2
import pytest

from pi_app.app.camera import default_zones, render_table
from pi_app.app.config import ConfigError
from pi_app.app.runtime import build, web_backend
from pi_app.vision.designs import font_design
from pi_app.vision.frames import VideoCapture

SIZE = (960, 540)  # a webcam that will not give 1280x720


@pytest.fixture
def table_video(tmp_path: Path) -> Path:
    """A few seconds of a table with the five of hearts turned up in the starter spot."""
    frame = render_table(font_design(0), default_zones(2, SIZE), {"starter": ["5H"]}, SIZE)
    path = tmp_path / "table.avi"
    writer = cv2.VideoWriter(str(path), cv2.VideoWriter_fourcc(*"MJPG"), 10, SIZE)
    for _ in range(5):
        writer.write(frame)
    writer.release()
    return path


def test_a_laptop_reading_its_own_camera_sits_at_a_real_table_with_bands_that_fit(
        make_config, table_video: Path) -> None:
    config = make_config(game={"mode": "auto"}, speech={"enabled": False},
                         camera={"source": str(table_video)})
    app = build(config, simulated=True)
    try:
        assert app.config.game.table == "real" and app.virtual_camera is None
        assert isinstance(app.watcher.source, VideoCapture)
        assert app.watcher.zones == default_zones(2, SIZE)
        look = app.watcher.look()
        assert look is not None and look.frame.shape[:2] == (540, 960)
        (starter,) = [d for d in look.detections if d.card is not None]
        assert starter.label == "5H"
        assert app.watcher.zones.zone_of(starter.corners).kind == "starter"
    finally:
        app.close()
    assert app.watcher.source.size is None  # released for the next program


def test_a_camera_source_that_is_no_camera_or_file_is_refused_naming_the_choices(
        make_config) -> None:
    with pytest.raises(ConfigError, match=r"camera\.source is 'webcam': choose one of sim, "
                                          r"picamera, none, an OpenCV camera's number \(0\)"):
        make_config(camera={"source": "webcam"})


def test_a_camera_that_will_not_open_leaves_the_table_to_name_cards_by_hand(
        make_config, capsys) -> None:
    """Unplugged, or held by another program: the board, buttons and page still serve."""
    config = make_config(game={"mode": "auto"}, speech={"enabled": False},
                         camera={"source": "97"})
    app = build(config, simulated=True)
    try:
        assert app.watcher is None and app.zone_editor is None
        notice = app.controller.snapshot()["notice"]
        assert notice == ("camera.source: cannot open camera or video 97: name the cards with "
                          "the encoder or on the page")
        assert app.controller.speaker.said[-1] == "the camera did not open"
        assert web_backend(app).snapshot()["camera_problem"] == (
            "camera.source: cannot open camera or video 97")  # the page shows it meanwhile
        assert "going on without it" in capsys.readouterr().err
    finally:
        app.close()


def test_a_camera_number_may_be_given_as_a_number(make_config) -> None:
    assert make_config(camera={"source": 0}).camera.source == "0"
