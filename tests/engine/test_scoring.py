"""The show: every rule of counting a hand or crib, with the books' own examples."""

from __future__ import annotations

import random
import re
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pi_app.engine.cards import DECK, Card, CardError, parse_card, parse_cards
from pi_app.engine.scoring import ShowScore, score_show, show_points
from pi_app.engine.words import number_word

BOOK = "rules/001_81a9fa5c5b8dabac.txt"

"""Property tests time nothing: a shared CI machine may pause any one example."""


def show(hand: str, starter: str | None, *, crib: bool = False, **rules: bool) -> ShowScore:
    cards = parse_cards(hand)
    turned = parse_card(starter) if starter else None
    result = score_show(cards, turned, is_crib=crib, **rules)
    assert show_points(cards, turned, is_crib=crib, **rules) == result.total
    return result


def points_by_kind(result: ShowScore) -> dict[str, int]:
    totals: Counter[str] = Counter()
    for item in result.items:
        totals[item.kind] += item.points
    return dict(totals)


# -- the highest hands -------------------------------------------------------------------


def test_three_fives_and_the_jack_with_the_fourth_five_of_its_suit_is_twenty_nine() -> None:
    result = show("5H 5C 5S JD", "5D")
    assert result.total == 29
    assert points_by_kind(result) == {"fifteen": 16, "pair": 12, "nobs": 1}
    assert result.spoken == (
        "Fifteen two, fifteen four, fifteen six, fifteen eight, fifteen ten, fifteen twelve, "
        "fifteen fourteen, fifteen sixteen, and a double pair royal is twenty-eight, "
        "and nobs is twenty-nine"
    )


def test_four_fives_with_a_jack_turned_is_twenty_eight_in_hand_no_nobs() -> None:
    result = show("5H 5C 5S 5D", "JD")
    assert result.total == 28
    assert "nobs" not in points_by_kind(result)


# -- run classes, from the book's card-glyph examples (rules/001 from line 88) -----------


@pytest.fixture(scope="module")
def glyph_examples(shared_dir: Path) -> list[tuple[list[Card], str]]:
    """Each line of card glyphs in the book, with the paragraph that follows it."""
    lines = (shared_dir / BOOK).read_text(encoding="utf-8").splitlines()[87:]
    examples = []
    for number, line in enumerate(lines):
        tokens = line.replace("|", " ").split()
        if tokens and all(0x1F0A0 <= ord(t[0]) <= 0x1F0FF for t in tokens):
            after = lines[number + 1] if number + 1 < len(lines) else ""
            examples.append(([parse_card(t) for t in tokens], after))
    return examples


def book_example(examples: list[tuple[list[Card], str]], first: str) -> tuple[list[Card], int]:
    """The example starting with card `first`, and the points its paragraph says it is worth."""
    for cards, after in examples:
        if cards[0].code == first:
            found = re.search(r"worth (\d+) points", after)
            assert found, f"no 'worth N points' after the example starting {first}"
            return cards, int(found.group(1))
    raise AssertionError(f"no example starting with {first} in {BOOK}")


def test_book_pairs_royal_and_double_pairs_royal_glyphs_read_as_cards(
    glyph_examples: list[tuple[list[Card], str]],
) -> None:
    nines, fours = glyph_examples[0][0], glyph_examples[1][0]
    assert [c.rank for c in nines] == [9] * 6  # the three pairs of three nines, written out
    assert [c.rank for c in fours] == [4] * 12  # the six pairs of four fours


def test_run_of_three_with_one_duplicate_is_always_worth_eight(
    glyph_examples: list[tuple[list[Card], str]],
) -> None:
    cards, worth = book_example(glyph_examples, "2H")
    result = score_show(cards, None)
    assert worth == 8 == result.total
    assert points_by_kind(result) == {"run": 6, "pair": 2}
    assert "a pair is two, and a double run of three is eight" in result.spoken.lower()


def test_run_of_three_with_two_duplicates_is_always_worth_fifteen(
    glyph_examples: list[tuple[list[Card], str]],
) -> None:
    cards, worth = book_example(glyph_examples, "2S")
    result = score_show(cards[:4], cards[4])
    assert worth == 15 == result.total
    assert points_by_kind(result) == {"run": 9, "pair": 6}
    assert "a triple run of three" in result.spoken


def test_run_of_three_with_duplicates_of_two_cards_is_always_worth_sixteen(
    glyph_examples: list[tuple[list[Card], str]],
) -> None:
    cards, worth = book_example(glyph_examples, "AC")
    result = score_show(cards[:4], cards[4])
    assert worth == 16 == result.total
    assert points_by_kind(result) == {"run": 12, "pair": 4}
    assert result.spoken == "Two pairs is four, and a quadruple run of three is sixteen"


def test_run_of_four_with_one_duplicate_is_always_worth_ten(
    glyph_examples: list[tuple[list[Card], str]],
) -> None:
    cards, worth = book_example(glyph_examples, "AS")
    result = score_show(cards[:4], cards[4])
    assert worth == 10 == result.total
    assert points_by_kind(result) == {"run": 8, "pair": 2}


def test_a_five_with_two_tenth_cards_is_two_fifteens_but_no_pair(
    glyph_examples: list[tuple[list[Card], str]],
) -> None:
    cards, _ = glyph_examples[-1]
    assert [c.code for c in cards] == ["KS", "JH", "5S"]
    assert points_by_kind(score_show(cards, None)) == {"fifteen": 4}


# -- fifteen classes (rules/000, "Two-card Fifteens" and "Three-card Fifteens") ----------


def test_two_card_fifteen_with_a_duplicate_is_six() -> None:
    assert points_by_kind(show("9C 6D 6H", None)) == {"fifteen": 4, "pair": 2}


def test_two_card_fifteen_with_two_duplicates_of_one_card_is_twelve() -> None:
    assert points_by_kind(show("9C 6D 6H 6S", None)) == {"fifteen": 6, "pair": 6}


def test_two_card_fifteen_with_duplicates_of_both_cards_is_twelve() -> None:
    assert points_by_kind(show("9C 9D 6H 6S", None)) == {"fifteen": 8, "pair": 4}


def test_two_card_fifteen_with_three_duplicates_of_one_card_is_twenty() -> None:
    assert points_by_kind(show("9C 6D 6H 6S", "6C")) == {"fifteen": 8, "pair": 12}


def test_two_card_fifteen_with_two_and_one_duplicates_is_twenty() -> None:
    assert points_by_kind(show("9C 9D 6H 6S", "6C")) == {"fifteen": 12, "pair": 8}


def test_there_are_fifteen_three_card_fifteens_from_ten_four_ace_to_five_five_five() -> None:
    values = range(1, 11)
    classes = {
        tuple(sorted((a, b, c))) for a in values for b in values for c in values if a + b + c == 15
    }
    assert len(classes) == 15
    assert min(classes) == (1, 4, 10) and (5, 5, 5) in classes
    for ranks in classes:
        hand = [DECK[(r - 1) * 4 + suit] for suit, r in enumerate(ranks)]
        assert points_by_kind(score_show(hand, None)).get("fifteen") == 2, ranks


def test_three_card_fifteen_with_an_extra_tenth_card_is_fifteen_two_fifteen_four_and_a_pair(
) -> None:
    result = show("TC 4D AH TS", None)
    assert points_by_kind(result) == {"fifteen": 4, "pair": 2}
    assert result.spoken == "Fifteen two, fifteen four, and a pair is six"


def test_nine_three_three_with_another_nine_adds_a_fifteen_and_a_pair() -> None:
    assert points_by_kind(show("9C 3D 3H 9S", None)) == {"fifteen": 4, "pair": 4}


def test_nine_three_three_with_another_three_is_twelve() -> None:
    assert points_by_kind(show("9C 3D 3H 3S", None)) == {"fifteen": 6, "pair": 6}


def test_five_five_five_with_the_fourth_five_is_twenty() -> None:
    assert points_by_kind(show("5C 5D 5H 5S", None)) == {"fifteen": 8, "pair": 12}


def test_three_card_fifteen_with_two_duplicates_of_one_card_is_twelve() -> None:
    assert points_by_kind(show("TC 4D AH AS", "AC")) == {"fifteen": 6, "pair": 6}


def test_three_card_fifteen_with_duplicates_of_two_cards_is_twelve() -> None:
    assert points_by_kind(show("7C 6D 2H 7S", "6C")) == {"fifteen": 8, "pair": 4}


# -- the book's combination examples and its walk-through of a show (rules/000) ----------


def test_combination_one_a_fifteen_three_runs_and_a_pair_royal_is_seventeen() -> None:
    assert points_by_kind(show("2C 3D 3H 3S", "4C")) == {"fifteen": 2, "pair": 6, "run": 9}


def test_combination_two_three_fifteens_three_runs_and_a_pair_royal_is_twenty_one() -> None:
    assert points_by_kind(show("4C 4D 4H 5S", "6C")) == {"fifteen": 6, "pair": 6, "run": 9}


def test_combination_three_three_fifteens_and_a_double_run_of_four_is_sixteen() -> None:
    result = show("4C 4D 5H 6S", "7C")
    assert points_by_kind(result) == {"fifteen": 6, "pair": 2, "run": 8}
    assert "a double run of four is sixteen" in result.spoken


def test_combination_four_four_fifteens_four_runs_and_two_pairs_is_twenty_four() -> None:
    assert points_by_kind(show("7C 8D 7H 8S", "6D")) == {"fifteen": 8, "pair": 4, "run": 12}


def test_book_show_pone_four_three_five_four_with_a_queen_is_ten() -> None:
    assert show("4C 3D 5H 4S", "QD").total == 10


def test_book_show_dealer_two_ace_two_three_with_a_queen_is_fourteen() -> None:
    assert points_by_kind(show("2C AD 2H 3S", "QD")) == {"fifteen": 6, "pair": 2, "run": 6}


def test_book_show_crib_ace_ten_two_jacks_with_a_queen_is_nine_with_nobs() -> None:
    result = show("AC TS JD JH", "QD", crib=True)
    assert points_by_kind(result) == {"pair": 2, "run": 6, "nobs": 1}


# -- the modern rules page (rules/003): Cribbage Corner's hands and Fool's Mate -----------


def test_corner_example_hand_one_is_sixteen() -> None:
    result = show("5H 5C TS 6D", "4C")
    assert points_by_kind(result) == {"fifteen": 8, "pair": 2, "run": 6}


def test_corner_example_hand_two_is_thirteen_with_the_jack_of_nobs() -> None:
    result = show("JC 2D 3H 3S", "AC")
    assert points_by_kind(result) == {"fifteen": 4, "pair": 2, "run": 6, "nobs": 1}


def test_corner_example_hand_three_hides_a_five_card_fifteen() -> None:
    result = show("3C 3D 4H 4S", "AH")
    assert points_by_kind(result) == {"fifteen": 2, "pair": 4}
    assert [len(i.cards) for i in result.items if i.kind == "fifteen"] == [5]


def test_eight_seven_seven_ace_makes_fifteen_three_ways() -> None:
    assert points_by_kind(show("8C 7D 7H AS", None)) == {"fifteen": 6, "pair": 2}


def test_a_four_card_run_scores_four() -> None:
    assert points_by_kind(show("9C TD JH QS", None)) == {"run": 4}


def test_queen_queen_five_five_is_announced_fifteen_by_fifteen_and_two_pairs() -> None:
    result = show("QC QD 5H 5S", None)
    assert result.spoken == (
        "Fifteen two, fifteen four, fifteen six, fifteen eight, and two pairs is twelve"
    )


def test_fools_mate_pone_holds_nineteen_dealer_twenty_four_and_twenty_four_in_crib() -> None:
    pone = show("2C 4S TH QD", "6D")
    assert pone.total == 0 and pone.spoken == "Nineteen"
    assert show("4C 4D 5H 6S", "6D").total == 24
    assert show("7C 8D 7H 8S", "6D", crib=True).total == 24


def test_customary_count_order_fifteens_pairs_runs_flush_nobs() -> None:
    result = show("5H 5C AD JS", "2S")
    assert result.spoken == "Fifteen two, fifteen four, and a pair is six, and nobs is seven"
    assert [i.kind for i in show("2H 3H 4H JH", "4S").items] == [
        "fifteen", "pair", "run", "run", "flush",
    ]


# -- flush, nobs and runs: rules and pitfalls --------------------------------------------


def test_hand_flush_is_four_and_five_when_the_starter_matches() -> None:
    assert points_by_kind(show("2H 4H 6H 8H", "KS")) == {"flush": 4}
    assert points_by_kind(show("2H 4H 6H 8H", "KH")) == {"flush": 5}


def test_crib_flush_counts_only_when_the_starter_matches_too() -> None:
    assert show("2H 4H 6H 8H", "KS", crib=True).total == 0
    assert points_by_kind(show("2H 4H 6H 8H", "KH", crib=True)) == {"flush": 5}


def test_four_card_crib_flush_is_a_house_rule_setting() -> None:
    assert show("2H 4H 6H 8H", "KS", crib=True, four_card_crib_flush=True).total == 4


def test_a_flush_needs_every_card_of_the_hand_in_one_suit() -> None:
    assert show("2H 4H 6H 8S", "KH").total == 0


def test_nobs_is_the_jack_of_the_starters_suit_in_hand_or_crib() -> None:
    assert points_by_kind(show("JS 2D 4H 6C", "KS")) == {"nobs": 1}
    assert points_by_kind(show("JS 2D 4H 6C", "KS", crib=True)) == {"nobs": 1}
    assert show("JH 2D 4H 6C", "KS").total == 0


def test_queen_king_ace_is_not_a_run_but_jack_queen_king_is() -> None:
    assert show("QC KD AH", None).total == 0
    assert points_by_kind(show("JC QD KH", None)) == {"run": 3}


def test_only_the_longest_run_counts() -> None:
    assert points_by_kind(show("2C 3D 4H 5S", "6C")) == {"fifteen": 4, "run": 5}


def test_three_card_hand_of_the_five_card_game_counts_a_three_card_flush() -> None:
    assert points_by_kind(show("2H 4H 8H", "KS")) == {"flush": 3}
    assert points_by_kind(show("2H 4H 8H", "KH")) == {"flush": 4}


def test_five_card_hand_of_the_seven_card_game_counts_with_the_starter() -> None:
    result = show("5C 5D 5H 5S JC", "QC")
    assert points_by_kind(result) == {"fifteen": 24, "pair": 12, "nobs": 1}
    assert points_by_kind(show("AH 3H 7H 9H KH", "QS")) == {"flush": 5}
    assert points_by_kind(show("AH 3H 7H 9H KH", "QH")) == {"flush": 6}


@pytest.mark.parametrize(
    ("hand", "starter", "message"),
    [
        ("5H 5C", "5D", "3 to 5 cards, not 2"),
        ("AH 2H 3H 4H 6H 7H", "9C", "3 to 5 cards, not 6"),
        ("5H 5C 5S 5D", "5D", "the starter 5D is also in the hand"),
    ],
)
def test_impossible_hands_are_errors_naming_the_problem(
    hand: str, starter: str, message: str
) -> None:
    with pytest.raises(CardError, match=message):
        score_show(parse_cards(hand), parse_card(starter))


def test_a_card_twice_in_the_hand_is_an_error_naming_it() -> None:
    five = parse_card("5H")
    with pytest.raises(CardError, match="5H appears twice"):
        score_show([five, five, parse_card("6C"), parse_card("7C")], parse_card("8C"))


# -- properties ----------------------------------------------------------------------------

hands_with_starter = st.integers(3, 5).flatmap(
    lambda n: st.lists(st.sampled_from(DECK), min_size=n + 1, max_size=n + 1, unique=True)
)


@given(hands_with_starter, st.booleans(), st.booleans())
def test_fast_total_equals_the_itemised_count(
    cards: list[Card], crib: bool, four_card_crib_flush: bool
) -> None:
    hand, starter = cards[:-1], cards[-1]
    rules = {"is_crib": crib, "four_card_crib_flush": four_card_crib_flush}
    assert show_points(hand, starter, **rules) == score_show(hand, starter, **rules).total


@given(hands_with_starter, st.randoms(use_true_random=False))
def test_the_count_does_not_depend_on_the_order_of_the_cards(
    cards: list[Card], rng: random.Random
) -> None:
    shuffled = cards[:-1]
    rng.shuffle(shuffled)
    first = score_show(cards[:-1], cards[-1])
    again = score_show(shuffled, cards[-1])
    assert again.total == first.total
    assert Counter(i.kind for i in again.items) == Counter(i.kind for i in first.items)


@given(hands_with_starter)
def test_every_item_is_a_real_scoring_combination(cards: list[Card]) -> None:
    result = score_show(cards[:-1], cards[-1])
    combos = [(item.kind, frozenset(item.cards)) for item in result.items]
    assert len(combos) == len(set(combos)), "a combination counted twice"
    for item in result.items:
        ranks = sorted(c.rank for c in item.cards)
        if item.kind == "fifteen":
            assert sum(c.value for c in item.cards) == 15 and item.points == 2
        elif item.kind == "pair":
            assert len(set(ranks)) == 1 and len(ranks) == 2 and item.points == 2
        elif item.kind == "run":
            assert ranks == list(range(ranks[0], ranks[0] + len(ranks))) and len(ranks) >= 3
            assert item.points == len(ranks)
        elif item.kind == "nobs":
            assert item.cards[0].rank == 11 and item.cards[0].suit == cards[-1].suit
        else:
            assert item.kind == "flush" and len({c.suit for c in item.cards}) == 1


@given(hands_with_starter, st.booleans())
def test_the_spoken_count_ends_on_the_total(cards: list[Card], crib: bool) -> None:
    result = score_show(cards[:-1], cards[-1], is_crib=crib)
    if result.total == 0:
        assert result.spoken == "Nineteen"
    else:
        assert result.spoken.endswith(f" {number_word(result.total)}")


def test_two_pairs_royal_in_a_seven_card_game_hand_are_named_together() -> None:
    result = show("5H 5C 5S 6H 6C", "6S")
    assert result.spoken == "Fifteen two, and two pairs royal is fourteen"


@given(st.lists(st.sampled_from(DECK), min_size=5, max_size=5, unique=True))
def test_no_four_card_hand_scores_nineteen_twenty_five_twenty_six_or_twenty_seven(
    cards: list[Card],
) -> None:
    assert show_points(cards[:4], cards[4]) not in {19, 25, 26, 27}


def test_numbers_are_spoken_as_players_say_them_up_to_a_game_of_121() -> None:
    assert [number_word(n) for n in (0, 15, 29, 31, 61, 121)] == [
        "zero", "fifteen", "twenty-nine", "thirty-one", "sixty-one", "one hundred and twenty-one",
    ]
    with pytest.raises(ValueError, match=r"outside 0\.\.999"):
        number_word(1000)
