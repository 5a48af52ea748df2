// Which page the kiosk shows, and the transition between two pages, as a function of
// real time. Real (steady) time, not conference time: a replay at 60x speed must not
// turn pages 60 times faster.
//
// The rotation follows a planned cycle (kiosk/rotation_plan.hpp): now & next comes back
// at least every minute, the other pages show their first few screens between, and the
// whole cycle stays within its limit however big the program is. A cycle is planned
// from the pages' screen counts at the start and at the end of each cycle, and again
// when the screen in view no longer exists. A page with nothing to show (0 screens) is
// left out; when no page has anything, the rotation says so and the kiosk shows its
// welcome screen.
#pragma once

#include <chrono>
#include <functional>
#include <optional>
#include <vector>

#include "kiosk/kiosk_config.hpp"
#include "kiosk/rotation_plan.hpp"
#include "kiosk/rotation_sync.hpp"

namespace hallboard {

class Rotation {
public:
    using Steady = std::chrono::steady_clock::time_point;
    using Ms = std::chrono::milliseconds;
    // How many screens page `index` needs now; 0 to skip it.
    using SubpageCount = std::function<int(std::size_t index)>;

    struct Slot {
        std::size_t page = 0;  // index into the configured pages
        int subpage = 0;
        bool operator==(const Slot&) const = default;
    };

    struct Frame {
        std::optional<Slot> current;   // empty: nothing to show anywhere
        std::optional<Slot> previous;  // set during a transition
        double transition = 1.0;       // 0 at the switch, 1 when the new page is fully in
    };

    // Pages with only their times: none is a home page, none is capped, no limits (each
    // page's screens in turn, as tests and benchmarks want).
    Rotation(std::vector<Ms> durations, Ms transition);
    Rotation(std::vector<PlanPage> pages, CycleLimits limits, Ms transition);
    // The pages, their kinds and caps, the cycle's limits and the transition (none: 0).
    static Rotation fromConfig(const KioskConfig& config);

    // New page times and everything else the plan depends on (a configuration reload):
    // the page in view stays when it still exists, and its new duration counts from when
    // it was shown; the next cycle follows the plan.
    void setPlan(std::vector<PlanPage> pages, CycleLimits limits, Ms transition);
    const std::vector<Ms>& durations() const { return durations_; }
    const std::vector<PlanPage>& pages() const { return pages_; }
    const CycleLimits& limits() const { return limits_; }
    Ms transition() const { return transition_; }
    // The cycle being shown, and which of its steps is in view.
    const Cycle& cycle() const { return cycle_; }
    std::size_t step() const { return step_; }

    // Moves to `now`: advances past screens whose time is up, plans the next cycle.
    // With limits().wallClock, shows the step the wall clock says (rotation_sync.hpp):
    // the system clock's now, or `wall` as given (tests). A page turned by hand stays
    // until the next scheduled switch.
    void update(Steady now, const SubpageCount& count);
    void update(Steady now, WallTime wall, const SubpageCount& count);
    Frame frame(Steady now) const;
    // When something next changes: the end of this screen, or the next transition frame.
    Steady nextChange(Steady now, Ms frameInterval) const;

    // Jumps to a page now (a swipe, or a tap on a page indicator).
    void show(std::size_t page, int subpage, Steady now);
    // A step forward or back through the cycle (swipes).
    void next(Steady now, const SubpageCount& count);
    void previous(Steady now, const SubpageCount& count);

private:
    void plan(const SubpageCount& count);
    bool exists(const CycleStep& step, const SubpageCount& count) const;
    // The first step from `from` on that still exists, planning a new cycle at the end.
    void advanceFrom(std::size_t from, const SubpageCount& count);
    std::optional<Slot> slotOf(std::size_t step) const;
    void switchTo(std::optional<Slot> slot, Steady at);
    void updateSynced(Steady now, WallTime wall, const SubpageCount& count);

    std::vector<PlanPage> pages_;
    std::vector<Ms> durations_;
    CycleLimits limits_;
    Ms transition_;
    Cycle cycle_;
    Cursors cursors_;  // where the cycle in view started
    std::size_t step_ = 0;
    std::optional<Slot> current_;
    std::optional<Slot> previous_;
    Steady shownAt_{};
    bool started_ = false;
    // Wall-clock sync: where the last search ended, and the scheduled step in view.
    std::optional<SyncHint> syncHint_;
    std::optional<WallTime> syncedStart_;
    Steady syncedEnd_{};
};

}  // namespace hallboard
