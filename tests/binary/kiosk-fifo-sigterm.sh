#!/bin/sh
# The running kiosk against a FIFO at its program path: the reload is rejected at once
# (naming the FIFO), a good file after it is loaded, and SIGTERM still ends the process
# while the FIFO is there. A blocking open() once wedged the loader thread: no later
# file was loaded and the process could not exit.
#
# usage: kiosk-fifo-sigterm.sh HALLBOARD FIXTURES
# A cross-built HALLBOARD runs under $HALLBOARD_EMULATOR (qemu-user, which passes SIGTERM on).
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
    echo "kiosk-fifo-sigterm: $*" >&2
    echo "--- kiosk log:" >&2
    cat "$dir/log" >&2
    exit 1
}
# Waits up to $2 seconds for the log to have $3 or more lines matching $1.
wait_for() {
    i=0
    while [ "$i" -lt $(($2 * 10)) ]; do
        [ "$(grep -c -- "$1" "$dir/log")" -ge "${3:-1}" ] && return 0
        sleep 0.1
        i=$((i + 1))
    done
    return 1
}

cp "$fixtures/two-rooms.json" "$dir/program.json"
printf '{"program": "program.json"}\n' >"$dir/kiosk.json"
SDL_VIDEODRIVER=dummy HALLBOARD_STATE_DIR="$dir/state" ${HALLBOARD_EMULATOR:-} "$bin" run --config "$dir/kiosk.json" --window --software --size 320x240 >"$dir/log" 2>&1 &
pid=$!
wait_for "hallboard: loaded" 20 || fail "the kiosk did not start"

rm "$dir/program.json" && mkfifo "$dir/program.json"
wait_for "is a FIFO (named pipe), not a regular file" 15 || fail "the FIFO was not rejected"
wait_for "hallboard: rejected the program" 5 || fail "the log does not name the program as rejected"

rm "$dir/program.json" && cp "$fixtures/two-rooms.json" "$dir/program.json"
wait_for "hallboard: reloaded" 15 || fail "the good file after the FIFO was not loaded"

rm "$dir/program.json" && mkfifo "$dir/program.json"
wait_for "is a FIFO (named pipe), not a regular file" 15 2 || fail "the second FIFO was not rejected"
kill -TERM "$pid"
i=0
while kill -0 "$pid" 2>/dev/null; do
    [ "$i" -ge 100 ] && fail "SIGTERM did not end the kiosk within 10 s"
    sleep 0.1
    i=$((i + 1))
done
wait "$pid"
pid=
echo "kiosk-fifo-sigterm: FIFO rejected, good file loaded, SIGTERM ended the kiosk"
