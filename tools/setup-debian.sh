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
  # text without fonts (core): bidi levels (FriBidi), grapheme clusters and line breaks
  # with Thai/Lao/Khmer/Burmese dictionaries (ICU)
  libfribidi-dev libicu-dev
  # core: SHA-256 of the program and config a kiosk reports in its fleet status (Nettle:
  # small, C, already on every Debian system as GnuTLS's crypto; no OpenSSL needed)
  nettle-dev
  # the kiosk's own words in de/fr/es: msgfmt compiles po/*.po at build time (gettext;
  # the messages are read by glibc's libintl, nothing more to link); xgettext for po/hallboard.pot
  gettext
  # kiosk: window, input, UI, images, QR codes, font lookup; the text engine: shaping
  # (HarfBuzz) over FreeType faces
  libsdl2-dev libimgui-dev libstb-dev libqrencode-dev libfontconfig-dev libharfbuzz-dev libfreetype-dev
  # kiosk under systemd: readiness after the first frame and the watchdog's ping
  # (sd_notify; libsystemd0 is on every Debian system); the panel switched off through
  # DRM's DPMS in quiet hours on KMS (libdrm2 comes with SDL and Mesa)
  libsystemd-dev libdrm-dev
  # kiosk: the outputs switched off under a wlroots Wayland compositor in quiet hours
  # (wlr-output-power-management); libwayland-client is opened at run time, only its
  # header is built against (libsdl2-dev pulls it in too)
  libwayland-dev
  # kiosk: the offline voice that reads a talk, a search's count and the idle warning
  # aloud (accessibility.speech): espeak-ng synthesises into memory, SDL audio plays it;
  # espeak-ng-data holds its voices (en, de, fr, es and more)
  libespeak-ng-dev espeak-ng-data
  # fonts: Latin/Greek/Cyrillic (Inter), Arabic, Hebrew, Devanagari, Thai and more
  # (Noto, 40 MB installed), CJK (Noto CJK, 90 MB), colour emoji (Noto Color Emoji, 10 MB:
  # flags, skin tones and ZWJ families as one picture, which Symbola cannot), symbols
  fonts-inter fonts-noto-core fonts-noto-cjk fonts-noto-color-emoji fonts-dejavu-core fonts-symbola
  # tests: unit tests, a virtual display for windowed smoke runs, schema validation,
  # clang with its sanitizer and libFuzzer runtimes for the fuzz smoke run
  catch2 xvfb xauth python3-jsonschema clang libclang-rt-14-dev
  # tests: the layout check (.clang-format, tools/check-format.sh)
  clang-format
  # tests: HarfBuzz's own hb-shape, the reference the text engine is compared with
  libharfbuzz-bin
  # tests: two Syncthing instances on loopback carry a program out and a kiosk's fleet
  # status back, as docs/deployment.md lays the folders out (about 15 s; the kiosk does
  # not link it)
  syncthing
  # system tests (CTest label `system`): the virtual Pi, a Debian 12 disk made by
  # mmdebstrap from these same apt sources and booted under QEMU (tools/vm/)
  mmdebstrap qemu-system-x86 e2fsprogs
  # tests: the deployment guide's offline time server, run as written on the loopback
  # with -x (chronyd never sets this machine's clock; see tests/binary/chrony-offline.sh)
  chrony
  # tests: quiet hours under Wayland (tests/binary/kiosk-wayland-power.sh): a headless sway
  # (wlroots: offers wlr-output-power-management; swaymsg reads its outputs' "dpms") is
  # asked to switch its output off; libwayland-server (libwayland-dev) plays a compositor
  # that confirms, refuses or offers nothing (tests/platform/test_wayland_power.cpp)
  sway
  # tests: a compositor without a seat (headless weston), where SDL 2.26's Wayland driver
  # crashes: the kiosk asks first (tests/binary/kiosk-seatless-wayland.sh)
  weston
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
# No service starts from this install (chrony's daemon would try to set the clock): a
# policy-rc.d that says no, for the install only, unless the machine has one already.
policy=""
if [ ! -e /usr/sbin/policy-rc.d ]; then
  policy=/usr/sbin/policy-rc.d
  printf '#!/bin/sh\nexit 101\n' | $sudo tee "$policy" >/dev/null
  $sudo chmod 755 "$policy"
  trap '$sudo rm -f "$policy"' EXIT
fi
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
