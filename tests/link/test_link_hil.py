"""On real hardware (`pytest --hil`): a Pico running firmware/ on USB answers and shows frames."""

from __future__ import annotations

import pytest

from pi_app.link import wire
from pi_app.link.discovery import find_pico
from pi_app.link.driver import PicoLink
from pi_app.link.selftest import pattern_frame


@pytest.mark.hil
def test_a_plugged_in_pico_shows_every_test_frame_it_is_sent() -> None:
    port = find_pico()
    assert port is not None, "no Pico data port found: flash CircuitPython, crib firmware install"
    link = PicoLink(port, None)
    try:
        assert link.wait_connected(5), link.last_error
        count = link.led_count
        assert count is not None
        for index in range(50):
            link.show(pattern_frame(index, count))
            assert link.wait_shown(2), f"frame {index} not acknowledged: {link.last_error}"
        state = link.query_state()
        last = b"".join(bytes(c) for c in pattern_frame(49, count))
        assert state is not None and state["frame_crc"] == wire.crc16(last)
        assert link.ping(b"hil") is not None
    finally:
        link.close()
