"""The game database: games restore from their logs, undo reaches the disk, bad input is named."""

from __future__ import annotations

from pathlib import Path

import pytest

from pi_app.engine.game import Action, Game
from pi_app.engine.players import SimplePlayer, play_game
from pi_app.engine.variants import Rules, preset
from pi_app.storage import GameStore, StorageError


def test_a_stored_game_reloads_to_the_same_state(tmp_path: Path) -> None:
    rules = preset("four-hand")
    game = play_game([SimplePlayer(s) for s in range(4)], rules, seed="s1", game=3)
    with GameStore(tmp_path / "g.db") as store:
        game_id = store.new_game(rules, "s1", ["Ann", "Bob", "Cy", "Di"], run="r", number=3)
        store.append(game_id, game.events[:10], at=0)
        store.append(game_id, game.events[10:], at=10)
    with GameStore(tmp_path / "g.db") as store:
        info = store.info(game_id)
        assert (info.rules, info.seed, info.number, info.names) == (
            rules, "s1", 3, ("Ann", "Bob", "Cy", "Di"))
        assert store.load(game_id).to_json() == game.to_json()
        assert store.run_games("r") == [game_id]


def test_sync_after_undo_and_a_different_action_rewrites_only_the_tail(tmp_path: Path) -> None:
    game = Game(Rules(), seed=5)
    with GameStore(tmp_path / "g.db") as store:
        game_id = store.new_game(Rules(), 5)
        game.apply(Action("discard", 0, tuple(game.hands[0][:2])))
        store.sync(game_id, game.events)
        game.undo()
        game.apply(Action("discard", 0, tuple(game.hands[0][2:4])))
        store.sync(game_id, game.events)
        assert store.events(game_id) == game.events
        game.undo()
        store.sync(game_id, game.events)
        assert store.load(game_id).to_json()["events"] == len(game.events) == 1


def test_appending_where_the_log_does_not_end_is_refused(tmp_path: Path) -> None:
    game = Game(Rules(), seed=1)
    with GameStore(tmp_path / "g.db") as store:
        game_id = store.new_game(Rules(), 1)
        store.append(game_id, game.events, at=0)
        with pytest.raises(StorageError, match="has 1 events, not 0"):
            store.append(game_id, game.events, at=0)
        assert store.count(game_id) == 1


def test_bad_requests_name_what_is_wrong(tmp_path: Path) -> None:
    with GameStore(tmp_path / "g.db") as store:
        with pytest.raises(StorageError, match="no game 7"):
            store.info(7)
        with pytest.raises(StorageError, match="seats 2 players, not 3 names"):
            store.new_game(Rules(), 1, ["a", "b", "c"])
        store.new_game(Rules(), 1, run="x", number=0)
        with pytest.raises(StorageError, match="already has a game 0"):
            store.new_game(Rules(), 1, run="x", number=0)


def test_a_file_that_is_not_a_database_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "notes.txt"
    path.write_text("not a database, just some notes that are long enough " * 40)
    with pytest.raises(StorageError, match="not a usable game database"):
        GameStore(path)


def test_stats_count_wins_skunks_points_per_deal_and_best_hands(tmp_path: Path) -> None:
    rules = Rules()
    games = [play_game([SimplePlayer(0), SimplePlayer(1)], rules, seed) for seed in range(6)]
    with GameStore(tmp_path / "g.db") as store:
        for game in games:
            store.append(store.new_game(rules, game.seed, ["Ann", "Bob"]), game.events)
        stats = store.stats()
    assert stats["games"] == 6 and stats["unfinished"] == 0
    ann, bob = stats["players"]["Ann"], stats["players"]["Bob"]
    assert ann["wins"] + bob["wins"] == 6
    assert ann["wins"] == sum(g.result is not None and g.result["winner"] == 0 for g in games)
    shows = [e for g in games for e in g.events if e["type"] == "show" and e["player"] == 0]
    hands = [e["points"] for e in shows if e["kind"] == "hand"]
    assert ann["best_hand"] == max(hands)
    assert ann["hand_per_deal"] == round(sum(hands) / len(hands), 3)
    assert ann["skunks_won"] == bob["skunks_lost"]
    race = stats["races"][0]["race"]
    assert race[0] == [0, 0] and race[-1] == games[0].scores
