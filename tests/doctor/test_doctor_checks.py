"""`crib doctor`: each check against a described machine, and the fix it prints."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from gpiozero.pins.mock import MockFactory, MockPin

from pi_app.app.config import Config, load_config
from pi_app.board.backends import StripError
from pi_app.board.backends.sim import SimStrip
from pi_app.doctor import Probe, run_checks
from pi_app.doctor.checks import (
    Context,
    buttons,
    camera,
    groups,
    pico,
    speech,
    storage,
    strip,
    strip_route,
)
from pi_app.link import protocol_sim
from pi_app.system.hardware import HostFacts

PI4 = HostFacts(model="Raspberry Pi 4 Model B Rev 1.4", generation=4, spi_devices=(),
                gpiochips=("/dev/gpiochip0",), boot_config="/boot/firmware/config.txt",
                analogue_audio_off=True, pico_ports=(), cameras=("imx708",))
PI5 = replace(PI4, model="Raspberry Pi 5 Model B Rev 1.0", generation=5,
              spi_devices=("/dev/spidev0.0",))
LAPTOP = HostFacts(model="", generation=None, spi_devices=(), gpiochips=(), boot_config=None,
                   analogue_audio_off=False, pico_ports=(), cameras=None)


def config(tmp_path: Path, **sections: dict[str, Any]) -> Config:
    sections.setdefault("storage", {"path": str(tmp_path / "games.sqlite")})
    return load_config(environ={}, system=tmp_path / "none", overrides=sections)


def probe(facts: HostFacts = PI4, **fakes: Any) -> Probe:
    fakes.setdefault("service_active", lambda: False)
    return Probe(facts=facts, user="crib", euid=1000,
                 groups=frozenset({"gpio", "video", "dialout", "spi", "audio"}), **fakes)


def check(fn: Any, cfg: Config, prb: Probe, running: bool = False) -> Any:
    return fn(Context(cfg, prb, running))


# ---- the strip ----------------------------------------------------------------------------------

def test_pwm_strip_on_a_pi_5_fails_and_points_to_spi_or_a_pico(tmp_path: Path) -> None:
    result = check(strip_route, config(tmp_path, board={"backend": "ws281x"}), probe(PI5))
    assert result.status == "fail"
    assert "Pi 5" in result.detail and "--strip spi" in result.fix


def test_pwm_strip_needs_root_then_analogue_audio_off(tmp_path: Path) -> None:
    cfg = config(tmp_path, board={"backend": "ws281x"})
    as_user = check(strip_route, cfg, probe(PI4))
    assert as_user.status == "fail" and "needs root" in as_user.detail
    audio_on = replace(probe(replace(PI4, analogue_audio_off=False)), euid=0)
    result = check(strip_route, cfg, audio_on)
    assert result.status == "fail"
    assert result.fix == "add dtparam=audio=off to /boot/firmware/config.txt and reboot"
    assert check(strip_route, cfg, replace(probe(PI4), euid=0)).status == "ok"


def spi_layout(tmp_path: Path) -> str:
    text = (Path(__file__).resolve().parents[2] / "hw" / "layout-144.toml").read_text()
    path = tmp_path / "layout.toml"
    path.write_text(text.replace("length = 477", "length = 477\noptions = { spi = true }"))
    return str(path)


def test_spi_strip_needs_spi_enabled_and_the_spi_group(tmp_path: Path) -> None:
    cfg = config(tmp_path, board={"backend": "neopixel", "layout": spi_layout(tmp_path)})
    off = check(strip_route, cfg, probe(replace(PI5, spi_devices=())))
    assert off.status == "fail" and off.fix.startswith("add dtparam=spi=on")
    denied = check(strip_route, cfg, probe(PI5, can_read_write=lambda path: False))
    assert denied.status == "fail" and denied.fix.startswith("sudo usermod -aG spi crib")
    assert check(strip_route, cfg, probe(PI5, can_read_write=lambda path: True)).status == "ok"


def test_the_strip_opens_every_chain_and_leaves_it_blank(tmp_path: Path) -> None:
    opened: list[SimStrip] = []

    def open_strip(kind: str, led_count: int, **options: Any) -> SimStrip:
        assert (kind, options) == ("ws281x", {})
        opened.append(SimStrip(led_count))
        return opened[-1]

    cfg = config(tmp_path, board={"backend": "ws281x"})
    result = check(strip, cfg, probe(open_strip=open_strip))
    assert result.status == "ok" and result.detail.startswith("477 LEDs open on ws281x")
    assert opened[0].closed and not any(any(p) for p in opened[0].frames[-1])


def test_a_strip_that_will_not_open_shows_the_backends_own_words(tmp_path: Path) -> None:
    def refuse(kind: str, led_count: int, **options: Any) -> SimStrip:
        raise StripError("rpi_ws281x could not start the strip on GPIO18")

    result = check(strip, config(tmp_path, board={"backend": "ws281x"}), probe(open_strip=refuse))
    assert result.status == "fail"
    assert "could not start the strip on GPIO18" in result.detail
    assert "crib board test" in result.fix


def test_hardware_held_by_the_running_service_is_not_touched(tmp_path: Path) -> None:
    def never(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("opened hardware the service holds")

    cfg = config(tmp_path, board={"backend": "ws281x"}, camera={"source": "picamera"})
    prb = probe(open_strip=never, open_camera=never, pin_factory=MockFactory())
    for fn in (strip, camera, buttons):
        result = check(fn, cfg, prb, running=True)
        assert result.status == "skip" and "systemctl stop crib" in result.detail


# ---- the Pico -----------------------------------------------------------------------------------

@pytest.fixture
def emulated_pico() -> Iterator[str]:
    yield "sim://doctor?leds=477"
    protocol_sim.forget("doctor")


def test_a_pico_answers_a_ping_and_drives_the_whole_layout(tmp_path: Path,
                                                           emulated_pico: str) -> None:
    cfg = config(tmp_path, board={"backend": "serial", "url": emulated_pico})
    result = check(pico, cfg, probe())
    assert result.status == "ok", result.detail
    assert "answers in" in result.detail and "drives 477 LEDs" in result.detail


def test_firmware_with_too_few_leds_says_what_to_set(tmp_path: Path) -> None:
    cfg = config(tmp_path, board={"backend": "serial", "url": "sim://short?leds=100"})
    try:
        result = check(pico, cfg, probe())
    finally:
        protocol_sim.forget("short")
    assert result.status == "fail"
    assert result.fix == "set CRIB_LED_COUNT = 477 in the Pico's settings.toml"


def test_a_silent_pico_is_reported_with_what_to_try(tmp_path: Path) -> None:
    class Silent:
        device_info = None
        last_error = "/dev/ttyACM1: no such device"
        closed = False

        def wait_connected(self, timeout: float) -> bool:
            return False

        def ping(self, payload: bytes = b"", timeout: float = 1.0) -> float | None:
            raise AssertionError("pinged a link that never connected")

        def close(self, blank: bool = True, timeout: float = 0.5) -> None:
            self.closed = True

    link = Silent()
    cfg = config(tmp_path, board={"backend": "serial", "url": "/dev/ttyACM1"})
    result = check(pico, cfg, probe(open_link=lambda url: link))
    assert result.status == "fail" and "no such device" in result.detail
    assert "crib firmware install" in result.fix and link.closed


def test_without_a_pico_or_a_serial_strip_the_pico_check_stands_aside(tmp_path: Path) -> None:
    assert check(pico, config(tmp_path), probe()).status == "skip"


# ---- the camera ---------------------------------------------------------------------------------

class FakeCamera:
    def __init__(self, frame: object) -> None:
        self.frame = frame
        self.closed = False

    def read(self) -> object:
        return self.frame

    def close(self) -> None:
        self.closed = True


def reads(*cards: str) -> Any:
    """A card reader that sees `cards`, whatever deck profile and threshold it is given."""
    return lambda frame, deck, threshold: list(cards)


def test_the_camera_opens_and_names_the_cards_it_sees(tmp_path: Path) -> None:
    cam = FakeCamera("frame")
    cfg = config(tmp_path, camera={"source": "picamera"})
    seen = probe(open_camera=lambda source: cam, read_cards=reads("AH", "5D"))
    result = check(camera, cfg, seen)
    assert (result.status, result.detail) == ("ok", "imx708 sees 2 card(s): AH 5D")
    assert cam.closed


def test_the_camera_check_reads_with_the_deck_learned_on_the_page(tmp_path: Path) -> None:
    cfg = config(tmp_path, camera={"source": "picamera"})
    learned = cfg.storage.parent / "deck.npz"
    learned.write_bytes(b"a profile")
    asked: list[object] = []

    def read(frame: object, deck: object, threshold: object) -> list[str]:
        asked.append(deck)
        return ["QS"]

    seen = probe(open_camera=lambda source: FakeCamera("frame"), read_cards=read)
    result = check(camera, cfg, seen)
    assert asked == [learned]
    assert result.detail == f"imx708 sees 1 card(s): QS (read with the deck learned in {learned})"


def test_a_deck_profile_that_will_not_load_fails_the_camera_check(tmp_path: Path) -> None:
    cfg = config(tmp_path, camera={"source": "picamera"})
    (cfg.storage.parent / "deck.npz").write_bytes(b"not a profile")
    seen = probe(open_camera=lambda source: FakeCamera("frame"))
    result = check(camera, cfg, seen)
    assert result.status == "fail" and "the deck profile will not load" in result.detail
    assert "Learn my deck" in result.fix


CORNERS = {0: (100.0, 80.0), 1: (1180.0, 80.0), 2: (1180.0, 640.0), 3: (100.0, 640.0)}


def test_with_markers_set_the_camera_check_says_they_mark_the_play_area(tmp_path: Path) -> None:
    cfg = config(tmp_path, camera={"source": "picamera", "markers": True})
    seen = probe(open_camera=lambda source: FakeCamera("frame"), read_cards=reads("AH"),
                 find_markers=lambda frame: dict(CORNERS))
    result = check(camera, cfg, seen)
    assert (result.status, result.detail) == (
        "ok", "imx708 sees 1 card(s): AH; the corner markers mark the play area")


@pytest.mark.parametrize(("found", "complaint"), [
    ({k: v for k, v in CORNERS.items() if k != 2}, "corner marker 2 (bottom right) not in sight"),
    ({0: CORNERS[1], 1: CORNERS[0], 2: CORNERS[2], 3: CORNERS[3]},
     "not in order round the play area"),
])
def test_markers_out_of_sight_or_in_the_wrong_corners_are_named(
        tmp_path: Path, found: dict, complaint: str) -> None:
    cfg = config(tmp_path, camera={"source": "picamera", "markers": True})
    seen = probe(open_camera=lambda source: FakeCamera("frame"), read_cards=reads("AH"),
                 find_markers=lambda frame: found)
    result = check(camera, cfg, seen)
    assert result.status == "warn" and complaint in result.detail
    assert "crib camera markers" in result.fix


def test_a_camera_that_sees_no_cards_asks_for_cards_height_and_focus(tmp_path: Path) -> None:
    cfg = config(tmp_path, camera={"source": "picamera"})
    result = check(camera, cfg, probe(open_camera=lambda source: FakeCamera("frame"),
                                      read_cards=reads()))
    assert result.status == "warn" and "focus" in result.fix


@pytest.mark.parametrize(("cameras", "complaint", "fix"), [
    ((), "libcamera sees no camera", "reseat the ribbon cable"),
    (None, "picamera2 is not installed", "sudo apt install python3-picamera2"),
])
def test_a_missing_camera_says_why(tmp_path: Path, cameras: tuple[str, ...] | None,
                                   complaint: str, fix: str) -> None:
    cfg = config(tmp_path, camera={"source": "picamera"})
    result = check(camera, cfg, probe(replace(PI4, cameras=cameras)))
    assert result.status == "fail" and result.detail == complaint and result.fix.startswith(fix)


# ---- buttons, speech, groups, storage -----------------------------------------------------------

def test_buttons_at_rest_read_released(tmp_path: Path) -> None:
    result = check(buttons, config(tmp_path), probe(pin_factory=MockFactory()))
    assert result.status == "ok" and result.detail.startswith("7 buttons read released")


class Grounded(MockPin):
    """A pin wired straight to ground: the pull-up cannot lift it."""

    def _set_pull(self, value: str) -> None:
        super()._set_pull(value)
        self.drive_low()


def test_a_button_shorted_to_ground_is_named_with_its_pin(tmp_path: Path) -> None:
    factory = MockFactory()
    factory.pin(6, pin_class=Grounded)  # UNDO's wire touches ground
    result = check(buttons, config(tmp_path), probe(pin_factory=factory))
    assert result.status == "fail" and result.detail == "reads pressed at rest: undo (GPIO6)"


def test_a_control_on_a_strip_pin_is_a_warning_naming_the_clash(tmp_path: Path) -> None:
    result = check(buttons, config(tmp_path, pins={"peg0": 10}), probe(pin_factory=MockFactory()))
    assert result.status == "warn" and "GPIO10" in result.detail


def test_speech_without_espeak_ng_says_to_install_it(tmp_path: Path) -> None:
    result = check(speech, config(tmp_path), probe(which=lambda name: None))
    assert (result.status, result.fix) == ("fail", "sudo apt install espeak-ng")


def test_speech_reports_the_espeak_ng_version(tmp_path: Path) -> None:
    def run(argv: Any) -> subprocess.CompletedProcess[str]:
        assert list(argv) == ["/usr/bin/espeak-ng", "--version"]
        return subprocess.CompletedProcess(argv, 0, "eSpeak NG text-to-speech: 1.51  Data at: x\n",
                                           "")

    result = check(speech, config(tmp_path), probe(which=lambda n: f"/usr/bin/{n}", run=run))
    assert (result.status, result.detail) == ("ok", "eSpeak NG text-to-speech: 1.51")


def test_missing_groups_are_named_with_the_usermod_that_adds_them(tmp_path: Path) -> None:
    cfg = config(tmp_path, board={"backend": "serial", "url": "auto"},
                 camera={"source": "picamera"})
    result = check(groups, cfg, replace(probe(), groups=frozenset({"gpio", "audio"})))
    assert result.status == "fail"
    assert result.detail == "crib is not in: video (the camera), dialout (the Pico)"
    assert result.fix.startswith("sudo usermod -aG video,dialout crib")


def test_a_game_store_that_cannot_be_written_is_reported(tmp_path: Path) -> None:
    result = check(storage, config(tmp_path), probe(can_read_write=lambda path: False))
    assert result.status == "fail" and result.fix == f"sudo chown -R crib {tmp_path}"


# ---- the whole report ---------------------------------------------------------------------------

def test_a_bad_config_is_named_and_the_checks_that_need_it_stand_aside(tmp_path: Path) -> None:
    bad = tmp_path / "config.toml"
    bad.write_text('[board]\nbackend = "lasers"\n')
    report = run_checks(probe(), bad, load=lambda path: load_config(
        path, environ={}, system=tmp_path / "none"))
    first = report.results[0]
    assert first.status == "fail" and "board.backend" in first.detail and str(bad) in first.detail
    assert all(r.status == "skip" for r in report.results[2:])
    assert not report.healthy
    text = report.text()
    assert "FAIL  config" in text and "1 problem to fix" in text


def test_a_healthy_table_reports_all_good_and_skips_what_it_was_told(tmp_path: Path) -> None:
    report = run_checks(probe(LAPTOP), load=lambda path: config(tmp_path),
                        skip_checks=["strip-route"])
    assert report.healthy
    assert [r.check for r in report.results][:4] == ["config", "service", "host", "strip route"]
    assert report.results[3].detail == "skipped (--skip)"
    assert report.text().endswith("all good: deal the cards\n")
    assert json.loads(json.dumps(report.to_json()))["healthy"] is True


def test_crib_doctor_json_is_clean_on_stdout(tmp_path: Path) -> None:
    (tmp_path / "c.toml").write_text(f'[storage]\npath = "{tmp_path / "g.sqlite"}"\n')
    done = subprocess.run([sys.executable, "-m", "pi_app.cli", "doctor", "--json", "--config",
                           str(tmp_path / "c.toml"), "--skip", "speech"],
                          capture_output=True, text=True, timeout=60)
    report = json.loads(done.stdout)
    assert done.returncode == (0 if report["healthy"] else 1)
    assert {c["check"] for c in report["checks"]} >= {"config", "strip", "camera", "pico"}


def test_crib_doctor_refuses_an_unknown_check_by_name() -> None:
    done = subprocess.run([sys.executable, "-m", "pi_app.cli", "doctor", "--skip", "lasers"],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and "--skip lasers: no such check" in done.stderr
