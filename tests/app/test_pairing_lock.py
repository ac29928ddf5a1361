"""Guessing the four-digit pairing code is limited: a minute's lockout after five wrong codes,
and a new code (shown on the board again) after ten."""

from __future__ import annotations

import asyncio
import json

import pytest
from aiohttp.test_utils import TestClient, TestServer

from pi_app.app.pairing import LOCKOUT_SECONDS, PairingLock, PairingRefused
from pi_app.app.web import WebBackend, make_app


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def wrong_guesses(lock: PairingLock, count: int) -> list[str]:
    said = []
    for _ in range(count):
        with pytest.raises(PairingRefused) as refused:
            lock.check("0000")
        said.append(str(refused.value))
    return said


def test_four_wrong_codes_still_let_the_right_one_pair() -> None:
    lock = PairingLock("4711", clock=Clock())
    assert wrong_guesses(lock, 4) == ["wrong pairing code: read it off the board"] * 4
    lock.check("4711")
    wrong_guesses(lock, 4)  # the right code starts the count again
    lock.check("4711")


def test_the_fifth_wrong_code_locks_out_every_code_for_a_minute() -> None:
    clock = Clock()
    lock = PairingLock("4711", clock=clock)
    assert wrong_guesses(lock, 5)[-1] == "too many wrong pairing codes: try again in 60 s"
    clock.now += LOCKOUT_SECONDS - 1
    with pytest.raises(PairingRefused, match="try again in 1 s") as refused:
        lock.check("4711")
    assert refused.value.locked_for == pytest.approx(1)
    clock.now += 1
    lock.check("4711")


def test_the_tenth_wrong_code_draws_a_new_code_and_shows_it() -> None:
    clock = Clock()
    shown: list[str] = []
    lock = PairingLock("4711", clock=clock, on_new_code=shown.append)
    wrong_guesses(lock, 5)
    clock.now += LOCKOUT_SECONDS
    said = wrong_guesses(lock, 5)
    assert said[-1] == "too many wrong pairing codes: a new code is on the board"
    assert shown == [lock.code] and len(lock.code) == 4
    if lock.code != "4711":
        with pytest.raises(PairingRefused, match="wrong pairing code"):
            lock.check("4711")
    lock.check(shown[0])


def test_the_page_is_told_to_wait_after_five_wrong_codes() -> None:
    backend = WebBackend(snapshot=dict, act=lambda action: None, board=dict,
                         pairing_code="4711", local_only=False)

    async def main() -> None:
        async with TestClient(TestServer(make_app(backend))) as client:
            statuses = []
            for code in ["1111"] * 5 + ["4711"]:
                reply = await client.post("/api/pair", data=json.dumps({"code": code}),
                                          headers={"Content-Type": "application/json"})
                statuses.append(reply.status)
            assert reply.headers["Retry-After"] == "60"
            assert "try again in" in (await reply.json())["error"]
            assert statuses == [403, 403, 403, 403, 429, 429]

    asyncio.run(main())
