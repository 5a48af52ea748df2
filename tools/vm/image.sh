#!/usr/bin/env bash
# The virtual Pi's disk: a Debian 12 system with no desktop, made only from Debian
# packages, with the project's .deb installed as docs/deployment.md says.
#
#   tools/vm/image.sh [--arch amd64|arm64] [--extra "PKG..."] [--copy SRC DEST]...
#                     [--user NAME:GROUP,...]... [--enable UNIT]... [--chroot CMD]...
#                     DEB CONFIG OUTDIR
#   tools/vm/image.sh --print-base [--arch ...] [--extra "PKG..."] DEB CONFIG OUTDIR
#
# --print-base prints the cached base (and variant) directory the disk would be made
# from, and makes nothing (no root needed): tests/checks/vm-image-key.sh checks the keys.
#
# The base system (systemd, udev, the kernel, Mesa, the .deb's dependencies and
# recommendations, qemu-guest-agent for the tests) is made once by mmdebstrap from the
# host's own apt sources and cached in $HALLBOARD_VM_CACHE (default
# /var/cache/hallboard-vm), keyed by a hash of its package list. Each run copies it,
# installs DEB into the copy with apt (no network: every dependency is already there),
# copies CONFIG to /etc/hallboard/kiosk.json (and each --copy SRC to DEST in the guest,
# e.g. a program to /srv/hallboard/program.json), enables the unit, and writes
# OUTDIR/disk.ext4 (mke2fs -d: no loop mount), OUTDIR/vmlinuz and OUTDIR/initrd.img.
# --extra names Debian packages added to the base for a variant disk (the Chromium kiosk
# compared with this one: tools/vm/compare-chromium.py): the base is copied and apt
# installs them into the copy from the host's apt sources (network), once, cached beside
# the base and keyed by it and the list. --user makes a user with a home in those groups
# (the host's useradd --root: nothing of the guest runs) and --enable enables a unit
# (systemctl --root: the symbolic links only), both after the .deb and the copies are in
# (the Chromium kiosk's user and units). --chroot runs CMD (sh -c) in the new system.
# Needs root (chroot, file ownership). A base for another architecture than the host's
# (arm64 on an amd64 host without binfmt_misc) is made in two stages by
# tools/vm/base-foreign.sh, the second inside a booted guest of that architecture (about
# 40 min under TCG, once); into a copy of it the host's dpkg installs DEB (dpkg --root:
# the .deb has no maintainer scripts, and no code of the guest's runs on the host). There
# --extra's packages join the base's own list (downloaded on the host, installed in the
# guest: another base, keyed by the longer list; without --extra the key is unchanged),
# and --chroot, which runs CMD inside the new system, is for the host's architecture only.
set -euo pipefail
arch=amd64
copies=()
extra=""
hooks=()
users=()
units=()
print_base=0
while [ $# -gt 0 ]; do
    case $1 in
        --arch) arch=$2; shift 2 ;;
        --extra) extra=$2; shift 2 ;;
        --chroot) hooks+=("$2"); shift 2 ;;
        --user) users+=("$2"); shift 2 ;;
        --enable) units+=("$2"); shift 2 ;;
        --print-base) print_base=1; shift ;;
        --copy) copies+=("$(readlink -f "$2")" "$3"); shift 3 ;;
        *) break ;;
    esac
done
[ $# -eq 3 ] || { echo "usage: $0 [--arch amd64|arm64] [--extra \"PKG...\"] [--copy SRC DEST]... [--user NAME:GROUP,...]... [--enable UNIT]... [--chroot CMD]... DEB CONFIG OUTDIR" >&2; exit 2; }
for u in "${users[@]}"; do
    [[ $u =~ ^[a-z_][a-z0-9_-]*:([a-z_][a-z0-9_-]*(,[a-z_][a-z0-9_-]*)*)?$ ]] ||
        { echo "image.sh: --user takes NAME:GROUP,GROUP... (lower case), not \"$u\"" >&2; exit 2; }
done
for u in "${units[@]}"; do
    [[ $u =~ ^[A-Za-z0-9@._-]+$ ]] || { echo "image.sh: --enable takes a unit's name, not \"$u\"" >&2; exit 2; }
done
deb=$(readlink -f "$1"); config=$(readlink -f "$2"); out=$3
here=$(cd "$(dirname "$0")" && pwd)
cache=${HALLBOARD_VM_CACHE:-/var/cache/hallboard-vm}
[ $print_base -eq 1 ] || [ "$(id -u)" -eq 0 ] || { echo "image.sh: needs root (chroot and file ownership)" >&2; exit 1; }
[ -f "$deb" ] && [ -f "$config" ] || { echo "image.sh: no $deb or $config" >&2; exit 1; }
debarch=$(dpkg-deb -f "$deb" Architecture)
[ "$debarch" = "$arch" ] || [ "$debarch" = all ] ||
    { echo "image.sh: $deb is for $debarch, not $arch" >&2; exit 1; }
foreign=0
[ "$arch" = "$(dpkg --print-architecture)" ] || foreign=1
if [ $foreign -eq 1 ] && [ ${#hooks[@]} -gt 0 ]; then
    echo "image.sh: --chroot runs CMD in the new system: not for $arch on this host (--user, --enable)" >&2; exit 1
fi

# The initrd holds only what finds the root disk (virtio, ext4): Debian's default (most
# modules, 36 MB) took 22 s to unpack under TCG.
# What the kiosk's system holds besides the .deb: init, devices, the kernel, Mesa's
# GL/GLES/EGL/GBM (kms_swrast and llvmpipe where there is no GPU driver), and the guest
# agent through which the tests act inside the guest (no network, no shell on a port).
kernel=linux-image-$arch
base_pkgs="systemd systemd-sysv udev dbus $kernel initramfs-tools libgl1-mesa-dri libegl1 libgles2 libgbm1 qemu-guest-agent"
# For the test `x11-dpms` only (tests/system/vm_system.py): an X server, Xorg with its
# modesetting driver (in xserver-xorg-core) on the virtual Pi's DRM device, and `xset`
# (x11-xserver-utils) to ask it whether the monitor is off. No input driver, display
# manager, window manager or desktop: the test starts the server itself and the shipped
# unit never uses it, so the disk is still the deployment guide's one with no desktop,
# a server on it only to drive the kiosk's X11 DPMS path (no other X server here has
# DPMS: Xvfb and the dummy driver do not). Installed without recommendations, as every
# package of the base (--variant=apt). amd64 only: the arm64 base (two stages under TCG)
# keeps its list and key, and the step says it is skipped there.
[ "$arch" != amd64 ] || base_pkgs="$base_pkgs xserver-xorg-core x11-xserver-utils"
# For the test `wayland-dpms` only: sway (wlroots 0.15), a Wayland compositor that offers
# wlr-output-power-management and can switch a DRM output off (not a headless one), and
# seatd, through which sway, run as a user of the test's own (sway refuses root), opens
# the DRM device without a desktop session (LIBSEAT_BACKEND=seatd). The test starts both
# itself, with a configuration of its own (no bar, no wallpaper: swaybg and the rest of
# sway's recommendations are not installed); the shipped unit never uses them. amd64
# only, as Xorg.
[ "$arch" != amd64 ] || base_pkgs="$base_pkgs sway seatd"
# The .deb's own dependencies and recommendations (apt installs both), without versions;
# the first of alternatives.
deb_pkgs=$(for f in Depends Recommends; do dpkg-deb -f "$deb" "$f"; done | tr ',' '\n' |
           sed -e 's/|.*//' -e 's/(.*)//' -e 's/[[:space:]]//g' | grep -v '^$' | sort -u | tr '\n' ' ')
pkgs=$(echo "$base_pkgs $deb_pkgs" | tr ' ' '\n' | grep -v '^$' | sort -u | tr '\n' ' ')
# Another architecture's extras cannot be installed into a copy of its base (apt would
# run the guest's maintainer scripts on the host): they go into the base's own package
# list, downloaded on the host and installed in the guest by base-foreign.sh, and so into
# its key. Without --extra the list, and the key, are what they were.
if [ $foreign -eq 1 ] && [ -n "$extra" ]; then
    pkgs=$(echo "$pkgs $extra" | tr ' ' '\n' | grep -v '^$' | sort -u | tr '\n' ' ')
    extra=""
fi
sources=/etc/apt/sources.list.d/debian.sources
[ -f "$sources" ] || { echo "image.sh: no $sources: the base is made from the host's apt sources" >&2; exit 1; }
# The base's recipe: change `recipe` when the mmdebstrap call below changes.
recipe="bookworm apt-variant hostname masks small-initrd v2"
# Another architecture's base has a recipe of its own (tools/vm/base-foreign.sh).
[ $foreign -eq 0 ] || recipe="bookworm minbase two-stage hostname masks small-initrd fonts v2"
key=$( { echo "$recipe $arch"; echo "$pkgs"; } | sha256sum | cut -c1-16)
base=$cache/$arch-$key
if [ $print_base -eq 1 ]; then
    echo "base $base"
    e=$(echo $extra | tr ' ' '\n' | sort -u | tr '\n' ' ')   # as the variant's key below
    [ -z "$extra" ] || echo "variant $base-$(echo "$e" | sha256sum | cut -c1-8)"
    exit 0
fi
# One maker of bases at a time in the cache (a CI run, a lead and helpers on one machine
# share it): a second image.sh waits here for the first, then finds the base made
# (done) instead of removing the tree the first is filling. Held until the base and the
# variant are there; each disk of its own is made after, side by side.
mkdir -p "$cache"
exec 9>"$cache/.lock"
if ! flock -n 9; then
    echo "image.sh: another image.sh is making a base in $cache: waiting for it"
    flock 9
fi
if [ ! -f "$base/done" ]; then
    if [ $foreign -eq 1 ]; then
        echo "image.sh: making the base system ($arch, $(echo $pkgs | wc -w) packages) in $base, in two stages"
        rm -rf "$base"; mkdir -p "$base"
        "$here/base-foreign.sh" "$arch" "$pkgs" "$sources" "$base"
        echo "$pkgs" > "$base/packages"
        touch "$base/done"
    fi
fi
if [ ! -f "$base/done" ]; then
    echo "image.sh: making the base system ($arch, $(echo $pkgs | wc -w) packages) in $base"
    rm -rf "$base"; mkdir -p "$base"
    # --variant=apt: Essential plus apt; no recommends, so only what is named comes in.
    mmdebstrap --quiet --mode=root --variant=apt --architectures="$arch" \
        --include="$(echo $pkgs | tr ' ' ',')" \
        --customize-hook='echo virtual-pi > "$1/etc/hostname"' \
        --customize-hook='chroot "$1" systemctl mask apt-daily.timer apt-daily-upgrade.timer e2scrub_all.timer fstrim.timer getty@tty1.service serial-getty@ttyS0.service systemd-timesyncd.service >/dev/null 2>&1 || true' \
        --customize-hook='rm -f "$1"/etc/machine-id; : > "$1"/etc/machine-id' \
        --customize-hook='printf "virtio_pci\nvirtio_blk\next4\n" >> "$1/etc/initramfs-tools/modules"' \
        --customize-hook='sed -i "s/^MODULES=.*/MODULES=list/" "$1/etc/initramfs-tools/initramfs.conf"' \
        --customize-hook='chroot "$1" update-initramfs -u -k all' \
        bookworm "$base/tree" - < "$sources"
    echo "$pkgs" > "$base/packages"
    touch "$base/done"
fi

if [ -n "$extra" ]; then
    extra=$(echo $extra | tr ' ' '\n' | sort -u | tr '\n' ' ')
    variant=$base-$(echo "$extra" | sha256sum | cut -c1-8)
    if [ ! -f "$variant/done" ]; then
        echo "image.sh: the variant of $base with $extra in $variant (apt, from the network)"
        rm -rf "$variant"; mkdir -p "$variant"
        cp -a "$base/tree" "$variant/tree"
        vt=$variant/tree
        cp /etc/resolv.conf "$vt/etc/resolv.conf"
        mount -t proc proc "$vt/proc"
        trap 'umount "$vt/proc" 2>/dev/null || true' EXIT
        printf '#!/bin/sh\nexit 101\n' > "$vt/usr/sbin/policy-rc.d"; chmod 755 "$vt/usr/sbin/policy-rc.d"
        chroot "$vt" apt-get update -q >"$variant/apt.log" 2>&1
        chroot "$vt" env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends $extra \
            >>"$variant/apt.log" 2>&1 || { tail -30 "$variant/apt.log"; echo "image.sh: apt could not install $extra" >&2; exit 1; }
        chroot "$vt" apt-get clean
        rm -rf "$vt"/var/lib/apt/lists/* "$vt/usr/sbin/policy-rc.d"
        cp -a "$base/tree/etc/resolv.conf" "$vt/etc/resolv.conf"
        umount "$vt/proc"; trap - EXIT
        echo "$extra" > "$variant/packages"
        touch "$variant/done"
    fi
    base=$variant
fi
flock -u 9

rm -rf "$out"; mkdir -p "$out"
tree=$out/tree
cp -a "$base/tree" "$tree"
debname=$(basename "$deb")
if [ $foreign -eq 1 ]; then
    # The guest's programs cannot run here: the host's dpkg installs the .deb into the
    # tree, which it can as the package has no maintainer scripts, and refuses as apt
    # would when a dependency is not in the base.
    if dpkg-deb --ctrl-tarfile "$deb" | tar -t | grep -Eq '(pre|post)(inst|rm)$|config$'; then
        echo "image.sh: $debname has maintainer scripts: they cannot run in an $arch tree on this host" >&2; exit 1
    fi
    # --no-triggers: the .deb's icons trigger hicolor-icon-theme's postinst when the base
    # has it (Chromium's does), an arm64 program ("Exec format error", 2026-11-27); the
    # trigger is left pending in the tree (the icon cache, which the kiosk does not read).
    dpkg --root="$tree" --force-architecture --no-triggers --log=/dev/null -i "$deb" > "$out/install.log" 2>&1 ||
        { cat "$out/install.log"; echo "image.sh: dpkg could not install $debname" >&2; exit 1; }
    mkdir -p "$tree/etc/hallboard" "$tree/srv/hallboard"
    install -m 644 "$config" "$tree/etc/hallboard/kiosk.json"
    for ((i = 0; i < ${#copies[@]}; i += 2)); do
        install -D -m 644 "${copies[i]}" "$tree/${copies[i+1]#/}"
    done
    systemctl --root="$tree" enable hallboard >> "$out/install.log" 2>&1
    # fontconfig's caches were made in the guest with the fonts' directories' mtimes
    # cut to whole seconds (base-foreign.sh); the .deb brings no font.
else
# docs/deployment.md, "2. Install on each kiosk", as root inside the new system.
cp "$deb" "$tree/tmp/"
chroot "$tree" env DEBIAN_FRONTEND=noninteractive apt-get install -y -q "/tmp/$debname" \
    >"$out/install.log" 2>&1 ||
    { cat "$out/install.log"; echo "image.sh: apt could not install $debname" >&2; exit 1; }
# Every dependency comes from the base: apt installed the package alone.
if grep '^Get:' "$out/install.log" | grep -qv " /tmp/$debname "; then
    echo "image.sh: apt had to download dependencies the base lacks:"; grep '^Get:' "$out/install.log"
fi
rm -f "$tree/tmp/$debname"
chroot "$tree" mkdir -p /etc/hallboard /srv/hallboard
install -m 644 "$config" "$tree/etc/hallboard/kiosk.json"
for ((i = 0; i < ${#copies[@]}; i += 2)); do
    install -D -m 644 "${copies[i]}" "$tree/${copies[i+1]#/}"
done
chroot "$tree" systemctl enable hallboard >>"$out/install.log" 2>&1
for hook in "${hooks[@]}"; do
    chroot "$tree" /bin/sh -c "$hook" >>"$out/install.log" 2>&1 ||
        { tail -20 "$out/install.log"; echo "image.sh: failed in the new system: $hook" >&2; exit 1; }
done
# mke2fs -d keeps each time stamp's seconds but not its nanoseconds, and fontconfig's
# caches (/var/cache/fontconfig, made by fc-cache when the fonts were installed) record
# each font directory's mtime to the nanosecond: on the disk every cache was stale, and
# the kiosk rescanned every font directory at each start and, under DynamicUser with
# ProtectSystem=strict, could not write a new cache ("Fontconfig error: No writable cache
# directories", ten times a start in the journal). The font directories' mtimes cut to
# whole seconds and the caches made again here are what the disk keeps.
find "$tree/usr/share/fonts" "$tree/usr/local/share/fonts" -type d 2>/dev/null |
    while read -r dir; do touch -m -d "@$(stat -c %Y "$dir")" "$dir"; done
chroot "$tree" fc-cache -s -f >>"$out/install.log" 2>&1 || true
fi
# The users and units of --user and --enable, the same way for every architecture: the
# host's useradd and systemctl write the tree's files (passwd, group, shadow, the home
# from its /etc/skel; the units' symbolic links), and no program of the tree runs.
for u in "${users[@]}"; do
    groups=${u#*:}
    useradd --root "$(readlink -f "$tree")" -m ${groups:+-G "$groups"} "${u%%:*}" >>"$out/install.log" 2>&1 ||
        { tail -5 "$out/install.log"; echo "image.sh: could not make the user ${u%%:*}" >&2; exit 1; }
done
# SYSTEMCTL_SKIP_SYSV: for a unit with an init script beside it (seatd) systemctl would
# run the tree's own update-rc.d in a chroot (systemd-sysv-install), which an arm64 tree
# cannot do (tried on a tree without it: systemctl exits 1); the /etc/rc?.d links are not read by
# systemd, and the package's postinst made them when it was installed.
if [ ${#units[@]} -gt 0 ]; then
    SYSTEMCTL_SKIP_SYSV=1 systemctl --root="$tree" enable "${units[@]}" >>"$out/install.log" 2>&1 ||
        { tail -5 "$out/install.log"; echo "image.sh: could not enable ${units[*]}" >&2; exit 1; }
fi
cp "$tree"/boot/vmlinuz-* "$out/vmlinuz"
cp "$tree"/boot/initrd.img-* "$out/initrd.img"
size_mb=$(( $(du -sm "$tree" | cut -f1) * 13 / 10 + 256 ))
mke2fs -q -t ext4 -L root -d "$tree" "$out/disk.ext4" "${size_mb}M"
rm -rf "$tree"
echo "image.sh: $out/disk.ext4 (${size_mb} MB) with $debname, base $base"
