"""The renderer: what a board state looks like, LED by LED.

Golden frames live in tests/board/golden/; after an intended change to the look, rewrite
them with `BOARD_GOLDEN_UPDATE=1 .venv/bin/pytest tests/board` and review the diff.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import numpy as np
import pytest

from pi_app.board.colour import OKABE_ITO, Palette, Tone, parse_colour
from pi_app.board.layout import Layout
from pi_app.board.power import PowerError, PowerLimit
from pi_app.board.render import Renderer
from pi_app.board.state import BoardState, Pegs, StateError

GOLDEN = Path(__file__).parent / "golden"

STATES = {
    "new_game": BoardState(dealer=0),
    "midgame_three_handed": BoardState(
        pegs=(Pegs(37, 30), Pegs(112, 100), Pegs(5, 0)),
        games_won=(2, 0, 1), dealer=2, turn=0, go=1,
    ),
    "win_with_a_skunk": BoardState(pegs=(Pegs(121, 115), Pegs(84, 80)), games_won=(3, 9)),
}


@pytest.mark.parametrize("name", sorted(STATES))
def test_golden_frame(name: str, renderer: Renderer) -> None:
    frame = renderer.render(STATES[name]).to_json()
    path = GOLDEN / f"{name}.json"
    if os.environ.get("BOARD_GOLDEN_UPDATE"):
        rows = ",\n".join(f"  {json.dumps(led)}" for led in frame["leds"])
        path.write_text(f'{{"current_ma": {frame["current_ma"]}, "leds": [\n{rows}\n]}}\n')
    assert frame == json.loads(path.read_text())


def lit(renderer: Renderer, state: BoardState) -> dict[int, tuple[int, int, int]]:
    pixels = renderer.render(state).pixels
    return {int(i): tuple(pixels[i].tolist()) for i in np.flatnonzero(pixels.any(axis=1))}


def test_front_peg_is_bright_and_back_peg_dim_in_the_same_colour(renderer: Renderer) -> None:
    leds = lit(renderer, BoardState(pegs=(Pegs(37, 30), Pegs(0))))
    front = leds[int(renderer.holes[0, 37])]
    back = leds[int(renderer.holes[0, 30])]
    assert sum(back) < sum(front) / 3
    assert front == tuple(renderer.tone.lut[list(OKABE_ITO["orange"])].tolist())
    assert back[0] > back[1] > back[2]  # still orange


def test_without_a_back_peg_only_the_front_peg_shows(renderer: Renderer) -> None:
    leds = lit(renderer, BoardState(pegs=(Pegs(37), Pegs(12))))
    pegs = {int(renderer.holes[0, 37]), int(renderer.holes[1, 12])}
    marks = {int(renderer.holes[side, hole]) for side in (0, 1) for hole in (61, 91)}
    assert set(leds) == pegs | marks


def test_skunk_marks_light_holes_61_and_91_of_every_track_in_play(renderer: Renderer) -> None:
    leds = lit(renderer, BoardState(pegs=(Pegs(0), Pegs(0))))
    for side in (0, 1):
        for hole in (61, 91):
            assert leds[int(renderer.holes[side, hole])] == leds[int(renderer.holes[0, 61])]
    assert int(renderer.holes[2, 61]) not in leds  # the third track is not in this game


def test_a_game_without_skunks_shows_no_marks_and_the_31_line_is_optional(
    renderer: Renderer,
) -> None:
    plain = lit(renderer, BoardState(pegs=(Pegs(5), Pegs(6)), skunk_lines=()))
    assert len(plain) == 2
    triple = lit(renderer, BoardState(pegs=(Pegs(5), Pegs(6)), skunk_lines=(91, 61, 31)))
    assert int(renderer.holes[1, 31]) in triple and len(triple) == 2 + 6
    with pytest.raises(StateError, match="skunk lines"):
        BoardState(skunk_lines=(90,))


def test_a_peg_on_the_skunk_line_hides_the_mark(renderer: Renderer) -> None:
    leds = lit(renderer, BoardState(pegs=(Pegs(61), Pegs(0))))
    assert leds[int(renderer.holes[0, 61])] == tuple(
        renderer.tone.lut[list(renderer.palette.player(0))].tolist()
    )


def test_dealer_turn_and_go_light_their_own_leds(renderer: Renderer) -> None:
    leds = lit(renderer, BoardState(pegs=(Pegs(), Pegs(), Pegs()), dealer=1, turn=2, go=0))
    status = renderer.status
    lut = renderer.tone.lut
    assert leds[int(status[1, 0])] == tuple(lut[list(renderer.palette.dealer)].tolist())
    assert leds[int(status[2, 1])] == tuple(lut[list(renderer.palette.player(2))].tolist())
    assert leds[int(status[0, 2])] == tuple(lut[list(renderer.palette.go)].tolist())
    assert int(status[0, 0]) not in leds and int(status[1, 1]) not in leds


def test_games_won_light_that_many_holes(renderer: Renderer) -> None:
    leds = lit(renderer, BoardState(pegs=(Pegs(), Pegs()), games_won=(4, 0)))
    won = [int(i) for i in renderer.games[0]]
    assert all(i in leds for i in won[:4])
    assert not any(i in leds for i in won[4:])


def test_palette_is_configurable(layout: Layout) -> None:
    red = Renderer(layout, palette=Palette(players=((255, 0, 0), (0, 0, 255))), tone=Tone(1, 1))
    pixels = red.render(BoardState(pegs=(Pegs(10), Pegs(20)))).pixels
    assert pixels[red.holes[0, 10]].tolist() == [255, 0, 0]
    assert pixels[red.holes[1, 20]].tolist() == [0, 0, 255]


def test_colours_parse_from_okabe_ito_names_and_hex() -> None:
    assert parse_colour("sky-blue") == (86, 180, 233)
    assert parse_colour("#009E73") == (0, 158, 115)
    with pytest.raises(ValueError, match="use #rrggbb"):
        parse_colour("teal")


def test_brightness_scales_and_gamma_darkens_the_middle() -> None:
    tone = Tone(gamma=2.2, brightness=0.5)
    assert tone.lut[255] == 128
    assert tone.lut[128] == round(127.5 * (128 / 255) ** 2.2)
    assert tone.lut[0] == 0


def test_pegs_out_of_range_are_refused_with_the_hole_named() -> None:
    with pytest.raises(StateError, match="front peg at 122"):
        Pegs(122)
    with pytest.raises(StateError, match=r"back peg at 40: must be 0\.\.front peg"):
        Pegs(37, 40)
    with pytest.raises(StateError, match="dealer is side 2"):
        BoardState(pegs=(Pegs(), Pegs()), dealer=2)


def test_pegging_leapfrogs_the_back_peg_past_the_front() -> None:
    assert Pegs(37, 30).pegged(5) == Pegs(42, 37)
    assert Pegs(118, 110).pegged(6) == Pegs(121, 118)


def test_a_three_sided_state_on_a_two_track_board_is_refused(two_track: Layout) -> None:
    with pytest.raises(ValueError, match="3 sides, the board 2 tracks"):
        Renderer(two_track).render(BoardState(pegs=(Pegs(), Pegs(), Pegs())))


def test_a_budget_below_the_idle_draw_is_refused_up_front(layout: Layout) -> None:
    with pytest.raises(PowerError, match="477 LEDs draw 477 mA when dark"):
        Renderer(layout, power=PowerLimit(budget_ma=400))
