#!/usr/bin/env bash
# An emergency with a mistake in it already in the overrides file when the kiosk starts
# (#31): the start says the mistake, and the first reload after it (SIGHUP, then a change
# to the program) does not say it again: once a change, as when it lands under a running
# kiosk (kiosk-emergency.sh). It had been logged a second time at the first reload.
#   tests/binary/kiosk-emergency-start.sh HALLBOARD SOURCE_DIR
# A cross-built HALLBOARD runs under $HALLBOARD_EMULATOR (qemu-user; empty natively).
set -euo pipefail
hallboard=$1
src=$(cd "$2" && pwd)
. "$(dirname "$0")/lib.sh"
make_work --counts
kill_at_exit pid
export SDL_VIDEODRIVER=dummy
said() { grep -c 'unknown kind "flood"' "$kiosk_log" || true; }

cp "$src/tests/fixtures/two-rooms.json" "$work/program.json"
cat > "$work/overrides.json" <<'JSON'
{"announcements": [],
 "emergency": {"title": "Flood in the basement", "text": "Stay upstairs.", "kind": "flood"}}
JSON
printf '{"program": "program.json", "overrides": "overrides.json",
  "clock": {"mode": "fixed", "at": "2021-04-06T09:45"}}\n' > "$work/kiosk.json"
start_kiosk run -c "$work/kiosk.json" --window --software --size 320x240 --exit-after 60 --state-dir "$work/state"
wait_log 'emergency takeover on screen' 30 || fail "no takeover frame at start"
[ "$(said)" = 1 ] || fail "the emergency's mistake is logged $(said) times at start, not once"

# The first reload, asked for: the same files, the same mistake, nothing new to say.
kill -HUP "$pid"
wait_log 'hallboard: reloaded .*(asked by SIGHUP)' 20 || fail "SIGHUP did not read the files again"
# A change to the program, seen by the watch: another reload, with the same emergency.
sed 's/"Main Hall"/"Main Hall A"/' "$work/program.json" > "$work/program.new.json"
mv "$work/program.new.json" "$work/program.json"
wait_log 'hallboard: reloaded' 20 2 || fail "no reload after the program changed"
sleep 1.5  # anything a late read would add
[ "$(said)" = 1 ] || fail "the emergency's mistake is logged $(said) times across start and two reloads, not once"
kill -TERM "$pid"; wait "$pid" || true; pid=
echo "kiosk-emergency-start: a mistake in the emergency at start is logged once across start and two reloads"
echo "1 passed, 0 failed"
