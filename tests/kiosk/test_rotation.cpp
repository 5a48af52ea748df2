#include <catch2/catch.hpp>

#include <set>

#include "kiosk/rotation.hpp"

using namespace hallboard;
using Ms = std::chrono::milliseconds;
using Steady = Rotation::Steady;

namespace {

Steady at(long long ms) {
    return Steady{} + std::chrono::hours{1} + Ms{ms};
}

struct Screens {
    std::vector<int> counts;
    Rotation::SubpageCount fn() {
        return [this](std::size_t i) { return i < counts.size() ? counts[i] : 0; };
    }
};

Rotation three() {
    return Rotation({Ms{10000}, Ms{5000}, Ms{8000}}, Ms{500});
}

}  // namespace

TEST_CASE("the rotation shows each page for its duration, in order, and wraps") {
    Rotation r = three();
    Screens s{{1, 1, 1}};
    r.update(at(0), s.fn());
    CHECK(r.frame(at(0)).current->page == 0);
    r.update(at(9999), s.fn());
    CHECK(r.frame(at(9999)).current->page == 0);
    r.update(at(10000), s.fn());
    CHECK(r.frame(at(10000)).current->page == 1);
    r.update(at(15000), s.fn());
    CHECK(r.frame(at(15000)).current->page == 2);
    r.update(at(23000), s.fn());
    CHECK(r.frame(at(23000)).current->page == 0);
}

TEST_CASE("pages with nothing to show are skipped") {
    Rotation r = three();
    Screens s{{1, 0, 1}};
    r.update(at(0), s.fn());
    r.update(at(10000), s.fn());
    CHECK(r.frame(at(10000)).current->page == 2);
}

TEST_CASE("a page with several screens shows each for the page's duration") {
    Rotation r = three();
    Screens s{{3, 1, 1}};
    r.update(at(0), s.fn());
    r.update(at(10000), s.fn());
    CHECK(*r.frame(at(10000)).current == Rotation::Slot{0, 1});
    r.update(at(20000), s.fn());
    CHECK(*r.frame(at(20000)).current == Rotation::Slot{0, 2});
    r.update(at(30000), s.fn());
    CHECK(*r.frame(at(30000)).current == Rotation::Slot{1, 0});
}

TEST_CASE("a transition runs from the switch for its duration") {
    Rotation r = three();
    Screens s{{1, 1, 1}};
    r.update(at(0), s.fn());
    CHECK_FALSE(r.frame(at(0)).previous);  // the first page comes in without one
    r.update(at(10000), s.fn());
    auto mid = r.frame(at(10250));
    REQUIRE(mid.previous);
    CHECK(mid.previous->page == 0);
    CHECK(mid.transition == Approx(0.5));
    CHECK_FALSE(r.frame(at(10500)).previous);
    // During the transition the loop wakes for the next frame; after it, at the page's end.
    CHECK(r.nextChange(at(10250), Ms{33}) == at(10283));
    CHECK(r.nextChange(at(11000), Ms{33}) == at(15000));
}

TEST_CASE("when nothing has anything to show, the rotation says so and checks again") {
    Rotation r = three();
    Screens s{{0, 0, 0}};
    r.update(at(0), s.fn());
    CHECK_FALSE(r.frame(at(0)).current);
    CHECK(r.nextChange(at(0), Ms{33}) == at(60000));
    s.counts = {0, 1, 0};  // a session starts: the upcoming page has something again
    r.update(at(1000), s.fn());
    REQUIRE(r.frame(at(1000)).current);
    CHECK(r.frame(at(1000)).current->page == 1);
}

TEST_CASE("a screen that no longer exists is left at once for a cycle planned from what there is") {
    Rotation r = three();
    Screens s{{2, 1, 1}};
    r.update(at(0), s.fn());
    r.update(at(10000), s.fn());
    CHECK(*r.frame(at(10000)).current == Rotation::Slot{0, 1});
    s.counts = {1, 1, 1};  // the second screen is gone (fewer rooms now)
    r.update(at(11000), s.fn());
    CHECK(*r.frame(at(11000)).current == Rotation::Slot{0, 0});
    CHECK(r.cycle().steps.size() == 3);
    r.update(at(21000), s.fn());
    CHECK(r.frame(at(21000)).current->page == 1);
}

TEST_CASE("after a long sleep the rotation continues from now, not from then") {
    Rotation r = three();
    Screens s{{1, 1, 1}};
    r.update(at(0), s.fn());
    r.update(at(10 * 60 * 1000), s.fn());  // ten minutes later
    Steady now = at(10 * 60 * 1000);
    CHECK(r.nextChange(now, Ms{33}) > now);
}

TEST_CASE("next and previous move by hand, skipping empty pages") {
    Rotation r = three();
    Screens s{{1, 0, 2}};
    r.update(at(0), s.fn());
    r.next(at(100), s.fn());
    CHECK(*r.frame(at(100)).current == Rotation::Slot{2, 0});
    r.next(at(200), s.fn());
    CHECK(*r.frame(at(200)).current == Rotation::Slot{2, 1});
    r.next(at(300), s.fn());
    CHECK(*r.frame(at(300)).current == Rotation::Slot{0, 0});
    r.previous(at(400), s.fn());
    CHECK(*r.frame(at(400)).current == Rotation::Slot{2, 1});
    r.show(1, 0, at(500));
    CHECK(r.frame(at(500)).current->page == 1);
}

namespace {

// The default pages: now & next 20 s, upcoming 15 s (2 a cycle), awards 12 s (2),
// speakers 12 s (3), with the default limits.
Rotation defaults() {
    return Rotation::fromConfig(KioskConfig::defaults());
}

}  // namespace

TEST_CASE("the rotation follows the planned cycle: now and next back within a minute, whatever the program's size") {
    Rotation r = defaults();
    Screens s{{4, 33, 5, 927}};  // the conference
    long long lastHome = 0, longest = 0, cycleStart = 0;
    std::set<int> homeScreens, speakerScreens;
    std::vector<long long> cycles;
    r.update(at(0), s.fn());
    for (long long t = 0; t <= 30 * 60 * 1000; t += 1000) {
        r.update(at(t), s.fn());
        Rotation::Slot now = *r.frame(at(t)).current;
        if (now.page == 0) {
            longest = std::max(longest, t - lastHome);
            lastHome = t;
            homeScreens.insert(now.subpage);
        }
        if (r.step() == 0 && t - cycleStart > 1000) {
            cycles.push_back(t - cycleStart);
            cycleStart = t;
        }
        CHECK((now.page != 1 || now.subpage < 2));  // upcoming: its first two screens, the nearest
        if (now.page == 3) speakerScreens.insert(now.subpage);
    }
    CHECK(speakerScreens.size() >= 20);  // new speakers every cycle (each home visit now shows all 4 screens: 32 s)
    CHECK(longest <= 60000);
    CHECK(homeScreens == std::set<int>{0, 1, 2, 3});  // every room came round
    REQUIRE(cycles.size() > 5);
    for (long long c : cycles) CHECK(c <= 180000);
}

TEST_CASE("each cycle is planned from the counts at its end: a page that gains screens shows them next cycle") {
    Rotation r = defaults();
    Screens s{{1, 1, 0, 0}};
    r.update(at(0), s.fn());
    CHECK(r.cycle().steps.size() == 2);  // now & next, upcoming
    s.counts = {1, 1, 0, 2};             // a session is about to start: two speakers
    r.update(at(20000), s.fn());
    CHECK(r.frame(at(20000)).current->page == 1);
    r.update(at(35000), s.fn());  // the cycle ends: a new one with the speakers in it
    CHECK(r.frame(at(35000)).current->page == 0);
    CHECK(r.step() == 0);
    CHECK(r.cycle().steps.size() == 4);
    r.update(at(55000), s.fn());
    r.update(at(70000), s.fn());
    CHECK(*r.frame(at(70000)).current == Rotation::Slot{3, 0});
}

TEST_CASE("swipes step through the cycle, forward and back") {
    Rotation r = defaults();
    Screens s{{2, 1, 0, 1}};
    r.update(at(0), s.fn());
    std::vector<Rotation::Slot> planned;
    for (const auto& step : r.cycle().steps) planned.push_back({step.page, step.screen});
    REQUIRE(planned.size() >= 3);
    for (std::size_t i = 1; i < planned.size(); ++i) {
        r.next(at(static_cast<long long>(i) * 100), s.fn());
        CHECK(*r.frame(at(static_cast<long long>(i) * 100)).current == planned[i]);
    }
    r.previous(at(5000), s.fn());
    CHECK(*r.frame(at(5000)).current == planned[planned.size() - 2]);
}
