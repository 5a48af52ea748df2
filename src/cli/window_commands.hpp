// The `hallboard` subcommands that lay out or draw pages headless, exactly as the kiosk
// does (its renderer on a software surface): `screenshot` and `rotation`.
#pragma once

#include <optional>
#include <ostream>
#include <string>

#include "kiosk/kiosk_session.hpp"

namespace hallboard::cli {

struct ScreenshotOptions {
    std::string config;
    std::string program;
    std::string at;    // conference wall time, or with Z / offset; empty: the config's clock start
    std::string page;  // now-next, upcoming, awards, speakers, countdown, closing, welcome; empty: the rotation's
    int screen = 0;    // which screen of a page that needs several
    int width = 1920, height = 1080;
    std::string theme;       // dark or light, overriding the config
    double transition = -1;  // 0..1: mid-transition from the previous page
    std::string input;       // an input script played first (browse/input_script.hpp)
    std::string output;
    std::string layout;  // also write every text run drawn here, as JSON
};
int takeScreenshot(const ScreenshotOptions& options, std::ostream& out, std::ostream& err);
// The session a screenshot (or `hallboard rotation`) shows: the config's, with the clock
// fixed at `at` (or at the replay's first instant) and the theme asked for. Empty, with
// the reasons on `err` and the exit code in `code`, when it cannot be had.
std::optional<KioskSession> screenshotSession(const ScreenshotOptions& options, std::ostream& err, int& code);

struct RotationOptions {
    std::string config;   // empty: the default search (see platform/paths.hpp)
    std::string program;  // overrides the config's program
    std::string at;       // conference wall time, or with Z / offset; empty: the config's clock start
    int width = 1920, height = 1080;
};

// `hallboard rotation`: the cycle the kiosk would run at an instant, step by step, with
// what each screen shows, the cycle's length, the longest wait for now & next and every
// cut, laid out headless at a screen size exactly as the kiosk lays it out.
// The exit code when the cycle breaks its bounds (max_seconds, home_every_seconds).
inline constexpr int kRotationOutOfBounds = 3;

// Prints the next cycle; 0 within the bounds, kRotationOutOfBounds outside them, 1 or 2
// when the files or options cannot be used.
int printRotation(const RotationOptions& options, std::ostream& out, std::ostream& err);

}  // namespace hallboard::cli
