"""One stream of input events, however many sources feed it.

The GPIO controls, the serial link from the microcontroller and the web page each `post`
events from their own thread; the table app reads them in arrival order with `get`. Nothing
is dropped: the queue is unbounded (a person pressing buttons cannot outrun the app).
"""

from __future__ import annotations

import queue
from collections.abc import Iterator

from pi_app.inputs.events import InputEvent, Source


class InputHub:
    """A thread-safe first-in, first-out merge of input events."""

    def __init__(self) -> None:
        self._queue: queue.SimpleQueue[InputEvent] = queue.SimpleQueue()

    def post(self, event: InputEvent) -> None:
        """Add an event; callable from any thread."""
        self._queue.put(event)

    def post_json(self, data: object, source: Source) -> InputEvent:
        """Add an event sent as JSON by the page or the microcontroller; a bad message raises
        `InputError` naming the bad field and adds nothing."""
        event = InputEvent.from_json(data, source=source)
        self.post(event)
        return event

    def get(self, timeout: float | None = None) -> InputEvent | None:
        """The next event, waiting up to `timeout` seconds (for ever if None); None if none came."""
        try:
            return self._queue.get(timeout=timeout)
        except queue.Empty:
            return None

    def drain(self) -> list[InputEvent]:
        """Every event waiting now, without blocking."""
        return list(self._pending())

    def _pending(self) -> Iterator[InputEvent]:
        while True:
            try:
                yield self._queue.get_nowait()
            except queue.Empty:
                return
