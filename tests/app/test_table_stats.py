"""The page's statistics, as players read them once a game is won."""

from __future__ import annotations

from table_helpers import play_until_show


def test_a_won_game_is_in_the_statistics_as_soon_as_it_is_won(make_controller) -> None:
    table = make_controller("scoreboard")
    table.act({"type": "peg", "player": 1, "points": 10})
    for points in (29, 29, 29, 29, 5):  # North pegs out at 121, South short of 91
        table.act({"type": "peg", "player": 0, "points": points})
    stats = table.snapshot()["stats"]
    assert stats["games"] == 1
    assert stats["players"]["North"]["wins"] == 1 and stats["players"]["South"]["wins"] == 0
    assert stats["players"]["North"]["skunks_won"] == 1

    table.act({"type": "undo"})  # the winning peg taken back: no game is won yet
    assert table.snapshot()["stats"]["games"] == 0


def play_a_whole_game(table) -> None:
    for _ in range(60):
        if table.snapshot()["winner"] is not None:
            return
        play_until_show(table)
        while table.snapshot()["pending"] is not None:
            table.act({"type": "confirm"})
        if table.snapshot()["winner"] is None:
            table.act({"type": "next", "player": table.snapshot()["state"]["dealer"]})
    raise AssertionError("the game was not won")


def test_each_hand_of_a_won_game_is_in_the_histogram_once_also_after_the_next_deal(
        make_controller) -> None:
    table = make_controller("versus", computer_level="beginner")
    play_a_whole_game(table)
    hands = [e for e in table.store.events(table.game_id)
             if e["type"] == "show" and e["kind"] == "hand"]
    stats = table.snapshot()["stats"]
    assert stats["games"] == 1
    assert sum(stats["hand_histogram"].values()) == len(hands)

    table.act({"type": "new_game"})
    stats = table.snapshot()["stats"]
    assert stats["games"] == 1 and sum(stats["hand_histogram"].values()) == len(hands)


def test_a_winning_count_past_121_is_told_and_charted_as_the_board_pegs_it(
        make_controller) -> None:
    table = make_controller("scoreboard")
    table.act({"type": "peg", "player": 1, "points": 12})
    for points in (29, 29, 29, 29, 29):  # North counts 145: the game ends in hole 121
        table.act({"type": "peg", "player": 0, "points": points})
    snap = table.snapshot()
    assert snap["pegs"][0]["front"] == 121
    assert snap["log"][-1] == "North wins, 121–12, double skunk"
    assert snap["stats"]["race"][-1] == [121, 12]
