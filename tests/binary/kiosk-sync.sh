#!/usr/bin/env bash
# Rotation in step: two headless kiosks with the same configuration ("cycle": {"sync":
# "wall-clock"}) and program, started 7 s apart, switch to the same pages at the same
# instants. Each logs every page it puts on screen with the wall-clock instant
# (--log-pages); every switch of the second kiosk (its first page is joined mid-step, not
# a switch) must be matched by the first kiosk switching to the same page within 0.2 s.
# The same pair without sync must not match (the check can fail): a cycle of 6 s puts
# the second kiosk 1 s off the first (the rooms board, once a third page, is left out
# for the one-room sample: now & next shows its room).
#   tests/binary/kiosk-sync.sh HALLBOARD SOURCE_DIR
# A cross-built HALLBOARD runs under $HALLBOARD_EMULATOR (qemu-user; empty natively).
set -euo pipefail
hallboard=$1
src=$2
. "$(dirname "$0")/lib.sh"
make_work --counts
kill_at_exit pairs  # the pairs' jobs; their kiosks end by themselves (--exit-after)
export SDL_VIDEODRIVER=dummy

pair() {  # SYNC -> logs a-SYNC.log, b-SYNC.log
  printf '{"program": "%s/data/mlsys2021.json", "clock": {"mode": "fixed", "at": "2021-04-06T09:45"},
  "rotation": [{"page": "now-next", "seconds": 2}, {"page": "upcoming", "seconds": 2}, {"page": "awards", "seconds": 2}],
  "cycle": {"sync": "%s"}}\n' "$src" "$1" > "$work/$1.json"
  for k in a b; do
    [ $k = b ] && sleep 7
    ${HALLBOARD_EMULATOR:-} "$hallboard" run -c "$work/$1.json" --window --software --size 800x480 --log-pages \
      --exit-after $([ $k = a ] && echo 21 || echo 14) --state-dir "$work/state-$1-$k" > "$work/$k-$1.log" 2>&1 &
  done
  wait
}
pair wall-clock &
pairs="$pairs $!"
pair none &
pairs="$pairs $!"
wait
pairs=

compare() {  # SYNC -> prints "matched M of N" and exits 0 when all matched
  python3 - "$work/a-$1.log" "$work/b-$1.log" <<'PY'
import re, sys
from datetime import datetime
def switches(path):
    out = []
    for line in open(path):
        m = re.match(r"hallboard: page (.+) at (\S+)Z$", line.strip())
        if m: out.append((m.group(1), datetime.fromisoformat(m.group(2)).timestamp()))
    return out
a, b = switches(sys.argv[1]), switches(sys.argv[2])
b = b[1:]  # the first page is joined mid-step, not switched to
matched = [p for p, t in b if any(q == p and abs(s - t) <= 0.2 for q, s in a)]
worst = max((min(abs(s - t) for q, s in a if q == p) for p, t in b if any(q == p for q, _ in a)), default=0)
print(f"matched {len(matched)} of {len(b)} switches, worst {worst:.3f} s")
sys.exit(0 if b and len(matched) == len(b) and len(b) >= 3 else 1)
PY
}
set +e
synced=$(compare wall-clock); synced_ok=$?
unsynced=$(compare none); unsynced_ok=$?
set -e
echo "with sync: $synced"
echo "without sync: $unsynced"
fail_logs="$work/a-wall-clock.log $work/b-wall-clock.log"
[ $synced_ok -eq 0 ] || fail "the synced kiosks did not switch together"
[ $unsynced_ok -ne 0 ] || fail "without sync the kiosks matched too: the check cannot tell"
echo "kiosk-sync: two kiosks 7 s apart in step: $synced"
echo "1 passed, 0 failed"
