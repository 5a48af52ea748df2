#!/bin/sh
# The running kiosk against a FIFO at its program path: the reload is rejected at once
# (naming the FIFO), a good file after it is loaded, and SIGTERM still ends the process
# while the FIFO is there. A blocking open() once wedged the loader thread: no later
# file was loaded and the process could not exit.
#
# usage: kiosk-fifo-sigterm.sh HALLBOARD FIXTURES
# A cross-built HALLBOARD runs under $HALLBOARD_EMULATOR (qemu-user, which passes SIGTERM on).
set -u
hallboard=$1
fixtures=$2
. "$(dirname "$0")/lib.sh"
make_work
kill_at_exit pid

cp "$fixtures/two-rooms.json" "$work/program.json"
printf '{"program": "program.json"}\n' >"$work/kiosk.json"
export SDL_VIDEODRIVER=dummy HALLBOARD_STATE_DIR="$work/state"
start_kiosk run --config "$work/kiosk.json" --window --software --size 320x240
wait_log "hallboard: loaded" 20 || fail "the kiosk did not start"

rm "$work/program.json" && mkfifo "$work/program.json"
wait_log "is a FIFO (named pipe), not a regular file" 15 || fail "the FIFO was not rejected"
wait_log "hallboard: rejected the program" 5 || fail "the log does not name the program as rejected"

rm "$work/program.json" && cp "$fixtures/two-rooms.json" "$work/program.json"
wait_log "hallboard: reloaded" 15 || fail "the good file after the FIFO was not loaded"

rm "$work/program.json" && mkfifo "$work/program.json"
wait_log "is a FIFO (named pipe), not a regular file" 15 2 || fail "the second FIFO was not rejected"
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
