"""Run the checks in order and present what they found, for people or for programs."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pi_app.app.config import Config, ConfigError, load_config
from pi_app.doctor.checks import CHECKS, Context
from pi_app.doctor.probe import Probe
from pi_app.doctor.result import Result, fail, ok, skip
from pi_app.inputs.pins import PinConfigError

__all__ = ["Report", "check_name", "run_checks"]

Loader = Callable[[Path | None], Config]
Progress = Callable[[str], None]

MARKS = {"ok": "ok", "warn": "WARN", "fail": "FAIL", "skip": "--"}


@dataclass
class Report:
    host: dict[str, Any]
    results: list[Result] = field(default_factory=list)

    @property
    def healthy(self) -> bool:
        """No check failed (warnings are worth reading but do not stop a game)."""
        return all(r.status != "fail" for r in self.results)

    def to_json(self) -> dict[str, Any]:
        return {"healthy": self.healthy, "host": self.host,
                "checks": [r.to_json() for r in self.results]}

    def text(self) -> str:
        width = max(len(r.check) for r in self.results)
        lines = [f"crib doctor on {self.host['model'] or 'a machine that is not a Pi'}"]
        for r in self.results:
            lines.append(f"  {MARKS[r.status]:<4}  {r.check:<{width}}  {r.detail}")
            if r.fix:
                lines.append(f"        {'':<{width}}  fix: {r.fix}")
        problems = sum(r.status == "fail" for r in self.results)
        lines.append("all good: deal the cards" if self.healthy else
                     f"{problems} problem{'s' if problems > 1 else ''} to fix (see fix: above)")
        return "\n".join(lines) + "\n"


def check_name(name: str) -> str:
    """A check's shown name from its function or a --skip argument: "strip route"."""
    return name.replace("_", " ").replace("-", " ").strip().lower()


def _config(path: Path | None, load: Loader) -> tuple[Result, Config | None]:
    try:
        config = load(path)
    except (ConfigError, PinConfigError) as exc:
        return fail("config", str(exc), "edit the file and key named, then rerun "
                    "`crib doctor`"), None
    where = ", ".join(config.sources) or "the defaults"
    return ok("config", f"{config.game.mode} {config.game.rules.name} for "
                        f"{len(config.game.players)}; strip {config.board.backend}, "
                        f"{config.board.led_count} LEDs; from {where}"), config


def run_checks(
    probe: Probe,
    config_path: Path | None = None,
    *,
    load: Loader = load_config,
    skip_checks: Iterable[str] = (),
    progress: Progress | None = None,
) -> Report:
    """Every check, in order; `skip_checks` names checks not to run ("strip-route")."""
    skipped = {check_name(name) for name in skip_checks}
    report = Report(probe.facts.to_json())
    first, config = _config(config_path, load)
    report.results.append(first)
    running = probe.service_active()
    report.results.append(ok("service", "crib.service is running") if running else
                          skip("service", "crib.service is not running"))
    for check in CHECKS:
        name = check_name(check.__name__)
        if progress is not None:
            progress(name)
        if name in skipped:
            report.results.append(skip(name, "skipped (--skip)"))
        elif config is None:
            report.results.append(skip(name, "needs a valid config"))
        else:
            report.results.append(check(Context(config, probe, running)))
    return report
