"""The table's web page and its small JSON API, served by aiohttp.

- `GET /` and `/static/...`: the page from `simulator/` (plain HTML/JS/CSS, no build step).
- `GET /api/state`: the whole table as JSON; `GET /api/events`: the same, pushed on every
  change as server-sent events.
- `POST /api/action`: one player action as a JSON object, validated by the controller.
- `POST /api/pair`: on the Pi, the pairing code shown on the board unlocks actions.
- `GET /api/camera.jpg` (`?zones=0`: without the zones drawn); `GET /api/zones` and
  `POST /api/zones`: the camera's zones, as the page's editor shows and sets them up.

Every request is checked: a JSON content type (so another site's form cannot post here),
a size limit, a known Host (so a rebinding DNS name cannot reach the loopback server), and
the action's own fields. Nothing here runs a program.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import secrets
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from aiohttp import web

from pi_app.app.pairing import PairingLock, PairingRefused
from pi_app.engine.cards import CardError, parse_card

PAGE_DIR = Path(__file__).resolve().parents[2] / "simulator"
MAX_BODY = 16 * 1024
SESSION_COOKIE = "crib_session"
LOCAL_HOSTS = frozenset({"127.0.0.1", "localhost", "::1"})


class ActionError(ValueError):
    """An action the table cannot take now; the message is shown to the player as is."""


@dataclass
class WebBackend:
    """What the server needs from the app: a snapshot, an action handler, the board drawing."""

    snapshot: Callable[[], dict[str, Any]]
    act: Callable[[dict[str, Any]], None]
    board: Callable[[], dict[str, Any]]
    deck_dir: Path | None = None
    pairing_code: str | None = None
    """When set, actions need a session unlocked with this code (the Pi's LAN page)."""
    on_new_code: Callable[[str], None] | None = None
    """Shows a new pairing code, drawn after too many wrong ones."""
    local_only: bool = True
    camera: Callable[[bool], bytes | None] | None = None
    """The camera's last frame with its detections (and, if asked, zones) drawn, as JPEG
    (mode auto)."""
    zones: Callable[[], dict[str, Any]] | None = None
    """The camera's zones and the frame they are drawn on (mode auto)."""
    set_zones: Callable[[object], None] | None = None
    """Checks, saves and uses zones set up on the page; raises ActionError if refused."""
    subscribers: set[asyncio.Queue[str]] = field(default_factory=set)
    sessions: set[str] = field(default_factory=set)
    pairing: PairingLock | None = field(init=False, default=None)

    def __post_init__(self) -> None:
        if self.pairing_code is not None:
            self.pairing = PairingLock(self.pairing_code, on_new_code=self.on_new_code)

    def publish(self) -> None:
        """Push the current snapshot to every open page (call on the server's loop)."""
        payload = json.dumps(self.snapshot())
        for queue in list(self.subscribers):
            if queue.full():
                with contextlib.suppress(asyncio.QueueEmpty):
                    queue.get_nowait()  # a slow page only needs the newest state
            queue.put_nowait(payload)


BACKEND = web.AppKey("backend", WebBackend)


def _error(status: int, message: str) -> web.Response:
    return web.json_response({"ok": False, "error": message}, status=status)


def _may_act(request: web.Request) -> bool:
    backend = request.app[BACKEND]
    if backend.pairing is None:
        return True
    return request.cookies.get(SESSION_COOKIE, "") in backend.sessions


@web.middleware
async def _guard(request: web.Request, handler: Callable[..., Any]) -> web.StreamResponse:
    backend = request.app[BACKEND]
    host = request.url.host or ""
    if backend.local_only and host not in LOCAL_HOSTS:
        return _error(421, f"this server answers only on 127.0.0.1, not for host {host!r}")
    response: web.StreamResponse = await handler(request)
    response.headers.setdefault("X-Content-Type-Options", "nosniff")
    response.headers.setdefault("Referrer-Policy", "no-referrer")
    return response


async def _read_json(request: web.Request) -> dict[str, Any]:
    if request.content_type != "application/json":
        raise ActionError(f"send JSON (Content-Type application/json), not {request.content_type}")
    try:
        body = await request.json()
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise ActionError(f"the body is not JSON: {exc}") from exc
    if not isinstance(body, dict):
        raise ActionError("the body must be a JSON object")
    return body


async def _index(request: web.Request) -> web.FileResponse:
    return web.FileResponse(PAGE_DIR / "index.html")


async def _state(request: web.Request) -> web.Response:
    backend = request.app[BACKEND]
    return web.json_response({**backend.snapshot(), "can_act": _may_act(request)})


async def _board(request: web.Request) -> web.Response:
    return web.json_response(request.app[BACKEND].board())


async def _camera(request: web.Request) -> web.Response:
    backend = request.app[BACKEND]
    with_zones = request.query.get("zones") != "0"
    jpeg = backend.camera(with_zones) if backend.camera is not None else None
    if jpeg is None:
        return _error(404, "no camera frame yet (the camera reads cards in mode auto)")
    return web.Response(body=jpeg, content_type="image/jpeg",
                        headers={"Cache-Control": "no-store"})


async def _zones(request: web.Request) -> web.Response:
    backend = request.app[BACKEND]
    if backend.zones is None:
        return _error(404, "no camera zones: the camera reads cards in mode auto")
    return web.json_response(backend.zones())


async def _set_zones(request: web.Request) -> web.Response:
    backend = request.app[BACKEND]
    if not _may_act(request):
        return _error(403, "this page is read-only: enter the pairing code shown on the board")
    if backend.set_zones is None:
        return _error(404, "no camera zones: the camera reads cards in mode auto")
    try:
        backend.set_zones(await _read_json(request))
    except ActionError as exc:
        return _error(400, str(exc))
    return web.json_response({"ok": True})


async def _card_image(request: web.Request) -> web.StreamResponse:
    backend = request.app[BACKEND]
    try:
        code = parse_card(request.match_info["code"]).code
    except CardError as exc:
        return _error(404, str(exc))
    path = backend.deck_dir / f"{code}.png" if backend.deck_dir else None
    if path is None or not path.is_file():
        return _error(404, f"no image for {code}: the page draws the card itself")
    return web.FileResponse(path, headers={"Cache-Control": "max-age=86400"})


async def _action(request: web.Request) -> web.Response:
    backend = request.app[BACKEND]
    if not _may_act(request):
        return _error(403, "this page is read-only: enter the pairing code shown on the board")
    try:
        body = await _read_json(request)
        backend.act(body)
    except ActionError as exc:
        return _error(400, str(exc))
    except (ValueError, KeyError, TypeError) as exc:  # the engine's own refusals
        message = f"missing field {exc}" if isinstance(exc, KeyError) else str(exc)
        return _error(400, message)
    return web.json_response({"ok": True})


async def _pair(request: web.Request) -> web.Response:
    backend = request.app[BACKEND]
    try:
        body = await _read_json(request)
    except ActionError as exc:
        return _error(400, str(exc))
    if backend.pairing is None:
        return web.json_response({"ok": True, "paired": True})
    try:
        backend.pairing.check(body.get("code"))
    except PairingRefused as exc:
        response = _error(429 if exc.locked_for else 403, str(exc))
        if exc.locked_for:
            response.headers["Retry-After"] = str(round(exc.locked_for))
        return response
    token = secrets.token_urlsafe(24)
    backend.sessions.add(token)
    response = web.json_response({"ok": True, "paired": True})
    response.set_cookie(SESSION_COOKIE, token, httponly=True, samesite="Strict")
    return response


async def _events(request: web.Request) -> web.StreamResponse:
    backend = request.app[BACKEND]
    response = web.StreamResponse(
        headers={"Content-Type": "text/event-stream", "Cache-Control": "no-cache"}
    )
    await response.prepare(request)
    queue: asyncio.Queue[str] = asyncio.Queue(maxsize=4)
    backend.subscribers.add(queue)
    try:
        await response.write(f"data: {json.dumps(backend.snapshot())}\n\n".encode())
        while True:
            try:
                payload = await asyncio.wait_for(queue.get(), timeout=15)
            except TimeoutError:
                await response.write(b": keep-alive\n\n")
                continue
            await response.write(f"data: {payload}\n\n".encode())
    except (ConnectionResetError, asyncio.CancelledError):
        pass
    finally:
        backend.subscribers.discard(queue)
    return response


def make_app(backend: WebBackend) -> web.Application:
    app = web.Application(middlewares=[_guard], client_max_size=MAX_BODY)
    app[BACKEND] = backend
    app.router.add_get("/", _index)
    app.router.add_get("/api/state", _state)
    app.router.add_get("/api/board", _board)
    app.router.add_get("/api/events", _events)
    app.router.add_get("/cards/{code}.png", _card_image)
    app.router.add_get("/api/camera.jpg", _camera)
    app.router.add_get("/api/zones", _zones)
    app.router.add_post("/api/zones", _set_zones)
    app.router.add_post("/api/action", _action)
    app.router.add_post("/api/pair", _pair)
    app.router.add_static("/static", PAGE_DIR, show_index=False, follow_symlinks=False)
    return app


@contextlib.asynccontextmanager
async def serving(backend: WebBackend, host: str, port: int) -> AsyncIterator[str]:
    """Serve until the block ends; yields the page's URL (port 0 picks a free port)."""
    runner = web.AppRunner(make_app(backend), handle_signals=False, access_log=None,
                           shutdown_timeout=0.5)
    await runner.setup()
    site = web.TCPSite(runner, host, port)
    await site.start()
    sockets = getattr(site._server, "sockets", None) or []
    bound = sockets[0].getsockname()[1] if sockets else port
    shown_host = "127.0.0.1" if host in ("127.0.0.1", "0.0.0.0") else host
    try:
        yield f"http://{shown_host}:{bound}/"
    finally:
        await runner.cleanup()
