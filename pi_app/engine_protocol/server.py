"""Serve the engine protocol on text streams, one JSON object per line."""

from __future__ import annotations

import importlib
import json
import pkgutil
from collections.abc import Callable, Mapping
from typing import IO, Any

import pi_app.engine_protocol as package

Request = dict[str, Any]
Handler = Callable[[Request], Mapping[str, Any]]


class ProtocolError(ValueError):
    """A request the protocol cannot answer: the message says what and where."""


def load_ops() -> dict[str, Handler]:
    """Every op from the package's `ops_*` modules."""
    ops: dict[str, Handler] = {}
    for info in sorted(pkgutil.iter_modules(package.__path__), key=lambda m: m.name):
        if info.name.startswith("ops_"):
            module = importlib.import_module(f"{package.__name__}.{info.name}")
            for name, handler in module.OPS.items():
                if name in ops:
                    raise RuntimeError(f"op {name!r} is defined twice (again in {info.name})")
                ops[name] = handler
    return ops


class EngineSession:
    """One client's conversation: the ops, plus any state they keep between requests."""

    def __init__(self, ops: Mapping[str, Handler] | None = None) -> None:
        self.ops = dict(ops) if ops is not None else load_ops()

    def handle(self, line: str) -> dict[str, Any]:
        try:
            request = json.loads(line)
        except json.JSONDecodeError as exc:
            return {"ok": False, "error": f"not JSON: {exc.msg} at column {exc.colno}"}
        if not isinstance(request, dict):
            return {"ok": False, "error": "a request must be a JSON object"}
        op = request.get("op")
        reply: dict[str, Any] = {"id": request["id"]} if "id" in request else {}
        handler = self.ops.get(op) if isinstance(op, str) else None
        if handler is None:
            known = ", ".join(sorted(self.ops))
            return {**reply, "ok": False, "error": f"unknown op {op!r}; known ops: {known}"}
        try:
            result = handler(request)
        except (ValueError, KeyError, TypeError) as exc:
            message = f"missing field {exc}" if isinstance(exc, KeyError) else str(exc)
            return {**reply, "ok": False, "error": f"{op}: {message}"}
        return {**reply, "ok": True, **result}

    def serve(self, stdin: IO[str], stdout: IO[str]) -> None:
        """Answer every non-blank line until end of input; a bad request never stops the loop."""
        for line in stdin:
            if line.strip():
                stdout.write(json.dumps(self.handle(line)) + "\n")
                stdout.flush()
