// Which page the kiosk shows, and the transition between two pages, as a function of
// real time. Real (steady) time, not conference time: a replay at 60x speed must not
// turn pages 60 times faster.
//
// A page may need several screens ("sub-pages": 50 rooms at 8 a screen); each is shown
// for the page's duration. A page with nothing to show (0 sub-pages) is skipped; when no
// page has anything, the rotation says so and the kiosk shows its welcome screen.
#pragma once

#include <chrono>
#include <functional>
#include <optional>
#include <vector>

#include "core/kiosk_config.hpp"

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

    Rotation(std::vector<Ms> durations, Ms transition);
    // The pages' times from a configuration: durations, and the transition (none: 0).
    static Rotation fromConfig(const KioskConfig& config);

    // New page times (a configuration reload): the page in view stays when it still
    // exists, and its new duration counts from when it was shown.
    void setTiming(std::vector<Ms> durations, Ms transition);
    const std::vector<Ms>& durations() const { return durations_; }
    Ms transition() const { return transition_; }

    // Moves to `now`: advances past pages whose time is up, skips empty ones.
    void update(Steady now, const SubpageCount& count);
    Frame frame(Steady now) const;
    // When something next changes: the end of this page, or the next transition frame.
    Steady nextChange(Steady now, Ms frameInterval) const;

    // Jumps to a page now (a swipe, or a tap on a page indicator).
    void show(std::size_t page, int subpage, Steady now);
    void next(Steady now, const SubpageCount& count);
    void previous(Steady now, const SubpageCount& count);

private:
    std::optional<Slot> after(Slot slot, const SubpageCount& count) const;
    std::optional<Slot> before(Slot slot, const SubpageCount& count) const;
    std::optional<Slot> first(const SubpageCount& count) const;
    void switchTo(std::optional<Slot> slot, Steady at);

    std::vector<Ms> durations_;
    Ms transition_;
    std::optional<Slot> current_;
    std::optional<Slot> previous_;
    Steady shownAt_{};
    bool started_ = false;
};

}  // namespace hallboard
