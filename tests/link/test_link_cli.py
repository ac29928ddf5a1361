"""`crib link test` and `crib link ports`, and how the Pico's data port is found."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from serial.tools.list_ports_common import ListPortInfo

from pi_app.cli import main
from pi_app.link import discovery


def run_json(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, dict[str, object]]:
    code = main(args)
    captured = capsys.readouterr()
    return code, json.loads(captured.out)


def test_link_test_against_the_emulated_board_reports_every_frame_applied(
        capsys: pytest.CaptureFixture[str]) -> None:
    code, report = run_json(["link", "test", "--port", "sim://?leds=40", "--frames", "30",
                             "--json"], capsys)
    assert code == 0
    assert set(report) == {"frames_sent", "frames_applied", "frames_rejected", "latency_ms",
                           "final_frame_ok"}
    assert report["frames_sent"] == report["frames_applied"] == 30
    assert report["frames_rejected"] == 0
    latency = report["latency_ms"]
    assert isinstance(latency, dict) and set(latency) == {"p50", "p99"}
    assert 0 < latency["p50"] <= latency["p99"]
    assert report["final_frame_ok"] is True


def test_link_test_with_corruption_counts_rejections_and_still_ends_on_the_last_frame(
        capsys: pytest.CaptureFixture[str]) -> None:
    code, report = run_json(["link", "test", "--port", "sim://?leds=40", "--frames", "40",
                             "--corrupt", "0.01", "--seed", "3", "--json"], capsys)
    assert code == 0
    assert report["frames_applied"] >= 40  # every frame, some more than once after a lost ack
    assert report["frames_sent"] == report["frames_applied"] + report["frames_rejected"]
    assert report["frames_rejected"] > 0
    assert report["final_frame_ok"] is True


def test_link_test_names_a_port_that_does_not_open(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["link", "test", "--port", "/dev/no-such-pico", "--frames", "1"]) == 1
    assert "/dev/no-such-pico" in capsys.readouterr().err


@pytest.mark.parametrize(("args", "message"), [
    (["--corrupt", "1.5"], "corrupt must be a fraction"),
    (["--frames", "0"], "frames must be at least 1"),
    (["--leds", "0"], "--leds must be at least 1"),
])
def test_link_test_refuses_bad_options_clearly(args: list[str], message: str,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["link", "test", "--port", "sim://?leds=4", *args]) == 2
    assert message in capsys.readouterr().err


def port(device: str, vid: int | None, pid: int | None, interface: str | None,
         location: str) -> ListPortInfo:
    info = ListPortInfo(device)
    info.vid, info.pid, info.interface, info.location = vid, pid, interface, location
    return info


def test_the_circuitpython_data_port_is_chosen_over_the_console(
        monkeypatch: pytest.MonkeyPatch) -> None:
    ports = [
        port("/dev/ttyUSB0", 0x0403, 0x6001, None, "1-1:1.0"),
        port("/dev/ttyACM0", 0x239A, 0x80F4, "CircuitPython CDC control", "1-2:1.0"),
        port("/dev/ttyACM1", 0x239A, 0x80F4, "CircuitPython CDC2 control", "1-2:1.2"),
    ]
    monkeypatch.setattr(discovery.list_ports, "comports", lambda: ports)
    assert discovery.find_pico() == "/dev/ttyACM1"
    assert discovery.pico_ports() == ["/dev/ttyACM1", "/dev/ttyACM0"]


def test_a_raspberry_pi_usb_id_counts_as_a_pico_and_the_later_interface_wins(
        monkeypatch: pytest.MonkeyPatch) -> None:
    ports = [port("/dev/ttyACM3", 0x2E8A, 0x000A, None, "1-3:1.0"),
             port("/dev/ttyACM4", 0x2E8A, 0x000A, None, "1-3:1.2")]
    monkeypatch.setattr(discovery.list_ports, "comports", lambda: ports)
    assert discovery.find_pico() == "/dev/ttyACM4"


def test_without_usb_ids_the_by_id_if02_name_is_used(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    for name in ("usb-Raspberry_Pi_Pico_E66-if00", "usb-Raspberry_Pi_Pico_E66-if02",
                 "usb-FTDI_cable-if00-port0"):
        (tmp_path / name).touch()
    monkeypatch.setattr(discovery.list_ports, "comports", lambda: [])
    monkeypatch.setattr(discovery, "BY_ID", tmp_path)
    assert discovery.find_pico() == str(tmp_path / "usb-Raspberry_Pi_Pico_E66-if02")


def test_link_ports_says_when_no_pico_is_plugged_in(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(discovery.list_ports, "comports", lambda: [])
    monkeypatch.setattr(discovery, "BY_ID", tmp_path / "absent")
    assert main(["link", "ports", "--json"]) == 1
    assert json.loads(capsys.readouterr().out) == {"ports": []}
