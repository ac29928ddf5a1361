"""Computer players at each level: whole games, legal choices, what a seat infers, and
choices that depend only on the seed and the view."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Sequence
from dataclasses import replace

import pytest

from pi_app.engine import parse_card, parse_cards
from pi_app.engine.advisor.levels import (
    PLAYER_NAMES,
    AdvisorPlayer,
    EvGreedyPlayer,
    GreedyPlayer,
    Level,
    advise_play,
    decision_rng,
    make_player,
    play_state,
)
from pi_app.engine.cards import Card
from pi_app.engine.players import DiscardView, Player, PlayView, SimplePlayer, play_game
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


class Recorder:
    """Plays as `player` and keeps every view it was shown, with its answer."""

    def __init__(self, player: Player) -> None:
        self.player = player
        self.discards: list[tuple[DiscardView, tuple[Card, ...]]] = []
        self.plays: list[tuple[PlayView, Card | None]] = []

    def discard(self, view: DiscardView) -> Sequence[Card]:
        answer = tuple(self.player.discard(view))
        self.discards.append((view, answer))
        return answer

    def play(self, view: PlayView) -> Card | None:
        answer = self.player.play(view)
        self.plays.append((view, answer))
        return answer


@pytest.mark.parametrize("name", PLAYER_NAMES)
def test_a_players_choices_depend_only_on_its_seed_and_the_view(name: str) -> None:
    seen = Recorder(make_player(name, 7))
    play_game([seen, make_player("expert", 8)], seed=21)
    assert len(seen.plays) > 20
    fresh = make_player(name, 7)
    # asked in reverse order, every view comes after others than it did in the game
    assert [tuple(fresh.discard(view)) for view, _ in reversed(seen.discards)] == [
        answer for _, answer in reversed(seen.discards)]
    assert [fresh.play(view) for view, _ in reversed(seen.plays)] == [
        answer for _, answer in reversed(seen.plays)]
    # and the player that played the game, asked it all again, answers as it did
    assert [seen.player.play(view) for view, _ in seen.plays] == [
        answer for _, answer in seen.plays]


def _opening_lead(scores: tuple[int, int] = (0, 0)) -> PlayView:
    """The pone leads with 4 cards of 13 ranks against 4 unknown: too many holdings to count,
    so the search samples them."""
    held = tuple(parse_cards("3C 4D 9H KS"))
    return PlayView(seat=1, hand=held, kept=held, thrown=tuple(parse_cards("7C QD")), dealer=0,
                    scores=scores, rules=preset("six-card"), starter=parse_card("JH"),
                    played=(), run=(), count=0, playable=held)


def _expert_values(seed: str, view: PlayView) -> tuple[tuple[Card, float], ...]:
    state = play_state(view, score_aware=True)
    return advise_play(state, Level.EXPERT, rng=decision_rng(seed, view)).options


def test_the_search_samples_holdings_by_the_seed_and_the_view_alone() -> None:
    lead = _opening_lead()
    assert _expert_values("7", lead) == _expert_values("7", replace(lead))
    assert _expert_values("7", lead) != _expert_values("8", lead)
    assert _expert_values("7", lead) != _expert_values("7", _opening_lead(scores=(40, 52)))


GAME_LOG = """
import json
from pi_app.engine.advisor.levels import make_player
from pi_app.engine.players import play_game
game = play_game([make_player("expert", "x/0"), make_player("standard", "x/1")], seed=5)
print(json.dumps(game.events))
"""


def test_the_same_seed_plays_the_same_game_whatever_python_hashes_strings_to() -> None:
    logs = [
        subprocess.run([sys.executable, "-c", GAME_LOG], capture_output=True, text=True,
                       check=True, env={**os.environ, "PYTHONHASHSEED": hash_seed}).stdout
        for hash_seed in ("1", "2")
    ]
    assert logs[0] == logs[1]
    assert json.loads(logs[0])[-1]["type"] == "game_end"


@pytest.mark.parametrize(("name", "kind"), [
    ("random", SimplePlayer), ("greedy", GreedyPlayer), ("ev-greedy", EvGreedyPlayer),
    ("beginner", AdvisorPlayer), ("standard", AdvisorPlayer), ("expert", AdvisorPlayer),
])
def test_make_player_builds_each_computer_player_by_name(name: str, kind: type) -> None:
    player = make_player(name, 3)
    assert isinstance(player, kind)
    if isinstance(player, AdvisorPlayer):
        assert player.level == Level(name)


def test_the_computer_players_are_named_weakest_first() -> None:
    assert PLAYER_NAMES == ("random", "greedy", "ev-greedy", "beginner", "standard", "expert")


def test_an_unknown_player_name_is_refused_with_the_names_there_are() -> None:
    with pytest.raises(ValueError, match="no computer player called 'grandmaster'") as caught:
        make_player("grandmaster", 0)
    assert all(name in str(caught.value) for name in PLAYER_NAMES)
