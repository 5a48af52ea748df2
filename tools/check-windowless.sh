#!/usr/bin/env bash
# Fails when a windowless test binary needs SDL, SDL_ttf or Dear ImGui: core, import,
# browse and the text subcommands must build and run on a machine without them.
#   tools/check-windowless.sh BINARY...
set -uo pipefail
for bin in "$@"; do
  libs=$(ldd "$bin" 2>&1) || { echo "cannot list the libraries of $bin: $libs"; exit 1; }
  if grep -iE 'libSDL2|libimgui|libGL|libEGL|libX11|libfreetype' <<<"$libs"; then
    echo "$bin links a windowing library (above): 0 passed, 1 failed"
    exit 1
  fi
  if nm -C "$bin" 2>/dev/null | grep -qE ' [TU] (SDL_|TTF_|ImGui::)'; then
    echo "$bin references SDL or ImGui symbols: 0 passed, 1 failed"
    exit 1
  fi
done
echo "windowless: 1 passed, 0 failed"
