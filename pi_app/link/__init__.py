"""The serial link to a microcontroller that drives the LED strip and reads the buttons.

`wire` (the protocol) and `device` (the firmware's logic) are shared with the board; the
rest is the host side: the pyserial driver (`driver`), `SerialStrip` (`strip`), the `sim://`
port (`protocol_sim`), Pico discovery (`discovery`) and fault injection (`faults`).

Importing this package teaches `serial.serial_for_url` the `sim://` scheme.
"""

import serial

if __name__ not in serial.protocol_handler_packages:
    serial.protocol_handler_packages.append(__name__)
