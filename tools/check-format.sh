#!/bin/sh
# Checks that every C++ file in src/, tests/, bench/ and fuzz/ is laid out as the
# project's .clang-format says (#29.7): `clang-format -i` would leave each unchanged.
#   tools/check-format.sh [ROOT]          check, naming every file that differs
#   tools/check-format.sh --self-test     a file with a wrong layout is caught
# Fix a file with `clang-format -i FILE` (Debian's clang-format 14, tools/setup-debian.sh).
set -eu
command -v clang-format >/dev/null || { echo "check-format: clang-format is not installed (tools/setup-debian.sh)"; exit 1; }
if [ "${1:-}" = "--self-test" ]; then
    root=$(CDPATH= cd -- "$(dirname -- "$0")/.." && pwd)
    tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
    mkdir -p "$tmp/src"
    cp "$root/.clang-format" "$tmp/"
    printf 'int f(int a) {\n    return a;\n}\n' > "$tmp/src/good.cpp"
    sh "$0" "$tmp" >/dev/null || { echo "check-format: a well laid out file was refused"; exit 1; }
    printf 'int f( int a ){ return a ;}\n' > "$tmp/src/bad.cpp"
    if out=$(sh "$0" "$tmp"); then echo "check-format: a badly laid out file passed"; exit 1; fi
    echo "$out" | grep -q "src/bad.cpp" || { echo "check-format: the bad file was not named: $out"; exit 1; }
    echo "check-format self-test: passed"
    exit 0
fi
root=${1:-.}
cd "$root"
[ -f .clang-format ] || { echo "check-format: no .clang-format in $root"; exit 1; }
bad=0
for f in $(find src tests bench fuzz -name '*.cpp' -o -name '*.hpp' 2>/dev/null | grep -v '/fixtures/' | sort); do
    if ! clang-format --dry-run --Werror "$f" >/dev/null 2>&1; then
        echo "$f: not laid out as .clang-format says (clang-format -i $f)"
        bad=1
    fi
done
[ $bad -eq 0 ] && echo "check-format: every file is laid out as .clang-format says"
exit $bad
