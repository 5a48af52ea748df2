# 32-bit ARM, hard float (armhf, ARMv7): Raspberry Pi 2, 3, 4 and Zero 2 W on a 32-bit
# Raspberry Pi OS or Debian 12. Used by tools/arm.sh armhf:
#   cmake -S . -B build-armhf -DCMAKE_TOOLCHAIN_FILE=cmake/arm-linux-gnueabihf.cmake
set(CMAKE_SYSTEM_PROCESSOR arm)
set(HALLBOARD_CROSS_TRIPLET arm-linux-gnueabihf)
set(HALLBOARD_CROSS_QEMU qemu-arm-static)
set(HALLBOARD_CROSS_DEB_ARCH armhf)  # the .deb's Architecture (CPack)
include(${CMAKE_CURRENT_LIST_DIR}/debian-cross.cmake)
