"""`crib board`: layout, render, export, test and design, end to end in-process."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from pi_app.board.export import BEGIN, END
from pi_app.board.layout import HW_DIR, load_layout
from pi_app.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(["board", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_layout_json_has_the_shape_the_issue_specifies(capsys) -> None:
    code, out, _ = run(capsys, "layout", "--json")
    data = json.loads(out)
    assert code == 0
    assert [t["player"] for t in data["tracks"]] == [0, 1, 2]
    hole = data["tracks"][0]["holes"][17]
    assert set(hole) == {"hole", "x_mm", "y_mm", "chain", "led"} and hole["hole"] == 17
    assert data["tracks"][0]["holes"][121]["hole"] == 121
    assert {"player", "kind", "x_mm", "y_mm", "chain", "led"} <= set(data["status"][0])


def test_layout_summary_names_tracks_chains_and_skunk_lines(capsys) -> None:
    code, out, _ = run(capsys, "layout", "--layout", str(HW_DIR / "layout-144-2track.toml"))
    assert code == 0
    assert "2 tracks, holes 0..121 each; chain 0: 318 LEDs" in out
    assert "skunk lines at 91, 61" in out


def test_a_broken_layout_exits_2_listing_its_problems(capsys, tmp_path: Path) -> None:
    text = (HW_DIR / "layout-144.toml").read_text().replace("[57, ", "[5, ", 1)
    bad = tmp_path / "bad.toml"
    bad.write_text(text)
    code, out, err = run(capsys, "layout", "--layout", str(bad))
    assert code == 2 and out == ""
    assert "hole 5 is listed twice" in err and "missing hole(s) 57" in err


def test_render_json_lists_every_lit_led_and_the_current(capsys) -> None:
    code, out, _ = run(capsys, "render", "--score", "0=37", "--score", "1=112", "--back", "0=30",
                       "--json")
    assert code == 0
    data = json.loads(out)
    layout = load_layout()
    lit = {(led["chain"], led["led"]): led["rgb"] for led in data["leds"]}
    front = layout.tracks[0].holes[37]
    back = layout.tracks[0].holes[30]
    assert sum(lit[(front.chain, front.led)]) > 3 * sum(lit[(back.chain, back.led)])
    other_back = layout.tracks[1].holes[0]  # no --back 1=..., so no back peg for side 1
    assert (other_back.chain, other_back.led) not in lit
    assert len(lit) == 3 + 4  # three pegs, two skunk marks on each of two tracks
    assert 477 < data["current_ma"] < 2500


def test_render_draws_the_board_in_the_terminal_and_saves_a_png(capsys, tmp_path) -> None:
    png = tmp_path / "board.png"
    code, out, _ = run(capsys, "render", "--score", "0=37", "--score", "2=90", "--dealer", "2",
                       "--png", str(png))
    assert code == 0
    assert "\x1b[38;2;" in out and "LEDs lit, about" in out
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--score", "0:37"], "--score '0:37': expected SIDE=NUMBER"),
        (["--score", "0=130"], "front peg at 130: holes run 0..121"),
        (["--score", "0=20", "--back", "0=25"], "back peg at 25"),
        (["--players", "4"], "--players 4: this board has 3 tracks, so 2..3"),
        (["--players", "2", "--turn", "2"], "side 2: with 2 players, sides are 0..1"),
        (["--palette", "orange,mauve"], "--palette: colour 'mauve'"),
        (["--budget-ma", "100"], "--budget-ma: 477 LEDs draw 477 mA when dark"),
        (["--brightness", "2"], "--brightness: brightness must be 0..1"),
        (["--games", "0=10"], "side 0 games won 10: must be 0..9"),
    ],
)
def test_render_refuses_bad_input_naming_it(capsys, argv: list[str], message: str) -> None:
    code, out, err = run(capsys, "render", *argv)
    assert code == 2 and out == ""
    assert message in err


def test_export_is_reproducible_and_keeps_the_hand_written_readme(capsys, tmp_path) -> None:
    for path in HW_DIR.glob("layout-*.toml"):
        shutil.copy(path, tmp_path / path.name)
    hand_written = f"# Mine\n\nKeep me.\n\n{BEGIN}\nstale table\n{END}\n\nAnd me.\n"
    (tmp_path / "README.md").write_text(hand_written)
    assert run(capsys, "export", "--hw-dir", str(tmp_path))[0] == 0
    first = {p.name: p.read_bytes() for p in sorted(tmp_path.iterdir())}
    assert run(capsys, "export", "--hw-dir", str(tmp_path))[0] == 0
    second = {p.name: p.read_bytes() for p in sorted(tmp_path.iterdir())}
    assert first == second
    readme = first["README.md"].decode()
    assert readme.startswith("# Mine\n\nKeep me.\n") and readme.endswith(f"{END}\n\nAnd me.\n")
    assert "stale table" not in readme and "74AHCT125" in readme and "Power injection" in readme
    assert {"template-144.svg", "template-60.svg", "template-144-2track.svg"} <= set(first)


def test_the_shipped_templates_and_tables_are_up_to_date(capsys, tmp_path) -> None:
    for path in HW_DIR.iterdir():
        if path.suffix in (".toml", ".md", ".svg"):
            shutil.copy(path, tmp_path / path.name)
    run(capsys, "export", "--hw-dir", str(tmp_path))
    for name in ["README.md", *(p.name for p in HW_DIR.glob("template-*.svg"))]:
        assert (tmp_path / name).read_text() == (HW_DIR / name).read_text(), (
            f"hw/{name} is stale: run `crib board export`"
        )


def test_template_is_1_to_1_with_every_hole_and_the_chain_path() -> None:
    from pi_app.board.export import template_svg

    layout = load_layout()
    svg = template_svg(layout)
    assert f'width="{layout.size_mm[0]:g}mm"' in svg
    assert svg.count("<circle") == sum(1 for _ in layout.spots())
    assert 'id="chain-0"' in svg and ">121</text>" in svg
    assert svg.count('stroke="#d00" stroke-width="0.4"') == 2 * len(layout.tracks)


def test_export_of_a_folder_without_layouts_fails_clearly(capsys, tmp_path) -> None:
    code, _, err = run(capsys, "export", "--hw-dir", str(tmp_path))
    assert code == 1 and "no layout-*.toml files" in err


def test_self_test_runs_the_chase_on_the_simulator(capsys) -> None:
    code, _, err = run(capsys, "test", "--strip", "sim", "--step-ms", "0.05")
    assert code == 0
    assert "self-test: 843 steps" in err and "self-test done" in err


def test_self_test_with_a_missing_strip_library_fails_with_the_reason(capsys, monkeypatch) -> None:
    import sys

    monkeypatch.setitem(sys.modules, "rpi_ws281x", None)
    code, _, err = run(capsys, "test", "--option", "pin=10")
    assert code == 1 and "needs the rpi_ws281x package" in err


def test_self_test_option_must_be_key_value(capsys) -> None:
    code, _, err = run(capsys, "test", "--strip", "sim", "--option", "pin")
    assert code == 2 and "--option 'pin': expected KEY=VALUE" in err


def test_design_writes_a_layout_that_loads(capsys, tmp_path) -> None:
    out = tmp_path / "layout-96.toml"
    code, _, _ = run(capsys, "design", "--leds-per-m", "96", "--tracks", "2",
                     "--holes-per-row", "20", "--output", str(out))
    assert code == 0
    layout = load_layout(out)
    assert len(layout.tracks) == 2 and layout.leds_per_m == 96
    assert "crib board design --leds-per-m 96 --tracks 2" in out.read_text()


def test_design_refuses_an_impossible_row_length(capsys) -> None:
    code, _, err = run(capsys, "design", "--holes-per-row", "7")
    assert code == 2 and "holes_per_row must be a multiple of 5" in err
