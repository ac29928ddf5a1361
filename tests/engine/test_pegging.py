"""The play: what each card laid down scores, checked against the books' walk-throughs."""

from __future__ import annotations

import re
from itertools import combinations
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pi_app.engine.cards import DECK, Card, parse_card, parse_cards
from pi_app.engine.pegging import PlayError, PlayScore, go_item, heels_item, score_play

MODERN = "rules/003_99af896be415646e.txt"

"""Property tests time nothing: a shared CI machine may pause any one example."""


def play_out(cards: str) -> list[PlayScore]:
    """Score each card of one count (since it was last 0) as it is laid."""
    played = parse_cards(cards)
    return [score_play(played[: n + 1]) for n in range(len(played))]


def points(scores: list[PlayScore]) -> list[int]:
    return [s.points for s in scores]


def kinds(score: PlayScore) -> dict[str, int]:
    return {item.kind: item.points for item in score.items}


# -- rules/000: "Pairs", "Sequences", "Fifteens" walk-through ----------------------------


def test_pairs_in_play_score_two_then_six_then_twelve_for_the_same_rank_in_a_row() -> None:
    scores = play_out("6C 6D 6H 6S")
    assert [s.count for s in scores] == [6, 12, 18, 24]
    assert points(scores) == [0, 2, 6, 12]
    assert [kinds(s) for s in scores[1:]] == [{"pair": 2}, {"pair": 6}, {"pair": 12}]


def test_book_sequence_walk_through_dealer_pegs_ten_and_pone_fifteen() -> None:
    # Pone 4, dealer 2, pone 3 (run of three), dealer A (run of four), pone 5 (fifteen and a
    # run of five), dealer 2 (nothing: a deuce comes again before the four), pone 4 (run of
    # five afresh), dealer 3 (run of five, and last card).
    played = parse_cards("4C 2D 3H AS 5C 2H 4D 3S")
    scores = [score_play(played[: n + 1], last_card=n == 7) for n in range(8)]
    assert [s.count for s in scores] == [4, 6, 9, 10, 15, 17, 21, 24]
    assert points(scores) == [0, 0, 3, 4, 7, 0, 5, 6]
    assert kinds(scores[4]) == {"fifteen": 2, "run": 5}
    assert kinds(scores[7]) == {"run": 5, "last card": 1}
    assert sum(points(scores)[1::2]) == 10  # dealer
    assert sum(points(scores)[0::2]) == 15  # pone


def test_book_go_walk_through() -> None:
    # Jack led, dealer five for fifteen, pone nine (24): dealer cannot play, nor can pone,
    # who pegs the go. Then nine, jack, nine (28): pone cannot play, dealer pegs the go.
    # Then pone's ten and dealer's eight, one for the last card.
    first = play_out("JC 5D 9H")
    assert points(first) == [0, 2, 0]
    assert score_play(parse_cards("JC 5D 9H"), go=True).points == 1
    second = parse_cards("9D JH 9S")
    assert score_play(second, go=True).count == 28
    assert kinds(score_play(second, go=True)) == {"go": 1}
    assert kinds(score_play(parse_cards("TS 8D"), last_card=True)) == {"last card": 1}


def test_book_thirty_one_walk_through() -> None:
    # Pone 9, dealer 6 (fifteen), pone 6 (pair), dealer 4, pone 5 (thirty, run of three),
    # dealer says go, pone an ace for 31: two, and nothing for the go.
    played = parse_cards("9C 6D 6H 4S 5C AD")
    scores = [score_play(played[: n + 1]) for n in range(5)]
    scores.append(score_play(played, go=True))
    assert [s.count for s in scores] == [9, 15, 21, 25, 30, 31]
    assert points(scores) == [0, 2, 2, 0, 3, 2]
    assert kinds(scores[-1]) == {"thirty-one": 2}
    # The count starts again; the dealer plays his two fives: a pair and the last card.
    assert kinds(score_play(parse_cards("5D 5H"), last_card=True)) == {"pair": 2, "last card": 1}


def test_book_five_card_game_double_pair_royal_and_thirty_one_peg_fourteen() -> None:
    played = parse_cards("7C 6D 6H 6S 6C")
    assert points([score_play(played[:n]) for n in range(1, 5)]) == [0, 0, 2, 6]
    assert kinds(score_play(played, go=True)) == {"thirty-one": 2, "pair": 12}


# -- rules/003: the modern rules page's play examples, announcements included -------------


def test_modern_play_example_thirty_and_one_for_the_go() -> None:
    scores = play_out("4C 7D 4H JS")
    assert points(scores) == [0, 0, 2, 0]
    last = score_play(parse_cards("4C 7D 4H JS 5C"), go=True)
    assert last.count == 30 and kinds(last) == {"go": 1}


def test_modern_play_example_announcements_match_the_rules_page(shared_dir: Path) -> None:
    text = (shared_dir / MODERN).read_text(encoding="utf-8")
    example = text[text.index("Another example:") : text.index("The total is now reset, and Bob")]
    said = re.findall(r"says '([^']+)\.'", example)
    played = parse_cards("4C 4D 4H 3S 2C 5D 9H")
    scores = [score_play(played[: n + 1]) for n in range(len(played))]
    assert [s.spoken for s in scores] == said
    assert said[:3] == ["Four", "Eight for two", "Twelve for six"]
    assert kinds(scores[-1]) == {"thirty-one": 2}
    assert score_play(played, go=True).points == 2  # 31 with the go is two, not three
    assert kinds(score_play(parse_cards("QS"), go=True)) == {"go": 1}


def test_modern_etiquette_example_fifteen_five_then_pair_then_pair_royal() -> None:
    scores = play_out("4C 6D 5H 5S 5C")
    assert [s.spoken for s in scores] == [
        "Four", "Ten", "Fifteen for five", "Twenty for two", "Twenty-five for six",
    ]


def test_fools_mate_play_dealer_pegs_eleven_pone_two() -> None:
    first = play_out("QC 5D TS 6H")
    second = parse_cards("2C 4D 4S 4H")
    scores = first + [score_play(second[: n + 1], last_card=n == 3) for n in range(4)]
    assert points(scores) == [0, 2, 0, 2, 0, 0, 2, 7]
    assert sum(points(scores)[1::2]) == 11
    assert sum(points(scores)[0::2]) == 2


# -- REFERENCE.md pitfalls ----------------------------------------------------------------


def test_a_pair_must_be_the_card_just_before() -> None:
    assert points(play_out("4C 5D 4H")) == [0, 0, 0]


def test_a_repeated_rank_inside_the_last_cards_breaks_the_run() -> None:
    assert kinds(score_play(parse_cards("4C 2D 3H AS 5C 2H"))) == {}
    assert kinds(score_play(parse_cards("2D 3H 2S 4C"))) == {"run": 3}


def test_a_run_in_play_counts_in_any_order_and_the_longest_counts() -> None:
    assert kinds(score_play(parse_cards("5C 3D 6H 4S 7C"))) == {"run": 5}
    assert kinds(score_play(parse_cards("3C 6D 4H 7S 5C"))) == {"run": 5}


def test_queen_king_ace_is_no_run_in_play() -> None:
    assert kinds(score_play(parse_cards("QC KD AH"))) == {}


def test_fifteen_and_thirty_one_stack_with_pairs_and_runs() -> None:
    assert kinds(score_play(parse_cards("4C 6D 5H"))) == {"fifteen": 2, "run": 3}
    assert kinds(score_play(parse_cards("TC 7D 7H 7S"))) == {"thirty-one": 2, "pair": 6}


def test_a_last_card_that_makes_fifteen_scores_three() -> None:
    assert score_play(parse_cards("9C 6D"), last_card=True).points == 3


def test_no_go_or_last_card_point_on_exactly_thirty_one() -> None:
    thirty_one = parse_cards("KC QD JH AS")
    assert score_play(thirty_one, last_card=True).points == 2
    assert go_item(31, thirty_one[-1], is_last_card=True) is None
    item = go_item(30, thirty_one[-1], is_last_card=False)
    assert item is not None and (item.kind, item.points) == ("go", 1)


def test_his_heels_a_jack_turned_as_starter_gives_the_dealer_two() -> None:
    item = heels_item(parse_card("JD"))
    assert item is not None and (item.kind, item.points) == ("heels", 2)
    assert heels_item(parse_card("QD")) is None


def test_a_card_that_takes_the_count_past_thirty_one_is_rejected() -> None:
    with pytest.raises(PlayError, match="5H takes the count from 30 to 35, past 31"):
        score_play(parse_cards("KS QS JS 5H"))


def test_a_play_with_no_card_or_a_card_twice_is_rejected() -> None:
    with pytest.raises(PlayError, match="no card"):
        score_play([])
    five = parse_card("5H")
    with pytest.raises(ValueError, match="5H appears twice"):
        score_play([five, five])
    with pytest.raises(PlayError, match="either the go or the last card"):
        score_play([five], go=True, last_card=True)


# -- properties: the rules against a brute-force reference ---------------------------------


def reference_pair_points(played: list[Card]) -> int:
    """Every pair among the same-rank cards at the end of the play, two points each."""
    tail = [played[-1]]
    for card in reversed(played[:-1]):
        if card.rank != played[-1].rank:
            break
        tail.append(card)
    return 2 * len(list(combinations(tail, 2)))


def reference_run_points(played: list[Card]) -> int:
    """The longest n >= 3 whose last n cards, sorted, are n consecutive ranks."""
    for n in range(len(played), 2, -1):
        ranks = sorted(c.rank for c in played[-n:])
        if ranks == list(range(ranks[0], ranks[0] + n)):
            return n
    return 0


@st.composite
def plays(draw: st.DrawFn) -> list[Card]:
    """A legal count: distinct cards, the total never past 31; small ranks to make runs."""
    pool = st.sampled_from([c for c in DECK if c.rank <= 7] if draw(st.booleans()) else DECK)
    played: list[Card] = []
    for card in draw(st.lists(pool, min_size=1, max_size=12, unique=True)):
        if sum(c.value for c in played) + card.value > 31:
            break
        played.append(card)
    return played


@given(plays())
def test_pairs_and_runs_in_play_match_a_brute_force_count(played: list[Card]) -> None:
    result = kinds(score_play(played))
    assert result.get("pair", 0) == reference_pair_points(played)
    assert result.get("run", 0) == reference_run_points(played)
    count = sum(c.value for c in played)
    assert result.get("fifteen", 0) == (2 if count == 15 else 0)
    assert result.get("thirty-one", 0) == (2 if count == 31 else 0)
