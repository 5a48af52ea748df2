// See clock.hpp.
#include "kiosk/clock.hpp"

#include <cmath>
#include <cstdio>
#include <limits>

#include <sys/timex.h>

namespace hallboard {

Clock Clock::system() {
    return Clock{};
}

Clock Clock::fixed(Instant at) {
    Clock c;
    c.mode_ = Mode::fixed;
    c.start_ = at;
    return c;
}

Clock Clock::replay(Instant start, double speed, Steady origin) {
    Clock c;
    c.mode_ = Mode::replay;
    c.start_ = start;
    c.speed_ = (std::isfinite(speed) && speed > 0.0) ? speed : 1.0;
    c.origin_ = origin;
    return c;
}

Instant Clock::now() const {
    return nowAt(std::chrono::time_point_cast<Duration>(std::chrono::system_clock::now()),
                 std::chrono::steady_clock::now());
}

Instant Clock::nowAt(Instant systemNow, Steady steadyNow) const {
    switch (mode_) {
    case Mode::fixed: return start_;
    case Mode::replay: {
        double realSeconds = std::chrono::duration<double>(steadyNow - origin_).count();
        auto advanced = Duration{static_cast<long long>(std::floor(realSeconds * speed_))};
        return start_ + advanced;
    }
    case Mode::system:
    default: return systemNow;
    }
}

std::chrono::milliseconds Clock::realTimeFor(Duration d) const {
    if (mode_ == Mode::fixed) return std::chrono::milliseconds::max();
    double ms = std::chrono::duration<double, std::milli>(d).count() / speed_;
    if (ms < 0) ms = 0;
    if (ms > static_cast<double>(std::numeric_limits<int>::max())) ms = std::numeric_limits<int>::max();
    return std::chrono::milliseconds{static_cast<long long>(std::ceil(ms))};
}

std::string Clock::describe() const {
    switch (mode_) {
    case Mode::fixed: return "fixed at " + date::format("%Y-%m-%dT%H:%MZ", start_);
    case Mode::replay: {
        char speed[32];
        std::snprintf(speed, sizeof speed, "%g", speed_);
        return "replay from " + date::format("%Y-%m-%dT%H:%MZ", start_) + " at " + speed + "x";
    }
    case Mode::system:
    default: return "system clock";
    }
}

KernelClock readKernelClock() {
    KernelClock k;
    timex t{};  // modes 0: read only
    int state = ::adjtimex(&t);
    if (state < 0) return k;
    k.known = true;
    k.unsynchronised = (t.status & STA_UNSYNC) != 0 || state == TIME_ERROR;
    k.maxErrorMicros = t.maxerror;
    return k;
}

std::optional<std::string> implausibleClock(Instant systemNow, std::optional<Instant> newestFileWrite,
                                            const KernelClock& kernel) {
    const Instant floor{date::sys_days{date::year{2020} / 1 / 1}.time_since_epoch()};
    std::string shown = date::format("%Y-%m-%d %H:%M UTC", systemNow);
    if (systemNow < floor)
        return "The system clock says " + shown +
               ": set the time (timedatectl, network time); sessions shown may be wrong";
    if (newestFileWrite && systemNow + std::chrono::minutes{5} < *newestFileWrite)
        return "The system clock says " + shown + ", before files here were written (" +
               date::format("%Y-%m-%d %H:%M UTC", *newestFileWrite) + "): set the time; sessions shown may be wrong";
    if (kernel.known && kernel.unsynchronised)
        return "Clock never synchronised: it says " + shown +
               " but no time source has set it (kernel STA_UNSYNC); an offline Pi starts at its last shutdown time: "
               "set the time (docs/deployment.md, Time)";
    return std::nullopt;
}

}  // namespace hallboard
