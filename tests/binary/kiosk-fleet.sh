#!/usr/bin/env bash
# A four-kiosk fleet on one machine, and `hallboard fleet` reporting it. Four headless
# kiosks (SDL's dummy video driver, software renderer) share one status folder, each
# writing every second:
#   healthy  on the current program;
#   broken   its program is overwritten with broken JSON while it runs: it keeps showing
#            the last good one, and its status says what was rejected and why;
#   stopped  ends after 2 s (--exit-after) and goes stale;
#   older    on an older copy of the program.
# Then `hallboard fleet DIR --stale-after 6` must list them in that order of urgency
# (error, stale, old program, ok), in text and in JSON, and exit 1; with --program
# naming the older copy, the others are the old ones. The kiosks that still run are
# stopped with SIGTERM and must exit 0.
#   tests/binary/kiosk-fleet.sh HALLBOARD SOURCE_DIR
# A cross-built HALLBOARD runs under $HALLBOARD_EMULATOR (qemu-user; empty natively).
set -euo pipefail
hallboard=$1
src=$2
. "$(dirname "$0")/lib.sh"
make_work --counts
kill_at_exit pids
fail_logs="$work/healthy.log $work/broken.log $work/stopped.log $work/older.log"
export SDL_VIDEODRIVER=dummy
run() { ${HALLBOARD_EMULATOR:-} "$hallboard" "$@"; }

mkdir -p "$work/programs" "$work/status"
cp "$src/data/mlsys2021.json" "$work/programs/current.json"
cp "$src/data/mlsys2021.json" "$work/programs/broken.json"
# An older copy: the same program with one more blank line, so another SHA-256.
{ cat "$src/data/mlsys2021.json"; echo; } > "$work/programs/older.json"

start() {  # NAME PROGRAM SECONDS
  printf '{"program": "programs/%s", "clock": {"mode": "fixed", "at": "2021-04-06T09:45"},
  "fleet": {"name": "kiosk-%s", "status_dir": "status", "interval_seconds": 1}}\n' "$2" "$1" > "$work/$1.json"
  # Not through run(): $! must be the kiosk itself, which SIGTERM is sent to.
  ${HALLBOARD_EMULATOR:-} "$hallboard" run -c "$work/$1.json" --window --software --size 800x480 --exit-after "$3" --state-dir "$work/state-$1" \
    > "$work/$1.log" 2>&1 &
  pids="$pids $!"
  eval "pid_$1=$!"
}
start healthy current.json 300
start broken broken.json 300
start stopped current.json 2
start older older.json 300

# Waits up to 60 s (an emulator is slow) for a condition.
wait_for() {  # DESCRIPTION COMMAND...
  local what=$1; shift
  wait_until 60 "$@" || fail "timed out waiting for $what"
}
status_has() { grep -q "$2" "$work/status/kiosk-$1.status.json" 2>/dev/null; }
for k in healthy broken stopped older; do wait_for "kiosk-$k's first status" status_has "$k" '"showing": "files"'; done

# Break one kiosk's program while it runs: the reload is rejected, the status says so.
printf '{"format": "hallboard-program", "version": 1, "conference": ' > "$work/programs/broken.json"
wait_for "the broken kiosk to report the rejection" status_has broken '"kind": "program"'
status_has broken '"showing": "last-good"' || fail "the broken kiosk's status does not say it shows its last good copy"

# The stopped kiosk ends by itself, then its status ages past the threshold.
wait_for "the stopped kiosk to exit" bash -c "! kill -0 $pid_stopped 2>/dev/null"
sleep 8

set +e
text=$(run fleet "$work/status" --stale-after 6 2>&1); code=$?
json=$(run fleet "$work/status" --stale-after 6 --json 2>&1); json_code=$?
by_file=$(run fleet "$work/status" --stale-after 6 --program "$work/programs/older.json" --json 2>&1)
set -e
echo "$text"
[ $code -eq 1 ] || fail "hallboard fleet exited $code, expected 1 (kiosks need attention)"
[ $json_code -eq 1 ] || fail "hallboard fleet --json exited $json_code, expected 1"

# The text: one line per kiosk, in the order to act on, with the reasons under them.
order=$(grep -oE '^(ERROR|STALE|OLD|OK) +kiosk-[a-z]+' <<<"$text" | tr -s ' ' | paste -sd, -)
[ "$order" = "ERROR kiosk-broken,STALE kiosk-stopped,OLD kiosk-older,OK kiosk-healthy" ] \
  || fail "the fleet's order is \"$order\""
grep -q '1 error, 1 stale, 1 on an old program, 1 ok' <<<"$text" || fail "no count line"
grep -q "last rejected program $work/programs/broken.json" <<<"$text" || fail "no rejection reason for the broken kiosk"
grep -q 'stale: last written [0-9]* s ago' <<<"$text" || fail "the stopped kiosk is not called stale"
grep -q 'the majority (3 of 4)' <<<"$text" || fail "the reference is not the majority's program"

# The JSON says the same, for scripts.
python3 - "$json" "$by_file" "$work" <<'EOF' || fail "the JSON report is wrong"
import json, sys
report, by_file, work = json.loads(sys.argv[1]), json.loads(sys.argv[2]), sys.argv[3]
states = [(k["name"], k["state"]) for k in report["kiosks"]]
assert states == [("kiosk-broken", "error"), ("kiosk-stopped", "stale"), ("kiosk-older", "old-program"),
                  ("kiosk-healthy", "ok")], states
assert report["all_well"] is False
broken = report["kiosks"][0]["status"]
assert broken["showing"] == "last-good" and broken["last_rejected"]["kind"] == "program", broken
assert broken["last_rejected"]["file"] == work + "/programs/broken.json", broken["last_rejected"]
assert "broken.json" in broken["last_rejected"]["reason"], broken["last_rejected"]
# The broken kiosk shows its last good copy: the current program's hash, not the broken file's.
healthy = report["kiosks"][3]["status"]
assert broken["program"]["sha256"] == healthy["program"]["sha256"] == report["reference"]["sha256"]
assert report["kiosks"][1]["age_seconds"] >= 6
for k in report["kiosks"]:
    s = k["status"]
    assert s["screen"] == {"width": 800, "height": 480}, s["screen"]
    assert s["rss_bytes"] > 1_000_000 and s["uptime_seconds"] >= 0 and s["version"], s
    assert s["page"].startswith("now-next "), s["page"]
# --program names the older copy: now the three others are on an old program.
states = {k["name"]: k["state"] for k in by_file["kiosks"]}
assert states == {"kiosk-broken": "error", "kiosk-stopped": "stale", "kiosk-older": "ok",
                  "kiosk-healthy": "old-program"}, states
assert by_file["reference"]["from"].startswith("--program "), by_file["reference"]
print("fleet JSON: " + ", ".join(f"{n} {s}" for n, s in states.items()))
EOF

# Usage errors are exit 2.
set +e
run fleet "$work/no-such-folder" > /dev/null 2>&1; missing=$?
run fleet > /dev/null 2>&1; no_dir=$?
set -e
[ $missing -eq 2 ] && [ $no_dir -eq 2 ] || fail "usage errors exited $missing and $no_dir, expected 2"

# SIGTERM stops the others cleanly.
for k in healthy broken older; do
  pid_var=pid_$k
  kill -TERM "${!pid_var}"
  set +e; wait "${!pid_var}"; rc=$?; set -e
  [ $rc -eq 0 ] || fail "kiosk-$k exited $rc after SIGTERM"
done
pids=

# Proof of play: each kiosk wrote what it showed beside its status, and `fleet --plays`
# sums it per screen and day: now & next on all four, the stopped one for about 2 s.
ls "$work/status"/kiosk-*.plays-2*.csv > /dev/null 2>&1 || fail "no plays files in $work/status: $(ls "$work/status")"
plays=$(run fleet "$work/status" --plays --json)
text_plays=$(run fleet "$work/status" --plays)
echo "$text_plays"
python3 - "$plays" <<'EOF2' || fail "the plays are wrong: $plays"
import json, sys
totals = json.loads(sys.argv[1])["plays"]
now_next = {t["kiosk"]: t["seconds"] for t in totals if t["page"] == "now-next"}
assert sorted(now_next) == ["kiosk-broken", "kiosk-healthy", "kiosk-older", "kiosk-stopped"], totals
assert 0.3 <= now_next["kiosk-stopped"] <= 4.0, now_next
assert all(s >= 5 for k, s in now_next.items() if k != "kiosk-stopped"), now_next
print("plays: " + ", ".join(f"{k} {s} s" for k, s in sorted(now_next.items())))
EOF2
grep -qE "kiosk-stopped +now-next" <<<"$text_plays" || fail "the plays' text has no line for kiosk-stopped"
set +e; run fleet "$work/no-such-folder" --plays > /dev/null 2>&1; plays_missing=$?; set -e
[ $plays_missing -eq 2 ] || fail "fleet --plays on a missing folder exited $plays_missing, expected 2"
echo "kiosk-fleet: 4 kiosks, fleet order error, stale, old program, ok"
echo "1 passed, 0 failed"
