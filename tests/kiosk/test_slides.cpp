// Slides (kiosk/slides.hpp): what the configuration accepts and refuses, the time window,
// days and daily hours, and where a picture goes with contain and cover.
#include <catch2/catch.hpp>

#include "kiosk/kiosk_config.hpp"
#include "kiosk/rotation_plan.hpp"
#include "kiosk/slides.hpp"
#include "support.hpp"

using namespace hallboard;
using namespace hallboard::test;

namespace {

ConfigLoad parseSlides(const std::string& pages) {
    return parseKioskConfig(R"({"program": "p.json", "rotation": [{"page": "now-next"}, )" + pages + "]}", "kiosk.json",
                            "/srv/hallboard/config");
}

SlideConfig slideOf(const std::string& page) {
    ConfigLoad load = parseSlides(page);
    INFO(allDiagnostics(load.diagnostics));
    REQUIRE(load.ok());
    REQUIRE(load.config->rotation.size() == 2);
    REQUIRE(load.config->rotation[1].slide);
    return *load.config->rotation[1].slide;
}

// The error for a slide page, or "" when it loads.
std::string errorOf(const std::string& page) {
    ConfigLoad load = parseSlides(page);
    for (const Diagnostic& d : load.diagnostics)
        if (d.severity == Severity::error) return d.where + ": " + d.message;
    return {};
}

const TimeZone kZone = TimeZone::locate("America/Los_Angeles");

Instant wall(const std::string& text) {
    return resolve(*parseTimestamp(text), kZone);
}

}  // namespace

TEST_CASE("a slide page reads its picture, fit, focus, background and window") {
    SlideConfig s = slideOf(R"({"page": "slide", "image": "../assets/slides/sponsor.png", "fit": "cover",
        "focus": [0.7, 0.25], "background": "#10233f", "from": "2021-04-06T08:00", "until": "2021-04-07T18:00",
        "days": ["2021-04-06", "Wed"], "daily": {"from": "11:30", "until": "14:00"}, "seconds": 8})");
    CHECK(s.image == "/srv/hallboard/assets/slides/sponsor.png");  // relative to the config file
    CHECK_FALSE(s.isText());
    CHECK(s.fit == SlideFit::cover);
    CHECK(s.focus[0] == 0.7);
    CHECK(s.focus[1] == 0.25);
    CHECK(s.background == Color::parse("#10233f"));
    REQUIRE(s.from);
    REQUIRE(s.until);
    CHECK(s.dates == std::vector<LocalDay>{*parseDate("2021-04-06")});
    CHECK(s.weekdays == std::vector<int>{3});
    REQUIRE(s.daily);
    CHECK(s.daily->first == std::chrono::minutes{11 * 60 + 30});
    CHECK(s.daily->second == std::chrono::hours{14});

    SlideConfig text = slideOf(R"({"page": "slide", "title": "Wi-Fi", "text": "Network MLSys"})");
    CHECK(text.isText());
    CHECK(text.fit == SlideFit::contain);
    CHECK(text.focus == std::array<double, 2>{0.5, 0.5});
    CHECK_FALSE(text.background);
    CHECK(describeSlide(text) == "Wi-Fi");
    CHECK(describeSlide(s) == "sponsor.png");
}

TEST_CASE("slide errors name the JSON path and what was expected") {
    CHECK(errorOf(R"({"page": "slide"})").find("/rotation/1: a slide needs \"image\"") == 0);
    CHECK(errorOf(R"({"page": "slide", "title": "x", "fit": "stretch"})") ==
          "/rotation/1/fit: expected \"contain\" or \"cover\", found \"stretch\"");
    CHECK(
        errorOf(R"({"page": "slide", "image": "a.png", "focus": [0.5]})").find("/rotation/1/focus: expected [x, y]") ==
        0);
    CHECK(errorOf(R"({"page": "slide", "image": "a.png", "focus": [0.5, 1.5]})") ==
          "/rotation/1/focus/1: expected a number from 0 to 1, found 1.5");
    CHECK(errorOf(R"({"page": "slide", "title": "x", "background": "blue"})").find("/rotation/1/background:") == 0);
    CHECK(errorOf(R"({"page": "slide", "title": "x", "from": "tomorrow"})").find("/rotation/1/from: expected a time") ==
          0);
    CHECK(errorOf(R"({"page": "slide", "title": "x", "from": "2021-04-06T12:00", "until": "2021-04-06T11:00"})") ==
          "/rotation/1/until: must be after \"from\"");
    CHECK(
        errorOf(R"({"page": "slide", "title": "x", "days": ["funday"]})").find("/rotation/1/days/0: expected a date") ==
        0);
    CHECK(errorOf(R"({"page": "slide", "title": "x", "days": ["0000-01-01"]})").find("/rotation/1/days/0:") == 0);
    CHECK(errorOf(R"({"page": "slide", "title": "x", "daily": {"from": "11:30"}})").find("/rotation/1/daily/until:") ==
          0);
    CHECK(errorOf(R"({"page": "slide", "title": "x", "daily": {"from": "25:00", "until": "26:00"}})")
              .find("/rotation/1/daily/from: expected a time of day") == 0);
    CHECK(errorOf(R"({"page": "slide", "title": "x", "daily": {"from": "12:00", "until": "12:00"}})")
              .find("/rotation/1/daily/until: the same") == 0);
    CHECK(errorOf(R"({"page": "slide", "title": ")" + std::string(kMaxSlideTitle + 1, 'x') + R"("})")
              .find("/rotation/1/title: too long") == 0);
    // Slide keys on another page are typos or leftovers: a warning, not silence.
    ConfigLoad other = parseSlides(R"({"page": "upcoming", "image": "a.png"})");
    REQUIRE(other.ok());
    CHECK(hasDiagnostic(other.diagnostics, Severity::warning, "/rotation/1/image", "unknown key"));
    CHECK(errorOf(R"({"page": "slide", "title": "x"})").empty());
}

TEST_CASE("a slide shows inside its window, on its days, in its daily hours") {
    SECTION("from and until, conference wall time") {
        SlideConfig s =
            slideOf(R"({"page": "slide", "title": "x", "from": "2021-04-06T08:00", "until": "2021-04-06T09:30"})");
        CHECK_FALSE(slideShownAt(s, kZone, wall("2021-04-06T07:59")));
        CHECK(slideShownAt(s, kZone, wall("2021-04-06T08:00")));
        CHECK(slideShownAt(s, kZone, wall("2021-04-06T09:29")));
        CHECK_FALSE(slideShownAt(s, kZone, wall("2021-04-06T09:30")));
    }
    SECTION("dates and weekdays") {
        SlideConfig s = slideOf(R"({"page": "slide", "title": "x", "days": ["2021-04-06", "friday"]})");
        CHECK(slideShownAt(s, kZone, wall("2021-04-06T00:00")));  // the date, a Tuesday
        CHECK(slideShownAt(s, kZone, wall("2021-04-06T23:59")));
        CHECK_FALSE(slideShownAt(s, kZone, wall("2021-04-07T00:00")));  // Wednesday
        CHECK(slideShownAt(s, kZone, wall("2021-04-09T12:00")));        // a Friday
        CHECK(slideShownAt(s, kZone, wall("2021-04-16T12:00")));        // every Friday
        // The day is the conference's: 06:00 UTC on the 7th is still the 6th in California.
        CHECK(slideShownAt(s, kZone, utc("2021-04-07T06:00Z")));
    }
    SECTION("dayparting: the lunch menu only at noon") {
        SlideConfig s = slideOf(R"({"page": "slide", "title": "Lunch", "days": ["2021-04-06"],
            "daily": {"from": "11:30", "until": "14:00"}})");
        CHECK_FALSE(slideShownAt(s, kZone, wall("2021-04-06T11:29")));
        CHECK(slideShownAt(s, kZone, wall("2021-04-06T11:30")));
        CHECK(slideShownAt(s, kZone, wall("2021-04-06T13:59")));
        CHECK_FALSE(slideShownAt(s, kZone, wall("2021-04-06T14:00")));
        CHECK_FALSE(slideShownAt(s, kZone, wall("2021-04-07T12:00")));  // the right hours, another day
    }
    SECTION("daily hours past midnight") {
        SlideConfig s = slideOf(R"({"page": "slide", "title": "Party", "daily": {"from": "22:00", "until": "02:00"}})");
        CHECK(slideShownAt(s, kZone, wall("2021-04-06T23:00")));
        CHECK(slideShownAt(s, kZone, wall("2021-04-07T01:59")));
        CHECK_FALSE(slideShownAt(s, kZone, wall("2021-04-07T02:00")));
        CHECK_FALSE(slideShownAt(s, kZone, wall("2021-04-07T12:00")));
    }
    SECTION("no window: always") {
        SlideConfig s = slideOf(R"({"page": "slide", "title": "x"})");
        CHECK(slideShownAt(s, kZone, wall("1999-12-31T23:59")));
        CHECK(slideShownAt(s, kZone, wall("2021-04-06T12:00")));
    }
}

TEST_CASE("contain shows the whole picture centred, cover fills the box around the focus") {
    SECTION("contain: a wide picture in a tall box is letterboxed, nothing cut") {
        SlidePlacement p = placeSlideImage({1600, 900}, {1000, 1600}, SlideFit::contain, {0.5, 0.5});
        CHECK(p.w == Approx(1000));
        CHECK(p.h == Approx(562.5));
        CHECK(p.x == Approx(0));
        CHECK(p.y == Approx((1600 - 562.5) / 2));
        CHECK(p.u0 == 0);
        CHECK(p.v0 == 0);
        CHECK(p.u1 == 1);
        CHECK(p.v1 == 1);
        // A tall picture in a wide box: pillarboxed.
        SlidePlacement q = placeSlideImage({600, 1200}, {1920, 900}, SlideFit::contain, {0.5, 0.5});
        CHECK(q.h == Approx(900));
        CHECK(q.w == Approx(450));
        CHECK(q.x == Approx((1920 - 450) / 2.0));
    }
    SECTION("cover: the box is filled and the picture cropped, the focus kept") {
        // 2400x1000 into a square: the picture's height fills it, 1000 of 2400 across shows.
        SlidePlacement mid = placeSlideImage({2400, 1000}, {800, 800}, SlideFit::cover, {0.5, 0.5});
        CHECK(mid.w == 800);
        CHECK(mid.h == 800);
        CHECK(mid.x == 0);
        CHECK(mid.y == 0);
        CHECK(mid.u1 - mid.u0 == Approx(1000.0 / 2400));
        CHECK(mid.u0 == Approx((1 - 1000.0 / 2400) / 2));
        CHECK(mid.v0 == Approx(0));
        CHECK(mid.v1 == Approx(1));
        // Focus right of centre: the window moves right and keeps the focus inside.
        SlidePlacement right = placeSlideImage({2400, 1000}, {800, 800}, SlideFit::cover, {0.7, 0.5});
        CHECK(right.u0 > mid.u0);
        CHECK(right.u0 <= 0.7);
        CHECK(right.u1 >= 0.7);
        CHECK((right.u0 + right.u1) / 2 == Approx(0.7));
        // At the edge: the window stops at the picture's edge rather than showing beyond it.
        SlidePlacement edge = placeSlideImage({2400, 1000}, {800, 800}, SlideFit::cover, {1.0, 0.5});
        CHECK(edge.u1 == Approx(1.0));
        CHECK(edge.u0 == Approx(1 - 1000.0 / 2400));
    }
    SECTION("nothing to place") {
        SlidePlacement none = placeSlideImage({0, 100}, {800, 600}, SlideFit::cover, {0.5, 0.5});
        CHECK(none.w == 0);
        CHECK(none.h == 0);
    }
}

TEST_CASE("a slide is one screen a cycle between the home pages") {
    ConfigLoad load = parseSlides(R"({"page": "slide", "title": "Wi-Fi", "seconds": 9})");
    REQUIRE(load.ok());
    const PageConfig& slide = load.config->rotation[1];
    CHECK(slide.kind == PageKind::slide);
    CHECK_FALSE(isHomePage(slide.kind));
    CHECK(maxScreensOf(slide) == 1);
    CHECK(slide.duration == std::chrono::seconds{9});
    CHECK(toString(PageKind::slide) == "slide");
    CHECK(parsePageKind("slide") == PageKind::slide);
}
