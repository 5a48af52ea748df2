// What decides whether a wake of the kiosk loop draws: the frame key. A mutant that
// left the minute out of it survived the suite once.
#include <catch2/catch.hpp>

#include "platform/kiosk_app.hpp"
#include "support.hpp"

using namespace hallboard;
using namespace std::chrono_literals;

TEST_CASE("a wake in another minute draws again, the same minute and page does not") {
    Rotation::Frame f;
    f.current = Rotation::Slot{0, 0};
    Program p;
    Instant nine = test::utc("2026-06-08T09:00:10");
    auto key = platform::frameKey(nine, f, ImVec2(800, 480), &p);
    CHECK(platform::frameKey(nine + 40s, f, ImVec2(800, 480), &p) == key);
    CHECK_FALSE(platform::frameKey(nine + 50s, f, ImVec2(800, 480), &p) == key);  // 09:01
    CHECK_FALSE(platform::frameKey(nine, f, ImVec2(1280, 720), &p) == key);
    Program other;
    CHECK_FALSE(platform::frameKey(nine, f, ImVec2(800, 480), &other) == key);
    Rotation::Frame next = f;
    next.current = Rotation::Slot{1, 0};
    CHECK_FALSE(platform::frameKey(nine, next, ImVec2(800, 480), &p) == key);
}
