#!/usr/bin/env bash
# The real kiosk, restarted with a broken program (a power cut mid-copy), shows the last
# good program it saved, and with nothing saved it still starts and shows the clock; a
# venue file cut short keeps the directions from the last good venue.
#   tests/binary/restart_last_good.sh HALLBOARD SOURCE_DIR
# A cross-built HALLBOARD runs under $HALLBOARD_EMULATOR (qemu-user; empty natively).
set -euo pipefail
hallboard=$1
src=$2
. "$(dirname "$0")/lib.sh"
make_work
export SDL_VIDEODRIVER=dummy
cp "$src/data/mlsys2021.json" "$work/program.json"
cat > "$work/kiosk.json" <<'JSON'
{"program": "program.json", "clock": {"mode": "fixed", "at": "2021-04-06T09:45"}}
JSON
# One start of a second, its output in $kiosk_log (which fail prints) and in $log.
run() {
  ${HALLBOARD_EMULATOR:-} "$hallboard" run -c "$work/kiosk.json" --window --software --size 800x480 --exit-after 1 \
    --state-dir "$work/state" > "$kiosk_log" 2>&1 && status=0 || status=$?
  log=$(cat "$kiosk_log")
  return $status
}

run || fail "the first start exited $?"
[[ $log == *"loaded $work/program.json: 6 sessions"* ]] || fail "the first start did not load the program"
[ -f "$work/state/last-good.json" ] || fail "no last good copy was saved"

head -c 3000 "$src/data/mlsys2021.json" > "$work/program.json"
run || fail "the restart with a broken program exited $?"
[[ $log == *"the file ends early"* ]] || fail "the reason is not in the log"
[[ $log == *"showing the last good copy from $work/state/last-good.json"* ]] || fail "the last good program is not shown"

# A power cut that left the bundle zero-filled and a temporary beside it: the bundle is
# named unreadable (not "none saved"), and the temporary is removed at start.
head -c 4096 /dev/zero > "$work/state/last-good.json"
echo '{"half' > "$work/state/.last-good.json.hallboard-tmp-4242-AbCdEf"
run || fail "the restart with a zero-filled bundle exited $?"
[[ $log == *"the saved copy in $work/state/last-good.json is unreadable: it holds 4096 zero bytes"* ]] || fail "the zero-filled bundle is not named"
[[ $log == *"removed $work/state/.last-good.json.hallboard-tmp-4242-AbCdEf, a temporary file a power cut left behind"* ]] || fail "the stale temporary is not named"
[ ! -e "$work/state/.last-good.json.hallboard-tmp-4242-AbCdEf" ] || fail "the stale temporary is still there"

rm -r "$work/state"
run || fail "the start with nothing saved exited $?"
[[ $log == *"no last good copy is saved"*"showing the clock until they are fixed"* ]] || fail "no fallback"
# The venue alone cut short: the directions come from its last good copy, and the log says so.
cp "$src/data/mlsys2021.json" "$work/program.json"
sed "s|\"\.\./assets/|\"$src/assets/|g" "$src/data/mlsys2021.venue.json" > "$work/venue.json"
cat > "$work/kiosk.json" <<'JSON'
{"program": "program.json", "venue": "venue.json", "here": {"point": "lobby-kiosk", "facing": "N"},
 "clock": {"mode": "fixed", "at": "2021-04-06T09:45"}}
JSON
run || fail "the start with a venue exited $?"
[[ $log == *"directions from \"lobby-kiosk\""* ]] || fail "no directions from the venue file"
[ -f "$work/state/last-good-venue.json" ] || fail "no last good venue was saved"
head -c 400 "$work/venue.json" > "$work/venue.cut" && mv "$work/venue.cut" "$work/venue.json"
run || fail "the restart with a broken venue exited $?"
[[ $log == *"venue.json: line"*"the file ends early"* ]] || fail "the venue's problem is not in the log"
[[ $log == *"showing the last good venue, saved"* ]] || fail "the last good venue is not used"
[[ $log == *"directions from \"lobby-kiosk\""* ]] || fail "no directions from the last good venue"
echo "restart: 6 starts, never dark, directions kept"
