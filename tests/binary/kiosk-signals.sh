#!/bin/sh
# Signals a kiosk meets under systemd: SIGHUP (`systemctl reload`, a terminal gone)
# reads the files again, also an edit the file watch cannot see, and the kiosk runs
# on; SIGPIPE (sent, and a log reader that went away) never ends it. Both ended the
# process before.
#
# usage: kiosk-signals.sh HALLBOARD FIXTURES
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
    echo "kiosk-signals: $*" >&2
    echo "--- kiosk log:" >&2
    cat "$dir/log" >&2
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
# Running, not a zombie waiting to be reaped (kill -0 succeeds on those).
alive() {
    kill -0 "$pid" 2>/dev/null && ! grep -q '^State:[[:space:]]*Z' "/proc/$pid/status" 2>/dev/null
}

cp "$fixtures/two-rooms.json" "$dir/program.json"
printf '{"program": "program.json", "clock": {"mode": "fixed", "at": "2021-04-06T09:30"}}\n' >"$dir/kiosk.json"
start() {
    SDL_VIDEODRIVER=dummy HALLBOARD_STATE_DIR="$dir/state" ${HALLBOARD_EMULATOR:-} "$bin" run --config "$dir/kiosk.json" \
        --window --software --size 320x240 "$@" &
    pid=$!
}

# SIGHUP: the files are read again, though the watch saw nothing (the same size and
# time: an edit put back with touch -r), and the kiosk runs on.
start >"$dir/log" 2>&1
wait_for "hallboard: loaded" 30 || fail "the kiosk did not start"
cp -p "$dir/program.json" "$dir/stamp"
sed 's/"Main Hall"/"Main Hal!"/' "$dir/program.json" >"$dir/edited" && cat "$dir/edited" >"$dir/program.json"
touch -r "$dir/stamp" "$dir/program.json"
sleep 2
grep -q "hallboard: reloaded" "$dir/log" && fail "the watch saw the edit (the test needs one it cannot see)"
kill -HUP "$pid"
wait_for "reloaded .*(asked by SIGHUP)" 20 || { alive || fail "SIGHUP ended the kiosk"; fail "SIGHUP did not read the files again"; }
kill -HUP "$pid"
wait_for "reloaded .*(asked by SIGHUP)" 20 2 || fail "a second SIGHUP did not read the files again"
alive || fail "the kiosk ended after SIGHUP"

# SIGPIPE sent: ignored.
kill -PIPE "$pid"
sleep 1
alive || fail "SIGPIPE ended the kiosk"
kill -TERM "$pid"
wait "$pid"
pid=
grep -q "hallboard: stopped after" "$dir/log" || fail "SIGTERM did not end the loop cleanly"

# A log reader that went away: the kiosk's next lines go to a closed pipe (EPIPE), and
# it runs on. The first reader takes one line and leaves.
mkfifo "$dir/pipe"
head -n 1 "$dir/pipe" >"$dir/first" &
reader=$!
start >"$dir/pipe" 2>&1
wait "$reader"
sleep 1
kill -HUP "$pid" 2>/dev/null  # a reload's lines, written to the closed pipe
sleep 3
alive || fail "writing its log to a closed pipe ended the kiosk (SIGPIPE)"
kill -TERM "$pid"
wait "$pid"
code=$?
pid=
[ "$code" -eq 0 ] || fail "the kiosk exited $code after SIGTERM"
echo "kiosk-signals: SIGHUP read the files again twice, SIGPIPE and a closed log pipe ignored, SIGTERM still ends it"
