#!/bin/sh
# tests/binary/lib.sh, the kiosk scripts' shared setup, does what they count on, under
# dash (as the #!/bin/sh scripts run) and under bash with set -euo pipefail (as the others
# do): fail names the script and the reason, prints the log, says "0 passed, 1 failed"
# only for a script made with --counts, and exits 1; the exit trap stops the processes
# the script registered and removes its work folder, and keeps the script's exit status;
# wait_log counts matching lines and gives up after its seconds; start_kiosk empties the
# log before the start (a stale line was once read as the new run's).
#   usage: binary-lib.sh SOURCE_DIR
set -u
lib="$1/tests/binary/lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failed=0
check() {  # check WHAT COMMAND...
    what=$1
    shift
    if "$@"; then echo "ok: $what"; else echo "FAILED: $what ($*)"; failed=1; fi
}
has() { grep -qF -- "$2" "$tmp/$1.out"; }
hasnt() { ! has "$@"; }
equals() { [ "$1" = "$2" ]; }

# A script that uses the library: $1 is what it does after its setup.
cat >"$tmp/probe.sh" <<'EOF'
. "$LIB"
make_work ${COUNTS:-}
echo "$work" >"$OUT.work"
sleep 300 &
sleeper=$!
echo "$sleeper" >"$OUT.pid"
kill_at_exit sleeper
printf 'hallboard: loaded\nhallboard: reloaded\nhallboard: reloaded\n' >"$kiosk_log"
case $1 in
    fail) fail "on purpose" ;;
    exit3) exit 3 ;;
    waits)
        wait_log 'hallboard: reloaded' 2 2 && echo "two reloads seen"
        began=$(now_ms)
        wait_log 'hallboard: reloaded' 1 3 || echo "no third reload after $(($(now_ms) - began)) ms"
        hallboard=sleep
        start_kiosk 5
        echo "after start_kiosk: $(grep -c 'hallboard: loaded' "$kiosk_log" || true)"
        running "$pid" && echo "start_kiosk runs it"
        kill_at_exit pid
        echo "pid $pid" >>"$OUT.pid" ;;
esac
EOF
run() {  # run NAME SHELL ARG [COUNTS]
    (cd "$tmp" && LIB=$lib OUT="$tmp/$1" COUNTS=${4:-} $2 probe.sh "$3" >"$tmp/$1.out" 2>&1)
    echo $? >"$tmp/$1.rc"
}
gone() {  # every process the script wrote down has ended, its folder is removed
    for p in $(sed 's/^pid //' "$tmp/$1.pid"); do kill -0 "$p" 2>/dev/null && return 1; done
    [ ! -e "$(cat "$tmp/$1.work")" ]
}

for shell in dash "bash -euo pipefail"; do
    s=${shell%% *}
    run "$s-fail-counts" "$shell" fail --counts
    check "$s: fail exits 1" equals "$(cat "$tmp/$s-fail-counts.rc")" 1
    check "$s: fail names the script and the reason" has "$s-fail-counts" "probe: FAIL: on purpose"
    check "$s: fail prints the log" has "$s-fail-counts" "hallboard: loaded"
    check "$s: fail with --counts says 0 passed, 1 failed" has "$s-fail-counts" "0 passed, 1 failed"
    check "$s: the exit trap stops the registered process and removes the folder" gone "$s-fail-counts"
    run "$s-fail" "$shell" fail
    check "$s: fail without --counts has no count line" hasnt "$s-fail" "passed"
    check "$s: fail without --counts exits 1" equals "$(cat "$tmp/$s-fail.rc")" 1
    run "$s-exit3" "$shell" exit3
    check "$s: the exit trap keeps the exit status" equals "$(cat "$tmp/$s-exit3.rc")" 3
    check "$s: the exit trap cleans up after exit 3" gone "$s-exit3"
    run "$s-waits" "$shell" waits
    check "$s: wait_log counts lines" has "$s-waits" "two reloads seen"
    check "$s: wait_log gives up" has "$s-waits" "no third reload after"
    ms=$(sed -n 's/^no third reload after \([0-9]*\) ms$/\1/p' "$tmp/$s-waits.out")
    check "$s: wait_log waits about its seconds ($ms ms)" test "${ms:-0}" -ge 900 -a "${ms:-0}" -le 5000
    check "$s: start_kiosk empties the log first" has "$s-waits" "after start_kiosk: 0"
    check "$s: start_kiosk starts it in the background" has "$s-waits" "start_kiosk runs it"
    check "$s: a normal end stops the registered processes, removes the folder" gone "$s-waits"
    check "$s: a normal end exits 0" equals "$(cat "$tmp/$s-waits.rc")" 0
done
if [ "$failed" = 0 ]; then echo "binary-lib: all passed"; else echo "binary-lib: some failed"; exit 1; fi
