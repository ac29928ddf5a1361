"""Learn my deck at the table: each card is asked for in turn (A♣ to K♠), taken once it lies
still, alone, in view, and only after the table was cleared of the last; a card the default
reader is sure is another is refused; a session cut short goes on where it stopped."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest

from pi_app.cli import main
from pi_app.vision.capture import ORDER, DeckCapture, capture, default_reader, taken_in
from pi_app.vision.designs import CARD_ASPECT, font_design
from pi_app.vision.learn import FACE_WIDTH, cut_out_card
from pi_app.vision.synth import Conditions, make_scene

DESIGN = font_design(0)
GENTLE = Conditions(tilt=0.05, light=0.25, glare=0.0, blur=0.6, noise=3.0, jpeg=(85, 95))


def shown(code: str, frames: int = 6, seed: int = 0) -> list[np.ndarray]:
    """A card laid alone on the table and left there: the same photo, with fresh sensor noise."""
    rng = np.random.default_rng(seed)
    still = make_scene({code: DESIGN[code]}, rng, "scatter", n_cards=1, card_width=(300, 360),
                       conditions=GENTLE).image
    return [cv2.add(still, rng.integers(0, 3, still.shape, np.uint8)) for _ in range(frames)]


def cleared(frames: int = 2) -> list[np.ndarray]:
    rng = np.random.default_rng(7)
    return [make_scene(DESIGN, rng, "empty", conditions=GENTLE).image for _ in range(frames)]


@pytest.fixture
def nearly_done(tmp_path: Path) -> Path:
    """A session stopped with all but the last three spades taken."""
    folder = tmp_path / "my deck"
    folder.mkdir()
    for card in ORDER[:-3]:
        (folder / f"{card.code}.jpg").write_bytes(b"taken before")
    return folder


def test_the_cards_are_asked_for_from_the_ace_of_clubs_to_the_king_of_spades() -> None:
    assert [c.code for c in ORDER[:3]] == ["AC", "2C", "3C"]
    assert [c.code for c in ORDER[12:15]] == ["KC", "AD", "2D"]
    assert ORDER[-1].code == "KS" and len(set(ORDER)) == 52


def test_each_card_is_taken_once_still_and_the_next_only_after_the_table_is_cleared(
        nearly_done: Path) -> None:
    said: list[str] = []
    session = DeckCapture(nearly_done)
    frames = (cleared() + shown("JS") + shown("QS", seed=1)  # QS laid without clearing first
              + cleared() + shown("QS", seed=1) + cleared() + shown("KS", seed=2))
    assert capture(frames, session, said.append)
    assert said == [
        "lay the jack of spades (JS) face up, alone, in view",
        "took JS (50/52): take it away",
        "lay the queen of spades (QS) face up, alone, in view",
        "took QS (51/52): take it away",
        "lay the king of spades (KS) face up, alone, in view",
        "took KS (52/52): all 52 taken",
    ]
    assert taken_in(nearly_done) == {card.code for card in ORDER}
    face = cut_out_card(cv2.imread(str(nearly_done / "QS.jpg")))
    assert face.shape[:2] == (round(FACE_WIDTH * CARD_ASPECT), FACE_WIDTH)  # a whole face
    assert not [p for p in nearly_done.iterdir() if p.suffix == ".part"]


def test_a_card_still_moving_is_not_taken(nearly_done: Path) -> None:
    still = shown("JS")[0]
    sliding = [np.roll(still, 12 * i, axis=1) for i in range(8)]
    session = DeckCapture(nearly_done)
    said: list[str] = []
    assert not capture(cleared() + sliding, session, said.append)
    assert said == ["lay the jack of spades (JS) face up, alone, in view"]
    assert session.wanted is not None and session.wanted.code == "JS"


def test_a_card_the_reader_is_sure_is_another_is_refused_and_asked_for_again(
        nearly_done: Path) -> None:
    said: list[str] = []
    session = DeckCapture(nearly_done, default_reader())
    frames = cleared() + shown("5H", seed=3) + cleared() + shown("JS")
    capture(frames, session, said.append)
    assert said[:4] == [
        "lay the jack of spades (JS) face up, alone, in view",
        "that reads as 5H, not JS: take it away and lay the jack of spades (JS)",
        "lay the jack of spades (JS) face up, alone, in view",
        "took JS (50/52): take it away",
    ]
    assert "JS" in taken_in(nearly_done) and "5H" in taken_in(nearly_done)  # 5H taken before


def test_a_card_on_the_table_at_the_start_is_asked_to_be_cleared(nearly_done: Path) -> None:
    said: list[str] = []
    capture(shown("JS") + cleared(1), DeckCapture(nearly_done), said.append)
    assert said == ["clear the table to begin",
                    "lay the jack of spades (JS) face up, alone, in view"]


def test_deck_capture_from_a_replay_says_where_to_go_on(nearly_done: Path, tmp_path: Path,
                                                        capsys) -> None:
    replay = tmp_path / "replay"
    replay.mkdir()
    for i, frame in enumerate(cleared() + shown("JS")):
        cv2.imwrite(str(replay / f"frame{i:03d}.png"), frame)
    code = main(["deck", "capture", str(nearly_done), "--source", str(replay), "--no-check"])
    out, err = capsys.readouterr()
    assert code == 1 and out == ""
    assert "took JS (50/52): take it away" in err
    assert err.strip().endswith(f"50 of 52 cards in {nearly_done}; run again to go on from QS")


def test_deck_capture_into_a_folder_whose_parent_is_missing_is_refused(tmp_path: Path,
                                                                      capsys) -> None:
    target = tmp_path / "nowhere" / "deck"
    assert main(["deck", "capture", str(target), "--source", str(tmp_path)]) == 2
    assert capsys.readouterr().err.strip() == (
        f"crib deck capture: {target.parent}: no such folder")
