"""Speaking counts aloud through espeak-ng, when it is installed; silent otherwise.

Speech never blocks the game: each phrase runs as its own espeak-ng process, and a new
phrase does not wait for the last. Text goes to espeak-ng as one argument list item (never
through a shell), so nothing a player types can become a command.
"""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Callable, Sequence

from pi_app.app.config import SpeechSettings

Runner = Callable[[Sequence[str]], object]


def _spawn(argv: Sequence[str]) -> object:
    return subprocess.Popen(
        list(argv), stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )


class Speaker:
    """Says phrases with the configured voice, volume and rate, and remembers what it said."""

    def __init__(
        self,
        settings: SpeechSettings,
        *,
        program: str | None = None,
        runner: Runner = _spawn,
    ) -> None:
        self.settings = settings
        self.program = program if program is not None else shutil.which("espeak-ng")
        self._run = runner
        self.said: list[str] = []
        """Every phrase, spoken or not, so the page and tests can show what would be heard."""

    @property
    def audible(self) -> bool:
        return self.settings.enabled and self.program is not None

    def command(self, text: str) -> list[str]:
        """The espeak-ng argument list for `text`."""
        s = self.settings
        program = self.program or "espeak-ng"
        return [program, "-v", s.voice, "-a", str(s.volume), "-s", str(s.rate), "--", text]

    def say(self, text: str) -> None:
        text = " ".join(text.split())
        if not text:
            return
        self.said.append(text)
        if self.audible:
            self._run(self.command(text))
