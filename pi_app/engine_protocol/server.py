"""Serve the engine protocol on text streams, one JSON object per line.

Also the small field readers every `ops_*` module uses, so each op checks its request the
same way and every error names the field at fault.
"""

from __future__ import annotations

import importlib
import json
import pkgutil
import sys
import traceback
from collections.abc import Callable, Mapping
from typing import IO, Any

import pi_app.engine_protocol as package
from pi_app.engine import Card, parse_card, parse_cards

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


def card_field(request: Request, field: str) -> Card:
    """One card, given as text such as "5H"."""
    if field not in request:
        raise ProtocolError(f"missing field {field!r}: expected a card such as \"5H\"")
    value = request[field]
    if not isinstance(value, str):
        raise ProtocolError(f"{field}: expected a card such as \"5H\", not {json.dumps(value)}")
    try:
        return parse_card(value)
    except ValueError as exc:
        raise ProtocolError(f"{field}: {exc}") from None


def cards_field(request: Request, field: str) -> list[Card]:
    """A list of distinct cards, given as texts such as ["5H", "JD"]."""
    if field not in request:
        raise ProtocolError(f"missing field {field!r}: expected a list of cards such as [\"5H\"]")
    value = request[field]
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ProtocolError(
            f"{field}: expected a list of cards such as [\"5H\", \"JD\"], not {json.dumps(value)}"
        )
    try:
        return parse_cards(value)
    except ValueError as exc:
        raise ProtocolError(f"{field}: {exc}") from None


def flag_field(request: Request, field: str) -> bool:
    """An optional true/false switch, false when absent."""
    value = request.get(field, False)
    if not isinstance(value, bool):
        raise ProtocolError(f"{field}: expected true or false, not {json.dumps(value)}")
    return value


class EngineSession:
    """One client's conversation: the ops, plus any state they keep between requests."""

    def __init__(self, ops: Mapping[str, Handler] | None = None) -> None:
        self.ops = dict(ops) if ops is not None else load_ops()
        self.requests = 0
        """Requests handled so far, so an unreadable one can be named by its number."""

    def handle(self, line: str) -> dict[str, Any]:
        """Answer one request line. Never raises: every failure becomes `"ok": false`."""
        self.requests += 1
        try:
            request = json.loads(line)
        except json.JSONDecodeError as exc:
            where = f"request {self.requests}, column {exc.colno}"
            return {"ok": False, "error": f"not JSON: {exc.msg} ({where})"}
        except (ValueError, RecursionError) as exc:  # a 5,000-digit number, nesting too deep
            return {"ok": False, "error": f"request {self.requests}: unreadable JSON: {exc}"}
        if not isinstance(request, dict):
            shown = json.dumps(request)[:40]
            error = f"request {self.requests}: expected a JSON object, not {shown}"
            return {"ok": False, "error": error}
        op = request.get("op")
        reply: dict[str, Any] = {"id": request["id"]} if "id" in request else {}
        handler = self.ops.get(op) if isinstance(op, str) else None
        if handler is None:
            known = ", ".join(sorted(self.ops))
            what = "missing field 'op'" if op is None else f"unknown op {json.dumps(op)}"
            return {**reply, "ok": False, "error": f"{what}; known ops: {known}"}
        try:
            result = handler(request)
        except (ValueError, KeyError, TypeError) as exc:
            message = f"missing field {exc}" if isinstance(exc, KeyError) else str(exc)
            return {**reply, "ok": False, "error": f"{op}: {message}"}
        except Exception as exc:  # a bug in an op must not end every client's session
            traceback.print_exc(file=sys.stderr)
            return {**reply, "ok": False, "error": f"{op}: internal error: {exc!r}"}
        return {**reply, "ok": True, **result}

    def serve(self, stdin: IO[str], stdout: IO[str]) -> None:
        """Answer every non-blank line until end of input; a bad request never stops the loop."""
        for line in stdin:
            if line.strip():
                stdout.write(json.dumps(self.handle(line)) + "\n")
                stdout.flush()
