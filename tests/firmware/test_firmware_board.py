"""The board's own files: boot.py and code.py run on CPython against fakes of CircuitPython's
board, digitalio, neopixel, rotaryio, supervisor and usb_cdc, from a drive laid out by
`crib firmware install`; and the shared modules stay inside CircuitPython's Python."""

from __future__ import annotations

import ast
import json
import runpy
import sys
import types
from collections.abc import Iterator
from pathlib import Path

import pytest

from pi_app.cli import main
from pi_app.link import install, wire
from pi_app.link.protocol_sim import Counter, EmulatedStrip, Pin

FIRMWARE = Path(__file__).resolve().parents[2] / "firmware"
SHARED = [Path(wire.__file__), Path(wire.__file__).with_name("device.py")]


class PowerOff(Exception):
    """Raised by the fake clock to end code.py's endless loop."""


class FakeDataPort:
    def __init__(self, incoming: bytes) -> None:
        self.rx = bytearray(incoming)
        self.out = bytearray()
        self.connected = True
        self.timeout = None
        self.write_timeout = None

    @property
    def in_waiting(self) -> int:
        return min(len(self.rx), 64)  # USB delivers in packets

    def read(self, size: int) -> bytes:
        data = bytes(self.rx[:size])
        del self.rx[:size]
        return data

    def write(self, data: bytes) -> None:
        self.out.extend(data)


class Hardware:
    """The fake CircuitPython modules, with handles on what code.py made of them."""

    def __init__(self, incoming: bytes, polls: int) -> None:
        self.port = FakeDataPort(incoming)
        self.strips: list[EmulatedStrip] = []
        self.pins: dict[str, Pin] = {}
        self.encoders: list[Counter] = []
        self.enabled: dict[str, bool] = {}
        self.ms = (1 << 29) - 200  # cross the ticks_ms wrap during the run
        self.polls_left = polls
        self.press_at: dict[int, str] = {}

    def modules(self) -> dict[str, types.ModuleType]:
        hw = self

        board = types.ModuleType("board")
        for number in range(29):
            setattr(board, f"GP{number}", f"GP{number}")

        digitalio = types.ModuleType("digitalio")

        class DigitalInOut:
            def __init__(self, pin: str) -> None:
                hw.pins[pin] = self.pin = Pin()
                self.direction = self.pull = None

            @property
            def value(self) -> bool:
                return self.pin.value

        digitalio.DigitalInOut = DigitalInOut  # type: ignore[attr-defined]
        digitalio.Direction = types.SimpleNamespace(INPUT="in", OUTPUT="out")  # type: ignore[attr-defined]
        digitalio.Pull = types.SimpleNamespace(UP="up", DOWN="down")  # type: ignore[attr-defined]

        neopixel = types.ModuleType("neopixel")
        neopixel.GRB = "GRB"  # type: ignore[attr-defined]

        def make_strip(pin: str, count: int, **options: object) -> EmulatedStrip:
            assert options["auto_write"] is False
            strip = EmulatedStrip(count)
            hw.strips.append(strip)
            return strip

        neopixel.NeoPixel = make_strip  # type: ignore[attr-defined]

        rotaryio = types.ModuleType("rotaryio")

        def make_encoder(a: str, b: str) -> Counter:
            counter = Counter()
            hw.encoders.append(counter)
            return counter

        rotaryio.IncrementalEncoder = make_encoder  # type: ignore[attr-defined]

        supervisor = types.ModuleType("supervisor")

        def ticks_ms() -> int:
            hw.polls_left -= 1
            if hw.polls_left < 0:
                raise PowerOff
            hw.ms = (hw.ms + 5) % (1 << 29)
            for pin_name, pin in hw.pins.items():
                pin.value = hw.press_at.get(hw.polls_left) != pin_name
            return hw.ms

        supervisor.ticks_ms = ticks_ms  # type: ignore[attr-defined]

        usb_cdc = types.ModuleType("usb_cdc")
        usb_cdc.data = self.port  # type: ignore[attr-defined]
        usb_cdc.enable = lambda **kw: hw.enabled.update(kw)  # type: ignore[attr-defined]
        return {"board": board, "digitalio": digitalio, "neopixel": neopixel,
                "rotaryio": rotaryio, "supervisor": supervisor, "usb_cdc": usb_cdc}


@pytest.fixture
def drive(tmp_path: Path) -> Path:
    root = tmp_path / "CIRCUITPY"
    root.mkdir()
    (root / "boot_out.txt").write_text("Adafruit CircuitPython 9.2.1 on Raspberry Pi Pico\n")
    return root


@pytest.fixture
def board_env(monkeypatch: pytest.MonkeyPatch, drive: Path) -> Iterator[Path]:
    """An installed drive, its lib/ on the path and its settings in os.getenv."""
    install.install(drive)
    monkeypatch.syspath_prepend(str(drive / "lib"))
    for name, value in {"CRIB_LED_COUNT": "4", "CRIB_BUTTONS": "go:GP2,undo:GP3",
                        "CRIB_ENCODER": "GP6,GP7", "CRIB_MAX_MILLIAMPS": "0",
                        "CRIB_MAX_BRIGHTNESS_PERCENT": "100"}.items():
        monkeypatch.setenv(name, value)
    yield drive
    for name in [m for m in sys.modules if m == "crib_link" or m.startswith("crib_link.")]:
        del sys.modules[name]


def run_board(drive: Path, hw: Hardware, monkeypatch: pytest.MonkeyPatch) -> None:
    for name, module in hw.modules().items():
        monkeypatch.setitem(sys.modules, name, module)
    with pytest.raises(PowerOff):
        runpy.run_path(str(drive / "code.py"), run_name="__main__")


def test_boot_py_enables_the_data_port_and_keeps_the_console(
        monkeypatch: pytest.MonkeyPatch) -> None:
    hw = Hardware(b"", 0)
    monkeypatch.setitem(sys.modules, "usb_cdc", hw.modules()["usb_cdc"])
    runpy.run_path(str(FIRMWARE / "boot.py"))
    assert hw.enabled == {"console": True, "data": True}


def test_installed_firmware_shows_frames_and_answers_from_the_board(
        board_env: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    frame = bytes((255, 0, 0, 0, 255, 0, 0, 0, 255, 9, 9, 9))
    incoming = (wire.encode(wire.HELLO, 1, b"\x01") + wire.encode(wire.FULL, 2, frame)
                + wire.encode(wire.PING, 3, b"hi"))
    hw = Hardware(incoming, polls=50)
    run_board(board_env, hw, monkeypatch)
    (strip,) = hw.strips
    assert strip.shown == [(255, 0, 0), (0, 255, 0), (0, 0, 255), (9, 9, 9)]
    replies = wire.Decoder().feed(bytes(hw.port.out))
    kinds = [(m.kind, m.seq) for m in replies]
    assert kinds[:4] == [(wire.HELLO, 0), (wire.HELLO, 1), (wire.ACK, 2), (wire.PONG, 3)]
    assert wire.parse_hello(replies[0].body)["led_count"] == 4
    assert hw.port.timeout == 0


def test_installed_firmware_reports_buttons_and_the_encoder(
        board_env: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    hw = Hardware(b"", polls=60)
    hw.press_at = {p: "GP3" for p in range(40, 50)}  # undo held for 10 polls of 5 ms
    run_board(board_env, hw, monkeypatch)
    assert set(hw.pins) == {"GP2", "GP3"} and len(hw.encoders) == 1
    sent = {m.seq: wire.parse_event(m.body)[1:3]
            for m in wire.Decoder().feed(bytes(hw.port.out)) if m.kind == wire.EVENT}
    assert list(sent.values()) == [("press", "undo")]  # sent again and again: no host acks


def test_install_lays_out_the_board_with_the_shared_modules(drive: Path) -> None:
    written = install.install(drive)
    assert (drive / "code.py").read_text() == (FIRMWARE / "code.py").read_text()
    assert (drive / "boot.py").read_text() == (FIRMWARE / "boot.py").read_text()
    for module in SHARED:
        assert (drive / "lib" / "crib_link" / module.name).read_bytes() == module.read_bytes()
    assert (drive / "settings.toml").exists()
    assert written[-1] == drive / "code.py"  # last: the board restarts when it changes


def test_install_keeps_the_builders_own_settings(drive: Path) -> None:
    (drive / "settings.toml").write_text('CRIB_LED_COUNT = 242\n')
    install.install(drive)
    assert (drive / "settings.toml").read_text() == 'CRIB_LED_COUNT = 242\n'


def test_install_refuses_a_drive_that_is_not_circuitpython(tmp_path: Path) -> None:
    with pytest.raises(install.InstallError, match=r"no boot_out\.txt"):
        install.install(tmp_path)
    assert list(tmp_path.iterdir()) == []


def test_crib_firmware_install_reports_files_and_missing_libraries(
        drive: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["firmware", "install", "--drive", str(drive), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["missing_libraries"] == ["neopixel"]
    assert str(drive / "lib" / "crib_link" / "wire.py") in report["files"]


def test_crib_firmware_install_dry_run_changes_nothing(
        drive: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["firmware", "install", "--drive", str(drive), "--dry-run"]) == 0
    assert "would copy" in capsys.readouterr().out
    assert sorted(p.name for p in drive.iterdir()) == ["boot_out.txt"]


def test_crib_firmware_install_names_a_bad_drive(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["firmware", "install", "--drive", str(tmp_path / "nope")]) == 1
    assert "not a CircuitPython drive" in capsys.readouterr().err


FORBIDDEN_IMPORTS = {"dataclasses", "enum", "typing", "abc", "functools", "collections"}


@pytest.mark.parametrize("path", [*SHARED, FIRMWARE / "code.py", FIRMWARE / "boot.py"],
                         ids=lambda p: p.name)
def test_board_code_keeps_to_what_circuitpython_runs(path: Path) -> None:
    tree = ast.parse(path.read_text())
    for node in ast.walk(tree):
        assert not isinstance(node, ast.AnnAssign), f"{path.name}:{node.lineno} variable annotation"
        if isinstance(node, ast.FormattedValue):
            assert node.conversion == -1, f"{path.name}:{node.lineno} f-string conversion"
        if isinstance(node, ast.ImportFrom) and node.module == "__future__":
            pytest.fail(f"{path.name}: from __future__")
        if isinstance(node, ast.ImportFrom | ast.Import):
            names = [node.module or ""] if isinstance(node, ast.ImportFrom) else [
                a.name for a in node.names]
            for name in names:
                assert name.split(".")[0] not in FORBIDDEN_IMPORTS or _guarded(tree, node), (
                    f"{path.name}:{node.lineno} imports {name} unguarded")


def _guarded(tree: ast.Module, node: ast.AST) -> bool:
    """Whether `node` sits in a try whose ImportError handler keeps the module working."""
    return any(isinstance(t, ast.Try) and node in t.body
               and any(getattr(h.type, "id", "") == "ImportError" for h in t.handlers)
               for t in ast.walk(tree))
