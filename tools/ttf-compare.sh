#!/usr/bin/env bash
# Renders the same lines with SDL2_ttf 2.20 and with Hallboard's text engine and
# compares both with HarfBuzz's hb-view and hb-shape (docs/architecture.md, "Why not
# SDL2_ttf"). Not part of the kiosk or of CI: SDL2_ttf is installed for this comparison
# only, and the kiosk never links it.
#   tools/ttf-compare.sh [OUTDIR]     (default: docs/ttf-compare)
# Installs what is missing first, as tools/setup-debian.sh does (apt-get, through sudo
# when not root; with everything present it changes nothing and needs no network):
# libsdl2-ttf-dev and libharfbuzz-bin. Then configures BUILD (default build-ttf;
# HALLBOARD_BUILD_DIR=build reuses a build) with -DHALLBOARD_TTF_COMPARE=ON, builds
# hallboard_ttf_compare, and runs it: OUTDIR/<case>.png and OUTDIR/report.txt.
# HALLBOARD_JOBS (default 2) sets the build's parallelism.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=${1:-$root/docs/ttf-compare}
build=${HALLBOARD_BUILD_DIR:-$root/build-ttf}
jobs=${HALLBOARD_JOBS:-2}

packages=(libsdl2-ttf-dev libharfbuzz-bin)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  echo "ttf-compare: installing ${missing[*]}"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends \
    -o DPkg::Lock::Timeout=600 "${missing[@]}"
fi

cmake -S "$root" -B "$build" -DHALLBOARD_TTF_COMPARE=ON > /dev/null
cmake --build "$build" -j"$jobs" --target hallboard_ttf_compare
mkdir -p "$out"
"$build/tools/ttf-compare/hallboard_ttf_compare" "$out" | tee "$out/report.txt"
