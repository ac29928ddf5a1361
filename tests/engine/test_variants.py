"""The variants as the rule books give them, house rules as options, and the skunk lines."""

from __future__ import annotations

import pytest

from pi_app.engine.variants import PRESETS, Rules, RulesError, game_result, preset, skunk_kind


@pytest.mark.parametrize(
    ("name", "players", "dealt", "crib_dealt", "thrown", "hand", "target"),
    [
        ("six-card", 2, 6, 0, 2, 4, 121),    # "six, throw two"
        ("five-card", 2, 5, 0, 2, 3, 61),
        ("seven-card", 2, 7, 0, 2, 5, 121),  # seven dealt, two laid out, five kept
        ("three-hand", 3, 5, 1, 1, 4, 121),  # "five and one, throw one"
        ("four-hand", 4, 5, 0, 1, 4, 121),   # "five, throw one"
        ("captains", 3, 5, 1, 1, 4, 121),
        ("lowball", 2, 6, 0, 2, 4, 121),
    ],
)
def test_each_variant_deals_throws_and_plays_to_its_book_figures(
    name: str, players: int, dealt: int, crib_dealt: int, thrown: int, hand: int, target: int
) -> None:
    rules = preset(name)
    assert (rules.players, rules.cards_dealt, rules.crib_dealt, rules.discard) == (
        players, dealt, crib_dealt, thrown)
    assert (rules.hand_size, rules.crib_size, rules.target) == (hand, 4, target)


def test_five_card_has_three_for_last_and_a_single_count() -> None:
    rules = preset("five-card")
    assert rules.three_for_last and rules.single_count


def test_four_hand_partners_sit_opposite() -> None:
    assert preset("four-hand").sides == ((0, 2), (1, 3))


def test_captains_lone_player_needs_61_and_the_pair_121() -> None:
    rules = preset("captains")
    assert rules.sides == ((0,), (1, 2))
    assert (rules.target_of(0), rules.target_of(1)) == (61, 121)


def test_seven_card_181_is_an_option_as_the_older_book_allows() -> None:
    assert preset("seven-card", target=181).target == 181


def test_house_rules_are_options_on_any_preset() -> None:
    rules = preset("four-hand", muggins=True, four_card_crib_flush=True, no_peg_out_on_go=True)
    assert rules.muggins and rules.four_card_crib_flush and rules.no_peg_out_on_go
    assert rules.partnerships


def test_unknown_variants_and_options_are_named_in_the_error() -> None:
    with pytest.raises(RulesError, match="unknown variant 'nine-card'; known: six-card"):
        preset("nine-card")
    with pytest.raises(RulesError, match=r"unknown rule option\(s\) \['mugins'\]"):
        preset("six-card", mugins=True)


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"players": 5}, "2, 3 or 4"),
        ({"discard": 4}, "a hand must keep 3 to 5"),
        ({"players": 3}, "crib would hold 6"),
        ({"partnerships": True}, "four players"),
        ({"target": 20}, "too short"),
    ],
)
def test_rules_that_cannot_be_played_are_refused(fields: dict[str, object], message: str) -> None:
    with pytest.raises(RulesError, match=message):
        Rules().with_options(**fields)


def test_rules_round_trip_through_json() -> None:
    for rules in PRESETS.values():
        assert Rules.from_json(rules.to_json()) == rules


@pytest.mark.parametrize(
    ("loser", "kind"),
    [(91, "none"), (90, "single"), (61, "single"), (60, "double"), (31, "double"),
     (30, "double")],
)
def test_skunk_lines_in_a_121_game(loser: int, kind: str) -> None:
    assert skunk_kind(loser, Rules()) == kind


def test_triple_skunk_under_31_only_when_the_rules_count_it() -> None:
    assert skunk_kind(30, Rules(triple_skunk=True)) == "triple"
    assert skunk_kind(31, Rules(triple_skunk=True)) == "double"


def test_a_61_game_has_the_lurch_for_a_loser_who_has_not_turned_the_corner() -> None:
    rules = preset("five-card")
    assert (skunk_kind(30, rules), skunk_kind(31, rules), skunk_kind(0, rules)) == (
        "single", "none", "single")


def test_captains_lone_player_is_skunked_against_his_own_target() -> None:
    rules = preset("captains")
    assert skunk_kind(30, rules, target=61) == "single"
    assert skunk_kind(40, rules, target=61) == "none"


def test_the_modern_pages_seven_card_game_one_to_the_crib_and_151_is_expressible() -> None:
    rules = preset("seven-card", crib_dealt=1, target=151)
    assert (rules.hand_size, rules.crib_size, rules.target) == (5, 5, 151)


@pytest.mark.parametrize(
    ("option", "value", "message"),
    [("target", "121", "target must be int, not '121'"),
     ("muggins", 1, "muggins must be bool, not 1"),
     ("lone_target", True, "lone_target must be int | None")],
)
def test_an_option_of_the_wrong_type_is_named(option: str, value: object, message: str) -> None:
    with pytest.raises(RulesError, match=message.replace("|", r"\|")):
        preset("six-card", **{option: value})


def test_the_side_that_pegs_out_wins_and_the_worst_loser_sets_the_skunk() -> None:
    rules = preset("three-hand")
    assert game_result([121, 95, 80], rules, out=0) == (0, "single")
    assert game_result([50, 121, 95], rules, out=1) == (1, "double")
    assert game_result([121, 95, 91], rules, out=0) == (0, "none")


def test_in_lowball_the_lowest_other_side_wins_and_its_own_low_score_is_the_skunk() -> None:
    rules = preset("lowball")
    assert game_result([121, 85], rules, out=0) == (1, "single")
    assert game_result([100, 121], rules, out=1) == (0, "none")


def test_captains_pair_is_skunked_against_121_and_the_lone_player_against_61() -> None:
    rules = preset("captains")
    assert game_result([61, 60], rules, out=0) == (0, "double")
    assert game_result([25, 121], rules, out=1) == (1, "single")
