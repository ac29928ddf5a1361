"""The camera at the table: frames become card sightings, sightings become plays.

`CardWatcher.look` is the slow half (read a frame, find and read the cards) and may run in a
worker thread; `CardWatcher.settle` is the quick half (zones, the temporal filter, the
controller) and runs where the controller lives. A card counts once it has stayed in a play
zone for a few frames; a sighting that cannot happen in one deal, or a card the rules refuse,
is shown and spoken as a misread for a player to correct, and changes nothing.

`PlayZones` names the zones the watcher needs and `render_table` draws the simulator's virtual
table in them, so the same watcher reads the laptop's virtual camera and a real one.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

import cv2
import numpy as np

from pi_app.app.controller import Controller
from pi_app.app.session import TableError
from pi_app.vision.designs import Design
from pi_app.vision.frames import FrameSource
from pi_app.vision.preview import preview_jpeg
from pi_app.vision.recognizer import Detection, Recognizer
from pi_app.vision.tracking import TemporalFilter
from pi_app.vision.zones import Zone, ZoneMap

FRAME_SIZE = (1280, 720)
FELT_BGR = (40, 90, 30)
CARD_WIDTH = 120
STABLE_FRAMES = 2


def default_zones(seats: int = 2, size: tuple[int, int] = FRAME_SIZE) -> ZoneMap:
    """One play zone per seat in bands across the frame, and the starter spot on the left."""
    width, height = size
    starter = Zone("starter", "starter", ((20, 20), (220, 20), (220, 300), (20, 300)))
    band = (height - 40) / seats
    plays = [Zone(f"play{seat}", "play", ((240, 20 + band * seat), (width - 20, 20 + band * seat),
                                          (width - 20, 20 + band * (seat + 1) - 10),
                                          (240, 20 + band * (seat + 1) - 10)))
             for seat in range(seats)]
    return ZoneMap((starter, *plays))


def seat_of_zone(zone: Zone, zones: ZoneMap) -> int:
    """Play zones are the seats in order."""
    plays = [z for z in zones.zones if z.kind == "play"]
    return plays.index(zone)


def render_table(design: Design, zones: ZoneMap, laid: Mapping[str, Sequence[str]],
                 size: tuple[int, int] = FRAME_SIZE) -> np.ndarray:
    """A top-down frame of a felt table with `laid[zone name]` cards in a row in each zone."""
    width, height = size
    frame = np.empty((height, width, 3), np.uint8)
    frame[:] = FELT_BGR
    for zone in zones.zones:
        x0 = int(min(x for x, _ in zone.polygon)) + 10
        y0 = int(min(y for _, y in zone.polygon)) + 10
        for i, code in enumerate(laid.get(zone.name, ())):
            _paste(frame, design[code], x0 + i * (CARD_WIDTH + 25), y0)
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


@dataclass
class CardWatcher:
    controller: Controller
    source: FrameSource
    zones: ZoneMap
    recognizer: Recognizer = field(default_factory=Recognizer)
    stable_frames: int = STABLE_FRAMES
    last: Look | None = None
    _filter: TemporalFilter = field(init=False)
    _deal: object = field(init=False, default=None)

    def __post_init__(self) -> None:
        self._filter = TemporalFilter(stable_frames=self.stable_frames)

    def look(self) -> Look | None:
        """Read a frame and the cards in it (slow: safe to run in a worker thread)."""
        frame = self.source.read()
        if frame is None:
            return None
        return Look(frame, self.recognizer.detect(frame))

    def settle(self, look: Look) -> list[str]:
        """Turn a look into table actions; return what was played or refused, for the log."""
        self.last = look
        deal = self.controller.session.state().get("deal")
        if deal != self._deal:  # the cards of the last deal are gone
            self._deal = deal
            self._filter.new_deal()
        sightings = []
        for detection in look.detections:
            zone = self.zones.zone_of(detection.corners)
            if detection.card is not None and zone is not None:
                sightings.append((detection.card, zone.name, zone.kind))
        outcomes = []
        by_name = {zone.name: zone for zone in self.zones.zones}
        played = {tuple(p) for p in self.controller.session.state().get("played", [])}
        for event in self._filter.update(sightings):
            zone = by_name.get(event.zone or "")
            if event.kind == "misread":
                outcomes.append(self._refuse(f"check {event.card}: {event.reason}"))
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
        return outcomes

    def _refuse(self, message: str) -> str:
        self.controller.report(message)
        return message

    def preview(self) -> bytes | None:
        """The last frame with zones and detections drawn, as JPEG for the page."""
        if self.last is None:
            return None
        return preview_jpeg(self.last.frame, self.last.detections, self.zones)


class VirtualCamera:
    """The simulator's camera over a virtual table: cards the players lay (by clicking on the
    page) and the cards already played this deal, in each seat's play zone."""

    def __init__(self, controller: Controller, design: Design, zones: ZoneMap) -> None:
        self.controller = controller
        self.design = design
        self.zones = zones
        self._laid: dict[int, list[str]] = {}
        self._deal: object = None

    def lay(self, seat: object, card: object) -> None:
        """A player puts a card face up in their play zone, for the camera to read."""
        state = self.controller.session.state()
        hands = state.get("hands", [])
        if not isinstance(seat, int) or not 0 <= seat < len(hands):
            raise TableError(f"lay: 'player' must be a seat 0..{len(hands) - 1}, not {seat!r}")
        if card not in hands[seat]:
            raise TableError(f"lay: seat {seat} does not hold {card!r}")
        self._current(state).setdefault(seat, []).append(str(card))

    def _current(self, state: Mapping[str, object]) -> dict[int, list[str]]:
        if state.get("deal") != self._deal:
            self._deal, self._laid = state.get("deal"), {}
        return self._laid

    def render(self) -> np.ndarray:
        state = self.controller.session.state()
        laid = self._current(state)
        plays = [z.name for z in self.zones.zones if z.kind == "play"]
        cards: dict[str, list[str]] = {name: [] for name in plays}
        for seat, code in state.get("played", []):
            cards[plays[seat]].append(code)
        for seat, codes in laid.items():
            cards[plays[seat]] += [c for c in codes if c not in cards[plays[seat]]]
        if state.get("starter"):
            cards["starter"] = [str(state["starter"])]
        return render_table(self.design, self.zones, cards)
