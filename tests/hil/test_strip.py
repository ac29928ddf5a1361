"""The LED strip: every LED lights alone in chain order, and the colour order is right."""

from __future__ import annotations

import pytest
from hil_rigs import StripRig

from pi_app.board.strip import RGB

DARK: RGB = (0, 0, 0)
CHASE: RGB = (0, 48, 0)


def one_lit(count: int, index: int, colour: RGB = CHASE) -> list[RGB]:
    pixels = [DARK] * count
    pixels[index] = colour
    return pixels


def test_every_led_lights_alone_in_chain_order(strip_rig: StripRig) -> None:
    count = strip_rig.led_count
    if strip_rig.tester is not None:
        strip_rig.tester.say(f"watch the strip: one green LED runs along all {count} LEDs")
    for index in range(count):
        frame = one_lit(count, index)
        strip_rig.show(frame)
        assert strip_rig.device_shows(frame) is not False, f"LED {index} was not shown alone"
    strip_rig.show([DARK] * count)
    assert strip_rig.device_shows([DARK] * count) is not False, "the strip did not go dark"
    assert strip_rig.confirm("Did every LED light once, in order, none dark or stuck on, "
                             "and is the strip dark now?")


@pytest.mark.parametrize(("name", "colour"), [("red", (64, 0, 0)), ("green", (0, 64, 0)),
                                              ("blue", (0, 0, 64))])
def test_the_whole_strip_shows_each_primary_in_its_own_colour(
        strip_rig: StripRig, name: str, colour: RGB) -> None:
    frame = [colour] * strip_rig.led_count
    strip_rig.show(frame)
    assert strip_rig.device_shows(frame) is not False
    assert strip_rig.confirm(f"Is every LED {name} (a wrong colour means the wrong "
                             "strip_type / pixel_order)?")
