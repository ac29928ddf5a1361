"""Unlimited undo and redo: one action is one step, whatever followed from it by the rules."""

from __future__ import annotations

import random

import pytest

from pi_app.engine.game import Action, Game, GameError
from pi_app.engine.players import SimplePlayer, drive, play_game
from pi_app.engine.variants import Rules, preset


def test_undo_at_the_start_is_refused() -> None:
    game = Game(Rules(), seed=1)
    with pytest.raises(GameError, match="nothing to undo"):
        game.undo()
    with pytest.raises(GameError, match="nothing to redo"):
        game.redo()


def test_undo_takes_back_an_action_with_everything_that_followed_it() -> None:
    game = Game(Rules(), seed=2)
    game.apply(Action("discard", 0, tuple(game.hands[0][:2])))
    before = game.to_json()
    made = game.apply(Action("discard", 1, tuple(game.hands[1][:2])))
    assert [e["type"] for e in made][:2] == ["discard", "starter"]
    assert game.undo() == made
    after = game.to_json()
    assert {k: v for k, v in after.items() if k != "can_redo"} == {
        k: v for k, v in before.items() if k != "can_redo"}
    assert after["can_redo"]


def test_a_whole_game_undone_to_the_deal_and_redone_is_the_same_game() -> None:
    rules = preset("three-hand", muggins=True)
    game = play_game([SimplePlayer(seat) for seat in range(3)], rules, seed=9)
    final, log = game.to_json(), list(game.events)
    steps = 0
    while game.can_undo:
        game.undo()
        steps += 1
    assert len(game.events) == 1 and game.events[0]["type"] == "deal"
    for _ in range(steps):
        game.redo()
    assert game.events == log
    assert {k: v for k, v in game.to_json().items() if k != "can_redo"} == {
        k: v for k, v in final.items() if k != "can_redo"}


def test_a_new_action_after_undo_clears_the_redo_list() -> None:
    game = Game(Rules(), seed=4)
    game.apply(Action("discard", 0, tuple(game.hands[0][:2])))
    game.undo()
    game.apply(Action("discard", 0, tuple(game.hands[0][2:4])))
    assert not game.can_redo


def test_a_game_undone_from_its_end_plays_on_to_its_end_again() -> None:
    players = [SimplePlayer(0), SimplePlayer(1)]
    game = play_game(players, Rules(), seed=11)
    game.undo()
    assert not game.over and game.result is None
    drive(game, players)
    assert game.over


def test_a_log_that_does_not_fold_is_refused_naming_the_event() -> None:
    game = play_game([SimplePlayer(0), SimplePlayer(1)], Rules(), seed=2)
    log = [dict(event) for event in game.events[:6]]
    log[3] = {**log[3], "card": "ZZ"} if "card" in log[3] else {**log[3], "cards": ["ZZ"]}
    with pytest.raises(GameError, match="event 3"):
        Game.replay(log, Rules(), 2)
    with pytest.raises(GameError, match=r"event 0 \('shuffle'\)"):
        Game.replay([{"type": "shuffle"}], Rules(), 2)


@pytest.mark.parametrize("variant", ["six-card", "three-hand", "four-hand", "five-card"])
def test_random_actions_undos_and_redos_always_leave_the_state_equal_to_its_replay(
    variant: str,
) -> None:
    rules = preset(variant, muggins=True)
    rng = random.Random(variant)
    game = Game(rules, seed=variant)
    for _ in range(400):
        if game.over:
            break
        roll = rng.random()
        if roll < 0.1 and game.can_undo:
            game.undo()
        elif roll < 0.15 and game.can_redo:
            game.redo()
        else:
            action = rng.choice(game.legal_actions())
            if action.kind in ("claim", "muggins"):
                action = Action(action.kind, action.player, points=rng.randint(0, 12))
                if action.kind == "muggins" and action.points == 0:
                    continue
            game.apply(action)
        assert game.to_json() == Game.replay(game.events, rules, variant).to_json() | {
            "can_redo": game.can_redo}
