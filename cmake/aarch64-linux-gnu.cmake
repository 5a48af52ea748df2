# 64-bit ARM (arm64): Raspberry Pi 3, 4, 5 and Zero 2 W on a 64-bit Raspberry Pi OS or
# Debian 12. Used by tools/arm.sh arm64:
#   cmake -S . -B build-arm64 -DCMAKE_TOOLCHAIN_FILE=cmake/aarch64-linux-gnu.cmake
set(CMAKE_SYSTEM_PROCESSOR aarch64)
set(HALLBOARD_CROSS_TRIPLET aarch64-linux-gnu)
set(HALLBOARD_CROSS_QEMU qemu-aarch64-static)
set(HALLBOARD_CROSS_DEB_ARCH arm64)  # the .deb's Architecture (CPack)
include(${CMAKE_CURRENT_LIST_DIR}/debian-cross.cmake)
