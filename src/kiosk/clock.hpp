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

#include "base/time.hpp"

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

// What the kernel says of the system clock's synchronisation (adjtimex(2), read-only):
// STA_UNSYNC is set from boot until a time source (systemd-timesyncd, chrony, an RTC
// read by the kernel) sets the clock, and again when none has for many hours.
struct KernelClock {
    bool known = false;           // the kernel answered
    bool unsynchronised = false;  // STA_UNSYNC (or TIME_ERROR)
    long maxErrorMicros = 0;      // the kernel's bound on the error, 16 s at most
};
// The seam: the real query; the kiosk asks it, the tests pass states of their own.
KernelClock readKernelClock();

// A Raspberry Pi has no battery clock: until network time arrives it boots at 1970 or
// at the time it was last shut down (fake-hwclock). Returns what to tell staff (and the
// fleet status) when `systemNow` cannot be trusted, most serious first:
//  - before 2020;
//  - before the newest of the program and configuration files was written (more than 5
//    minutes: a file copied with its time from a laptop whose clock is a little ahead is
//    no alarm) - files are not written in the future;
//  - the kernel says no time source ever set the clock: "Clock never synchronised ...".
// Empty when the time is plausible and synchronised (or the kernel's state is unknown).
std::optional<std::string> implausibleClock(Instant systemNow, std::optional<Instant> newestFileWrite,
                                            const KernelClock& kernel = {});

}  // namespace hallboard
