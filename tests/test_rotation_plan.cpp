// The cycle planner alone: home pages come back in time, other pages are capped, the
// cycle stays short, and every cut or broken bound is said.
#include <catch2/catch.hpp>

#include <set>

#include "core/rotation_plan.hpp"

using namespace hallboard;
using std::chrono::milliseconds;
using std::chrono::seconds;

namespace {

PlanPage home(const char* name, int s) { return PlanPage{name, true, seconds{s}, 0}; }
PlanPage other(const char* name, int s, int cap, bool continues = false) {
    return PlanPage{name, false, seconds{s}, cap, continues};
}

// The default rotation: now & next 20 s, upcoming 15 s (2), awards 12 s (2), speakers
// 12 s (3); awards and speakers go on where they left off.
std::vector<PlanPage> defaults() {
    return {home("now-next", 20), other("upcoming", 15, 2), other("awards", 12, 2, true), other("speakers", 12, 3, true)};
}

// Start offsets of home visits, and the end of the cycle.
std::vector<milliseconds> visitStarts(const Cycle& c) {
    std::vector<milliseconds> out;
    milliseconds at{0};
    for (std::size_t i = 0; i < c.steps.size(); ++i) {
        if (c.steps[i].home && (i == 0 || !c.steps[i - 1].home)) out.push_back(at);
        at += c.steps[i].duration;
    }
    out.push_back(at);
    return out;
}

int stepsOf(const Cycle& c, std::size_t page) {
    return static_cast<int>(std::count_if(c.steps.begin(), c.steps.end(), [&](const CycleStep& s) { return s.page == page; }));
}

}  // namespace

TEST_CASE("the issue's conference: a cycle of a few minutes, now and next back every minute") {
    // 30 rooms, 900 talks, 900 speakers: 4 screens of now & next, 33 of upcoming, 927 of speakers.
    Cycle c = planCycle(defaults(), {4, 33, 0, 927}, Cursors{}, CycleLimits{});
    INFO(c.steps.size() << " steps, " << c.summary.total.count() << " ms");
    CHECK(c.summary.total <= seconds{180});
    CHECK(c.summary.longestHomeGap <= seconds{60});
    CHECK(c.summary.withinBounds());
    CHECK(stepsOf(c, 1) == 2);
    CHECK(stepsOf(c, 3) == 3);
    // The starts of home visits, measured independently, are never more than 60 s apart.
    auto starts = visitStarts(c);
    for (std::size_t i = 1; i < starts.size(); ++i) CHECK(starts[i] - starts[i - 1] <= seconds{60});
    CHECK(c.steps.front().home);
    // Upcoming shows its first screens, the nearest items.
    for (const auto& s : c.steps)
        if (s.page == 1) CHECK(s.screen < 2);
    // Each cut says what and why.
    CHECK(c.summary.cuts == std::vector<std::string>{
                                "upcoming: 2 of 33 screens (max_screens 2)", "speakers: 3 of 927 screens (max_screens 3), the next ones in the next cycles",
                                "now-next: 2 of 4 screens this cycle, the next ones at the next visits (home_every_seconds 60 s)"});
}

TEST_CASE("a home page with more screens than a visit holds goes on where it left off, so every room comes round") {
    std::set<int> seen;
    Cursors at;
    for (int cycle = 0; cycle < 3; ++cycle) {
        Cycle c = planCycle(defaults(), {5, 2, 2, 3}, at, CycleLimits{});
        for (const auto& s : c.steps)
            if (s.page == 0) seen.insert(s.screen);
        at = c.next;
    }
    CHECK(seen == std::set<int>{0, 1, 2, 3, 4});
}

TEST_CASE("a home visit shows as many home screens as fit in half the home interval") {
    std::vector<PlanPage> pages{home("now-next", 10), other("speakers", 12, 3)};
    Cycle c = planCycle(pages, {5, 3}, Cursors{}, CycleLimits{});
    REQUIRE(c.steps.size() >= 4);
    // 3 x 10 s fit in 30 s: the visit is screens 1 to 3, then the speakers.
    CHECK(c.steps[0] == CycleStep{0, 0, seconds{10}, true});
    CHECK(c.steps[1] == CycleStep{0, 1, seconds{10}, true});
    CHECK(c.steps[2] == CycleStep{0, 2, seconds{10}, true});
    CHECK_FALSE(c.steps[3].home);
    // A home screen longer than half the interval is still shown, alone.
    Cycle one = planCycle({home("now-next", 40), other("speakers", 12, 3)}, {3, 1}, Cursors{}, CycleLimits{});
    CHECK(one.steps.size() == 2);
}

TEST_CASE("home pages take turns: now and next and the rooms board") {
    std::vector<PlanPage> pages{home("now-next", 20), home("rooms", 20), other("upcoming", 15, 2)};
    Cursors at;
    std::vector<std::size_t> visits;
    for (int cycle = 0; cycle < 4; ++cycle) {
        Cycle c = planCycle(pages, {2, 1, 2}, at, CycleLimits{});
        for (const auto& s : c.steps)
            if (s.home) visits.push_back(s.page);
        at = c.next;
    }
    // A visit each, in turn; now & next goes on with its second screen at its next turn.
    CHECK(visits == std::vector<std::size_t>{0, 1, 0, 1});
    Cycle again = planCycle(pages, {2, 1, 2}, Cursors{}, CycleLimits{});
    Cycle second = planCycle(pages, {2, 1, 2}, planCycle(pages, {2, 1, 2}, again.next, CycleLimits{}).next, CycleLimits{});
    CHECK(second.steps.front() == CycleStep{0, 1, seconds{20}, true});
}

TEST_CASE("a cycle over max_seconds loses screens of the largest other page first, never below one each") {
    std::vector<PlanPage> pages{home("now-next", 20), other("upcoming", 15, 4), other("speakers", 12, 8)};
    CycleLimits limits{seconds{60}, seconds{120}};
    Cycle c = planCycle(pages, {1, 4, 20}, Cursors{}, limits);
    INFO(c.summary.total.count());
    CHECK(c.summary.total <= seconds{120});
    CHECK(stepsOf(c, 1) >= 1);
    CHECK(stepsOf(c, 2) >= 1);
    CHECK(stepsOf(c, 2) <= stepsOf(c, 1) + 1);  // the larger page was cut first
    CHECK(c.summary.withinBounds());
    bool said = false;
    for (const auto& cut : c.summary.cuts) said = said || (cut.find("speakers: 3 of 20 screens (max_screens 8, then max_seconds 120 s)") == 0);
    CHECK(said);

    // Too many pages to fit even at one screen each: a warning, not a silent cut.
    std::vector<PlanPage> many{home("now-next", 20)};
    for (int i = 0; i < 12; ++i) many.push_back(other("speakers", 15, 3));
    Cycle over = planCycle(many, std::vector<int>(13, 3), Cursors{}, CycleLimits{});
    for (std::size_t i = 1; i < 13; ++i) CHECK(stepsOf(over, i) == 1);
    CHECK_FALSE(over.summary.withinBounds());
    REQUIRE(over.summary.warnings.size() == 1);
    CHECK(over.summary.warnings[0].find("longer than max_seconds 180 s") != std::string::npos);
}

TEST_CASE("a screen longer than the home interval breaks the bound, and the summary says so") {
    std::vector<PlanPage> pages{home("now-next", 20), other("speakers", 50, 3)};
    Cycle c = planCycle(pages, {1, 1}, Cursors{}, CycleLimits{});
    CHECK(c.summary.longestHomeGap == seconds{70});
    REQUIRE(c.summary.warnings.size() == 1);
    CHECK(c.summary.warnings[0].find("now-next returns after up to 70 s, longer than home_every_seconds 60 s") == 0);
}

TEST_CASE("without a home page nothing is interleaved, and caps and max_seconds still hold") {
    std::vector<PlanPage> pages{other("upcoming", 15, 2), other("speakers", 12, 3)};
    Cycle c = planCycle(pages, {9, 40}, Cursors{}, CycleLimits{seconds{60}, seconds{40}});
    std::vector<std::size_t> order;
    for (const auto& s : c.steps) order.push_back(s.page);
    // 2 + 3 screens were 66 s: speakers lost one, then upcoming (more seconds on a tie).
    CHECK(order == std::vector<std::size_t>{0, 1, 1});
    CHECK(c.summary.total == seconds{39});
    CHECK(c.summary.longestHomeGap == milliseconds{0});
    CHECK(c.summary.withinBounds());
    Cycle tight = planCycle(pages, {9, 40}, Cursors{}, CycleLimits{seconds{60}, seconds{20}});
    CHECK(tight.steps.size() == 2);  // one screen each, the floor
    CHECK_FALSE(tight.summary.withinBounds());
}

TEST_CASE("pages with nothing to show are left out, and nothing anywhere is an empty cycle") {
    Cycle c = planCycle(defaults(), {1, 0, 0, 2}, Cursors{}, CycleLimits{});
    for (const auto& s : c.steps) CHECK((s.page == 0 || s.page == 3));
    CHECK(planCycle(defaults(), {0, 0, 0, 0}, Cursors{}, CycleLimits{}).steps.empty());
    // Home only: a visit is the cycle.
    Cycle homeOnly = planCycle(defaults(), {4, 0, 0, 0}, Cursors{}, CycleLimits{});
    CHECK(homeOnly.summary.total <= seconds{30});
    CHECK(homeOnly.summary.withinBounds());
}

TEST_CASE("speakers and awards go on where the last cycle left off, upcoming starts with the nearest each time") {
    Cursors at;
    std::vector<int> speakers, upcoming;
    for (int cycle = 0; cycle < 3; ++cycle) {
        Cycle c = planCycle(defaults(), {1, 5, 0, 7}, at, CycleLimits{});
        for (const auto& s : c.steps) {
            if (s.page == 3) speakers.push_back(s.screen);
            if (s.page == 1) upcoming.push_back(s.screen);
        }
        at = c.next;
    }
    CHECK(speakers == std::vector<int>{0, 1, 2, 3, 4, 5, 6, 0, 1});  // everyone comes round, then the first again
    CHECK(upcoming == std::vector<int>{0, 1, 0, 1, 0, 1});
}
