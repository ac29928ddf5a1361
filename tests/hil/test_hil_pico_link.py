"""The serial link to the Pico: a round trip, and recovery from a pulled cable."""

from __future__ import annotations

from hil_rigs import PicoRig, frame_crc

from pi_app.link.selftest import pattern_frame


def test_a_ping_and_a_frame_make_the_round_trip(pico_rig: PicoRig) -> None:
    link = pico_rig.link
    assert link.wait_connected(5.0), f"no hello from the Pico: {link.last_error}"
    assert link.ping(b"crib", timeout=1.0) is not None, "no pong"
    frame = pattern_frame(7, link.led_count)
    link.show(frame)
    assert link.wait_shown(2.0), "the frame was not acknowledged"
    state = link.query_state(timeout=1.0)
    assert state is not None and state["frame_crc"] == frame_crc(frame)


def test_the_link_restores_the_frame_after_the_cable_is_pulled_and_replugged(
        pico_rig: PicoRig) -> None:
    link = pico_rig.link
    assert link.wait_connected(5.0), f"no hello from the Pico: {link.last_error}"
    frame = pattern_frame(24, link.led_count)  # the whole board lit
    link.show(frame)
    assert link.wait_shown(2.0)

    pico_rig.unplug()
    assert pico_rig.until(lambda: not link.connected, pico_rig.wait), "the unplug went unnoticed"
    pico_rig.replug()
    assert link.wait_connected(pico_rig.wait), f"no hello after replugging: {link.last_error}"

    def shows_the_frame_again() -> bool:  # the Pico rebooted dark; the link resends the frame
        state = link.query_state(timeout=0.5)
        return state is not None and state["frame_crc"] == frame_crc(frame)

    assert pico_rig.until(shows_the_frame_again, 5.0), "the board stayed dark after replugging"
    assert link.stats.disconnects >= 1 and link.stats.connects >= 2
