"""Hidden hands at a real table: the engine knows who dealt and how many cards each seat holds,
learns each card as it is played or revealed at the show, and checks what it can."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from pi_app.engine.cards import DECK, Card, parse_card, parse_cards
from pi_app.engine.game import Action, Event, Game, GameError
from pi_app.engine.players import SimplePlayer, discard_view, play_view, step
from pi_app.engine.variants import Rules, preset


def hidden_game(rules: Rules, dealer: int = 0) -> Game:
    game = Game(rules, start=False)
    game.apply(Action("next", dealer=dealer, hidden=True))
    return game


def lay_away_all(game: Game) -> None:
    for seat in range(game.rules.players):
        game.apply(Action("discard", seat))


def play(game: Game, seat: int, card: str) -> list[Event]:
    return game.apply(Action("play", seat, (parse_card(card),)))


def reveal(game: Game, seat: int, cards: str) -> list[Event]:
    return game.apply(Action("reveal", seat, tuple(parse_cards(cards))))


def at_the_play(rules: Rules, starter: str = "2D", dealer: int = 0) -> Game:
    game = hidden_game(rules, dealer)
    lay_away_all(game)
    game.apply(Action("starter", game.pone, (parse_card(starter),)))
    return game


def test_a_hidden_deal_knows_only_the_dealer_and_how_many_cards_each_seat_holds() -> None:
    game = hidden_game(Rules(), dealer=1)
    assert game.events[-1] == {"type": "deal", "game": 0, "deal": 1, "dealer": 1,
                               "manual": True, "hidden": True}
    state = game.to_json()
    assert state["hidden"] and state["held"] == [6, 6] and state["hands"] == [[], []]
    assert [a.to_json() for a in game.legal_actions()] == [
        {"type": "discard", "player": 0}, {"type": "discard", "player": 1}]


def test_a_hidden_deal_that_names_cards_is_refused() -> None:
    game = Game(Rules(), start=False)
    with pytest.raises(GameError, match="names no cards"):
        game.apply(Action("next", hidden=True, hands=(tuple(parse_cards("AC 2C 3C 4C 5C 6C")),
                                                      tuple(parse_cards("AD 2D 3D 4D 5D 6D")))))


def test_laying_away_names_no_cards_and_the_starter_comes_from_the_table() -> None:
    game = hidden_game(Rules())
    made = game.apply(Action("discard", 1))
    assert made == [{"type": "discard", "player": 1, "side": 1, "cards": [], "hidden": True}]
    with pytest.raises(GameError, match="not named"):
        game.apply(Action("discard", 0, tuple(parse_cards("5H 5C"))))
    with pytest.raises(GameError, match="already thrown"):
        game.apply(Action("discard", 1))
    game.apply(Action("discard", 0))
    assert game.phase == "cut" and game.held == [4, 4]
    made = game.apply(Action("starter", 1, (parse_card("JS"),)))
    assert made[0]["reason"] == "his heels" and game.scores == [2, 0]


def test_each_card_is_scored_as_it_is_named_in_the_play() -> None:
    game = at_the_play(Rules())
    play(game, 1, "7H")
    made = play(game, 0, "8C")
    assert made[0]["points"] == 2 and made[0]["count"] == 15
    assert game.kept == [[parse_card("8C")], [parse_card("7H")]]
    assert game.held == [3, 3]


def test_a_card_already_seen_this_deal_cannot_be_played_again() -> None:
    game = at_the_play(Rules(), starter="2D")
    play(game, 1, "7H")
    with pytest.raises(GameError, match="7H has already been seen"):
        play(game, 0, "7H")
    with pytest.raises(GameError, match="2D has already been seen"):
        play(game, 0, "2D")


def test_the_turn_and_the_count_of_31_are_checked_for_hidden_hands() -> None:
    game = at_the_play(Rules())
    with pytest.raises(GameError, match="seat 1's turn"):
        play(game, 0, "7H")
    for seat, card in [(1, "KH"), (0, "KC"), (1, "KD")]:
        play(game, seat, card)
    with pytest.raises(GameError, match="past 31"):
        play(game, 0, "2S")


def test_a_go_is_trusted_when_some_unseen_card_would_not_fit() -> None:
    game = at_the_play(Rules())
    for seat, card in [(1, "KH"), (0, "KC"), (1, "5D")]:
        play(game, seat, card)
    made = game.apply(Action("go", 0))
    assert made[0]["said"] and game.turn == 1
    play(game, 1, "AD")  # 26: the last player plays on, then must say go too
    made = game.apply(Action("go", 1))
    assert [e["type"] for e in made] == ["go", "go"]
    assert made[1]["points"] == 1 and made[1]["player"] == 1 and game.count == 0


def test_a_go_when_every_unseen_card_fits_is_refused() -> None:
    game = at_the_play(Rules())
    play(game, 1, "KH")
    with pytest.raises(GameError, match="every card still unseen fits under 31 at a count of 10"):
        game.apply(Action("go", 0))


def test_a_player_with_no_cards_left_has_no_go_to_say() -> None:
    game = at_the_play(Rules())
    for seat, card in [(1, "AH"), (0, "AC"), (1, "2H"), (0, "2C"), (1, "3H"), (0, "3C"),
                       (1, "4H")]:
        play(game, seat, card)
    with pytest.raises(GameError, match="seat 1 has played all their cards"):
        game.apply(Action("go", 1))


def play_out_six_card_hands(game: Game) -> None:
    for seat, card in [(1, "9C"), (0, "6S"), (1, "8H"), (0, "7D")]:
        play(game, seat, card)
    game.apply(Action("go", 1))
    game.apply(Action("go", 0))  # the go to seat 0 at 30; seat 1 leads the new count
    for seat, card in [(1, "TD"), (0, "5H"), (1, "5C"), (0, "JD")]:
        play(game, seat, card)


def test_six_card_hands_are_all_played_so_only_the_crib_is_revealed() -> None:
    game = at_the_play(Rules(), starter="5S", dealer=0)
    play_out_six_card_hands(game)
    assert game.phase == "show"
    shows = [e for e in game.events if e["type"] == "show"]
    assert [(e["player"], e["kind"], e["cards"]) for e in shows] == [
        (1, "hand", ["9C", "8H", "TD", "5C"]), (0, "hand", ["6S", "7D", "5H", "JD"])]
    assert game.to_move() == [0]
    assert [a.to_json() for a in game.legal_actions()] == [{"type": "reveal", "player": 0}]
    made = reveal(game, 0, "AH 2H 3H 4H")
    assert made[0] == {"type": "reveal", "player": 0, "side": 0, "kind": "crib",
                       "cards": ["AH", "2H", "3H", "4H"]}
    assert made[1]["type"] == "show" and made[1]["kind"] == "crib"
    assert made[1]["points"] == 7  # fifteen two with the 5S, and a run of five
    assert game.phase == "deal_end"


def test_a_crib_revealed_with_a_played_card_is_refused() -> None:
    game = at_the_play(Rules(), starter="5S", dealer=0)
    play_out_six_card_hands(game)
    with pytest.raises(GameError, match="JD already seen this deal"):
        reveal(game, 0, "AH 2H 3H JD")
    with pytest.raises(GameError, match="the crib is 4 cards; 3 more named makes 3"):
        reveal(game, 0, "AH 2H 3H")
    with pytest.raises(GameError, match="seat 0 shows the crib now, not seat 1"):
        reveal(game, 1, "AH 2H 3H 4H")


def five_card_after_the_go() -> Game:
    """Five-card: the play stops at the first go, with cards still in hand."""
    game = at_the_play(preset("five-card"), starter="2S", dealer=0)
    for seat, card in [(1, "KH"), (0, "QC"), (1, "9D")]:
        play(game, seat, card)
    game.apply(Action("go", 0))
    game.apply(Action("go", 1))
    assert game.phase == "show"
    return game


def test_five_card_hands_left_in_hand_are_revealed_with_what_was_played() -> None:
    game = five_card_after_the_go()
    assert game.to_move() == [1]
    with pytest.raises(GameError, match="the hand is 3 cards with the KH 9D played; "
                                        "2 more named makes 4"):
        reveal(game, 1, "4C 5C")
    with pytest.raises(GameError, match="QC already seen"):
        reveal(game, 1, "QC")
    made = reveal(game, 1, "5D")
    assert made[0]["cards"] == ["KH", "9D", "5D"]
    assert made[1]["type"] == "show" and made[1]["points"] == 2  # K+5, with the 2S no more
    made = reveal(game, 0, "QC 3D 4D")  # the whole hand named, the played card with it
    assert made[0]["cards"] == ["QC", "3D", "4D"]
    assert made[1]["points"] == 5  # fifteen two (Q+3+2), a run of three (2 3 4)


def test_a_count_is_claimed_only_after_its_hand_is_revealed_in_muggins() -> None:
    rules = preset("five-card", muggins=True)
    game = at_the_play(rules, starter="2S", dealer=0)
    for seat, card in [(1, "KH"), (0, "QC"), (1, "9D")]:
        play(game, seat, card)
    game.apply(Action("go", 0))
    game.apply(Action("go", 1))
    with pytest.raises(GameError, match="reveal seat 1's hand before counting it"):
        game.apply(Action("claim", 1, points=2))
    with pytest.raises(GameError, match="reveal seat 1's hand"):
        game.true_count()
    reveal(game, 1, "5D")
    assert game.true_count() == 2


def test_a_hidden_game_replays_and_undoes_like_any_other() -> None:
    game = five_card_after_the_go()
    reveal(game, 1, "5D")
    assert Game.replay(game.events, game.rules).to_json() == game.to_json()
    state = game.to_json()
    taken = game.undo()
    assert taken[0]["type"] == "reveal" and game.phase == "show" and game.to_move() == [1]
    game.redo()
    assert game.to_json()["events"] == state["events"]
    assert game.kept[1] == parse_cards("KH 9D 5D")


def test_the_next_hidden_deal_passes_to_the_left() -> None:
    game = five_card_after_the_go()
    reveal(game, 1, "5D")
    reveal(game, 0, "3D 4D")
    reveal(game, 0, "AC AD AH AS")
    with pytest.raises(GameError, match="passes to seat 1"):
        game.apply(Action("next", dealer=0, hidden=True))
    game.act({"type": "next", "hidden": True})
    assert game.dealer == 1 and game.hidden and game.held == [5, 5]


class SecretTable:
    """A pack shuffled where the engine cannot see it: the players' cards, the crib dealt, and
    the starter, as the people at a real table hold them."""

    def __init__(self, rules: Rules, rng: random.Random) -> None:
        pack = list(DECK)
        rng.shuffle(pack)
        n, dealt = rules.players, rules.cards_dealt
        self.hands = [pack[seat * dealt:(seat + 1) * dealt] for seat in range(n)]
        self.crib_dealt = pack[n * dealt:n * dealt + rules.crib_dealt]
        self.starter = pack[n * dealt + rules.crib_dealt]


def play_both(rules: Rules, seed: int) -> tuple[Game, Game]:
    """The same cards and choices played twice: every hand named at the deal, and hidden with
    cards named only as they are played and shown. Choices come from the named game's views."""
    named, hidden = Game(rules, start=False), Game(rules, start=False)
    rng = random.Random(seed)
    players = [SimplePlayer(seat) for seat in range(rules.players)]
    while not hidden.over:
        table = SecretTable(rules, rng)
        dealer = 0 if hidden.deal_no == 0 else None
        named.apply(Action("next", hands=tuple(tuple(h) for h in table.hands),
                           cards=tuple(table.crib_dealt), dealer=dealer))
        hidden.apply(Action("next", hidden=True, dealer=dealer))
        held = [list(hand) for hand in table.hands]
        crib: list[Card] = list(table.crib_dealt)
        for seat in range(rules.players):
            thrown = tuple(players[seat].discard(discard_view(named, seat)))
            named.apply(Action("discard", seat, thrown))
            hidden.apply(Action("discard", seat))
            crib += thrown
            held[seat] = [card for card in held[seat] if card not in thrown]
        kept = [list(hand) for hand in held]
        for game in (named, hidden):
            if not game.over:
                game.apply(Action("starter", game.pone, (table.starter,)))
        while hidden.phase == "play":
            seat = hidden.turn
            assert seat is not None
            room = 31 - hidden.count
            if any(card.value <= room for card in held[seat]):
                assert named.turn == seat
                card = players[seat].play(play_view(named, seat))
                assert card is not None
                held[seat].remove(card)
                named.apply(Action("play", seat, (card,)))
                hidden.apply(Action("play", seat, (card,)))
            else:
                if named.turn == seat and named.count == hidden.count:
                    # (else the named game has pegged the last player's go itself)
                    named.apply(Action("go", seat))
                hidden.apply(Action("go", seat))
        while hidden.phase == "show":
            seat, kind = hidden.show_queue[0]
            hidden.apply(Action("reveal", seat, tuple(crib if kind == "crib" else kept[seat])))
        assert hidden.scores == named.scores
    return named, hidden


@pytest.mark.parametrize(("variant", "seed"), [("six-card", 3), ("five-card", 4),
                                               ("three-hand", 5), ("four-hand", 6)])
def test_a_whole_hidden_game_scores_the_same_as_with_every_hand_named(variant: str,
                                                                    seed: int) -> None:
    named, hidden = play_both(preset(variant), seed)
    assert named.result == hidden.result
    assert points_by_kind(hidden.events) == points_by_kind(named.events)
    assert Game.replay(hidden.events, hidden.rules).to_json() == hidden.to_json()


def points_by_kind(events: Sequence[Event]) -> list[tuple[str, int, int]]:
    return [(e["type"], e["player"], e["points"]) for e in events
            if e.get("points") and e["type"] != "game_end"]


def test_computer_players_refuse_a_hidden_deal_they_cannot_see() -> None:
    game = hidden_game(Rules())
    with pytest.raises(GameError, match="needs the cards it was dealt"):
        step(game, [SimplePlayer(0), SimplePlayer(1)])
