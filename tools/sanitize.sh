#!/usr/bin/env bash
# Builds with AddressSanitizer and UndefinedBehaviorSanitizer (Debug, so Dear ImGui's
# asserts are on too) in build-asan/ and runs the whole test suite.
#   tools/sanitize.sh
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
flags="-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined"
cmake -S "$root" -B "$root/build-asan" -DCMAKE_BUILD_TYPE=Debug -DCMAKE_CXX_FLAGS="$flags" \
  -DCMAKE_EXE_LINKER_FLAGS="-fsanitize=address,undefined" > /dev/null
cmake --build "$root/build-asan" -j2
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1
export UBSAN_OPTIONS=print_stacktrace=1
export LSAN_OPTIONS=suppressions=$root/tests/lsan.supp
ctest --test-dir "$root/build-asan" --output-on-failure -j2
