"""Every variant played to the end many times: the log always obeys the rules of the game."""

from __future__ import annotations

import pytest

from pi_app.engine.cards import parse_card
from pi_app.engine.game import Action, Event, Game
from pi_app.engine.players import SimplePlayer, play_game
from pi_app.engine.variants import PRESETS, Rules, preset

VARIANTS = [
    *PRESETS.values(),
    preset("six-card", muggins=True),
    preset("six-card", no_peg_out_on_go=True, four_card_crib_flush=True, triple_skunk=True),
    preset("seven-card", target=181),
    preset("seven-card", crib_dealt=1, target=151),
]
SEEDS = range(12)


def games(rules: Rules) -> list[Game]:
    return [play_game([SimplePlayer(f"{seed}/{seat}") for seat in range(rules.players)],
                      rules, seed) for seed in SEEDS]


@pytest.fixture(scope="module", params=VARIANTS, ids=lambda r: r.name + ("+" if r != PRESETS.get(
    r.name) else ""))
def played(request: pytest.FixtureRequest) -> tuple[Rules, list[Game]]:
    rules: Rules = request.param
    return rules, games(rules)


def deals(events: list[Event]) -> list[list[Event]]:
    runs: list[list[Event]] = []
    for event in events:
        if event["type"] == "deal":
            runs.append([])
        runs[-1].append(event)
    return runs


def test_scores_equal_the_sum_of_the_scoring_events(played: tuple[Rules, list[Game]]) -> None:
    rules, finished = played
    for game in finished:
        totals = [0] * len(rules.sides)
        for event in game.events:
            if "points" in event and event["type"] != "game_end":
                totals[rules.side_of(event["player"])] += event["points"]
        assert game.result is not None
        assert totals == game.scores == game.result["scores"]


def test_no_card_is_seen_twice_in_a_deal(played: tuple[Rules, list[Game]]) -> None:
    rules, finished = played
    for game in finished:
        for deal in deals(game.events):
            first = deal[0]
            dealt = [c for hand in first["hands"] for c in hand] + first.get("crib_dealt", [])
            assert all(len(hand) == rules.cards_dealt for hand in first["hands"])
            starter = [e["card"] for e in deal if e["type"] == "starter"]
            assert len(set(dealt + starter)) == len(dealt) + len(starter)
            held = {seat: set(hand) for seat, hand in enumerate(first["hands"])}
            for event in deal:
                if event["type"] in ("discard", "play"):
                    for card in event.get("cards", [event.get("card")]):
                        held[event["player"]].remove(card)  # each card leaves a hand once


def test_turn_order_is_legal_and_the_log_replays_from_the_actions_alone(
    played: tuple[Rules, list[Game]],
) -> None:
    rules, finished = played
    for game in finished:
        fresh = Game(rules, game.seed)
        for event in game.events[len(fresh.events):]:
            if event["type"] == "discard":
                fresh.apply(Action("discard", event["player"],
                                   tuple(parse_card(c) for c in event["cards"])))
            elif event["type"] == "play":
                assert fresh.turn == event["player"]
                fresh.apply(Action("play", event["player"], (parse_card(event["card"]),),
                                   points=event.get("claimed")))
            elif event["type"] == "go" and event.get("said"):
                assert fresh.turn == event["player"] and not fresh.can_play(event["player"])
                fresh.apply(Action("go", event["player"]))
            elif event["type"] == "show" and "claimed" in event:
                fresh.apply(Action("claim", event["player"], points=event["claimed"]))
            elif event["type"] == "deal":
                fresh.apply(Action("next", (event["dealer"] - 1) % rules.players))
        assert fresh.events == game.events


def test_each_deal_leads_from_the_pone_and_shows_pone_first_then_dealer_then_crib(
    played: tuple[Rules, list[Game]],
) -> None:
    rules, finished = played
    for game in finished:
        for number, deal in enumerate(deals(game.events)):
            dealer = deal[0]["dealer"]
            if number:
                assert dealer == (deals(game.events)[number - 1][0]["dealer"] + 1) % rules.players
            plays = [e for e in deal if e["type"] == "play"]
            if plays:
                assert plays[0]["player"] == (dealer + 1) % rules.players
            order = [((dealer + k) % rules.players, "hand") for k in range(1, rules.players)]
            order += [(dealer, "hand"), (dealer, "crib")]
            shows = [(e["player"], e["kind"]) for e in deal if e["type"] == "show"]
            assert shows == order[: len(shows)]


def test_the_game_ends_exactly_when_a_side_reaches_its_target(
    played: tuple[Rules, list[Game]],
) -> None:
    rules, finished = played
    for game in finished:
        assert game.events[-1]["type"] == "game_end"
        assert sum(e["type"] == "game_end" for e in game.events) == 1
        totals = [0] * len(rules.sides)
        for event in game.events[:-1]:
            assert all(t < rules.target_of(s) for s, t in enumerate(totals))
            if "points" in event:
                totals[rules.side_of(event["player"])] += event["points"]
        out = [s for s, t in enumerate(totals) if t >= rules.target_of(s)]
        assert len(out) == 1
        end = game.events[-1]
        assert (end["winner"] == out[0]) != rules.lowball


def test_replaying_the_log_rebuilds_the_same_state(played: tuple[Rules, list[Game]]) -> None:
    rules, finished = played
    for game in finished:
        assert Game.replay(game.events, rules, game.seed).to_json() == game.to_json()


def test_same_seed_same_game_and_different_seeds_differ() -> None:
    rules = Rules()
    players = [SimplePlayer(0), SimplePlayer(1)]
    assert play_game(players, rules, 5).events == play_game(players, rules, 5).events
    assert play_game(players, rules, 5).events != play_game(players, rules, 6).events
