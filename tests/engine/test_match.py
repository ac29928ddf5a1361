"""Match play: best of N with skunks as double wins, tournament points, Captain's rotation."""

from __future__ import annotations

from itertools import pairwise

import pytest

from pi_app.engine.game import GameError
from pi_app.engine.match import GAMES_FOR_SKUNK, Match, play_match
from pi_app.engine.players import SimplePlayer
from pi_app.engine.variants import Rules, preset


@pytest.mark.parametrize("seed", range(6))
def test_best_of_five_ends_as_soon_as_someone_has_won_three_games(seed: int) -> None:
    match = play_match([SimplePlayer(0), SimplePlayer(1)], Rules(), seed, best_of=5)
    credits = {"none": 1, "single": 2, "double": 3, "triple": 4}
    won = [0, 0]
    for number, game in enumerate(match.games):
        assert game.result is not None
        assert max(won) < 3, "a game was played after the match was decided"
        won[game.result["winner"]] += credits[game.result["skunk"]]
        assert game.game == number
    assert match.games_won == won and max(won) >= 3 and match.over
    assert match.winner == won.index(max(won))


def test_tournament_points_are_two_for_a_win_and_three_for_a_skunk() -> None:
    match = play_match([SimplePlayer(0), SimplePlayer(1)], Rules(), 3, best_of=9)
    points = [0, 0]
    for game in match.games:
        assert game.result is not None
        points[game.result["winner"]] += 2 if game.result["skunk"] == "none" else 3
    assert match.tournament_points == points
    assert sum(match.spread) == 0


def test_each_game_of_a_match_is_dealt_differently() -> None:
    match = play_match([SimplePlayer(0), SimplePlayer(1)], Rules(), 8, best_of=3)
    deals = [game.events[0]["hands"] for game in match.games]
    assert len(deals) >= 2 and len({str(d) for d in deals}) == len(deals)


def test_in_captains_each_person_takes_a_turn_as_the_lone_player() -> None:
    match = Match(preset("captains"))
    lone = [match.seating(game)[0] for game in range(3)]
    assert sorted(lone) == [0, 1, 2]


def test_captains_match_credits_the_person_not_the_seat() -> None:
    match = play_match([SimplePlayer(p) for p in range(3)], preset("captains"), 2, best_of=3)
    expected = [0, 0, 0]
    for game in match.games:
        assert game.result is not None
        for seat in game.result["winner_seats"]:  # person p sits in seat (p - game) mod 3
            expected[(seat + game.game) % 3] += GAMES_FOR_SKUNK[game.result["skunk"]]
    assert match.games_won == expected


def test_a_match_is_best_of_an_odd_number() -> None:
    with pytest.raises(GameError, match="odd number"):
        Match(Rules(), best_of=4)


def test_the_next_game_waits_for_the_current_one_to_finish() -> None:
    match = Match(Rules())
    match.next_game()
    with pytest.raises(GameError, match="not finished"):
        match.next_game()


def test_the_loser_of_a_game_deals_first_in_the_next_when_agreed() -> None:
    match = play_match([SimplePlayer(0), SimplePlayer(1)], Rules(), 5, best_of=7,
                       first_deal="loser")
    assert len(match.games) >= 2
    for last, game in pairwise(match.games):
        assert last.result is not None
        assert game.events[0]["dealer"] == 1 - last.result["winner"]
        assert "cuts" not in game.events[0]


def test_the_first_deal_alternates_from_game_to_game_when_agreed() -> None:
    match = play_match([SimplePlayer(0), SimplePlayer(1)], Rules(), 6, best_of=7,
                       first_deal="alternate")
    dealers = [game.events[0]["dealer"] for game in match.games]
    assert len(dealers) >= 2
    assert all(a != b for a, b in pairwise(dealers))


def test_in_lowball_the_loser_who_deals_next_is_the_one_who_pegged_out() -> None:
    rules = preset("lowball")
    match = play_match([SimplePlayer(0), SimplePlayer(1)], rules, 4, best_of=5,
                       first_deal="loser")
    for last, game in pairwise(match.games):
        assert last.result is not None
        scores = last.result["scores"]
        assert game.events[0]["dealer"] == (0 if scores[0] > scores[1] else 1)


def test_an_unknown_first_deal_rule_is_named() -> None:
    with pytest.raises(GameError, match="first_deal is one of cut, loser, alternate"):
        Match(Rules(), first_deal="dealer")  # type: ignore[arg-type]
