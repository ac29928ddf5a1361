"""The computer's card in the play: legal always, never an avoidable 5 or 21, lookahead."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pi_app.engine import DECK, parse_card, parse_cards, score_play
from pi_app.engine.advisor.levels import Level, advise_play
from pi_app.engine.advisor.pegging import WIN, PlaySearch, PlayState, choose_play, rank_play_points


def state(hand: str, played: str = "", *, left: int | None = None, **extra: object
          ) -> PlayState:
    cards = tuple(parse_cards(played)) if played else ()
    return PlayState(
        hand=tuple(parse_cards(hand)), played=cards, history=cards, starter=parse_card("2C"),
        opponent_cards_left=4 - (len(cards) + 1) // 2 if left is None else left,
        **extra,  # type: ignore[arg-type]
    )


@given(st.permutations(DECK), st.integers(min_value=1, max_value=8))
def test_rank_play_points_agree_with_the_play_scorer(deck: list, length: int) -> None:  # type: ignore[type-arg]
    played = []
    for card in deck:
        if sum(c.value for c in played) + card.value > 31:
            break
        played.append(card)
        if len(played) == length:
            break
    ranks = tuple(c.rank for c in played)
    assert rank_play_points(ranks) == score_play(played).points


def test_pair_royal_in_the_play_scores_six() -> None:
    assert rank_play_points((6, 6, 6)) == 6


@pytest.mark.parametrize("level", [Level.STANDARD, Level.EXPERT])
def test_never_leads_a_five_when_another_card_will_do(level: Level) -> None:
    choice = advise_play(state("5H 9C KD 2S"), level)
    assert choice.card is not None and choice.card.rank != 5


@pytest.mark.parametrize("level", list(Level))
def test_never_leaves_twenty_one_when_another_card_will_do(level: Level) -> None:
    # 8 and 3 make 11: the ten makes 21, and any ten-card answers it with 31 for two
    choice = advise_play(state("TC 2S 9H", "8D 3C", left=3), level)
    assert choice.card != parse_card("TC")


@pytest.mark.parametrize("level", list(Level))
def test_takes_fifteen_two_on_a_ten(level: Level) -> None:
    assert advise_play(state("5H 2D 3D KS", "TD"), level).card == parse_card("5H")


@pytest.mark.parametrize("level", list(Level))
def test_says_go_when_no_card_keeps_the_count_within_thirty_one(level: Level) -> None:
    choice = advise_play(state("TC 9H", "KD QD 8S", left=1), level)
    assert choice.card is None


def test_search_pegs_out_rather_than_taking_more_points_later() -> None:
    # needs 2 to win: the five makes fifteen-two on the ten and ends the game
    choice = advise_play(state("5H 4S 6D", "TD", needs=(2, 40)), Level.EXPERT)
    assert choice.card == parse_card("5H")
    assert choice.ev == WIN


def test_lookahead_keeps_the_card_that_answers_a_likely_reply() -> None:
    # count 10 after a king: 5 makes fifteen (2) but a ten-card reply scores
    # nothing for him; the search values the fifteen above any quiet card
    choice = choose_play(state("5H 4S 9D", "KD"), PlaySearch(holdings=24, depth=5))
    values = dict(choice.options)
    assert choice.card == parse_card("5H")
    assert values[parse_card("5H")] > values[parse_card("4S")]


def test_opponent_who_said_go_is_known_to_hold_no_low_card() -> None:
    # count 24 and he said go: he holds nothing of 7 or less, so he cannot answer the
    # three with a four for 31; not knowing that, the same play looks worse
    told = choose_play(state("3S 2D", "KD TC 4H", left=2, opponent_go_count=24),
                       PlaySearch(holdings=200, depth=8))
    untold = choose_play(state("3S 2D", "KD TC 4H", left=2),
                         PlaySearch(holdings=200, depth=8))
    assert dict(told.options)[parse_card("3S")] > dict(untold.options)[parse_card("3S")]


@settings(max_examples=60, deadline=None)
@given(st.randoms(use_true_random=False), st.sampled_from(list(Level)))
def test_every_level_plays_only_legal_cards(rng: random.Random, level: Level) -> None:
    deck = list(DECK)
    rng.shuffle(deck)
    starter, hand = deck[0], deck[1:1 + rng.randint(1, 4)]
    others = deck[5:]
    played = []
    for card in others[: rng.randint(0, 6)]:
        if sum(c.value for c in played) + card.value <= 31:
            played.append(card)
    seen = PlayState(hand=tuple(hand), played=tuple(played), history=tuple(played),
                     starter=starter, opponent_cards_left=rng.randint(0, 4))
    choice = advise_play(seen, level, rng=rng)
    legal = [c for c in hand if sum(c.value for c in played) + c.value <= 31]
    if legal:
        assert choice.card in legal
    else:
        assert choice.card is None
