"""The camera at the table: frames become card sightings, sightings become plays.

`CardWatcher.look` is the slow half (read a frame, find and read the cards) and may run in a
worker thread; `CardWatcher.settle` is the quick half (zones, the temporal filter, the
controller) and runs where the controller lives. A card counts once it has stayed in a play
zone for a few frames; a sighting that cannot happen in one deal, or a card the rules refuse,
is shown and spoken as a misread for a player to correct, and changes nothing.

`default_zones` names the zones the watcher needs and `render_table` draws the simulator's
virtual table in them, so the same watcher reads the laptop's virtual camera and a real one.

At a real table with hidden hands the watcher also reads the starter turned up and, at the
show, the cards laid face up in the show area (the crib zone): once as many cards not yet seen
this deal lie there as the hand or crib being shown still hides, they are its reveal. The
simulator's `VirtualCamera` then plays the people at the table: it deals them cards the app
never sees, lays away face down, turns the starter and lays each hand out for its show.
"""

from __future__ import annotations

import random
import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import cv2
import numpy as np

from pi_app.app.controller import Controller, reveal_wanted
from pi_app.app.session import CardSession, TableError
from pi_app.engine.cards import DECK, Card, parse_card
from pi_app.engine.variants import Rules
from pi_app.vision.designs import Design
from pi_app.vision.frames import FrameSource
from pi_app.vision.markers import MarkerFollower
from pi_app.vision.preview import preview_jpeg
from pi_app.vision.recognizer import Detection, Recognizer
from pi_app.vision.stillness import StillTable
from pi_app.vision.synth import lay_markers
from pi_app.vision.tracking import TemporalFilter
from pi_app.vision.zones import Zone, ZoneError, ZoneMap

FRAME_SIZE = (1280, 720)
FELT_BGR = (40, 90, 30)
CARD_WIDTH = 120
STABLE_FRAMES = 2


COLUMN = 340
"""The left column of the frame: the starter spot above the show area."""
ROW_GAP = 15


def default_zones(seats: int = 2, size: tuple[int, int] = FRAME_SIZE) -> ZoneMap:
    """One play zone per seat in bands across the frame; on the left the starter spot and,
    below it, the show area (where hands and the crib are laid face up for their count)."""
    width, height = size
    starter = Zone("starter", "starter", ((20, 20), (COLUMN, 20), (COLUMN, 220), (20, 220)))
    show = Zone("show", "crib", ((20, 230), (COLUMN, 230), (COLUMN, height - 20),
                                 (20, height - 20)))
    band = (height - 40) / seats
    left = COLUMN + 10
    plays = [Zone(f"play{seat}", "play", ((left, 20 + band * seat), (width - 20, 20 + band * seat),
                                          (width - 20, 20 + band * (seat + 1) - 10),
                                          (left, 20 + band * (seat + 1) - 10)))
             for seat in range(seats)]
    return ZoneMap((starter, show, *plays))


def table_zones(zones: ZoneMap, seats: int) -> ZoneMap:
    """`zones` (a table's own zone file), checked to hold what the watcher needs: one play
    zone per player, in seat order, a starter spot and a show area (kind crib)."""
    kinds = [zone.kind for zone in zones.zones]
    wanted = []
    if kinds.count("play") != seats:
        wanted.append(f"{seats} play zones, one per player in seat order "
                      f"(it has {kinds.count('play')})")
    wanted += [f"a {kind} zone" for kind in ("starter", "crib") if kind not in kinds]
    if wanted:
        raise ZoneError(f"the camera needs {' and '.join(wanted)}")
    return zones


def seat_of_zone(zone: Zone, zones: ZoneMap) -> int:
    """Play zones are the seats in order."""
    plays = [z for z in zones.zones if z.kind == "play"]
    return plays.index(zone)


def render_table(design: Design, zones: ZoneMap, laid: Mapping[str, Sequence[str]],
                 size: tuple[int, int] = FRAME_SIZE) -> np.ndarray:
    """A top-down frame of a felt table with `laid[zone name]` cards in rows in each zone."""
    width, height = size
    frame = np.empty((height, width, 3), np.uint8)
    frame[:] = FELT_BGR
    for zone in zones.zones:
        x0 = int(min(x for x, _ in zone.polygon)) + 10
        y0 = int(min(y for _, y in zone.polygon)) + 10
        across = max(1, (int(max(x for x, _ in zone.polygon)) - x0) // (CARD_WIDTH + 25))
        for i, code in enumerate(laid.get(zone.name, ())):
            row, col = divmod(i, across)
            face = design[code]
            tall = round(CARD_WIDTH * face.shape[0] / face.shape[1])
            _paste(frame, face, x0 + col * (CARD_WIDTH + 25), y0 + row * (tall + ROW_GAP))
    return frame


def _paste(frame: np.ndarray, face: np.ndarray, x: int, y: int) -> None:
    h = round(CARD_WIDTH * face.shape[0] / face.shape[1])
    card = cv2.resize(face, (CARD_WIDTH, h), interpolation=cv2.INTER_AREA)
    h = min(h, frame.shape[0] - y)
    w = min(CARD_WIDTH, frame.shape[1] - x)
    alpha = card[:h, :w, 3:4] / 255.0
    region = frame[y:y + h, x:x + w]
    frame[y:y + h, x:x + w] = (region * (1 - alpha) + card[:h, :w, :3] * alpha).astype(np.uint8)


@dataclass
class Look:
    """One frame and what was read in it."""

    frame: np.ndarray
    detections: list[Detection]
    markers: dict[int, tuple[float, float]] | None = None
    """The corner markers in sight, when looked for in this frame."""


@dataclass
class CardWatcher:
    controller: Controller
    source: FrameSource
    zones: ZoneMap
    recognizer: Recognizer = field(default_factory=Recognizer)
    stable_frames: int = STABLE_FRAMES
    markers: MarkerFollower | None = None
    """At a table with printed corner markers: the zones move with them."""
    zone_listeners: list[Callable[[ZoneMap], None]] = field(default_factory=list)
    """Told of zones set up anew or moved (the simulator's virtual table lays cards in them)."""
    last: Look | None = None
    _filter: TemporalFilter = field(init=False)
    _deal: object = field(init=False, default=None)
    _shown: set[Card] = field(init=False, default_factory=set)
    """Cards lying face up in the show area, read and steady."""
    _tried: object = field(init=False, default=None)
    """The show area and the hand wanted when last read, so each sight is tried once."""
    _still: StillTable = field(init=False, default_factory=StillTable)
    _read: list[Detection] = field(init=False, default_factory=list)
    """The cards in the frame last read (the worker thread's own)."""

    def __post_init__(self) -> None:
        self._filter = TemporalFilter(stable_frames=self.stable_frames)

    def look(self) -> Look | None:
        """Read a frame and the cards in it (slow: safe to run in a worker thread); a frame
        that shows the table as the last one read did keeps what that one read."""
        frame = self.source.read()
        if frame is None:
            return None
        markers = self.markers.look(frame) if self.markers is not None else None
        if self._still.changed(frame):
            self._read = self.recognizer.detect(frame)
        return Look(frame, list(self._read), markers)

    def use_zones(self, zones: ZoneMap) -> None:
        """Zones set up anew (on the page): what lies where is read afresh from the next frame.
        Cards already played are known as such and are not played again."""
        self.zones = zones
        self._filter.new_deal()
        self._shown.clear()
        self._tried = None
        for listener in self.zone_listeners:
            listener(zones)

    def settle(self, look: Look) -> list[str]:
        """Turn a look into table actions; return what was played or refused, for the log."""
        self.last = look
        outcomes = [] if look.markers is None else self._follow(look.markers)
        deal = self.controller.session.state().get("deal")
        if deal != self._deal:  # the cards of the last deal are gone
            self._deal = deal
            self._filter.new_deal()
            self._shown.clear()
        sightings = []
        for detection in look.detections:
            zone = self.zones.zone_of(detection.corners)
            if detection.card is not None and zone is not None:
                sightings.append((detection.card, zone.name, zone.kind))
        by_name = {zone.name: zone for zone in self.zones.zones}
        played = {tuple(p) for p in self.controller.session.state().get("played", [])}
        self._shown &= {card for card, _, kind in sightings if kind == "crib"}
        for event in self._filter.update(sightings):
            zone = by_name.get(event.zone or "")
            if event.kind == "misread":
                outcomes.append(self._refuse(f"check {event.card}: {event.reason}"))
            elif zone is not None and zone.kind == "starter":
                outcomes += self._starter(event.card)
            elif zone is not None and zone.kind == "crib":
                self._shown.add(event.card)
            elif zone is not None and zone.kind == "play":
                seat = seat_of_zone(zone, self.zones)
                if (seat, event.card.code) in played:
                    continue  # seen again after a correction: it is on the table already
                try:
                    self.controller.observe("play", [event.card.code], seat)
                    outcomes.append(f"seen: {event.card} played by seat {seat}")
                except TableError as exc:
                    outcomes.append(self._refuse(f"seen {event.card}: {exc}"))
                    # The filter now believes in a card that was never played: start it
                    # afresh, so the corrected card is read as the play it is.
                    self._filter.new_deal()
        if self._shown:  # the show area is read whenever a count is no longer on display
            outcomes += self._reveal()
        return outcomes

    def _follow(self, found: dict[int, tuple[float, float]]) -> list[str]:
        """The zones moved with the corner markers, if they have moved (the camera knocked)."""
        assert self.markers is not None
        zones, trouble = self.markers.follow(self.zones, found)
        if trouble is not None:
            self.controller.report(trouble, spoken="check the corner markers")
            return [trouble]
        if zones.zones != self.zones.zones:
            self.use_zones(zones)
            return ["the zones moved with the corner markers"]
        self.zones = zones  # drawn without the markers: pinned to where they are first seen
        return []

    def _starter(self, card: Card) -> list[str]:
        """The starter turned up at a real table (the app's own deal shows its starter)."""
        state = self.controller.session.state()
        if state.get("phase") != "cut" or not state.get("hidden"):
            return []
        try:
            self.controller.observe("starter", [card.code])
        except TableError as exc:
            return [self._refuse(f"seen starter {card}: {exc}")]
        return [f"seen: starter {card}"]

    def _reveal(self) -> list[str]:
        """The show area holds what the hand (or crib) being shown hides: reveal it."""
        session = self.controller.session
        if not isinstance(session, CardSession) or session.pending_show() is not None:
            return []
        wanted = reveal_wanted(session.game)
        if wanted is None:
            return []
        seen = session.game.seen()
        new = sorted((card for card in self._shown if card not in seen),
                     key=lambda card: card.index)
        sight = (frozenset(new), wanted["player"], wanted["kind"], len(session.game.events))
        if len(new) < wanted["cards_needed"] or sight == self._tried:
            return []
        self._tried = sight
        what = f"{wanted['kind']} of seat {wanted['player']}"
        if len(new) > wanted["cards_needed"]:
            return [self._refuse(f"check the show area: {len(new)} new cards for the {what}, "
                                 f"which hides {wanted['cards_needed']}")]
        codes = [card.code for card in new]
        try:
            self.controller.observe("show", codes)
        except TableError as exc:
            return [self._refuse(f"seen {' '.join(codes)}: {exc}")]
        return [f"seen: the {what} shown with {' '.join(codes)}"]

    def _refuse(self, message: str) -> str:
        self.controller.report(message)
        return message

    def preview(self, zones: bool = True) -> bytes | None:
        """The last frame with detections (and `zones`) drawn, as JPEG for the page, and
        where the corner markers were last seen."""
        if self.last is None:
            return None
        markers = self.markers.seen if self.markers is not None else None
        return preview_jpeg(self.last.frame, self.last.detections,
                            self.zones if zones else None, markers=markers)


@dataclass
class SecretDeal:
    """The cards at a real table that the app does not see: each seat's hand, the crib as
    it fills face down, and the starter waiting on the pack."""

    hands: list[list[Card]]
    crib: list[Card]
    starter: Card

    @classmethod
    def shuffled(cls, rules: Rules, key: str) -> SecretDeal:
        pack = list(DECK)
        random.Random(key).shuffle(pack)
        n, dealt = rules.players, rules.cards_dealt
        hands = [pack[seat * dealt:(seat + 1) * dealt] for seat in range(n)]
        crib = pack[n * dealt:n * dealt + rules.crib_dealt]
        return cls(hands, crib, pack[n * dealt + rules.crib_dealt])


class VirtualCamera:
    """The simulator's camera over a virtual table: cards the players lay (by clicking on the
    page) and the cards already played this deal, in each seat's play zone.

    At a real table (`hidden` deals) it also holds the people's cards, which the app does not
    see: `lay_away` puts cards face down in the crib (the app hears only that the seat has
    laid away), the starter is turned up once the crib is full, and at the show the cards a
    hand (or the crib) still hides are laid face up in the show area, for the camera to read.
    """

    def __init__(self, controller: Controller, design: Design, zones: ZoneMap) -> None:
        self.controller = controller
        self.design = design
        self.deck: Any = None
        """The page's `DeckLearning`, whose card asked for the players lay, alone."""
        self.markers: np.ndarray | None = None
        """Where printed corner markers lie on the virtual table, if they do (4x2)."""
        self.use_zones(zones)
        self._laid: dict[int, list[str]] = {}
        self._deal: object = None
        self._secret: SecretDeal | None = None
        self._lock = threading.RLock()
        """The page lays cards on the server's loop while the camera renders in a worker."""

    def use_zones(self, zones: ZoneMap) -> None:
        """Lay cards in these zones from the next frame: each seat's play zone, and by kind
        where the starter is turned up and hands are laid out to count."""
        plays = [z.name for z in zones.zones if z.kind == "play"]
        starter, show = (next(z.name for z in zones.zones if z.kind == kind)
                         for kind in ("starter", "crib"))
        # One swap: the renderer's thread sees the old zones or the new, never half of each.
        self._layout: tuple[ZoneMap, list[str], str, str] = (zones, plays, starter, show)

    @property
    def zones(self) -> ZoneMap:
        return self._layout[0]

    def lay(self, seat: object, card: object) -> None:
        """A player puts a card face up in their play zone, for the camera to read."""
        state = self.controller.session.state()
        hands = self.table_hands(state)
        if not isinstance(seat, int) or not 0 <= seat < len(hands):
            raise TableError(f"lay: 'player' must be a seat 0..{len(hands) - 1}, not {seat!r}")
        if card not in hands[seat]:
            raise TableError(f"lay: seat {seat} does not hold {card!r}")
        self._current(state).setdefault(seat, []).append(str(card))

    def lay_away(self, seat: object, cards: object) -> None:
        """A player lays cards face down in the crib: the app learns only that they did."""
        state = self.controller.session.state()
        secret = self._secret_for(state)
        if secret is None:
            raise TableError("lay_away: cards are laid face down only at a real table "
                             "(game.table = \"real\"); otherwise discard names them")
        if not isinstance(seat, int) or not 0 <= seat < len(secret.hands):
            raise TableError(f"lay_away: 'player' must be a seat 0..{len(secret.hands) - 1}, "
                             f"not {seat!r}")
        if not isinstance(cards, list) or not all(isinstance(c, str) for c in cards):
            raise TableError("lay_away: 'cards' must list the cards laid away, e.g. [\"5H\"]")
        held = secret.hands[seat]
        try:
            chosen = [parse_card(code) for code in cards]
        except ValueError as exc:
            raise TableError(f"lay_away: {exc}") from exc
        wanted = self.controller.session.spec.rules.discard
        if len(set(chosen)) != wanted or any(card not in held for card in chosen):
            raise TableError(f"lay_away: seat {seat} lays away {wanted} different cards of "
                             f"their own, not {cards!r}")
        with self._lock:
            self.controller.observe("discard", [], seat)
            for card in chosen:
                held.remove(card)
            secret.crib += chosen

    @property
    def secret(self) -> SecretDeal | None:
        """The cards the people hold this deal, at a real table (None: the app deals)."""
        return self._secret_for(self.controller.session.state())

    def table_hands(self, state: Mapping[str, Any] | None = None) -> list[list[str]]:
        """The cards each seat holds at the table: the app's own deal, or the secret one."""
        state = self.controller.session.state() if state is None else state
        secret = self._secret_for(state)
        hands = state.get("hands", [])
        if secret is None:
            return [list(hand) for hand in hands] if isinstance(hands, list) else []
        played = {code for _, code in state.get("played", [])}
        return [[card.code for card in hand if card.code not in played]
                for hand in secret.hands]

    def _secret_for(self, state: Mapping[str, Any]) -> SecretDeal | None:
        with self._lock:
            self._current(state)
            if not state.get("hidden"):
                return None
            if self._secret is None:
                session = self.controller.session
                key = f"{session.spec.seed}/{self.controller.game_id}/{state.get('deal')}"
                self._secret = SecretDeal.shuffled(session.spec.rules, key)
            return self._secret

    def _current(self, state: Mapping[str, Any]) -> dict[int, list[str]]:
        with self._lock:
            if state.get("deal") != self._deal:
                self._deal, self._laid, self._secret = state.get("deal"), {}, None
            return self._laid

    def render(self) -> np.ndarray:
        frame = self._render()
        return frame if self.markers is None else lay_markers(frame, self.markers)

    def _render(self) -> np.ndarray:
        zones, plays, starter, show = self._layout
        if self.deck is not None and self.deck.capturing:  # learning the deck: one card
            asked = self.deck.asking
            return render_table(self.design, zones, {starter: [asked.code]} if asked else {})
        state = self.controller.session.state()
        laid = self._current(state)
        cards: dict[str, list[str]] = {name: [] for name in plays}
        for seat, code in state.get("played", []):
            cards[plays[seat]].append(code)
        for seat, codes in laid.items():
            cards[plays[seat]] += [c for c in codes if c not in cards[plays[seat]]]
        secret = self._secret_for(state)
        if state.get("starter"):
            cards[starter] = [str(state["starter"])]
        elif secret is not None and state.get("phase") == "cut":
            cards[starter] = [secret.starter.code]  # the pone cuts, the dealer turns it up
        if secret is not None:
            cards[show] = self._shown_now(secret)
        return render_table(self.design, zones, cards)

    def _shown_now(self, secret: SecretDeal) -> list[str]:
        """The hand or crib being shown, laid out in the show area, while its count waits."""
        session = self.controller.session
        if not isinstance(session, CardSession) or session.game.phase != "show":
            return []
        seat, kind = session.game.show_queue[0]
        if kind == "crib":
            return [card.code for card in secret.crib]
        played = {card for who, card in session.game.played if who == seat}
        return [card.code for card in secret.hands[seat] if card not in played]
