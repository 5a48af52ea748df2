#!/usr/bin/env bash
# tools/check-layers.sh catches each wrong-way include: on a copy of src/, one include
# at a time is added where the layers forbid it, and the check must fail naming that
# file; the untouched copy must pass.
#   tests/checks/layers-injected.sh SOURCE_DIR
set -uo pipefail
root=${1:?source dir}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failures=0
copy() { rm -rf "$work/tree"; mkdir -p "$work/tree/tools"; cp -r "$root/src" "$work/tree/src"
         cp "$root/tools/check-layers.sh" "$work/tree/tools/"; }
copy
if ! out=$("$work/tree/tools/check-layers.sh" "$work/tree" 2>&1); then
  echo "FAIL: the untouched tree fails the layer check:"; echo "$out"; exit 1
fi
# file  include  (what must not be)
cases=(
  "base/time.hpp|model/program.hpp|base uses a model header"
  "base/text.cpp|kiosk/clock.hpp|base uses a kiosk header"
  "model/scheduler.hpp|kiosk/kiosk_config.hpp|the model asks about a kiosk's runtime"
  "model/venue.cpp|browse/browser.hpp|the model uses browse"
  "import/builder.cpp|kiosk/slides.hpp|import uses kiosk"
  "browse/search.cpp|kiosk/rotation.hpp|browse uses kiosk"
  "kiosk/rotation.cpp|import/import.hpp|kiosk uses import"
  "kiosk/kiosk_loop.hpp|ui/theme.hpp|kiosk uses ui"
  "ui/theme.cpp|platform/paths.hpp|ui uses platform"
)
for c in "${cases[@]}"; do
  IFS='|' read -r file inc why <<<"$c"
  copy
  [ -f "$work/tree/src/$file" ] || { echo "FAIL: no src/$file to inject into"; failures=$((failures+1)); continue; }
  printf '#include "%s"\n' "$inc" >> "$work/tree/src/$file"
  out=$("$work/tree/tools/check-layers.sh" "$work/tree" 2>&1)
  rc=$?
  if [ $rc -eq 0 ]; then
    echo "FAIL: $why (src/$file includes $inc) passed the layer check"; failures=$((failures+1))
  elif ! grep -q "src/$file:" <<<"$out"; then
    echo "FAIL: $why: the check failed without naming src/$file:"; echo "$out"; failures=$((failures+1))
  else
    echo "ok: $why is caught"
  fi
done
echo "layer injections: $(( ${#cases[@]} - failures )) caught, $failures missed"
[ $failures -eq 0 ]
