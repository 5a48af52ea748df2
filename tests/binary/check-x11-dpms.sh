#!/usr/bin/env bash
# `hallboard check --config` under X11 asks the X server whether it can switch its display
# off for blank quiet hours, as the kiosk's X11 path does (DPMSQueryExtension,
# DPMSCapable): under Xvfb, which has no DPMS extension, it must say the screen will be
# drawn black and why, not promise the display switched off (it did, from $DISPLAY
# alone). The X server with DPMS (Xorg, modesetting) is the virtual Pi's step x11-dpms.
#   tests/binary/check-x11-dpms.sh HALLBOARD SOURCE_DIR
set -euo pipefail
hallboard=$1
src=$(cd "$2" && pwd)
. "$(dirname "$0")/lib.sh"
command -v Xvfb >/dev/null || { echo "check-x11-dpms: SKIPPED: no Xvfb (tools/setup-debian.sh)"; exit 77; }
make_work --counts
fail_logs="$work/xvfb.log"
start_xvfb 800x480x24
printf '{"program": "%s/data/mlsys2021.json",
  "display": {"quiet_hours": {"from": "22:00", "to": "07:00", "action": "blank"}, "cec": "off"}}\n' "$src" \
  > "$work/kiosk.json"
out=$(env -u WAYLAND_DISPLAY -u SDL_VIDEODRIVER DISPLAY="$display" "$hallboard" check --config "$work/kiosk.json" 2>&1) || true
echo "$out" | grep 'quiet hours' || true
want="  quiet hours 22:00-07:00, drawn black: the X server on $display has no DPMS extension"
if echo "$out" | grep -qF "$want"; then
  echo "check-x11-dpms: under Xvfb ($display) check says the display is drawn black, and why"
  echo "1 passed, 0 failed"
else
  fail "expected \"$want\" in:
$out"
fi
