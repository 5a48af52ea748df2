#!/bin/sh
# The message catalogues are complete and well formed: po/hallboard.pot lists every
# message src/ draws (extracted afresh with xgettext), every one of them is translated
# in each po/LANG.po (msgcmp: not missing, not fuzzy, not empty), and msgfmt --check
# passes each (same printf placeholders as the English, a valid header and plural forms).
#
# usage: check-messages.sh SOURCE_DIR
set -eu
src=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$src"
git ls-files 'src/*.cpp' 'src/*.hpp' 2>/dev/null | LC_ALL=C sort >"$tmp/sources" || true
[ -s "$tmp/sources" ] || find src -name '*.cpp' -o -name '*.hpp' | LC_ALL=C sort >"$tmp/sources"
xgettext --language=C++ --from-code=UTF-8 --keyword=tr --keyword=trn:1,2 --keyword=N_ --keyword=trnc:1c,2,3 \
  --flag=trf:1:c-format -f "$tmp/sources" -o "$tmp/fresh.pot" 2>/dev/null
status=0
# The committed template is up to date: the same messages both ways.
if ! msgcmp --use-untranslated po/hallboard.pot "$tmp/fresh.pot" || ! msgcmp --use-untranslated "$tmp/fresh.pot" po/hallboard.pot; then
  echo "check-messages: po/hallboard.pot is out of date; run tools/update-pot.sh" >&2
  status=1
fi
count=$(grep -c '^msgid ' "$tmp/fresh.pot")
for po in po/*.po; do
  if ! msgcmp "$po" "$tmp/fresh.pot"; then
    echo "check-messages: $po misses translations (or has them fuzzy or empty)" >&2
    status=1
  fi
  if grep -q '^#, .*fuzzy' "$po"; then
    echo "check-messages: $po has fuzzy entries" >&2
    status=1
  fi
  msgfmt --check -o /dev/null "$po" || status=1
done
[ $status -eq 0 ] && echo "check-messages: $((count - 1)) messages, translated in $(ls po/*.po | wc -l) languages"
exit $status
