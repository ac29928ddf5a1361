"""Cribbage Companion board firmware: drive the LED strip and read the controls for the host.

Open the hardware named in settings.toml, then hand it to crib_link.device, which does the
rest (see docs/serial-protocol.md). Everything the board does lives in that shared module,
so it is tested on a laptop exactly as it runs here.
"""

import os

import board
import digitalio
import neopixel
import supervisor
import usb_cdc
from crib_link import device

try:
    import rotaryio
except ImportError:  # a board without the module simply has no encoder
    rotaryio = None


def setting(name, default):
    """A value from settings.toml (CircuitPython's os.getenv), or `default`."""
    value = os.getenv(name)
    return default if value is None else value


def pin(name):
    try:
        return getattr(board, name)
    except AttributeError:
        raise ValueError(f"settings.toml names pin {name}, which this board lacks") from None


def button(name, pin_name):
    io = digitalio.DigitalInOut(pin(pin_name))
    io.direction = digitalio.Direction.INPUT
    io.pull = digitalio.Pull.UP
    return device.Button(name, io, long_ms=int(setting("CRIB_LONG_PRESS_MS", 600)))


def controls():
    """The buttons ("go:GP2,undo:GP3") and the encoder ("GP6,GP7") that settings.toml lists."""
    found = []
    for entry in str(setting("CRIB_BUTTONS", "")).split(","):
        if entry.strip():
            name, pin_name = entry.strip().split(":")
            found.append(button(name.strip(), pin_name.strip()))
    encoder_pins = str(setting("CRIB_ENCODER", ""))
    if encoder_pins and rotaryio is not None:
        a, b = encoder_pins.split(",")
        counter = rotaryio.IncrementalEncoder(pin(a.strip()), pin(b.strip()))
        found.append(device.Encoder("encoder", counter))
    return tuple(found)


def main():
    port = usb_cdc.data
    if port is None:
        raise RuntimeError("the usb_cdc data port is off: copy boot.py to the board and reset")
    port.timeout = 0
    port.write_timeout = 0.05
    led_count = int(setting("CRIB_LED_COUNT", 363))
    pixels = neopixel.NeoPixel(
        pin(setting("CRIB_LED_PIN", "GP0")), led_count, brightness=1.0, auto_write=False,
        pixel_order=getattr(neopixel, str(setting("CRIB_PIXEL_ORDER", "GRB"))))
    pixels.fill((0, 0, 0))
    pixels.show()
    boot_id = int.from_bytes(os.urandom(2), "big")
    firmware = device.Device(
        port, pixels, led_count, supervisor.ticks_ms, controls=controls(),
        max_milliamps=int(setting("CRIB_MAX_MILLIAMPS", 2000)),
        max_brightness=int(setting("CRIB_MAX_BRIGHTNESS_PERCENT", 60)) / 100,
        idle_ms=int(setting("CRIB_IDLE_MS", 3000)), boot_id=boot_id)
    while True:
        firmware.poll()


main()
