#!/usr/bin/env bash
# Fails when a windowless test binary needs SDL, SDL_ttf or Dear ImGui: core, import,
# browse and the text subcommands must build and run on a machine without them.
#   tools/check-windowless.sh BINARY...
# A cross-built BINARY's libraries are listed by its own dynamic loader under
# $HALLBOARD_EMULATOR (qemu-user), as ldd does natively: ldd cannot run a foreign binary.
set -uo pipefail
for bin in "$@"; do
  if [ -n "${HALLBOARD_EMULATOR:-}" ]; then
    libs=$(LD_TRACE_LOADED_OBJECTS=1 $HALLBOARD_EMULATOR "$bin" 2>&1) || { echo "cannot list the libraries of $bin: $libs"; exit 1; }
  else
    libs=$(ldd "$bin" 2>&1) || { echo "cannot list the libraries of $bin: $libs"; exit 1; }
  fi
  grep -q 'libc\.so' <<<"$libs" || { echo "no libraries listed for $bin: $libs"; exit 1; }
  if grep -iE 'libSDL2|libimgui|libGL|libEGL|libX11|libfreetype' <<<"$libs"; then
    echo "$bin links a windowing library (above): 0 passed, 1 failed"
    exit 1
  fi
  # nm reads any ELF, the build machine's or an ARM one; a symbol table it cannot read
  # must not pass as one without SDL.
  syms=$(nm -C "$bin" 2>&1) || { echo "cannot read the symbols of $bin: ${syms:0:300}"; exit 1; }
  if grep -qE ' [TU] (SDL_|TTF_|ImGui::)' <<<"$syms"; then
    echo "$bin references SDL or ImGui symbols: 0 passed, 1 failed"
    exit 1
  fi
done
echo "windowless: 1 passed, 0 failed"
