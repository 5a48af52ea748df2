// Fades in a software window, and which renderer the kiosk picks.
#include <catch2/catch.hpp>

#include "platform/gl_probe.hpp"

using namespace hallboard::platform;

TEST_CASE("llvmpipe softpipe swrast and SwiftShader are software rasterisers and a GPU driver is not") {
    CHECK(isSoftwareRasteriser("llvmpipe (LLVM 15.0.6, 256 bits)"));
    CHECK(isSoftwareRasteriser("softpipe"));
    CHECK(isSoftwareRasteriser("Mesa DRI Intel(R) ... swrast"));
    CHECK(isSoftwareRasteriser("Google SwiftShader"));
    CHECK_FALSE(isSoftwareRasteriser("V3D 4.2"));
    CHECK_FALSE(isSoftwareRasteriser("VC4 V3D 2.1"));
    CHECK_FALSE(isSoftwareRasteriser("Mesa Intel(R) UHD Graphics 620 (KBL GT2)"));
    CHECK_FALSE(isSoftwareRasteriser(""));
}
