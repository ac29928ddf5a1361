"""How long the table app takes from a player's action to the page's new state.

Every action is applied, pegged on the board, saved (SQLite, synchronous), spoken, and then
the page's whole snapshot is built, statistics over every stored game included. The
baseline, measured in the same run, is the engine alone applying the same actions. Targets:
under 50 ms an action with 100 finished games in the store, so the page feels instant.

    .venv/bin/python benchmarks/table_app.py [--json] [--games N] [--actions N]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from pi_app.app.config import load_config
from pi_app.app.controller import Controller
from pi_app.app.speech import Speaker
from pi_app.board.backends.sim import SimStrip
from pi_app.board.display import BoardDisplay
from pi_app.board.render import Renderer
from pi_app.engine.game import Game
from pi_app.engine.players import SimplePlayer, play_game
from pi_app.storage import GameStore

TARGET_MS = 50.0


def fill_store(store: GameStore, games: int) -> None:
    for n in range(games):
        game = play_game([SimplePlayer(n), SimplePlayer(n + 1)], seed=n)
        game_id = store.new_game(game.rules, n, ("North", "South"))
        store.append(game_id, game.events)
        if n % 10 == 0:
            print(f"  stored {n}/{games} games", file=sys.stderr)


def next_action(snap: dict[str, Any]) -> dict[str, Any]:
    state = snap["state"]
    if snap["pending"] is not None:
        return {"type": "confirm"}
    if state["phase"] == "discard":
        seat = state["to_move"][0]
        return {"type": "discard", "player": seat, "cards": state["hands"][seat][:2]}
    if state["phase"] == "play":
        if state["playable"]:
            return {"type": "play", "player": state["turn"], "card": state["playable"][0]}
        return {"type": "go", "player": state["turn"]}
    if state["phase"] == "deal_end":
        return {"type": "next", "player": state["dealer"]}
    return {"type": "new_game"}


def measure(path: Path, actions: int) -> tuple[list[float], list[float], list[dict[str, Any]]]:
    """Per-action ms through the controller (act + snapshot), and the engine alone."""
    config = load_config(None, environ={}, system=path / "none.toml", overrides={
        "storage": {"path": str(path / "games.sqlite")}, "speech": {"enabled": False}})
    store = GameStore(config.storage)
    layout = config.board.layout
    display = BoardDisplay(Renderer(layout), [SimStrip(c.length) for c in layout.chains])
    controller = Controller(config, store, Speaker(config.speech, program=None),
                            display=display)
    app_ms, done = [], []
    snap = controller.snapshot()
    for _ in range(actions):
        action = next_action(snap)
        start = time.perf_counter()
        controller.act(action)
        snap = controller.snapshot()
        app_ms.append((time.perf_counter() - start) * 1000)
        if action["type"] != "confirm":
            done.append(action)
    controller.close()
    store.close()
    engine_ms = []
    game = Game(config.game.rules, 0)
    for action in done:
        if action["type"] == "new_game":
            game = Game(config.game.rules, 1)
            continue
        start = time.perf_counter()
        game.act(action)
        game.to_json()
        engine_ms.append((time.perf_counter() - start) * 1000)
    return app_ms, engine_ms, done


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print only JSON")
    parser.add_argument("--games", type=int, default=100, help="finished games in the store")
    parser.add_argument("--actions", type=int, default=120, help="actions to time")
    args = parser.parse_args()
    results = {}
    for games in sorted({0, args.games}):
        with tempfile.TemporaryDirectory() as tmp:
            path = Path(tmp)
            print(f"store with {games} finished games", file=sys.stderr)
            with GameStore(path / "games.sqlite") as store:
                fill_store(store, games)
            app_ms, engine_ms, _ = measure(path, args.actions)
        results[games] = {
            "app_ms_median": round(statistics.median(app_ms), 2),
            "app_ms_p90": round(sorted(app_ms)[int(len(app_ms) * 0.9)], 2),
            "engine_ms_median": round(statistics.median(engine_ms), 3),
            "ratio_app_to_engine": round(statistics.median(app_ms)
                                         / max(statistics.median(engine_ms), 1e-6), 1),
            "within_target": statistics.median(app_ms) < TARGET_MS,
        }
    if args.json:
        print(json.dumps({"target_ms": TARGET_MS, "by_stored_games": results}))
        return 0
    for games, row in results.items():
        print(f"{games:>4} stored games: action to page state {row['app_ms_median']} ms median "
              f"(p90 {row['app_ms_p90']} ms); engine alone {row['engine_ms_median']} ms; "
              f"x{row['ratio_app_to_engine']}; target < {TARGET_MS} ms: "
              f"{'yes' if row['within_target'] else 'NO'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
