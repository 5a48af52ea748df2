# Cross-compiling on Debian with its crossbuild-essential-<arch> toolchain and the
# :<arch> multiarch -dev packages (tools/arm.sh installs both). Included by the
# per-target toolchain files, which set HALLBOARD_CROSS_TRIPLET and HALLBOARD_CROSS_QEMU.
#
# Multiarch keeps the target's libraries in /usr/lib/<triplet> beside the build
# machine's, with the headers shared in /usr/include: the sysroot is / itself, and it is
# the library directory, not a root path, that keeps the build machine's libraries out.
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_C_COMPILER ${HALLBOARD_CROSS_TRIPLET}-gcc)
set(CMAKE_CXX_COMPILER ${HALLBOARD_CROSS_TRIPLET}-g++)
set(CMAKE_LIBRARY_ARCHITECTURE ${HALLBOARD_CROSS_TRIPLET})
# find_package and find_library look in /usr/lib/<triplet> (CMAKE_LIBRARY_ARCHITECTURE);
# never in the build machine's own library directory.
set(CMAKE_IGNORE_PATH /usr/lib/x86_64-linux-gnu /usr/lib/x86_64-linux-gnu/cmake)
# pkg-config reads only the target's .pc files (and the architecture-independent ones).
set(ENV{PKG_CONFIG_LIBDIR} /usr/lib/${HALLBOARD_CROSS_TRIPLET}/pkgconfig:/usr/share/pkgconfig)
set(ENV{PKG_CONFIG_PATH} "")
# CTest runs the built programs under qemu-user, with the target's dynamic loader and
# libraries from the same multiarch directories a Debian or Raspberry Pi OS system has
# (libc6:<arch>, which the -dev packages bring). Not with `-L /usr/<triplet>`: that
# prefix holds the cross toolchain's own glibc, whose loader then took libc.so.6 from
# the multiarch directory, another glibc build, and the first thread a program started
# (std::async in a live reload) spun at 100 % of a core for good.
# Tests that run a program from a script get it as $HALLBOARD_EMULATOR (tests/CMakeLists.txt).
set(CMAKE_CROSSCOMPILING_EMULATOR /usr/bin/${HALLBOARD_CROSS_QEMU})
