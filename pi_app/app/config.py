"""Settings for the table app: defaults, then `/etc/crib/config.toml`, then `--config`, then
the environment (`CRIB_<SECTION>_<KEY>`), each layer overriding only the keys it names.

Everything is checked once, at start-up, so a typo or a pin wired twice is reported in one
clear message naming the key and where it came from, rather than failing mid-game.
"""

from __future__ import annotations

import os
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pi_app.board.backends import KINDS
from pi_app.board.design import BoardDesign, design_layout
from pi_app.board.layout import DEFAULT_LAYOUT, Layout, LayoutError, load_layout
from pi_app.engine.advisor.levels import Level
from pi_app.engine.variants import PRESETS, Rules, RulesError, preset
from pi_app.inputs.pins import DEFAULT_PINS, ControlPins, PinConfigError

SYSTEM_CONFIG = Path("/etc/crib/config.toml")
ENV_PREFIX = "CRIB_"

MODES = ("auto", "manual", "scoreboard", "versus")
"""auto: the camera reads the cards; manual: cards entered by encoder or page; scoreboard:
players peg themselves; versus: the app holds a seat and plays against a person."""

TABLES = ("", "virtual", "real")
"""Who deals in the card modes: `virtual`, the app (the simulator's dealer, every hand known);
`real`, people at a real table (hands hidden, each card named as it is played or shown); the
default "" is `real` on the Pi and `virtual` in the simulator."""

BACKENDS = tuple(KINDS)
CAMERAS = ("sim", "picamera", "none")
"""Named camera sources; `camera.source` may also be an OpenCV camera's number (a USB or
laptop camera: "0"), a video device ("/dev/video2"), or a video or image file to replay."""
LEVELS = tuple(level.value for level in Level)

DEFAULTS: dict[str, dict[str, Any]] = {
    "game": {
        "mode": "manual",
        "variant": "six-card",
        "players": ["North", "South"],
        "computer_level": "standard",
        "muggins": False,
        "coach": False,
        "target": 0,
        "table": "",
    },
    "board": {"backend": "sim", "layout": "", "led_count": 0, "brightness": 0.6, "url": ""},
    "pins": dict(DEFAULT_PINS),
    "camera": {"source": "sim", "deck": "", "zones": "", "threshold": 0.0, "markers": False},
    "speech": {"enabled": True, "voice": "en", "volume": 100, "rate": 160},
    "web": {"host": "127.0.0.1", "port": 8121, "pairing": False},
    "storage": {"path": "~/.local/share/crib/games.sqlite"},
}


class ConfigError(ValueError):
    """A setting that cannot be used; the message names the key and the file it came from."""


@dataclass(frozen=True, slots=True)
class GameSettings:
    mode: str
    rules: Rules
    """The variant with the house rules set here (muggins, a different target)."""
    players: tuple[str, ...]
    computer_level: str
    coach: bool
    table: str = ""
    """Who deals in the card modes (see `TABLES`)."""

    @property
    def hidden_hands(self) -> bool:
        """Whether deals are made at a real table, the hands unknown until played or shown
        (modes auto and manual; versus needs the app to deal the computer its cards)."""
        return self.table == "real" and self.mode in ("auto", "manual")


@dataclass(frozen=True, slots=True)
class BoardSettings:
    backend: str
    layout: Layout
    """From `board.layout` (a TOML file), else `hw/`'s default, else the built-in design."""
    led_count: int
    """LEDs on the strip: the layout's own count unless `board.led_count` says more."""
    brightness: float
    url: str
    """The serial strip's port (`/dev/ttyACM0`, or `sim://` for the emulated firmware)."""


@dataclass(frozen=True, slots=True)
class SpeechSettings:
    enabled: bool
    voice: str
    volume: int
    """espeak-ng amplitude, 0..200."""
    rate: int
    """Words per minute, 80..450."""


@dataclass(frozen=True, slots=True)
class CameraSettings:
    source: str
    deck: Path | None = None
    """A learned deck profile (`crib deck learn`) to read the cards with, else the default
    recogniser: a deck learned once is read better than any the default was built from."""
    zones: Path | None = None
    """A zone file (docs/vision.md) for this table's play areas, starter spot and show area,
    else bands across the frame, one play area per player."""
    threshold: float | None = None
    """The confidence below which a card seen is "unknown" rather than named, else the
    recogniser's own: higher, fewer wrong cards and more cards to name by hand."""
    markers: bool = False
    """Printed corner markers lie at the play area's corners (`crib camera markers`): the
    zones move with them when the camera is knocked."""


@dataclass(frozen=True, slots=True)
class WebSettings:
    host: str
    port: int
    pairing: bool
    """When true, the page is read-only until the pairing code shown on the board is entered."""


@dataclass(frozen=True, slots=True)
class Config:
    game: GameSettings
    board: BoardSettings
    pins: ControlPins
    camera: CameraSettings
    speech: SpeechSettings
    web: WebSettings
    storage: Path
    sources: tuple[str, ...] = field(default=())
    """Where the settings came from, lowest layer first, for `crib start --show-config`."""


def _merge(base: dict[str, dict[str, Any]], layer: Mapping[str, Any], origin: str,
           origins: dict[str, str]) -> None:
    for section, values in layer.items():
        if section not in base:
            known = ", ".join(sorted(base))
            raise ConfigError(f"{origin}: unknown section [{section}] (known: {known})")
        if not isinstance(values, Mapping):
            raise ConfigError(f"{origin}: [{section}] must be a table of settings")
        for key, value in values.items():
            if section != "pins" and key not in base[section]:
                known = ", ".join(sorted(base[section]))
                raise ConfigError(f"{origin}: unknown setting {section}.{key} (known: {known})")
            base[section][key] = value
            origins[f"{section}.{key}"] = origin


def _read_toml(path: Path) -> dict[str, Any]:
    try:
        with path.open("rb") as handle:
            return tomllib.load(handle)
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{path}: not valid TOML: {exc}") from exc
    except OSError as exc:
        raise ConfigError(f"{path}: cannot read: {exc.strerror}") from exc


def _env_layer(environ: Mapping[str, str], sections: Mapping[str, Any]) -> dict[str, Any]:
    """`CRIB_WEB_PORT=8080` sets web.port; values are read as TOML when they parse, else text."""
    layer: dict[str, dict[str, Any]] = {}
    for name, text in environ.items():
        if not name.startswith(ENV_PREFIX):
            continue
        rest = name[len(ENV_PREFIX):].lower()
        section = next((s for s in sections if rest.startswith(s + "_")), None)
        if section is None:
            continue  # CRIB_* variables that are not settings belong to someone else
        key = rest[len(section) + 1:]
        try:
            value = tomllib.loads(f"v = {text}")["v"]
        except tomllib.TOMLDecodeError:
            value = text
        layer.setdefault(section, {})[key] = value
    return layer


class _Checker:
    """Reads typed values out of the merged settings, naming the key and its origin on error."""

    def __init__(self, merged: dict[str, dict[str, Any]], origins: Mapping[str, str]) -> None:
        self.merged = merged
        self.origins = origins

    def fail(self, key: str, problem: str) -> ConfigError:
        origin = self.origins.get(key, "defaults")
        return ConfigError(f"{origin}: {key} {problem}")

    def get(self, key: str, kind: type | tuple[type, ...]) -> Any:
        section, name = key.split(".", 1)
        value = self.merged[section][name]
        if isinstance(value, bool) and kind is not bool and bool not in (
            kind if isinstance(kind, tuple) else (kind,)
        ):
            raise self.fail(key, f"must be {_kind_name(kind)}, not {value!r}")
        if not isinstance(value, kind):
            raise self.fail(key, f"must be {_kind_name(kind)}, not {value!r}")
        return value

    def choice(self, key: str, choices: tuple[str, ...]) -> str:
        value: str = self.get(key, str)
        if value not in choices:
            raise self.fail(key, f"is {value!r}: unknown; choose one of {', '.join(choices)}")
        return value

    def number(self, key: str, low: float, high: float, kind: type = int) -> Any:
        value = self.get(key, (int, float) if kind is float else int)
        if not low <= value <= high:
            raise self.fail(key, f"is {value}: must be between {low} and {high}")
        return value


def _kind_name(kind: type | tuple[type, ...]) -> str:
    names = {bool: "true or false", int: "a whole number", str: "text", list: "a list"}
    kinds = kind if isinstance(kind, tuple) else (kind,)
    return " or ".join(names.get(k, "a number") for k in kinds)


def _check_pins(check: _Checker) -> ControlPins:
    try:
        return ControlPins.from_mapping(check.merged["pins"])
    except PinConfigError as exc:
        origins = sorted({o for k, o in check.origins.items() if k.startswith("pins.")})
        raise ConfigError(f"{', '.join(origins) or 'defaults'}: {exc}") from exc


def board_layout(name: str) -> Layout:
    """The layout file `name`, else `hw/`'s default, else the built-in design."""
    if name:
        path = Path(name).expanduser()
    elif DEFAULT_LAYOUT.is_file():
        path = DEFAULT_LAYOUT
    else:
        return design_layout(BoardDesign())
    try:
        return load_layout(path)
    except LayoutError as exc:
        raise ConfigError(str(exc)) from exc


def _check_players(check: _Checker) -> tuple[str, ...]:
    players = check.get("game.players", list)
    if not 2 <= len(players) <= 4 or not all(isinstance(p, str) and p.strip() for p in players):
        raise check.fail("game.players", "must list 2 to 4 non-empty names")
    if len(set(players)) != len(players):
        raise check.fail("game.players", f"names a player twice: {players}")
    return tuple(players)


def _check_rules(check: _Checker) -> Rules:
    variant = check.choice("game.variant", tuple(PRESETS))
    options: dict[str, object] = {"muggins": check.get("game.muggins", bool)}
    target = check.get("game.target", int)
    if target:
        options["target"] = target
    try:
        return preset(variant, **options)
    except RulesError as exc:
        raise check.fail("game.target" if target else "game.variant", f"is refused: {exc}") \
            from exc


def validate(merged: dict[str, dict[str, Any]], origins: Mapping[str, str],
             sources: tuple[str, ...] = ()) -> Config:
    """Turn merged raw settings into a `Config`, or raise `ConfigError` naming the bad key."""
    check = _Checker(merged, origins)
    rules = _check_rules(check)
    players = _check_players(check)
    if len(players) != rules.players:
        raise check.fail("game.players", f"names {len(players)} players, but {rules.name} "
                         f"is played by {rules.players}")
    game = GameSettings(
        mode=check.choice("game.mode", MODES),
        rules=rules,
        players=players,
        computer_level=check.choice("game.computer_level", LEVELS),
        coach=check.get("game.coach", bool),
        table=check.choice("game.table", TABLES),
    )
    path = check.get("board.layout", str)
    try:
        layout = board_layout(path)
    except ConfigError as exc:
        raise check.fail("board.layout", str(exc)) from exc
    if len(layout.tracks) < rules.players:
        raise check.fail("board.layout", f"has {len(layout.tracks)} tracks, too few for "
                         f"{rules.players} players")
    led_count = check.number("board.led_count", 0, 65536)
    if 0 < led_count < layout.led_count:
        raise check.fail("board.led_count", f"is {led_count}, fewer than the "
                         f"{layout.led_count} LEDs the layout {layout.name!r} lights")
    board = BoardSettings(
        backend=check.choice("board.backend", BACKENDS),
        layout=layout,
        led_count=led_count or layout.led_count,
        brightness=float(check.number("board.brightness", 0.0, 1.0, float)),
        url=check.get("board.url", str),
    )
    speech = SpeechSettings(
        enabled=check.get("speech.enabled", bool),
        voice=_check_voice(check),
        volume=check.number("speech.volume", 0, 200),
        rate=check.number("speech.rate", 80, 450),
    )
    web = WebSettings(
        host=check.get("web.host", str),
        port=check.number("web.port", 0, 65535),
        pairing=check.get("web.pairing", bool),
    )
    return Config(
        game=game,
        board=board,
        pins=_check_pins(check),
        camera=CameraSettings(_check_camera(check),
                              _check_file(check, "camera.deck",
                                          "no such deck profile (make one with `crib deck learn`)"),
                              _check_file(check, "camera.zones", "no such zone file"),
                              float(check.number("camera.threshold", 0.0, 0.999, float)) or None,
                              check.get("camera.markers", bool)),
        speech=speech,
        web=web,
        storage=Path(check.get("storage.path", str)).expanduser(),
        sources=sources,
    )


def _check_camera(check: _Checker) -> str:
    source = str(check.get("camera.source", (str, int)))  # a camera number may come as one
    if source in CAMERAS or source.isdigit() or Path(source).expanduser().exists():
        return source
    raise check.fail("camera.source", f"is {source!r}: choose one of {', '.join(CAMERAS)}, an "
                                      "OpenCV camera's number (0), or a video device or file")


def opencv_camera(source: str) -> bool:
    """Whether `camera.source` names a camera (or replay) that OpenCV opens, not a named one."""
    return source not in CAMERAS


def _check_file(check: _Checker, key: str, missing: str) -> Path | None:
    """An optional file setting: None when empty, else a file that exists."""
    value: str = check.get(key, str)
    if not value:
        return None
    path = Path(value).expanduser()
    if not path.is_file():
        raise check.fail(key, f"is {value!r}: {missing}")
    return path


def _check_voice(check: _Checker) -> str:
    voice: str = check.get("speech.voice", str)
    # The voice reaches espeak-ng as one argument; keep it to a voice name's characters.
    if not voice or not all(ch.isalnum() or ch in "-_+" for ch in voice):
        raise check.fail("speech.voice", f"is {voice!r}: not a voice name (e.g. en, en-gb+f3)")
    return voice


def load_config(
    path: Path | None = None,
    *,
    environ: Mapping[str, str] | None = None,
    system: Path | None = None,
    overrides: Mapping[str, Mapping[str, Any]] | None = None,
) -> Config:
    """Merge the layers and validate. `overrides` (from command-line flags) come last."""
    merged = {section: dict(values) for section, values in DEFAULTS.items()}
    origins: dict[str, str] = {}
    layers: list[tuple[str, Mapping[str, Any]]] = []
    system = SYSTEM_CONFIG if system is None else system
    if system.is_file():
        layers.append((str(system), _read_toml(system)))
    if path is not None:
        layers.append((str(path), _read_toml(path)))
    env = _env_layer(os.environ if environ is None else environ, merged)
    if env:
        layers.append(("environment", env))
    if overrides:
        layers.append(("command line", overrides))
    for origin, layer in layers:
        _merge(merged, layer, origin, origins)
    return validate(merged, origins, tuple(origin for origin, _ in layers))
