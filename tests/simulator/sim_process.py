"""Start `crib` as a real process on a free port, read its URL, and stop it."""

from __future__ import annotations

import os
import queue
import signal
import subprocess
import sys
import threading
from dataclasses import dataclass
from pathlib import Path

START_TIMEOUT = 90.0
"""Generous: a loaded 2-core CI machine can take many seconds to import and bind; a
healthy start prints its URL in about a second, and a hang still fails."""


@dataclass
class RunningSim:
    url: str
    process: subprocess.Popen[str]

    def stop(self, timeout: float = 10.0) -> int:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
        return self.process.wait(timeout=timeout)


def crib_command() -> list[str]:
    """The installed `crib` script beside this Python, as README's first command runs it."""
    script = Path(sys.executable).with_name("crib")
    return [str(script)] if script.exists() else [sys.executable, "-m", "pi_app.cli"]


def start_sim(args: list[str], tmp_path: Path, settings: dict[str, str] | None = None
              ) -> RunningSim:
    """`crib` with `args`, its settings from `CRIB_*` variables (`settings` adds more)."""
    env = {
        **os.environ,
        "CRIB_STORAGE_PATH": str(tmp_path / "games.sqlite"),
        "CRIB_WEB_PORT": "0",
        "CRIB_SPEECH_ENABLED": "false",
        "BROWSER": "true",  # if a browser would be opened, open nothing
        **(settings or {}),
    }
    process = subprocess.Popen([*crib_command(), *args], env=env, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True, stdin=subprocess.DEVNULL)
    lines: queue.Queue[str] = queue.Queue()
    threading.Thread(target=lambda: [lines.put(line) for line in process.stdout or ()],
                     daemon=True).start()
    try:
        first = lines.get(timeout=START_TIMEOUT)
    except queue.Empty:
        process.kill()
        errors = process.stderr.read() if process.stderr else ""
        raise AssertionError(f"crib printed no URL: {errors}") from None
    assert "http://127.0.0.1:" in first, first
    return RunningSim(first.split()[-1], process)
