# The shared setup of the tests/binary scripts, POSIX sh (some of them run under dash).
# shellcheck shell=sh disable=SC2034,SC2154  # sourced: its variables are the scripts'
# Sourced, after the script has read its arguments:  . "$(dirname "$0")/lib.sh"
#
#   make_work [--counts]   $work, a new temporary folder; $kiosk_log, $work/kiosk.log;
#                          on exit, cleanup. --counts: the script ends in "1 passed, 0
#                          failed" (its CTest matches that), so fail says "0 passed, 1 failed".
#   kill_at_exit VAR...    at exit, stop the processes whose ids these variables hold then
#                          (empty: none; a list: each). Sets an unset one empty. Set one
#                          empty again once its process is waited for.
#   fail REASON...         the script's name and REASON, the last $fail_lines lines of each
#                          file in $fail_logs (default: $kiosk_log), the count line; exit 1.
#   wait_log PATTERN SECONDS [COUNT [FILE]]
#                          up to SECONDS for COUNT (1) lines of FILE ($kiosk_log) to match
#                          the basic regular expression PATTERN; 1 when they do not.
#   wait_until SECONDS COMMAND...   up to SECONDS for COMMAND to succeed; 1 when it does not.
#   start_kiosk ARG...     empties $kiosk_log, then runs "$hallboard" ARG... (under
#                          $HALLBOARD_EMULATOR) in the background into it; $pid is its id.
#   start_xvfb SCREEN      an Xvfb of its own (kill_at_exit xpid); $display is ":N".
#   stop_process PID       SIGTERM, then SIGKILL after 5 s; waits for it.
#   running PID            the process runs (kill -0, and not a zombie not yet reaped).
#   now_ms                 the wall clock in milliseconds.

hb_name=$(basename "$0" .sh)
hb_counts=
hb_at_exit=
fail_logs=
fail_lines=400
work=
kiosk_log=

# A new temporary folder for the script, removed with what it started at exit.
make_work() {
    [ "${1:-}" = --counts ] && hb_counts=yes
    work=$(mktemp -d "${TMPDIR:-/tmp}/hallboard-$hb_name-XXXXXX") || exit 1
    kiosk_log="$work/kiosk.log"
    trap cleanup EXIT
}

# Names variables whose process ids cleanup stops.
kill_at_exit() {
    for hb_var in "$@"; do eval "$hb_var=\${$hb_var:-}"; done
    hb_at_exit="$hb_at_exit $*"
}

# The EXIT trap: stops the registered processes, removes $work. Keeps the exit status.
cleanup() {
    hb_status=$?
    for hb_var in $hb_at_exit; do
        eval "hb_ids=\${$hb_var:-}"
        for hb_id in $hb_ids; do stop_process "$hb_id"; done
    done
    [ -n "$work" ] && rm -rf "$work"
    exit "$hb_status"
}

# Says why the test failed, with the logs, and ends it.
fail() {
    echo "$hb_name: FAIL: $*"
    for hb_file in ${fail_logs:-$kiosk_log}; do
        echo "--- $(basename "$hb_file"):"
        tail -n "$fail_lines" "$hb_file" 2>/dev/null || echo "(none)"
    done
    [ -n "$hb_counts" ] && echo "0 passed, 1 failed"
    exit 1
}

# Waits, 0.05 s a step, for COUNT lines of the log to match PATTERN.
wait_log() {
    hb_log_steps=$(($2 * 20))
    while [ "$hb_log_steps" -gt 0 ]; do
        hb_n=$(grep -c -- "$1" "${4:-$kiosk_log}" 2>/dev/null || true)
        [ "${hb_n:-0}" -ge "${3:-1}" ] && return 0
        sleep 0.05
        hb_log_steps=$((hb_log_steps - 1))
    done
    return 1
}

# Waits, 0.1 s a step, for a command (a function, or eval '...') to succeed.
wait_until() {
    hb_until_steps=$(($1 * 10))
    shift
    while [ "$hb_until_steps" -gt 0 ]; do
        "$@" && return 0
        sleep 0.1
        hb_until_steps=$((hb_until_steps - 1))
    done
    return 1
}

# Starts the kiosk in the background. The log is emptied here, not by the job's own
# redirection: on a busy machine a wait_log once read the previous run's line before the
# new process had started (kiosk-crash-loop.sh).
start_kiosk() {
    : >"$kiosk_log"
    ${HALLBOARD_EMULATOR:-} "$hallboard" "$@" >>"$kiosk_log" 2>&1 &
    pid=$!
}

# An X server of the script's own: Xvfb picks a free display and writes it on fd 3.
start_xvfb() {
    exec 3>"$work/display"
    Xvfb -displayfd 3 -screen 0 "$1" -nolisten tcp >"$work/xvfb.log" 2>&1 &
    xpid=$!
    kill_at_exit xpid
    wait_until 5 test -s "$work/display" || fail "Xvfb did not start: $(tail -n 20 "$work/xvfb.log")"
    display=":$(head -1 "$work/display")"
}

# Asks a process to end, and kills it when it has not within 5 s.
stop_process() {
    kill -TERM "$1" 2>/dev/null || return 0
    wait_until 5 hb_gone "$1" || kill -KILL "$1" 2>/dev/null || true
    wait "$1" 2>/dev/null || true
}
hb_gone() { ! running "$1"; }

# Running, not a zombie waiting to be reaped (kill -0 succeeds on those).
running() {
    kill -0 "$1" 2>/dev/null && ! grep -q '^State:[[:space:]]*Z' "/proc/$1/status" 2>/dev/null
}

now_ms() { date +%s%3N; }
