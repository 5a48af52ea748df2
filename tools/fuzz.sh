#!/usr/bin/env bash
# Builds the libFuzzer targets with clang in build-fuzz/ and runs each for SECONDS
# (default 30), one after the other, starting from the project's own files with a
# dictionary per reader (fuzz/*.dict).
#   tools/fuzz.sh [SECONDS]
#   tools/fuzz.sh --seeds-only DIR   only writes the seeds to DIR/seeds-* (for
#                                    tools/check-fuzz-seeds.sh); needs no clang
# A longer run for a release: tools/fuzz.sh 3600. Crashes are written to build-fuzz/crash-*.
#
# Sanitizers: AddressSanitizer, UndefinedBehaviorSanitizer, and clang's checks that are
# not undefined behaviour but are bugs in a reader of numbers: float-cast-overflow
# (a double too large for the integer it is cast to), and the integer group without
# unsigned-integer-overflow and implicit-integer-sign-change. Those two report code that
# is right: run over the corpora with every integer check on, unsigned-integer-overflow
# fired at 9 places, 6 in libstdc++'s headers (string_view::compare, basic_string,
# vector<bool>) and 3 in our "for (i = n; i-- > 0;)" loops; implicit-integer-sign-change
# in string_view::compare. What stays on: signed-integer-overflow, integer-divide-by-zero,
# shift, and the implicit truncations (a long long narrowed into an int that does not
# hold it). Every check aborts.
#
# The import target takes its reader from the first byte of its input
# (fuzz/fuzz_import.cpp); each seed is written with the byte of the format it is in,
# and the text seeds once more with the byte for detection by content.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
seeds_only=0
if [ "${1:-}" = "--seeds-only" ]; then
  seeds_only=1
  build=${2:?"--seeds-only DIR"}
  mkdir -p "$build"
else
  seconds=${1:-30}
  build=$root/build-fuzz
fi
checks="address,undefined,float-cast-overflow,integer"
nochecks="unsigned-integer-overflow,implicit-integer-sign-change"
flags="-fsanitize=fuzzer-no-link,$checks -fno-sanitize=$nochecks -fno-sanitize-recover=all -g -O1"
[ $seeds_only -eq 1 ] || CC=clang CXX=clang++ cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Debug -DHALLBOARD_FUZZ=ON \
  -DHALLBOARD_TESTS=OFF -DCMAKE_CXX_FLAGS="$flags" \
  -DCMAKE_EXE_LINKER_FLAGS="-fsanitize=$checks -fno-sanitize=$nochecks" > /dev/null
[ $seeds_only -eq 1 ] || cmake --build "$build" -j2 --target fuzz_program fuzz_config fuzz_overrides fuzz_import fuzz_venue > /dev/null
max_len=65536

# --- seeds: build-fuzz/seeds-TARGET/ is made afresh each run; build-fuzz/corpus-TARGET/
# keeps what the fuzzer found across runs.
seeds() {  # target, then seed files: copied as they are
  local dir=$build/seeds-$1
  shift
  for f in "$@"; do
    [ -f "$f" ] && cp "$f" "$dir/"
  done
  return 0
}
# A JSON seed larger than max_len would be cut short into invalid JSON: every array in
# it is cut to its first few items instead (three, or fewer until it fits).
shrink_json() {  # file -> stdout
  python3 - "$1" "$max_len" <<'PY'
import json, sys
path, limit = sys.argv[1], int(sys.argv[2])
data = open(path, 'rb').read()
if len(data) < limit - 1:
    sys.stdout.buffer.write(data)
    sys.exit(0)
def cut(v, n):
    if isinstance(v, list): return [cut(x, n) for x in v[:n]]
    if isinstance(v, dict): return {k: cut(x, n) for k, x in v.items()}
    return v
try:
    doc = json.loads(data)
except ValueError:  # not JSON: libFuzzer will cut it
    sys.stdout.buffer.write(data)
    sys.exit(0)
for n in (3, 2, 1):
    text = json.dumps(cut(doc, n), ensure_ascii=False, indent=1).encode()
    if len(text) < limit - 1: break
sys.stdout.buffer.write(text)
PY
}
# The reader names in fuzz_import.cpp's table, in order: the byte for a format is its index.
mapfile -t formats < <(awk '/kFormatNames\[\] = \{/,/\};/' "$root/fuzz/fuzz_import.cpp" | grep -o '"[a-z-]*"' | tr -d '"')
[ "${#formats[@]}" -eq 10 ] || { echo "fuzz: cannot read kFormatNames in fuzz/fuzz_import.cpp"; exit 1; }
import_seed() {  # format name, then seed files: each written with its format's byte first
  local name=$1 index
  shift
  for index in "${!formats[@]}"; do [ "${formats[$index]}" = "$name" ] && break; done
  [ "${formats[$index]}" = "$name" ] || { echo "fuzz: no format \"$name\" in fuzz/fuzz_import.cpp"; exit 1; }
  for f in "$@"; do
    [ -f "$f" ] || continue
    { printf "\\x$(printf %02x "$index")"; shrink_json "$f"; } > "$build/seeds-import/$name-$(basename "$f")"
  done
}
rm -rf "$build"/seeds-*
mkdir -p "$build"/seeds-{program,config,overrides,import,venue}
seeds program "$root"/data/*.json "$root"/tests/fixtures/*.json "$root"/tests/fixtures/fuzz/program-* "$root"/tests/fixtures/fuzz/config-*
seeds config "$root"/config/*.json "$root"/tests/fixtures/fuzz/config-*
seeds venue "$root"/data/*.venue.json
seeds overrides "$root"/config/overrides.example.json "$root"/tests/fixtures/overrides/*.json "$root"/tests/fixtures/fuzz/overrides-*
seeds import "$root"/tests/fixtures/fuzz/import-*  # regression inputs, already with their byte
seeds_text() { ls "$root"/data/seeds/$1 "$root"/tests/fixtures/import/$2 2>/dev/null || true; }
import_seed day-schedule $(seeds_text 'mlsys2021-*schedule*.txt' 'day-schedule-*.txt')
import_seed paper-list $(seeds_text '*accepted-papers*.txt' 'paper-list-*.txt')
import_seed session-page $(seeds_text '*session-*.txt' 'session-page-*.txt')
import_seed arxiv $(seeds_text 'arxiv-*.txt' 'arxiv-*.txt')
import_seed awards $(seeds_text '*award*.txt' 'awards-*.txt')
import_seed auto "$root"/data/seeds/*.txt "$root"/tests/fixtures/import/*
import_seed frab-xml "$root"/tests/fixtures/import/*.xml
import_seed voc-json "$root"/tests/fixtures/formats/*.json
import_seed ical "$root"/tests/fixtures/import/*.ics
# Programs only: data/*.venue.json are venue files (docs/venue.md), not programs.
import_seed hallboard $(ls "$root"/data/mlsys20*.json | grep -v '\.venue\.json$') "$root"/data/arxiv-*.json \
  "$root"/tests/fixtures/two-rooms.json
# One dictionary per reader; the import target reads them all.
cat "$root"/fuzz/{text,frab,ical,voc,program}.dict > "$build/import.dict"
[ $seeds_only -eq 0 ] || exit 0

export ASAN_OPTIONS=detect_leaks=1:allocator_may_return_null=1
export LSAN_OPTIONS=suppressions=$root/tests/lsan.supp
export UBSAN_OPTIONS=print_stacktrace=1
passed=0
failed=0
run() {  # target, dictionary
  local target=$1 dict=$2 name=${1#fuzz_} log=$build/$1.log
  mkdir -p "$build/corpus-$name"
  echo "fuzz: $target for ${seconds}s ($(ls "$build/seeds-$name" | wc -l) seeds, $(ls "$build/corpus-$name" | wc -l) in the corpus)"
  if (cd "$build" && "./$target" -max_total_time="$seconds" -max_len=$max_len -timeout=10 -rss_limit_mb=2048 \
        -dict="$dict" -print_final_stats=1 "$build/corpus-$name" "$build/seeds-$name" > "$log" 2>&1); then
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
    grep -E "^(==[0-9]+==ERROR|SUMMARY|.*runtime error:|    #[0-9] )" "$log" | head -20 || true
  fi
  local runs per_sec rss
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
  per_sec=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log")
  rss=$(sed -n 's/^stat::peak_rss_mb: *//p' "$log")
  echo "fuzz: $target: ${runs:-?} runs, ${per_sec:-?} execs/s, peak ${rss:-?} MB, $(ls "$build/corpus-$name" | wc -l) in the corpus (log: $log)"
}
run fuzz_program "$root/fuzz/program.dict"
run fuzz_config "$root/fuzz/config.dict"
run fuzz_overrides "$root/fuzz/overrides.dict"
run fuzz_import "$build/import.dict"
run fuzz_venue "$root/fuzz/venue.dict"
if ls "$build"/crash-* "$build"/timeout-* "$build"/oom-* > /dev/null 2>&1; then
  echo "fuzz: found problems:"; ls "$build"/crash-* "$build"/timeout-* "$build"/oom-* 2>/dev/null
fi
echo "fuzz: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
