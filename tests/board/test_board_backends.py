"""Strip backends against fakes of the Pi-only libraries, and the simulator strip."""

from __future__ import annotations

import os
import sys
import types
from dataclasses import replace
from pathlib import Path
from typing import ClassVar

import numpy as np
import pytest

from pi_app.board.backends import StripError, open_strip
from pi_app.board.backends.sim import SimStrip, ansi_board, png_board
from pi_app.board.display import BoardDisplay, open_display
from pi_app.board.layout import Chain, Layout, Spot, Track
from pi_app.board.render import Renderer
from pi_app.board.state import BoardState, Pegs
from pi_app.board.strip import Strip

RED, GREEN = (255, 0, 0), (0, 255, 0)


class FakePixelStrip:
    """rpi_ws281x.PixelStrip as far as the backend uses it."""

    instances: ClassVar[list[FakePixelStrip]] = []
    fail_begin: str | None = None

    def __init__(self, num, pin, freq_hz, dma, invert, brightness, channel, strip_type):
        self.args = dict(num=num, pin=pin, freq_hz=freq_hz, dma=dma, invert=invert,
                         brightness=brightness, channel=channel, strip_type=strip_type)
        self.leds = [0] * num
        self.shown: list[list[int]] = []
        self.cleaned = False
        FakePixelStrip.instances.append(self)

    def begin(self) -> None:
        if FakePixelStrip.fail_begin:
            raise RuntimeError(FakePixelStrip.fail_begin)

    def __setitem__(self, pos: slice, values: list[int]) -> None:
        self.leds[pos] = values

    def show(self) -> None:
        self.shown.append(list(self.leds))

    def _cleanup(self) -> None:
        self.cleaned = True


@pytest.fixture
def fake_ws281x(monkeypatch: pytest.MonkeyPatch) -> type[FakePixelStrip]:
    module = types.ModuleType("rpi_ws281x")
    module.PixelStrip = FakePixelStrip  # type: ignore[attr-defined]
    module.ws = types.SimpleNamespace(  # type: ignore[attr-defined]
        WS2811_STRIP_GRB=0x081000, WS2811_STRIP_RGB=0x100800, WS2811_STRIP_BRG=0x001008,
        WS2811_STRIP_RBG=0x100008, WS2811_STRIP_GBR=0x000810, WS2811_STRIP_BGR=0x000810,
    )
    monkeypatch.setitem(sys.modules, "rpi_ws281x", module)
    FakePixelStrip.instances = []
    FakePixelStrip.fail_begin = None
    return FakePixelStrip


class FakeNeoPixel:
    """Blinka's NeoPixel / NeoPixel_SPI: a list of tuples with show, fill and deinit."""

    instances: ClassVar[list[FakeNeoPixel]] = []

    def __init__(self, where, n, *, pixel_order, auto_write):
        self.where, self.n, self.pixel_order, self.auto_write = where, n, pixel_order, auto_write
        self.pixels = [(0, 0, 0)] * n
        self.shown: list[list[tuple[int, int, int]]] = []
        self.deinited = False
        FakeNeoPixel.instances.append(self)

    def __setitem__(self, pos: slice, values) -> None:
        self.pixels[pos] = list(values)

    def fill(self, colour) -> None:
        self.pixels = [colour] * self.n

    def show(self) -> None:
        self.shown.append(list(self.pixels))

    def deinit(self) -> None:
        self.deinited = True


@pytest.fixture
def fake_blinka(monkeypatch: pytest.MonkeyPatch) -> type[FakeNeoPixel]:
    board = types.ModuleType("board")
    board.D18 = "D18"  # type: ignore[attr-defined]
    board.SPI = lambda: "SPI0"  # type: ignore[attr-defined]
    neopixel = types.ModuleType("neopixel")
    neopixel.NeoPixel = FakeNeoPixel  # type: ignore[attr-defined]
    neopixel_spi = types.ModuleType("neopixel_spi")
    neopixel_spi.NeoPixel_SPI = FakeNeoPixel  # type: ignore[attr-defined]
    for name, module in (("board", board), ("neopixel", neopixel),
                         ("neopixel_spi", neopixel_spi)):
        monkeypatch.setitem(sys.modules, name, module)
    FakeNeoPixel.instances = []
    return FakeNeoPixel


def test_ws281x_defaults_to_gpio18_grb_and_sends_packed_colours(fake_ws281x) -> None:
    strip = open_strip("ws281x", 3)
    assert isinstance(strip, Strip)
    strip.show([RED, GREEN, (1, 2, 3)])
    hw = fake_ws281x.instances[0]
    assert hw.args["pin"] == 18 and hw.args["channel"] == 0 and hw.args["dma"] == 10
    assert hw.args["strip_type"] == 0x081000
    assert hw.shown == [[0xFF0000, 0x00FF00, 0x010203]]


def test_ws281x_pin_13_uses_pwm_channel_1_and_strip_type_is_configurable(fake_ws281x) -> None:
    open_strip("ws281x", 2, pin=13, dma=5, strip_type="rgb")
    args = fake_ws281x.instances[0].args
    assert (args["pin"], args["channel"], args["dma"], args["strip_type"]) == (13, 1, 5, 0x100800)


def test_ws281x_close_blanks_the_strip_once_and_releases_it(fake_ws281x) -> None:
    strip = open_strip("ws281x", 2)
    strip.show([RED, RED])
    strip.close()
    strip.close()
    hw = fake_ws281x.instances[0]
    assert hw.shown == [[0xFF0000, 0xFF0000], [0, 0]]
    assert hw.cleaned
    with pytest.raises(StripError, match="closed"):
        strip.show([RED, RED])


def test_ws281x_that_cannot_start_says_why_and_what_to_try(fake_ws281x) -> None:
    fake_ws281x.fail_begin = "ws2811_init failed with code -5 (mmap() failed)"
    with pytest.raises(StripError, match=r"GPIO18 .*code -5.*need root; GPIO10 \(SPI\)"):
        open_strip("ws281x", 10)


def test_ws281x_without_the_library_points_to_the_pi_extra(monkeypatch) -> None:
    monkeypatch.setitem(sys.modules, "rpi_ws281x", None)
    with pytest.raises(StripError, match=r"needs the rpi_ws281x package.*Pi 5"):
        open_strip("ws281x", 10)


def test_a_frame_of_the_wrong_length_is_refused(fake_ws281x) -> None:
    with pytest.raises(ValueError, match="got 1 pixels for a 2-LED strip"):
        open_strip("ws281x", 2).show([RED])


def test_neopixel_drives_a_gpio_pin_without_auto_write(fake_blinka) -> None:
    strip = open_strip("neopixel", 2)
    strip.show([RED, GREEN])
    hw = fake_blinka.instances[0]
    assert (hw.where, hw.pixel_order, hw.auto_write) == ("D18", "GRB", False)
    assert hw.shown == [[RED, GREEN]]
    strip.close()
    assert hw.shown[-1] == [(0, 0, 0), (0, 0, 0)] and hw.deinited


def test_neopixel_spi_uses_the_spi_bus_on_gpio10(fake_blinka) -> None:
    open_strip("neopixel", 4, spi=True)
    assert fake_blinka.instances[0].where == "SPI0"


def test_neopixel_on_a_pin_the_board_lacks_is_refused(fake_blinka) -> None:
    with pytest.raises(StripError, match="no pin D7"):
        open_strip("neopixel", 4, pin=7)


def test_neopixel_without_blinka_names_the_package(monkeypatch) -> None:
    monkeypatch.setitem(sys.modules, "board", None)
    with pytest.raises(StripError, match="pip install adafruit-blinka"):
        open_strip("neopixel", 4)


def test_serial_strip_is_imported_only_when_chosen_and_gets_url_and_count(monkeypatch) -> None:
    made = []

    class SerialStrip:
        def __init__(self, url: str, led_count: int) -> None:
            made.append((url, led_count))

    link = types.ModuleType("pi_app.link.strip")
    link.SerialStrip = SerialStrip  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "pi_app.link.strip", link)
    open_strip("serial", 363, url="/dev/ttyACM0")
    assert made == [("/dev/ttyACM0", 363)]
    with pytest.raises(StripError, match="needs url="):
        open_strip("serial", 363)


def test_unknown_kinds_and_options_are_clear_errors() -> None:
    with pytest.raises(StripError, match="unknown strip kind 'apa102'"):
        open_strip("apa102", 10)
    with pytest.raises(StripError, match="sim strip: bad option"):
        open_strip("sim", 10, pin=18)
    with pytest.raises(StripError, match="led_count must be a positive whole number"):
        open_strip("sim", 0)


def test_sim_strip_records_frames_and_closes_dark() -> None:
    strip = SimStrip(2)
    strip.show([RED, GREEN])
    strip.close()
    assert list(strip.frames) == [(RED, GREEN), ((0, 0, 0), (0, 0, 0))]
    with pytest.raises(StripError, match="closed"):
        strip.show([RED, GREEN])


def test_display_splits_frames_across_chains_and_blanks_all_on_close(layout) -> None:
    first = layout.chains[0].length - 200
    renderer = Renderer(split_layout(layout, first))
    display = open_display(renderer, "sim")
    with display:
        display.show_state(BoardState(pegs=(Pegs(1), Pegs(1), Pegs(121))))
    strips = display.strips
    assert [s.led_count for s in strips] == [first, 200]
    lit = [[i for i, p in enumerate(s.frames[0]) if any(p)] for s in strips]
    assert renderer.layout.tracks[2].holes[121].led in lit[1]
    assert all(s.closed and not any(map(any, s.frames[-1])) for s in strips)


def split_layout(layout: Layout, first: int) -> Layout:
    """The same board wired as two chains: the first `first` LEDs, then the rest."""

    def move(spot: Spot) -> Spot:
        return spot if spot.led < first else Spot(spot.x_mm, spot.y_mm, 1, spot.led - first)

    return replace(
        layout,
        chains=(Chain(first), Chain(layout.led_count - first)),
        tracks=tuple(
            Track(t.player, tuple(map(move, t.holes)), tuple(map(move, t.games_won)),
                  {kind: move(spot) for kind, spot in t.status.items()})
            for t in layout.tracks
        ),
    )


def test_a_strip_opened_with_the_wrong_length_is_refused(renderer) -> None:
    with pytest.raises(ValueError, match="chain 0 has 477 LEDs in the layout but its strip"):
        BoardDisplay(renderer, [SimStrip(363)])


def test_if_one_chain_fails_to_open_the_others_are_closed(monkeypatch, layout) -> None:
    opened: list[SimStrip] = []

    def opener(kind, count, **options):
        if opened:
            raise StripError("chain 1 is unplugged")
        opened.append(SimStrip(count))
        return opened[-1]

    monkeypatch.setattr("pi_app.board.display.open_strip", opener)
    fake = type("R", (), {"layout": types.SimpleNamespace(chains=(Chain(3), Chain(3)))})()
    with pytest.raises(StripError, match="unplugged"):
        open_display(fake, "sim")  # type: ignore[arg-type]
    assert opened[0].closed


def test_ansi_board_draws_lit_holes_in_24_bit_colour(renderer, layout) -> None:
    frame = renderer.render(BoardState(pegs=(Pegs(37), Pegs(0))))
    text = ansi_board(layout, frame)
    assert text.count("\x1b[38;2;") == 2 + 4  # two pegs, four skunk marks
    assert text.count("●") + text.count("·") == sum(1 for _ in layout.spots())


def test_png_snapshot_shows_a_lit_peg_where_its_hole_is(tmp_path: Path, renderer, layout) -> None:
    cv2 = pytest.importorskip("cv2")
    frame = renderer.render(BoardState(pegs=(Pegs(37), Pegs(0))))
    path = tmp_path / "board.png"
    png_board(layout, frame, path, px_per_mm=4)
    image = cv2.imread(str(path))
    assert image.shape[:2] == (round(layout.size_mm[1] * 4), round(layout.size_mm[0] * 4))
    hole = layout.tracks[0].holes[37]
    b, g, r = image[round(hole.y_mm * 4), round(hole.x_mm * 4)].tolist()
    assert r > 150 and r > g > b  # orange
    dark = layout.tracks[0].holes[36]
    assert max(image[round(dark.y_mm * 4), round(dark.x_mm * 4)].tolist()) < 40
    assert np.asarray(image).std() > 0


def test_ws281x_that_fails_mid_game_raises_a_strip_error(fake_ws281x, monkeypatch) -> None:
    strip = open_strip("ws281x", 2)

    def unplugged() -> None:
        raise RuntimeError("ws2811_render failed with code -13")

    monkeypatch.setattr(fake_ws281x.instances[0], "show", unplugged)
    with pytest.raises(StripError, match="failed to show a frame: ws2811_render failed"):
        strip.show([RED, RED])


def test_frame_json_names_the_chain_and_the_index_within_it(layout) -> None:
    split = split_layout(layout, 300)
    renderer = Renderer(split)
    leds = renderer.render(BoardState(pegs=(Pegs(0), Pegs(0), Pegs(121)))).to_json()["leds"]
    game_hole = split.tracks[2].holes[121]
    assert game_hole.chain == 1
    assert {"chain": 1, "led": game_hole.led} in [
        {"chain": d["chain"], "led": d["led"]} for d in leds
    ]


@pytest.mark.hil
def test_real_strip_lights_and_blanks(layout) -> None:
    """On a Pi with the board wired: BOARD_STRIP=ws281x|neopixel, BOARD_PIN=18 by default."""
    kind = os.environ.get("BOARD_STRIP", "ws281x")
    renderer = Renderer(layout)
    with open_display(renderer, kind, pin=int(os.environ.get("BOARD_PIN", "18"))) as display:
        frame = display.show_state(BoardState(pegs=(Pegs(37, 30), Pegs(112, 100))))
        assert frame.current_ma <= renderer.power.budget_ma
