"""A writer for the crash test: plays the games of run "crash" into a store one action at a
time, printing the log length after each commit (the acknowledgement). Run again after a
kill, it resumes from whatever the store holds."""

from __future__ import annotations

import sys

from pi_app.engine.game import Game
from pi_app.engine.players import SimplePlayer, step
from pi_app.engine.variants import preset
from pi_app.storage import GameStore

RUN = "crash"


def main(path: str, games: int) -> None:
    rules = preset("three-hand", muggins=True)
    players = [SimplePlayer(seat) for seat in range(rules.players)]
    with GameStore(path) as store:
        for number in range(games):
            ids = store.run_games(RUN)
            if number < len(ids):
                game_id = ids[number]
                game = store.load(game_id)
                if not game.events:  # killed between recording the game and its first deal
                    game = Game(rules, RUN, number)
                    store.append(game_id, game.events, at=0)
            else:
                game_id = store.new_game(rules, RUN, run=RUN, number=number)
                game = Game(rules, RUN, number)
                store.append(game_id, game.events, at=0)
            print(number, len(game.events), flush=True)
            while not game.over:
                before = len(game.events)
                made = step(game, players)
                store.append(game_id, made, at=before)
                print(number, len(game.events), flush=True)


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]))
