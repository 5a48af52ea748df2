#!/usr/bin/env bash
# The emergency's wake in a desktop window (#31.6): a kiosk in an X11 window (Xvfb, SDL's
# x11 video driver, where SDL's own wait sleeps and cannot watch the file watch's
# descriptor) is shown an overrides file with an evacuation renamed into place, five
# times. The takeover's first frame must reach the screen within 300 ms of the rename,
# median of the five: the rename itself wakes the loop (measured 19-60 ms, median 34).
# Before the waiter's watching thread the loop saw it only at its next wake, at least
# once a second (measured 698-830 ms, median 777, on the same machine): this fails there.
# The issue's target is 1 s. Each round's time is printed. Blank quiet hours all day:
# Xvfb has no DPMS extension, so the status says "blank" and why, not "off".
#   tests/binary/kiosk-emergency-window.sh HALLBOARD SOURCE_DIR
set -euo pipefail
hallboard=$1
src=$(cd "$2" && pwd)
. "$(dirname "$0")/lib.sh"
command -v Xvfb >/dev/null || { echo "kiosk-emergency-window: SKIPPED: no Xvfb (tools/setup-debian.sh)"; exit 77; }
make_work --counts
kill_at_exit pid

start_xvfb 1024x768x24
export DISPLAY="$display"
export SDL_VIDEODRIVER=x11

echo '{"announcements": []}' > "$work/overrides.json"
printf '{"program": "%s/data/mlsys2021.json", "venue": "%s/data/mlsys2021.venue.json",
  "here": {"point": "lobby-kiosk", "facing": "N"}, "overrides": "overrides.json",
  "clock": {"mode": "fixed", "at": "2021-04-06T09:45"},
  "display": {"quiet_hours": {"from": "00:00", "to": "23:59", "action": "blank"}},
  "fleet": {"name": "window", "status_dir": "status", "interval_seconds": 60}}\n' "$src" "$src" > "$work/kiosk.json"
mkdir -p "$work/status"
start_kiosk run -c "$work/kiosk.json" --window --software --size 800x480 --exit-after 90 \
  --state-dir "$work/state"
wait_log 'first frame on screen' 30 || fail "no first frame"
status="$work/status/window.status.json"
wait_log '"panel": "blank"' 5 1 "$status" || true
grep -q '"panel": "blank"' "$status" || fail "the status does not say blank: $(cat "$status" 2>/dev/null)"
grep -q '"panel_note": "X11: the X server has no DPMS extension; drawn black"' "$status" ||
  fail "the status does not say why the panel is not off: $(cat "$status")"

times=()
for round in 1 2 3 4 5; do
  sleep 1.3  # the kiosk asleep in SDL's wait, as it is when an emergency comes
  printf '{"emergency": {"title": "Fire alarm %s", "text": "Leave.", "kind": "evacuate", "drill": true}}\n' \
    "$round" > "$work/overrides.new.json"
  renamed=$(now_ms)
  mv "$work/overrides.new.json" "$work/overrides.json"
  wait_log 'emergency takeover on screen' 10 "$round" || fail "round $round: no takeover frame within 10 s"
  shown=$(sed -n 's/.*emergency takeover on screen (evacuate, drill) at \([0-9]*\) ms.*/\1/p' "$kiosk_log" |
    sed -n "${round}p")
  times+=($(( shown - renamed )))
  echo '{"announcements": []}' > "$work/overrides.new.json"
  mv "$work/overrides.new.json" "$work/overrides.json"
  wait_log 'emergency taken out of' 10 "$round" || fail "round $round: the emergency was not taken out"
done
grep -q 'renderer' "$kiosk_log" || fail "the kiosk never logged its renderer"
kill -TERM "$pid"; wait "$pid" || true; pid=
median=$(printf '%s\n' "${times[@]}" | sort -n | sed -n 3p)
echo "kiosk-emergency-window: rename -> takeover frame in an X11 window (Xvfb): ${times[*]} ms, median ${median} ms"
[ "$median" -le 300 ] || fail "the median ${median} ms is over 300 ms: the rename did not wake the loop"
echo "kiosk-emergency-window: takeover within 300 ms of the rename in a window"
echo "1 passed, 0 failed"
