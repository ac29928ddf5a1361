"""`crib doctor`: check the table's hardware and settings, and say what to fix.

Each check is a small function of the configuration and a `Probe` (the world it looks at:
the host's facts, the strip opener, the camera, the pins, the commands on the PATH), so the
tests run every check against fakes and the Pi runs them against the real thing.
"""

from pi_app.doctor.checks import CHECKS
from pi_app.doctor.probe import Probe
from pi_app.doctor.report import Report, run_checks
from pi_app.doctor.result import Result, Status

__all__ = ["CHECKS", "Probe", "Report", "Result", "Status", "run_checks"]
