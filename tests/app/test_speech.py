"""Speech: espeak-ng with the configured voice, volume and rate; silent when it is missing."""

from __future__ import annotations

import shutil
import subprocess

import pytest

from pi_app.app.config import SpeechSettings
from pi_app.app.speech import Speaker

SETTINGS = SpeechSettings(enabled=True, voice="en-gb", volume=120, rate=170)


def test_a_count_is_spoken_with_the_configured_voice_volume_and_rate() -> None:
    calls: list[list[str]] = []
    speaker = Speaker(SETTINGS, program="/usr/bin/espeak-ng", runner=lambda argv: calls.append(
        list(argv)))
    speaker.say("Fifteen two and a pair is four")
    assert calls == [["/usr/bin/espeak-ng", "-v", "en-gb", "-a", "120", "-s", "170", "--",
                      "Fifteen two and a pair is four"]]


def test_text_stays_one_argument_whatever_it_holds() -> None:
    calls: list[list[str]] = []
    speaker = Speaker(SETTINGS, program="espeak-ng", runner=lambda argv: calls.append(list(argv)))
    speaker.say("-x $(reboot); go")
    assert calls[0][-2:] == ["--", "-x $(reboot); go"]


def test_without_espeak_ng_the_table_is_silent_but_remembers_what_it_would_say() -> None:
    calls: list[object] = []
    speaker = Speaker(SETTINGS, program=None, runner=calls.append)
    speaker.program = None
    speaker.say("go")
    assert not speaker.audible and calls == [] and speaker.said == ["go"]


def test_speech_switched_off_in_the_settings_is_silent() -> None:
    calls: list[object] = []
    off = SpeechSettings(enabled=False, voice="en", volume=100, rate=160)
    Speaker(off, program="espeak-ng", runner=calls.append).say("thirty-one for two")
    assert calls == []


@pytest.mark.skipif(shutil.which("espeak-ng") is None, reason="espeak-ng is not installed")
def test_espeak_ng_really_speaks_a_count_to_a_wave_file(tmp_path) -> None:
    wav = tmp_path / "count.wav"
    speaker = Speaker(SETTINGS)
    argv = speaker.command("thirty-one for two")
    subprocess.run([argv[0], "-w", str(wav), *argv[1:]], check=True, timeout=30)
    assert wav.stat().st_size > 1000
