#!/bin/sh
# The shipped systemd unit is valid and stays sandboxed: `systemd-analyze verify` says
# nothing about it (no unknown key, no bad value; a warning fails too), and
# `systemd-analyze security --offline=true` rates it at most THRESHOLD (tenths: 10 = an
# exposure of 1.0). Exits 77 (CTest's SKIP_RETURN_CODE) where systemd-analyze or its
# --offline mode (systemd >= 250) is missing, so the test shows as skipped, never as
# passed.
#   tools/check-unit-security.sh UNIT [THRESHOLD [HALLBOARD]]
# HALLBOARD: the built binary, verified in place of /usr/bin/hallboard (verify checks
# that ExecStart= names an executable; the package is not installed here).
set -u
unit=$1
threshold=${2:-10}
binary=${3:-}
if ! command -v systemd-analyze >/dev/null 2>&1; then
    echo "SKIP: systemd-analyze not found; the unit's sandbox is not checked here"
    exit 77
fi
if ! systemd-analyze security --help 2>/dev/null | grep -q -- '--offline'; then
    echo "SKIP: this systemd-analyze has no --offline mode (systemd >= 250 needed)"
    exit 77
fi
if [ ! -f "$unit" ]; then
    echo "FAIL: no unit file at $unit"
    exit 1
fi
if [ -n "$binary" ]; then
    dir=$(mktemp -d)
    trap 'rm -rf "$dir"' EXIT
    verified="$dir/$(basename "$unit")"
    sed "s|^ExecStart=/usr/bin/hallboard|ExecStart=$binary|" "$unit" >"$verified"
    said=$(systemd-analyze verify "$verified" 2>&1)
    code=$?
    if [ "$code" -ne 0 ] || [ -n "$said" ]; then
        printf '%s\n' "$said"
        echo "FAIL: systemd-analyze verify $unit (exit $code) said the above"
        exit 1
    fi
    echo "OK: systemd-analyze verify $unit: nothing to say"
fi
limit="$((threshold / 10)).$((threshold % 10))"
out=$(systemd-analyze security --offline=true --threshold="$threshold" "$unit" 2>&1)
code=$?
printf '%s\n' "$out" | grep -v '^✓'
if [ "$code" -ne 0 ]; then
    echo "FAIL: $unit is rated above $limit (systemd-analyze exit $code); see the lines marked ✗ above"
    exit 1
fi
echo "OK: $unit is rated at most $limit"
