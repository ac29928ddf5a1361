"""What one check found: a status, what it saw, and what to do about it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Status = Literal["ok", "warn", "fail", "skip"]


@dataclass(frozen=True, slots=True)
class Result:
    check: str
    status: Status
    detail: str
    fix: str = ""
    """A command or step that mends a warning or failure; empty when nothing is wrong."""

    def to_json(self) -> dict[str, str]:
        return {"check": self.check, "status": self.status, "detail": self.detail,
                "fix": self.fix}


def ok(check: str, detail: str) -> Result:
    return Result(check, "ok", detail)


def warn(check: str, detail: str, fix: str) -> Result:
    return Result(check, "warn", detail, fix)


def fail(check: str, detail: str, fix: str) -> Result:
    return Result(check, "fail", detail, fix)


def skip(check: str, detail: str) -> Result:
    return Result(check, "skip", detail)
