#!/usr/bin/env bash
# #26.1, the real binary: a program with a U+0000 escape (a title, a room's name, the
# venue line, an abstract never shown) and a raw NUL byte in an iCalendar import. The
# kiosk draws it (it aborted at every start: ImGui's glyph ranges end at a zero), says
# where each was, and the program becomes the last good copy only after a frame; `check`
# reports it; `import` cleans it and warns.
#   tests/binary/kiosk-nul-program.sh HALLBOARD SOURCE_DIR
# A cross-built HALLBOARD runs under $HALLBOARD_EMULATOR (qemu-user; empty natively).
set -euo pipefail
hallboard=$1
src=$2
. "$(dirname "$0")/lib.sh"
make_work
export SDL_VIDEODRIVER=dummy
# Runs hallboard, its output in $kiosk_log (which fail prints) and in $log.
hb() {
  ${HALLBOARD_EMULATOR:-} "$hallboard" "$@" > "$kiosk_log" 2>&1 && status=0 || status=$?
  log=$(cat "$kiosk_log")
  return $status
}

# The sample program with a NUL in its first title, its first room's name, its venue
# line and an abstract.
python3 - "$src/data/mlsys2021.json" "$work/program.json" <<'PY'
import json, sys
p = json.load(open(sys.argv[1], encoding="utf-8"))
p["conference"]["venue"] = "Main\u0000 building"
p["rooms"][0]["name"] += "\u0000"
p["sessions"][0]["title"] += "\u0000"
for s in p["sessions"]:
    for t in s.get("talks", []):
        t["abstract"] = "never \u0000shown"
        break
json.dump(p, open(sys.argv[2], "w", encoding="utf-8"))
PY
grep -q '\\u0000' "$work/program.json" || fail "the test program has no NUL escape"
cat > "$work/kiosk.json" <<'JSON'
{"program": "program.json", "clock": {"mode": "fixed", "at": "2021-04-06T09:45"}}
JSON

hb run -c "$work/kiosk.json" --window --software --size 800x480 --exit-after 2 --state-dir "$work/state" ||
  fail "the kiosk exited $? with a NUL in its program"
[[ $log == *"program.json: /rooms/0/name: warning: U+0000 (NUL, a control character)"* ]] || fail "no located warning"
[[ $log == *"frames drawn"* ]] || fail "the loop did not run"
[ -f "$work/state/last-good.json" ] || fail "the program that drew was not kept as the last good copy"
# Restarted from that copy (the file now broken): it draws too.
head -c 3000 "$work/program.json" > "$work/cut" && mv "$work/cut" "$work/program.json"
hb run -c "$work/kiosk.json" --window --software --size 800x480 --exit-after 1 --state-dir "$work/state" ||
  fail "the restart from the last good copy exited $?"
[[ $log == *"showing the last good copy"* ]] || fail "the last good copy is not shown"

# check reports it.
python3 - "$src/data/mlsys2021.json" "$work/program.json" <<'PY'
import json, sys
p = json.load(open(sys.argv[1], encoding="utf-8"))
p["sessions"][0]["title"] += "\u0000"
json.dump(p, open(sys.argv[2], "w", encoding="utf-8"))
PY
hb check "$work/program.json" || fail "check exited $?"
[[ $log == *"/sessions/0/title: warning: U+0000 (NUL, a control character)"* ]] || fail "check does not report the NUL"

# import from iCalendar: a raw NUL byte in a summary is cleaned and warned about.
printf 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nX-WR-TIMEZONE:Europe/Berlin\r\nBEGIN:VEVENT\r\nUID:a@x\r\nDTSTART;TZID=Europe/Berlin:20261020T100000\r\nDTEND;TZID=Europe/Berlin:20261020T104500\r\nSUMMARY:Keynote \000at ten\r\nLOCATION:Hall\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n' > "$work/cal.ics"
hb import --reference-year 2026 "$work/cal.ics" -o "$work/imported.json" || fail "import exited $?"
[[ $log == *"cal.ics: /sessions/0/title: warning: U+0000 (NUL, a control character)"* ]] || fail "import does not warn"
! grep -q '\\u0000' "$work/imported.json" || fail "import copied the NUL through"
echo "nul: drawn, kept after a frame, restarted from the copy, checked, imported clean"
