"""The layout file: every shipped board is complete, and every mistake gets a clear error."""

from __future__ import annotations

import dataclasses
import tomllib
from pathlib import Path
from typing import Any

import pytest

from pi_app.board.design import BoardDesign, design_layout, layout_to_toml
from pi_app.board.layout import (
    GAME_HOLE,
    HW_DIR,
    Chain,
    Layout,
    LayoutError,
    load_layout,
    parse_layout,
)

SHIPPED = sorted(HW_DIR.glob("layout-*.toml"))


def default_data() -> dict[str, Any]:
    return tomllib.loads((HW_DIR / "layout-144.toml").read_text())


def problems(data: dict[str, Any]) -> str:
    with pytest.raises(LayoutError) as caught:
        parse_layout(data, source="board.toml")
    return str(caught.value)


def test_three_layouts_ship_for_144_and_60_leds_per_metre_and_partnerships() -> None:
    layouts = {path.name: load_layout(path) for path in SHIPPED}
    assert set(layouts) == {"layout-144.toml", "layout-60.toml", "layout-144-2track.toml"}
    assert len(layouts["layout-144.toml"].tracks) == 3
    assert len(layouts["layout-144-2track.toml"].tracks) == 2
    assert layouts["layout-60.toml"].leds_per_m == 60


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.name)
def test_every_hole_from_start_to_game_hole_sits_over_its_own_led(path: Path) -> None:
    layout = load_layout(path)
    used = [(s.chain, s.led) for _, _, _, s in layout.spots()]
    assert len(used) == len(set(used))
    for track in layout.tracks:
        assert len(track.holes) == GAME_HOLE + 1
        assert len(track.games_won) == 9
        assert set(track.status) == {"dealer", "turn", "go"}
    assert all(0 <= led < layout.chains[chain].length for chain, led in used)


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.name)
def test_holes_sit_one_led_pitch_apart_within_a_street(path: Path) -> None:
    layout = load_layout(path)
    pitch = 1000 / layout.leds_per_m
    holes = layout.tracks[0].holes
    for hole in (1, 2, 3, 4):
        gap = abs(holes[hole + 1].x_mm - holes[hole].x_mm)
        assert gap == pytest.approx(pitch, abs=0.02)
        assert holes[hole + 1].led == holes[hole].led + 1


def test_the_144_board_leaves_a_dark_led_between_streets_like_a_wooden_boards_gap() -> None:
    holes = load_layout(HW_DIR / "layout-144.toml").tracks[0].holes
    assert holes[6].led - holes[5].led == 2
    assert abs(holes[6].x_mm - holes[5].x_mm) == pytest.approx(2 * 1000 / 144, abs=0.02)


def test_skunk_lines_default_to_91_and_61() -> None:
    assert load_layout(HW_DIR / "layout-144.toml").skunk_lines == (91, 61)


def test_designed_layout_survives_writing_and_reading_its_toml() -> None:
    design = BoardDesign(leds_per_m=96, tracks=2, holes_per_row=20, skunk_lines=(91, 61, 31))
    layout = design_layout(design)
    again = parse_layout(tomllib.loads(layout_to_toml(layout, "crib board design")))
    assert again == layout
    assert again.skunk_lines == (91, 61, 31)


def test_chain_options_are_written_as_toml_values() -> None:
    layout = design_layout(BoardDesign())
    spi_chain = Chain(layout.chains[0].length, {"spi": True, "pin": 10, "strip": "GRB"})
    layout = dataclasses.replace(layout, chains=(spi_chain, *layout.chains[1:]))
    again = parse_layout(tomllib.loads(layout_to_toml(layout)))
    assert dict(again.chains[0].options) == {"spi": True, "pin": 10, "strip": "GRB"}


def test_design_refuses_rows_that_would_end_the_track_on_the_wrong_side() -> None:
    with pytest.raises(ValueError, match="odd number of rows"):
        design_layout(BoardDesign(holes_per_row=40))


def test_led_used_twice_names_both_holes() -> None:
    data = default_data()
    data["tracks"][0]["holes"][57][4] = data["tracks"][1]["holes"][3][4]
    message = problems(data)
    assert "track 1 (player 1) hole 3: LED" in message
    assert "already used by track 0 (player 0) hole 57" in message


def test_missing_holes_are_listed_as_ranges() -> None:
    data = default_data()
    holes = data["tracks"][2]["holes"]
    data["tracks"][2]["holes"] = [h for h in holes if h[0] not in (40, 41, 42, 99)]
    assert "track 2 (player 2): missing hole(s) 40-42, 99" in problems(data)


def test_led_index_past_the_end_of_its_chain_is_refused() -> None:
    data = default_data()
    data["tracks"][0]["holes"][10][4] = 9999
    message = problems(data)
    assert "hole 10: LED index 9999 is past the end of chain 0 (477 LEDs, 0..476)" in message


def test_undeclared_chain_is_refused() -> None:
    data = default_data()
    data["tracks"][0]["status"]["go"][2] = 3
    assert "status go: chain 3 is not declared (chains 0..0)" in problems(data)


def test_every_problem_is_reported_at_once() -> None:
    data = default_data()
    data["tracks"][0]["holes"][10][4] = 9999
    data["tracks"][1]["holes"][5][1] = "left"
    data["tracks"][1]["status"]["crib"] = [1.0, 2.0, 0, 3]
    message = problems(data)
    assert message.startswith("board.toml: 3 problem(s):")
    assert "expected a number, got 'left'" in message
    assert "unknown kind 'crib'" in message


def test_a_hole_listed_twice_and_a_hole_past_the_game_hole_are_refused() -> None:
    data = default_data()
    holes = data["tracks"][0]["holes"]
    holes.append(list(holes[5]))
    holes.append([122, 1.0, 1.0, 0, 470])
    message = problems(data)
    assert "hole 5 is listed twice" in message
    assert "no such hole(s) 122" in message


def test_four_tracks_are_refused_partnerships_use_two() -> None:
    data = default_data()
    data["tracks"].append(data["tracks"][0])
    assert "a board has 2 or 3 [[tracks]], this one has 4" in problems(data)


def test_games_won_beyond_nine_are_refused() -> None:
    data = default_data()
    games = data["tracks"][0]["games_won"]
    games.append([10, 1.0, 1.0, 0, 476])
    assert "games_won must be numbered 1..n, n at most 9" in problems(data)


def test_broken_toml_and_a_missing_file_name_the_file(tmp_path: Path) -> None:
    bad = tmp_path / "board.toml"
    bad.write_text("name = 'unterminated\n")
    with pytest.raises(LayoutError, match=r"board\.toml: not valid TOML"):
        load_layout(bad)
    with pytest.raises(LayoutError, match=r"nowhere\.toml: cannot read layout"):
        load_layout(tmp_path / "nowhere.toml")


def test_json_lists_holes_0_to_121_with_position_chain_and_led(layout: Layout) -> None:
    data = layout.to_json()
    first = data["tracks"][0]["holes"][0]
    assert set(first) == {"hole", "x_mm", "y_mm", "chain", "led"}
    assert [h["hole"] for h in data["tracks"][1]["holes"]] == list(range(122))
    assert {(s["player"], s["kind"]) for s in data["status"]} == {
        (p, k) for p in range(3) for k in ("dealer", "turn", "go")
    }
