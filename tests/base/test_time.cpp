#include <catch2/catch.hpp>
#include <cstdlib>
#include <ctime>

#include "base/time.hpp"
#include "support.hpp"

using namespace hallboard;
using hallboard::test::utc;

TEST_CASE("timestamps parse in the forms files and people write") {
    auto p = parseTimestamp("2021-04-06T09:30");
    REQUIRE(p);
    CHECK_FALSE(p->offset);
    CHECK(date::format("%F %T", p->local) == "2021-04-06 09:30:00");

    CHECK(parseTimestamp("2021-04-06 09:30:15"));
    CHECK(parseTimestamp("2021-04-06T09:30:15.250Z"));
    auto z = parseTimestamp("2021-04-06T16:30Z");
    REQUIRE(z);
    REQUIRE(z->offset);
    CHECK(z->offset->count() == 0);
    auto off = parseTimestamp("2019-08-21T11:00:00+02:00");
    REQUIRE(off);
    CHECK(off->offset->count() == 7200);
    auto compact = parseTimestamp("2022-08-30T14:15-0700");
    REQUIRE(compact);
    CHECK(compact->offset->count() == -7 * 3600);
}

TEST_CASE("malformed timestamps are rejected, not guessed") {
    for (const char* bad : {"", "2021-04-06", "09:30", "2021-13-01T10:00", "2021-02-30T10:00", "2021-04-06T25:00",
                            "2021-04-06T09:30 please", "2021-04-06T09:60", "21-04-06T09:30"}) {
        INFO(bad);
        CHECK_FALSE(parseTimestamp(bad));
    }
}

TEST_CASE("wall times resolve in the conference zone, offsets win") {
    auto la = TimeZone::locate("America/Los_Angeles");
    CHECK(resolve(*parseTimestamp("2021-04-06T09:30"), la) == utc("2021-04-06T16:30"));
    CHECK(resolve(*parseTimestamp("2021-04-06T09:30+02:00"), la) == utc("2021-04-06T07:30"));
    CHECK(formatClock(la, utc("2021-04-06T16:30")) == "09:30");
    CHECK(la.abbreviation(utc("2021-04-06T16:30")) == "PDT");
    CHECK(la.abbreviation(utc("2021-01-06T16:30")) == "PST");
    CHECK(formatIso(la, utc("2021-04-06T16:30")) == "2021-04-06T09:30:00-07:00");
}

TEST_CASE("daylight-saving changes: the skipped and the repeated hour") {
    auto berlin = TimeZone::locate("Europe/Berlin");
    WallTimeFit fit{};

    SECTION("spring forward: 02:30 does not exist on 2021-03-28") {
        Instant t = berlin.fromLocal(parseTimestamp("2021-03-28T02:30")->local, &fit);
        CHECK(fit == WallTimeFit::nonexistent);
        CHECK(t == utc("2021-03-28T01:30"));  // 03:30 CEST
        CHECK(formatClock(berlin, t) == "03:30");
    }
    SECTION("fall back: 02:30 happens twice on 2021-10-31; the first is taken") {
        Instant t = berlin.fromLocal(parseTimestamp("2021-10-31T02:30")->local, &fit);
        CHECK(fit == WallTimeFit::ambiguous);
        CHECK(t == utc("2021-10-31T00:30"));  // 02:30 CEST
    }
    SECTION("ordinary times are exact") {
        berlin.fromLocal(parseTimestamp("2021-10-31T04:30")->local, &fit);
        CHECK(fit == WallTimeFit::exact);
    }
    SECTION("a day with the change is 25 hours long") {
        Instant a = berlin.fromLocal(parseTimestamp("2021-10-31T00:00")->local);
        Instant b = berlin.fromLocal(parseTimestamp("2021-11-01T00:00")->local);
        CHECK(b - a == std::chrono::hours{25});
    }
}

TEST_CASE("conversions do not depend on the machine's own zone") {
    const char* saved = std::getenv("TZ");
    std::string previous = saved ? saved : "";
    setenv("TZ", "Pacific/Kiritimati", 1);  // UTC+14: any accidental localtime() shows
    tzset();
    auto la = TimeZone::locate("America/Los_Angeles");
    CHECK(formatClock(la, utc("2021-04-06T16:30")) == "09:30");
    CHECK(formatLongDate(localDay(la, utc("2021-04-07T06:00"))) == "Tuesday 6 April 2021");
    if (saved)
        setenv("TZ", previous.c_str(), 1);
    else
        unsetenv("TZ");
    tzset();
}

TEST_CASE("unknown zones are reported by name") {
    CHECK_FALSE(TimeZone::find("Mars/Olympus_Mons"));
    CHECK_FALSE(TimeZone::find(""));
    CHECK_THROWS_WITH(TimeZone::locate("Europe/Atlantis"), Catch::Contains("Europe/Atlantis"));
}

TEST_CASE("durations in the forms exports use") {
    CHECK(parseDuration("01:30") == std::chrono::minutes{90});
    CHECK(parseDuration("1:30") == std::chrono::minutes{90});
    CHECK(parseDuration("00:45:30") == Duration{45 * 60 + 30});
    CHECK(parseDuration("26:00") == std::chrono::hours{26});
    CHECK(parseDuration("90") == std::chrono::minutes{90});
    CHECK_FALSE(parseDuration("1:75"));
    CHECK_FALSE(parseDuration("abc"));
    CHECK_FALSE(parseDuration(""));
    CHECK_FALSE(parseDuration("1:30:00:00"));
    CHECK_FALSE(parseDuration("-1:00"));
}

TEST_CASE("durations read the way a sign says them") {
    CHECK(formatDuration(Duration{0}) == "0 min");
    CHECK(formatDuration(Duration{30}) == "1 min");
    CHECK(formatDuration(std::chrono::minutes{45}) == "45 min");
    CHECK(formatDuration(std::chrono::minutes{125}) == "2 h 05 min");
    CHECK(formatDuration(std::chrono::hours{3}) == "3 h");
    CHECK(formatDuration(std::chrono::hours{74}) == "3 days");
    CHECK(formatHhMm(std::chrono::minutes{90}) == "01:30");
    CHECK(formatOffset(Duration{-7 * 3600}) == "UTC-07:00");
    CHECK(formatOffset(Duration{5 * 3600 + 1800}) == "UTC+05:30");
}

TEST_CASE("dates") {
    auto d = parseDate("2021-04-06");
    REQUIRE(d);
    CHECK(formatDate(*d) == "2021-04-06");
    CHECK(formatLongDate(*d) == "Tuesday 6 April 2021");
    CHECK_FALSE(parseDate("2021-02-29"));
    CHECK_FALSE(parseDate("6 Apr 2021"));
}
