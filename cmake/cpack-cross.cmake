# Read by cpack for a cross build (CPACK_PROJECT_CONFIG_FILE, CMakeLists.txt): the
# dpkg-shlibdeps CPack runs finds the target's libraries (/usr/lib/<triplet>, the :<arch>
# packages' symbols files) when told the host architecture is the target's; without it,
# it looked in the build machine's multiarch directory.
if(CPACK_DEBIAN_PACKAGE_ARCHITECTURE)
  set(ENV{DEB_HOST_ARCH} ${CPACK_DEBIAN_PACKAGE_ARCHITECTURE})
endif()
