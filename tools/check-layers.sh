#!/usr/bin/env bash
# Fails when a file includes a layer it must not: base <- model <- import, browse, kiosk;
# kiosk, browse <- ui <- platform <- cli. The model never asks about one kiosk's runtime;
# import and browse see the model and base only. Only platform includes SDL; only ui and platform include Dear ImGui.
#   tools/check-layers.sh [SOURCE_DIR]
set -uo pipefail
root=${1:-$(cd "$(dirname "$0")/.." && pwd)}
cd "$root/src" || exit 2
declare -A allowed=(
  [base]="base"
  [model]="base model"
  [kiosk]="base model kiosk"
  [import]="base model import"
  [browse]="base model browse"
  [ui]="base model kiosk browse ui"
  [platform]="base model kiosk browse ui platform"
  [cli]="base model kiosk import browse ui platform cli"
)
status=0
for layer in "${!allowed[@]}"; do
  while IFS=: read -r file line text; do
    [ -n "$file" ] || continue
    used=$(sed -E 's|.*#include "([a-z_]+)/.*|\1|' <<<"$text")
    if [[ " ${allowed[$layer]} " != *" $used "* ]]; then
      echo "src/$file:$line: $layer must not include $used: $text"
      status=1
    fi
  done < <(grep -rnE '#include "[a-z_]+/' "$layer" --include='*.cpp' --include='*.hpp' | sed -E 's|^([^:]+):([0-9]+):|\1:\2:|')
  case $layer in
    platform|cli) ;;
    *) if grep -rnE '#include [<"](SDL|SDL_ttf|imgui_impl_)' "$layer"; then echo "^ $layer must not include SDL"; status=1; fi ;;
  esac
  case $layer in
    ui|platform|cli) ;;
    *) if grep -rnE '#include [<"]imgui' "$layer"; then echo "^ $layer must not include Dear ImGui"; status=1; fi ;;
  esac
done
# main.cpp is the command line's: cli only.
if grep -nE '#include "(base|model|kiosk|import|browse|ui|platform)/' main.cpp; then echo "^ main.cpp goes through cli"; status=1; fi
[ $status -eq 0 ] && echo "layers: 1 passed, 0 failed" || echo "layers: 0 passed, 1 failed"
exit $status
