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
bin=$1
fixtures=$2
dir=$(mktemp -d)
pid=
cleanup() {
    [ -n "$pid" ] && kill -KILL "$pid" 2>/dev/null
    rm -rf "$dir"
}
trap cleanup EXIT
fail() {
    echo "kiosk-crash-loop: $*" >&2
    echo "--- kiosk log:" >&2
    cat "$dir/log" >&2
    echo "--- $dir/state/starts:" >&2
    cat "$dir/state/starts" >&2
    exit 1
}
wait_for() {
    i=0
    while [ "$i" -lt $(($2 * 10)) ]; do
        n=$(grep -c -- "$1" "$dir/log" 2>/dev/null)
        [ "${n:-0}" -ge "${3:-1}" ] && return 0
        sleep 0.1
        i=$((i + 1))
    done
    return 1
}
# The log is emptied before the start, not by the started job's redirection: on a busy
# machine the next wait_for once read the previous run's "loaded" and killed the new
# process before it had started.
start() {
    : >"$dir/log"
    SDL_VIDEODRIVER=dummy HALLBOARD_STATE_DIR="$dir/state" ${HALLBOARD_EMULATOR:-} "$bin" run --config "$dir/kiosk.json" \
        --window --software --size 320x240 >>"$dir/log" 2>&1 &
    pid=$!
}
stop() {
    kill "-$1" "$pid"
    wait "$pid" 2>/dev/null
    pid=
}

cp "$fixtures/two-rooms.json" "$dir/program.json"
printf '{"program": "program.json", "clock": {"mode": "fixed", "at": "2021-04-06T09:30"}}\n' >"$dir/kiosk.json"
began=$(date +%s)
for signal in SEGV ABRT KILL; do
    start
    wait_for "hallboard: loaded" 30 || fail "start before SIG$signal: the files were not loaded"
    grep -q "safe mode" "$dir/log" && fail "safe mode before three failures"
    stop "$signal"
done
start
if ! wait_for "safe mode: the kiosk stopped unexpectedly 3 times within a minute" 30; then
    if [ $(($(date +%s) - began)) -ge 60 ]; then
        echo "kiosk-crash-loop: too slow a machine: the four starts took a minute or more" >&2
        exit 77
    fi
    fail "the fourth start was not in safe mode"
fi
grep -q "hallboard: loaded" "$dir/log" && fail "safe mode read the files"
# Staff fix the files: taken up at once, without a restart.
sed 's/"Main Hall"/"Main Hall 2"/' "$dir/program.json" >"$dir/fixed" && mv "$dir/fixed" "$dir/program.json"
wait_for "hallboard: reloaded" 30 || fail "a fixed program was not loaded in safe mode"
stop TERM
grep -q "hallboard: stopped after" "$dir/log" || fail "SIGTERM did not end the safe-mode kiosk cleanly"
# Stopped on purpose: the next start is a normal one.
start
wait_for "hallboard: loaded" 30 || fail "after a clean stop the next start was not a normal one"
grep -q "safe mode" "$dir/log" && fail "safe mode again after a clean stop"
stop TERM
echo "kiosk-crash-loop: three unclean ends (SEGV, ABRT, KILL), then safe mode; a fix is loaded; a clean stop ends it"
