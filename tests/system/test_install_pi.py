"""scripts/install-pi.sh, run into a folder that stands for a fresh Pi's root (CRIB_ROOT).

Outside a real Pi the script skips apt, users and systemd, and still does everything that
decides what the table will run: the strip route, the layout and config it writes, the unit.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from pi_app.app.config import Config, load_config

REPO = Path(__file__).resolve().parents[2]
SCRIPT = REPO / "scripts" / "install-pi.sh"
PI4 = "Raspberry Pi 4 Model B Rev 1.4"
PI5 = "Raspberry Pi 5 Model B Rev 1.0"


def fake_pi(root: Path, model: str, boot_lines: str = "dtparam=audio=on\n") -> Path:
    (root / "proc" / "device-tree").mkdir(parents=True)
    (root / "proc" / "device-tree" / "model").write_text(model + "\0")
    (root / "boot" / "firmware").mkdir(parents=True)
    (root / "boot" / "firmware" / "config.txt").write_text(boot_lines)
    return root


def install(root: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {"PATH": "/usr/bin:/bin", "CRIB_ROOT": str(root), "CRIB_PYTHON": sys.executable}
    return subprocess.run(["bash", str(SCRIPT), *args], env=env, capture_output=True,
                          text=True, timeout=60)


def installed_config(root: Path) -> Config:
    """The written config, loaded and validated by the app itself (paths moved under root)."""
    env = {"CRIB_BOARD_LAYOUT": str(root / "etc/crib/layout.toml"),
           "CRIB_STORAGE_PATH": str(root / "var/lib/crib/games.sqlite")}
    return load_config(root / "etc/crib/config.toml", environ=env, system=root / "none")


def unit(root: Path) -> str:
    return (root / "etc/systemd/system/crib.service").read_text()


def test_the_script_parses() -> None:
    assert subprocess.run(["bash", "-n", str(SCRIPT)]).returncode == 0


def test_a_pi_4_gets_the_pwm_strip_as_root_with_analogue_audio_off(tmp_path: Path) -> None:
    root = fake_pi(tmp_path, PI4)
    result = install(root)
    assert result.returncode == 0, result.stderr
    assert "LED strip driven by: pwm" in result.stdout
    config = installed_config(root)
    assert config.board.backend == "ws281x"
    assert config.board.layout.chains[0].options == {}
    assert config.web.pairing is True
    assert (root / "boot/firmware/config.txt").read_text() == "dtparam=audio=off\n"
    assert "User=root" in unit(root)  # PWM DMA needs /dev/mem
    assert "reboot" in result.stdout


def test_a_pi_5_gets_the_spi_strip_as_the_crib_user(tmp_path: Path) -> None:
    root = fake_pi(tmp_path, PI5)
    result = install(root)
    assert result.returncode == 0, result.stderr
    config = installed_config(root)
    assert config.board.backend == "neopixel"
    assert all(chain.options == {"spi": True} for chain in config.board.layout.chains)
    assert "dtparam=spi=on" in (root / "boot/firmware/config.txt").read_text().splitlines()
    assert "User=crib" in unit(root)


def test_a_pi_5_refuses_the_pwm_strip_and_says_what_to_use(tmp_path: Path) -> None:
    root = fake_pi(tmp_path, PI5)
    result = install(root, "--strip", "pwm")
    assert result.returncode == 2
    assert "--strip spi or --strip pico" in result.stderr
    assert not (root / "etc").exists()


def test_the_pico_route_drives_the_strip_over_serial(tmp_path: Path) -> None:
    root = fake_pi(tmp_path, PI4)
    result = install(root, "--strip", "pico")
    assert result.returncode == 0, result.stderr
    config = installed_config(root)
    assert (config.board.backend, config.board.url) == ("serial", "auto")
    assert (root / "boot/firmware/config.txt").read_text() == "dtparam=audio=on\n"


def test_the_unit_is_type_notify_with_a_watchdog_and_restarts_on_failure(tmp_path: Path) -> None:
    root = fake_pi(tmp_path, PI4)
    assert install(root).returncode == 0
    text = unit(root)
    service = dict(line.split("=", 1) for line in text.splitlines()
                   if "=" in line and not line.startswith("#"))
    assert service["Type"] == "notify"
    assert service["Restart"] == "on-failure"
    assert int(service["WatchdogSec"]) > 0
    assert service["KillSignal"] == "SIGTERM"
    assert service["ExecStart"] == ("/opt/crib/venv/bin/crib start --no-browser "
                                    "--config /etc/crib/config.toml")
    assert "@" not in text


@pytest.mark.skipif(shutil.which("systemd-analyze") is None, reason="needs systemd-analyze")
def test_systemd_accepts_the_unit(tmp_path: Path) -> None:
    root = fake_pi(tmp_path, PI4)
    assert install(root).returncode == 0
    checked = tmp_path / "crib.service"  # the venv is not there: stand in a command that is
    checked.write_text(unit(root).replace("/opt/crib/venv/bin/crib", "/bin/true")
                       .replace("WorkingDirectory=/var/lib/crib", f"WorkingDirectory={tmp_path}"))
    result = subprocess.run(["systemd-analyze", "verify", str(checked)],
                            capture_output=True, text=True, timeout=30)
    assert result.returncode == 0 and result.stderr == "", result.stderr


def test_a_second_run_changes_nothing_and_keeps_the_owners_config(tmp_path: Path) -> None:
    root = fake_pi(tmp_path, PI5)
    assert install(root).returncode == 0
    config = root / "etc/crib/config.toml"
    config.write_text(config.read_text().replace('mode = "manual"', 'mode = "scoreboard"'))
    before = {p: p.read_bytes() for p in root.rglob("*") if p.is_file()}
    again = install(root)
    assert again.returncode == 0, again.stderr
    assert {p: p.read_bytes() for p in root.rglob("*") if p.is_file()} == before
    assert "wrote" not in again.stdout and "set dtparam" not in again.stdout
    assert "kept: /etc/crib/config.toml" in again.stdout
    assert installed_config(root).game.mode == "scoreboard"


def test_dry_run_lists_what_it_would_write_and_writes_nothing(tmp_path: Path) -> None:
    root = fake_pi(tmp_path, PI4)
    before = {p: p.read_bytes() for p in root.rglob("*") if p.is_file()}
    result = install(root, "--dry-run")
    assert result.returncode == 0, result.stderr
    for path in ("/etc/crib/config.toml", "/etc/crib/layout.toml",
                 "/etc/systemd/system/crib.service"):
        assert f"would write: {path}" in result.stdout
    assert "would set dtparam=audio=off" in result.stdout
    assert {p: p.read_bytes() for p in root.rglob("*") if p.is_file()} == before


def test_a_chosen_layout_is_the_one_installed(tmp_path: Path) -> None:
    root = fake_pi(tmp_path, PI4)
    layout = REPO / "hw" / "layout-144-2track.toml"
    assert install(root, "--layout", str(layout)).returncode == 0
    assert (root / "etc/crib/layout.toml").read_bytes() == layout.read_bytes()
    assert len(installed_config(root).board.layout.tracks) == 2


@pytest.mark.parametrize(("args", "complaint"), [
    (["--strip", "usb"], "--strip must be pwm, spi or pico, not usb"),
    (["--layout", "/no/such.toml"], "--layout /no/such.toml: no such file"),
    (["--colour"], "unknown option --colour"),
])
def test_bad_options_are_refused_by_name(tmp_path: Path, args: list[str], complaint: str) -> None:
    result = install(fake_pi(tmp_path, PI4), *args)
    assert result.returncode == 2
    assert complaint in result.stderr


def test_the_config_template_names_only_settings_the_app_knows(tmp_path: Path) -> None:
    text = (REPO / "deploy" / "config.toml.in").read_text()
    filled = text.replace("@BACKEND@", "sim").replace("@URL@", "").replace("@CAMERA@", "none")
    filled = filled.replace("@LAYOUT@", "").replace("@STATE@", str(tmp_path))
    filled = filled.replace("@STRIP@", "spi")
    assert "@" not in filled
    (tmp_path / "config.toml").write_text(filled)
    config = load_config(tmp_path / "config.toml", environ={}, system=tmp_path / "none")
    assert config.storage == tmp_path / "games.sqlite"
