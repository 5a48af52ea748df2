// Rotation in step with the wall clock ("cycle": {"sync": "wall-clock"}): screens with
// the same configuration, program and screen size show the same page at the same
// instants, whenever each was started. The cycles are laid end to end from the start of
// each UTC hour: the first cycle of the hour starts from where nothing has been shown
// (the first screens), each next one from where the last left off (kiosk/rotation_plan),
// and the hour's last cycle is cut at the next hour. So the page at an instant is a pure
// function of the pages, their screen counts now, the limits and the instant: two
// kiosks agree as far as their clocks do (NTP: a few milliseconds).
#pragma once

#include <chrono>
#include <optional>
#include <vector>

#include "kiosk/rotation_plan.hpp"

namespace hallboard {

using WallTime = std::chrono::sys_time<std::chrono::milliseconds>;

struct SyncedStep {
    Cycle cycle;           // the cycle in view
    std::size_t step = 0;  // its step at the instant
    WallTime start, end;   // when that step started and ends (the hour's end cuts it)
};

// Where the search may start instead of the hour's start: a cycle found before in the
// same hour with the same screen counts (the rotation keeps it, so a kiosk does not
// re-plan the whole hour at every switch). Anything else is ignored.
struct SyncHint {
    WallTime cycleStart;
    Cursors from;              // the cursors that cycle was planned from
    std::vector<int> screens;  // the counts it was planned with
};

// The step showing at `now`; empty when no page has anything to show. `hint` is read
// and updated.
std::optional<SyncedStep> syncedStep(const std::vector<PlanPage>& pages, const std::vector<int>& screens,
                                     const CycleLimits& limits, WallTime now, std::optional<SyncHint>* hint = nullptr);

}  // namespace hallboard
