#!/bin/sh
# A crash loop is not dark. The kiosk is killed three times in a row soon after it starts
# (SIGSEGV as a crash, SIGABRT as systemd's watchdog sends, SIGKILL as the memory limit
# does); the fourth start, within the minute, comes up in safe mode: the clock with the
# reason for staff, the files not read. A fixed file is then taken up at once; a clean
# stop starts the count again, and the next start is a normal one. Before, every start
# read the same files again (and would crash again: dark).
#
# usage: kiosk-crash-loop.sh HALLBOARD FIXTURES
# A cross-built HALLBOARD runs under $HALLBOARD_EMULATOR (qemu-user, which passes signals on).
set -u
hallboard=$1
fixtures=$2
. "$(dirname "$0")/lib.sh"
make_work
kill_at_exit pid
fail_logs="$kiosk_log $work/state/starts"
export SDL_VIDEODRIVER=dummy HALLBOARD_STATE_DIR="$work/state"
start() {
    start_kiosk run --config "$work/kiosk.json" --window --software --size 320x240
}
stop() {
    kill "-$1" "$pid"
    wait "$pid" 2>/dev/null
    pid=
}

cp "$fixtures/two-rooms.json" "$work/program.json"
printf '{"program": "program.json", "clock": {"mode": "fixed", "at": "2021-04-06T09:30"}}\n' >"$work/kiosk.json"
began=$(date +%s)
for signal in SEGV ABRT KILL; do
    start
    wait_log "hallboard: loaded" 30 || fail "start before SIG$signal: the files were not loaded"
    grep -q "safe mode" "$kiosk_log" && fail "safe mode before three failures"
    stop "$signal"
done
start
if ! wait_log "safe mode: the kiosk stopped unexpectedly 3 times within a minute" 30; then
    if [ $(($(date +%s) - began)) -ge 60 ]; then
        echo "kiosk-crash-loop: too slow a machine: the four starts took a minute or more" >&2
        exit 77
    fi
    fail "the fourth start was not in safe mode"
fi
grep -q "hallboard: loaded" "$kiosk_log" && fail "safe mode read the files"
# Staff fix the files: taken up at once, without a restart.
sed 's/"Main Hall"/"Main Hall 2"/' "$work/program.json" >"$work/fixed" && mv "$work/fixed" "$work/program.json"
wait_log "hallboard: reloaded" 30 || fail "a fixed program was not loaded in safe mode"
stop TERM
grep -q "hallboard: stopped after" "$kiosk_log" || fail "SIGTERM did not end the safe-mode kiosk cleanly"
# Stopped on purpose: the next start is a normal one.
start
wait_log "hallboard: loaded" 30 || fail "after a clean stop the next start was not a normal one"
grep -q "safe mode" "$kiosk_log" && fail "safe mode again after a clean stop"
stop TERM
echo "kiosk-crash-loop: three unclean ends (SEGV, ABRT, KILL), then safe mode; a fix is loaded; a clean stop ends it"
