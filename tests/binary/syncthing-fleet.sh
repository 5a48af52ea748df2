#!/usr/bin/env bash
# The folder layout of docs/deployment.md ("Syncthing: programs out, status back"),
# carried by two real Syncthing instances on loopback: a "laptop" whose programs folder
# is Send Only and a "kiosk" whose programs folder is Receive Only, both sharing a
# status folder. The program reaches the kiosk, a headless kiosk runs on it and writes
# its status, the status comes back to the laptop, and `hallboard fleet` there, with
# --program naming the laptop's file, reports the kiosk ok on that program. Then the
# laptop changes the program: it reaches the kiosk, which reloads it, and the laptop's
# fleet report follows. Skipped (exit 77) without syncthing.
#   tests/binary/syncthing-fleet.sh HALLBOARD SOURCE_DIR
# A cross-built HALLBOARD runs under $HALLBOARD_EMULATOR (qemu-user; empty natively).
set -euo pipefail
hallboard=$1
src=$2
if ! command -v syncthing > /dev/null; then
  echo "syncthing-fleet: syncthing is not installed (Debian package syncthing): skipped"
  exit 77
fi
. "$(dirname "$0")/lib.sh"
make_work --counts
kill_at_exit pids
fail_logs="$work/laptop.log $work/kiosk.log $work/hallboard.log"
fail_lines=30

for side in laptop kiosk; do
  mkdir -p "$work/$side/programs" "$work/$side/status"
  syncthing generate --home="$work/$side/home" --no-default-folder > /dev/null 2>&1 || fail "syncthing generate"
done
laptop_id=$(syncthing serve --home="$work/laptop/home" --device-id)
kiosk_id=$(syncthing serve --home="$work/kiosk/home" --device-id)
read -r laptop_port kiosk_port < <(python3 -c '
import socket
socks = [socket.socket() for _ in range(2)]
for s in socks: s.bind(("127.0.0.1", 0))
print(*[s.getsockname()[1] for s in socks])')

# Each side's config: loopback only (no discovery, relays, NAT or GUI), the other device
# known, the two folders shared with it, rescans every second. Only the kiosk dials (the
# laptop knows the kiosk as "dynamic", which with discovery off means "wait to be
# called"), and it retries every second: when both sides dialled at once, Syncthing
# dropped one of the two connections, the other could hang in its Hello for 30 s, and
# the default 60 s between retries ran past the wait below (seen once in CI).
configure() {  # SIDE OWN_PORT PEER_ID PEER_ADDRESS PROGRAMS_TYPE
  python3 - "$work/$1/home/config.xml" "$2" "$3" "$4" "$5" "$work/$1" <<'EOF'
import sys, xml.etree.ElementTree as ET
path, port, peer, peer_address, programs_type, root_dir = sys.argv[1:]
tree = ET.parse(path)
cfg = tree.getroot()
own = cfg.find("device").get("id")
opts = cfg.find("options")
def setopt(name, value):
    el = opts.find(name)
    if el is None: el = ET.SubElement(opts, name)
    el.text = value
setopt("listenAddress", f"tcp://127.0.0.1:{port}")
for name in ("globalAnnounceEnabled", "localAnnounceEnabled", "relaysEnabled", "natEnabled",
             "startBrowser", "crashReportingEnabled"):
    setopt(name, "false")
setopt("urAccepted", "-1")
setopt("autoUpgradeIntervalH", "0")
setopt("reconnectionIntervalS", "1")
cfg.find("gui").set("enabled", "false")
device = ET.SubElement(cfg, "device", id=peer, name="peer", compression="metadata", introducer="false")
ET.SubElement(device, "address").text = peer_address
for folder_id, ftype in (("programs", programs_type), ("status", "sendreceive")):
    folder = ET.SubElement(cfg, "folder", id=folder_id, label=folder_id, path=f"{root_dir}/{folder_id}", type=ftype,
                           rescanIntervalS="1", fsWatcherEnabled="true", fsWatcherDelayS="1")
    ET.SubElement(folder, "device", id=own)
    ET.SubElement(folder, "device", id=peer)
tree.write(path)
EOF
}
configure laptop "$laptop_port" "$kiosk_id" dynamic sendonly
configure kiosk "$kiosk_port" "$laptop_id" "tcp://127.0.0.1:$laptop_port" receiveonly

cp "$src/data/mlsys2021.json" "$work/laptop/programs/program.json"
for side in laptop kiosk; do
  STNOUPGRADE=1 syncthing serve --home="$work/$side/home" --no-browser --no-restart > "$work/$side.log" 2>&1 &
  pids="$pids $!"
done

wait_for() {  # SECONDS DESCRIPTION COMMAND...
  local limit=$1 what=$2; shift 2
  wait_until "$limit" "$@" || fail "timed out after $limit s waiting for $what"
}
started=$(date +%s)
wait_for 60 "the program to reach the kiosk" cmp -s "$work/laptop/programs/program.json" "$work/kiosk/programs/program.json"
echo "syncthing-fleet: the program reached the kiosk in $(( $(date +%s) - started )) s"

# The kiosk, on the kiosk side's folders.
cat > "$work/kiosk/kiosk.json" <<EOF
{"program": "programs/program.json", "clock": {"mode": "fixed", "at": "2021-04-06T09:45"},
 "fleet": {"name": "kiosk-1", "status_dir": "status", "interval_seconds": 2}}
EOF
SDL_VIDEODRIVER=dummy ${HALLBOARD_EMULATOR:-} "$hallboard" run -c "$work/kiosk/kiosk.json" --window --software \
  --size 800x480 --state-dir "$work/kiosk/state" > "$work/hallboard.log" 2>&1 &
pids="$pids $!"

report() { ${HALLBOARD_EMULATOR:-} "$hallboard" fleet "$work/laptop/status" --stale-after 30 --program "$work/laptop/programs/program.json" "$@"; }
wait_for 60 "the kiosk's status to reach the laptop" test -f "$work/laptop/status/kiosk-1.status.json"
set +e
text=$(report); code=$?
set -e
echo "$text"
[ $code -eq 0 ] || fail "hallboard fleet on the laptop exited $code, expected 0"
grep -q '^OK    kiosk-1: now-next' <<<"$text" || fail "the kiosk is not reported ok"

# A new program from the laptop: the kiosk reloads it and the report follows.
python3 - "$work/laptop/programs/program.json" <<'EOF'
import json, sys
p = json.load(open(sys.argv[1]))
p["conference"]["name"] = p["conference"].get("name", "") + " (updated)"
tmp = sys.argv[1] + ".tmp"
json.dump(p, open(tmp, "w"))
import os; os.replace(tmp, sys.argv[1])
EOF
changed=$(date +%s)
wait_for 60 "the new program to reach the kiosk" cmp -s "$work/laptop/programs/program.json" "$work/kiosk/programs/program.json"
wait_for 60 "the kiosk to reload it" grep -q 'hallboard: reloaded' "$work/hallboard.log"
new_ok() { report > /dev/null 2>&1; }
wait_for 60 "the laptop's report to show the kiosk on the new program" new_ok
echo "syncthing-fleet: new program to the kiosk and its status back in $(( $(date +%s) - changed )) s"
# A conflict copy beside the kiosk's program (as Syncthing names one when two people
# edited at once): the kiosk never reads it, says so in its log and in its status.
cp "$work/kiosk/programs/program.json" "$work/kiosk/programs/program.sync-conflict-20261125-090102-ABCDEFG.json"
wait_for 60 "the kiosk to log the conflict copy" grep -q 'ignoring 1 Syncthing conflict copy' "$work/hallboard.log"
conflict_back() { report | grep -q 'conflict copies beside its files (not shown, ignored): program.sync-conflict-'; }
wait_for 60 "the laptop's report to list the conflict copy" conflict_back
grep -q 'hallboard: reloaded' "$work/hallboard.log"
[ "$(grep -c 'hallboard: reloaded' "$work/hallboard.log")" -eq 1 ] || fail "the conflict copy made the kiosk reload"

# The kiosk's side is Receive Only: nothing it has goes back into the laptop's programs.
[ "$(ls "$work/laptop/programs" | grep -v '^\.st' | paste -sd,)" = "program.json" ] || fail "unexpected files in the laptop's programs"
echo "syncthing-fleet: programs out, status back through two Syncthing instances"
echo "1 passed, 0 failed"
