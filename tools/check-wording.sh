#!/bin/sh
# The model's sentences for visitors are made in one unit, src/model/wording.cpp (#29.2):
# no other model file calls tr(), trf(), trn() or N_(), so a query of the model holds
# facts only and a word never hides in a loader.
#   tools/check-wording.sh [SRC]      check, naming every line that does
#   tools/check-wording.sh --self-test  a tr() injected into a copy of a model file is named
set -eu
if [ "${1:-}" = "--self-test" ]; then
    root=$(CDPATH= cd -- "$(dirname -- "$0")/.." && pwd)
    tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
    mkdir -p "$tmp/model"
    cp "$root/src/model/venue.cpp" "$root/src/model/venue.hpp" "$root/src/model/wording.cpp" "$tmp/model/"
    sh "$0" "$tmp" >/dev/null || { echo "check-wording: the model as it is was refused"; exit 1; }
    printf 'std::string injected() { return tr("Injected"); }\n' >> "$tmp/model/venue.cpp"
    if out=$(sh "$0" "$tmp"); then echo "check-wording: an injected tr() passed"; exit 1; fi
    echo "$out" | grep -q "model/venue.cpp:.*Injected" || { echo "check-wording: the line was not named: $out"; exit 1; }
    echo "check-wording self-test: passed"
    exit 0
fi
src=${1:-src}
found=$(grep -nE '(^|[^A-Za-z0-9_])(tr|trf|trn|trnc|N_)\(' "$src"/model/*.cpp "$src"/model/*.hpp | grep -v "/model/wording\.[ch]pp:" || true)
if [ -n "$found" ]; then
    echo "$found" | sed 's/$/  <- a sentence for visitors: make it in model\/wording.cpp/'
    exit 1
fi
echo "check-wording: the model's sentences are all in model/wording.cpp"
