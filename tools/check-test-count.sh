#!/bin/sh
# Fails when CTest does not run exactly the Catch2 test cases the test binary has.
#
# catch_discover_tests turns each name from `--list-test-names-only` into a CTest test;
# a name with a ';' in it becomes a CMake list, so CTest gets fragments that match no
# test case, Catch2 runs nothing, and they "pass". This compares the two lists.
#
# usage: check-test-count.sh TEST_BINARY CTEST_DIR LABEL [CTEST]
# A cross-built binary runs under $HALLBOARD_EMULATOR (qemu-user; empty natively).
set -eu
binary=$1
dir=$2
label=$3
ctest=${4:-ctest}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

${HALLBOARD_EMULATOR:-} "$binary" --list-test-names-only | sed '/^$/d' | LC_ALL=C sort >"$tmp/binary"
"$ctest" --test-dir "$dir" -N -L "^$label\$" | sed -n 's/^ *Test *#[0-9]*: //p' | LC_ALL=C sort >"$tmp/ctest"

cases=$(wc -l <"$tmp/binary")
tests=$(wc -l <"$tmp/ctest")
if [ "$cases" -eq 0 ]; then
    echo "check-test-count: $binary lists no test cases" >&2
    exit 1
fi
if [ "$cases" -ne "$tests" ] || ! cmp -s "$tmp/binary" "$tmp/ctest"; then
    echo "check-test-count: $binary has $cases test cases, CTest lists $tests tests (label $label)" >&2
    echo "(< only in the binary, > only in CTest; a ';' in a test name splits it)" >&2
    diff "$tmp/binary" "$tmp/ctest" >&2 || true
    exit 1
fi
echo "check-test-count: CTest runs each of the $cases test cases of $(basename "$binary") once"
