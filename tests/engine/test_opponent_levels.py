"""Computer players at each level: whole games, legal choices, what a seat infers."""

from __future__ import annotations

import pytest

from pi_app.engine import parse_card, parse_cards
from pi_app.engine.advisor.levels import (
    AdvisorPlayer,
    EvGreedyPlayer,
    GreedyPlayer,
    Level,
    play_state,
)
from pi_app.engine.players import DiscardView, PlayView, play_game
from pi_app.engine.variants import preset


def test_expert_plays_a_whole_game_against_greedy_to_the_end() -> None:
    game = play_game([AdvisorPlayer(Level.EXPERT), GreedyPlayer()], seed=11)
    assert game.result is not None
    assert max(game.scores) >= 121


@pytest.mark.parametrize("variant", ["five-card", "seven-card", "three-hand", "four-hand"])
def test_every_level_finishes_a_game_of_each_variant(variant: str) -> None:
    rules = preset(variant)
    levels = [Level.BEGINNER, Level.STANDARD, Level.EXPERT, Level.STANDARD]
    players = [AdvisorPlayer(levels[seat]) for seat in range(rules.players)]
    game = play_game(players, rules=rules, seed=5)
    assert game.result is not None


def test_baselines_discard_as_described() -> None:
    view = DiscardView(seat=0, hand=tuple(parse_cards("5H 5C 5S JD 2C 9S")), dealer=0,
                       scores=(0, 0), rules=preset("six-card"), game=0, deal=1)
    assert set(GreedyPlayer().discard(view)) == set(parse_cards("2C 9S"))
    assert set(EvGreedyPlayer().discard(view)) == set(parse_cards("2C 9S"))
    # beginner ignores the crib: from 6 7 8 8 9 10 it keeps the best hand, 6 7 8 8
    beginner = DiscardView(seat=1, hand=tuple(parse_cards("6C 7D 8H 8S 9C TD")), dealer=0,
                           scores=(0, 0), rules=preset("six-card"), game=0, deal=1)
    assert set(AdvisorPlayer(Level.BEGINNER).discard(beginner)) == set(parse_cards("9C TD"))
    assert set(AdvisorPlayer(Level.STANDARD).discard(beginner)) == set(parse_cards("6C TD"))


def _view(hand: str, played: list[tuple[int, str]], run: int, thrown: str = "AC AD"
          ) -> PlayView:
    cards = [(seat, parse_card(code)) for seat, code in played]
    run_cards = tuple(card for _, card in cards[len(cards) - run:]) if run else ()
    held = tuple(parse_cards(hand))
    return PlayView(seat=0, hand=held, kept=held, thrown=tuple(parse_cards(thrown)), dealer=1,
                    scores=(100, 110), rules=preset("six-card"), starter=parse_card("2S"),
                    played=tuple(cards), run=run_cards, count=sum(c.value for c in run_cards),
                    playable=held)


def test_a_seat_that_plays_twice_running_knows_the_opponent_said_go() -> None:
    # he played K, I played 9 (19) and he said go; I played 2 (21) and am asked again
    view = _view("3H", [(1, "KD"), (0, "9C"), (0, "2C")], run=3)
    seen = play_state(view, score_aware=True)
    assert seen.opponent_go_count == 19
    assert seen.opponent_played == (parse_card("KD"),)
    assert seen.opponent_cards_left == 3
    assert seen.known == tuple(parse_cards("AC AD"))
    assert seen.needs == (21, 11)


def test_no_go_is_inferred_while_the_opponent_keeps_playing() -> None:
    view = _view("3H 4H", [(1, "KD"), (0, "9C"), (1, "5S")], run=3)
    assert play_state(view, score_aware=False).opponent_go_count is None
    assert play_state(view, score_aware=False).needs is None
