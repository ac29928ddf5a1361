"""A serial port wrapper that damages traffic on purpose, for tests and `crib link test`."""

from __future__ import annotations

import random
from typing import Any

from serial import SerialException


class FaultySerial:
    """Wraps an open pyserial port. In both directions it flips one random bit in a
    `corrupt` fraction of bytes and drops a `drop` fraction of bytes; it cuts a `truncate`
    fraction of writes short at a random point; `unplug()` makes every later read and write
    fail as a pulled cable does."""

    def __init__(self, port: Any, corrupt: float = 0.0, drop: float = 0.0,
                 truncate: float = 0.0, rng: random.Random | None = None) -> None:
        for name, value in (("corrupt", corrupt), ("drop", drop), ("truncate", truncate)):
            if not 0.0 <= value < 1.0:
                raise ValueError(f"{name} fraction {value} is outside 0..1 (1 excluded)")
        self.port = port
        self.corrupt = corrupt
        self.drop = drop
        self.truncate = truncate
        self.rng = rng or random.Random()
        self.flipped = 0
        self.dropped = 0
        self.truncated = 0
        self.unplugged = False

    def damage(self, data: bytes) -> bytes:
        if not (self.corrupt or self.drop):
            return data
        out = bytearray()
        for byte in data:
            if self.drop and self.rng.random() < self.drop:
                self.dropped += 1
                continue
            if self.corrupt and self.rng.random() < self.corrupt:
                byte ^= 1 << self.rng.randrange(8)
                self.flipped += 1
            out.append(byte)
        return bytes(out)

    def unplug(self) -> None:
        self.unplugged = True

    def _check(self) -> None:
        if self.unplugged:
            raise SerialException("device disconnected (unplugged by the fault injector)")

    @property
    def in_waiting(self) -> int:
        self._check()
        return int(self.port.in_waiting)

    def read(self, size: int = 1) -> bytes:
        self._check()
        return self.damage(self.port.read(size))

    def write(self, data: bytes) -> int:
        self._check()
        out = self.damage(bytes(data))
        if self.truncate and len(out) > 1 and self.rng.random() < self.truncate:
            out = out[: self.rng.randrange(1, len(out))]
            self.truncated += 1
        self.port.write(out)
        return len(data)

    def close(self) -> None:
        self.port.close()
