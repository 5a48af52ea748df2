// The room timer (#31.4): for a stage or door screen, what one room's clock says at an
// instant. Before a talk, the time until it starts; while it runs, the time left and how
// much is done, amber and then red near the end; after its end, how far over it ran
// ("+1:30"), until the next talk starts or `over` has passed; in a break, the next talk.
// The times are the program's after the day's overrides, so a session running late moves
// the timer with it. Facts only: the page (ui/page_timer.cpp) says them in words.
#pragma once

#include <optional>

#include "model/program.hpp"

namespace hallboard {

// When the time left turns amber and red, and how long "+m:ss" is shown after the end.
struct TimerLimits {
    Duration amber{5 * 60};
    Duration red{2 * 60};
    Duration over{10 * 60};
};

// One thing the timer counts down: a talk (with its own times or its share of its
// session's), or a session timed as a whole (one without talks, a poster session).
struct TimedItem {
    Index session = 0;
    std::optional<Index> talk;
    TimeRange time;
};

struct RoomTimer {
    enum class State {
        before,   // `item` starts in `left` (perhaps on a later day)
        running,  // `item` is on: `left` until its end, `done` of it over
        over,     // `item` ended `left` ago (less than TimerLimits::over), nothing has started since
        idle,     // nothing more in this room: no `item`
    };
    enum class Urgency { normal, amber, red, over };
    State state = State::idle;
    Urgency urgency = Urgency::normal;
    std::optional<TimedItem> item;
    Duration left{};                // before: until the start; running: until the end; over: since the end
    double done = 0.0;              // running: 0..1
    std::optional<TimedItem> next;  // what follows `item` (over: what starts next)
};

// What `room`'s timer shows at `now`. Cancelled sessions and talks are left out.
RoomTimer roomTimerAt(const Program& program, Index room, Instant now, const TimerLimits& limits = {});

// The room's timed items in order of start (what roomTimerAt counts through).
std::vector<TimedItem> timedItems(const Program& program, Index room);

// "12:34", "1:02:03" (a whole hour or more), "+1:30" with `sign`: minutes and seconds of
// `d` (its absolute value), rounded down to the second.
std::string timerDigits(Duration d, bool sign = false);

}  // namespace hallboard
