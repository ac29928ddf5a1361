"""Animations against a fake clock: what the board shows, and when."""

from __future__ import annotations

import numpy as np
import pytest

from pi_app.board.animation import (
    Attract,
    Burst,
    Celebration,
    SelfTest,
    Walk,
    hand_burst,
    play,
)
from pi_app.board.render import Pixels, Renderer
from pi_app.board.state import BoardState, Pegs


class Recorder:
    """A display that notes the time of every frame it is shown."""

    def __init__(self, clock: object) -> None:
        self.clock = clock
        self.shown: list[tuple[float, Pixels]] = []

    def show(self, design: Pixels) -> None:
        self.shown.append((self.clock.now(), design))  # type: ignore[attr-defined]


def front_hole(renderer: Renderer, side: int, design: Pixels) -> int:
    colour = renderer.front_colour[side]
    holes = [h for h in range(122) if (design[renderer.holes[side, h]] == colour).all()]
    assert len(holes) == 1, holes
    return holes[0]


def test_the_front_peg_walks_one_hole_per_step_to_its_new_place(renderer, clock) -> None:
    before = BoardState(pegs=(Pegs(37, 30), Pegs(12, 10)))
    walk = Walk(renderer, before, side=0, points=5, step_s=0.1)
    display = Recorder(clock)
    play(walk, display, clock, fps=50)
    seen = [(t, front_hole(renderer, 0, frame)) for t, frame in display.shown]
    for t, hole in seen:
        assert hole == 37 + min(5, int(t / 0.1 + 1e-9))
    assert [h for _, h in seen][-1] == 42
    assert sorted({h for _, h in seen}) == [37, 38, 39, 40, 41, 42]  # every hole, in order
    assert clock.now() == pytest.approx(0.5)


def test_after_the_walk_the_back_peg_marks_the_old_front(renderer) -> None:
    walk = Walk(renderer, BoardState(pegs=(Pegs(37, 30), Pegs(12))), side=0, points=5)
    assert walk.state_at(walk.duration).pegs[0] == Pegs(42, 37)
    final = walk.frame(walk.duration)
    assert (final[renderer.holes[0, 37]] == renderer.back_colour[0]).all()
    assert not final[renderer.holes[0, 30]].any()  # the old back peg has moved on


def test_a_walk_stops_at_the_game_hole(renderer) -> None:
    walk = Walk(renderer, BoardState(pegs=(Pegs(118, 110), Pegs(60))), side=0, points=12)
    assert walk.holes == 3
    assert front_hole(renderer, 0, walk.frame(99)) == 121


def test_a_slow_display_drops_frames_instead_of_slowing_the_walk(renderer, clock) -> None:
    walk = Walk(renderer, BoardState(), side=1, points=10, step_s=0.1)

    class SlowDisplay(Recorder):
        def show(self, design: Pixels) -> None:
            super().show(design)
            clock.t += 0.25  # each frame takes 250 ms to send

    display = SlowDisplay(clock)
    play(walk, display, clock, fps=50)
    assert len(display.shown) <= 6
    assert clock.now() == pytest.approx(1.25)  # done on time, give or take one frame
    assert front_hole(renderer, 1, display.shown[-1][1]) == 10


def test_a_29_bursts_three_white_rings_and_a_big_hand_one_in_the_players_colour(
    renderer,
) -> None:
    state = BoardState(pegs=(Pegs(60, 31), Pegs(40, 20)))
    assert hand_burst(renderer, state, 0, 12) is None
    big = hand_burst(renderer, state, 1, 24)
    perfect = hand_burst(renderer, state, 0, 29)
    assert big is not None and perfect is not None
    assert (big.rings, tuple(big.colour)) == (1, renderer.palette.player(1))
    assert (perfect.rings, tuple(perfect.colour)) == (3, (255, 255, 255))


def test_a_burst_spreads_outward_from_the_front_peg(renderer) -> None:
    state = BoardState(pegs=(Pegs(60, 31), Pegs(40, 20)))
    burst = Burst(renderer, state, 0, (255, 255, 255), speed_mm_s=100, width_mm=10)
    white = (255, 255, 255)

    def ring(t: float) -> np.ndarray:
        frame = burst.frame(t)
        return burst.distance[(frame == white).all(axis=1)]

    assert ring(0).size == 0
    assert ring(0.5).max() <= 50 and ring(0.5).min() > 40
    assert ring(1.0).min() > 90
    assert np.array_equal(burst.frame(burst.duration), renderer.compose(state))


def test_a_win_runs_comets_on_the_winners_track_and_blinks_a_skunked_gap(renderer) -> None:
    state = BoardState(pegs=(Pegs(121, 117), Pegs(70, 66), Pegs(95, 90)))
    party = Celebration(renderer, state)
    assert party.skunked == 1  # side 1 is under 91; side 2 escaped
    gap = renderer.holes[1, 71:91]
    on, off = party.frame(0.0), party.frame(0.25)
    assert (on[gap] == 255).all() and not (off[gap] == 255).all()
    winner_track = renderer.holes[0, 1:121]
    assert on[winner_track].any(axis=1).sum() > 5


def test_a_double_skunk_blinks_twice_as_fast(renderer) -> None:
    state = BoardState(pegs=(Pegs(121, 117), Pegs(50, 44)))
    party = Celebration(renderer, state)
    assert party.gaps[0][1] == 4.0


def test_no_skunk_blinks_in_a_game_played_without_skunks(renderer) -> None:
    state = BoardState(pegs=(Pegs(121, 117), Pegs(50, 44)), skunk_lines=())
    assert Celebration(renderer, state).skunked == 0


def test_no_celebration_without_a_winner(renderer) -> None:
    with pytest.raises(ValueError, match="nothing to celebrate"):
        Celebration(renderer, BoardState())


def test_attract_mode_is_endless_and_drifts(renderer, clock) -> None:
    attract = Attract(renderer, period_s=8)
    assert attract.duration is None
    with pytest.raises(ValueError, match="endless animation needs `until`"):
        play(attract, Recorder(clock), clock)
    display = Recorder(clock)
    play(attract, display, clock, fps=10, until=2.0)
    assert len(display.shown) == 21
    assert not np.array_equal(display.shown[0][1], display.shown[-1][1])
    assert np.array_equal(attract.frame(0), attract.frame(8.0))  # one full turn of the hue


def test_self_test_lights_every_led_in_chain_order_then_each_track(renderer, clock) -> None:
    chase = SelfTest(renderer, step_s=0.01)
    display = Recorder(clock)
    play(chase, display, clock, fps=100)
    lit = [int(np.flatnonzero(f.any(axis=1))[0]) for _, f in display.shown if f.any()]
    count = renderer.layout.led_count
    assert lit[:count] == list(range(count))
    assert lit[count : count + 122] == renderer.holes[0].tolist()
    assert lit[-1] == renderer.holes[-1, 121]
    assert not display.shown[-1][1].any()  # and ends dark
    assert chase.describe(0.0) == "chain 0 LED 0/476"
    assert chase.describe(chase.duration - 0.005) == "track 2 hole 121/121"
