#!/usr/bin/env bash
# Fails when the committed sample programs differ from what tools/make-samples.sh makes.
#   tools/check-samples.sh HALLBOARD
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$root/tools/make-samples.sh" "$1" "$tmp" > /dev/null 2> "$tmp/import.log" || { cat "$tmp/import.log"; exit 1; }
status=0
for made in "$tmp"/*.json; do
  name=$(basename "$made")
  if ! diff -u "$root/data/$name" "$made" > "$tmp/$name.diff"; then
    echo "data/$name differs from what tools/make-samples.sh makes:"
    head -40 "$tmp/$name.diff"
    status=1
  fi
done
[ $status -eq 0 ] && echo "1 passed, 0 failed" || echo "0 passed, 1 failed"
exit $status
