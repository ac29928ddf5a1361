"""An acknowledged event survives a kill at any instant; a half-written one never reaches the
log. A writer is killed with SIGKILL at random points many times; after each kill the reopened
store must replay to the state of the events acknowledged (plus at most the one action whose
commit had landed but not yet been acknowledged)."""

from __future__ import annotations

import random
import signal
import subprocess
import sys
import time
from pathlib import Path

from pi_app.engine.game import Event, Game
from pi_app.engine.players import SimplePlayer, step
from pi_app.engine.variants import preset
from pi_app.storage import GameStore

WRITER = Path(__file__).with_name("crash_writer.py")
GAMES = 4
KILLS = 24


def test_reopened_store_equals_the_replay_of_acknowledged_events_after_sigkill(
    tmp_path: Path,
) -> None:
    rules = preset("three-hand", muggins=True)
    players = [SimplePlayer(seat) for seat in range(rules.players)]
    expected: list[list[Event]] = []
    boundaries: list[list[int]] = []  # log lengths between whole actions
    for number in range(GAMES):
        game = Game(rules, "crash", number)
        ends = [0, len(game.events)]  # 0: the game recorded, its first deal not yet
        while not game.over:
            step(game, players)
            ends.append(len(game.events))
        expected.append(game.events)
        boundaries.append(ends)
    rng = random.Random(20261129)
    kills = 0
    for attempt in range(KILLS * 3):  # a writer that finishes first starts a fresh database
        db = tmp_path / f"games-{attempt}.db"
        acked: dict[int, int] = {}
        finished = False
        while kills < KILLS and not finished:
            writer = subprocess.Popen([sys.executable, str(WRITER), str(db), str(GAMES)],
                                      stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
            time.sleep(rng.uniform(0.05, 0.6))
            if writer.poll() is None:
                writer.send_signal(signal.SIGKILL)
                kills += 1
            out, err = writer.communicate()
            assert writer.returncode in (0, -signal.SIGKILL), err
            finished = writer.returncode == 0
            for line in out.split("\n")[:-1]:  # a line cut short by the kill is no ack
                number, length = map(int, line.split())
                acked[number] = length
            with GameStore(db) as store:
                assert store.integrity() == "ok"
                for number, game_id in enumerate(store.run_games("crash")):
                    stored = store.events(game_id)
                    assert len(stored) >= acked.get(number, 0), "an acknowledged event was lost"
                    assert stored == expected[number][: len(stored)]
                    state = store.load(game_id).to_json()
                    assert state == Game.replay(stored, rules, "crash", number).to_json()
                    ends = boundaries[number]
                    assert len(stored) in ends, "half an action reached the log"
                    acked_at = ends.index(acked[number]) if number in acked else 0
                    assert ends.index(len(stored)) <= acked_at + 1, "two actions unacknowledged"
        if kills >= KILLS:
            break
    subprocess.run([sys.executable, str(WRITER), str(db), str(GAMES)],
                   capture_output=True, text=True, check=True)
    with GameStore(db) as store:
        assert [store.events(gid) for gid in store.run_games("crash")] == expected
