"""Helpers for the table app's tests: what the board shows, a player who plays a deal
through the same actions the page sends, and the page's API served to a test client."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import TypeVar

import numpy as np
from aiohttp.test_utils import TestClient, TestServer

from pi_app.app.controller import Controller
from pi_app.app.runtime import TableApp, web_backend
from pi_app.app.web import make_app

T = TypeVar("T")


def run_client(table_app: TableApp, body: Callable[[TestClient], Awaitable[T]],
               pairing: str | None = None) -> T:
    """`body` run against the table's web API (on a LAN, read-only until paired, when a
    `pairing` code is given); returns what it returns."""
    async def main() -> T:
        backend = web_backend(table_app, pairing)
        backend.local_only = pairing is None
        async with TestClient(TestServer(make_app(backend))) as client:
            return await body(client)

    return asyncio.run(main())


def lit_holes(controller: Controller) -> dict[int, list[int]]:
    """Per track, the holes lit by a peg (not a skunk-line mark) in the last frame the strips
    were sent."""
    display = controller.display
    assert display is not None
    renderer = display.renderer
    skunk_mark = tuple(renderer.tone.apply(np.array([renderer.palette.skunk], np.uint8))[0])
    frames = [strip.frames[-1] for strip in display.strips]  # type: ignore[attr-defined]
    lit: dict[int, list[int]] = {}
    for kind, player, number, spot in renderer.layout.spots():
        pixel = tuple(frames[spot.chain][spot.led])
        if kind == "hole" and any(pixel) and pixel != skunk_mark:
            lit.setdefault(player, []).append(number)
    return lit


def play_until_show(controller: Controller) -> None:
    """People at seats without the computer: lay away the first two cards, lay the first
    card that fits or say go, until a count is on display or the game ends."""
    for _ in range(200):
        snap = controller.snapshot()
        state = snap["state"]
        if snap["pending"] is not None or snap["winner"] is not None:
            return
        if state["phase"] == "discard":
            seat = next(s for s in state["to_move"] if s != snap["computer_seat"])
            controller.act({"type": "discard", "player": seat, "cards": state["hands"][seat][:2]})
        elif state["phase"] == "play":
            seat = state["turn"]
            if state["playable"]:
                controller.act({"type": "play", "player": seat, "card": state["playable"][0]})
            else:
                controller.act({"type": "go", "player": seat})
        elif state["phase"] == "show":  # muggins: the shower claims the true count
            return
        else:
            return
    raise AssertionError("the deal did not reach the show")
