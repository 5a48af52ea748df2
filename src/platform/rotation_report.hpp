// `hallboard rotation`: the cycle the kiosk would run at an instant, step by step, with
// what each screen shows, the cycle's length, the longest wait for now & next and every
// cut, laid out headless at a screen size exactly as the kiosk lays it out.
#pragma once

#include <ostream>
#include <string>

namespace hallboard::platform {

struct RotationOptions {
    std::string config;   // empty: the default search (see paths.hpp)
    std::string program;  // overrides the config's program
    std::string at;       // conference wall time, or with Z / offset; empty: the config's clock start
    int width = 1920, height = 1080;
};

// The exit code when the cycle breaks its bounds (max_seconds, home_every_seconds).
inline constexpr int kRotationOutOfBounds = 3;

// Prints the next cycle; 0 within the bounds, kRotationOutOfBounds outside them, 1 or 2
// when the files or options cannot be used.
int printRotation(const RotationOptions& options, std::ostream& out, std::ostream& err);

}  // namespace hallboard::platform
