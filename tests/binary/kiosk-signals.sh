#!/bin/sh
# Signals a kiosk meets under systemd: SIGHUP (`systemctl reload`, a terminal gone)
# reads the files again, also an edit the file watch cannot see, and the kiosk runs
# on; SIGPIPE (sent, and a log reader that went away) never ends it. Both ended the
# process before.
#
# usage: kiosk-signals.sh HALLBOARD FIXTURES
# A cross-built HALLBOARD runs under $HALLBOARD_EMULATOR (qemu-user, which passes signals on).
set -u
hallboard=$1
fixtures=$2
. "$(dirname "$0")/lib.sh"
make_work
kill_at_exit pid

cp "$fixtures/two-rooms.json" "$work/program.json"
printf '{"program": "program.json", "clock": {"mode": "fixed", "at": "2021-04-06T09:30"}}\n' >"$work/kiosk.json"
start() {
    SDL_VIDEODRIVER=dummy HALLBOARD_STATE_DIR="$work/state" ${HALLBOARD_EMULATOR:-} "$hallboard" run --config "$work/kiosk.json" \
        --window --software --size 320x240 "$@" &
    pid=$!
}

# SIGHUP: the files are read again, though the watch saw nothing (the same size and
# time: an edit put back with touch -r), and the kiosk runs on.
start >"$kiosk_log" 2>&1
wait_log "hallboard: loaded" 30 || fail "the kiosk did not start"
cp -p "$work/program.json" "$work/stamp"
sed 's/"Main Hall"/"Main Hal!"/' "$work/program.json" >"$work/edited" && cat "$work/edited" >"$work/program.json"
touch -r "$work/stamp" "$work/program.json"
sleep 2
grep -q "hallboard: reloaded" "$kiosk_log" && fail "the watch saw the edit (the test needs one it cannot see)"
kill -HUP "$pid"
wait_log "reloaded .*(asked by SIGHUP)" 20 || { running "$pid" || fail "SIGHUP ended the kiosk"; fail "SIGHUP did not read the files again"; }
kill -HUP "$pid"
wait_log "reloaded .*(asked by SIGHUP)" 20 2 || fail "a second SIGHUP did not read the files again"
running "$pid" || fail "the kiosk ended after SIGHUP"

# SIGPIPE sent: ignored.
kill -PIPE "$pid"
sleep 1
running "$pid" || fail "SIGPIPE ended the kiosk"
kill -TERM "$pid"
wait "$pid"
pid=
grep -q "hallboard: stopped after" "$kiosk_log" || fail "SIGTERM did not end the loop cleanly"

# A log reader that went away: the kiosk's next lines go to a closed pipe (EPIPE), and
# it runs on. The first reader takes one line and leaves.
mkfifo "$work/pipe"
head -n 1 "$work/pipe" >"$work/first" &
reader=$!
start >"$work/pipe" 2>&1
wait "$reader"
sleep 1
kill -HUP "$pid" 2>/dev/null  # a reload's lines, written to the closed pipe
sleep 3
running "$pid" || fail "writing its log to a closed pipe ended the kiosk (SIGPIPE)"
kill -TERM "$pid"
wait "$pid"
code=$?
pid=
[ "$code" -eq 0 ] || fail "the kiosk exited $code after SIGTERM"
echo "kiosk-signals: SIGHUP read the files again twice, SIGPIPE and a closed log pipe ignored, SIGTERM still ends it"
