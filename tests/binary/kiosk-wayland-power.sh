#!/usr/bin/env bash
# Quiet hours under a Wayland compositor (#31.6). A kiosk in a window of a headless sway
# (wlroots: it offers wlr-output-power-management), SDL's wayland video driver, in blank
# quiet hours from 09:00 to 09:05 on a replay clock at ten times real speed from 09:00:
# the compositor's output must really be off (`swaymsg -t get_outputs`: "dpms": false,
# sway 1.7's field) and the status say "panel": "off"; an emergency renamed into place
# lights it (the takeover on screen, "dpms": true), its end switches it off again; after
# 09:05 it is on and the status says "on". Before the kiosk spoke the protocol the output
# stayed on and the status said "blank" ("a client cannot switch the output off").
# Then a headless weston (it offers no such protocol): the status says "blank" and why.
# `hallboard check --config` run beside each compositor says which it is.
#   tests/binary/kiosk-wayland-power.sh HALLBOARD SOURCE_DIR
set -euo pipefail
hallboard=$1
src=$(cd "$2" && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/hallboard-wayland-power-XXXXXX")
pid=
cpid=
cleanup() {
  [ -n "$pid" ] && kill "$pid" 2>/dev/null || true
  [ -n "$cpid" ] && kill "$cpid" 2>/dev/null || true
  wait 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
fail() {
  echo "FAIL: $*"
  echo "--- the kiosk's log:"; cat "$work/kiosk.log" 2>/dev/null || true
  echo "--- the compositor's log (last lines):"; tail -20 "$work/compositor.log" 2>/dev/null || true
  echo "0 passed, 1 failed"
  exit 1
}
command -v sway >/dev/null && command -v swaymsg >/dev/null ||
  { echo "kiosk-wayland-power: SKIPPED: no sway (tools/setup-debian.sh)"; exit 77; }
command -v weston >/dev/null || { echo "kiosk-wayland-power: SKIPPED: no weston (tools/setup-debian.sh)"; exit 77; }

# Each compositor gets a runtime folder of its own. sway refuses to run as root (it
# could not drop root): there it runs as nobody, in a folder nobody owns; the kiosk,
# as root, reaches its socket all the same.
chmod 755 "$work"
runtime="$work/runtime"
mkdir -m 700 "$runtime"
as_user=()
if [ "$(id -u)" = 0 ]; then
  chown nobody "$runtime"
  as_user=(setpriv --reuid=nobody --regid=nogroup --clear-groups)
fi
export XDG_RUNTIME_DIR="$runtime"
status="$work/status/wayland.status.json"
# Waits up to $2 seconds for the command $1 to succeed.
wait_for() {
  for _ in $(seq 1 $(( $2 * 10 ))); do eval "$1" && return 0; sleep 0.1; done
  return 1
}
status_says() { grep -q "\"panel\": \"$1\"" "$status" 2>/dev/null; }
dpms() { # sway's word on its one output: true or false
  swaymsg -s "$(ls "$runtime"/sway-ipc.*.sock)" -t get_outputs -r | sed -n 's/.*"dpms": \([a-z]*\).*/\1/p' | head -1
}
start_kiosk() { # $1: the kiosk's name in its status
  mkdir -p "$work/status"
  printf '{"program": "%s/data/mlsys2021.json", "venue": "%s/data/mlsys2021.venue.json",
    "here": {"point": "lobby-kiosk", "facing": "N"}, "overrides": "overrides.json",
    "clock": {"mode": "replay", "at": "2021-04-06T09:00", "speed": 10},
    "display": {"quiet_hours": {"from": "09:00", "to": "09:05", "action": "blank"}},
    "fleet": {"name": "%s", "status_dir": "status", "interval_seconds": 60}}\n' "$src" "$src" "$1" > "$work/kiosk.json"
  echo '{"announcements": []}' > "$work/overrides.json"
  SDL_VIDEODRIVER=wayland "$hallboard" run -c "$work/kiosk.json" --window --software --size 800x480 \
    --exit-after 120 --state-dir "$work/state-$1" > "$work/kiosk.log" 2>&1 &
  pid=$!
}
stop() { kill -TERM "$1" 2>/dev/null || true; wait "$1" 2>/dev/null || true; }

# --- sway ---
printf 'xwayland disable\n' > "$work/sway.config"
WLR_BACKENDS=headless WLR_RENDERER=pixman WLR_LIBINPUT_NO_DEVICES=1 \
  "${as_user[@]}" sway -c "$work/sway.config" > "$work/compositor.log" 2>&1 &
cpid=$!
wait_for 'ls "$runtime"/sway-ipc.*.sock >/dev/null 2>&1 && ls "$runtime"/wayland-? >/dev/null 2>&1' 20 ||
  fail "sway did not start"
export WAYLAND_DISPLAY
WAYLAND_DISPLAY=$(basename "$(ls "$runtime"/wayland-? | head -1)")
[ "$(dpms)" = true ] || fail "sway's output is not on before the kiosk: $(dpms)"

start_kiosk wayland
# `hallboard check` in the same session asks the compositor.
SDL_VIDEODRIVER=wayland "$hallboard" check --config "$work/kiosk.json" > "$work/check.out" 2>&1 || true
grep -q 'quiet hours 09:00-09:05, the outputs switched off (this compositor offers wlr-output-power-management)' \
  "$work/check.out" || fail "check under sway says: $(grep 'quiet hours' "$work/check.out")"
wait_for 'status_says off' 30 || fail "the status does not say off: $(cat "$status" 2>/dev/null)"
[ "$(dpms)" = false ] || fail "the status says off but sway's output is on (dpms $(dpms))"
grep -q 'first frame on screen' "$work/kiosk.log" || fail "no frame before the panel went off"
echo "kiosk-wayland-power: sway's output off in quiet hours (dpms false), the status says off"

# An emergency lights the quiet panel; its end switches it off again.
printf '{"emergency": {"title": "Fire alarm", "text": "Leave.", "kind": "evacuate", "drill": true}}\n' \
  > "$work/overrides.new.json"
mv "$work/overrides.new.json" "$work/overrides.json"
wait_for 'grep -q "emergency takeover on screen" "$work/kiosk.log"' 10 || fail "no takeover frame"
[ "$(dpms)" = true ] || fail "the takeover is on screen but sway's output is off"
wait_for 'status_says on' 5 || fail "the status does not say on under the takeover: $(cat "$status")"
echo '{"announcements": []}' > "$work/overrides.new.json"
mv "$work/overrides.new.json" "$work/overrides.json"
wait_for 'status_says off' 10 || fail "the panel is not off again after the emergency: $(cat "$status")"
[ "$(dpms)" = false ] || fail "the status says off after the emergency but sway's output is on"
echo "kiosk-wayland-power: the emergency lit the output (dpms true) and its end switched it off again"

# 09:05 on the replay clock: 30 s after the start.
wait_for 'status_says on' 40 || fail "the status does not say on after quiet hours: $(cat "$status")"
[ "$(dpms)" = true ] || fail "quiet hours are over but sway's output is off"
grep -q 'the panel is on again' "$work/kiosk.log" || fail "the kiosk did not log the panel on again"
stop "$pid"; pid=
stop "$cpid"; cpid=
echo "kiosk-wayland-power: sway's output on again after quiet hours (dpms true), the status says on"

# --- weston: no wlr-output-power-management ---
rm -rf "$work/status"
runtime="$work/runtime-weston"  # weston runs as whoever runs this
mkdir -m 700 "$runtime"
export XDG_RUNTIME_DIR="$runtime"
weston --backend=headless-backend.so --shell=kiosk-shell.so --socket=wayland-hb --idle-time=0 \
  > "$work/compositor.log" 2>&1 &
cpid=$!
wait_for '[ -S "$runtime/wayland-hb" ]' 20 || fail "weston did not start"
WAYLAND_DISPLAY=wayland-hb
start_kiosk weston
SDL_VIDEODRIVER=wayland "$hallboard" check --config "$work/kiosk.json" > "$work/check.out" 2>&1 || true
grep -q 'quiet hours 09:00-09:05, drawn black: this compositor does not offer wlr-output-power-management' \
  "$work/check.out" || fail "check under weston says: $(grep 'quiet hours' "$work/check.out")"
status="$work/status/weston.status.json"
wait_for 'status_says blank' 30 || fail "the status under weston does not say blank: $(cat "$status" 2>/dev/null)"
grep -q '"panel_note": "Wayland: the compositor does not offer wlr-output-power-management; drawn black"' \
  "$status" || fail "the status does not say why the panel is not off: $(cat "$status")"
stop "$pid"; pid=
echo "kiosk-wayland-power: under weston the status says blank and why"
echo "1 passed, 0 failed"
