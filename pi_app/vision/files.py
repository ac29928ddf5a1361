"""Files the camera side writes (a table's zones, the photos of a deck being learned), each
whole or not at all: written beside, flushed to the disk, and swapped in, so a power cut
leaves the old file or the new one, never half a file the next start would refuse."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


def write_whole(path: Path, data: bytes) -> None:
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".part")
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    directory = os.open(path.parent, os.O_RDONLY)  # the rename itself, on the disk
    try:
        os.fsync(directory)
    finally:
        os.close(directory)
