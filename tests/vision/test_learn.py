"""Learn my deck: 52 photos named by card code become a profile that reads that deck."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from pi_app.vision.classifier import Softmax
from pi_app.vision.designs import font_design
from pi_app.vision.evaluate import Tally, score
from pi_app.vision.glyphnet import GlyphNet
from pi_app.vision.learn import LearnError, faces_from_folder, learn_deck, width_per_glyph
from pi_app.vision.recognizer import Model, Recognizer
from pi_app.vision.synth import Conditions, make_scene
from pi_app.vision.training import best_reader, collect

PHOTO = Conditions(tilt=0.05, light=0.25, glare=0.0, blur=0.6, noise=3.0, jpeg=(85, 95))


def photos_in_series(design, series: int):
    """(code, scene) per card: one photo each, alone on a table, taken in turn as a player
    takes them for `crib deck learn`."""
    rng = np.random.default_rng(series)
    for code, face in design.items():
        yield code, make_scene({code: face}, rng, "scatter", n_cards=1, card_width=(300, 360),
                               conditions=PHOTO)


def photograph(design, folder, seed: int) -> None:
    for code, scene in photos_in_series(design, seed):
        cv2.imwrite(str(folder / f"{code}.jpg"), scene.image)


def _photo_in_series(design, series: int, code: str):
    """The photo of `code` in its series (`photos_in_series`)."""
    return next(scene for card, scene in photos_in_series(design, series) if card == code)


def _farthest_corner_off(found: np.ndarray, truth: np.ndarray) -> float:
    """How far (pixels, either axis) the farthest of the corners found lies from the card's
    own, whichever of them `found` starts from."""
    return min(float(np.abs(np.roll(found, turn, axis=0) - truth).max()) for turn in range(4))


@pytest.fixture(scope="module")
def own_deck():
    """A deck design the default model was not built from (its font-deck seeds are < 1000)."""
    return font_design(424242)


@pytest.fixture(scope="module")
def photos(own_deck, tmp_path_factory):
    folder = tmp_path_factory.mktemp("my-deck")
    photograph(own_deck, folder, seed=5)
    return folder


def test_learned_profile_round_trips_and_reads_its_deck(own_deck, photos, tmp_path) -> None:
    model = learn_deck(photos, scenes=30, seed=0)
    path = tmp_path / "mine.npz"
    model.save(path)
    loaded = Model.load(path)
    assert loaded.name == photos.name
    assert loaded.width_per_glyph is not None
    assert loaded.width_per_glyph == pytest.approx(model.width_per_glyph)
    assert loaded.cut_suit is not None  # tuned to the deck's own suits cut in fans and rows
    recognizer = Recognizer(loaded)
    rng = np.random.default_rng(21)
    total = Tally()
    for _ in range(4):
        scene = make_scene(own_deck, rng, "scatter", n_cards=6)
        total.add(score(scene, recognizer.detect(scene.image)))
    assert total.accuracy >= 0.9
    assert total.wrong == 0


def test_every_card_face_is_cut_out_upright(photos) -> None:
    faces = faces_from_folder(photos)
    assert len(faces) == 52
    assert {face.shape for face in faces.values()} == {(419, 300, 4)}


def test_a_card_on_a_dark_checkered_table_is_cut_out_whole(own_deck) -> None:
    """In this series of photos the queen of diamonds lies on a dark checkered table: a plane
    through the table's light is fitted to its dark squares' noise, which, divided by their
    dim mean, made the light swing threefold and the paper level with it (pale squares were
    taken for card stock and the card was refused as not alone)."""
    from pi_app.vision.learn import FACE_WIDTH, cut_out_card

    assert cut_out_card(_photo_in_series(own_deck, 101, "QD").image).shape[1] == FACE_WIDTH


@pytest.mark.parametrize(("deck", "series", "code"), [
    ("kennard_deck", 105, "9C"),  # a brushed table whose pale streaks run into its corner
    ("paris_deck", 103, "KD"),  # a pale checkered table, court art reaching the card's edge
])
def test_a_card_joined_by_a_pale_table_to_more_paper_is_found_as_the_brightest_paper(
        deck: str, series: int, code: str, request: pytest.FixtureRequest,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """In these series of photos the table's pale streaks or checks pass for card stock and
    touch the card: the paper they make together is no card's shape. Card stock is whiter
    than the table, so the paper's brighter part is the card, found where it lies."""
    import pi_app.vision.learn as learn

    scene = _photo_in_series(request.getfixturevalue(deck), series, code)
    found = learn.lone_card(scene.image)
    # paris prints a black border, which is no card stock
    assert _farthest_corner_off(found, scene.cards[0].corners) < 12
    monkeypatch.setattr(learn, "brighter_paper", lambda values, whole: whole)
    with pytest.raises(LearnError, match="not alone or not whole"):
        learn.lone_card(scene.image)


def test_a_court_card_whose_art_parts_its_margin_is_gathered_from_its_pieces(
        paris_deck, monkeypatch: pytest.MonkeyPatch) -> None:
    """Paris prints its jack of diamonds' art across the card's whole width: on a dark table
    the card stock is four pieces, whose boxes do not overlap, a few pixels apart."""
    import pi_app.vision.learn as learn

    scene = _photo_in_series(paris_deck, 105, "JD")
    found = learn.lone_card(scene.image)
    # paris prints a black border, which is no card stock
    assert _farthest_corner_off(found, scene.cards[0].corners) < 12
    monkeypatch.setattr(learn, "PIECE_REACH", 0.0)  # only pieces whose boxes overlap
    with pytest.raises(LearnError, match="not alone or not whole"):
        learn.lone_card(scene.image)


def test_a_card_the_pictures_edge_cuts_off_is_refused_as_not_whole(
        own_deck, monkeypatch: pytest.MonkeyPatch) -> None:
    """A tenth of the card's length cut off leaves a box still near a card's proportions: the
    face cut out would be stretched. The box must keep off the frame's edge."""
    import pi_app.vision.learn as learn

    scene = make_scene({"5H": own_deck["5H"]}, np.random.default_rng(3), "scatter", n_cards=1,
                       card_width=(300, 360), conditions=PHOTO)
    left, right = scene.cards[0].corners[:, 0].min(), scene.cards[0].corners[:, 0].max()
    cut = np.ascontiguousarray(scene.image[:, round(left + 0.12 * (right - left)):])
    with pytest.raises(LearnError, match="not alone or not whole"):
        learn.lone_card(cut)
    learn.lone_card(scene.image)  # whole, it is found
    monkeypatch.setattr(learn, "FRAME_MARGIN", -cut.shape[1])  # boxes may run off the frame
    learn.lone_card(cut)


def test_missing_and_unreadable_photos_are_all_named(photos, tmp_path) -> None:
    for path in photos.iterdir():
        if path.stem not in ("QH", "7C"):
            (tmp_path / path.name).write_bytes(path.read_bytes())
    (tmp_path / "AS.jpg").write_text("not a photo")
    with pytest.raises(LearnError) as caught:
        faces_from_folder(tmp_path)
    message = str(caught.value)
    assert "no image named QH" in message and "no image named 7C" in message
    assert "AS.jpg: " in message and "not an image" in message


def test_photo_of_an_empty_table_is_refused(photos, tmp_path) -> None:
    for path in photos.iterdir():
        (tmp_path / path.name).write_bytes(path.read_bytes())
    cv2.imwrite(str(tmp_path / "KD.jpg"), np.full((720, 1280, 3), (30, 90, 20), np.uint8))
    with pytest.raises(LearnError, match=r"KD\.jpg: no card found"):
        faces_from_folder(tmp_path)


def test_a_tuned_network_that_reads_held_out_tables_worse_is_not_kept(own_deck) -> None:
    # Tuning can leave a network shy of answering; the profile then keeps the default one.
    default = Model.default()
    shy = GlyphNet(default.rank.convs, default.rank.dense,
                   Softmax(default.rank.head.weights * 0.05, default.rank.head.bias))
    tuned = Model(shy, default.suit, "my deck")
    held_out = collect([own_deck], 3, seed=4)
    kept = best_reader(tuned, default, held_out)
    assert kept.rank is default.rank and kept.suit is default.suit
    assert kept.name == "my deck"
    assert best_reader(default, tuned, held_out).rank is default.rank  # whichever side it is


def test_a_decks_width_in_rank_glyph_heights_is_measured_on_its_faces(kennard_deck) -> None:
    """Kennard's cards are about 7.4 rank glyph heights wide (the median over readings on the
    benchmark's tables); with no card's whole width in a frame, a learned profile sizes the
    cards that show only their index by it."""
    assert 6.8 < width_per_glyph(kennard_deck) < 8.2
