"""`crib score` and `crib odds`: counts and odds a player can read, JSON a program can."""

from __future__ import annotations

import json

import pytest

from pi_app.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_crib_score_says_the_count_and_lists_every_item(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "score", "5H", "5C", "5S", "JD", "--starter", "5D")
    lines = out.splitlines()
    assert code == 0
    assert lines[0].startswith("Fifteen two, fifteen four,")
    assert lines[0].endswith("and nobs is twenty-nine.")
    assert sum(line.split()[0] == "fifteen" for line in lines[1:]) == 8
    assert lines[-1].split() == ["total", "29"]


def test_crib_score_json_gives_total_items_and_spoken(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "score", "2H", "4H", "6H", "8H", "--starter", "KS", "--json")
    reply = json.loads(out)
    assert code == 0 and reply["total"] == 4 and reply["items"][0]["kind"] == "flush"
    _, crib, _ = run(capsys, "score", "2H", "4H", "6H", "8H", "--starter", "KS", "--crib", "--json")
    assert json.loads(crib)["total"] == 0
    _, house, _ = run(
        capsys, "score", "2H", "4H", "6H", "8H", "--starter", "KS", "--crib",
        "--four-card-crib-flush", "--json",
    )
    assert json.loads(house)["total"] == 4


def test_crib_score_reads_glyphs_and_suit_symbols(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "score", "🂵", "5♣", "5♠", "J♦", "--starter", "5d", "--json")
    assert code == 0 and json.loads(out)["total"] == 29


def test_crib_score_bad_card_exits_two_naming_it(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "score", "5H", "5C", "5Z", "JD", "--starter", "5D")
    assert code == 2 and out == ""
    assert err.strip() == "crib score: '5Z': 'Z' is not a suit (C D H S or ♣♦♥♠)"


def test_crib_odds_json_gives_both_tables_and_nothing_else(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, err = run(capsys, "odds", "--json")
    tables = json.loads(out)
    assert code == 0 and err == ""
    assert set(tables) == {"hand", "crib"}
    assert tables["hand"]["0"] == 1009008 and tables["crib"]["0"] == 1022208
    assert sum(tables["crib"].values()) == 12_994_800
    _, crib_only, _ = run(capsys, "odds", "--crib", "--json")
    assert json.loads(crib_only) == {"crib": tables["crib"]}


def test_crib_odds_prints_counts_and_chances_for_every_score(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = run(capsys, "odds")
    rows = {line.split()[0]: line.split()[1:] for line in out.splitlines()[2:]}
    assert code == 0
    assert rows["24"] == ["3,680", "0.0283%", "3,680", "0.0283%"]
    assert rows["19"][0] == "0"
    assert rows["mean"] == ["4.769152", "4.734819"]


def test_crib_odds_says_how_rare_a_score_is(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "odds", "--score", "29", "--crib")
    assert out.strip() == (
        "crib: 29 comes 4 times in 12,994,800 (1 in 3,248,700); 29 or more 1 in 3,248,700"
    )
    _, never, _ = run(capsys, "odds", "--score", "19")
    assert "19 comes 0 times in 12,994,800 (never)" in never


def test_crib_odds_for_the_five_card_game_counts_three_card_hands(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = run(capsys, "odds", "--cards", "3", "--json")
    assert code == 0 and sum(json.loads(out)["hand"].values()) == 1_082_900
    assert list(json.loads(out)) == ["hand"]
    code, out, err = run(capsys, "odds", "--cards", "3", "--crib")
    assert code == 2 and out == ""
    assert "a crib has 4 cards in every game, not 3" in err


def test_crib_odds_refuses_a_negative_score_by_name(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "odds", "--score", "-1")
    assert code == 2 and out == ""
    assert err.strip() == "crib odds: --score -1: a show scores 0 or more"

