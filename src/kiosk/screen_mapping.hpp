// From an input device's coordinates to the screen's pixels, without a window: an
// absolute pointer's axis (a USB tablet such as QEMU's, a touch controller seen as a
// mouse) reports values over its own range (evdev's absinfo, 0..32767 for QEMU's), which
// SDL 2.26 on kmsdrm passes through as if they were pixels.
#pragma once

#include <optional>

namespace hallboard {

// One axis of an absolute device, as the kernel reports it (EVIOCGABS).
struct AxisRange {
    int minimum = 0, maximum = 0;
    bool usable() const { return maximum > minimum; }
};

// The pixel (0 .. pixels - 1, fractional) that `value` on `range` points at: the range's
// ends are the first and the last pixel, as QEMU maps the host's pointer onto the range;
// values past the ends stay on the screen's edge. Empty for an unusable range or screen.
std::optional<float> absoluteToPixel(int value, AxisRange range, int pixels);

}  // namespace hallboard
