#!/usr/bin/env bash
# The kiosk beside a Chromium kiosk window on the same day, in one run (issue 15):
#   tools/bench-footprint.sh [BINARY] [--warmup S] [--seconds S] [--keep DIR] [--only SUBJECT]...
#   tools/bench-footprint.sh [BINARY] --touch   (touch to screen at 1280x720 and 800x480, software)
# BINARY is the built kiosk (default build/hallboard); nothing is built here. Three
# subjects, one after another, each on its own 1920x1080 Xvfb display with the same
# durations (10 s warm-up, 30 s measured): `hallboard run --software --window`,
# `hallboard run --window` (the GL path) and `chromium --kiosk` (not headless) on an HTML
# page of the same schedule cross-fading every 5 s. Prints PSS (peak and end, the whole
# process tree) and CPU (utime+stime of the tree over the measured window), and exits 1
# when a goal is missed: kiosk PSS <= 1/10 of Chromium's, kiosk CPU in software <= 1/5 of
# Chromium's, the GL path no worse than software. See tools/bench_footprint.py.
#
# Installs what it needs for itself only, when missing: Xvfb and Debian's chromium
# (apt-get, through sudo when not root). They are not part of tools/setup-debian.sh or
# the README's install commands: the kiosk needs neither.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)

binary="$root/build/hallboard"
if [ $# -gt 0 ] && [ "${1#-}" = "$1" ]; then binary=$1; shift; fi

missing=()
command -v Xvfb >/dev/null || missing+=(xvfb)
command -v chromium >/dev/null || missing+=(chromium)
if [ ${#missing[@]} -gt 0 ]; then
  sudo=()
  [ "$(id -u)" -eq 0 ] || sudo=(sudo)
  echo "bench-footprint: installing ${missing[*]} for this bench" >&2
  "${sudo[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

exec python3 "$root/tools/bench_footprint.py" "$binary" "$@"
