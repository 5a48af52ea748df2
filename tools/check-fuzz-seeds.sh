#!/usr/bin/env bash
# Checks what tools/fuzz.sh gives the fuzzers, without clang: every import seed reaches
# the reader its first byte names (fuzz/fuzz_import.cpp's kFormatNames), shown by
# `hallboard import --format` reading events from it without an error; every reader has
# a seed; every dictionary line is a quoted string libFuzzer accepts.
#   tools/check-fuzz-seeds.sh HALLBOARD
# A cross-built HALLBOARD runs under $HALLBOARD_EMULATOR (qemu-user; empty natively).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
hallboard=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$root/tools/fuzz.sh" --seeds-only "$tmp/fuzz"
mapfile -t formats < <(awk '/kFormatNames\[\] = \{/,/\};/' "$root/fuzz/fuzz_import.cpp" | grep -o '"[a-z-]*"' | tr -d '"')
failures=0
declare -A seeded
for seed in "$tmp"/fuzz/seeds-import/*; do
  case $(basename "$seed") in import-*) continue ;; esac  # regression inputs: any byte
  byte=$(od -An -tu1 -N1 "$seed" | tr -d ' ')
  format=${formats[$((byte % ${#formats[@]}))]}
  tail -c +2 "$seed" > "$tmp/input"
  if report=$(${HALLBOARD_EMULATOR:-} "$hallboard" import --quiet --reference-year 2026 --timezone UTC --format "$format" "$tmp/input" \
                -o "$tmp/out.json" 2>&1) && grep -qE ": [1-9][0-9]* events" <<< "$report"; then
    seeded[$format]=1
  else
    echo "$(basename "$seed"): byte $byte names \"$format\", which does not read it:"
    echo "$report" | head -5
    failures=$((failures + 1))
  fi
done
for format in "${formats[@]}"; do
  [ -n "${seeded[$format]:-}" ] || { echo "no seed reaches the \"$format\" reader"; failures=$((failures + 1)); }
done
for dict in "$root"/fuzz/*.dict; do
  # libFuzzer's dictionary syntax: name="value" or "value", with \\, \" and \xAB escapes.
  if bad=$(grep -vnE '^[[:space:]]*(#.*)?$|^([A-Za-z0-9_]+=)?"([^"\\]|\\\\|\\"|\\x[0-9A-Fa-f]{2})*"[[:space:]]*$' "$dict"); then
    echo "$(basename "$dict"): lines libFuzzer would reject:"; echo "$bad" | head -5
    failures=$((failures + 1))
  fi
done
if [ $failures -eq 0 ]; then
  echo "1 passed, 0 failed: every import seed reaches its reader, all ${#formats[@]} readers seeded, dictionaries well formed"
else
  echo "0 passed, 1 failed: $failures problems above"
  exit 1
fi
