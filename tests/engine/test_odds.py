"""Show-score odds: the exact count of every score over every hand and starter."""

from __future__ import annotations

import re
from collections import Counter
from itertools import combinations
from pathlib import Path

import pytest

from pi_app.engine.cards import DECK
from pi_app.engine.odds import combinations_count, show_score_distribution
from pi_app.engine.scoring import show_points


def reference_table(shared_dir: Path) -> dict[str, dict[int, int]]:
    """The published hand and crib columns of REFERENCE.md, a range row ("25–27") expanded."""
    text = (shared_dir / "REFERENCE.md").read_text(encoding="utf-8")
    table: dict[str, dict[int, int]] = {"hand": {}, "crib": {}}
    for low, high, hand, crib in re.findall(
        r"^\| (\d+)(?:–(\d+))? \| (\d+) \| (\d+) \|$", text, re.MULTILINE
    ):
        for score in range(int(low), int(high or low) + 1):
            table["hand"][score] = int(hand)
            table["crib"][score] = int(crib)
    return table


def reference_mean(shared_dir: Path, name: str) -> float:
    text = (shared_dir / "REFERENCE.md").read_text(encoding="utf-8")
    found = re.search(rf"{name} (\d+\.\d+)", text)
    assert found, f"no {name} mean in REFERENCE.md"
    return float(found.group(1))


@pytest.mark.parametrize("name", ["hand", "crib"])
def test_every_score_count_equals_the_published_table(shared_dir: Path, name: str) -> None:
    expected = reference_table(shared_dir)[name]
    assert sorted(expected) == list(range(30))
    table = show_score_distribution(is_crib=name == "crib")
    assert dict(enumerate(table.counts)) == expected
    assert table.mean == pytest.approx(reference_mean(shared_dir, name), abs=5e-7)


def test_all_twelve_million_nine_hundred_ninety_four_thousand_eight_hundred_are_counted() -> None:
    assert combinations_count(4) == 12_994_800
    assert show_score_distribution().total == 12_994_800
    assert show_score_distribution(is_crib=True).total == 12_994_800


def test_nineteen_and_twenty_five_to_twenty_seven_are_impossible_and_twenty_nine_is_four_in_all(
) -> None:
    table = show_score_distribution()
    assert [table.counts[s] for s in (19, 25, 26, 27)] == [0, 0, 0, 0]
    assert table.counts[29] == 4 and len(table.counts) == 30
    assert table.probability(29) == 4 / 12_994_800
    assert table.at_least(28) == 80 / 12_994_800


def test_four_card_crib_flush_house_rule_makes_the_crib_table_the_hand_table() -> None:
    assert show_score_distribution(is_crib=True, four_card_crib_flush=True).counts == (
        show_score_distribution().counts
    )


def test_three_card_hand_odds_equal_scoring_every_hand_one_by_one() -> None:
    # The five-card game: all C(52,3) hands x 49 starters, 1,082,900 scorings, checking
    # the combinatorial suit counting (flushes of 3 and 4, nobs) against brute force.
    brute: Counter[int] = Counter()
    for hand in combinations(DECK, 3):
        for starter in DECK:
            if starter not in hand:
                brute[show_points(hand, starter)] += 1
    table = show_score_distribution(hand_size=3)
    assert dict(enumerate(table.counts)) == {s: brute[s] for s in range(len(table.counts))}
    assert table.total == combinations_count(3) == sum(brute.values())


def test_five_card_hands_of_the_seven_card_game_are_all_counted() -> None:
    table = show_score_distribution(hand_size=5)
    assert table.total == combinations_count(5) == 122_151_120
    assert table.counts[-1] > 0


def test_a_hand_size_outside_three_to_five_or_a_crib_not_of_four_is_an_error() -> None:
    with pytest.raises(ValueError, match="3 to 5 cards, not 6"):
        show_score_distribution(hand_size=6)
    with pytest.raises(ValueError, match="a crib has 4 cards in every game, not 3"):
        show_score_distribution(is_crib=True, hand_size=3)
