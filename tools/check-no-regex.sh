#!/usr/bin/env bash
# Fails when a C++ file under DIR includes <regex>. std::regex in libstdc++ matches with a
# recursive executor (a stack frame per character: a long input line overflowed the stack)
# and is slow; the importers read text with the scanners in src/import/scan.hpp.
#   tools/check-no-regex.sh [DIR]    (default: src)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
dir=${1:-$root/src}
files=$(find "$dir" -type f \( -name '*.cpp' -o -name '*.hpp' -o -name '*.h' -o -name '*.cc' \) | wc -l)
if [ "$files" -eq 0 ]; then
  echo "no C++ files under $dir: wrong directory?"; exit 1
fi
if grep -rnE --include='*.cpp' --include='*.hpp' --include='*.h' --include='*.cc' \
     '^[[:space:]]*#[[:space:]]*include[[:space:]]*[<"]regex[>"]' "$dir"; then
  echo "0 passed, 1 failed: the files above include <regex>; read text with src/import/scan.hpp instead"
  exit 1
fi
echo "1 passed, 0 failed: none of the $files C++ files under $dir includes <regex>"
