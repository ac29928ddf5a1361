"""Table zones: every card is attributed to the zone holding its centre; bad files say why."""

from __future__ import annotations

import json

import numpy as np
import pytest

from pi_app.vision.zones import ZoneError, ZoneMap

TABLE = {"zones": [
    {"name": "north", "kind": "play", "polygon": [[0, 0], [640, 0], [640, 300], [0, 300]]},
    {"name": "south", "kind": "play", "polygon": [[0, 420], [640, 420], [640, 720], [0, 720]]},
    {"name": "starter", "kind": "starter", "polygon": [[660, 300], [800, 300], [800, 420],
                                                       [660, 420]]},
    {"name": "crib", "kind": "crib", "polygon": [[900, 200], [1200, 200], [1050, 600]]},
]}


def card_at(x: float, y: float, w: float = 100) -> np.ndarray:
    return np.array([[x - w / 2, y - 70], [x + w / 2, y - 70], [x + w / 2, y + 70],
                     [x - w / 2, y + 70]], np.float32)


def test_card_is_attributed_to_the_zone_holding_its_centre() -> None:
    zones = ZoneMap.from_json(TABLE)
    assert zones.zone_of(card_at(300, 150)).name == "north"
    assert zones.zone_of(card_at(300, 600)).name == "south"
    assert zones.zone_of(card_at(730, 360)).kind == "starter"


def test_triangular_crib_area_contains_only_its_inside() -> None:
    zones = ZoneMap.from_json(TABLE)
    assert zones.zone_at(1050, 300).name == "crib"
    assert zones.zone_at(920, 590) is None  # beside the triangle's slanted edge


def test_card_between_zones_belongs_to_none() -> None:
    assert ZoneMap.from_json(TABLE).zone_of(card_at(300, 360)) is None


def test_zone_file_round_trips(tmp_path) -> None:
    path = tmp_path / "zones.json"
    ZoneMap.from_json(TABLE).save(path)
    assert ZoneMap.load(path) == ZoneMap.from_json(TABLE)


def test_a_save_cut_short_leaves_the_old_zone_file_whole(tmp_path, monkeypatch) -> None:
    path = tmp_path / "zones.json"
    ZoneMap.from_json(TABLE).save(path)
    moved = {"zones": [dict(TABLE["zones"][0], polygon=[[5, 5], [50, 5], [50, 50]])]}

    def power_cut(*args: object) -> None:
        raise OSError("power cut")

    monkeypatch.setattr("pi_app.vision.files.os.replace", power_cut)
    with pytest.raises(OSError, match="power cut"):
        ZoneMap.from_json(moved).save(path)
    assert ZoneMap.load(path) == ZoneMap.from_json(TABLE)
    assert [p.name for p in tmp_path.iterdir()] == ["zones.json"]


@pytest.mark.parametrize(("broken", "message"), [
    ({"zones": [{"name": "north", "kind": "lounge", "polygon": [[0, 0], [1, 0], [0, 1]]}]},
     "kind 'lounge'"),
    ({"zones": [{"name": "north", "kind": "play", "polygon": [[0, 0], [1, 0]]}]},
     "3 or more"),
    ({"zones": [{"kind": "play", "polygon": [[0, 0], [1, 0], [0, 1]]}]}, "name"),
    ({"zones": [TABLE["zones"][0], TABLE["zones"][0]]}, "defined twice"),
    ({"areas": []}, '"zones" list'),
    ({"zones": [{"name": "north", "kind": "play", "polygon": [[0, 0], [300, 0], [600, 0]]}]},
     "zone 'north': its polygon encloses no area"),
    (json.loads('{"zones": [{"name": "north", "kind": "play", '
                '"polygon": [[0, 0], [NaN, 0], [0, 9]]}]}'), "3 or more \\[x, y\\] points"),
    ({**TABLE, "markers": [[0, 0], [1, 0], [1, 1]]}, "the 4 corner markers"),
])
def test_bad_zone_file_names_the_zone_and_problem(broken: object, message: str) -> None:
    with pytest.raises(ZoneError, match=message):
        ZoneMap.from_json(broken)


def test_unreadable_zone_file_names_the_file(tmp_path) -> None:
    path = tmp_path / "zones.json"
    path.write_text("{not json")
    with pytest.raises(ZoneError, match=r"zones\.json"):
        ZoneMap.load(path)
    path.write_text(json.dumps({"zones": [{"name": "x"}]}))
    with pytest.raises(ZoneError, match=r"zones\.json: zone 'x'"):
        ZoneMap.load(path)
