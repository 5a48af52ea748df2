#!/usr/bin/env bash
# Cross-builds Hallboard for a Raspberry Pi and runs the whole test suite there is,
# under qemu-user: arm64 (64-bit Raspberry Pi OS or Debian 12: Pi 3, 4, 5, Zero 2 W)
# and armhf (32-bit, ARMv7: Pi 2, 3, 4, Zero 2 W; not yet run: see the README).
#   tools/arm.sh [arm64|armhf]...       (default: arm64)
#   tools/arm.sh --setup-only [ARCH]... (install what is missing, build nothing)
#   tools/arm.sh --vm                   (arm64: the cross build's .deb booted on the arm64
#                                        virtual Pi, every system step; as root, ~1 h)
# Installs what is missing first, as tools/setup-debian.sh does (apt-get, through sudo
# when not root; with everything present it changes nothing and needs no network): the
# architecture in dpkg, Debian's crossbuild-essential-<arch>, qemu-user-static, and the
# :<arch> -dev packages of every library the build uses. Then for each ARCH:
#   cmake -B build-ARCH with cmake/<triplet>.cmake, build, ctest (each test binary and
#   each script's run of the binary goes through qemu; see tests/CMakeLists.txt).
# HALLBOARD_JOBS (default 2) sets the build's and CTest's parallelism.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
jobs=${HALLBOARD_JOBS:-2}

setup_only=0
vm=0
if [ "${1:-}" = --setup-only ]; then setup_only=1; shift; fi
if [ "${1:-}" = --vm ]; then vm=1; shift; set -- arm64; fi
arches=("$@")
[ ${#arches[@]} -gt 0 ] || arches=(arm64)

triplet() {
  case $1 in
    arm64) echo aarch64-linux-gnu ;;
    armhf) echo arm-linux-gnueabihf ;;
    *) echo "arm.sh: unknown architecture \"$1\" (arm64 or armhf)" >&2; exit 2 ;;
  esac
}

# --- setup ------------------------------------------------------------------------------
# Build machine's (toolchain, emulator) and the target's (name:ARCH) packages. The
# header-only and architecture-independent ones (nlohmann-json3-dev, libcli11-dev,
# catch2, tzdata, fonts) come from tools/setup-debian.sh and serve every target.
packages=(qemu-user-static)
# The arm64 virtual Pi: its emulator, and debootstrap for its base's first stage.
[ $vm -eq 0 ] || packages+=(qemu-system-arm debootstrap e2fsprogs)
for arch in "${arches[@]}"; do
  triplet "$arch" > /dev/null
  packages+=("crossbuild-essential-$arch")
  for p in libsdl2-dev libimgui-dev libfreetype-dev libharfbuzz-dev libfribidi-dev libicu-dev libfontconfig-dev \
           libhowardhinnant-date-dev libpugixml-dev libqrencode-dev libstb-dev nettle-dev libsystemd-dev libdrm-dev \
           libespeak-ng-dev; do
    packages+=("$p:$arch")
  done
done

sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
update=0
for arch in "${arches[@]}"; do
  if ! dpkg --print-foreign-architectures | grep -qx "$arch"; then
    echo "arm.sh: adding the $arch architecture to dpkg"
    $sudo dpkg --add-architecture "$arch"
    update=1
  fi
done
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "arm.sh: all ${#packages[@]} packages present"
else
  echo "arm.sh: installing ${missing[*]}"
  update=1
fi
if [ $update -eq 1 ]; then
  $sudo apt-get update -qq
  # Another apt run on this machine (a second build) holds the lock for a while: wait.
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends \
    -o DPkg::Lock::Timeout=600 "${missing[@]}"
fi
[ $setup_only -eq 1 ] && exit 0

# --- build and test ---------------------------------------------------------------------
for arch in "${arches[@]}"; do
  t=$(triplet "$arch")
  build=$root/build-$arch
  start=$(date +%s)
  cmake -S "$root" -B "$build" -DCMAKE_TOOLCHAIN_FILE="$root/cmake/$t.cmake" \
    -DCMAKE_BUILD_TYPE=RelWithDebInfo -DHALLBOARD_WERROR=ON > /dev/null
  cmake --build "$build" -j"$jobs"
  built=$(date +%s)
  # The programs are the target's (and so cannot run here but under qemu).
  machine=$(readelf -h "$build/hallboard" | sed -n 's/^ *Machine: *//p')
  case $machine in
    AArch64|ARM) echo "arm.sh: $arch built in $((built - start)) s: $machine programs" ;;
    *) echo "arm.sh: $build/hallboard is for \"$machine\", not ARM" >&2; exit 1 ;;
  esac
  if [ $vm -eq 1 ]; then
    # The system steps on the arm64 virtual Pi (docs/deployment.md, section 9): the .deb
    # from this build; the pictures it must show drawn headless by the native build.
    [ -x "$root/build/hallboard" ] || { echo "arm.sh: --vm needs the native build in $root/build (README)" >&2; exit 1; }
    $sudo "$root/tests/system/vm_system.py" all --arch "$arch" --cross-build "$build" --build "$root/build" \
      --run "$root/build-$arch/vm-system"
    continue
  fi
  ctest --test-dir "$build" --output-on-failure -j"$jobs"
  echo "arm.sh: $arch: built in $((built - start)) s, the whole suite passed under qemu-user in $(($(date +%s) - built)) s"
done
