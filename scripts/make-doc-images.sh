#!/usr/bin/env bash
# Regenerate docs/images/ from the software itself, never by hand: board pictures drawn by
# `crib board render --png` from the hw/ layouts, and the simulator's page as Chromium shows it.
#
#   scripts/make-doc-images.sh [--board-only] [OUT]     (OUT defaults to docs/images)
#
# Rerun after changing the board renderer, a layout, or the page; commit the PNGs it writes.
set -euo pipefail
cd "$(dirname "$0")/.."
CRIB=${CRIB:-.venv/bin/crib}
PYTHON=${PYTHON:-.venv/bin/python}
BOARD_ONLY=0
if [ "${1:-}" = "--board-only" ]; then BOARD_ONLY=1; shift; fi
OUT=${1:-docs/images}
mkdir -p "$OUT"

render() {
  local name=$1; shift
  echo "make-doc-images: $OUT/$name" >&2
  "$CRIB" board render "$@" --png "$OUT/$name" > /dev/null
}

# Two players mid-game: front and back pegs, North dealt, South to play.
render board-midgame.png --score 0=37 --back 0=29 --score 1=52 --back 1=44 --dealer 0 --turn 1
# North pegs out at 121 with South short of the skunk line (91): a skunk; games won below.
render board-skunk.png --score 0=121 --back 0=112 --score 1=84 --back 1=80 --games 0=2 \
  --games 1=1 --go 1
# Three players on the three-track board.
render board-three-players.png --score 0=15 --back 0=9 --score 1=22 --back 1=14 \
  --score 2=8 --back 2=4 --dealer 2 --turn 0
# The two-track board (two players, or partners in four-hand).
render board-two-track.png --layout hw/layout-144-2track.toml --score 0=66 --back 0=60 \
  --score 1=71 --back 1=62 --turn 0

if [ "$BOARD_ONLY" = 0 ]; then
  "$PYTHON" scripts/doc_screenshots.py "$OUT"
fi
