#!/usr/bin/env bash
# Set up (or refresh) the project's virtual environment in .venv: idempotent, safe to rerun.
#   scripts/bootstrap.sh          the app and its developer tools
#   scripts/bootstrap.sh --test   also the system packages the test suite drives (Debian)
set -euo pipefail
cd "$(dirname "$0")/.."

PYTHON=${PYTHON:-python3}
"$PYTHON" - <<'PY' || { echo "bootstrap: Python 3.11 or newer is needed" >&2; exit 1; }
import sys
sys.exit(sys.version_info < (3, 11))
PY

if [ ! -x .venv/bin/python ]; then
  "$PYTHON" -m venv .venv
fi
.venv/bin/python -m pip install --quiet --upgrade pip
.venv/bin/python -m pip install --quiet -c scripts/constraints.txt -e '.[dev]'

if [ "${1:-}" = "--test" ] && [ -f scripts/test-system-packages.txt ]; then
  missing=()
  while read -r pkg; do
    [ -z "$pkg" ] || [ "${pkg#\#}" != "$pkg" ] && continue
    dpkg -s "$pkg" >/dev/null 2>&1 || missing+=("$pkg")
  done < scripts/test-system-packages.txt
  if [ ${#missing[@]} -gt 0 ]; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
      apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
    else
      echo "bootstrap: tests that need ${missing[*]} will be skipped (install them with apt)" >&2
    fi
  fi
fi
