#!/bin/sh
# The .deb CPack makes from a cross build is for the target: its Architecture is ARCH
# (CPack took the build machine's from dpkg before: an amd64 package holding arm64
# programs, which apt on a Pi refuses and apt on a PC installs), and its dependencies
# are the target's libraries as dpkg-shlibdeps found them (SDL2 among them).
#   package-arch.sh BUILD_DIR ARCH
set -eu
build=$1
arch=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cpack -G DEB -B "$tmp" --config "$build/CPackConfig.cmake" > "$tmp/cpack.log" 2>&1 ||
    { cat "$tmp/cpack.log"; echo "package-arch: cpack failed" >&2; exit 1; }
deb=$(ls "$tmp"/*.deb)
got=$(dpkg-deb -f "$deb" Architecture)
depends=$(dpkg-deb -f "$deb" Depends)
echo "package-arch: $(basename "$deb"): Architecture $got; Depends $depends"
[ "$got" = "$arch" ] || { echo "package-arch: the package is for $got, not $arch" >&2; exit 1; }
echo "$depends" | grep -q 'libsdl2-2\.0-0' ||
    { echo "package-arch: dpkg-shlibdeps did not find SDL2 among the target's libraries" >&2; exit 1; }
echo "package-arch: $(basename "$deb") is for $arch"
