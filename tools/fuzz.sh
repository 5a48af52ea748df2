#!/usr/bin/env bash
# Builds the libFuzzer targets with clang (AddressSanitizer and UBSan on) in build-fuzz/
# and runs each for SECONDS (default 30), starting from the project's own fixtures.
#   tools/fuzz.sh [SECONDS]
# A longer run for a release: tools/fuzz.sh 3600. Crashes are written to build-fuzz/crash-*.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
seconds=${1:-30}
build=$root/build-fuzz
flags="-fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=undefined -g -O1"
CC=clang CXX=clang++ cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Debug -DHALLBOARD_FUZZ=ON \
  -DHALLBOARD_TESTS=OFF -DCMAKE_CXX_FLAGS="$flags" -DCMAKE_EXE_LINKER_FLAGS="-fsanitize=address,undefined" > /dev/null
cmake --build "$build" -j2 --target fuzz_program fuzz_config fuzz_overrides fuzz_import > /dev/null
corpus() {  # name, then seed files
  local dir=$build/corpus-$1
  shift
  mkdir -p "$dir"
  cp "$@" "$dir"/ 2>/dev/null || true
  echo "$dir"
}
export ASAN_OPTIONS=detect_leaks=1:allocator_may_return_null=1
export LSAN_OPTIONS=suppressions=$root/tests/lsan.supp
status=0
run() {  # target corpus
  echo "fuzz: $1 for ${seconds}s"
  (cd "$build" && "./$1" -max_total_time="$seconds" -max_len=65536 -timeout=10 -rss_limit_mb=2048 \
      -print_final_stats=1 "$2" 2>&1 | grep -E "^(stat::number_of_executed_units|stat::peak_rss_mb|==[0-9]+==ERROR|SUMMARY)" ) || status=1
}
run fuzz_program "$(corpus program "$root"/data/*.json "$root"/tests/fixtures/*.json "$root"/tests/fixtures/fuzz/config-*)"
run fuzz_config "$(corpus config "$root"/config/*.json "$root"/tests/fixtures/fuzz/config-*)"
run fuzz_overrides "$(corpus overrides "$root"/config/overrides.example.json "$root"/tests/fixtures/overrides/*.json)"
run fuzz_import "$(corpus import "$root"/data/seeds/*.txt "$root"/tests/fixtures/import/* "$root"/tests/fixtures/formats/*.json)"
if ls "$build"/crash-* "$build"/timeout-* "$build"/oom-* > /dev/null 2>&1; then
  echo "fuzz: found problems:"; ls "$build"/crash-* "$build"/timeout-* "$build"/oom-* 2>/dev/null; status=1
fi
[ $status -eq 0 ] && echo "fuzz: 4 passed, 0 failed" || echo "fuzz: failures above"
exit $status
