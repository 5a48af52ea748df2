#!/usr/bin/env bash
# The deployment guide's offline time server works as written: a chronyd with exactly the
# laptop's lines of docs/deployment.md ("Time and time zone") serves, a chronyd with
# exactly the Pi's lines gets its time. Run on the loopback, on a port of its own, with
# -x (never touches this machine's clock) and -Q (the client measures once and exits).
# Skipped (77) without chronyd: CHRONYD=/path/to/chronyd, else chronyd on the PATH.
#   tests/binary/chrony-offline.sh SOURCE_DIR
set -euo pipefail
src=${1:?usage: chrony-offline.sh SOURCE_DIR}
chronyd=${CHRONYD:-$(command -v chronyd || true)}
[ -x "$chronyd" ] || { echo "chrony-offline: no chronyd (set CHRONYD): skipped"; exit 77; }
. "$(dirname "$0")/lib.sh"
make_work
kill_at_exit server
fail_logs="$work/server.log"
doc="$src/docs/deployment.md"
# The lines of the two ```-blocks the guide gives, as written.
block() { awk -v first="$1" '/^ *```/ { if (on) exit; next } index($0, first) { on = 1 } on { sub(/^ +/, ""); print }' "$doc"; }
laptop=$(block "local stratum")
pi=$(block "server 192.168.8.10")
[ "$(wc -l <<<"$laptop")" -eq 2 ] && [ "$(wc -l <<<"$pi")" -eq 3 ] || fail "the guide's chrony lines not found:
$laptop
$pi"
port=$((20000 + $$ % 20000))
user=$(id -un)
# The venue LAN becomes the loopback, the laptop's address 127.0.0.1 on the test's port.
{ sed 's|allow 192.168.8.0/24|allow 127.0.0.1|' <<<"$laptop"
  echo "port $port"; echo "cmdport 0"; echo "pidfile $work/server.pid"; } >"$work/server.conf"
{ sed "s|server 192.168.8.10 iburst|server 127.0.0.1 iburst port $port|" <<<"$pi"
  echo "cmdport 0"; echo "pidfile $work/client.pid"; } >"$work/client.conf"
"$chronyd" -u "$user" -x -d -f "$work/server.conf" >"$work/server.log" 2>&1 &
server=$!
sleep 1
out=$(timeout 30 "$chronyd" -u "$user" -x -Q -f "$work/client.conf" 2>&1) || true
echo "$out"
if grep -q "System clock wrong by" <<<"$out"; then
  echo "chrony-offline: the Pi's lines got the laptop's time: $(grep -o 'wrong by .*' <<<"$out")"
else
  fail "the client did not get the server's time"
fi
