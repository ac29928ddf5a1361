"""Putting the table together: the same app on a Pi or, with simulated parts, on a laptop.

`build` wires the controller to its board, buttons and speaker; `serve` runs the web page and
feeds input events to the controller until asked to stop. On a laptop every piece of
hardware is replaced: the strips by `SimStrip`s, the pins by gpiozero's `MockFactory`, and
the page shows what the strips were sent.
"""

from __future__ import annotations

import asyncio
import contextlib
import signal
import sys
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from pi_app.app.config import Config, ConfigError, opencv_camera
from pi_app.app.controller import Controller
from pi_app.app.pairing import SHOWN_SECONDS, code_design, new_code
from pi_app.app.session import TableError
from pi_app.app.speech import Speaker
from pi_app.app.web import ActionError, WebBackend, serving
from pi_app.board.backends import open_strip
from pi_app.board.colour import Tone
from pi_app.board.display import BoardDisplay
from pi_app.board.render import Renderer
from pi_app.board.strip import Strip
from pi_app.inputs.events import InputError
from pi_app.inputs.gpio import GpioControls
from pi_app.inputs.hub import InputHub
from pi_app.storage import GameStore

PI_MODEL = Path("/proc/device-tree/model")
DECK_DIRS = (Path(__file__).resolve().parents[3] / "shared" / "data" / "decks" / "kennard",)
"""Where the card faces may be found beside a checkout; without them the page draws cards."""
POLL = 0.05
"""Seconds the input pump waits for an event before checking whether to stop."""
LOOPBACK = frozenset({"127.0.0.1", "localhost", "::1"})
"""Hosts only this machine can reach; any other address serves the LAN, which needs pairing."""
VIRTUAL_MARKERS = ((50, 50), (1230, 50), (1230, 670), (50, 670))
"""Where the simulator lays corner markers on its virtual table, when the table uses them."""
CAMERA_INTERVAL = 0.1
"""Seconds between camera frames: a card laid is read within a few tenths of a second."""


class CameraUnavailable(ConfigError):
    """The camera named would not open: the table goes on without it, cards named by hand."""


def card_faces() -> Path | None:
    """The folder of card faces beside the checkout, if there is one (`DECK_DIRS`)."""
    return next((d for d in DECK_DIRS if d.is_dir()), None)


def on_raspberry_pi(model_file: Path = PI_MODEL) -> bool:
    """True on a Raspberry Pi (the device tree names the board)."""
    try:
        return "Raspberry Pi" in model_file.read_text(errors="replace")
    except OSError:
        return False


@dataclass
class TableApp:
    config: Config
    controller: Controller
    hub: InputHub
    display: BoardDisplay
    controls: GpioControls | None
    simulated: bool
    pin_factory: Any = None
    """The mock pin factory in the simulator, so tests can press the buttons."""
    watcher: Any = None
    """The `CardWatcher` when the camera reads the cards (mode `auto`)."""
    virtual_camera: Any = None
    """The simulator's `VirtualCamera`, where the page lays cards for the camera to read."""
    zone_editor: Any = None
    """The `ZoneEditor` through which the page sets up the camera's zones (mode `auto`)."""
    deck_learning: Any = None
    """The page's "Learn my deck" (`DeckLearning`, mode `auto`)."""
    camera_problem: str | None = None
    """Why the camera did not open at start, when it did not (mode `auto`)."""
    closers: list[Callable[[], None]] = field(default_factory=list)

    def close(self) -> None:
        for close in reversed(self.closers):
            with contextlib.suppress(Exception):
                close()


def _open_strips(config: Config, simulated: bool) -> list[Strip]:
    layout = config.board.layout
    kind = "sim" if simulated else config.board.backend
    strips: list[Strip] = []
    for chain in layout.chains:
        options = dict(chain.options)
        if kind == "serial":
            options.setdefault("url", config.board.url)
        strips.append(open_strip(kind, chain.length, **options))
    return strips


def table_of(config: Config, simulated: bool) -> Config:
    """The config with `game.table` settled: unless set, a Pi sits at a real table where
    people deal, and so does a laptop whose own camera reads the cards; otherwise the
    simulator deals for its virtual table."""
    if config.game.table:
        return config
    real = not simulated or (config.game.mode == "auto" and opencv_camera(config.camera.source))
    return replace(config, game=replace(config.game, table="real" if real else "virtual"))


def build(config: Config, *, simulated: bool, speaker: Speaker | None = None) -> TableApp:
    """The app with its hardware (or, `simulated`, stand-ins for all of it)."""
    config = table_of(config, simulated)
    closers: list[Callable[[], None]] = []
    config.storage.parent.mkdir(parents=True, exist_ok=True)
    store = GameStore(config.storage)
    closers.append(store.close)
    try:
        strips = _open_strips(config, simulated)
        display = BoardDisplay(
            Renderer(config.board.layout, tone=Tone(brightness=config.board.brightness)), strips
        )
        closers.append(display.close)
        hub = InputHub()
        pin_factory: Any = None
        if simulated:
            from gpiozero.pins.mock import MockFactory

            pin_factory = MockFactory()
        controls = GpioControls(config.pins, hub.post, pin_factory=pin_factory)
        closers.append(controls.close)
        controls.start()
        controller = Controller(config, store, speaker or Speaker(config.speech),
                                display=display)
        closers.append(controller.close)
        problem = None
        try:
            editor = _open_camera(config, controller, simulated)
        except CameraUnavailable as exc:  # unplugged, or held by another program
            editor, problem = None, str(exc)
            print(f"crib: {exc}; going on without it", file=sys.stderr)
            controller.report(f"{exc}: name the cards with the encoder or on the page",
                              spoken="the camera did not open")
        learning = None
        if editor is not None:
            closers.append(editor.watcher.source.close)  # the camera, for the next program
            learning = _deck_learning(config, controller, editor)
    except BaseException:
        for close in reversed(closers):
            with contextlib.suppress(Exception):
                close()
        raise
    return TableApp(config, controller, hub, display, controls, simulated, pin_factory,
                    watcher=editor.watcher if editor else None,
                    virtual_camera=editor.virtual if editor else None,
                    zone_editor=editor, deck_learning=learning, camera_problem=problem,
                    closers=closers)


def _deck_learning(config: Config, controller: Controller, editor: Any) -> Any:
    """The page's "Learn my deck", whose players the simulator's virtual table plays."""
    from pi_app.app.deck_learning import DeckLearning, learned_profile

    profile = config.camera.deck or learned_profile(config.storage)
    learning = DeckLearning(editor.watcher, config.storage, profile, controller.speaker.say)
    if editor.virtual is not None:
        editor.virtual.deck = learning
    return learning


def _open_camera(config: Config, controller: Controller, simulated: bool) -> Any:
    """The card watcher for mode `auto`, in a `ZoneEditor` for the page: an OpenCV camera (or
    replay) when `camera.source` names one, else the virtual table in the simulator, else the
    Pi camera; reading with the table's zones (`camera.zones`, else those saved from the page,
    else the default bands), learned deck (`camera.deck`, else the one learned on the page)
    and threshold (`camera.threshold`) if set, and following the corner markers
    (`camera.markers`).
    OpenCV is needed only here, so the other modes run without it."""
    if config.game.mode != "auto" or config.camera.source == "none":
        return None
    import numpy as np

    from pi_app.app.camera import FRAME_SIZE, CardWatcher, VirtualCamera
    from pi_app.app.deck_learning import deck_in_use
    from pi_app.app.zone_editor import ZoneEditor, starting_zones, zone_file
    from pi_app.vision.designs import font_design, load_folder
    from pi_app.vision.frames import FrameError, PiCamera, VirtualTable, open_source
    from pi_app.vision.markers import MarkerError, MarkerFollower
    from pi_app.vision.recognizer import ModelError, make_recognizer
    from pi_app.vision.zones import ZoneError

    seats = len(controller.session.spec.names)
    path = zone_file(config.camera.zones, config.storage, seats)
    try:
        recognizer = make_recognizer(deck_in_use(config.camera.deck, config.storage),
                                     config.camera.threshold)
    except ModelError as exc:
        raise ConfigError(f"camera.deck: {exc}") from exc
    try:
        markers = MarkerFollower() if config.camera.markers else None
    except MarkerError as exc:
        raise ConfigError(f"camera.markers: {exc}") from exc
    virtual = None
    try:
        if opencv_camera(config.camera.source):  # a USB or laptop camera, or a replay
            camera: Any = open_source(config.camera.source)
        elif not simulated and config.camera.source == "picamera":
            camera = PiCamera()
        else:
            camera = None  # the virtual table, once the zones are known
    except FrameError as exc:
        raise CameraUnavailable(f"camera.source: {exc}") from exc
    try:
        zones = starting_zones(path, seats, config.camera.markers,
                               getattr(camera, "size", None) or FRAME_SIZE)
    except ZoneError as exc:
        if camera is not None:
            camera.close()
        raise ConfigError(f"camera.zones: {exc}") from exc
    if camera is None:
        faces = card_faces()
        virtual = VirtualCamera(controller, load_folder(faces) if faces else font_design(0),
                                zones)
        if markers is not None:  # printed ones, laid just inside the frame's corners
            virtual.markers = np.array(VIRTUAL_MARKERS, np.float64)
        camera = VirtualTable(virtual.render)
    watcher = CardWatcher(controller, camera, zones, recognizer, markers=markers)
    if virtual is not None:
        watcher.zone_listeners.append(virtual.use_zones)
    return ZoneEditor(watcher, path, seats, virtual)


def web_backend(app: TableApp, pairing_code: str | None = None,
                on_new_code: Callable[[str], None] | None = None) -> WebBackend:
    controller = app.controller

    def act(action: dict[str, Any]) -> None:
        kind = action.get("type")
        if kind in ("lay", "lay_away"):
            if app.virtual_camera is None:
                raise ActionError(f"{kind}: cards are laid for the camera only in mode auto "
                                  "in the simulator")
            try:
                if kind == "lay":
                    app.virtual_camera.lay(action.get("player"), action.get("card"))
                else:
                    app.virtual_camera.lay_away(action.get("player"), action.get("cards"))
            except TableError as exc:
                raise ActionError(str(exc)) from exc
            return
        if kind == "learn_deck":
            _learn_deck(app, action.get("do"))
            return
        if action.get("type") == "press":  # a virtual button: the same path as a real one
            try:
                app.hub.post_json({k: v for k, v in action.items() if k != "type"}, "web")
            except InputError as exc:
                raise ActionError(f"press: {exc}") from exc
            return
        try:
            controller.act(action)
        except TableError as exc:
            raise ActionError(str(exc)) from exc

    def snapshot() -> dict[str, Any]:
        """The table; in the simulator's camera mode also the cards the people hold."""
        snap = controller.snapshot()
        if app.virtual_camera is not None:
            snap["table_hands"] = app.virtual_camera.table_hands()
        if app.deck_learning is not None:
            snap["deck"] = app.deck_learning.state()
        if app.camera_problem is not None:
            snap["camera_problem"] = app.camera_problem
        return snap

    def set_zones(data: object) -> None:
        from pi_app.vision.zones import ZoneError

        try:
            app.zone_editor.set_up(data)
        except ZoneError as exc:
            raise ActionError(f"zones: {exc}") from exc

    editor = app.zone_editor
    return WebBackend(
        snapshot=snapshot, act=act, board=controller.board_json, deck_dir=card_faces(),
        pairing_code=pairing_code, on_new_code=on_new_code, local_only=app.simulated,
        camera=app.watcher.preview if app.watcher is not None else None,
        zones=editor.current if editor is not None else None,
        set_zones=set_zones if editor is not None else None,
    )


def _learn_deck(app: TableApp, do: object) -> None:
    """The page's "Learn my deck" buttons: start (or go on), or stop taking photos."""
    if app.deck_learning is None:
        raise ActionError("learn_deck: the deck is learned with the camera, in mode auto")
    if do not in ("start", "stop"):
        raise ActionError(f"learn_deck: 'do' must be start or stop, not {do!r}")
    try:
        if do == "start":
            app.deck_learning.start()
        else:
            app.deck_learning.stop()
    except ValueError as exc:
        raise ActionError(f"learn_deck: {exc}") from exc


async def _pump_inputs(app: TableApp, stop: asyncio.Event) -> None:
    """Hand queued button events to the controller, in order, on the server's loop."""
    while not stop.is_set():
        event = await asyncio.to_thread(app.hub.get, POLL)
        if event is not None:
            app.controller.on_input(event)


async def _pump_camera(app: TableApp, stop: asyncio.Event) -> None:
    """Read the table a few times a second: the reading in a worker thread, the rules here;
    while the page learns the deck, the frames go to that instead."""
    while not stop.is_set():
        if app.deck_learning is not None and app.deck_learning.capturing:
            await asyncio.to_thread(app.deck_learning.look)
        else:
            look = await asyncio.to_thread(app.watcher.look)
            if look is not None:
                app.watcher.settle(look)
        await asyncio.sleep(CAMERA_INTERVAL)


async def serve(
    app: TableApp,
    host: str,
    port: int,
    *,
    on_ready: Callable[[str], Awaitable[None] | None] | None = None,
    stop: asyncio.Event | None = None,
) -> None:
    """Serve the page and run the inputs until `stop` is set (or SIGINT/SIGTERM)."""
    stop = stop or asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError, RuntimeError):
            loop.add_signal_handler(sig, stop.set)
    pairing = None

    def announce(code: str) -> None:
        """Say, print and light the pairing code for a minute, then the game again."""
        app.controller.speaker.say("pairing code " + " ".join(code))
        print(f"crib: pairing code for the web page: {code}", file=sys.stderr)
        app.display.show(code_design(app.display.renderer, code))
        loop.call_later(SHOWN_SECONDS, app.controller.refresh)

    if not app.simulated and (app.config.web.pairing or host not in LOOPBACK):
        pairing = new_code()
        announce(pairing)
    backend = web_backend(app, pairing, announce)

    def changed() -> None:
        loop.call_soon_threadsafe(backend.publish)

    app.controller.listeners.append(changed)
    if app.deck_learning is not None:
        app.deck_learning.listeners.append(changed)
    pumps = [asyncio.create_task(_pump_inputs(app, stop))]
    if app.watcher is not None:
        pumps.append(asyncio.create_task(_pump_camera(app, stop)))
    try:
        async with serving(backend, host, port) as url:
            if on_ready is not None:
                result = on_ready(url)
                if result is not None:
                    await result
            await stop.wait()
    finally:
        stop.set()
        await asyncio.gather(*pumps)
        for sig in (signal.SIGINT, signal.SIGTERM):
            with contextlib.suppress(NotImplementedError, RuntimeError):
                loop.remove_signal_handler(sig)
