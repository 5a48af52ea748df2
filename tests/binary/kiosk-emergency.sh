#!/usr/bin/env bash
# The emergency takeover under a running kiosk (#31.1): a headless kiosk (SDL's dummy
# video driver, software renderer) in blank quiet hours, on the sample with its venue and
# a screen placed in the lobby, is shown an overrides file with an evacuation renamed into
# place. Its log must say the takeover's first frame reached the screen (logged after the
# frame was presented, with its wall-clock time: the time from the rename is printed), its
# status file must say "emergency" shown since when, `hallboard fleet` must print it, and
# a screenshot of the same files at that time must be the takeover (red). Then the
# emergency is taken out of the file and the kiosk goes back (the log says so).
#   tests/binary/kiosk-emergency.sh HALLBOARD SOURCE_DIR
# A cross-built HALLBOARD runs under $HALLBOARD_EMULATOR (qemu-user; empty natively).
set -euo pipefail
hallboard=$1
src=$(cd "$2" && pwd)
. "$(dirname "$0")/lib.sh"
make_work --counts
kill_at_exit pid
export SDL_VIDEODRIVER=dummy

mkdir -p "$work/status"
echo '{"announcements": []}' > "$work/overrides.json"
# Quiet hours all day, blank: the takeover must light the screen all the same.
printf '{"program": "%s/data/mlsys2021.json", "venue": "%s/data/mlsys2021.venue.json",
  "here": {"point": "lobby-kiosk", "facing": "N"}, "overrides": "overrides.json",
  "clock": {"mode": "fixed", "at": "2021-04-06T09:45"},
  "display": {"quiet_hours": {"from": "00:00", "to": "23:59", "action": "blank"}},
  "fleet": {"name": "lobby", "status_dir": "status", "interval_seconds": 60}}\n' "$src" "$src" > "$work/kiosk.json"
start_kiosk run -c "$work/kiosk.json" --window --software --size 800x480 --exit-after 60 --state-dir "$work/state"
wait_log 'first frame on screen' 30 || fail "no first frame"
sleep 1  # the kiosk asleep in its wait, as it is when an emergency comes

cat > "$work/overrides.new.json" <<'JSON'
{"announcements": [],
 "emergency": {"title": "Fire alarm: leave the building", "text": "Walk, do not run.", "kind": "evacuate", "drill": true}}
JSON
renamed=$(now_ms)
mv "$work/overrides.new.json" "$work/overrides.json"
wait_log 'emergency takeover on screen' 10 || fail "no takeover frame within 10 s of the rename"
shown=$(sed -n 's/.*emergency takeover on screen (evacuate, drill) at \([0-9]*\) ms.*/\1/p' "$kiosk_log" | head -1)
[ -n "$shown" ] || fail "the takeover's line does not say its kind, drill and time"
latency=$(( shown - renamed ))

# The fleet status says so (written at once: it changed).
wait_log '"emergency": {' 5 1 "$work/status/lobby.status.json" || true
grep -q '"kind": "evacuate"' "$work/status/lobby.status.json" || fail "the status file does not name the emergency: $(cat "$work/status/lobby.status.json")"
grep -q '"page": "emergency"' "$work/status/lobby.status.json" || fail "the status file's page is not the emergency"
fleet=$(${HALLBOARD_EMULATOR:-} "$hallboard" fleet "$work/status" 2>&1 || true)
grep -q 'emergency shown since .* (evacuate, drill): Fire alarm: leave the building' <<<"$fleet" || fail "hallboard fleet does not say it: $fleet"

# What that frame is: the same files drawn headless are the red takeover, not black.
${HALLBOARD_EMULATOR:-} "$hallboard" screenshot -c "$work/kiosk.json" --at 2021-04-06T09:45 --size 800x480 \
  -o "$work/shot.png" --layout "$work/layout.json" > "$work/shot.log" 2>&1 || fail "screenshot: $(cat "$work/shot.log")"
grep -q '"page": "emergency"' "$work/layout.json" || fail "the screenshot is not the takeover: $(head -c 600 "$work/layout.json")"
grep -q 'Nearest exit' "$work/layout.json" || fail "the screenshot shows no way to the nearest exit"

# A mistake in the emergency is said once a change, not by each path that reads it (the
# fast read at the rename, the read when the change has settled, the whole reload).
reloads() { grep -c 'hallboard: reloaded' "$kiosk_log" || true; }
wait_log 'hallboard: reloaded' 5 || true
before=$(reloads)
cat > "$work/overrides.new.json" <<'JSON'
{"announcements": [],
 "emergency": {"title": "Flood in the basement", "text": "Stay upstairs.", "kind": "flood"}}
JSON
mv "$work/overrides.new.json" "$work/overrides.json"
wait_log 'hallboard: reloaded' 10 $((before + 1)) || fail "no reload after the second emergency"
sleep 1.5  # anything a late read would add
said=$(grep -c 'unknown kind "flood"' "$kiosk_log" || true)
[ "$said" = 1 ] || fail "the emergency's mistake is logged $said times, not once"

# Taken out of the file: the kiosk goes back.
echo '{"announcements": []}' > "$work/overrides.new.json"
mv "$work/overrides.new.json" "$work/overrides.json"
wait_log 'emergency taken out of' 10 || fail "the emergency was not taken out"
kill -TERM "$pid"; wait "$pid" || true; pid=
echo "kiosk-emergency: takeover on screen ${latency} ms after the rename (blank quiet hours, 800x480, software); status and fleet say it; a mistake in it is logged once"
echo "1 passed, 0 failed"
