"""Game ops: start a game, act in it, read its state, undo and redo, over the engine protocol.

Games live in this process (one `crib engine` serves one client), named by the `game` id that
`new_game` returns. A refused action is a `GameError`, which the server turns into an
`"ok": false` reply; it changes nothing.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from itertools import count
from typing import Any

from pi_app.engine.game import Action, Game
from pi_app.engine.variants import RulesError, preset
from pi_app.engine_protocol.server import Handler, ProtocolError, Request, flag_field

_games: dict[str, Game] = {}
_ids = count(1)


def _game(request: Request) -> Game:
    key = request.get("game")
    if key is None:
        raise ProtocolError("missing field 'game': the id new_game replied with")
    game = _games.get(str(key))
    if game is None:
        raise ProtocolError(f"no game {key!r}; start one with new_game")
    return game


def _reply(game_id: str, game: Game, events: list[dict[str, Any]]) -> dict[str, Any]:
    return {"game": game_id, "events": events, "state": game.to_json()}


def new_game(request: Request) -> Mapping[str, Any]:
    """`{"variant": "six-card", "options": {"muggins": true}, "players": 2, "seed": 7}`."""
    variant = request.get("variant", "six-card")
    options = request.get("options", {})
    if not isinstance(variant, str):
        raise ProtocolError(f"variant: expected a name such as \"six-card\", not {variant!r}")
    if not isinstance(options, dict):
        raise ProtocolError(f"options: expected an object such as {{\"muggins\": true}}, "
                            f"not {options!r}")
    try:
        rules = preset(variant, **options)
    except RulesError as exc:
        raise ProtocolError(str(exc)) from None
    players = request.get("players", rules.players)
    if players != rules.players:
        raise ProtocolError(f"players: {variant} is played by {rules.players}, not {players!r}")
    seed = request.get("seed", secrets.randbelow(2**31))
    if not isinstance(seed, int | str) or isinstance(seed, bool):
        raise ProtocolError(f"seed: expected a number or a string, not {seed!r}")
    manual = flag_field(request, "manual")
    game = Game(rules, seed, start=not manual)
    game_id = str(next(_ids))
    _games[game_id] = game
    return _reply(game_id, game, list(game.events))


def act(request: Request) -> Mapping[str, Any]:
    """`{"game": "1", "type": "play", "player": 1, "card": "5H"}` (also discard, go, claim,
    muggins, next, starter, and reveal: the show's hidden cards in a hidden deal)."""
    game = _game(request)
    return _reply(str(request["game"]), game, game.apply(Action.from_json(request)))


def state(request: Request) -> Mapping[str, Any]:
    game = _game(request)
    return {"game": str(request["game"]), "state": game.to_json()}


def events(request: Request) -> Mapping[str, Any]:
    """The whole log, or from event number `since`."""
    game = _game(request)
    since = request.get("since", 0)
    if not isinstance(since, int) or isinstance(since, bool) or since < 0:
        raise ProtocolError(f"since: expected an event number, 0 or more, not {since!r}")
    return {"game": str(request["game"]), "events": game.events[since:]}


def undo(request: Request) -> Mapping[str, Any]:
    """Take back the last action; the reply's `events` are the ones taken back."""
    game = _game(request)
    return _reply(str(request["game"]), game, game.undo())


def redo(request: Request) -> Mapping[str, Any]:
    game = _game(request)
    return _reply(str(request["game"]), game, game.redo())


OPS: dict[str, Handler] = {
    "new_game": new_game,
    "act": act,
    "state": state,
    "events": events,
    "undo": undo,
    "redo": redo,
}
