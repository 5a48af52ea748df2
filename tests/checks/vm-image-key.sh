#!/bin/sh
# The virtual Pi's cached bases are found by key (tools/vm/image.sh): the arm64 base
# without --extra keeps the key the arm64 system steps were run on, --extra for arm64
# makes another foreign base (the list with cage, chromium, seatd, xwayland), the amd64
# --extra is still a variant beside its base, and what image.sh cannot do for arm64, or
# is not a user or unit name, is refused. Packages made here with dpkg-deb stand for the
# cross build's and the native build's .deb (only their control fields are read);
# nothing is built, no root needed (image.sh --print-base).
#   usage: vm-image-key.sh IMAGE_SH
set -u
image=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
check() {  # check WHAT EXPECTED ACTUAL
    if [ "$2" = "$3" ]; then echo "ok: $1"; else echo "FAILED: $1: expected \"$2\", got \"$3\""; fail=1; fi
}

if [ ! -f /etc/apt/sources.list.d/debian.sources ]; then
    echo "vm-image-key: no /etc/apt/sources.list.d/debian.sources (image.sh needs it): skipped"
    exit 77
fi

# The dependencies of hallboard_0.1.0_arm64.deb (dpkg-shlibdeps' and CMakeLists.txt's
# names; versions and alternatives, which image.sh drops, as the package has them).
fake_deb() {  # fake_deb ARCH
    d=$tmp/deb-$1
    mkdir -p "$d/DEBIAN"
    cat > "$d/DEBIAN/control" <<EOF
Package: hallboard
Version: 0.1.0
Architecture: $1
Maintainer: test <test@example.org>
Depends: libc6 (>= 2.34), libdate-tz3 (>= 3.0.1), libdrm2 (>= 2.4.75), libfontconfig1 (>= 2.12.6), libfreetype6 (>= 2.8), libfribidi0 (>= 0.19.2), libgcc-s1 (>= 3.0), libharfbuzz0b (>= 2.6.0), libicu72 (>= 72.1~rc-1~), libnettle8, libpugixml1v5 (>= 1.11), libqrencode4 (>= 3.2.0), libsdl2-2.0-0 (>= 2.0.12), libstb0 (>= 0.0~git20180212), libstdc++6 (>= 12), libsystemd0, tzdata, fontconfig, fonts-inter, fonts-noto-core, fonts-dejavu-core | fonts-dejavu, fonts-symbola
Recommends: fonts-noto-cjk, fonts-noto-color-emoji
Description: stands for the kiosk's package
EOF
    dpkg-deb -b "$d" "$tmp/hallboard_0.1.0_$1.deb" > /dev/null || { echo "vm-image-key: dpkg-deb failed"; exit 1; }
}
fake_deb arm64
fake_deb amd64
echo '{}' > "$tmp/kiosk.json"
export HALLBOARD_VM_CACHE=$tmp/cache
run() { "$image" --print-base "$@" "$tmp/kiosk.json" "$tmp/out" 2>&1; }
arm=$tmp/hallboard_0.1.0_arm64.deb
amd=$tmp/hallboard_0.1.0_amd64.deb

# The arm64 base the system steps were run on (2026-11-27): its key from its recipe and
# its package list; --extra must not change it when it is not given.
check "arm64 without --extra: the base of the arm64 system steps" \
    "base $tmp/cache/arm64-674ddd6fbf799d3e" "$(run --arch arm64 "$arm")"
# With the Chromium kiosk's packages: a base of its own (a longer list, another key),
# the same whatever their order, and no variant (nothing is installed into a copy).
with=$(run --arch arm64 --extra "cage chromium seatd xwayland" "$arm")
check "arm64 with --extra: another foreign base, keyed by the longer list" \
    "base $tmp/cache/arm64-cb3643ad9860ba38" "$with"
check "arm64 --extra in another order, a name twice: the same base" \
    "$with" "$(run --arch arm64 --extra " xwayland seatd  chromium cage seatd" "$arm")"
# amd64: --extra is a variant beside the unchanged base. The amd64 base's key changed
# when Xorg joined its list for the x11-dpms step (it was amd64-aa1845a63dc91136, the
# base the amd64 comparison was run on), then amd64-260ffc7f2fbbe3a3, and again when sway
# and seatd joined it for the wayland-dpms step; the variant's suffix, keyed by the extra
# packages alone, did not.
check "amd64 with --extra: the base and its variant" \
    "base $tmp/cache/amd64-fb5b67de1275c503
variant $tmp/cache/amd64-fb5b67de1275c503-917029d3" "$(run --extra "cage chromium seatd xwayland" "$amd")"

# Refusals (status 1 or 2 and a message; never a disk).
refused() {  # refused WHAT PATTERN ARGS...
    what=$1; pattern=$2; shift 2
    out=$("$image" "$@" "$tmp/kiosk.json" "$tmp/out" 2>&1); rc=$?
    if [ $rc -ne 0 ] && echo "$out" | grep -q -- "$pattern"; then echo "ok: $what"
    else echo "FAILED: $what: status $rc, \"$out\""; fail=1; fi
}
refused "--chroot for arm64" "not for arm64" --print-base --arch arm64 --chroot "true" "$arm"
refused "an arm64 package for amd64" "is for arm64, not amd64" --print-base "$arm"
refused "--user with a shell's characters" "--user takes" --print-base --user 'kiosk;rm -rf /:video' "$amd"
refused "--user without groups' colon" "--user takes" --print-base --user 'kiosk' "$amd"
refused "--enable with a path" "--enable takes" --print-base --enable '../../x.service' "$amd"
[ ! -e "$tmp/out" ] && [ ! -e "$tmp/cache" ] || { echo "FAILED: --print-base made something"; fail=1; }

[ $fail -eq 0 ] && echo "vm-image-key: all passed"
exit $fail
