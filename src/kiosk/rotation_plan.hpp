// The rotation's cycle, planned: which page and screen show in what order for how long,
// so that a cycle stays short whatever the program's size. A pure function of the
// configured pages, each page's screen count now, where paging pages left off, and the
// limits; the rules are in docs/configuration.md ("How a cycle is planned").
//
// Home pages (now & next, the rooms board, and the countdown and closing pages they
// become) come back at least every `homeEvery`, each visit showing every screen of its
// page (every room), each screen shortened to fit half of `homeEvery` but never below
// `minScreen`; the other pages (upcoming, awards, speakers) fill the time between, at
// most `maxScreens` screens each, fewer when the cycle would last longer than
// `maxCycle`. A home page that cannot show all its screens in half of `homeEvery` at
// that pace (now & next's cards for forty rooms) gives way to one that can (the rooms
// board): it fills the time between visits as the other pages do, going on through its
// screens from cycle to cycle. Speakers and awards go on where the last cycle left off;
// upcoming always starts with the nearest sessions.
#pragma once

#include <chrono>
#include <string>
#include <vector>

#include "kiosk/kiosk_config.hpp"

namespace hallboard {

struct PlanPage {
    std::string name;  // for the summary: "upcoming"
    bool home = false;
    std::chrono::milliseconds duration{15000};  // each screen
    int maxScreens = 0;                         // screens a cycle, other pages only; 0: no cap
    // Other pages: each cycle goes on from where the last left off (speakers, awards:
    // everyone comes round; changes: every change comes round) instead of from the first
    // screen (upcoming: the nearest).
    bool continues = false;
    bool operator==(const PlanPage&) const = default;
};

struct CycleLimits {
    std::chrono::milliseconds homeEvery{60000};  // between the starts of two home visits, at most; 0: no home rule
    std::chrono::milliseconds maxCycle{180000};  // a whole cycle, at most; 0: no limit
    // Not a limit of the plan but of its place in time: cycles laid from each UTC hour so
    // that screens turn pages together (kiosk/rotation_sync.hpp). planCycle ignores it.
    bool wallClock = false;
    std::chrono::milliseconds minScreen{8000};  // a home screen shortened to fit a visit, at least
    bool operator==(const CycleLimits&) const = default;
};

// Where paging pages left off: the next screen of each page, and which home page's
// turn it is. Home pages continue from here at the next visit and the next cycle, pages
// that continue (speakers, awards) in the next cycle.
struct Cursors {
    std::vector<int> screen;   // per configured page
    std::size_t homeTurn = 0;  // among the home pages that have screens
    bool operator==(const Cursors&) const = default;
};

struct CycleStep {
    std::size_t page = 0;  // index into the configured pages
    int screen = 0;
    std::chrono::milliseconds duration{0};
    bool home = false;
    bool operator==(const CycleStep&) const = default;
};

struct CycleSummary {
    std::chrono::milliseconds total{0};
    std::vector<std::string> home;  // "rooms: all 3 screens each visit, 10 s each"

    std::chrono::milliseconds longestHomeGap{
        0};                             // between the starts of two home visits, the wrap included; 0: no home visits
    std::vector<std::string> cuts;      // "upcoming: 2 of 9 screens (max_screens 2)"
    std::vector<std::string> warnings;  // a bound the cycle could not keep, and why
    bool withinBounds() const { return warnings.empty(); }
};

struct Cycle {
    std::vector<CycleStep> steps;
    CycleSummary summary;
    Cursors next;  // where the next cycle continues
};

// Plans one cycle. `screens[i]` is how many screens page i needs now (0: skip it);
// `from` is where the last cycle left off (empty: from the start).
Cycle planCycle(const std::vector<PlanPage>& pages, const std::vector<int>& screens, const Cursors& from,
                const CycleLimits& limits);

// A screen on show for the per-room wait: when it starts in a repeating timeline, how
// long it stays, and the rooms it shows (their indices in the program).
struct ShownRooms {
    std::chrono::milliseconds start{0};
    std::chrono::milliseconds duration{0};
    std::vector<std::size_t> rooms;
};
// For each room shown at all: the longest time it is off the screen, from the end of a
// screen that shows it to the start of the next one that does, the wrap from the
// timeline's end (`period`) to its start included. What a visitor who just missed their
// room waits, at worst, to see it again; 0 for a room always on screen.
std::vector<std::pair<std::size_t, std::chrono::milliseconds>> longestRoomWaits(const std::vector<ShownRooms>& timeline,
                                                                                std::chrono::milliseconds period);

// max_screens as configured, else the kind's default: upcoming 2, speakers 3, awards 2;
// 0 (no cap) for home pages.
int maxScreensOf(const PageConfig& page);
// The planner's view of a configuration's pages and limits.
std::vector<PlanPage> planPages(const KioskConfig& config);
CycleLimits cycleLimits(const KioskConfig& config);

}  // namespace hallboard
