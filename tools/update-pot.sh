#!/bin/sh
# Extracts every message the kiosk draws into po/hallboard.pot (xgettext, Debian's
# gettext): tr("..."), trn("one", "many", n) and N_("...") in src/. Run it after
# changing a message, then `msgmerge -U po/LANG.po po/hallboard.pot` for each language.
set -eu
cd "$(dirname "$0")/.."
git ls-files 'src/*.cpp' 'src/*.hpp' | LC_ALL=C sort >po/.sources
xgettext --language=C++ --from-code=UTF-8 --keyword=tr --keyword=trn:1,2 --keyword=N_ --keyword=trnc:1c,2,3 \
  --flag=trf:1:c-format --add-comments=TRANSLATORS: --package-name=hallboard \
  --msgid-bugs-address=hallboard@localhost --sort-by-file \
  -f po/.sources -o po/hallboard.pot
rm -f po/.sources
