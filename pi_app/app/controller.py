"""The table app's core: every input becomes an engine action; every change lights the board,
speaks, is saved, and is pushed to the page.

Inputs arrive from anywhere (a button's `InputEvent`, a card the camera saw, a click on the
page) and all end in `act`. The controller owns the session, so undo and redo work the same
from any input, and it knows no hardware: the board display, the speaker, the store and the
page's listeners are handed to it.

At a real table with hidden hands, the same ways in name what the table shows: a seat's PEG
button (or the page) says that seat has laid away, the camera or the encoder names the starter,
each card played, and at the show the cards of a hand or crib that the play did not show.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from pi_app.app.config import Config
from pi_app.app.holds import ConfirmedCounts
from pi_app.app.narrate import describe, show_spoken, spoken
from pi_app.app.session import (
    CARDS,
    SCOREBOARD,
    CardSession,
    ScoreboardSession,
    SessionSpec,
    TableError,
    fold_pegs,
)
from pi_app.app.speech import Speaker
from pi_app.app.stats import TableStats
from pi_app.board.backends.sim import screen_colours
from pi_app.board.colour import Tone
from pi_app.board.display import BoardDisplay
from pi_app.board.render import Frame, Renderer
from pi_app.board.state import BoardState
from pi_app.engine.advisor.discard import analyse_discards
from pi_app.engine.cards import parse_cards
from pi_app.engine.game import Event, Game
from pi_app.inputs.card_entry import CardEntry
from pi_app.inputs.events import InputEvent
from pi_app.storage import GameStore

Action = dict[str, Any]
Session = CardSession | ScoreboardSession
LOG_SHOWN = 60
ZONES = ("play", "discard", "starter", "show")


def spec_for(config: Config, seed: int = 0) -> SessionSpec:
    """The session the configured mode plays."""
    mode = config.game.mode
    return SessionSpec(
        kind=SCOREBOARD if mode == "scoreboard" else CARDS,
        rules=config.game.rules,
        names=config.game.players,
        seed=seed,
        computer_seat=1 if mode == "versus" else None,
        level=config.game.computer_level,
        hidden=config.game.hidden_hands,
    )


def open_session(spec: SessionSpec, events: list[Event] | None = None,
                 confirmed: int | None = None) -> Session:
    if spec.kind == SCOREBOARD:
        return ScoreboardSession(spec, events or ())
    return CardSession(spec, events, confirmed)


def kind_of(events: Sequence[Event]) -> str | None:
    """Which kind of session made a log: a card game starts with its deal."""
    if not events:
        return None
    return CARDS if events[0]["type"] == "deal" else SCOREBOARD


def resume(config: Config, store: GameStore, holds: ConfirmedCounts
           ) -> tuple[int, Session] | None:
    """The latest stored game, if it is of the configured kind and nobody has won it yet."""
    ids = store.game_ids()
    if not ids:
        return None
    info, events = store.info(ids[-1]), store.events(ids[-1])
    spec = spec_for(config, seed=int(info.seed))
    spec = replace(spec, rules=info.rules, names=info.names or spec.names)
    if kind_of(events) not in (None, spec.kind):
        return None
    session = open_session(spec, events or None, holds.get(info.id))
    return None if session.winner is not None else (info.id, session)


def reveal_wanted(game: Game) -> dict[str, Any] | None:
    """At the show of a hidden deal: whose hand (or crib) must be named, and how many cards
    of it the play has not shown."""
    if game.phase != "show" or not game.show_queue:
        return None
    seat, kind = game.show_queue[0]
    if game.known(seat, kind):
        return None
    size = game.rules.crib_size if kind == "crib" else game.rules.hand_size
    known = [] if kind == "crib" else game.kept[seat]
    return {"player": seat, "kind": kind, "cards_needed": size - len(known),
            "played": [card.code for card in known]}


class Controller:
    """One game at a time, with undo and redo from any input, saved after every change."""

    def __init__(
        self,
        config: Config,
        store: GameStore,
        speaker: Speaker,
        *,
        display: BoardDisplay | None = None,
    ) -> None:
        self.config = config
        self.store = store
        self.speaker = speaker
        self.display = display
        self.renderer = display.renderer if display else Renderer(
            config.board.layout, tone=Tone(brightness=config.board.brightness))
        self.listeners: list[Callable[[], None]] = []
        self.notice: str | None = None
        """The last refusal of a button or camera input, shown on the page."""
        self.coach_note: str | None = None
        self.entry: CardEntry | None = None
        """A card being named with the encoder, while one is."""
        self._entry_key: tuple[Any, ...] = ()
        """The deal, cards played, what is named and by which seat, of the entry under way."""
        self._lock = threading.RLock()
        self.version = 0
        """Counts changes, so a page (or a test) can tell a new state from the last."""
        self.holds = ConfirmedCounts(store.path)
        self.stats = TableStats(store)
        resumed = resume(config, store, self.holds)
        if resumed is not None:
            self.game_id, self.session = resumed
        else:
            self.game_id, self.session = self._start(spec_for(config))
        self._said_upto = len(self.session.shown_events())
        self.frame: Frame = self.renderer.render(self.board_state())
        self._changed()

    def close(self) -> None:
        """Release the controller's own file handle (the store belongs to the caller)."""
        self.holds.close()

    # --- the ways in ------------------------------------------------------------------

    def act(self, action: Action) -> None:
        """Apply one action from the page or a test; raise `TableError` when it is refused."""
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            raise TableError("an action is a JSON object with a 'type'")
        with self._lock:
            kind = action["type"]
            if kind == "new_game":
                self._new_game(action)
            elif kind == "undo":
                self.session.undo()
                self._said_upto = min(self._said_upto, len(self.session.shown_events()))
                self.coach_note = None
                self.speaker.say("undone")
            elif kind == "redo":
                self.session.redo()
            elif kind == "press":
                self._press(action)
                return
            elif kind == "observe":
                self.observe(action.get("zone"), action.get("cards"), action.get("player"))
                return
            else:
                self._session_act(action)
            self.notice = None
            self._changed()

    def on_input(self, event: InputEvent) -> None:
        """A button or the encoder. A refusal is shown and spoken, never raised into the
        input thread: a person at the table needs to hear why nothing happened."""
        try:
            if event.control == "encoder":
                self._enter_card(event)
            else:
                self.act(self._input_action(event))
        except TableError as exc:
            with self._lock:
                self.notice = str(exc)
                self.speaker.say("no")
                self._changed()

    def observe(self, zone: object, cards: object, player: object = None) -> None:
        """Cards the camera saw laid in a zone: `play` (the card just laid, by the player whose
        turn it is), `discard` (what a player laid away, `player` given: no cards when they lie
        face down at a real table), `starter` (the card turned up) or `show` (the cards of the
        hand or crib being shown that the play did not show)."""
        if zone not in ZONES:
            raise TableError(f"observe: unknown zone {zone!r}; zones: {', '.join(ZONES)}")
        if not isinstance(cards, list) or not all(isinstance(c, str) for c in cards) or (
                not cards and zone != "discard"):
            raise TableError("observe: 'cards' must list the cards seen, e.g. [\"5H\"]")
        state = self.session.state()
        if zone == "play":
            seat = player if isinstance(player, int) else self._player_to_play(state, "play")
            self.act({"type": "play", "player": seat, "card": cards[-1]})
        elif zone == "starter":
            self.act({"type": "starter", "player": self._seat_to(state, "starter"),
                      "card": cards[-1]})
        elif zone == "show":
            self.act({"type": "reveal", "player": self._seat_to(state, "show"), "cards": cards})
        else:
            self.act({"type": "discard", "player": player, "cards": cards})

    def refresh(self) -> None:
        """Show the game again (after the board showed something else, such as a code)."""
        with self._lock:
            self._changed()

    def report(self, message: str, spoken: str = "check the card") -> None:
        """A problem an input found (a misread card): shown on the page, and `spoken`."""
        with self._lock:
            self.notice = message
            self.speaker.say(spoken)
            self._changed()

    # --- internals -------------------------------------------------------------------

    def _input_action(self, event: InputEvent) -> Action:
        state = self.session.state()
        control, kind = event.control, event.kind
        if control == "undo" and kind in ("press", "long_press"):
            return {"type": "redo" if kind == "long_press" else "undo"}
        if control == "go" and kind == "press":
            return {"type": "go", "player": self._player_to_play(state, "go")}
        if control.startswith("peg") and kind == "press" and state.get("hidden") and (
                state["phase"] == "discard"):
            return {"type": "discard", "player": int(control[3:])}  # this seat has laid away
        if control.startswith("peg") and kind in ("press", "repeat"):
            return {"type": "peg", "player": int(control[3:]), "points": 1}
        if control == "ok" and kind == "press":
            return self._next_step(state)
        raise TableError(f"{control} {kind.replace('_', ' ')}: nothing to do with it now")

    @staticmethod
    def _seat_to(state: dict[str, Any], what: str) -> int:
        """The seat whose card(s) the table names now: the pone cuts the starter, and at the
        show the seat showing the hand or crib in turn."""
        phase, waiting = state.get("phase"), state.get("to_move") or []
        if (what, phase) not in (("starter", "cut"), ("show", "show")) or not waiting:
            raise TableError(f"{what}: no {'starter' if what == 'starter' else 'hand'} is "
                             f"waiting to be named; the table is at the {phase}")
        return int(waiting[0])

    @staticmethod
    def _player_to_play(state: dict[str, Any], what: str) -> int:
        turn = state.get("turn")
        if state.get("phase") != "play" or not isinstance(turn, int):
            raise TableError(f"{what}: no one is laying cards now; the table is at the "
                             f"{state.get('phase')}")
        return turn

    def _enter_card(self, event: InputEvent) -> None:
        """The encoder names cards (turn to the rank, press, turn to the suit, press): the
        card played, which corrects a misread or plays without a camera; at a real table also
        the starter, and at the show the cards of a hand or crib the play did not show."""
        with self._lock:
            state = self.session.state()
            entry = self._entry_for(state)
            feedback = entry.handle(event)
            if feedback is None:
                return
            self.speaker.say(feedback.message.split(": ")[-1])
            if entry.stage == "complete":
                codes = [card.code for card in entry.cards]
                self.entry = None
                what, seat = self._entry_key[2:]
                if what == "card":
                    self.act({"type": "play", "player": seat, "card": codes[0]})
                elif what == "starter":
                    self.act({"type": "starter", "player": seat, "card": codes[0]})
                else:
                    self.act({"type": "reveal", "player": seat, "cards": codes})
                return
            self.notice = feedback.message if feedback.kind == "refused" else None
            self._changed()

    def _entry_for(self, state: dict[str, Any]) -> CardEntry:
        """The entry under way, or a new one for what the table must name now."""
        phase = state.get("phase")
        played = [code for _, code in state.get("played", [])]
        if phase == "cut" and state.get("hidden"):
            what, count, seat = "starter", 1, self._seat_to(state, "starter")
        elif phase == "show" and isinstance(self.session, CardSession) and (
                reveal := reveal_wanted(self.session.game)) is not None:
            what, count, seat = reveal["kind"], reveal["cards_needed"], reveal["player"]
        else:
            what, count, seat = "card", 1, self._player_to_play(state, "encoder")
        key = (state.get("deal"), len(played), what, seat)
        if self.entry is None or self._entry_key != key:
            game = self.session.game if isinstance(self.session, CardSession) else None
            gone = (game.seen() if game is not None and game.hidden else parse_cards(
                [*played, *([state["starter"]] if state.get("starter") else [])]))
            self.entry, self._entry_key = CardEntry(count, gone, what=what), key
        return self.entry

    def _next_step(self, state: dict[str, Any]) -> Action:
        phase = state["phase"]
        if self.session.pending_show() is not None:
            return {"type": "confirm"}
        if phase == "deal_end":
            return {"type": "next", "player": state["dealer"]}
        if phase == "game_over":
            return {"type": "new_game"} if isinstance(self.session, CardSession) else {
                "type": "next_game"}
        raise TableError(f"ok: nothing to confirm during the {phase}")

    def _press(self, action: Action) -> None:
        """A virtual button on the page, as if pressed on the table."""
        control, kind = action.get("control"), action.get("kind", "press")
        try:
            event = InputEvent(kind, control, source="web")  # type: ignore[arg-type]
        except ValueError as exc:
            raise TableError(f"press: {exc}") from exc
        self.act(self._input_action(event))

    def _session_act(self, action: Action) -> None:
        clean = {k: v for k, v in action.items() if k != "by"}
        if clean.get("type") == "discard":
            self._coach_before(clean)
        self.session.act(clean)

    def _new_game(self, action: Action) -> None:
        seed = action.get("seed", self.session.spec.seed + 1)
        if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2**31:
            raise TableError(f"new_game: 'seed' must be a whole number 0..2^31, not {seed!r}")
        self.game_id, self.session = self._start(spec_for(self.config, seed))
        self._said_upto = 0
        self.coach_note = None

    def _start(self, spec: SessionSpec) -> tuple[int, Session]:
        game_id = self.store.new_game(spec.rules, spec.seed, spec.names)
        return game_id, open_session(spec)

    def _coach_before(self, action: Action) -> None:
        """Coach mode: how much the throw about to be made costs against the best one."""
        if not self.config.game.coach or not isinstance(self.session, CardSession):
            return
        game, seat = self.session.game, action.get("player")
        if not isinstance(seat, int) or not 0 <= seat < len(game.hands) or (
                game.phase != "discard" or game.hidden):
            return
        thrown = action.get("cards")
        options = analyse_discards(game.hands[seat], dealer=game.dealer == seat, rules=game.rules)
        chosen = next((o for o in options if sorted(c.code for c in o.discard)
                       == sorted(thrown or [])), None)
        if chosen is not None:
            best = options[0]
            self.coach_note = (
                f"{self.session.spec.names[seat]} threw {' '.join(thrown or [])}: best was "
                f"{' '.join(c.code for c in best.discard)}; the throw cost "
                f"{best.net_ev - chosen.net_ev:.2f} points on average")

    def board_state(self) -> BoardState:
        session = self.session
        rules = session.spec.rules
        pegs = fold_pegs(session.shown_events(), rules)
        state = session.state()
        games_won = tuple(state.get("games_won", ())) or tuple(
            1 if session.winner == side else 0 for side in range(len(rules.sides)))
        turn = state.get("turn")
        return BoardState(
            pegs=pegs,
            games_won=games_won,
            dealer=rules.side_of(state["dealer"]) if state.get("deal") else None,
            turn=rules.side_of(turn) if isinstance(turn, int) else None,
        )

    def _changed(self) -> None:
        self.version += 1
        shown = self.session.shown_events()
        names = self.session.spec.names
        crib_flush = self.session.spec.rules.four_card_crib_flush
        for event in shown[self._said_upto:]:
            phrase = spoken(event, names, crib_flush)
            if phrase:
                self.speaker.say(phrase)
        self._said_upto = len(shown)
        state = self.board_state()
        self.frame = (self.display.show_state(state) if self.display
                      else self.renderer.render(state))
        self.store.sync(self.game_id, self.session.events)
        if isinstance(self.session, CardSession):
            self.holds.set(self.game_id, self.session.confirmed)
        for listener in list(self.listeners):
            listener()

    # --- what the page shows ---------------------------------------------------------

    def coach_hints(self) -> list[dict[str, Any]]:
        session = self.session
        if not self.config.game.coach or not isinstance(session, CardSession):
            return []
        game = session.game
        if game.phase != "discard" or game.hidden:
            return []
        return [{"player": seat, **analyse_discards(game.hands[seat], dealer=game.dealer == seat,
                                                    rules=game.rules)[0].to_json()}
                for seat in game.to_move() if seat != session.spec.computer_seat]

    def lit(self) -> dict[str, str]:
        """Every lit LED's whole-board index and its colour as a screen shows it."""
        colours = screen_colours(self.frame.pixels)
        return {str(i): "#{:02x}{:02x}{:02x}".format(*colours[i].tolist())
                for i in range(len(colours)) if self.frame.pixels[i].any()}

    def board_json(self) -> dict[str, Any]:
        """The board's drawing: every hole and indicator with its whole-board LED index."""
        layout = self.renderer.layout
        return {
            "name": layout.name,
            "size_mm": list(layout.size_mm),
            "hole_mm": layout.hole_mm,
            "colours": ["#{:02x}{:02x}{:02x}".format(*self.renderer.palette.player(side))
                        for side in range(len(layout.tracks))],
            "spots": [{"kind": kind, "player": player, "number": number,
                       "x": spot.x_mm, "y": spot.y_mm, "led": layout.flat_index(spot)}
                      for kind, player, number, spot in layout.spots()],
        }

    def snapshot(self) -> dict[str, Any]:
        with self._lock:
            session = self.session
            spec = session.spec
            shown = session.shown_events()
            pending = session.pending_show()
            pegs = fold_pegs(shown, spec.rules)
            state = session.state()
            if isinstance(session, CardSession) and spec.computer_seat is not None \
                    and state["phase"] not in ("show", "deal_end", "game_over"):
                state["hands"][spec.computer_seat] = ["??"] * len(
                    state["hands"][spec.computer_seat])
                state["kept"][spec.computer_seat] = []
            if isinstance(session, CardSession):
                game = session.game
                state.pop("legal", None)
                if game.phase not in ("show", "deal_end", "game_over"):
                    state["crib"] = ["??"] * len(game.crib)  # face down until its show
                state["playable"] = ([c.code for c in game.playable(game.turn)]
                                     if game.phase == "play" and game.turn is not None else [])
                state["reveal"] = reveal_wanted(game)
            log = [line for line in (describe(e, spec.names) for e in shown) if line]
            return {
                "game_id": self.game_id,
                "version": self.version,
                "mode": self.config.game.mode,
                "kind": spec.kind,
                "names": list(spec.names),
                "computer_seat": spec.computer_seat,
                "variant": spec.rules.name,
                "target": spec.rules.target,
                "muggins": spec.rules.muggins,
                "hidden_hands": isinstance(session, CardSession) and spec.hidden,
                "state": state,
                "pegs": [{"front": p.front, "back": p.back} for p in pegs],
                "pending": pending,
                "pending_spoken": show_spoken(pending, spec.rules.four_card_crib_flush)
                if pending else None,
                "winner": session.winner,
                "log": log[-LOG_SHOWN:],
                "said": self.speaker.said[-8:],
                "notice": self.notice,
                "coach": self.coach_hints(),
                "coach_note": self.coach_note,
                "entry": self.entry.description if self.entry is not None else None,
                "lit": self.lit(),
                "can_undo": session.can_undo,
                "can_redo": session.can_redo,
                "stats": self.stats.snapshot(self.game_id, spec.rules, shown),
            }
