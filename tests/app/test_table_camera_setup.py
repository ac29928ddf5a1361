"""The table's own camera setup: a zone file drawn for its layout and a learned deck profile
(`camera.zones`, `camera.deck`) are what the app reads the cards with; a file that cannot
serve is refused at start with the setting named."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from pi_app.app.camera import default_zones
from pi_app.app.config import ConfigError
from pi_app.app.runtime import build
from pi_app.inputs.events import InputEvent
from pi_app.vision.recognizer import DEFAULT_THRESHOLD, Model

TABLE_ZONES = [  # the default layout's places under this table's own names
    {"name": "north", "kind": "play", "polygon": [[350, 20], [1260, 20], [1260, 350], [350, 350]]},
    {"name": "south", "kind": "play",
     "polygon": [[350, 360], [1260, 360], [1260, 700], [350, 700]]},
    {"name": "turn-up", "kind": "starter", "polygon": [[20, 20], [340, 20], [340, 220], [20, 220]]},
    {"name": "counting", "kind": "crib", "polygon": [[20, 230], [340, 230], [340, 700], [20, 700]]},
]


def write_zones(path: Path, zones: list[dict]) -> Path:
    path.write_text(json.dumps({"zones": zones}), encoding="utf-8")
    return path


@pytest.fixture
def learned_deck(tmp_path: Path) -> Path:
    """A deck profile as `crib deck learn` saves one (here the default networks, renamed)."""
    path = tmp_path / "mine.npz"
    replace(Model.default(), name="my deck").save(path)
    return path


def test_the_starter_is_read_in_the_zone_files_starter_spot_with_the_learned_deck(
        make_config, tmp_path: Path, learned_deck: Path) -> None:
    zones = write_zones(tmp_path / "table.json", TABLE_ZONES)
    config = make_config(game={"mode": "auto", "table": "real"}, speech={"enabled": False},
                         camera={"zones": str(zones), "deck": str(learned_deck)})
    app = build(config, simulated=True)
    try:
        assert [z.name for z in app.watcher.zones.zones] == ["north", "south", "turn-up",
                                                             "counting"]
        assert app.watcher.recognizer.model.name == "my deck"
        app.controller.on_input(InputEvent("press", "ok", source="test"))  # deal
        hands = app.virtual_camera.table_hands()
        for seat in (0, 1):
            app.virtual_camera.lay_away(seat, hands[seat][4:])
        said = []
        for _ in range(3):
            said += app.watcher.settle(app.watcher.look())
        starter = app.virtual_camera.secret.starter
        assert said == [f"seen: starter {starter}"]
    finally:
        app.close()


def test_a_zone_file_without_a_starter_spot_or_a_zone_per_player_is_refused(
        make_config, tmp_path: Path) -> None:
    plays = [z for z in TABLE_ZONES if z["kind"] != "starter"][:1]
    zones = write_zones(tmp_path / "table.json", plays)
    config = make_config(game={"mode": "auto"}, camera={"zones": str(zones)})
    with pytest.raises(ConfigError, match=r"camera\.zones: .*needs 2 play zones, one per "
                                          r"player in seat order \(it has 1\) and a starter zone"
                                          r" and a crib zone"):
        build(config, simulated=True)


def test_a_file_that_is_no_deck_profile_is_refused_by_name(make_config, tmp_path: Path) -> None:
    deck = tmp_path / "photo.npz"
    deck.write_bytes(b"not a profile")
    config = make_config(game={"mode": "auto"}, camera={"deck": str(deck)})
    with pytest.raises(ConfigError, match=r"camera\.deck: .*photo\.npz: not a card model"):
        build(config, simulated=True)


def test_without_a_zone_file_the_camera_reads_bands_one_per_player(make_config) -> None:
    app = build(make_config(game={"mode": "auto"}, speech={"enabled": False}), simulated=True)
    try:
        assert app.watcher.zones == default_zones(2)
        assert app.watcher.recognizer.model.name == "default"
        assert app.watcher.recognizer.threshold == DEFAULT_THRESHOLD
    finally:
        app.close()


def test_a_table_that_would_rather_name_fewer_cards_than_misname_one_sets_a_firmer_threshold(
        make_config) -> None:
    config = make_config(game={"mode": "auto"}, speech={"enabled": False},
                         camera={"threshold": 0.99})
    app = build(config, simulated=True)
    try:
        assert app.watcher.recognizer.threshold == 0.99
    finally:
        app.close()
