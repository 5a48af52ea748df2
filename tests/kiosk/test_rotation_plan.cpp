// The cycle planner alone: home pages come back in time, other pages are capped, the
// cycle stays short, and every cut or broken bound is said.
#include <catch2/catch.hpp>

#include <algorithm>
#include <set>

#include "kiosk/rotation_plan.hpp"

using namespace hallboard;
using std::chrono::milliseconds;
using std::chrono::seconds;

namespace {

PlanPage home(const char* name, int s) {
    return PlanPage{name, true, seconds{s}, 0};
}
PlanPage other(const char* name, int s, int cap, bool continues = false) {
    return PlanPage{name, false, seconds{s}, cap, continues};
}

// The default rotation: now & next 20 s, upcoming 15 s (2), awards 12 s (2), speakers
// 12 s (3); awards and speakers go on where they left off.
std::vector<PlanPage> defaults() {
    return {home("now-next", 20), other("upcoming", 15, 2), other("awards", 12, 2, true),
            other("speakers", 12, 3, true)};
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
    return static_cast<int>(
        std::count_if(c.steps.begin(), c.steps.end(), [&](const CycleStep& s) { return s.page == page; }));
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
    CHECK(c.summary.cuts ==
          std::vector<std::string>{"upcoming: 2 of 33 screens (max_screens 2)",
                                   "speakers: 3 of 927 screens (max_screens 3), the next ones in the next cycles"});
}

TEST_CASE("every home visit shows every screen of its page, so every room is back within the home interval") {
    // Five screens of now & next at 20 s: 30 s for a visit gives 6 s each, below the
    // 8 s minimum: 8 s each, all five (40 s), each visit.
    Cursors at;
    for (int cycle = 0; cycle < 3; ++cycle) {
        Cycle c = planCycle(defaults(), {5, 2, 2, 3}, at, CycleLimits{});
        std::vector<int> visit;
        for (std::size_t i = 0; i < c.steps.size(); ++i) {
            if (!c.steps[i].home) continue;
            CHECK(c.steps[i].duration == seconds{8});
            visit.push_back(c.steps[i].screen);
            if (i + 1 == c.steps.size() || !c.steps[i + 1].home) {
                CHECK(visit == std::vector<int>{0, 1, 2, 3, 4});
                visit.clear();
            }
        }
        at = c.next;
    }
}

TEST_CASE("a home visit paces its screens to fit half the home interval, never below the minimum") {
    std::vector<PlanPage> pages{home("now-next", 20), other("speakers", 12, 3)};
    // 3 screens: 10 s each fit in 30 s.
    Cycle c = planCycle(pages, {3, 3}, Cursors{}, CycleLimits{});
    REQUIRE(c.steps.size() >= 4);
    CHECK(c.steps[0] == CycleStep{0, 0, seconds{10}, true});
    CHECK(c.steps[1] == CycleStep{0, 1, seconds{10}, true});
    CHECK(c.steps[2] == CycleStep{0, 2, seconds{10}, true});
    CHECK_FALSE(c.steps[3].home);
    CHECK(c.summary.home == std::vector<std::string>{"now-next: all 3 screens each visit, 10 s each"});
    // One screen keeps its own 20 s; a page's own seconds are never lengthened.
    Cycle one = planCycle(pages, {1, 3}, Cursors{}, CycleLimits{});
    CHECK(one.steps[0] == CycleStep{0, 0, seconds{20}, true});
    Cycle shortOwn = planCycle({home("rooms", 5), other("speakers", 12, 3)}, {2, 1}, Cursors{}, CycleLimits{});
    CHECK(shortOwn.steps[0].duration == seconds{5});
    // The minimum is the configuration's.
    CycleLimits slow;
    slow.minScreen = seconds{12};
    Cycle paced = planCycle(pages, {4, 3}, Cursors{}, slow);
    CHECK(paced.steps[0].duration == seconds{12});
    // A home screen longer than the home interval is still shown, alone.
    Cycle alone = planCycle({home("now-next", 40), other("speakers", 12, 3)}, {1, 1}, Cursors{}, CycleLimits{});
    CHECK(alone.steps.size() == 2);
}

TEST_CASE("home pages take turns: now and next and the rooms board") {
    std::vector<PlanPage> pages{home("now-next", 20), home("rooms", 20), other("upcoming", 15, 2)};
    Cursors at;
    std::vector<std::size_t> visits;
    for (int cycle = 0; cycle < 4; ++cycle) {
        Cycle c = planCycle(pages, {1, 1, 2}, at, CycleLimits{});
        for (const auto& s : c.steps)
            if (s.home) visits.push_back(s.page);
        at = c.next;
    }
    // A visit each, in turn: both show every room at every visit.
    CHECK(visits == std::vector<std::size_t>{0, 1, 0, 1});
}

TEST_CASE("now and next's cards for forty rooms give way to the rooms board at home visits and go on between them") {
    // 1080p, 40 rooms: now & next 6 screens of cards, the board 3 screens.
    std::vector<PlanPage> pages{home("now-next", 20), home("rooms", 15), other("upcoming", 15, 2),
                                other("awards", 15, 2, true)};
    Cursors at;
    std::set<int> cards;
    for (int cycle = 0; cycle < 6; ++cycle) {
        Cycle c = planCycle(pages, {6, 3, 5, 3}, at, CycleLimits{});
        INFO("cycle " << cycle);
        CHECK(c.summary.withinBounds());
        CHECK(c.summary.longestHomeGap <= seconds{60});
        for (const auto& s : c.steps) {
            if (s.home) {
                CHECK(s.page == 1);  // the board is the home page
                CHECK(s.duration == seconds{10});
            }
            if (s.page == 0) {
                CHECK_FALSE(s.home);
                CHECK(s.duration == seconds{20});  // cards keep their own time
                cards.insert(s.screen);
            }
        }
        CHECK(stepsOf(c, 0) >= 1);  // cards every cycle, going on (max_seconds may leave one)
        CHECK(stepsOf(c, 1) % 3 == 0);
        if (cycle == 0)
            CHECK(std::count_if(c.summary.cuts.begin(), c.summary.cuts.end(), [](const std::string& cut) {
                      return cut.rfind("now-next: ", 0) == 0 &&
                             cut.find("rooms shows every room at each home visit, in fewer screens") !=
                                 std::string::npos;
                  }) == 1);
        at = c.next;
    }
    CHECK(cards.size() == 6);  // every card screen comes round
    // Both fit (12 rooms at 800x480: cards on 3 screens, the board on 2): the board
    // alone, as turns would show a room at the end of one visit and the start of the next
    // but one.
    Cycle both = planCycle(pages, {3, 2, 2, 1}, Cursors{}, CycleLimits{});
    for (const auto& s : both.steps) CHECK((s.home == (s.page == 1)));
    // Neither fits (200 rooms at 800x480): the one with the shortest visit stays home.
    Cycle big = planCycle(pages, {40, 10, 5, 3}, Cursors{}, CycleLimits{});
    CHECK(big.steps.front().page == 1);
    CHECK(stepsOf(big, 1) % 10 == 0);
}

TEST_CASE("the longest wait for each room: off the screen from the end of one showing to the next, the wrap included") {
    using Ms = milliseconds;
    std::vector<ShownRooms> timeline{{Ms{0}, Ms{10000}, {0, 1}},
                                     {Ms{10000}, Ms{10000}, {2}},
                                     {Ms{20000}, Ms{25000}, {}},
                                     {Ms{45000}, Ms{5000}, {0}},
                                     {Ms{50000}, Ms{20000}, {1, 2}}};
    auto waits = longestRoomWaits(timeline, Ms{70000});
    REQUIRE(waits.size() == 3);
    CHECK(waits[0] == std::pair<std::size_t, Ms>{0, Ms{35000}});  // off from 10 to 45; the wrap 50 to 70 + 0
    CHECK(waits[1] == std::pair<std::size_t, Ms>{1, Ms{40000}});  // off from 10 to 50; on at the wrap
    CHECK(waits[2] == std::pair<std::size_t, Ms>{2, Ms{30000}});  // off from 20 to 50; the wrap 0 to 10
    // Shown once: the rest of the period.
    CHECK(longestRoomWaits({{Ms{5000}, Ms{10000}, {7}}}, Ms{90000}) ==
          std::vector<std::pair<std::size_t, Ms>>{{7, Ms{80000}}});
    // On two screens in a row, and always: never off.
    CHECK(longestRoomWaits({{Ms{0}, Ms{30000}, {3}}, {Ms{30000}, Ms{30000}, {3}}}, Ms{60000}) ==
          std::vector<std::pair<std::size_t, Ms>>{{3, Ms{0}}});
    CHECK(longestRoomWaits({}, Ms{90000}).empty());
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
    for (const auto& cut : c.summary.cuts)
        said = said || (cut.find("speakers: 3 of 20 screens (max_screens 8, then max_seconds 120 s)") == 0);
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
    // Home only: a visit is the cycle, its four screens at the 8 s minimum.
    Cycle homeOnly = planCycle(defaults(), {4, 0, 0, 0}, Cursors{}, CycleLimits{});
    CHECK(homeOnly.summary.total == seconds{32});
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
