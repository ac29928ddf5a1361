"""Scoreboard mode: players peg themselves; the board keeps target, skunk lines, games and undo."""

from __future__ import annotations

import pytest

from pi_app.engine.scoreboard import Scoreboard, ScoreboardError, skunk_lines
from pi_app.engine.variants import Rules, preset


def types(events) -> list[str]:
    return [event["type"] for event in events]


def test_each_peg_adds_to_the_players_side():
    board = Scoreboard()
    board.peg(0)
    board.peg(1, 6)
    board.peg(0, 2)
    assert board.scores == [3, 6]


def test_the_skunk_lines_in_a_121_game_are_61_and_91():
    assert skunk_lines(Rules()) == ((61, "double"), (91, "single"))
    assert skunk_lines(Rules(triple_skunk=True))[0] == (31, "triple")
    assert skunk_lines(preset("five-card")) == ((31, "single"),)  # the old lurch


def test_pegging_past_a_skunk_line_says_so():
    board = Scoreboard()
    board.peg(1, 60)
    events = board.peg(1, 2)
    assert events[1] == {"type": "line", "side": 1, "score": 61, "escaped": "double"}
    assert types(board.peg(1, 40)) == ["peg", "line"]  # 62 -> 102 crosses 91


def test_reaching_121_wins_the_game_and_ends_it():
    board = Scoreboard()
    board.peg(0, 100)
    board.peg(1, 95)
    end = board.peg(0, 21)[-1]
    assert end == {"type": "game_end", "game": 1, "scores": [121, 95], "winner": 0,
                   "winner_seats": [0], "skunk": "none", "lowball": False, "games": 1}
    assert board.over and board.games_won == [1, 0]


def test_a_loser_under_91_is_skunked_and_the_win_counts_two_games():
    board = Scoreboard()
    board.peg(1, 90)
    end = board.peg(0, 121)[-1]
    assert (end["skunk"], end["games"]) == ("single", 2)
    assert board.games_won == [2, 0]


def test_a_loser_under_61_is_double_skunked_for_three_games():
    board = Scoreboard()
    board.peg(1, 60)
    assert board.peg(0, 121)[-1]["games"] == 3


def test_no_one_can_peg_after_the_game_is_won_until_the_next_game():
    board = Scoreboard()
    board.peg(0, 121)
    with pytest.raises(ScoreboardError, match=r"game 1 is over.*start the next game first"):
        board.peg(1)
    board.next_game()
    assert (board.game, board.scores, board.games_won) == (2, [0, 0], [3, 0])
    board.peg(1)
    assert board.scores == [0, 1]


def test_the_next_game_cannot_start_while_this_one_is_being_played():
    board = Scoreboard()
    board.peg(0, 5)
    with pytest.raises(ScoreboardError, match=r"game 1 is still being played \(5, 0\)"):
        board.next_game()


def test_undo_takes_back_the_winning_peg_and_the_game_it_won():
    board = Scoreboard()
    board.peg(1, 100)
    board.peg(0, 121)
    assert types(board.undo()) == ["peg", "line", "line", "game_end"]
    assert (board.scores, board.games_won, board.over) == ([0, 100], [0, 0], False)
    board.redo()
    assert (board.scores, board.games_won, board.over) == ([121, 100], [1, 0], True)


def test_undo_of_the_next_game_restores_the_finished_one():
    board = Scoreboard()
    board.peg(0, 121)
    board.next_game()
    board.undo()
    assert board.game == 1 and board.scores == [121, 0] and board.over


def test_a_new_peg_after_an_undo_clears_the_redo():
    board = Scoreboard()
    board.peg(0, 4)
    board.undo()
    board.peg(1, 2)
    assert not board.can_redo
    with pytest.raises(ScoreboardError, match="nothing to redo"):
        board.redo()


def test_undo_with_nothing_pegged_is_refused():
    with pytest.raises(ScoreboardError, match="nothing to undo"):
        Scoreboard().undo()


@pytest.mark.parametrize("points", [0, -3, 1.5, True])
def test_a_peg_of_no_points_or_not_a_whole_number_is_refused(points):
    board = Scoreboard()
    with pytest.raises(ScoreboardError, match="points must be a whole number of at least 1"):
        board.peg(0, points)
    assert board.events == []


def test_a_seat_not_at_the_table_is_refused():
    with pytest.raises(ScoreboardError, match="seat 2 is not at a 2-player table"):
        Scoreboard().peg(2)


def test_partners_peg_onto_one_shared_score():
    board = Scoreboard(preset("four-hand"))
    board.peg(0, 3)
    board.peg(2, 4)
    board.peg(3, 1)
    assert board.scores == [7, 1]


def test_captains_lone_player_wins_at_61():
    board = Scoreboard(preset("captains"))
    board.peg(1, 95)  # the pair play to 121, so 95 is clear of their skunk line
    end = board.peg(0, 61)[-1]
    assert (end["winner"], end["winner_seats"], end["skunk"]) == (0, [0], "none")


def test_in_lowball_the_first_home_loses():
    board = Scoreboard(preset("lowball"))
    board.peg(1, 80)
    end = board.peg(0, 121)[-1]
    assert (end["winner"], end["skunk"], end["games"]) == (1, "single", 2)


def test_replaying_the_log_restores_the_match():
    board = Scoreboard()
    for seat, points in [(0, 30), (1, 95), (0, 91), (1, 2)]:
        if board.over:
            board.next_game()
        board.peg(seat, points)
    restored = Scoreboard.replay(Rules(), board.events)
    assert restored.to_json() == board.to_json()


def test_a_log_with_an_unknown_event_is_refused():
    with pytest.raises(ScoreboardError, match="unknown scoreboard event type 'deal'"):
        Scoreboard.replay(Rules(), [{"type": "deal"}])


def test_a_game_to_121_pegged_one_hole_at_a_time_with_mistakes_undone():
    """Two players peg every hole by hand; some pegs are mistakes, undone and pegged again."""
    board = Scoreboard()
    pegs = 0
    while not board.over:
        seat = pegs % 2
        board.peg(seat)
        pegs += 1
        if pegs % 17 == 0:  # a slip: the wrong player pegged, caught and undone
            board.peg(1 - seat, 5)
            board.undo()
    assert board.result is not None
    assert (board.result["scores"], board.result["winner"]) == ([121, 120], 0)
    assert board.games_won == [1, 0]
    assert board.to_json()["lines"] == [[[61, "double"], [91, "single"]]] * 2
