// Running the kiosk (a window, fullscreen by default) and taking headless screenshots
// of exactly what it would show.
#pragma once

#include <functional>
#include <optional>
#include <ostream>
#include <string>

#include <imgui.h>

#include "kiosk/kiosk_session.hpp"
#include "kiosk/rotation.hpp"
#include "ui/kiosk_view.hpp"

namespace hallboard::platform {

struct RunOptions {
    std::string config;   // empty: the default search (see paths.hpp)
    std::string program;  // overrides the config's program
    bool windowed = false;
    int width = 0, height = 0;  // window size; 0: the config's
    bool software = false;      // force SDL's software renderer
    double exitAfter = 0;       // seconds; 0: run until asked to quit (smoke tests)
    std::string input;          // an input script to play, as if a visitor touched the screen
    std::string stateDir;       // where the last good program is kept; empty: the default (paths.hpp)
    bool logPages = false;      // log each page switch with its wall-clock instant (rotation in step)
    // Tests: called where the loop starts a frame, before the fonts are made and the
    // screens planned; what it throws meets the loop's frame guard.
    std::function<void()> frameFault;
};
int runKiosk(const RunOptions& options, std::ostream& log);

struct ScreenshotOptions {
    std::string config;
    std::string program;
    std::string at;        // conference wall time, or with Z / offset; empty: the config's clock start
    std::string page;      // now-next, upcoming, awards, speakers, countdown, closing, welcome; empty: the rotation's
    int screen = 0;        // which screen of a page that needs several
    int width = 1920, height = 1080;
    std::string theme;     // dark or light, overriding the config
    double transition = -1;  // 0..1: mid-transition from the previous page
    std::string input;       // an input script played first (browse/input_script.hpp)
    std::string output;
    std::string layout;      // also write every text run drawn here, as JSON
};
int takeScreenshot(const ScreenshotOptions& options, std::ostream& out, std::ostream& err);
// The session a screenshot (or `hallboard rotation`) shows: the config's, with the clock
// fixed at `at` (or at the replay's first instant) and the theme asked for. Empty, with
// the reasons on `err` and the exit code in `code`, when it cannot be had.
std::optional<KioskSession> screenshotSession(const ScreenshotOptions& options, std::ostream& err, int& code);

// What decides the picture: two wakes with the same key would draw the same frame, so
// the second draws nothing. (The clock shows minutes; progress bars move by less than a
// pixel in a minute.)
struct FrameKey {
    long long minute = 0;
    std::optional<Rotation::Slot> current, previous;
    int transition = 1000;  // thousandths
    int width = 0, height = 0;
    const void* program = nullptr;
    bool operator==(const FrameKey& other) const;
};
FrameKey frameKey(Instant now, const Rotation::Frame& frame, ImVec2 size, const void* program);

// What the pages read, for a session at an instant.
ui::KioskView makeView(const KioskSession& session, Instant now);

}  // namespace hallboard::platform
