"""Find the microcontroller's data port among the serial ports.

CircuitPython shows two USB serial ports: the REPL console and, once boot.py enables it,
the data port the link uses. On Linux the data port's interface is named
"CircuitPython CDC2 control" and its /dev/serial/by-id name ends in "-if02".
"""

from __future__ import annotations

from pathlib import Path

from serial.tools import list_ports
from serial.tools.list_ports_common import ListPortInfo

RASPBERRY_PI_VID = 0x2E8A  # RP2040 boards under Raspberry Pi's own USB id
ADAFRUIT_VID = 0x239A  # CircuitPython's id on the Pico (PID 0x80F4) and on Adafruit boards
PICO_IDS = {(RASPBERRY_PI_VID, None), (ADAFRUIT_VID, 0x80F4), (ADAFRUIT_VID, 0x8120)}
BY_ID = Path("/dev/serial/by-id")


def is_pico(port: ListPortInfo) -> bool:
    if port.vid is None:
        return False
    return (port.vid, None) in PICO_IDS or (port.vid, port.pid) in PICO_IDS


def _data_port_rank(port: ListPortInfo) -> tuple[int, int, str]:
    """Lower is likelier the data port: named CDC2, then the later USB interface."""
    named = 0 if "CDC2" in (port.interface or "") else 1
    interface = (port.location or "").rpartition(".")[2]
    return named, -int(interface) if interface.isdigit() else 0, port.device


def pico_ports() -> list[str]:
    """Every Pico data port, likeliest first: by USB id, else by /dev/serial/by-id name."""
    found = sorted((p for p in list_ports.comports() if is_pico(p)), key=_data_port_rank)
    if found:
        return [port.device for port in found]
    if BY_ID.is_dir():
        names = sorted(BY_ID.iterdir(), key=lambda p: (not p.name.endswith("-if02"), p.name))
        return [str(p) for p in names if "Pico" in p.name or "CircuitPython" in p.name]
    return []


def find_pico() -> str | None:
    """The likeliest Pico data port, or None when none is plugged in."""
    ports = pico_ports()
    return ports[0] if ports else None
