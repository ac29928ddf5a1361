"""The game's rules, one worked example each: the deal, the play, the go, the show, pegging out."""

from __future__ import annotations

import pytest

from pi_app.engine.cards import parse_card, parse_cards
from pi_app.engine.game import Action, Event, Game, GameError
from pi_app.engine.variants import Rules, preset


def table_game(
    rules: Rules, dealer: int, hands: list[str], crib: str = "", scores: list[int] | None = None
) -> Game:
    """A game dealt by hand from named cards, the scores standing at `scores`."""
    game = Game(rules, start=False)
    game.apply(Action("next", dealer=dealer, hands=tuple(tuple(parse_cards(h)) for h in hands),
                      cards=tuple(parse_cards(crib))))
    if scores:
        carried = [{"type": "peg", "player": rules.sides[side][0], "side": side,
                    "points": points, "reason": "carried over"}
                   for side, points in enumerate(scores) if points]
        game = Game.replay([*game.events, *carried], rules)
    return game


def discard(game: Game, seat: int, cards: str) -> list[Event]:
    return game.apply(Action("discard", seat, tuple(parse_cards(cards))))


def play(game: Game, seat: int, card: str) -> list[Event]:
    return game.apply(Action("play", seat, (parse_card(card),)))


def starter(game: Game, card: str) -> list[Event]:
    return game.apply(Action("starter", game.pone, (parse_card(card),)))


def test_fools_mate_dealer_outscores_pone_59_to_2_in_one_deal() -> None:
    game = table_game(Rules(), dealer=0, hands=["4H 4S 5C 6D 7C 8D", "2C 4D 7H 8S TC QD"])
    discard(game, 0, "7C 8D")
    discard(game, 1, "7H 8S")
    starter(game, "6H")
    for seat, card in [(1, "QD"), (0, "5C"), (1, "TC"), (0, "6D"),
                       (1, "2C"), (0, "4H"), (1, "4D"), (0, "4S")]:
        play(game, seat, card)
    assert game.scores == [59, 2]
    shows = [(e["kind"], e["player"], e["points"]) for e in game.events if e["type"] == "show"]
    assert shows == [("hand", 1, 0), ("hand", 0, 24), ("crib", 0, 24)]
    assert game.phase == "deal_end"


def test_play_scores_fifteen_thirty_one_pair_royal_and_last_card() -> None:
    game = table_game(Rules(), dealer=0, hands=["4H 4S 5C 6D 7C 8D", "2C 4D 7H 8S TC QD"])
    discard(game, 0, "7C 8D")
    discard(game, 1, "7H 8S")
    starter(game, "6H")
    assert play(game, 1, "QD")[0]["points"] == 0
    assert play(game, 0, "5C")[0]["points"] == 2  # fifteen
    play(game, 1, "TC")
    thirty_one = play(game, 0, "6D")[0]
    assert (thirty_one["count"], thirty_one["points"]) == (31, 2)
    assert game.count == 0 and game.turn == 1  # the count starts again, pone leads
    play(game, 1, "2C")
    play(game, 0, "4H")
    assert play(game, 1, "4D")[0]["points"] == 2
    events = play(game, 0, "4S")
    assert events[0]["points"] == 6
    assert events[1] == {"type": "go", "player": 0, "side": 0, "points": 1,
                         "reason": "last card", "count": 14}


def test_go_gives_one_to_the_last_player_and_the_count_starts_again() -> None:
    game = table_game(Rules(), dealer=0, hands=["KC QC JC 9C 2H 3H", "KD QD 8S 7S 4D 5D"])
    discard(game, 0, "2H 3H")
    discard(game, 1, "4D 5D")
    starter(game, "AS")
    play(game, 1, "KD")
    play(game, 0, "KC")
    play(game, 1, "8S")  # 28
    with pytest.raises(GameError, match="seat 0's turn"):
        game.apply(Action("go", 1))
    assert game.turn == 0
    said = game.apply(Action("go", 0))  # dealer holds QC JC 9C: nothing fits
    assert said[0] == {"type": "go", "player": 0, "side": 0, "points": 0, "said": True}
    award = said[1]
    assert (award["type"], award["player"], award["points"], award["reason"]) == (
        "go", 1, 1, "go")
    assert game.count == 0 and game.turn == 0  # the player after the go leads the new count


def test_the_go_passes_round_a_three_hand_table_to_the_last_player() -> None:
    rules = preset("three-hand")
    game = table_game(rules, dealer=0, crib="2S",
                      hands=["KC QC JC 9C AS", "KD QD 8S 7S AD", "9H 8H TH 6D AC"])
    for seat, card in [(0, "AS"), (1, "AD"), (2, "AC")]:
        discard(game, seat, card)
    starter(game, "3D")
    play(game, 1, "KD")    # pone (seat 1) leads: 10
    play(game, 2, "TH")    # 20
    play(game, 0, "9C")    # 29
    events = game.apply(Action("go", 1))
    assert events == [{"type": "go", "player": 1, "side": 1, "points": 0, "said": True}]
    assert game.turn == 2
    events = game.apply(Action("go", 2))
    assert events[0]["said"] and events[1]["player"] == 0 and events[1]["points"] == 1
    assert game.turn == 1  # the player on the left of the one who scored the go leads


def test_dealer_wins_on_his_heels() -> None:
    game = table_game(Rules(), dealer=0, hands=["KC QC 9C 8C 2H 3H", "KD QD 8S 7S 4D 5D"],
                      scores=[119, 100])
    discard(game, 0, "2H 3H")
    discard(game, 1, "4D 5D")
    events = starter(game, "JS")
    assert events[0]["points"] == 2 and events[0]["reason"] == "his heels"
    assert events[1]["type"] == "game_end"
    assert (events[1]["winner"], events[1]["scores"]) == (0, [121, 100])
    assert game.over and game.legal_actions() == []


def test_pegging_out_mid_play_ends_the_game_at_once() -> None:
    game = table_game(Rules(), dealer=0, hands=["8C QC 9C KC 2H 3H", "7S 8S KD QD 4D 5D"],
                      scores=[60, 119])
    discard(game, 0, "2H 3H")
    discard(game, 1, "4D 5D")
    starter(game, "AS")
    play(game, 1, "7S")
    assert play(game, 0, "8C")[0]["points"] == 2  # fifteen two: the dealer only to 62
    events = play(game, 1, "8S")  # a pair: pone to 121 with cards still in hand
    assert [e["type"] for e in events] == ["play", "game_end"]
    assert events[1]["scores"] == [62, 121] and events[1]["winner"] == 1
    assert game.hands[0] and not any(e["type"] == "show" for e in game.events)
    with pytest.raises(GameError, match="over"):
        play(game, 0, "9C")


def test_show_order_pone_first_so_pone_pegs_out_before_dealers_bigger_hand() -> None:
    game = table_game(Rules(), dealer=0, hands=["5C 5H 5S JD 2H 3H", "6C 6D 9S 9H 4D KD"],
                      scores=[100, 115])
    discard(game, 0, "2H 3H")
    discard(game, 1, "4D KD")
    starter(game, "5D")
    for seat, card in [(1, "6C"), (0, "5C"), (1, "6D"), (0, "5H"), (1, "9S")]:
        play(game, seat, card)
    assert game.scores == [100, 117]  # pone made 31 for two; the dealer leads the new count
    for seat, card in [(0, "5S"), (1, "9H"), (0, "JD")]:
        play(game, seat, card)
    shows = [e for e in game.events if e["type"] == "show"]
    assert [s["player"] for s in shows] == [1]  # the dealer's 29 is never counted
    assert game.result is not None
    assert (game.result["winner"], game.result["scores"]) == (1, [101, 129])


def test_five_card_pone_pegs_three_for_last_at_the_start_of_the_game() -> None:
    game = Game(preset("five-card"), seed=7)
    deal, three = game.events[0], game.events[1]
    assert three == {"type": "peg", "player": game.pone, "side": game.pone, "points": 3,
                     "reason": "three for last"}
    assert all(len(hand) == 5 for hand in deal["hands"])
    assert game.scores[game.pone] == 3 and game.scores[game.dealer] == 0


def test_five_card_play_ends_at_the_first_go() -> None:
    game = table_game(preset("five-card"), dealer=0, hands=["KC QC 9C 2H 3H", "KD 8S 7S 4D 5D"])
    discard(game, 0, "2H 3H")
    discard(game, 1, "4D 5D")
    starter(game, "AS")
    play(game, 1, "KD")
    play(game, 0, "KC")  # pair
    play(game, 1, "8S")  # 28
    events = game.apply(Action("go", 0))
    assert [e["type"] for e in events][:3] == ["go", "go", "show"]
    assert events[1]["player"] == 1 and events[1]["points"] == 1
    assert game.hands[0] == parse_cards("QC 9C") and game.hands[1] == parse_cards("7S")
    assert [e["kind"] for e in events if e["type"] == "show"] == ["hand", "hand", "crib"]


def test_five_card_play_ends_at_thirty_one() -> None:
    game = table_game(preset("five-card"), dealer=0, hands=["KC 9C AC 2H 3H", "KD 2S 7S 4D 5D"])
    discard(game, 0, "2H 3H")
    discard(game, 1, "4D 5D")
    starter(game, "QS")
    play(game, 1, "KD")
    play(game, 0, "KC")
    play(game, 1, "2S")  # 22
    events = play(game, 0, "9C")  # 31 for two, and the play is over
    assert events[0]["points"] == 2 and events[1]["type"] == "show"
    assert game.phase == "deal_end"


def play_out(game: Game) -> None:
    """Play the first playable card (or say go) until the play is over."""
    while game.phase == "play":
        seat = game.turn
        assert seat is not None
        game.apply(Action("go", seat) if not game.can_play(seat)
                   else Action("play", seat, (game.playable(seat)[0],)))


def muggins_game(claim_error: int) -> Game:
    """Muggins: the play is over and pone (seat 1) claims his hand, true count 6, off by
    `claim_error`."""
    game = table_game(preset("six-card", muggins=True), dealer=0,
                      hands=["KC QC 9C 8C 2H 3H", "5D 5S TD 4C 6H AS"])
    discard(game, 0, "2H 3H")
    discard(game, 1, "4C AS")
    starter(game, "2C")
    play_out(game)
    assert game.phase == "show" and game.to_move() == [1]
    assert game.true_count() == 6  # fifteen two, fifteen four and a pair is six
    game.apply(Action("claim", 1, points=6 + claim_error))
    return game


def test_muggins_claim_under_the_count_pegs_only_the_claim_and_tells_what_was_missed() -> None:
    game = muggins_game(claim_error=-4)
    show = game.events[-1]
    assert (show["claimed"], show["true"], show["points"], show["missed"]) == (2, 6, 2, 4)


def test_muggins_opponent_takes_the_missed_points() -> None:
    game = muggins_game(claim_error=-4)
    before = list(game.scores)
    events = game.apply(Action("muggins", 0, points=4))
    assert events == [{"type": "peg", "player": 0, "side": 0, "points": 4, "claimed": 4,
                       "on": 1, "of": "hand", "reason": "muggins"}]
    assert game.scores == [before[0] + 4, before[1]]
    with pytest.raises(GameError, match="no count to call muggins on"):
        game.apply(Action("muggins", 0, points=1))


def test_a_wrong_muggins_claim_gives_the_same_points_to_the_player_accused() -> None:
    game = muggins_game(claim_error=0)
    before = list(game.scores)
    events = game.apply(Action("muggins", 0, points=2))
    assert events[0]["reason"] == "false muggins" and events[0]["player"] == 1
    assert game.scores == [before[0], before[1] + 2]


def test_an_over_claim_pegs_only_the_true_count_and_the_excess_is_open_to_muggins() -> None:
    game = muggins_game(claim_error=+4)
    assert game.events[-1]["points"] == 6 and game.events[-1]["missed"] == -4
    assert game.apply(Action("muggins", 0, points=4))[0]["reason"] == "muggins"


def test_muggins_is_claimed_only_by_an_opponent() -> None:
    game = muggins_game(claim_error=-4)
    with pytest.raises(GameError, match="opponent"):
        game.apply(Action("muggins", 1, points=4))


def test_no_pegging_out_on_a_go_house_rule_voids_the_winning_go_point() -> None:
    rules = Rules(no_peg_out_on_go=True)
    game = table_game(rules, dealer=0, hands=["KC QC JC 9C 2H 3H", "KD QD 8S 7S 4D 5D"],
                      scores=[10, 120])
    discard(game, 0, "2H 3H")
    discard(game, 1, "4D 5D")
    starter(game, "AS")
    play(game, 1, "KD")
    play(game, 0, "KC")
    play(game, 1, "8S")
    award = game.apply(Action("go", 0))[1]
    assert award["points"] == 0 and award["void"] == "no pegging out on a go"
    assert game.scores[1] == 120 and not game.over


def test_four_card_crib_flush_house_rule_counts_a_crib_flush_without_the_starter() -> None:
    hands = ["KC QC 9C 8C 2H 3H", "KD QD 8S 7S 6H TH"]
    shows = {}
    for house_rule in (False, True):
        game = table_game(Rules(four_card_crib_flush=house_rule), dealer=0, hands=hands)
        discard(game, 0, "2H 3H")
        discard(game, 1, "6H TH")
        starter(game, "AS")
        play_out(game)
        shows[house_rule] = next(e for e in game.events if e.get("kind") == "crib")["points"]
    assert shows[True] == shows[False] + 4


def test_lowball_first_to_the_target_loses() -> None:
    game = table_game(preset("lowball"), dealer=0,
                      hands=["KC QC 9C 8C 2H 3H", "7S 8S KD QD 4D 5D"], scores=[50, 119])
    discard(game, 0, "2H 3H")
    discard(game, 1, "4D 5D")
    starter(game, "AS")
    play(game, 1, "7S")
    play(game, 0, "8C")
    events = play(game, 1, "8S")
    assert events[-1]["winner"] == 0 and events[-1]["lowball"] is True
    assert events[-1]["scores"] == [52, 121]
    assert events[-1]["skunk"] == "double"  # and the winner stayed under 61


def test_captains_lone_player_wins_at_61_against_the_pair_at_121() -> None:
    rules = preset("captains")
    game = table_game(rules, dealer=1, crib="2S",
                      hands=["KC QC JC 9C AS", "KD QD 8S 7S AD", "5H 8H TH 6D AC"],
                      scores=[59, 100])
    for seat, card in [(0, "AS"), (1, "AD"), (2, "AC")]:
        discard(game, seat, card)
    starter(game, "3D")
    play(game, 2, "5H")
    events = play(game, 0, "KC")  # fifteen two: the lone player to 61
    end = events[-1]
    assert end["type"] == "game_end" and end["winner"] == 0 and end["scores"] == [61, 100]
    assert end["winner_seats"] == [0]


def test_four_hand_partners_share_one_score() -> None:
    rules = preset("four-hand")
    game = table_game(rules, dealer=3, hands=["5C KC 9C 8C 2H", "7S 8S KD QD 4D",
                                              "6S 9S TD JD AD", "2C 3C 4C 6C AC"])
    for seat, card in [(0, "2H"), (1, "4D"), (2, "AD"), (3, "AC")]:
        discard(game, seat, card)
    starter(game, "3D")
    play(game, 0, "5C")
    events = play(game, 1, "KD")  # fifteen two for seats 1 and 3
    assert (events[0]["side"], game.scores) == (1, [0, 2])
    events = play(game, 2, "TD")
    assert events[0]["side"] == 0


def test_illegal_actions_say_what_is_wrong_and_change_nothing() -> None:
    game = Game(Rules(), seed=3)
    before = game.to_json()
    hand = game.hands[0]
    for action, message in [
        (Action("play", 0, (hand[0],)), "no card can be played"),
        (Action("discard", 0, (hand[0],)), "throw 2 card"),
        (Action("discard", 0, (hand[0], hand[0])), "same card"),
        (Action("discard", 0, tuple(game.hands[1][:2])), "does not hold"),
        (Action("discard", 5, tuple(hand[:2])), "no seat 5"),
        (Action("next", 0), "not over"),
        (Action("claim", 0, points=3), "only when playing muggins"),
    ]:
        with pytest.raises(GameError, match=message):
            game.apply(action)
    assert game.to_json() == before


def test_actions_read_from_json_with_clear_errors() -> None:
    assert Action.from_json({"type": "play", "player": 1, "card": "5h"}) == Action(
        "play", 1, (parse_card("5H"),))
    assert Action.from_json({"type": "discard", "player": 0, "cards": "5H 5C"}).cards == tuple(
        parse_cards("5H 5C"))
    for data, message in [
        ({"type": "fold"}, "not one of"),
        ({"type": "play", "player": 0}, "needs a card"),
        ({"type": "play", "player": "me", "card": "5H"}, "seat number"),
        ({"type": "discard", "cards": ["5H", "ZZ"]}, "not a rank"),
        ({"type": "claim", "points": "six"}, "whole number"),
    ]:
        with pytest.raises(GameError, match=message):
            Action.from_json(data)


def test_a_table_deal_is_checked_for_counts_and_repeated_cards() -> None:
    game = Game(Rules(), start=False)
    with pytest.raises(GameError, match="dealt 5 cards"):
        game.apply(Action("next", hands=(tuple(parse_cards("AC 2C 3C 4C 5C")),
                                         tuple(parse_cards("AD 2D 3D 4D 5D 6D")))))
    with pytest.raises(GameError, match="repeats"):
        game.apply(Action("next", hands=(tuple(parse_cards("AC 2C 3C 4C 5C 6C")),
                                         tuple(parse_cards("AC 2D 3D 4D 5D 6D")))))
    assert game.events == []


def test_muggins_in_the_play_a_missed_fifteen_is_taken_after_the_opponent_plays() -> None:
    game = table_game(preset("six-card", muggins=True), dealer=0,
                      hands=["KC QC 9C 8C 2H 3H", "5D 5S TD 4C 6H AS"])
    discard(game, 0, "2H 3H")
    discard(game, 1, "4C AS")
    starter(game, "2C")
    play(game, 1, "5D")
    missed = game.apply(Action("play", 0, (parse_card("KC"),), points=0))[0]
    assert (missed["count"], missed["points"], missed["true"], missed["missed"]) == (15, 0, 2, 2)
    play(game, 1, "5S")  # the rule: the adversary plays his own card before claiming muggins
    events = game.apply(Action("muggins", 1, points=2))
    assert events[0]["reason"] == "muggins" and events[0]["of"] == "play"
    assert game.scores == [0, 2]


def test_claimed_points_are_refused_unless_playing_muggins() -> None:
    game = table_game(Rules(), dealer=0, hands=["KC QC 9C 8C 2H 3H", "5D 5S TD 4C 6H AS"])
    discard(game, 0, "2H 3H")
    discard(game, 1, "4C AS")
    starter(game, "2C")
    with pytest.raises(GameError, match="only when playing muggins"):
        game.apply(Action("play", 1, (parse_card("5D"),), points=0))
