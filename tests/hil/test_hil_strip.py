"""The LED strip: every LED lights alone in chain order, and the colour order is right."""

from __future__ import annotations

import pytest
from hil_rigs import BoardCamera, StripRig

from pi_app.board.layout import Spot
from pi_app.board.strip import RGB

DARK: RGB = (0, 0, 0)
CHASE: RGB = (0, 48, 0)
WHITE: RGB = (160, 160, 160)


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


def test_each_spot_lights_where_the_layout_puts_it(strip_rig: StripRig,
                                                   board_camera: BoardCamera) -> None:
    import cv2
    import numpy as np

    layout = strip_rig.layout
    count = strip_rig.led_count
    spots = [spot for _, _, _, spot in layout.spots() if spot.chain == 0]
    dark = board_camera.look([DARK] * count)

    def seen(spot: Spot) -> tuple[float, float] | None:
        lit = board_camera.look(one_lit(count, layout.flat_index(spot), WHITE))
        return board_camera.light_at(dark, lit)

    corners = [min(spots, key=lambda s: s.x_mm + s.y_mm), max(spots, key=lambda s: s.x_mm - s.y_mm),
               max(spots, key=lambda s: s.x_mm + s.y_mm), min(spots, key=lambda s: s.x_mm - s.y_mm)]
    found = [seen(spot) for spot in corners]
    assert all(found), f"the camera did not see the corner spots light: {found}"
    to_image = cv2.getPerspectiveTransform(np.float32([[s.x_mm, s.y_mm] for s in corners]),
                                           np.float32(found))
    mm = np.linalg.norm(np.subtract(found[0], found[2])) / np.hypot(
        corners[0].x_mm - corners[2].x_mm, corners[0].y_mm - corners[2].y_mm)
    tolerance = 0.4 * (1000 / layout.leds_per_m) * mm  # under half the LED pitch
    for spot in spots[::board_camera.stride]:
        where = seen(spot)
        expected = cv2.perspectiveTransform(np.float32([[[spot.x_mm, spot.y_mm]]]), to_image)[0, 0]
        assert where is not None, f"LED {layout.flat_index(spot)} did not light"
        off = float(np.hypot(*(np.subtract(where, expected))))
        assert off < tolerance, (f"LED {layout.flat_index(spot)} lit {off:.0f} px from where the "
                                 f"layout puts it ({spot.x_mm}, {spot.y_mm}) mm")
    board_camera.look([DARK] * count)
