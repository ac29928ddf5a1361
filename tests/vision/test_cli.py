"""`crib recognize`, `crib deck learn` and `crib camera preview` from the command line."""

from __future__ import annotations

import json

import cv2
import numpy as np

from pi_app.cli import main
from pi_app.vision.synth import Conditions, make_scene

CALM = Conditions(tilt=0.05, light=0.2, glare=0.0, blur=0.5, noise=2.0, jpeg=(90, 95))


def table_photo(kennard_deck, path, seed: int, n_cards: int = 4):
    scene = make_scene(kennard_deck, np.random.default_rng(seed), "scatter", n_cards=n_cards,
                       conditions=CALM)
    cv2.imwrite(str(path), scene.image)
    return scene


def test_recognize_json_prints_one_line_per_image(kennard_deck, tmp_path, capsys) -> None:
    first = table_photo(kennard_deck, tmp_path / "a.png", seed=31)
    table_photo(kennard_deck, tmp_path / "b.png", seed=32, n_cards=2)
    assert main(["recognize", str(tmp_path / "a.png"), str(tmp_path / "b.png"), "--json"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 2
    record = json.loads(lines[0])
    assert record["image"] == str(tmp_path / "a.png") and record["ms"] > 0
    assert {c["card"] for c in record["cards"]} == {c.code for c in first.cards}
    for card in record["cards"]:
        assert 0 < card["confidence"] <= 1
        assert len(card["corners"]) == 4 and all(len(p) == 2 for p in card["corners"])


def test_recognize_names_a_bad_image_and_still_reads_the_rest(kennard_deck, tmp_path,
                                                              capsys) -> None:
    table_photo(kennard_deck, tmp_path / "good.png", seed=33)
    (tmp_path / "bad.jpg").write_text("nope")
    assert main(["recognize", str(tmp_path / "bad.jpg"), str(tmp_path / "good.png"),
                 "--json"]) == 1
    out, err = capsys.readouterr()
    assert "bad.jpg: not an image" in err
    assert json.loads(out)["image"].endswith("good.png")


def test_recognize_with_a_missing_profile_says_how_to_make_one(tmp_path, capsys) -> None:
    assert main(["recognize", "x.png", "--deck", str(tmp_path / "none.npz")]) == 2
    assert "crib deck learn" in capsys.readouterr().err


def test_deck_learn_reports_missing_cards(tmp_path, capsys) -> None:
    assert main(["deck", "learn", str(tmp_path), "--out", str(tmp_path / "p.npz")]) == 2
    err = capsys.readouterr().err
    assert "no image named AC" in err and not (tmp_path / "p.npz").exists()


def test_camera_preview_writes_annotated_jpegs(kennard_deck, tmp_path, capsys) -> None:
    frames = tmp_path / "replay"
    frames.mkdir()
    for i in range(2):
        table_photo(kennard_deck, frames / f"{i}.png", seed=40 + i)
    out = tmp_path / "preview.jpg"
    assert main(["camera", "preview", "--source", str(frames), "--out", str(out)]) == 0
    image = cv2.imread(str(out))
    assert image is not None and image.shape == (720, 1280, 3)
    assert "frame 2:" in capsys.readouterr().err


def test_camera_markers_prints_a_sheet_whose_markers_the_camera_finds(tmp_path, capsys) -> None:
    from pi_app.vision.markers import find_markers, marker_quad

    sheet = tmp_path / "markers.png"
    assert main(["camera", "markers", "--out", str(sheet), "--dpi", "100"]) == 0
    assert "0 at the top left, 1 at the top right" in capsys.readouterr().out
    page = cv2.imread(str(sheet), cv2.IMREAD_GRAYSCALE)
    assert page.shape == (1169, 827)  # A4 at 100 dpi
    assert marker_quad(find_markers(page)) is not None


def test_camera_markers_names_a_folder_that_does_not_exist(tmp_path, capsys) -> None:
    target = tmp_path / "nowhere" / "markers.png"
    assert main(["camera", "markers", "--out", str(target)]) == 2
    assert capsys.readouterr().err.strip() == (
        f"crib camera markers: cannot write {target}: no such folder {target.parent}")


def test_camera_preview_with_markers_says_which_are_missing_and_draws_the_area(
        tmp_path, capsys) -> None:
    from pi_app.vision.synth import lay_markers

    felt = np.full((720, 1280, 3), (40, 90, 30), np.uint8)
    area = np.array([[150, 110], [1130, 120], [1120, 600], [160, 610]], float)
    frames = tmp_path / "replay"
    frames.mkdir()
    cv2.imwrite(str(frames / "0.png"), lay_markers(felt, np.vstack([area[:3], [[-500, -500]]])))
    cv2.imwrite(str(frames / "1.png"), lay_markers(felt, area))
    out = tmp_path / "preview.jpg"
    assert main(["camera", "preview", "--source", str(frames), "--out", str(out),
                 "--markers"]) == 0
    err = capsys.readouterr().err
    assert "frame 1: no cards" in err and "marker 3 not in sight" in err
    assert "frame 2: no cards [" in err and "the markers mark the play area" in err
    drawn = cv2.imread(str(out))
    x, y = ((area[0] + area[1]) / 2).astype(int)  # on the area's outline, between 0 and 1
    assert drawn[y, x, 1] < 60 and drawn[y, x, 0] > 180  # magenta over the green felt
