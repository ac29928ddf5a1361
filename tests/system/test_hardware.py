"""Host detection: which Pi, SPI, the camera, a Pico, and so how the strip should be driven."""

from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace

import pytest

from pi_app.system.hardware import (
    camera_source,
    detect,
    list_cameras,
    main,
    pi_generation,
    recommended_strip,
)


def host(root: Path, model: str | None, boot: str = "", devices: tuple[str, ...] = ()) -> Path:
    if model is not None:
        (root / "proc/device-tree").mkdir(parents=True)
        (root / "proc/device-tree/model").write_text(model + "\0")
    (root / "boot/firmware").mkdir(parents=True)
    (root / "boot/firmware/config.txt").write_text(boot)
    (root / "dev").mkdir()
    for name in devices:
        (root / "dev" / name).touch()
    return root


def no_picos() -> list[str]:
    return []


def no_cameras() -> list[str]:
    return []


def test_the_generation_is_read_from_the_device_tree_model() -> None:
    assert pi_generation("Raspberry Pi 4 Model B Rev 1.4") == 4
    assert pi_generation("Raspberry Pi 5 Model B Rev 1.0") == 5
    assert pi_generation("Raspberry Pi Compute Module 4 Rev 1.0") == 4
    assert pi_generation("Raspberry Pi 400 Rev 1.0") == 4
    assert pi_generation("Raspberry Pi 500 Rev 1.0") == 5
    assert pi_generation("Generic x86 laptop") is None


def test_a_pi_4_drives_the_strip_by_pwm(tmp_path: Path) -> None:
    facts = detect(host(tmp_path, "Raspberry Pi 4 Model B Rev 1.4", "dtparam=audio=on\n",
                        ("gpiochip0",)), find_picos=no_picos, cameras=no_cameras)
    assert facts.on_pi and facts.generation == 4
    assert not facts.analogue_audio_off
    assert facts.gpiochips == (str(tmp_path / "dev/gpiochip0"),)
    assert recommended_strip(facts) == "pwm"


def test_a_pi_5_drives_the_strip_by_spi_because_rpi_ws281x_has_no_pwm_there(
        tmp_path: Path) -> None:
    facts = detect(host(tmp_path, "Raspberry Pi 5 Model B Rev 1.0", "dtparam=spi=on\n",
                        ("spidev0.0", "spidev0.1")), find_picos=no_picos, cameras=no_cameras)
    assert facts.generation == 5
    assert len(facts.spi_devices) == 2
    assert recommended_strip(facts) == "spi"


def test_a_pico_on_usb_wins_on_any_pi(tmp_path: Path) -> None:
    facts = detect(host(tmp_path, "Raspberry Pi 4 Model B Rev 1.4"),
                   find_picos=lambda: ["/dev/ttyACM1"], cameras=no_cameras)
    assert recommended_strip(facts) == "pico"


def test_off_a_pi_there_is_no_model_and_spi_is_suggested(tmp_path: Path) -> None:
    facts = detect(host(tmp_path, None), find_picos=no_picos, cameras=no_cameras)
    assert (facts.model, facts.on_pi, facts.generation) == ("", False, None)
    assert recommended_strip(facts) == "spi"


def test_the_last_audio_setting_in_config_txt_counts(tmp_path: Path) -> None:
    boot = "dtparam=audio=on\n# later\ndtparam=audio=off\n"
    facts = detect(host(tmp_path, "Raspberry Pi 4 Model B", boot), find_picos=no_picos,
                   cameras=no_cameras)
    assert facts.analogue_audio_off


def test_cameras_come_from_libcamera_through_picamera2() -> None:
    fake = SimpleNamespace(Picamera2=SimpleNamespace(
        global_camera_info=lambda: [{"Model": "imx708", "Num": 0}]))
    assert list_cameras(fake) == ["imx708"]


def test_the_camera_source_is_picamera_only_when_one_is_seen(tmp_path: Path) -> None:
    root = host(tmp_path, "Raspberry Pi 5 Model B Rev 1.0")
    seen = detect(root, find_picos=no_picos, cameras=lambda: ["imx708"])
    unknown = detect(root, find_picos=no_picos, cameras=lambda: None)
    assert camera_source(seen) == "picamera"
    assert unknown.cameras is None and camera_source(unknown) == "none"
    assert seen.to_json()["recommended_strip"] == "spi"


def test_the_installer_gets_plain_one_line_answers(tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    root = host(tmp_path, "Raspberry Pi 5 Model B Rev 1.0")
    for question, answer in (("model", "Raspberry Pi 5 Model B Rev 1.0"), ("generation", "5"),
                             ("camera", "none")):
        assert main(["--root", str(root), "--get", question]) == 0
        assert capsys.readouterr().out == answer + "\n"
    assert main(["--root", str(root)]) == 0
    facts = json.loads(capsys.readouterr().out)
    assert facts["on_pi"] is True and facts["generation"] == 5
