"""The advice ops over the engine protocol, and `crib advise`."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pi_app.cli import main
from pi_app.engine import DECK
from pi_app.engine_protocol.server import EngineSession


@pytest.fixture(scope="module")
def session() -> EngineSession:
    return EngineSession()


def ask(session: EngineSession, **request: object) -> dict[str, object]:
    return session.handle(json.dumps(request))


def test_discard_op_lists_every_layout_best_first(session: EngineSession) -> None:
    reply = ask(session, op="discard", hand=["5H", "5C", "5S", "JD", "2C", "9S"], dealer=True)
    assert reply["ok"] is True
    options = reply["options"]
    assert isinstance(options, list) and len(options) == 15
    best = options[0]
    assert sorted(best["discard"]) == ["2C", "9S"]
    assert best["net_ev"] == pytest.approx(best["hand_ev"] + best["crib_ev"], abs=1e-3)
    nets = [o["net_ev"] for o in options]
    assert nets == sorted(nets, reverse=True)


def test_pone_subtracts_the_crib_and_realistic_model_is_named(session: EngineSession) -> None:
    reply = ask(session, op="discard", hand=["6C", "7D", "8H", "8S", "9C", "TD"], dealer=False,
                model="realistic")
    assert reply["model"] == "realistic"
    best = reply["options"][0]  # type: ignore[index]
    assert sorted(best["discard"]) == ["6C", "TD"]
    assert best["net_ev"] == pytest.approx(best["hand_ev"] - best["crib_ev"], abs=1e-3)


def test_discard_op_with_scores_gives_the_chance_of_showing_out(session: EngineSession) -> None:
    reply = ask(session, op="discard", hand=["3D", "5C", "2C", "6D", "5S", "TH"], dealer=False,
                scores=[111, 90])
    options = reply["options"]
    assert all(o["p_show_out"] is not None for o in options)  # type: ignore[union-attr]
    assert options[0]["p_show_out"] == max(o["p_show_out"] for o in options)  # type: ignore


def test_three_hand_discard_throws_one_card(session: EngineSession) -> None:
    reply = ask(session, op="discard", hand=["5H", "6C", "7D", "TS", "QH"], dealer=False,
                variant="three-hand")
    assert [len(o["discard"]) for o in reply["options"]] == [1] * 5  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("request_fields", "message"),
    [
        ({"hand": ["5H", "5C"], "dealer": True}, "6 cards, not 2"),
        ({"hand": ["5H", "5C", "5S", "JD", "2C", "9S"]}, "missing field 'dealer'"),
        ({"hand": ["5H", "5C", "5S", "JD", "2C", "9S"], "dealer": True, "model": "psychic"},
         "model 'psychic' is not one of"),
        ({"hand": ["5H", "5C", "5S", "JD", "2C", "9S"], "dealer": True, "variant": "nine"},
         "unknown variant 'nine'"),
        ({"hand": ["5H", "5C", "5S", "JD", "2C", "9S"], "dealer": True, "scores": [3]},
         "scores: expected [own, opponent]"),
    ],
)
def test_discard_op_errors_name_the_field(session: EngineSession, request_fields: dict[str, object],
                                          message: str) -> None:
    reply = ask(session, op="discard", **request_fields)
    assert reply["ok"] is False
    assert message in str(reply["error"])


def test_play_op_takes_fifteen_two_and_reports_its_value(session: EngineSession) -> None:
    reply = ask(session, op="play", hand=["5H", "2D", "3D", "KS"], played=["TD"],
                history=["TD"], starter="2C", dealer=True, level="expert")
    assert reply["ok"] is True and reply["card"] == "5H"
    assert isinstance(reply["ev"], float) and reply["ev"] >= 2 - 4  # two now, less his answers
    assert {o["card"] for o in reply["options"]} == {"5H", "2D", "3D", "KS"}  # type: ignore


def test_play_op_says_go_when_nothing_fits(session: EngineSession) -> None:
    reply = ask(session, op="play", hand=["TC"], played=["KD", "QD", "8S"],
                history=["KD", "QD", "8S"], starter="2C", dealer=False)
    assert reply["card"] == "go"


@pytest.mark.parametrize(
    ("request_fields", "message"),
    [
        ({"hand": ["5H"], "played": ["5H"], "starter": "2C", "dealer": True},
         "5H appears twice"),
        ({"hand": ["5H"], "played": ["KD", "QD", "JD", "TD"], "starter": "2C", "dealer": True},
         "the count is 40"),
        ({"hand": ["5H"], "played": ["KD"], "history": ["KD", "QD"], "starter": "2C",
          "dealer": True}, "must be the last cards of history"),
        ({"hand": ["5H"], "starter": "2C", "dealer": True, "level": "grandmaster"},
         "level 'grandmaster' is not one of"),
    ],
)
def test_play_op_errors_name_the_problem(session: EngineSession, request_fields: dict[str, object],
                                         message: str) -> None:
    reply = ask(session, op="play", **request_fields)
    assert reply["ok"] is False
    assert message in str(reply["error"])


@settings(max_examples=40, deadline=None)
@given(st.permutations(DECK), st.integers(1, 4), st.integers(0, 4),
       st.sampled_from(["beginner", "standard", "expert"]))
def test_play_op_never_returns_an_illegal_card(deck: list, held: int, theirs: int,  # type: ignore[type-arg]
                                               level: str) -> None:
    starter, hand, rest = deck[0], deck[1:1 + held], deck[5:]
    history = rest[:4 - held + theirs]  # my cards played so far and his
    played: list = []  # type: ignore[type-arg]
    for card in history:  # the count starts again whenever the next card would pass 31
        played = [card] if sum(c.value for c in played) + card.value > 31 else [*played, card]
    reply = EngineSession().handle(json.dumps({
        "op": "play", "hand": [c.code for c in hand], "played": [c.code for c in played],
        "history": [c.code for c in history], "starter": starter.code, "dealer": False,
        "level": level}))
    assert reply["ok"] is True, reply
    count = sum(c.value for c in played)
    legal = {c.code for c in hand if count + c.value <= 31}
    assert reply["card"] in legal or (reply["card"] == "go" and not legal)


def test_crib_advise_prints_the_ranked_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["advise", "5H", "5C", "5S", "JD", "2C", "9S", "--dealer"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split()[:5] == ["throw", "keep", "hand", "+crib", "net"]
    assert lines[1].startswith("2C 9S") and len(lines) == 16


def test_crib_advise_json_matches_the_discard_op(capsys: pytest.CaptureFixture[str],
                                                 session: EngineSession) -> None:
    assert main(["advise", "5H", "5C", "5S", "JD", "2C", "9S", "--pone", "--json"]) == 0
    printed = json.loads(capsys.readouterr().out)
    reply = ask(session, op="discard", hand=["5H", "5C", "5S", "JD", "2C", "9S"], dealer=False)
    assert printed["options"] == reply["options"]


def test_crib_advise_rejects_a_short_hand_with_the_reason(capsys: pytest.CaptureFixture[str]
                                                          ) -> None:
    assert main(["advise", "5H", "5C", "5S", "JD", "2C", "--dealer"]) == 2
    assert "6 cards, not 5" in capsys.readouterr().err
