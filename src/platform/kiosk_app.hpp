// Running the kiosk (a window, fullscreen by default): the files at start, the display,
// the loop; and what a screenshot draws the same way (makeView, frameKey).
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

// What decides the picture: two wakes with the same key would draw the same frame, so
// the second draws nothing. (The clock shows minutes; progress bars move by less than a
// pixel in a minute; a room timer shows seconds: kiosk/kiosk_loop.hpp shownTick.)
struct FrameKey {
    long long minute = 0;  // or the second, with `seconds`
    std::optional<Rotation::Slot> current, previous;
    int transition = 1000;  // thousandths
    int width = 0, height = 0;
    const void* program = nullptr;
    bool operator==(const FrameKey& other) const;
};
FrameKey frameKey(Instant now, const Rotation::Frame& frame, ImVec2 size, const void* program, bool seconds = false);

// What the pages read, for a session at an instant.
ui::KioskView makeView(const KioskSession& session, Instant now);

}  // namespace hallboard::platform
