"""The engine protocol: one JSON request per line, one JSON reply per line, never a crash."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from typing import Any

import pytest

from pi_app.engine_protocol.server import EngineSession, Request

SCORE_29 = {"op": "score", "hand": ["5H", "5C", "5S", "JD"], "starter": "5D", "crib": False}


@pytest.fixture()
def session() -> EngineSession:
    return EngineSession()


def ask(session: EngineSession, request: dict[str, Any]) -> dict[str, Any]:
    return session.handle(json.dumps(request))


def test_score_answers_the_total_every_item_and_the_spoken_count(session: EngineSession) -> None:
    reply = ask(session, SCORE_29)
    assert reply["ok"] is True and reply["total"] == 29
    assert set(reply) == {"ok", "total", "items", "spoken"}
    assert {"kind": "fifteen", "cards": ["5H", "JD"], "points": 2} in reply["items"]
    assert {"kind": "nobs", "cards": ["JD"], "points": 1} in reply["items"]
    assert sum(item["points"] for item in reply["items"]) == 29
    assert reply["spoken"].endswith("and nobs is twenty-nine")


def test_score_a_crib_needs_the_starter_for_a_flush(session: EngineSession) -> None:
    flush = {"op": "score", "hand": ["2H", "4H", "6H", "8H"], "starter": "KS"}
    assert ask(session, flush)["total"] == 4
    assert ask(session, {**flush, "crib": True})["total"] == 0
    assert ask(session, {**flush, "crib": True, "four_card_crib_flush": True})["total"] == 4


def test_peg_answers_the_count_points_and_items(session: EngineSession) -> None:
    reply = ask(session, {"op": "peg", "played": ["4S", "2H", "3D"]})
    assert reply == {
        "ok": True,
        "count": 9,
        "points": 3,
        "items": [{"kind": "run", "cards": ["4S", "2H", "3D"], "points": 3}],
        "spoken": "Nine for three",
    }


def test_peg_with_the_go_or_the_last_card_adds_its_point(session: EngineSession) -> None:
    played = ["9C", "6D"]
    assert ask(session, {"op": "peg", "played": played, "last_card": True})["points"] == 3
    assert ask(session, {"op": "peg", "played": ["KC", "QD", "JH", "AS"], "go": True})[
        "points"
    ] == 2


def test_heels_gives_the_dealer_two_for_a_jack_turned(session: EngineSession) -> None:
    assert ask(session, {"op": "heels", "starter": "JH"})["points"] == 2
    assert ask(session, {"op": "heels", "starter": "QH"}) == {"ok": True, "points": 0, "items": []}


def test_odds_answers_the_exact_table(session: EngineSession) -> None:
    reply = ask(session, {"op": "odds", "crib": True})
    assert reply["total"] == 12_994_800 and reply["counts"]["29"] == 4
    assert ask(session, {"op": "odds", "cards": 3})["total"] == 1_082_900


def test_a_request_id_is_echoed_in_the_reply_good_or_bad(session: EngineSession) -> None:
    assert ask(session, {**SCORE_29, "id": "a1"})["id"] == "a1"
    assert ask(session, {"op": "nope", "id": 7})["id"] == 7


@pytest.mark.parametrize(
    ("request_", "error"),
    [
        ({"op": "score", "hand": ["5H", "ZZ", "5S"], "starter": "5D"},
         "score: hand: 'ZZ': 'Z' is not a rank"),
        ({"op": "score", "hand": ["5H", "5C", "5S"], "starter": "5H"},
         "score: the starter 5H is also in the hand"),
        ({"op": "score", "hand": ["5H", "5C", "5H"], "starter": "5D"},
         "score: hand: 5H appears twice (cards 1 and 3)"),
        ({"op": "score", "hand": "5H 5C 5S", "starter": "5D"},
         'score: hand: expected a list of cards such as ["5H", "JD"], not "5H 5C 5S"'),
        ({"op": "score", "hand": ["5H", 5, "5S"], "starter": "5D"},
         "score: hand: expected a list of cards"),
        ({"op": "score", "hand": ["5H", "5C", "5S"]},
         "score: missing field 'starter'"),
        ({"op": "score", "hand": ["5H", "5C", "5S"], "starter": "5D", "crib": "yes"},
         'score: crib: expected true or false, not "yes"'),
        ({"op": "score", "hand": ["5H", "5C"], "starter": "5D"},
         "score: a hand or crib to show has 3 to 5 cards, not 2"),
        ({"op": "peg", "played": ["KS", "QS", "JS", "5H"]},
         "peg: 5H takes the count from 30 to 35, past 31"),
        ({"op": "peg", "played": []}, "peg: no card has been played"),
        ({"op": "heels", "starter": "🃏"}, "heels: starter: '🃏' is a joker"),
        ({"op": "odds", "cards": 6}, "odds: cards: expected 3, 4 or 5 cards in the hand, not 6"),
        ({"op": "deal"}, 'unknown op "deal"; known ops: '),
        ({"hand": []}, "missing field 'op'"),
    ],
)
def test_a_bad_request_gets_an_error_saying_what_and_where(
    session: EngineSession, request_: Request, error: str
) -> None:
    reply = ask(session, request_)
    assert reply["ok"] is False
    assert reply["error"].startswith(error)


@pytest.mark.parametrize(
    ("line", "error"),
    [
        ('{"op": "score", ', "not JSON: Expecting property name enclosed in double quotes"),
        ("score 5H 5C", "not JSON: Expecting value (request 1, column 1)"),
        ('["score"]', 'request 1: expected a JSON object, not ["score"]'),
        ("[" * 100_000 + "]" * 100_000, "request 1: unreadable JSON: maximum recursion depth"),
        ('{"op": "score", "id": ' + "9" * 5000 + "}", "request 1: unreadable JSON: Exceeds"),
    ],
)
def test_a_line_that_is_not_a_json_object_is_an_error(
    session: EngineSession, line: str, error: str
) -> None:
    reply = session.handle(line)
    assert reply["ok"] is False and set(reply) == {"ok", "error"}
    assert reply["error"].startswith(error)


def test_a_failing_op_is_reported_and_the_session_goes_on() -> None:
    def broken(request: Request) -> dict[str, Any]:
        raise RuntimeError("bug in an op")

    session = EngineSession({"broken": broken, "echo": lambda request: {"got": request["x"]}})
    assert session.handle('{"op": "broken"}') == {
        "ok": False, "error": "broken: internal error: RuntimeError('bug in an op')",
    }
    assert session.handle('{"op": "echo", "x": 1}') == {"ok": True, "got": 1}


def test_serve_answers_every_line_in_order_and_skips_blank_lines() -> None:
    lines = [json.dumps(SCORE_29), "", "garbage", json.dumps({"op": "peg", "played": ["5C", "TD"]})]
    out = io.StringIO()
    EngineSession().serve(io.StringIO("\n".join(lines) + "\n"), out)
    replies = [json.loads(line) for line in out.getvalue().splitlines()]
    assert [r["ok"] for r in replies] == [True, False, True]
    assert replies[0]["total"] == 29 and replies[2]["points"] == 2


def test_crib_engine_answers_each_line_as_it_comes_over_a_pipe() -> None:
    engine = subprocess.Popen(
        [sys.executable, "-m", "pi_app.cli", "engine"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
    )
    assert engine.stdin is not None and engine.stdout is not None
    try:
        # One request at a time, waiting for each reply: the engine must flush every line.
        for request, key, expected in [
            (SCORE_29, "total", 29),
            ({"op": "peg", "played": ["4S", "2H", "3D"]}, "points", 3),
        ]:
            engine.stdin.write(json.dumps(request) + "\n")
            engine.stdin.flush()
            assert json.loads(engine.stdout.readline())[key] == expected
    finally:
        engine.stdin.close()
        assert engine.wait(timeout=30) == 0


def test_crib_engine_survives_bytes_that_are_not_utf8() -> None:
    requests = b'\xff\xfe{"op": "score"}\n' + json.dumps(SCORE_29).encode() + b"\n"
    done = subprocess.run(
        [sys.executable, "-m", "pi_app.cli", "engine"],
        input=requests, capture_output=True, timeout=60, check=True,
    )
    first, second = (json.loads(line) for line in done.stdout.splitlines())
    assert first["ok"] is False and "not JSON" in first["error"]
    assert second["total"] == 29
