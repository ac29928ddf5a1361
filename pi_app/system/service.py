"""Running the table app as a systemd service (`Type=notify`), or just in a terminal.

`crib start` hands its built app here in one line:

    run_service(app, host, config.web.port, on_ready=ready)

It serves the page until SIGTERM or SIGINT, tells systemd READY=1 once the page is up, pings
the watchdog while the event loop keeps turning (a hung loop stops the pings and systemd
restarts the app, which resumes the stored game), and on the way out says STOPPING=1, blanks
the strip and closes the game log. Outside systemd the notifications are no-ops.
"""

from __future__ import annotations

import asyncio
import inspect
import time
from collections.abc import Awaitable, Callable, Mapping

from pi_app.app.runtime import TableApp, serve
from pi_app.system.sdnotify import Watchdog, notify, watchdog_interval

__all__ = ["run_service"]

OnReady = Callable[[str], Awaitable[None] | None]


async def _turning(stamp: list[float], every: float) -> None:
    """Record that the event loop is still running callbacks: the watchdog's health."""
    while True:
        stamp[0] = time.monotonic()
        await asyncio.sleep(every)


async def _supervised(app: TableApp, host: str, port: int, on_ready: OnReady | None,
                      env: Mapping[str, str] | None) -> None:
    environ = dict(env) if env is not None else None
    interval = watchdog_interval(environ)
    dog: Watchdog | None = None
    turning: asyncio.Task[None] | None = None
    if interval is not None:
        stamp = [time.monotonic()]
        turning = asyncio.create_task(_turning(stamp, interval / 2))
        dog = Watchdog(interval, lambda: time.monotonic() - stamp[0] < interval,
                       lambda state: notify(state, env=environ))

    async def ready(url: str) -> None:
        notify("READY=1", env=environ)
        notify(f"STATUS=serving the table page at {url}", env=environ)
        if dog is not None:  # systemd counts from READY=1
            dog.start()
        if on_ready is not None:
            result = on_ready(url)
            if inspect.isawaitable(result):
                await result

    try:
        await serve(app, host, port, on_ready=ready)
    finally:
        notify("STOPPING=1", env=environ)
        if dog is not None:
            dog.stop()
        if turning is not None:
            turning.cancel()


def run_service(app: TableApp, host: str, port: int, *, on_ready: OnReady | None = None,
                env: Mapping[str, str] | None = None) -> None:
    """Serve `app` until SIGTERM/SIGINT, with systemd's notifications; always close the app
    (strip blanked, game log closed), however serving ended. `env` stands in for os.environ."""
    try:
        asyncio.run(_supervised(app, host, port, on_ready, env))
    finally:
        app.close()
        notify("STATUS=stopped: strip blanked, game log closed",
               env=dict(env) if env is not None else None)
