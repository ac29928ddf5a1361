"""`crib simulate`: same seed, same games; a run killed at any moment finishes with --resume
and prints the same log as a run never interrupted."""

from __future__ import annotations

import json
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from pi_app.cli import main
from pi_app.engine.game import Game
from pi_app.engine.variants import preset

CRIB = [sys.executable, "-m", "pi_app.cli", "simulate"]


def simulate(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["simulate", *args])
    out, err = capsys.readouterr()
    return code, out, err


def test_same_seed_same_games_and_every_line_is_an_event(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = ("--games", "2", "--seed", "17", "--variant", "three-hand", "--json")
    first = simulate(capsys, *args)
    assert first == simulate(capsys, *args)
    events = [json.loads(line) for line in first[1].splitlines()]
    ends = [e for e in events if e["type"] == "game_end"]
    assert [e["game"] for e in ends] == [0, 1]
    first_game = events[: events.index(ends[0]) + 1]
    assert Game.replay(first_game, preset("three-hand"), 17, 0).result == ends[0]
    assert {e["type"] for e in events} >= {"deal", "discard", "starter", "play", "go", "show",
                                           "game_end"}


def test_players_pick_the_variant_and_a_mismatch_is_named(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = simulate(capsys, "--players", "4", "--seed", "1", "--json")
    assert code == 0 and len(json.loads(out.splitlines()[0])["hands"]) == 4
    code, _, err = simulate(capsys, "--players", "2", "--variant", "captains")
    assert code == 2 and "captains is played by 3, not --players 2" in err


def test_people_get_one_line_per_game_and_the_wins(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = simulate(capsys, "--games", "3", "--seed", "2", "--variant", "five-card")
    lines = out.splitlines()
    assert code == 0 and len(lines) == 4 and lines[-1].startswith("wins: ")
    assert all(" wins " in line for line in lines[:3])


def test_resume_needs_a_db_and_a_stored_run_needs_resume(
    capsys: pytest.CaptureFixture[str], tmp_path: Path,
) -> None:
    code, _, err = simulate(capsys, "--resume")
    assert code == 2 and "--resume needs --db" in err
    db = str(tmp_path / "runs.db")
    assert simulate(capsys, "--seed", "3", "--db", db)[0] == 0
    code, _, err = simulate(capsys, "--seed", "3", "--db", db)
    assert code == 2 and "add --resume" in err


def test_a_run_killed_at_random_moments_resumes_to_the_uninterrupted_output(
    tmp_path: Path,
) -> None:
    args = ["--games", "16", "--seed", "31", "--variant", "six-card", "--muggins", "--json"]
    reference = subprocess.run([*CRIB, *args], capture_output=True, text=True, check=True).stdout
    lines = reference.count("\n")
    db = str(tmp_path / "runs.db")
    rng = random.Random(7)
    for quarter in range(3):
        writer = subprocess.Popen([*CRIB, *args, "--db", db, "--resume"],
                                  stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        assert writer.stdout is not None
        # Kill it somewhere in the next quarter of the log: it cannot run far ahead of the
        # reader, since it blocks once the pipe is full.
        wanted = rng.randint(quarter * lines // 4 + 1, (quarter + 1) * lines // 4)
        printed = "".join(writer.stdout.readline() for _ in range(wanted))
        time.sleep(rng.uniform(0.0, 0.05))
        assert writer.poll() is None, "the run ended before it could be killed"
        writer.send_signal(signal.SIGKILL)
        printed += writer.stdout.read()
        writer.stdout.close()
        assert writer.wait() == -signal.SIGKILL
        assert reference.startswith(printed)  # what it printed was all true
    resumed = subprocess.run([*CRIB, *args, "--db", db, "--resume"],
                             capture_output=True, text=True, check=True).stdout
    assert resumed == reference


def test_one_level_plays_every_seat_and_random_is_the_default(
    capsys: pytest.CaptureFixture[str],
) -> None:
    plain = simulate(capsys, "--games", "2", "--seed", "9", "--json")
    assert simulate(capsys, "--games", "2", "--seed", "9", "--json", "--level", "random") == plain
    assert simulate(capsys, "--games", "2", "--seed", "9", "--json",
                    "--level", "random,random") == plain
    every = simulate(capsys, "--games", "2", "--seed", "9", "--json", "--level", "greedy")
    assert every == simulate(capsys, "--games", "2", "--seed", "9", "--json",
                             "--level", "greedy,greedy")
    assert every[1] != plain[1]


def test_a_wrong_count_or_an_unknown_level_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = simulate(capsys, "--level", "expert,greedy,random")
    assert (code, out) == (2, "")
    assert "names 3 players; six-card seats 2: give one name for all or one per seat" in err
    code, out, err = simulate(capsys, "--players", "4", "--level", "expert,greedy")
    assert (code, out) == (2, "") and "four-hand seats 4" in err
    code, out, err = simulate(capsys, "--level", "expert,grandmaster")
    assert (code, out) == (2, "")
    assert ("unknown 'grandmaster'; choose from random, greedy, ev-greedy, beginner, standard, "
            "expert") in err


def test_the_json_log_ends_with_each_sides_level_and_wins(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = simulate(capsys, "--games", "6", "--seed", "4", "--level", "expert,random",
                            "--json")
    lines = [json.loads(line) for line in out.splitlines()]
    summary = lines[-1]
    ends = [line for line in lines if line["type"] == "game_end"]
    assert code == 0 and summary["type"] == "summary" and summary["games"] == 6
    assert [(side["side"], side["level"]) for side in summary["sides"]] == [(0, "expert"),
                                                                          (1, "random")]
    assert [side["wins"] for side in summary["sides"]] == [
        sum(end["winner"] == side for end in ends) for side in (0, 1)]
    assert summary["sides"][0]["wins"] >= 5  # expert against random pegs out nearly always


def test_people_see_which_level_won_each_game(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = simulate(capsys, "--games", "3", "--seed", "4", "--level", "expert,random")
    lines = out.splitlines()
    assert code == 0 and len(lines) == 4
    assert all(" (expert) wins " in line or " (random) wins " in line for line in lines[:3])
    assert lines[-1].startswith("wins: side 0 (expert): ")


def test_partners_of_different_levels_are_named_together(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = simulate(capsys, "--players", "4", "--seed", "2", "--json",
                            "--level", "expert,random,standard,random")
    summary = json.loads(out.splitlines()[-1])
    assert code == 0
    assert [side["level"] for side in summary["sides"]] == ["expert+standard", "random"]


def test_resume_refuses_levels_other_than_the_stored_runs(
    capsys: pytest.CaptureFixture[str], tmp_path: Path,
) -> None:
    db = str(tmp_path / "runs.db")
    assert simulate(capsys, "--seed", "3", "--db", db, "--level", "expert,greedy")[0] == 0
    code, out, err = simulate(capsys, "--seed", "3", "--db", db, "--resume",
                              "--level", "greedy,expert")
    assert (code, out) == (2, "")
    assert "played by --level expert,greedy, not greedy,expert" in err
    code, out, err = simulate(capsys, "--seed", "3", "--db", db, "--resume")
    assert code == 2 and "not random: resume it with --level expert,greedy" in err
    code, out, _ = simulate(capsys, "--seed", "3", "--db", db, "--resume", "--games", "2",
                            "--level", "expert,greedy")
    assert code == 0 and len(out.splitlines()) == 3


def test_levels_killed_partway_resume_to_the_uninterrupted_output(tmp_path: Path) -> None:
    # 12 games print more than a pipe holds, so the writer is still running when it is killed
    args = ["--games", "12", "--seed", "8", "--level", "expert,greedy", "--json"]
    reference = subprocess.run([*CRIB, *args], capture_output=True, text=True, check=True).stdout
    assert len(reference) > 2 * 65536
    db = str(tmp_path / "runs.db")
    writer = subprocess.Popen([*CRIB, *args, "--db", db], stdout=subprocess.PIPE,
                              stderr=subprocess.DEVNULL, text=True)
    assert writer.stdout is not None
    printed = "".join(writer.stdout.readline() for _ in range(reference.count("\n") // 3))
    assert writer.poll() is None, "the run ended before it could be killed"
    writer.send_signal(signal.SIGKILL)
    printed += writer.stdout.read()
    writer.stdout.close()
    assert writer.wait() == -signal.SIGKILL
    assert reference.startswith(printed) and len(printed) < len(reference)
    resumed = subprocess.run([*CRIB, *args, "--db", db, "--resume"],
                             capture_output=True, text=True, check=True).stdout
    assert resumed == reference
