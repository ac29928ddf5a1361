"""Cards: one immutable object per card, read from every notation players and books use."""

from __future__ import annotations

import copy
import pickle
import unicodedata

import pytest

from pi_app.engine.cards import (
    DECK,
    Card,
    CardError,
    Deck,
    Suit,
    check_distinct,
    parse_card,
    parse_cards,
)

GLYPHS = [chr(p) for p in range(0x1F0A1, 0x1F0DF) if (p & 0xF) not in (0x0, 0xC, 0xF)]


def test_a_pack_has_fifty_two_distinct_cards_in_index_order() -> None:
    assert len(DECK) == 52
    assert len(set(DECK)) == 52
    assert [card.index for card in DECK] == list(range(52))


def test_court_cards_count_ten_and_the_ace_one() -> None:
    assert [parse_card(t).value for t in ("AS", "9S", "TS", "JS", "QS", "KS")] == [
        1, 9, 10, 10, 10, 10,
    ]


@pytest.mark.parametrize(
    "text", ["TH", "10H", "10h", "th", "T♥", "10♡", "T♥️", " TH ", "\U0001f0ba"]
)
def test_every_notation_of_the_ten_of_hearts_reads_as_th(text: str) -> None:
    assert parse_card(text) is Card.of(10, Suit.HEARTS)
    assert parse_card(text).code == "TH"


@pytest.mark.parametrize("card", DECK, ids=lambda c: c.code)
def test_canonical_code_reads_back_as_the_same_card(card: Card) -> None:
    assert parse_card(card.code) is card
    assert parse_card(f"{card.code[0]}{card.suit.symbol}") is card


@pytest.mark.parametrize("glyph", GLYPHS, ids=lambda g: f"U+{ord(g):X}")
def test_unicode_card_glyph_reads_as_the_card_its_unicode_name_says(glyph: str) -> None:
    # e.g. "PLAYING CARD QUEEN OF SPADES": an independent source for every glyph's meaning.
    words = unicodedata.name(glyph).split()
    rank = "ACE TWO THREE FOUR FIVE SIX SEVEN EIGHT NINE TEN JACK QUEEN KING".split()
    card = parse_card(glyph)
    assert card.rank == rank.index(words[2]) + 1
    assert card.suit.name == words[4]


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ("\U0001f0ac", "knight"),
        ("\U0001f0cf", "joker"),
        ("\U0001f0a0", "back of a card"),
        ("\U0001f0e1", "tarot trump"),
        ("ZH", "'Z' is not a rank"),
        ("11H", "'11' is not a rank"),
        ("5X", "'X' is not a suit"),
        ("5", "not a card"),
        ("", "not a card"),
    ],
)
def test_a_bad_card_is_an_error_naming_what_is_wrong(text: str, named: str) -> None:
    with pytest.raises(CardError, match=named):
        parse_card(text)


def test_a_card_named_twice_in_one_hand_is_an_error_naming_it() -> None:
    with pytest.raises(CardError, match=r"'5h' \(card 3\) is '5H' \(card 1\) again"):
        parse_cards(["5H", "6C", "5h"])
    with pytest.raises(CardError, match=r"5H appears twice \(cards 1 and 2\)"):
        parse_cards("5H 5H")
    with pytest.raises(CardError, match="JD appears twice"):
        check_distinct([Card.of(11, Suit.DIAMONDS), Card.of(11, Suit.DIAMONDS)])


def test_parse_cards_reads_a_line_separated_by_spaces_or_commas() -> None:
    assert [c.code for c in parse_cards("5H, 10c ,JD  🂡")] == ["5H", "TC", "JD", "AS"]


def test_cards_are_immutable_and_copies_are_the_same_object() -> None:
    card = parse_card("QS")
    with pytest.raises(AttributeError):
        card.rank = 1
    assert copy.copy(card) is card
    assert copy.deepcopy(card) is card
    assert pickle.loads(pickle.dumps(card)) is card
    assert {card: 1}[parse_card("Q♠")] == 1


def test_a_seed_replays_the_same_shuffle_and_cut() -> None:
    first, again, other = Deck(seed=7), Deck(seed=7), Deck(seed=8)
    assert list(first) == list(again) != list(other)
    assert sorted(first) == list(DECK)
    assert first.deal(6) == again.deal(6)
    assert first.cut() is again.cut()
    assert len(first) == 52 - 6 - 1


def test_dealing_more_cards_than_are_left_is_an_error() -> None:
    deck = Deck(seed=1)
    deck.deal(50)
    with pytest.raises(CardError, match="only 2 left"):
        deck.deal(3)
