#!/usr/bin/env bash
# Installs the Debian 12 packages Hallboard builds and runs with. Idempotent: when
# everything is already installed it changes nothing and needs no network.
set -euo pipefail

packages=(
  # toolchain
  build-essential cmake pkg-config
  # core: JSON, time zones (Howard Hinnant's date/tz over the system tzdata),
  # XML for frab imports, command line
  nlohmann-json3-dev libhowardhinnant-date-dev tzdata libpugixml-dev libcli11-dev
  # kiosk: window, input, display type, UI, images, QR codes, font lookup
  libsdl2-dev libsdl2-ttf-dev libimgui-dev libstb-dev libqrencode-dev libfontconfig-dev
  # fonts: Latin/Greek/Cyrillic display type, wide script coverage, CJK, symbols and emoji
  fonts-inter fonts-noto-core fonts-noto-cjk fonts-dejavu-core fonts-symbola
  # tests: unit tests, a virtual display for windowed smoke runs, schema validation,
  # clang with its sanitizer and libFuzzer runtimes for the fuzz smoke run
  catch2 xvfb xauth python3-jsonschema clang libclang-rt-14-dev
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "setup-debian: all ${#packages[@]} packages present"
  exit 0
fi

sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
echo "setup-debian: installing ${missing[*]}"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
