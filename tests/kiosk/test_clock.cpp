#include <catch2/catch.hpp>

#include "kiosk/clock.hpp"
#include "support.hpp"

using namespace hallboard;
using hallboard::test::utc;
using std::chrono::seconds;

TEST_CASE("a fixed clock always answers the same instant") {
    Clock c = Clock::fixed(utc("2021-04-06T16:30"));
    auto steady = std::chrono::steady_clock::now();
    CHECK(c.nowAt(utc("2030-01-01T00:00"), steady) == utc("2021-04-06T16:30"));
    CHECK(c.nowAt(utc("2030-01-01T00:00"), steady + std::chrono::hours{5}) == utc("2021-04-06T16:30"));
    CHECK(c.now() == utc("2021-04-06T16:30"));
    CHECK(c.realTimeFor(seconds{60}) == std::chrono::milliseconds::max());
}

TEST_CASE("a replay clock runs from its start at its speed") {
    auto origin = std::chrono::steady_clock::time_point{} + std::chrono::hours{1000};
    Clock c = Clock::replay(utc("2021-04-06T15:00"), 60.0, origin);
    CHECK(c.nowAt({}, origin) == utc("2021-04-06T15:00"));
    CHECK(c.nowAt({}, origin + seconds{10}) == utc("2021-04-06T15:10"));
    CHECK(c.nowAt({}, origin + std::chrono::milliseconds{1500}) == utc("2021-04-06T15:01:30"));
    CHECK(c.realTimeFor(std::chrono::minutes{1}) == std::chrono::milliseconds{1000});
    CHECK(c.describe() == "replay from 2021-04-06T15:00Z at 60x");
}

TEST_CASE("a replay clock refuses a speed that would stop or reverse time") {
    auto origin = std::chrono::steady_clock::now();
    for (double bad : {0.0, -5.0, std::numeric_limits<double>::quiet_NaN()}) {
        Clock c = Clock::replay(utc("2021-04-06T15:00"), bad, origin);
        CHECK(c.speed() == 1.0);
        CHECK(c.nowAt({}, origin + seconds{3}) == utc("2021-04-06T15:00:03"));
    }
}

TEST_CASE("an implausible system clock is recognised and explained") {
    auto boot = implausibleClock(utc("1970-01-01T00:00:42"), std::nullopt);
    REQUIRE(boot);
    CHECK(boot->find("1970-01-01 00:00 UTC") != std::string::npos);
    CHECK(boot->find("set the time") != std::string::npos);
    // Shut down in May, booted in August before network time: files are from August.
    auto stale = implausibleClock(utc("2026-05-01T10:00"), utc("2026-08-20T09:00"));
    REQUIRE(stale);
    CHECK(stale->find("before files here were written") != std::string::npos);
    CHECK_FALSE(implausibleClock(utc("2026-08-20T10:00"), utc("2026-08-20T09:00")));
    CHECK_FALSE(implausibleClock(utc("2026-08-20T08:56"), utc("2026-08-20T09:00")));  // a laptop's clock a little ahead
    CHECK_FALSE(implausibleClock(utc("2026-08-20T10:00"), std::nullopt));
}

TEST_CASE("the system clock passes the real time through") {
    Clock c = Clock::system();
    CHECK(c.nowAt(utc("2024-02-29T12:00"), {}) == utc("2024-02-29T12:00"));
    CHECK(c.realTimeFor(seconds{2}) == std::chrono::milliseconds{2000});
    auto before = std::chrono::time_point_cast<Duration>(std::chrono::system_clock::now());
    CHECK(c.now() >= before);
}

TEST_CASE("a clock set before the program file was written, or never synchronised, is flagged for staff") {
    // fake-hwclock: the Pi boots at its last shutdown, the evening before the program
    // was copied on; an hour before the file's time is already wrong.
    auto early = implausibleClock(utc("2026-08-20T08:00"), utc("2026-08-20T09:00"));
    REQUIRE(early);
    CHECK_THAT(*early, Catch::Contains("before files here were written (2026-08-20 09:00 UTC)"));

    // The kernel's state, fed through the seam: never set by a time source.
    KernelClock unsynced{true, true, 16000000};
    auto never = implausibleClock(utc("2026-08-20T10:00"), utc("2026-08-20T09:00"), unsynced);
    REQUIRE(never);
    CHECK_THAT(*never, Catch::StartsWith("Clock never synchronised"));
    CHECK_THAT(*never, Catch::Contains("STA_UNSYNC"));
    // Synchronised, or a kernel that did not answer: nothing to say.
    CHECK_FALSE(implausibleClock(utc("2026-08-20T10:00"), utc("2026-08-20T09:00"), KernelClock{true, false, 20000}));
    CHECK_FALSE(implausibleClock(utc("2026-08-20T10:00"), utc("2026-08-20T09:00"), KernelClock{false, true, 0}));
    // The wrong time is said before the missing synchronisation.
    CHECK_THAT(*implausibleClock(utc("2026-08-20T08:00"), utc("2026-08-20T09:00"), unsynced),
               Catch::Contains("before files"));
    // The real query answers on Linux.
    CHECK(readKernelClock().known);
}
