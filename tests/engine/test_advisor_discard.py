"""The discard advisor: exact expected values, ranked options, the rules text's own example."""

from __future__ import annotations

import json
import random
from itertools import combinations

import pytest

from pi_app.engine import DECK, Card, CardError, parse_cards, show_points
from pi_app.engine.advisor.crib_model import CribModel, load_pair_weights, shipped_pair_weights
from pi_app.engine.advisor.discard import analyse_discards, crib_ev
from pi_app.engine.variants import preset


def brute_hand_ev(keep: tuple[Card, ...], seen: list[Card]) -> float:
    starters = [c for c in DECK if c not in seen]
    return sum(show_points(keep, s) for s in starters) / len(starters)


def brute_crib_ev(discard: tuple[Card, ...], seen: list[Card], four_card_flush: bool = False
                  ) -> float:
    """Every set of other crib cards, then every starter: the definition, dealt out."""
    unseen = [c for c in DECK if c not in seen]
    total = deals = 0
    for others in combinations(unseen, 4 - len(discard)):
        crib = [*discard, *others]
        for starter in unseen:
            if starter not in others:
                total += show_points(crib, starter, is_crib=True,
                                     four_card_crib_flush=four_card_flush)
                deals += 1
    return total / deals


def option_for(options, codes):  # type: ignore[no-untyped-def]
    wanted = set(parse_cards(codes))
    return next(o for o in options if set(o.discard) == wanted)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_hand_ev_is_the_average_show_over_all_46_starters(seed: int) -> None:
    hand = random.Random(seed).sample(DECK, 6)
    for option in analyse_discards(hand, dealer=seed % 2 == 0):
        assert option.hand_ev == pytest.approx(brute_hand_ev(option.keep, hand), abs=1e-9)


@pytest.mark.parametrize("seed", [4, 5])
def test_crib_ev_is_the_average_over_1035_pairs_and_44_starters(seed: int) -> None:
    hand = random.Random(seed).sample(DECK, 6)
    options = analyse_discards(hand, dealer=True)
    for option in (options[0], options[-1]):
        assert option.crib_ev == pytest.approx(brute_crib_ev(option.discard, hand), abs=1e-9)


def test_crib_ev_counts_flush_and_nobs_exactly() -> None:
    hand = parse_cards("JH 4H 7C 8D 9S KS")
    option = option_for(analyse_discards(hand, dealer=True), "JH 4H")
    assert option.crib_ev == pytest.approx(brute_crib_ev(option.discard, hand), abs=1e-9)


def test_four_card_crib_flush_house_rule_counts_four_suited_crib_cards() -> None:
    hand = parse_cards("2H 9H 5C 6D TS KS")
    rules = preset("six-card", four_card_crib_flush=True)
    plain = option_for(analyse_discards(hand, dealer=True), "2H 9H")
    house = option_for(analyse_discards(hand, dealer=True, rules=rules), "2H 9H")
    assert house.crib_ev == pytest.approx(
        brute_crib_ev(house.discard, hand, four_card_flush=True), abs=1e-9)
    assert house.crib_ev > plain.crib_ev


def test_one_card_discard_in_three_hand_averages_over_every_other_crib_card() -> None:
    hand = parse_cards("5H 6C 7D TS QH")
    options = analyse_discards(hand, dealer=False, rules=preset("three-hand"))
    assert len(options) == 5
    option = option_for(options, "5H")
    assert option.crib_ev == pytest.approx(crib_ev(option.discard, hand), abs=1e-12)
    # the crib's other three cards and the starter, dealt out for one card thrown
    assert crib_ev(parse_cards("KS"), parse_cards("KS AC 2D 3H 8C")) == pytest.approx(
        brute_crib_ev(tuple(parse_cards("KS")), parse_cards("KS AC 2D 3H 8C")), abs=1e-9)


def test_dealer_adds_the_crib_and_pone_subtracts_it() -> None:
    hand = parse_cards("5H 5C 5S JD 2C 9S")
    mine = option_for(analyse_discards(hand, dealer=True), "2C 9S")
    theirs = option_for(analyse_discards(hand, dealer=False), "2C 9S")
    assert mine.net_ev == pytest.approx(mine.hand_ev + mine.crib_ev)
    assert theirs.net_ev == pytest.approx(theirs.hand_ev - theirs.crib_ev)


def test_three_fives_and_a_jack_are_kept_and_can_make_twenty_nine() -> None:
    best = analyse_discards(parse_cards("5H 5C 5S JD 2C 9S"), dealer=True)[0]
    assert set(best.discard) == set(parse_cards("2C 9S"))
    assert (best.hand_min, best.hand_max, best.p_hand_12) == (14, 29, 1.0)


def test_options_are_ranked_best_net_ev_first() -> None:
    options = analyse_discards(parse_cards("AC 4D 6H 9S JC KD"), dealer=False)
    assert len(options) == 15
    assert [o.net_ev for o in options] == sorted((o.net_ev for o in options), reverse=True)


def test_rules_text_example_keeps_twelve_throwing_ten_six_not_ten_nine() -> None:
    # rules/000 "Laying out for the crib": the pone holds 6 7 8 8 9 10. Both 10-6 and 10-9
    # keep twelve, "10 and 6 is better", and throwing the two eights is the worst.
    options = analyse_discards(parse_cards("6C 7D 8H 8S 9C TD"), dealer=False)
    order = [frozenset(c.rank for c in o.discard) for o in options]
    assert order[0] == {10, 6}
    assert order[1] == {10, 9}
    assert order[-1] == {8}
    assert option_for(options, "TD 6C").hand_min == option_for(options, "TD 9C").hand_min == 12
    assert option_for(options, "TD 8H").net_ev > option_for(options, "6C 8H").net_ev


def test_five_card_game_keeps_three_and_seven_card_game_keeps_five() -> None:
    five = parse_cards("5H 5C JD 2C 9S")
    seven = parse_cards("5H 5C 5S JD 2C 9S TH")
    five_options = analyse_discards(five, dealer=True, rules=preset("five-card"))
    seven_options = analyse_discards(seven, dealer=False, rules=preset("seven-card"))
    assert len(five_options) == 10 and len(seven_options) == 21
    for option in (*five_options[:2], *seven_options[:2]):
        hand = five if len(option.keep) == 3 else seven
        assert option.hand_ev == pytest.approx(brute_hand_ev(option.keep, hand), abs=1e-9)
    assert seven_options[0].crib_ev == pytest.approx(
        brute_crib_ev(seven_options[0].discard, seven), abs=1e-9)


def test_near_the_end_the_chance_of_showing_out_outranks_the_average() -> None:
    hand = parse_cards("3D 5C 2C 6D 5S TH")
    by_average = analyse_discards(hand, dealer=False)[0]
    to_go_out = analyse_discards(hand, dealer=False, need=10)
    assert to_go_out[0].discard != by_average.discard
    assert to_go_out[0].p_show_out == max(o.p_show_out or 0.0 for o in to_go_out)
    same = option_for(to_go_out, " ".join(c.code for c in by_average.discard))
    assert to_go_out[0].p_show_out > (same.p_show_out or 0.0)


def test_wrong_hand_size_or_repeated_card_is_an_error_naming_it() -> None:
    with pytest.raises(CardError, match="6 cards, not 5"):
        analyse_discards(parse_cards("5H 5C 5S JD 2C"), dealer=True)
    with pytest.raises(CardError, match="5H appears twice"):
        analyse_discards([*parse_cards("5H 5C 5S JD 2C"), parse_cards("5H")[0]], dealer=True)
    with pytest.raises(ValueError, match="six-card"):
        analyse_discards(parse_cards("5H 5C JD 2C 9S"), dealer=True, rules=preset("five-card"),
                         model=CribModel.REALISTIC)


def test_realistic_crib_values_agree_with_published_discard_tables() -> None:
    # Thrown into the dealer's own crib, from real games (Cribbage Pro's dealer table):
    # 5-5 averages 8.5 and 10-K 2.7. Thrown by the pone, the published tables put two fives
    # at about 8.8-9.4 and ten-king at about 2.8-3.9 (docs/advisor.md compares them all).
    fives, ten_king = parse_cards("5C 5D"), parse_cards("TC KD")

    def realistic(pair: list[Card], dealer: bool) -> float:
        return crib_ev(pair, pair, model=CribModel.REALISTIC, dealer=dealer)

    assert realistic(fives, dealer=True) == pytest.approx(8.5, abs=0.3)
    assert realistic(ten_king, dealer=True) == pytest.approx(2.7, abs=0.3)
    assert 8.8 <= realistic(fives, dealer=False) <= 9.4
    assert 2.8 <= realistic(ten_king, dealer=False) <= 3.9
    # a good pone baulks, so the dealer's crib is worth less than against random cards
    assert realistic(fives, dealer=True) < crib_ev(fives, fives)


def test_realistic_tables_are_weights_of_every_rank_pair_for_both_roles() -> None:
    tables = shipped_pair_weights()
    assert tables.dealer.shape == tables.pone.shape == (13, 13)
    # a good pone keeps fives and baulks with kings; a dealer throws fives to his own crib
    assert tables.pone[4, 4] < 1 < tables.pone[12, 8]
    assert tables.dealer[4, 4] > tables.pone[4, 4]


def test_malformed_crib_tables_are_rejected_with_the_reason() -> None:
    square = [[1.0] * 13] * 13
    with pytest.raises(ValueError, match=r"pair_weights\.pone is not a 13x13"):
        load_pair_weights(json.dumps({"pair_weights": {"dealer": square, "pone": [[1.0]]}}))
    with pytest.raises(ValueError, match=r"no pair_weights\.dealer"):
        load_pair_weights("{}")


def test_a_long_shot_at_showing_out_does_not_outrank_the_average() -> None:
    hand = parse_cards("AC 4D 6H 9S JC KD")
    by_average = [o.discard for o in analyse_discards(hand, dealer=False)]
    needing_28 = analyse_discards(hand, dealer=False, need=28)
    assert [o.discard for o in needing_28] == by_average
    assert all((o.p_show_out or 0.0) < 1 / 3 for o in needing_28)
