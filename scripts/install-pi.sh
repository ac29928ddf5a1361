#!/usr/bin/env bash
# Install Cribbage Companion as a service on Raspberry Pi OS (Bookworm or newer). Idempotent:
# rerun it after `git pull` to upgrade; it changes only what differs, and keeps your config.
#
#   sudo scripts/install-pi.sh [--strip pwm|spi|pico] [--layout FILE] [--dry-run]
#
# --strip chooses how the LEDs are driven (default: detected; a Pico on USB wins):
#   pwm   rpi_ws281x on GPIO18 (Pi 4 and older; runs as root, turns off onboard analogue audio)
#   spi   the SPI bus on GPIO10 (any Pi, Pi 5 included; no root)
#   pico  a Raspberry Pi Pico on USB drives the strip (any Pi; see firmware/ and `crib firmware`)
# --layout is the board's layout file (default hw/layout-144.toml), copied to /etc/crib.
# --dry-run prints every action instead of doing it.
# CRIB_ROOT=/some/dir installs into that folder as if it were / (used by the tests);
# CRIB_PYTHON names the Python that runs the hardware detection (default: the app's venv).
set -euo pipefail

SRC=$(cd "$(dirname "$0")/.." && pwd)
ROOT=${CRIB_ROOT:-}
PREFIX=/opt/crib
ETC=/etc/crib
STATE=/var/lib/crib
UNIT=/etc/systemd/system/crib.service
BOOT_CONFIG=$ROOT/boot/firmware/config.txt
[ -f "$BOOT_CONFIG" ] || BOOT_CONFIG=$ROOT/boot/config.txt
STRIP=""
LAYOUT=$SRC/hw/layout-144.toml
DRY_RUN=0
REBOOT=0

while [ $# -gt 0 ]; do
  case "$1" in
    --strip) STRIP=${2:?--strip needs pwm, spi or pico}; shift 2 ;;
    --layout) LAYOUT=${2:?--layout needs a file}; shift 2 ;;
    --dry-run) DRY_RUN=1; shift ;;
    -h|--help) sed -n '2,16p' "$0"; exit 0 ;;
    *) echo "install-pi: unknown option $1 (see --help)" >&2; exit 2 ;;
  esac
done

say() { echo "install-pi: $*"; }
fail() { echo "install-pi: $*" >&2; exit 2; }
run() {
  if [ "$DRY_RUN" = 1 ]; then echo "would run: $*"; else "$@"; fi
}
# real_system: the live machine, not a CRIB_ROOT folder (packages, users and systemd only then).
real_system() { [ -z "$ROOT" ]; }

# put CONTENT_FILE at DEST (under ROOT) unless it is already there, byte for byte.
put() {
  local content=$1 dest=$ROOT$2
  if [ -f "$dest" ] && cmp -s "$content" "$dest"; then say "unchanged: $2"; return; fi
  if [ "$DRY_RUN" = 1 ]; then echo "would write: $2"; return; fi
  mkdir -p "$(dirname "$dest")"
  cp "$content" "$dest"
  say "wrote: $2"
}

# ensure_boot_setting KEY=VALUE: set a dtparam line in config.txt (other values of KEY replaced).
ensure_boot_setting() {
  local setting=$1 key=${1%%=*}
  [ -f "$BOOT_CONFIG" ] || { say "no config.txt under $ROOT/boot: set $setting yourself"; return; }
  grep -qx "$setting" "$BOOT_CONFIG" && return
  if [ "$DRY_RUN" = 1 ]; then echo "would set $setting in $BOOT_CONFIG"; return; fi
  sed -i "/^${key}=/d" "$BOOT_CONFIG"
  echo "$setting" >> "$BOOT_CONFIG"
  say "set $setting in ${BOOT_CONFIG#"$ROOT"}"
  REBOOT=1
}

[ -f "$LAYOUT" ] || fail "--layout $LAYOUT: no such file"
case "$STRIP" in ""|pwm|spi|pico) ;; *) fail "--strip must be pwm, spi or pico, not $STRIP" ;; esac
if real_system && [ "$DRY_RUN" = 0 ] && [ "$(id -u)" != 0 ]; then
  echo "install-pi: run as root (sudo), or with --dry-run to see what it would do" >&2
  exit 1
fi
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

# 1. System packages. OpenCV and numpy come from the OS so picamera2 keeps the numpy it was
#    built for; the venv sees them through --system-site-packages.
if real_system; then
  APT_PACKAGES=(python3-venv python3-pip python3-dev gcc python3-numpy python3-opencv
                python3-lgpio espeak-ng)
  if apt-cache show python3-picamera2 >/dev/null 2>&1; then APT_PACKAGES+=(python3-picamera2); fi
  run apt-get update -qq
  run env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${APT_PACKAGES[@]}"
fi

# 2. The app in a venv that can see the OS's picamera2, OpenCV and numpy; numpy is pinned to
#    the OS version so pip never replaces it with one picamera2 was not built for.
if real_system; then
  [ -x "$PREFIX/venv/bin/python" ] || run python3 -m venv --system-site-packages "$PREFIX/venv"
  numpy_version=$(python3 -c 'import numpy; print(numpy.__version__)' 2>/dev/null || true)
  constraints=$WORK/constraints.txt
  if [ -n "$numpy_version" ]; then echo "numpy==$numpy_version" > "$constraints"
  else : > "$constraints"; fi
  run "$PREFIX/venv/bin/pip" install --quiet --upgrade -c "$constraints" "$SRC[pi]"
fi

# 3. What this Pi is, and how the strip is driven (pi_app/system/hardware.py decides).
PYTHON=${CRIB_PYTHON:-}
if [ -z "$PYTHON" ]; then
  if [ -x "$PREFIX/venv/bin/python" ]; then PYTHON=$PREFIX/venv/bin/python
  else PYTHON=python3; export PYTHONPATH=$SRC${PYTHONPATH:+:$PYTHONPATH}; fi
fi
hardware() { "$PYTHON" -m pi_app.system.hardware --root "${ROOT:-/}" "$@"; }
MODEL=$(hardware --get model)
[ -n "$STRIP" ] || STRIP=$(hardware --get strip)
CAMERA=$(hardware --get camera)
if [ "$STRIP" = pwm ] && [ "$(hardware --get generation)" -ge 5 ] 2>/dev/null; then
  fail "a Raspberry Pi 5 cannot drive the strip by PWM (rpi_ws281x does not support it): use --strip spi or --strip pico"
fi
say "board: $MODEL; LED strip driven by: $STRIP; camera: $CAMERA"

case "$STRIP" in
  pwm)  BACKEND=ws281x;   URL="";     CHAIN_OPTIONS="";               SERVICE_USER=root ;;
  spi)  BACKEND=neopixel; URL="";     CHAIN_OPTIONS="{ spi = true }"; SERVICE_USER=crib ;;
  pico) BACKEND=serial;   URL="auto"; CHAIN_OPTIONS="";               SERVICE_USER=crib ;;
esac

# 4. Interfaces the strip needs (a reboot applies them).
[ "$STRIP" = spi ] && ensure_boot_setting dtparam=spi=on
[ "$STRIP" = pwm ] && ensure_boot_setting dtparam=audio=off   # it shares the strip's PWM

# 5. The service user: only the groups the hardware needs, no login.
if real_system; then
  id crib >/dev/null 2>&1 || run useradd --system --home-dir "$STATE" --shell /usr/sbin/nologin crib
  for group in gpio video dialout spi audio render; do
    if getent group "$group" >/dev/null && ! id -nG crib 2>/dev/null | grep -qw "$group"; then
      run usermod -aG "$group" crib
    fi
  done
fi

# 6. The board layout and the configuration: written once, then they are the owner's.
if [ -f "$ROOT$ETC/layout.toml" ]; then say "kept: $ETC/layout.toml (yours)"
else
  if [ -n "$CHAIN_OPTIONS" ] && grep -q '^options' "$LAYOUT"; then
    fail "$LAYOUT already sets chain options; add $CHAIN_OPTIONS to each chain yourself"
  fi
  awk -v opts="$CHAIN_OPTIONS" '
    /^\[\[chains\]\]/ { chain = 1 } /^\[/ && !/^\[\[chains\]\]/ { chain = 0 }
    { print } chain && /^length *=/ && opts != "" { print "options = " opts }
  ' "$LAYOUT" > "$WORK/layout.toml"
  put "$WORK/layout.toml" "$ETC/layout.toml"
fi
if [ -f "$ROOT$ETC/config.toml" ]; then say "kept: $ETC/config.toml (yours)"
else
  sed -e "s|@BACKEND@|$BACKEND|" -e "s|@URL@|$URL|" -e "s|@CAMERA@|$CAMERA|" \
      -e "s|@LAYOUT@|$ETC/layout.toml|" -e "s|@STATE@|$STATE|" -e "s|@STRIP@|$STRIP|" \
      "$SRC/deploy/config.toml.in" > "$WORK/config.toml"
  put "$WORK/config.toml" "$ETC/config.toml"
fi

# 7. The systemd unit (always ours: rewritten when the template changes).
sed -e "s|@USER@|$SERVICE_USER|" -e "s|@PREFIX@|$PREFIX|" -e "s|@ETC@|$ETC|" \
    -e "s|@STATE@|$STATE|" "$SRC/deploy/crib.service.in" > "$WORK/crib.service"
put "$WORK/crib.service" "$UNIT"
if [ "$DRY_RUN" = 0 ]; then mkdir -p "$ROOT$STATE"; fi

if real_system; then
  run chown -R crib:crib "$STATE"
  run systemctl daemon-reload
  run systemctl enable crib.service
  run systemctl restart crib.service
  say "installed. Check the hardware (the service holds it, so stop it first):"
  say "  sudo systemctl stop crib; sudo -u $SERVICE_USER $PREFIX/venv/bin/crib doctor; sudo systemctl start crib"
else
  say "installed into $ROOT"
fi
[ "$REBOOT" = 0 ] || say "reboot to apply the config.txt changes: sudo reboot"
