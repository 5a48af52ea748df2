// The one answer to "what time is it?" for the kiosk, the tests and previews.
//
// Three modes: the system clock; a fixed instant (screenshots, tests); and a replay
// that starts at a chosen instant and runs `speed` times faster than real time, so a
// whole conference day can be watched in minutes. A value type with no virtual calls:
// `now()` reads the real clocks, `nowAt()` takes them as arguments so tests can drive it.
#pragma once

#include <chrono>
#include <optional>
#include <string>

#include "core/time.hpp"

namespace hallboard {

class Clock {
public:
    enum class Mode { system, fixed, replay };
    using Steady = std::chrono::steady_clock::time_point;

    static Clock system();
    static Clock fixed(Instant at);
    // Replay from `start`, `speed` times real time, counted from the real moment `origin`.
    static Clock replay(Instant start, double speed, Steady origin = std::chrono::steady_clock::now());

    Mode mode() const { return mode_; }
    double speed() const { return mode_ == Mode::fixed ? 0.0 : speed_; }

    Instant now() const;
    // The same, with the real clocks passed in.
    Instant nowAt(Instant systemNow, Steady steadyNow) const;

    // How much real time passes while this clock advances by `d` (for sleeping until
    // the next scheduled change). A fixed clock never advances: returns Duration::max().
    std::chrono::milliseconds realTimeFor(Duration d) const;

    std::string describe() const;  // "system clock", "replay from 2021-04-06T08:00Z at 60x"

private:
    Mode mode_ = Mode::system;
    Instant start_{};
    double speed_ = 1.0;
    Steady origin_{};
};

// A Raspberry Pi has no battery clock: until network time arrives it boots at 1970 or
// at the time it was last shut down. Returns what to tell staff when `systemNow` cannot
// be right: before 2020, or more than a day before a file on this machine was written
// (files are not written in the future). Empty when the time is plausible.
std::optional<std::string> implausibleClock(Instant systemNow, std::optional<Instant> newestFileWrite);

}  // namespace hallboard
