"""The rules of a game as one typed value: how many play, deal, throw and peg to, plus house rules.

Every variant the rule books describe is a named preset (`preset("five-card")`); house rules
are options on top (`preset("six-card", muggins=True)`). The game engine reads nothing else,
so a variant is data, not code.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final, Literal

__all__ = [
    "PRESETS",
    "SKUNK_ORDER",
    "Rules",
    "RulesError",
    "SkunkKind",
    "game_result",
    "preset",
    "skunk_kind",
]

SkunkKind = Literal["none", "single", "double", "triple"]
SKUNK_ORDER: Final[tuple[SkunkKind, ...]] = ("none", "single", "double", "triple")
"""The skunk kinds from the mildest."""


class RulesError(ValueError):
    """A rules object that cannot be played, or a preset or option that does not exist."""


@dataclass(frozen=True, slots=True)
class Rules:
    """Everything that differs between the variants of cribbage."""

    name: str = "six-card"
    players: int = 2
    """Seats at the table, numbered from 0 clockwise (the deal passes to the left, seat + 1)."""
    cards_dealt: int = 6
    """Cards dealt to each player."""
    crib_dealt: int = 0
    """Cards dealt straight to the crib (three-hand: one)."""
    discard: int = 2
    """Cards each player throws to the crib."""
    target: int = 121
    """Points to peg out (the pair's target in Captain's)."""
    lone_target: int | None = None
    """Captain's: the lone player's target (61); the other two play as a side to `target`."""
    partnerships: bool = False
    """Four-hand: seats 0 and 2 against 1 and 3, partners sharing one score."""
    lowball: bool = False
    """The first to reach the target loses."""
    three_for_last: bool = False
    """Five-card: pone pegs three at the start of each game, for the dealer's first crib."""
    single_count: bool = False
    """Five-card: the play ends at the first go or 31 instead of starting a new count."""
    muggins: bool = False
    """Players claim their own counts; an opponent may claim what they missed."""
    four_card_crib_flush: bool = False
    """House rule: a crib of four cards of one suit scores four without the starter."""
    no_peg_out_on_go: bool = False
    """House rule: the point for the go (or last card) cannot be the one that pegs out."""
    triple_skunk: bool = False
    """Count a triple skunk for a loser 90 or more points short."""

    def __post_init__(self) -> None:
        if self.players not in (2, 3, 4):
            raise RulesError(f"players must be 2, 3 or 4, not {self.players}")
        if self.partnerships and self.players != 4:
            raise RulesError("partnerships need four players")
        if self.lone_target is not None and self.players != 3:
            raise RulesError("a lone player (Captain's) needs three players")
        if not 3 <= self.hand_size <= 5:
            raise RulesError(
                f"{self.cards_dealt} dealt less {self.discard} thrown leaves {self.hand_size} "
                "cards to play; a hand must keep 3 to 5"
            )
        if not 3 <= self.crib_size <= 5:
            raise RulesError(f"the crib would hold {self.crib_size} cards; it must hold 3 to 5")
        if self.players * self.cards_dealt + self.crib_dealt + 1 > 52:
            raise RulesError("the deal and the starter need more than 52 cards")
        if self.target < 31 or (self.lone_target is not None and self.lone_target < 31):
            raise RulesError(f"a game to {self.target} is too short; the target must be 31 or more")

    @property
    def hand_size(self) -> int:
        """Cards each player keeps for the play and the show."""
        return self.cards_dealt - self.discard

    @property
    def crib_size(self) -> int:
        return self.players * self.discard + self.crib_dealt

    @property
    def sides(self) -> tuple[tuple[int, ...], ...]:
        """The seats of each scoring side, side 0 first (Captain's: the lone player is side 0,
        in seat 0)."""
        if self.partnerships:
            return ((0, 2), (1, 3))
        if self.lone_target is not None:
            return ((0,), (1, 2))
        return tuple((seat,) for seat in range(self.players))

    def side_of(self, seat: int) -> int:
        for side, seats in enumerate(self.sides):
            if seat in seats:
                return side
        raise RulesError(f"seat {seat} is not at a {self.players}-player table")

    def target_of(self, side: int) -> int:
        """The score a side must reach to peg out."""
        if side == 0 and self.lone_target is not None:
            return self.lone_target
        return self.target

    def with_options(self, **options: object) -> Rules:
        """A copy with some fields changed; unknown names are an error that lists the known."""
        kinds = {f.name: str(f.type) for f in dataclasses.fields(self)}
        unknown = sorted(set(options) - set(kinds))
        if unknown:
            raise RulesError(f"unknown rule option(s) {unknown}; known: {sorted(kinds)}")
        for name, value in options.items():
            if not _is_kind(value, kinds[name]):
                raise RulesError(f"rule option {name} must be {kinds[name]}, not {value!r}")
        return dataclasses.replace(self, **options)  # type: ignore[arg-type]

    def to_json(self) -> dict[str, object]:
        return dataclasses.asdict(self)

    @staticmethod
    def from_json(data: dict[str, object]) -> Rules:
        return Rules().with_options(**data)


def _is_kind(value: object, kind: str) -> bool:
    """Whether an option's value has its field's type (`bool`, `int`, `str`, `int | None`)."""
    if value is None:
        return kind.endswith("| None")
    if kind == "bool":
        return isinstance(value, bool)
    if kind.startswith("int"):
        return isinstance(value, int) and not isinstance(value, bool)
    return isinstance(value, str)


PRESETS: Final[dict[str, Rules]] = {
    "six-card": Rules(),
    "five-card": Rules(
        name="five-card", cards_dealt=5, discard=2, target=61,
        three_for_last=True, single_count=True,
    ),
    "seven-card": Rules(name="seven-card", cards_dealt=7, discard=2, target=121),
    "three-hand": Rules(name="three-hand", players=3, cards_dealt=5, crib_dealt=1, discard=1),
    "four-hand": Rules(name="four-hand", players=4, cards_dealt=5, discard=1, partnerships=True),
    "captains": Rules(
        name="captains", players=3, cards_dealt=5, crib_dealt=1, discard=1, lone_target=61,
    ),
    "lowball": Rules(name="lowball", lowball=True),
}
"""The variants by name. Seven-card is played to 121 or, as the older book allows, 181:
`preset("seven-card", target=181)`."""


def preset(name: str, **options: object) -> Rules:
    """The named variant, with house-rule options on top."""
    try:
        rules = PRESETS[name]
    except KeyError:
        raise RulesError(f"unknown variant {name!r}; known: {', '.join(PRESETS)}") from None
    return rules.with_options(**options) if options else rules


def skunk_kind(loser_score: int, rules: Rules, target: int | None = None) -> SkunkKind:
    """How badly a game was lost: the skunk lines lie 30, 60 and 90 points short of the target.

    In a 121 game that is under 91 (skunk), under 61 (double) and, if the rules count it,
    under 31 (triple); in a 61 game the single line at 31 is the old "lurch" (the winner
    home before the loser turned the corner). `target` is the loser's own target when it
    differs from the rules' (Captain's lone player); in lowball pass the winner's score,
    since there the skunk is the winner's, for staying so low.
    """
    goal = rules.target if target is None else target
    short = goal - loser_score
    if rules.triple_skunk and goal >= 121 and short > 90:
        return "triple"
    if goal >= 121 and short > 60:
        return "double"
    if short > 30:
        return "single"
    return "none"


def game_result(scores: Sequence[int], rules: Rules, out: int) -> tuple[int, SkunkKind]:
    """The winning side and the skunk, once side `out` has reached its target.

    The side that pegged out wins (in lowball, the lowest other side does). The skunk measures
    the losers against their own target, the worst of them counting; in lowball it measures
    the winner, for staying so low.
    """
    others = [side for side in range(len(scores)) if side != out]
    winner = min(others, key=scores.__getitem__) if rules.lowball else out
    measured = [winner] if rules.lowball else others
    kinds = [skunk_kind(scores[side], rules, rules.target_of(side)) for side in measured]
    return winner, max(kinds, key=SKUNK_ORDER.index)
