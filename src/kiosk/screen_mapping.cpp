// See screen_mapping.hpp.
#include "kiosk/screen_mapping.hpp"

#include <algorithm>

namespace hallboard {

std::optional<float> absoluteToPixel(int value, AxisRange range, int pixels) {
    if (!range.usable() || pixels <= 0) return std::nullopt;
    // In double: a range of INT_MIN..INT_MAX must not overflow.
    double span = static_cast<double>(range.maximum) - static_cast<double>(range.minimum);
    double at = (static_cast<double>(value) - static_cast<double>(range.minimum)) / span;
    return static_cast<float>(std::clamp(at, 0.0, 1.0) * static_cast<double>(pixels - 1));
}

}  // namespace hallboard
