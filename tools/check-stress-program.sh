#!/usr/bin/env bash
# Fails when data/stress-40-rooms.json or data/stress-photos/ differ from what
# tools/make-stress-program.py makes (edit the generator, not the file).
#   tools/check-stress-program.sh
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
/usr/bin/python3 "$root/tools/make-stress-program.py" "$tmp/stress-40-rooms.json" 2> "$tmp/make.log" || { cat "$tmp/make.log"; exit 1; }
if diff -u "$root/data/stress-40-rooms.json" "$tmp/stress-40-rooms.json" > "$tmp/json.diff" &&
   diff -r "$root/data/stress-photos" "$tmp/stress-photos" > "$tmp/photos.diff"; then
  echo "1 passed, 0 failed"
  exit 0
fi
echo "data/stress-40-rooms.json or data/stress-photos/ differ from what tools/make-stress-program.py makes:"
head -40 "$tmp/json.diff" "$tmp/photos.diff" 2> /dev/null || true
echo "0 passed, 1 failed"
exit 1
