// An absolute pointer's axis values to the screen's pixels (SDL 2.26 on kmsdrm passes
// QEMU's USB tablet's 0..32767 through as pixels: taps past the first 1920 missed).
#include <catch2/catch.hpp>

#include <climits>

#include "kiosk/screen_mapping.hpp"

using namespace hallboard;

TEST_CASE("an absolute pointer's axis maps onto the screen's pixels by the device's range") {
    AxisRange qemu{0, 32767};  // QEMU's usb-tablet, both axes
    // QEMU puts the host pointer's pixel x of a W-wide screen at x * 32767 / (W - 1):
    // mapped back, every pixel comes out where it was, at 1920 and at 800 wide.
    for (int width : {1920, 1080, 800}) {
        for (int x : {0, 1, width / 3, width / 2, width - 2, width - 1}) {
            int value = static_cast<int>(static_cast<long long>(x) * 32767 / (width - 1));
            auto px = absoluteToPixel(value, qemu, width);
            REQUIRE(px);
            CHECK(*px == Approx(static_cast<float>(x)).margin(0.5));
        }
    }
    CHECK(*absoluteToPixel(16384, qemu, 1080) == Approx(539.5f).margin(0.1));
    // A controller whose range does not start at 0 (a resistive touch panel).
    AxisRange panel{200, 3900};
    CHECK(*absoluteToPixel(200, panel, 800) == 0.0f);
    CHECK(*absoluteToPixel(3900, panel, 800) == 799.0f);
    CHECK(*absoluteToPixel(2050, panel, 800) == Approx(399.5f));
    // Past the ends: the edge, never off the screen.
    CHECK(*absoluteToPixel(-50, panel, 800) == 0.0f);
    CHECK(*absoluteToPixel(9000, panel, 800) == 799.0f);
    // A device that reports no usable range, or no screen: not mapped.
    CHECK_FALSE(absoluteToPixel(5, AxisRange{0, 0}, 800));
    CHECK_FALSE(absoluteToPixel(5, AxisRange{10, 3}, 800));
    CHECK_FALSE(absoluteToPixel(5, qemu, 0));
    // The widest range there is: no overflow.
    CHECK(*absoluteToPixel(INT_MAX, AxisRange{INT_MIN, INT_MAX}, 1920) == 1919.0f);
    CHECK(*absoluteToPixel(INT_MIN, AxisRange{INT_MIN, INT_MAX}, 1920) == 0.0f);
}
