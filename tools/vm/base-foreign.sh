#!/usr/bin/env bash
# The virtual Pi's base system for an architecture the host cannot run (arm64 on an
# amd64 host without binfmt_misc): made in two stages, called by tools/vm/image.sh.
#
#   tools/vm/base-foreign.sh ARCH "PKG..." SOURCES BASE
#
# PKG... is the whole list: the base's own packages and, for a variant disk, image.sh's
# --extra (cage chromium seatd xwayland for tools/vm/compare-chromium.py --arch arm64),
# downloaded and installed here like the rest, as another base (image.sh keys each base
# by its list).
# Host: debootstrap --foreign unpacks Debian's minimal system (minbase: Priority
# required, and apt) from the first URI of SOURCES, and apt, with a state of its own and
# the architecture ARCH, downloads PKG... and every dependency from all of SOURCES
# (bookworm, -updates, -security: the same versions the amd64 base gets) into the tree.
# Guest: a QEMU machine of ARCH under TCG boots the tree's own kernel (from the kernel
# package PKG... names) with a small initrd (busybox-static:ARCH and the modules that find
# the disk), and runs /hallboard-stage2 as init: debootstrap --second-stage, apt installs
# the downloaded packages (no network), the same customisations image.sh makes to the
# amd64 base, and tar writes the finished system onto a second disk.
# Host: the tar is unpacked into BASE/tree. Nothing runs the guest's code on the host.
# Needs root. Logs in BASE/stage2-serial.log. About 25-40 min under TCG.
set -euo pipefail
[ $# -eq 4 ] || { echo "usage: $0 ARCH \"PKG...\" SOURCES BASE" >&2; exit 2; }
arch=$1; pkgs=$2; sources=$3; base=$4
case $arch in
    arm64) qemu=(qemu-system-aarch64 -machine virt -cpu cortex-a72) console=ttyAMA0 ;;
    *) echo "base-foreign.sh: no recipe for $arch" >&2; exit 2 ;;
esac
for tool in debootstrap apt-get "${qemu[0]}" tar python3; do
    command -v "$tool" > /dev/null || { echo "base-foreign.sh: $tool not found" >&2; exit 1; }
done
tree=$base/tree
work=$base/work
rm -rf "$tree" "$work"
mkdir -p "$tree" "$work"
mirror=$(sed -n 's/^URIs:[[:space:]]*//p' "$sources" | head -1 | cut -d' ' -f1)
[ -n "$mirror" ] || { echo "base-foreign.sh: no URIs in $sources" >&2; exit 1; }

# --- host, first stage ------------------------------------------------------------------
echo "base-foreign.sh: first stage (debootstrap --foreign, $arch, $mirror)"
debootstrap --foreign --arch="$arch" --variant=minbase \
    --keyring=/usr/share/keyrings/debian-archive-keyring.gpg \
    bookworm "$tree" "$mirror" > "$work/debootstrap.log" 2>&1 ||
    { tail -20 "$work/debootstrap.log"; echo "base-foreign.sh: debootstrap --foreign failed" >&2; exit 1; }

# apt of the host, but with a state of its own: ARCH as its only architecture, an
# empty dpkg status (so every dependency is downloaded), the host's sources.
apt=$work/apt
mkdir -p "$apt/etc/sources.list.d" "$apt/etc/preferences.d" "$apt/state/lists/partial" \
         "$apt/cache/archives/partial"
cp "$sources" "$apt/etc/sources.list.d/"
: > "$apt/status"
aptopts=(-o "Dir::Etc=$apt/etc" -o "Dir::Etc::sourcelist=/dev/null" -o "Dir::State=$apt/state"
         -o "Dir::State::status=$apt/status" -o "Dir::Cache=$apt/cache"
         -o "APT::Architecture=$arch" -o "APT::Architectures=$arch"
         -o "APT::Install-Recommends=false" -o "Debug::NoLocking=true" -o "APT::Sandbox::User=root")
echo "base-foreign.sh: downloading $(echo $pkgs | wc -w) packages and their dependencies ($arch)"
apt-get "${aptopts[@]}" update -q > "$work/apt.log" 2>&1 ||
    { tail -20 "$work/apt.log"; echo "base-foreign.sh: apt-get update failed" >&2; exit 1; }
apt-get "${aptopts[@]}" install -y -q --download-only $pkgs apt busybox-static >> "$work/apt.log" 2>&1 ||
    { tail -30 "$work/apt.log"; echo "base-foreign.sh: apt could not download $pkgs" >&2; exit 1; }
debs=$tree/var/cache/hallboard-debs
mkdir -p "$debs"
mv "$apt"/cache/archives/*.deb "$debs/"
echo "base-foreign.sh: $(ls "$debs" | wc -l) packages downloaded"
# apt's state was empty, so what debootstrap's second stage installs was downloaded
# again: the same versions, but each made again below on its own, so apt in the guest
# took them for other builds of the installed versions and refused to install them
# ("56 downgraded", 2026-11-27). Only what debootstrap does not install goes to apt.
declare -A boot
for deb in "$tree"/var/cache/apt/archives/*.deb; do
    boot["$(dpkg-deb -f "$deb" Package Version Architecture | tr '\n' ' ')"]=1
done
for deb in "$debs"/*.deb; do
    [ -z "${boot["$(dpkg-deb -f "$deb" Package Version Architecture | tr '\n' ' ')"]:-}" ] || rm "$deb"
done
echo "base-foreign.sh: $(ls "$debs" | wc -l) of them for apt, the rest installed by debootstrap"

# Unpacking xz in an emulated CPU was most of the second stage (its first 15 min went
# on a dozen of debootstrap's packages): each package is made again here with its
# contents uncompressed (dpkg-deb -Znone; the same files, modes and owners), which the
# guest's dpkg only copies.
echo "base-foreign.sh: uncompressing the packages for the guest"
repack() {
    local deb=$1 x
    x=$(mktemp -d "$work/repack.XXXXXX")
    dpkg-deb -R "$deb" "$x/p" && dpkg-deb -Znone -b "$x/p" "$x/new.deb" > /dev/null && mv "$x/new.deb" "$deb"
    rm -rf "$x"
}
for deb in "$debs"/*.deb "$tree"/var/cache/apt/archives/*.deb; do
    case $deb in */busybox-static_*) ;; *) repack "$deb" & ;; esac
    [ "$(jobs -r | wc -l)" -lt 2 ] || wait -n
done
wait

# The guest's kernel and a small initrd: busybox's shell, insmod and switch_root, and the
# modules that find the root disk (virtio over PCI, ext4 with its checksums).
kdeb=$(ls "$debs"/linux-image-[0-9]*-"$arch"_*.deb | head -1)
[ -f "$kdeb" ] || { echo "base-foreign.sh: no linux-image-*-$arch among the packages" >&2; exit 1; }
kx=$work/kernel
mkdir -p "$kx"
dpkg-deb -x "$kdeb" "$kx"
cp "$kx"/boot/vmlinuz-* "$work/vmlinuz"
bx=$work/busybox
mkdir -p "$bx"
dpkg-deb -x "$(ls "$debs"/busybox-static_*.deb | head -1)" "$bx"
rm -f "$debs"/busybox-static_*.deb  # for the initrd only; not in the base
ird=$work/initrd
mkdir -p "$ird/bin" "$ird/mods" "$ird/dev" "$ird/proc" "$ird/sys" "$ird/root"
cp "$bx/bin/busybox" "$ird/bin/busybox"
mods=(crypto/crc32c_generic lib/crc16 fs/mbcache fs/jbd2/jbd2 fs/ext4/ext4
      drivers/virtio/virtio_pci_modern_dev drivers/virtio/virtio_pci_legacy_dev drivers/virtio/virtio_pci
      drivers/virtio/virtio_mmio drivers/block/virtio_blk)
list=""
for m in "${mods[@]}"; do
    f=$(ls "$kx"/lib/modules/*/kernel/"$m".ko* | head -1)
    cp "$f" "$ird/mods/"
    list="$list $(basename "$f")"
done
cat > "$ird/init" <<EOF
#!/bin/busybox sh
/bin/busybox mount -t devtmpfs dev /dev
/bin/busybox mount -t proc proc /proc
for m in $list; do /bin/busybox insmod /mods/\$m || echo "initrd: insmod \$m failed"; done
n=0
while [ ! -b /dev/vda ] && [ \$n -lt 100 ]; do /bin/busybox sleep 0.2; n=\$((n + 1)); done
/bin/busybox mount -t ext4 /dev/vda /root || { echo "initrd: cannot mount /dev/vda"; /bin/busybox sh; }
/bin/busybox umount /proc
/bin/busybox umount /dev
exec /bin/busybox switch_root /root /hallboard-stage2
EOF
chmod 755 "$ird/init"
# A newc cpio archive (what the kernel unpacks), written here: no cpio on the host.
python3 - "$ird" <<'PY' | gzip -1 > "$work/initrd.img"
import os, sys
root = sys.argv[1]
out = sys.stdout.buffer
def entry(name, mode, data=b"", ino=[1]):
    ino[0] += 1
    name = name.encode() + b"\0"
    hdr = b"070701" + b"".join(b"%08X" % v for v in (ino[0], mode, 0, 0, 1, 0, len(data), 0, 0, 0, 0, len(name), 0))
    out.write(hdr + name + b"\0" * (-(110 + len(name)) % 4) + data + b"\0" * (-len(data) % 4))
for dirpath, dirs, files in os.walk(root):
    rel = os.path.relpath(dirpath, root)
    if rel != ".":
        entry(rel, 0o40755)
    for f in sorted(files):
        path = os.path.join(dirpath, f)
        entry(os.path.normpath(os.path.join(rel, f)), 0o100000 | (os.stat(path).st_mode & 0o7777), open(path, "rb").read())
entry("TRAILER!!!", 0)
PY

# --- guest, second stage ----------------------------------------------------------------
# The same customisations as image.sh's mmdebstrap hooks for the amd64 base.
cat > "$tree/hallboard-stage2" <<'EOF'
#!/bin/sh
export PATH=/usr/sbin:/usr/bin:/sbin:/bin LANG=C.UTF-8 DEBIAN_FRONTEND=noninteractive
# debootstrap --foreign left /proc a symbolic link to /proc (its first stage's); the
# second stage mounts /proc itself, and unmounts it when it ends.
[ -L /proc ] && rm /proc && mkdir /proc
mount -o remount,rw /
mounts() {
    mountpoint -q /proc || mount -t proc proc /proc
    mountpoint -q /sys || mount -t sysfs sys /sys
    mountpoint -q /dev || mount -t devtmpfs dev /dev
    mkdir -p /dev/pts; mountpoint -q /dev/pts || mount -t devpts devpts /dev/pts
    mountpoint -q /run || mount -t tmpfs tmpfs /run
}
mounts
step() { echo "hallboard-stage2: $*"; }
fail() { echo "hallboard-stage2: FAILED: $*"; sync; echo o > /proc/sysrq-trigger; sleep 60; }
date -s "@$(cat /hallboard-stage2.time)" > /dev/null
step "debootstrap --second-stage"
/debootstrap/debootstrap --second-stage || { tail -40 /debootstrap/debootstrap.log 2>/dev/null; fail "debootstrap --second-stage"; }
mounts
step "apt installs $(ls /var/cache/hallboard-debs | wc -l) packages"
printf '#!/bin/sh\nexit 101\n' > /usr/sbin/policy-rc.d; chmod 755 /usr/sbin/policy-rc.d
echo force-unsafe-io > /etc/dpkg/dpkg.cfg.d/hallboard-stage2
# INITRD=No: the kernel's postinst makes no initrd (with all modules, minutes under TCG);
# the one with only what finds the disk is made below.
INITRD=No apt-get install -y -q --no-install-recommends -o Dpkg::Use-Pty=0 /var/cache/hallboard-debs/*.deb ||
    fail "apt-get install"
rm -f /usr/sbin/policy-rc.d /etc/dpkg/dpkg.cfg.d/hallboard-stage2
echo virtual-pi > /etc/hostname
systemctl mask apt-daily.timer apt-daily-upgrade.timer e2scrub_all.timer fstrim.timer getty@tty1.service \
    serial-getty@ttyS0.service serial-getty@ttyAMA0.service systemd-timesyncd.service >/dev/null 2>&1 || true
rm -f /etc/machine-id; : > /etc/machine-id
printf "virtio_pci\nvirtio_blk\next4\n" >> /etc/initramfs-tools/modules
sed -i "s/^MODULES=.*/MODULES=list/" /etc/initramfs-tools/initramfs.conf
step "update-initramfs"
for v in $(ls /lib/modules); do update-initramfs -c -k "$v" || fail "update-initramfs"; done
# As image.sh does for the amd64 disk: fontconfig's caches record each font directory's
# mtime to the nanosecond, and tar and mke2fs -d keep only its seconds.
find /usr/share/fonts /usr/local/share/fonts -type d 2>/dev/null |
    while read -r dir; do touch -m -d "@$(stat -c %Y "$dir")" "$dir"; done
fc-cache -s -f || true
rm -rf /var/cache/hallboard-debs /hallboard-stage2.time
apt-get clean
rm -f /var/lib/apt/lists/*_Packages 2>/dev/null
step "writing the system onto /dev/vdb"
# GNU tar's status 1 is "some files changed as they were read", the archive written to
# its end: on 2026-11-27 it said "./sys: file changed as we read it" (sysfs, whose
# contents are left out) and the host listed all 17,772 entries. 2 and above: an error.
rc=0
cd / && tar --one-file-system --xattrs --xattrs-include='*' --acls --numeric-owner -cpf /dev/vdb \
    --exclude=./hallboard-stage2 --exclude=./proc/* --exclude=./sys/* --exclude=./dev/* --exclude=./run/* . || rc=$?
[ $rc -le 1 ] || fail "tar (status $rc)"
sync
step "done"
echo o > /proc/sysrq-trigger
sleep 60
EOF
chmod 755 "$tree/hallboard-stage2"
date +%s > "$tree/hallboard-stage2.time"   # the guest has no RTC worth trusting: dpkg's times
rm -f "$tree/etc/apt/sources.list"
cp "$sources" "$tree/etc/apt/sources.list.d/"
size_mb=$(( $(du -sm "$tree" | cut -f1) * 3 + 1024 ))
echo "base-foreign.sh: second stage in a $arch guest under TCG (${size_mb} MB disk; log $base/stage2-serial.log)"
mke2fs -q -t ext4 -L root -d "$tree" "$work/stage2.ext4" "${size_mb}M"
rm -f "$work/out.tar"; truncate -s 8G "$work/out.tar"
started=$(date +%s)
"${qemu[@]}" -accel tcg -smp 2 -m 2048 -nodefaults -no-reboot -display none -nic none \
    -kernel "$work/vmlinuz" -initrd "$work/initrd.img" \
    -append "console=$console panic=-1 rw" \
    -drive "file=$work/stage2.ext4,format=raw,if=virtio,cache=unsafe" \
    -drive "file=$work/out.tar,format=raw,if=virtio,cache=unsafe" \
    -serial "file:$base/stage2-serial.log" < /dev/null > "$work/qemu.log" 2>&1 ||
    { cat "$work/qemu.log"; echo "base-foreign.sh: QEMU failed" >&2; exit 1; }
echo "base-foreign.sh: the guest stopped after $(( $(date +%s) - started )) s"
grep -q "hallboard-stage2: done" "$base/stage2-serial.log" ||
    { tail -60 "$base/stage2-serial.log"; echo "base-foreign.sh: the second stage did not finish (see $base/stage2-serial.log)" >&2; exit 1; }

# --- host: the finished system ----------------------------------------------------------
rm -rf "$tree"; mkdir -p "$tree"
tar --xattrs --xattrs-include='*' --acls --numeric-owner -xpf "$work/out.tar" -C "$tree"
rm -rf "$work"
echo "base-foreign.sh: $tree"
