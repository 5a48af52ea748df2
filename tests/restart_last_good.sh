#!/usr/bin/env bash
# The real kiosk, restarted with a broken program (a power cut mid-copy), shows the last
# good program it saved, and with nothing saved it still starts and shows the clock.
#   tests/restart_last_good.sh HALLBOARD SOURCE_DIR
# A cross-built HALLBOARD runs under $HALLBOARD_EMULATOR (qemu-user; empty natively).
set -euo pipefail
hallboard=$1
src=$2
work=$(mktemp -d "${TMPDIR:-/tmp}/hallboard-restart-XXXXXX")
trap 'rm -rf "$work"' EXIT
export SDL_VIDEODRIVER=dummy
cp "$src/data/mlsys2021.json" "$work/program.json"
cat > "$work/kiosk.json" <<'JSON'
{"program": "program.json", "clock": {"mode": "fixed", "at": "2021-04-06T09:45"}}
JSON
run() { ${HALLBOARD_EMULATOR:-} "$hallboard" run -c "$work/kiosk.json" --window --software --size 800x480 --exit-after 1 --state-dir "$work/state" 2>&1; }
fail() { echo "FAIL: $*"; echo "--- log ---"; echo "$log"; exit 1; }

log=$(run) || fail "the first start exited $?"
[[ $log == *"loaded $work/program.json: 6 sessions"* ]] || fail "the first start did not load the program"
[ -f "$work/state/last-good.json" ] || fail "no last good copy was saved"

head -c 3000 "$src/data/mlsys2021.json" > "$work/program.json"
log=$(run) || fail "the restart with a broken program exited $?"
[[ $log == *"the file ends early"* ]] || fail "the reason is not in the log"
[[ $log == *"showing the last good copy from $work/state/last-good.json"* ]] || fail "the last good program is not shown"

rm -r "$work/state"
log=$(run) || fail "the start with nothing saved exited $?"
[[ $log == *"no last good copy is saved"*"showing the clock until they are fixed"* ]] || fail "no fallback"
echo "restart: 3 starts, never dark"
