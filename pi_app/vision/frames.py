"""Frame sources: one small interface over the Pi camera, any OpenCV camera, image files,
a folder or video replayed, and the simulator's virtual table. Frames are BGR uint8 arrays."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from types import TracebackType
from typing import Any, Protocol

import cv2
import numpy as np

IMAGE_SUFFIXES = frozenset({".png", ".jpg", ".jpeg", ".bmp", ".webp", ".tif", ".tiff"})


class FrameError(RuntimeError):
    """A camera or file that cannot give frames."""


class FrameSource(Protocol):
    def read(self) -> np.ndarray | None:
        """The next frame, or None when a replay has ended."""

    def close(self) -> None: ...


class _Closing:
    def read(self) -> np.ndarray | None:
        raise NotImplementedError

    def close(self) -> None:
        """Nothing to release."""

    def __enter__(self) -> Any:
        return self

    def __exit__(self, kind: type[BaseException] | None, value: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.close()

    def __iter__(self) -> Iterator[np.ndarray]:
        while (frame := self.read()) is not None:
            yield frame


class ImageFiles(_Closing):
    """Still images, in the order given."""

    def __init__(self, paths: Sequence[Path | str]) -> None:
        self._paths = [Path(p) for p in paths]
        self._next = 0

    def read(self) -> np.ndarray | None:
        if self._next >= len(self._paths):
            return None
        path = self._paths[self._next]
        self._next += 1
        return load_image(path)


class VideoCapture(_Closing):
    """Anything OpenCV opens: a USB or laptop camera by number, or a video file to replay."""

    def __init__(self, device: int | str, size: tuple[int, int] | None = None) -> None:
        self._capture = cv2.VideoCapture(device)
        if not self._capture.isOpened():
            raise FrameError(f"cannot open camera or video {device!r}")
        if size is not None:
            self._capture.set(cv2.CAP_PROP_FRAME_WIDTH, size[0])
            self._capture.set(cv2.CAP_PROP_FRAME_HEIGHT, size[1])

    def read(self) -> np.ndarray | None:
        ok, frame = self._capture.read()
        return frame if ok else None

    @property
    def size(self) -> tuple[int, int] | None:
        """The frames' width and height, as the camera settled them (None if it will not say)."""
        width = int(self._capture.get(cv2.CAP_PROP_FRAME_WIDTH))
        height = int(self._capture.get(cv2.CAP_PROP_FRAME_HEIGHT))
        return (width, height) if width > 0 and height > 0 else None

    def close(self) -> None:
        self._capture.release()


class PiCamera(_Closing):
    """The Raspberry Pi camera through picamera2 (from Raspberry Pi OS, imported only here).

    `RGB888` frames are BGR in memory, which is what OpenCV and the recogniser expect."""

    def __init__(self, size: tuple[int, int] = (1280, 720), module: Any = None) -> None:
        if module is None:
            try:
                import picamera2  # Pi-only, optional: only this adapter needs it
            except ImportError as exc:
                raise FrameError("picamera2 is not installed: on Raspberry Pi OS, apt install "
                                 "python3-picamera2 and make the venv with "
                                 "--system-site-packages") from exc
            module = picamera2
        try:
            self._camera = module.Picamera2()
        except (RuntimeError, IndexError) as exc:  # busy, or no camera on the ribbon
            raise FrameError(f"the Pi camera did not open ({exc}): another program may hold "
                             "it (sudo systemctl stop crib), or it is not connected "
                             "(rpicam-hello --list-cameras)") from exc
        config = self._camera.create_video_configuration(main={"size": size, "format": "RGB888"})
        self._camera.configure(config)
        self._camera.start()

    def read(self) -> np.ndarray | None:
        return np.ascontiguousarray(self._camera.capture_array("main")[..., :3])

    def close(self) -> None:
        self._camera.stop()
        self._camera.close()


class VirtualTable(_Closing):
    """The simulator's table: frames come from a function (e.g. the scene synthesiser)."""

    def __init__(self, render: Callable[[], np.ndarray | None]) -> None:
        self._render = render

    def read(self) -> np.ndarray | None:
        return self._render()


def load_image(path: Path | str) -> np.ndarray:
    """Read an image file as BGR, or raise FrameError naming the file and what is wrong."""
    path = Path(path)
    if not path.is_file():
        raise FrameError(f"{path}: no such file")
    frame = cv2.imread(str(path), cv2.IMREAD_COLOR)
    if frame is None:
        raise FrameError(f"{path}: not an image OpenCV can read")
    return frame


def open_source(spec: str, size: tuple[int, int] = (1280, 720)) -> _Closing:
    """`picamera`, a camera number (`0`), an image, a folder of images, or a video file."""
    if spec == "picamera":
        return PiCamera(size)
    if spec.isdigit():
        return VideoCapture(int(spec), size)
    path = Path(spec)
    if path.is_dir():
        images = sorted(p for p in path.iterdir() if p.suffix.lower() in IMAGE_SUFFIXES)
        if not images:
            raise FrameError(f"{path}: no images in this folder")
        return ImageFiles(images)
    if not path.exists():
        raise FrameError(f"{spec}: not a camera number, 'picamera', or an existing file/folder")
    if path.suffix.lower() in IMAGE_SUFFIXES:
        return ImageFiles([path])
    return VideoCapture(str(path))
