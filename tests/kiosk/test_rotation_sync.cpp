// Rotation in step with the wall clock (kiosk/rotation_sync.hpp): what shows is a pure
// function of the instant, so two rotations started at different moments agree.
#include <catch2/catch.hpp>

#include "kiosk/rotation.hpp"
#include "kiosk/rotation_sync.hpp"

using namespace hallboard;
using Ms = std::chrono::milliseconds;

namespace {

// A home page with 3 screens (it pages through them across cycles), two other pages.
std::vector<PlanPage> pages() {
    return {PlanPage{"now-next", true, Ms{4000}, 0, false}, PlanPage{"upcoming", false, Ms{3000}, 2, false},
            PlanPage{"speakers", false, Ms{2500}, 2, true}};
}
const std::vector<int> kScreens = {3, 2, 5};
const CycleLimits kLimits{Ms{10000}, Ms{60000}, true};

// 2026-11-25T09:00:00Z plus `ms`.
WallTime wallAt(long long ms) {
    return WallTime{std::chrono::seconds{1795597200}} + Ms{ms};
}

Rotation syncedRotation() {
    return Rotation(pages(), kLimits, Ms{600});
}

}  // namespace

TEST_CASE("the synced step at an instant is the same whatever was asked before") {
    std::optional<SyncHint> hint;
    for (long long ms = 0; ms < 20 * 60 * 1000; ms += 777) {
        auto fresh = syncedStep(pages(), kScreens, kLimits, wallAt(ms));
        auto hinted = syncedStep(pages(), kScreens, kLimits, wallAt(ms), &hint);
        REQUIRE(fresh);
        REQUIRE(hinted);
        INFO(ms);
        CHECK(fresh->start == hinted->start);
        CHECK(fresh->end == hinted->end);
        CHECK(fresh->cycle.steps[fresh->step] == hinted->cycle.steps[hinted->step]);
        CHECK(fresh->start <= wallAt(ms));
        CHECK(fresh->end > wallAt(ms));
    }
}

TEST_CASE("each UTC hour starts a cycle from its first screens, cutting the hour's last cycle") {
    auto first = syncedStep(pages(), kScreens, kLimits, wallAt(0));
    REQUIRE(first);
    CHECK(first->start == wallAt(0));
    CHECK(first->step == 0);
    CHECK(first->cycle.steps[0].page == 0);
    CHECK(first->cycle.steps[0].screen == 0);
    auto last = syncedStep(pages(), kScreens, kLimits, wallAt(3600 * 1000 - 1));
    REQUIRE(last);
    CHECK(last->end == wallAt(3600 * 1000));  // cut at the hour
    auto next = syncedStep(pages(), kScreens, kLimits, wallAt(3600 * 1000));
    REQUIRE(next);
    CHECK(next->start == wallAt(3600 * 1000));
    CHECK(next->cycle.steps[next->step].screen == 0);
}

TEST_CASE("nothing to show anywhere: no synced step") {
    CHECK_FALSE(syncedStep(pages(), {0, 0, 0}, kLimits, wallAt(5000)));
}

TEST_CASE("two synced rotations started 7 s apart show the same screens at the same instants") {
    using Steady = Rotation::Steady;
    // The two kiosks' steady clocks have nothing in common; only the wall clock does.
    const Steady originA = Steady{} + std::chrono::hours{5};
    const Steady originB = Steady{} + std::chrono::hours{77};
    auto counts = [](std::size_t i) { return i < kScreens.size() ? kScreens[i] : 0; };
    Rotation a = syncedRotation(), b = syncedRotation();
    Rotation unsynced(pages(), CycleLimits{Ms{10000}, Ms{60000}, false}, Ms{600}), unsyncedLate = unsynced;
    int compared = 0, differedUnsynced = 0;
    for (long long ms = 123; ms < 5 * 60 * 1000; ms += 100) {
        a.update(originA + Ms{ms}, wallAt(ms), counts);
        unsynced.update(originA + Ms{ms}, wallAt(ms), counts);
        if (ms < 7123) continue;
        b.update(originB + Ms{ms}, wallAt(ms), counts);
        unsyncedLate.update(originB + Ms{ms - 7000}, wallAt(ms), counts);
        INFO(ms);
        auto fa = a.frame(originA + Ms{ms}), fb = b.frame(originB + Ms{ms});
        REQUIRE(fa.current);
        CHECK(fa.current == fb.current);
        // Transitions run at the same instants too (b joined mid-step: none at first).
        if (ms > 7123 + 10000) {
            CHECK(fa.previous == fb.previous);
            CHECK(fa.transition == Approx(fb.transition));
            CHECK(a.nextChange(originA + Ms{ms}, Ms{33}) - originA == b.nextChange(originB + Ms{ms}, Ms{33}) - originB);
        }
        ++compared;
        differedUnsynced += unsynced.frame(originA + Ms{ms}).current != unsyncedLate.frame(originB + Ms{ms}).current;
    }
    CHECK(compared > 2000);
    CHECK(differedUnsynced > compared / 4);  // without sync, the two would not agree
}

TEST_CASE("a page turned by hand stays until the next scheduled switch, then the rotation rejoins the clock") {
    using Steady = Rotation::Steady;
    const Steady origin = Steady{} + std::chrono::hours{1};
    auto counts = [](std::size_t i) { return i < kScreens.size() ? kScreens[i] : 0; };
    Rotation r = syncedRotation(), reference = syncedRotation();
    r.update(origin + Ms{500}, wallAt(500), counts);
    REQUIRE(r.frame(origin + Ms{500}).current == Rotation::Slot{0, 0});
    r.show(2, 1, origin + Ms{1000});
    r.update(origin + Ms{3000}, wallAt(3000), counts);
    CHECK(r.frame(origin + Ms{3000}).current == Rotation::Slot{2, 1});
    auto scheduled = syncedStep(pages(), kScreens, kLimits, wallAt(500));
    REQUIRE(scheduled);
    long long end = (scheduled->end - wallAt(0)).count();
    r.update(origin + Ms{end + 10}, wallAt(end + 10), counts);
    reference.update(origin + Ms{end + 10}, wallAt(end + 10), counts);
    CHECK(r.frame(origin + Ms{end + 10}).current == reference.frame(origin + Ms{end + 10}).current);
}
