"""Statistics read from game logs: wins and skunks, points per deal from hand, crib and play,
best hands, 29s, and each game's score race for charts."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from pi_app.engine.game import Event
from pi_app.engine.variants import Rules

__all__ = ["PlayerStats", "log_stats", "score_race"]

PLAY_EVENTS = ("play", "go")


@dataclass
class PlayerStats:
    """One person's totals over the logs."""

    games: int = 0
    wins: int = 0
    skunks_won: int = 0
    skunks_lost: int = 0
    deals: int = 0
    hand_points: int = 0
    hands: int = 0
    crib_points: int = 0
    cribs: int = 0
    play_points: int = 0
    best_hand: int = 0
    twenty_nines: int = 0

    def to_json(self) -> dict[str, Any]:
        def per(points: int, times: int) -> float | None:
            return round(points / times, 3) if times else None

        return {
            "games": self.games,
            "wins": self.wins,
            "skunks_won": self.skunks_won,
            "skunks_lost": self.skunks_lost,
            "deals": self.deals,
            "hand_per_deal": per(self.hand_points, self.hands),
            "crib_per_crib": per(self.crib_points, self.cribs),
            "play_per_deal": per(self.play_points, self.deals),
            "best_hand": self.best_hand,
            "twenty_nines": self.twenty_nines,
        }


def score_race(rules: Rules, events: Sequence[Event]) -> list[list[int]]:
    """The scores per side after each scoring event, from all-zero: the data of a race chart."""
    scores = [0] * len(rules.sides)
    race = [list(scores)]
    for event in events:
        points = event.get("points")
        if points and event["type"] != "game_end":
            scores[rules.side_of(event["player"])] += points
            race.append(list(scores))
    return race


def log_stats(games: Iterable[tuple[Rules, Sequence[str], Sequence[Event]]]) -> dict[str, Any]:
    """Totals per person (by name; unnamed seats are "seat N") over the given games, each
    as its rules, names by seat, and event log."""
    people: dict[str, PlayerStats] = {}
    races: list[dict[str, Any]] = []
    finished = 0
    for rules, names, events in games:
        who = [names[s] if s < len(names) else f"seat {s}" for s in range(rules.players)]
        for name in who:
            people.setdefault(name, PlayerStats()).games += 1
        for event in events:
            kind = event["type"]
            if kind == "deal":
                for name in who:
                    people[name].deals += 1
            elif kind in PLAY_EVENTS:
                people[who[event["player"]]].play_points += event["points"]
            elif kind == "show":
                _count_show(people[who[event["player"]]], event)
            elif kind == "game_end":
                finished += 1
                _count_end(people, who, event)
        races.append({"names": who, "race": score_race(rules, events)})
    return {
        "games": finished,
        "unfinished": len(races) - finished,
        "players": {name: stats.to_json() for name, stats in sorted(people.items())},
        "races": races,
    }


def _count_show(person: PlayerStats, event: Event) -> None:
    points = int(event["true"] if "true" in event else event["points"])
    if event["kind"] == "crib":
        person.crib_points += points
        person.cribs += 1
        return
    person.hand_points += points
    person.hands += 1
    person.best_hand = max(person.best_hand, points)
    if points == 29:
        person.twenty_nines += 1


def _count_end(people: dict[str, PlayerStats], who: list[str], end: Event) -> None:
    winners = set(end["winner_seats"])
    skunk = end["skunk"] != "none"
    for seat, name in enumerate(who):
        if seat in winners:
            people[name].wins += 1
            people[name].skunks_won += skunk
        else:
            people[name].skunks_lost += skunk
