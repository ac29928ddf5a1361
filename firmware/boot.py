"""Runs once at power-up, before USB starts: add the data serial port the host talks to.

The console (REPL) stays on the first port; the link uses the second (usb_cdc.data).
"""

import usb_cdc

usb_cdc.enable(console=True, data=True)
