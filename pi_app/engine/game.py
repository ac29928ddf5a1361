"""One game of cribbage, from the cut for deal to the game end, as a fold over its events.

Every action a player takes (discard, play, go, claim, muggins, next) is checked against the
state, turned into events, and each event is folded into the state. What follows from an
action by the rules alone (the starter once the crib is full, the point for the go, the show
after the play, the game end when someone pegs out) is appended as further events in the same
step, so one action is one undo step. Replaying the events with `Game.replay` rebuilds the
same state, which is how the log in storage restores a game after a power cut.

A deal is one of three kinds: dealt by the engine from its seeded pack; dealt at a real table
with every hand named (`next` with `hands`); or hidden, dealt at a real table where the engine
knows only how many cards each seat holds (`next` with `hidden`). In a hidden deal the players
lay away without naming cards, name each card as it is played, and reveal at the show only what
is still unknown; the engine checks what it can (no card seen twice, the count, the turn, the
size of each hand) and trusts a go, which it cannot check against an unknown hand.

Events are plain JSON-ready dicts; their fields are listed in docs/engine-protocol.md.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any, Final, Literal

from pi_app.engine.cards import DECK, Card, CardError, check_distinct, parse_card
from pi_app.engine.eventlog import Event, EventSourced
from pi_app.engine.pegging import MAX_COUNT, score_play
from pi_app.engine.scoring import ScoreItem, score_show
from pi_app.engine.variants import Rules, game_result

__all__ = [
    "ACTION_KINDS",
    "Action",
    "Event",
    "Game",
    "GameError",
    "Phase",
]

Phase = Literal["discard", "cut", "play", "show", "deal_end", "game_over"]
ActionKind = Literal["discard", "play", "go", "claim", "muggins", "next", "starter", "reveal"]
ACTION_KINDS: Final = ("discard", "play", "go", "claim", "muggins", "next", "starter", "reveal")

_BY_CODE: Final = {card.code: card for card in DECK}
_CODE: Final = tuple(card.code for card in DECK)
"""Card text by `Card.index`: the log writes many thousands of cards a second."""
_HEELS: Final = 2
_THREE_FOR_LAST: Final = 3


class GameError(ValueError):
    """An action the rules do not allow now; the game is unchanged."""


@dataclass(frozen=True, slots=True)
class Action:
    """Something one player does. `points` is a claimed count (claim) or claimed miss (muggins).

    At a real table the cards come from the table, not the engine's shuffle: `next` may carry
    the `hands` dealt (and `cards` dealt straight to the crib, and on the first deal the
    `dealer`), and such a deal waits for a `starter` action naming the card turned up. With
    `hidden` the deal names no cards at all: `discard` then names none either, and `reveal`
    names at the show the cards of a hand (or the crib) that the play did not show.
    """

    kind: ActionKind
    player: int = 0
    cards: tuple[Card, ...] = ()
    points: int | None = None
    hands: tuple[tuple[Card, ...], ...] = ()
    dealer: int | None = None
    hidden: bool = False

    @property
    def card(self) -> Card:
        """The card of a `play`."""
        return self.cards[0]

    def to_json(self) -> dict[str, object]:
        data: dict[str, object] = {"type": self.kind, "player": self.player}
        if self.kind == "play":
            data["card"] = self.card.code
        elif self.cards:
            data["cards"] = [c.code for c in self.cards]
        if self.points is not None:
            data["points"] = self.points
        if self.hands:
            data["hands"] = [_codes(hand) for hand in self.hands]
        if self.dealer is not None:
            data["dealer"] = self.dealer
        if self.hidden:
            data["hidden"] = True
        return data

    @staticmethod
    def from_json(data: dict[str, Any]) -> Action:
        """Read `{"type": "play", "player": 0, "card": "5H"}` and the like; errors name it."""
        kind = data.get("type")
        if kind not in ACTION_KINDS:
            raise GameError(f"action type {kind!r} is not one of {', '.join(ACTION_KINDS)}")
        player = data.get("player", 0)
        if not isinstance(player, int) or isinstance(player, bool):
            raise GameError(f"player must be a seat number, not {player!r}")
        try:
            if kind in ("play", "starter"):
                if "card" not in data:
                    raise GameError(f"a {kind} action needs a card")
                cards: tuple[Card, ...] = (parse_card(str(data["card"])),)
            else:
                cards = _read_cards(data.get("cards", []), "cards")
            hands = tuple(_read_cards(hand, f"hand {i}")
                          for i, hand in enumerate(data.get("hands", [])))
        except CardError as exc:
            raise GameError(str(exc)) from None
        points = _optional_int(data, "points")
        dealer = _optional_int(data, "dealer")
        hidden = data.get("hidden", False)
        if not isinstance(hidden, bool):
            raise GameError(f"hidden must be true or false, not {hidden!r}")
        return Action(kind, player, cards, points, hands, dealer, hidden)


def _read_cards(raw: object, what: str) -> tuple[Card, ...]:
    if isinstance(raw, str):
        raw = raw.replace(",", " ").split()
    if not isinstance(raw, list):
        raise GameError(f"{what} must be a list of cards, not {raw!r}")
    return tuple(parse_card(str(text)) for text in raw)


def _optional_int(data: dict[str, Any], field: str) -> int | None:
    value = data.get(field)
    if value is not None and (not isinstance(value, int) or isinstance(value, bool)):
        raise GameError(f"{field} must be a whole number, not {value!r}")
    return value


def _codes(cards: Iterable[Card]) -> list[str]:
    return [_CODE[card.index] for card in cards]


def _items_json(items: Iterable[ScoreItem]) -> list[dict[str, object]]:
    return [{"kind": item.kind, "cards": _codes(item.cards), "points": item.points}
            for item in items]


def _cards(codes: Iterable[str]) -> list[Card]:
    return [_BY_CODE[code] for code in codes]


def _claim(event: Event, claimed: int, muggins: bool) -> Event:
    """Muggins: a player pegs what he claims, never more than the truth; the event keeps the
    true count and what was missed (negative for an over-claim) for an opponent to call."""
    if not muggins:
        raise GameError("points are claimed only when playing muggins; otherwise the engine "
                        "counts them")
    if claimed < 0:
        raise GameError(f"a claim is 0 points or more, not {claimed}")
    true = event["points"]
    event.update(claimed=claimed, true=true, points=min(claimed, true), missed=true - claimed)
    return event


def _is_player_action(event: Event) -> bool:
    """Whether an event records a player's action (it starts an undo step) rather than
    something that followed from one by the rules."""
    kind = event["type"]
    if kind in ("discard", "play", "reveal"):
        return True
    if kind == "go":
        return bool(event.get("said"))
    if kind == "show":
        return "claimed" in event
    if kind == "peg":
        return event["reason"] in ("muggins", "false muggins")
    if kind == "deal":
        return int(event["deal"]) > 1
    if kind == "starter":
        return bool(event.get("manual"))
    return False


class Game(EventSourced):
    """A game in progress. Build with `Game(rules, seed)`, act with `apply`, read the state from
    the attributes and `to_json`, step back with `undo` and forward with `redo`.

    The players cut for the first deal unless `dealer` names the seat. `start=False` leaves
    the game before its first deal, waiting for a `next` action, which may bring the cards
    dealt at a real table.
    """

    error = GameError
    nothing_to_undo = "nothing to undo: no one has acted yet"

    def __init__(
        self,
        rules: Rules | None = None,
        seed: int | str = 0,
        game: int = 0,
        *,
        start: bool = True,
        dealer: int | None = None,
    ) -> None:
        self.rules = rules if rules is not None else Rules()
        self._sides = [self.rules.side_of(seat) for seat in range(self.rules.players)]
        self._targets = [self.rules.target_of(side) for side in range(len(self.rules.sides))]
        self.seed = seed
        self.game = game
        super().__init__()
        self._reset()
        if start:
            self._emit(self._first_deal_event(dealer))
            self._follow_rules()

    @classmethod
    def replay(
        cls, events: Iterable[Event], rules: Rules | None = None, seed: int | str = 0, game: int = 0
    ) -> Game:
        """The game whose log is `events` (as stored or printed). A log that does not fold
        (a card no one holds, a missing field) raises `GameError` naming the event."""
        restored = cls(rules, seed, game, start=False)
        for number, event in enumerate(events):
            try:
                restored._emit(dict(event))
            except (KeyError, ValueError, IndexError, TypeError) as exc:
                kind = event.get("type") if isinstance(event, dict) else event
                raise GameError(f"event {number} ({kind!r}) does not follow from the log "
                                f"before it: {exc!r}") from None
        return restored

    # ---- state -----------------------------------------------------------------------------

    def _reset(self) -> None:
        rules = self.rules
        n = rules.players
        self.phase: Phase = "deal_end"
        self.deal_no = 0
        self.manual = False
        """Whether this deal's cards came from the table (the starter then comes from it too)."""
        self.hidden = False
        """Whether this deal's hands are unknown until played or revealed (a real table)."""
        self.three_for_last_due = self.rules.three_for_last
        self.dealer = 0
        self.scores: list[int] = [0] * len(rules.sides)
        self.pegged_out = False
        """Whether a side has reached its target (the game ends at once)."""
        self.hands: list[list[Card]] = [[] for _ in range(n)]
        """Cards each player still holds: dealt, less thrown, less played (a hidden deal:
        none known)."""
        self.held = [0] * n
        """How many cards each player still holds, known or not."""
        self.kept: list[list[Card]] = [[] for _ in range(n)]
        """Each player's hand after the discard, for the show (a hidden deal: the cards known
        so far, played or revealed)."""
        self.discarded = [False] * n
        self.discards: list[list[Card]] = [[] for _ in range(n)]
        """The cards each player threw to the crib this deal."""
        self.crib: list[Card] = []
        self.starter: Card | None = None
        self.count = 0
        self.run: list[Card] = []
        """Cards played since the count last started at zero."""
        self.played: list[tuple[int, Card]] = []
        """Every card played this deal, with its player, in order."""
        self.last_player: int | None = None
        self.passed: set[int] = set()
        self.turn: int | None = None
        self.show_queue: list[tuple[int, str]] = []
        self.muggins_window: Event | None = None
        """Muggins: the last show, while an opponent may still claim what it missed."""
        self.result: Event | None = None

    def _seat_after(self, seat: int) -> int:
        return (seat + 1) % self.rules.players

    def _with_cards_after(self, seat: int, *, skip_passed: bool) -> int | None:
        n = self.rules.players
        for step in range(1, n + 1):
            candidate = (seat + step) % n
            if self.held[candidate] and not (skip_passed and candidate in self.passed):
                return candidate
        return None

    def can_play(self, seat: int) -> bool:
        """Whether the seat can lay a card within 31 (a hidden hand: whether it might, with
        some card not yet seen this deal)."""
        room = MAX_COUNT - self.count
        if self.hidden:
            return self.held[seat] > 0 and any(card.value <= room for card in self.unseen())
        return any(card.value <= room for card in self.hands[seat])

    def playable(self, seat: int) -> list[Card]:
        """The held cards that fit under 31 (a hidden hand: none known)."""
        room = MAX_COUNT - self.count
        return [card for card in self.hands[seat] if card.value <= room]

    def seen(self) -> set[Card]:
        """Every card known this deal: in a hand or the crib, played, or the starter."""
        known = {card for hand in self.hands for card in hand} | self._in_play()
        return known | ({self.starter} if self.starter is not None else set())

    def unseen(self) -> list[Card]:
        """The cards of the pack not known this deal, in pack order."""
        known = self.seen()
        return [card for card in DECK if card not in known]

    def known(self, seat: int, kind: str) -> bool:
        """Whether a hand (or the crib, `kind` "crib") is known whole, ready to count."""
        if kind == "crib":
            return len(self.crib) == self.rules.crib_size
        return len(self.kept[seat]) == self.rules.hand_size

    @property
    def pone(self) -> int:
        """The player on the dealer's left, who leads and shows first."""
        return self._seat_after(self.dealer)

    def side_of(self, seat: int) -> int:
        return self._sides[seat]

    @property
    def over(self) -> bool:
        return self.phase == "game_over"

    # ---- the fold --------------------------------------------------------------------------

    def _emit(self, event: Event) -> None:
        self.events.append(event)
        self._fold(event)

    def _score(self, event: Event) -> None:
        points = event["points"]
        if points:
            side = self._sides[event["player"]]
            self.scores[side] += points
            if self.scores[side] >= self._targets[side]:
                self.pegged_out = True

    def _fold(self, event: Event) -> None:
        kind = event["type"]
        if kind == "deal":
            self._fold_deal(event)
        elif kind == "discard":
            seat = event["player"]
            cards = _cards(event["cards"])
            hand = self.hands[seat]
            for card in cards:
                hand.remove(card)
            self.crib.extend(cards)
            if not self.hidden:
                self.kept[seat] = list(hand)
            self.held[seat] -= self.rules.discard
            self.discards[seat] = cards
            self.discarded[seat] = True
            if all(self.discarded):
                self.phase = "cut"
        elif kind == "starter":
            self.starter = _BY_CODE[event["card"]]
            self._score(event)
            self.phase = "play"
            self.turn = self.pone
        elif kind == "play":
            self._fold_play(event)
            if "claimed" in event:
                self.muggins_window = event
        elif kind == "go":
            self._fold_go(event)
        elif kind == "reveal":
            cards = _cards(event["cards"])
            if event["kind"] == "crib":
                self.crib = cards
            else:
                self.kept[event["player"]] = cards
        elif kind == "show":
            self._score(event)
            self.show_queue.pop(0)
            self.muggins_window = event if "claimed" in event else None
            if not self.show_queue:
                self.phase = "deal_end"
        elif kind == "peg":
            self._score(event)
            if event["reason"] == "three for last":
                self.three_for_last_due = False
            if event["reason"] in ("muggins", "false muggins"):
                self.muggins_window = None
        elif kind == "game_end":
            self.result = event
            self.phase = "game_over"
            self.turn = None
        else:
            raise GameError(f"unknown event type {kind!r}")

    def _fold_deal(self, event: Event) -> None:
        self.deal_no = event["deal"]
        self.dealer = event["dealer"]
        self.manual = bool(event.get("manual"))
        self.hidden = bool(event.get("hidden"))
        n = self.rules.players
        self.hands = [_cards(hand) for hand in event["hands"]] if not self.hidden else [
            [] for _ in range(n)]
        self.held = [self.rules.cards_dealt] * n
        self.kept = [[] for _ in range(n)]
        self.discarded = [False] * n
        self.discards = [[] for _ in range(n)]
        self.crib = _cards(event.get("crib_dealt", []))
        self.starter = None
        self.count = 0
        self.run = []
        self.played = []
        self.last_player = None
        self.passed = set()
        self.turn = None
        self.show_queue = []
        self.muggins_window = None
        self.phase = "discard"

    def _fold_play(self, event: Event) -> None:
        seat = event["player"]
        card = _BY_CODE[event["card"]]
        if self.hidden:
            self.kept[seat].append(card)
        else:
            self.hands[seat].remove(card)
        self.held[seat] -= 1
        self.run.append(card)
        self.played.append((seat, card))
        self.count = event["count"]
        self.last_player = seat
        self._score(event)
        if self.count == MAX_COUNT:
            self._new_count(after=seat)
        else:
            self.turn = self._with_cards_after(seat, skip_passed=True)

    def _fold_go(self, event: Event) -> None:
        seat = event["player"]
        if event.get("said"):
            self.passed.add(seat)
            self.turn = self._with_cards_after(seat, skip_passed=True)
            return
        self._score(event)
        self._new_count(after=seat)

    def _new_count(self, after: int) -> None:
        """After 31 or the go: the count starts again, led by the next player holding cards;
        in the five-card game, or when every card is out, the play is over instead."""
        self.count = 0
        self.run = []
        self.passed = set()
        self.last_player = None
        leader = self._with_cards_after(after, skip_passed=False)
        if leader is None or self.rules.single_count:
            self._end_play()
        else:
            self.turn = leader

    def _end_play(self) -> None:
        self.turn = None
        self.phase = "show"
        order = [(self.dealer + step) % self.rules.players for step in range(1, self.rules.players)]
        self.show_queue = [(seat, "hand") for seat in order]
        self.show_queue += [(self.dealer, "hand"), (self.dealer, "crib")]

    # ---- rules that follow from an action ----------------------------------------------------

    def _follow_rules(self) -> None:
        """Append what the rules make happen without a player acting, until a player must act."""
        while self.phase != "game_over":
            if self.pegged_out:
                self._emit(self._game_end_event())
            elif self.three_for_last_due and self.deal_no == 1:
                self._emit({"type": "peg", **self._side_fields(self.pone),
                            "points": _THREE_FOR_LAST, "reason": "three for last"})
            elif self.phase == "cut" and not self.manual:
                self._emit(self._starter_event())
            elif self.phase == "play" and self._go_due():
                self._emit(self._go_award_event())
            elif self.phase == "show" and not self.rules.muggins and self.known(
                    *self.show_queue[0]):
                seat, kind = self.show_queue[0]
                self._emit(self._show_event(seat, kind))
            else:
                return

    def _go_due(self) -> bool:
        """The go (or last card) is pegged when no one may play: every holder has passed, or
        the turn is back with the last player and he cannot play either."""
        turn = self.turn
        if turn is None:
            return self.last_player is not None
        return turn == self.last_player and not self.can_play(turn)

    # ---- events ------------------------------------------------------------------------------

    def _side_fields(self, seat: int) -> Event:
        return {"player": seat, "side": self._sides[seat]}

    def _rng(self, *parts: object) -> random.Random:
        return random.Random("/".join(str(p) for p in (self.seed, self.game, *parts)))

    def _first_deal_event(self, dealer: int | None) -> Event:
        """The first deal, by `dealer` if the players chose (in a match, say, the loser of the
        last game deals), else by cutting for deal: lowest card deals, ties cut again."""
        if dealer is not None:
            if not 0 <= dealer < self.rules.players:
                raise GameError(f"there is no seat {dealer} to deal")
            return self._deal_event(dealer, deal=1)
        rng = self._rng("cut")
        pack = list(DECK)
        rng.shuffle(pack)
        cutting = list(range(self.rules.players))
        rounds: list[list[str | None]] = []
        while len(cutting) > 1:
            cut = {seat: pack.pop() for seat in cutting}
            rounds.append([cut[s].code if s in cut else None for s in range(self.rules.players)])
            low = min(card.rank for card in cut.values())
            cutting = [seat for seat, card in cut.items() if card.rank == low]
        event = self._deal_event(dealer=cutting[0], deal=1)
        event["cuts"] = rounds
        return event

    def _table_deal_event(self, action: Action) -> Event:
        """A deal of the cards seen at the table, checked for the right counts and no repeats."""
        rules = self.rules
        if len(action.hands) != rules.players:
            raise GameError(f"deal {rules.players} hands, not {len(action.hands)}")
        for seat, hand in enumerate(action.hands):
            if len(hand) != rules.cards_dealt:
                raise GameError(f"seat {seat} was dealt {len(hand)} cards; "
                                f"{rules.name} deals {rules.cards_dealt}")
        if len(action.cards) != rules.crib_dealt:
            raise GameError(f"{rules.name} deals {rules.crib_dealt} card(s) to the crib, "
                            f"not {len(action.cards)}")
        every = [card for hand in action.hands for card in hand] + list(action.cards)
        try:
            check_distinct(every)
        except CardError as exc:
            raise GameError(f"the deal repeats a card: {exc}") from None
        event: Event = {"type": "deal", "game": self.game, "deal": self.deal_no + 1,
                        "dealer": self._table_dealer(action),
                        "hands": [_codes(hand) for hand in action.hands], "manual": True}
        if rules.crib_dealt:
            event["crib_dealt"] = _codes(action.cards)
        return event

    def _hidden_deal_event(self, action: Action) -> Event:
        """A deal at a real table whose hands no one names: only who dealt is known."""
        if action.hands or action.cards:
            raise GameError("a hidden deal names no cards; leave out hands and cards")
        return {"type": "deal", "game": self.game, "deal": self.deal_no + 1,
                "dealer": self._table_dealer(action), "manual": True, "hidden": True}

    def _table_dealer(self, action: Action) -> int:
        """Who deals at the table: anyone chosen for the first deal, then the next seat."""
        if self.deal_no == 0:
            dealer = action.dealer if action.dealer is not None else action.player
            if not 0 <= dealer < self.rules.players:
                raise GameError(f"there is no seat {dealer} to deal")
            return dealer
        if action.dealer not in (None, self._seat_after(self.dealer)):
            raise GameError(f"the deal passes to seat {self._seat_after(self.dealer)}")
        return self._seat_after(self.dealer)

    def _deal_event(self, dealer: int, deal: int) -> Event:
        rules = self.rules
        n = rules.players
        pack = self._rng("deal", deal).sample(DECK, rules.cards_dealt * n + rules.crib_dealt)
        hands: list[list[str]] = [[] for _ in range(n)]
        for i in range(rules.cards_dealt * n):  # one at a time, from the dealer's left
            hands[(dealer + 1 + i) % n].append(_CODE[pack[i].index])
        event: Event = {"type": "deal", "game": self.game, "deal": deal, "dealer": dealer,
                        "hands": hands}
        if rules.crib_dealt:
            start = rules.cards_dealt * n
            event["crib_dealt"] = _codes(pack[start:start + rules.crib_dealt])
        return event

    def _in_play(self) -> set[Card]:
        return {card for hand in self.kept for card in hand} | set(self.crib)

    def _starter_event(self, chosen: Card | None = None) -> Event:
        if chosen is None:
            in_play = self._in_play()
            rest = [card for card in DECK if card not in in_play]
            starter = self._rng("starter", self.deal_no).choice(rest)
        else:
            starter = chosen
        points = _HEELS if starter.rank == 11 else 0
        event: Event = {"type": "starter", "card": starter.code, "points": points}
        if chosen is not None:
            event["manual"] = True
        event.update(self._side_fields(self.dealer))
        if points:
            event["reason"] = "his heels"
        return event

    def _go_award_event(self) -> Event:
        seat = self.last_player
        assert seat is not None
        last_card = not any(self.held)
        points = 1
        event: Event = {"type": "go", **self._side_fields(seat), "points": points,
                        "reason": "last card" if last_card else "go", "count": self.count}
        side = self._sides[seat]
        if self.rules.no_peg_out_on_go and self.scores[side] + 1 >= self.rules.target_of(side):
            event["points"] = 0
            event["void"] = "no pegging out on a go"
        return event

    def _show_event(self, seat: int, kind: str) -> Event:
        assert self.starter is not None
        cards = self.crib if kind == "crib" else self.kept[seat]
        shown = score_show(cards, self.starter, is_crib=kind == "crib",
                           four_card_crib_flush=self.rules.four_card_crib_flush)
        event: Event = {"type": "show", **self._side_fields(seat), "kind": kind,
                        "cards": _codes(cards), "starter": self.starter.code,
                        "points": shown.total,
                        "items": _items_json(shown.items)}
        return event

    def _game_end_event(self) -> Event:
        scores = self.scores
        out = next(s for s, score in enumerate(scores) if score >= self._targets[s])
        winner, skunk = game_result(scores, self.rules, out)
        return {"type": "game_end", "game": self.game, "scores": list(scores),
                "winner": winner, "winner_seats": list(self.rules.sides[winner]),
                "skunk": skunk, "lowball": self.rules.lowball, "deals": self.deal_no}

    # ---- actions -----------------------------------------------------------------------------

    def apply(self, action: Action) -> list[Event]:
        """Play one action; return the events it made. An illegal action raises `GameError`
        and changes nothing."""
        event = self._check(action)
        start = len(self.events)
        self._emit(event)
        self._follow_rules()
        self._redo.clear()
        return self.events[start:]

    def act(self, data: dict[str, Any]) -> list[Event]:
        """`apply` for an action written as JSON."""
        return self.apply(Action.from_json(data))

    def _check(self, action: Action) -> Event:
        rules = self.rules
        seat = action.player
        if not 0 <= seat < rules.players:
            raise GameError(f"there is no seat {seat} at a {rules.players}-player table")
        if self.phase == "game_over":
            raise GameError("the game is over")
        kind = action.kind
        if kind == "discard":
            return self._check_discard(seat, action.cards)
        if kind == "play":
            return self._check_play(seat, action)
        if kind == "go":
            return self._check_go(seat)
        if kind == "reveal":
            return self._check_reveal(seat, action.cards)
        if kind == "claim":
            return self._check_claim(seat, action.points)
        if kind == "muggins":
            return self._check_muggins(seat, action.points)
        if kind == "starter":
            return self._check_starter(action.cards)
        if self.phase != "deal_end":
            raise GameError(f"the deal is not over: the game is in the {self.phase}")
        if action.hidden:
            return self._hidden_deal_event(action)
        if action.hands:
            return self._table_deal_event(action)
        if self.deal_no == 0:
            return self._first_deal_event(action.dealer)
        return self._deal_event(dealer=self._seat_after(self.dealer), deal=self.deal_no + 1)

    def _check_starter(self, cards: Sequence[Card]) -> Event:
        if self.phase != "cut" or not self.manual:
            raise GameError("a starter is named only after the discard of a deal made at the "
                            f"table; the game is in the {self.phase}")
        if len(cards) != 1:
            raise GameError("name one starter card")
        if cards[0] in self._in_play():
            raise GameError(f"{cards[0]} is already in a hand or the crib")
        return self._starter_event(cards[0])

    def _check_go(self, seat: int) -> Event:
        if self.phase != "play":
            raise GameError(f"no one can say go now: the game is in the {self.phase}")
        if self.hidden and not self.held[seat]:
            raise GameError(f"seat {seat} has played all their cards, so has no go to say")
        if seat != self.turn:
            raise GameError(f"it is seat {self.turn}'s turn to play, not seat {seat}'s")
        room = MAX_COUNT - self.count
        if self.hidden and all(card.value <= room for card in self.unseen()):
            raise GameError(f"every card still unseen fits under {MAX_COUNT} at a count of "
                            f"{self.count}, so seat {seat} may not say go")
        if not self.hidden and self.can_play(seat):
            cards = " ".join(_codes(self.playable(seat)))
            raise GameError(f"seat {seat} can play ({cards}), so may not say go")
        return {"type": "go", **self._side_fields(seat), "points": 0, "said": True}

    def _check_reveal(self, seat: int, cards: Sequence[Card]) -> Event:
        """A hand (or the crib) the play did not show whole, named for its count. A hand may
        be named whole or by its unplayed cards only; either way it must hold what that seat
        played and come to the hand's size, with no card seen elsewhere this deal."""
        if self.phase != "show":
            raise GameError(f"hands are revealed at the show; the game is in the {self.phase}")
        shower, kind = self.show_queue[0]
        if seat != shower:
            raise GameError(f"seat {shower} shows the {kind} now, not seat {seat}")
        if self.known(shower, kind):
            raise GameError(f"seat {shower}'s {kind} is known already; nothing to reveal")
        try:
            check_distinct(cards)
        except CardError as exc:
            raise GameError(f"the {kind} revealed repeats a card: {exc}") from None
        known = [] if kind == "crib" else self.kept[seat]
        new = [card for card in cards if card not in known]
        size = self.rules.crib_size if kind == "crib" else self.rules.hand_size
        if len(known) + len(new) != size:
            held = f" with the {' '.join(_codes(known))} played" if known else ""
            raise GameError(f"the {kind} is {size} cards{held}; {len(new)} more named makes "
                            f"{len(known) + len(new)}")
        clash = [card.code for card in new if card in self.seen()]
        if clash:
            raise GameError(f"{' '.join(clash)} already seen this deal (played, the starter or "
                            "another hand), so not in this " + kind)
        return {"type": "reveal", **self._side_fields(seat), "kind": kind,
                "cards": _codes([*known, *new])}

    def _check_discard(self, seat: int, cards: Sequence[Card]) -> Event:
        if self.phase != "discard":
            raise GameError(f"the discard is over: the game is in the {self.phase}")
        if self.discarded[seat]:
            raise GameError(f"seat {seat} has already thrown to the crib")
        if self.hidden:
            if cards:
                raise GameError("in a hidden deal the cards laid away are not named; "
                                "say only that the seat has laid away")
            return {"type": "discard", **self._side_fields(seat), "cards": [], "hidden": True}
        if len(cards) != self.rules.discard:
            raise GameError(f"throw {self.rules.discard} card(s) to the crib, not {len(cards)}")
        if len(set(cards)) != len(cards):
            raise GameError("the same card is thrown twice")
        missing = [card.code for card in cards if card not in self.hands[seat]]
        if missing:
            raise GameError(f"seat {seat} does not hold {' '.join(missing)}")
        return {"type": "discard", **self._side_fields(seat), "cards": _codes(cards)}

    def _check_play(self, seat: int, action: Action) -> Event:
        if self.phase != "play":
            raise GameError(f"no card can be played now: the game is in the {self.phase}")
        if seat != self.turn:
            raise GameError(f"it is seat {self.turn}'s turn to play, not seat {seat}'s")
        if len(action.cards) != 1:
            raise GameError("a play is one card")
        card = action.card
        if self.hidden and card in self.seen():
            raise GameError(f"{card} has already been seen this deal (played or the starter)")
        if not self.hidden and card not in self.hands[seat]:
            raise GameError(f"seat {seat} does not hold {card}")
        if self.count + card.value > MAX_COUNT:
            raise GameError(f"{card} would take the count from {self.count} past {MAX_COUNT}")
        scored = score_play([*self.run, card])
        event: Event = {"type": "play", **self._side_fields(seat), "card": _CODE[card.index],
                        "count": scored.count, "points": scored.points,
                        "items": _items_json(scored.items)}
        if action.points is not None:
            _claim(event, action.points, self.rules.muggins)
        return event

    def _check_claim(self, seat: int, points: int | None) -> Event:
        if not self.rules.muggins:
            raise GameError("counts are claimed only when playing muggins; the show is automatic")
        if self.phase != "show":
            raise GameError(f"nothing to count now: the game is in the {self.phase}")
        shower, kind = self.show_queue[0]
        if seat != shower:
            raise GameError(f"seat {shower} counts the {kind} now, not seat {seat}")
        if not self.known(shower, kind):
            raise GameError(f"reveal seat {shower}'s {kind} before counting it")
        if points is None:
            raise GameError("a claim needs the points counted, 0 or more")
        return _claim(self._show_event(shower, kind), points, muggins=True)

    def _check_muggins(self, seat: int, points: int | None) -> Event:
        window = self.muggins_window
        if window is None:
            raise GameError("there is no count to call muggins on now")
        if self._sides[seat] == window["side"]:
            raise GameError("muggins is claimed by an opponent of the player who counted")
        if points is None or points < 1:
            raise GameError("muggins needs the points said to be missed, 1 or more")
        error = abs(window["missed"])
        base = {"points": points, "claimed": points, "on": window["player"],
                "of": window.get("kind", "play")}
        if points <= error:
            return {"type": "peg", **self._side_fields(seat), **base, "reason": "muggins"}
        # A wrong claim costs its maker: the player wrongly accused pegs the same number.
        return {"type": "peg", **self._side_fields(window["player"]), **base,
                "reason": "false muggins", "claimed_by": seat}

    # ---- what may happen now -----------------------------------------------------------------

    def to_move(self) -> list[int]:
        """Seats that may act now."""
        if self.phase == "discard":
            return [s for s in range(self.rules.players) if not self.discarded[s]]
        if self.phase == "play" and self.turn is not None:
            return [self.turn]
        if self.phase == "show" and (self.rules.muggins or not self.known(*self.show_queue[0])):
            return [self.show_queue[0][0]]
        if self.phase == "cut" and self.manual:
            return [self._seat_after(self.dealer)]
        if self.phase == "deal_end":
            return list(range(self.rules.players))
        return []

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        """Every legal action (of one seat, if given). Claims and muggins take any number of
        points, so they are listed once with `points=None`."""
        seats = self.to_move() if seat is None else [s for s in self.to_move() if s == seat]
        actions: list[Action] = []
        for s in seats:
            if self.phase == "discard" and self.hidden:
                actions.append(Action("discard", s))
            elif self.phase == "discard":
                actions += [Action("discard", s, combo)
                            for combo in combinations(self.hands[s], self.rules.discard)]
            elif self.phase == "play" and self.hidden:
                room = MAX_COUNT - self.count
                unseen = self.unseen()
                actions += [Action("play", s, (card,)) for card in unseen if card.value <= room]
                if any(card.value > room for card in unseen):
                    actions.append(Action("go", s))
            elif self.phase == "play":
                playable = self.playable(s)
                actions += [Action("play", s, (card,)) for card in playable] or [Action("go", s)]
            elif self.phase == "show" and not self.known(*self.show_queue[0]):
                actions.append(Action("reveal", s))
            elif self.phase == "show":
                actions.append(Action("claim", s))
            elif self.phase == "cut":
                in_play = self._in_play()
                actions += [Action("starter", s, (card,)) for card in DECK if card not in in_play]
        if self.phase == "deal_end":
            actions += [Action("next", s) for s in seats]
        window = self.muggins_window
        if window is not None:
            actions += [Action("muggins", s) for s in range(self.rules.players)
                        if self._sides[s] != window["side"] and seat in (None, s)]
        return actions

    def true_count(self) -> int:
        """Muggins: the true points of the hand or crib now waiting to be claimed."""
        if self.phase != "show":
            raise GameError(f"nothing to count now: the game is in the {self.phase}")
        seat, kind = self.show_queue[0]
        if not self.known(seat, kind):
            raise GameError(f"reveal seat {seat}'s {kind} before counting it")
        return int(self._show_event(seat, kind)["points"])

    # ---- undo and redo -----------------------------------------------------------------------

    def starts_action(self, event: Event) -> bool:
        return _is_player_action(event)

    # ---- JSON ---------------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """The whole visible state, for the table app and the protocol."""
        return {
            "game": self.game,
            "variant": self.rules.name,
            "rules": self.rules.to_json(),
            "seed": self.seed,
            "phase": self.phase,
            "deal": self.deal_no,
            "dealer": self.dealer,
            "scores": list(self.scores),
            "sides": [list(seats) for seats in self.rules.sides],
            "hidden": self.hidden,
            "hands": [_codes(hand) for hand in self.hands],
            "held": list(self.held),
            "kept": [_codes(hand) for hand in self.kept],
            "crib": _codes(self.crib),
            "starter": self.starter.code if self.starter else None,
            "count": self.count,
            "run": _codes(self.run),
            "played": [[seat, card.code] for seat, card in self.played],
            "turn": self.turn,
            "to_move": self.to_move(),
            "show_next": list(self.show_queue[0]) if self.show_queue else None,
            "muggins_open": self.muggins_window is not None,
            "legal": [action.to_json() for action in self.legal_actions()],
            "events": len(self.events),
            "can_undo": self.can_undo,
            "can_redo": self.can_redo,
            "result": self.result,
        }
