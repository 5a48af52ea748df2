#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <set>

#include "kiosk/kiosk_config.hpp"
#include "kiosk/kiosk_session.hpp"
#include "kiosk/rotation_plan.hpp"
#include "support.hpp"

using namespace hallboard;
using namespace hallboard::test;

namespace {
const std::string kConfigDir = std::string(HALLBOARD_SOURCE_DIR) + "/config/";

ConfigLoad parse(const std::string& json) {
    return parseKioskConfig(json, "kiosk.json", "/srv/hallboard/config");
}
}  // namespace

TEST_CASE("the default configuration replays the bundled MLSys 2021 day") {
    ConfigLoad load = loadKioskConfig(kConfigDir + "kiosk.json");
    INFO(allDiagnostics(load.diagnostics));
    REQUIRE(load.ok());
    CHECK(load.diagnostics.empty());
    const KioskConfig& c = *load.config;
    CHECK(std::filesystem::path(c.program).filename() == "mlsys2021.json");
    CHECK(std::filesystem::exists(c.program));  // resolved against the config's folder
    CHECK(c.clock.mode == ClockMode::replay);
    CHECK(c.clock.speed == 10.0);
    REQUIRE(c.rotation.size() == 9);
    CHECK(c.rotation[0].kind == PageKind::nowNext);
    CHECK(c.rotation[1].kind == PageKind::rooms);          // every room within a minute at a big conference
    CHECK(c.rotation[8].kind == PageKind::announcements);  // the demo announcements in full
    CHECK(c.rotation[0].duration == std::chrono::seconds{20});
    // A sponsor slide, a text slide (Wi-Fi, code of conduct) and a lunch slide at noon,
    // their pictures bundled in assets/slides/ and found from the config's folder.
    for (std::size_t i = 5; i < 8; ++i) {
        REQUIRE(c.rotation[i].kind == PageKind::slide);
        REQUIRE(c.rotation[i].slide);
        if (!c.rotation[i].slide->isText()) CHECK(std::filesystem::is_regular_file(c.rotation[i].slide->image));
    }
    CHECK(c.rotation[6].slide->isText());
    CHECK(c.rotation[7].slide->daily);
    // The demo overrides file is bundled: a fresh kiosk shows an announcement.
    CHECK(std::filesystem::path(c.overrides).filename() == "overrides.demo.json");
    CHECK(std::filesystem::is_regular_file(c.overrides));
    CHECK(c.transition == TransitionKind::fade);

    std::vector<Diagnostic> diags;
    auto session = KioskSession::load(kConfigDir + "kiosk.json", "", diags);
    REQUIRE(session);
    CHECK(session->clock.mode() == Clock::Mode::replay);
    CHECK(session->clockNote() == "Replay clock at 10× speed");
    // At the replay's start (08:50), the urgent keynote overflow and the welcome show.
    auto shown = activeAnnouncements(session->announcements, session->clock.now());
    REQUIRE(shown.size() == 2);
    CHECK(shown[0]->urgent);
}

TEST_CASE("every shipped example configuration loads with its program") {
    // Every file in config/ but the overrides: a new example cannot be left out.
    std::vector<std::string> names;
    for (const auto& entry : std::filesystem::directory_iterator(kConfigDir)) {
        std::string name = entry.path().filename().string();
        if (entry.path().extension() == ".json" && name.rfind("overrides", 0) != 0) names.push_back(name);
    }
    std::sort(names.begin(), names.end());
    CHECK(names.size() >= 5);
    CHECK(std::find(names.begin(), names.end(), "world-scripts.json") != names.end());
    for (const std::string& name : names) {
        std::vector<Diagnostic> diags;
        auto session = KioskSession::load(kConfigDir + name, "", diags);
        INFO(name << "\n" << allDiagnostics(diags));
        REQUIRE(session);
        for (const auto& d : diags) CHECK(d.severity != Severity::error);  // untitled papers warn, rightly
    }
}

TEST_CASE("the door sign resolves its room by name") {
    std::vector<Diagnostic> diags;
    auto session = KioskSession::load(kConfigDir + "door-sign.json", "", diags);
    REQUIRE(session);
    REQUIRE(session->rooms.size() == 1);
    CHECK(session->program->rooms[session->rooms[0]].name == "Exhibit Hall A");
}

TEST_CASE("configuration errors name the JSON path and what was expected") {
    auto page = parse(R"({"program": "p.json", "rotation": [{"page": "now-next"}, {"page": "weather"}]})");
    REQUIRE_FALSE(page.ok());
    CHECK(hasDiagnostic(page.diagnostics, Severity::error, "/rotation/1/page", "unknown page \"weather\""));

    auto clock = parse(R"({"program": "p.json", "clock": {"mode": "replay", "speed": 60}})");
    CHECK(hasDiagnostic(clock.diagnostics, Severity::error, "/clock/at", "needs \"at\""));
    auto speed = parse(R"({"program": "p.json", "clock": {"mode": "replay", "at": "2021-04-06T09:00", "speed": 0}})");
    CHECK(hasDiagnostic(speed.diagnostics, Severity::error, "/clock/speed", "above 0"));
    auto colour = parse(R"({"program": "p.json", "theme": {"colors": {"accent": "orange"}}})");
    CHECK(hasDiagnostic(colour.diagnostics, Severity::error, "/theme/colors/accent", "expected a colour"));
    auto missing = parse(R"({"rotation": []})");
    CHECK(hasDiagnostic(missing.diagnostics, Severity::error, "/program", "missing"));
    auto empty = parse(R"({"program": "p.json", "rotation": []})");
    CHECK(hasDiagnostic(empty.diagnostics, Severity::error, "/rotation", "at least one page"));
    auto broken = parse("{\n  \"program\": \"p.json\",\n  \"rotation\": [\n}");
    CHECK(hasDiagnostic(broken.diagnostics, Severity::error, "line 4, column 1", "invalid JSON"));
}

TEST_CASE("the fuzzer's crash input is an error with a reason") {
    // build-fuzz/crash-068a7557...: a huge number in otherwise broken JSON.
    std::string input = "[\n  // The B0},\n8888000000000000000000000000000E0645\n]";
    auto load = parse(input);
    REQUIRE_FALSE(load.ok());
    CHECK(hasDiagnostic(load.diagnostics, Severity::error, "", "invalid JSON"));
}

TEST_CASE("unknown configuration keys are warnings, the program path is resolved") {
    auto load = parse(R"({"program": "../data/p.json", "rotaton": []})");
    REQUIRE(load.ok());
    CHECK(hasDiagnostic(load.diagnostics, Severity::warning, "/rotaton", "unknown key"));
    CHECK(load.config->program == "/srv/hallboard/data/p.json");
    CHECK(load.config->rotation.size() == 5);  // the defaults, the rooms board last
}

TEST_CASE("a room the program lacks is reported, not fatal") {
    auto load = parse(R"({"program": ")" + std::string(HALLBOARD_SOURCE_DIR) +
                      R"(/data/mlsys2022.json", "rooms": ["Hall Z"]})");
    REQUIRE(load.ok());
    std::vector<Diagnostic> diags;
    auto session = KioskSession::fromConfig(*load.config, "", diags);
    REQUIRE(session);
    CHECK(session->rooms.empty());
    CHECK(hasDiagnostic(diags, Severity::warning, "/rooms", "\"Hall Z\" is not in the program"));
}

TEST_CASE("a config whose program is broken does not start, and says why") {
    std::vector<Diagnostic> diags;
    auto load = parse(R"({"program": ")" + std::string(HALLBOARD_FIXTURES) + R"(/broken.json"})");
    REQUIRE(load.ok());
    auto session = KioskSession::fromConfig(*load.config, "", diags);
    CHECK_FALSE(session);
    CHECK(hasDiagnostic(diags, Severity::error, "line 4", "invalid JSON"));
}

TEST_CASE("clocks from the configuration") {
    auto la = TimeZone::locate("America/Los_Angeles");
    Clock fixed = makeClock({ClockMode::fixed, "2021-04-06T09:45", 1}, la);
    CHECK(fixed.now() == utc("2021-04-06T16:45"));
    Clock replay = makeClock({ClockMode::replay, "2021-04-06T09:45Z", 30}, la);
    CHECK(replay.mode() == Clock::Mode::replay);
    CHECK(replay.speed() == 30.0);
    CHECK(makeClock({ClockMode::system, "", 1}, la).mode() == Clock::Mode::system);
}

TEST_CASE("quiet hours in the conference's zone, also past midnight") {
    auto berlin = TimeZone::locate("Europe/Berlin");
    QuietHours night{QuietAction::blank, std::chrono::hours{22}, std::chrono::hours{7}};
    CHECK(inQuietHours(night, berlin, utc("2026-06-08T21:30")));        // 23:30 CEST
    CHECK(inQuietHours(night, berlin, utc("2026-06-09T04:59")));        // 06:59
    CHECK_FALSE(inQuietHours(night, berlin, utc("2026-06-09T05:00")));  // 07:00
    CHECK_FALSE(inQuietHours(night, berlin, utc("2026-06-08T12:00")));
    QuietHours lunch{QuietAction::dim, std::chrono::hours{12}, std::chrono::hours{13}};
    CHECK(inQuietHours(lunch, berlin, utc("2026-06-08T10:30")));  // 12:30 CEST
    CHECK_FALSE(inQuietHours(QuietHours{}, berlin, utc("2026-06-08T21:30")));

    auto load = parse(
        R"({"program": "p.json", "display": {"quiet_hours": {"from": "22:00", "to": "07:00", "action": "dim"}}})");
    REQUIRE(load.ok());
    CHECK(load.config->display.quiet.action == QuietAction::dim);
    CHECK(load.config->display.quiet.from == std::chrono::hours{22});
    auto bad = parse(R"({"program": "p.json", "display": {"quiet_hours": {"from": "late", "to": "07:00"}}})");
    CHECK(hasDiagnostic(bad.diagnostics, Severity::error, "/display/quiet_hours/from", "time of day"));
}

TEST_CASE("display.cec is auto, off or an absolute path, and anything else is refused with the reason") {
    CHECK(parse(R"({"program": "p.json"})").config->display.cec == "auto");
    CHECK(parse(R"({"program": "p.json", "display": {"cec": "off"}})").config->display.cec == "off");
    CHECK(parse(R"({"program": "p.json", "display": {"cec": "/dev/cec1"}})").config->display.cec == "/dev/cec1");
    for (const char* bad : {R"("cec0")", R"("")", R"("../dev/cec0")", R"(true)"}) {
        auto load = parse(std::string(R"({"program": "p.json", "display": {"cec": )") + bad + "}}");
        INFO(bad);
        CHECK_FALSE(load.ok());
        CHECK(hasDiagnostic(load.diagnostics, Severity::error, "/display/cec", ""));
    }
    // A NUL never reaches the path (replaced, with a warning, as in every string).
    auto nul = parse(R"({"program": "p.json", "display": {"cec": "/dev/cec\u00000"}})");
    CHECK(hasDiagnostic(nul.diagnostics, Severity::warning, "/display/cec", "NUL"));
    CHECK(nul.config->display.cec.find('\0') == std::string::npos);
    std::string longPath = "/dev/" + std::string(300, 'c');
    CHECK_FALSE(parse(R"({"program": "p.json", "display": {"cec": ")" + longPath + "\"}}").ok());
}

TEST_CASE("display.rotate turns the picture by quarter turns and refuses any other angle") {
    CHECK(parse(R"({"program": "p.json"})").config->display.rotate == 0);
    for (int degrees : {0, 90, 180, 270}) {
        auto load = parse(R"({"program": "p.json", "display": {"rotate": )" + std::to_string(degrees) + "}}");
        REQUIRE(load.ok());
        CHECK(load.config->display.rotate == degrees);
    }
    auto odd = parse(R"({"program": "p.json", "display": {"rotate": 45}})");
    CHECK_FALSE(odd.ok());
    CHECK(hasDiagnostic(odd.diagnostics, Severity::error, "/display/rotate", "expected 0, 90, 180 or 270"));
    auto far = parse(R"({"program": "p.json", "display": {"rotate": 360}})");
    CHECK(hasDiagnostic(far.diagnostics, Severity::error, "/display/rotate", "from 0 to 270 degrees"));
    auto text = parse(R"({"program": "p.json", "display": {"rotate": "90"}})");
    CHECK(hasDiagnostic(text.diagnostics, Severity::error, "/display/rotate", ""));
}

TEST_CASE("the pixel shift moves a few pixels every ten minutes and comes back") {
    std::set<std::pair<int, int>> seen;
    Instant t = utc("2026-06-08T00:00");
    for (int step = 0; step < 8; ++step) {
        auto [x, y] = pixelShift(t + std::chrono::minutes{10 * step}, 1.0f);
        CHECK(std::abs(x) <= 2);
        CHECK(std::abs(y) <= 2);
        seen.insert({x, y});
        CHECK(pixelShift(t + std::chrono::minutes{10 * step + 9}, 1.0f) ==
              std::make_pair(x, y));  // steady for ten minutes
    }
    CHECK(seen.size() == 8);
    CHECK(pixelShift(t + std::chrono::minutes{80}, 1.0f) == pixelShift(t, 1.0f));  // a cycle
}

TEST_CASE("touch browsing: on by default, its idle return configurable, off for signage only") {
    auto plain = parse(R"({"program": "p.json"})");
    REQUIRE(plain.ok());
    CHECK(plain.config->browsing);
    CHECK(plain.config->idleReturn == std::chrono::seconds{60});
    auto signage = parse(R"({"program": "p.json", "browsing": false, "idle_return_seconds": 30})");
    REQUIRE(signage.ok());
    CHECK_FALSE(signage.config->browsing);
    CHECK(signage.config->idleReturn == std::chrono::seconds{30});
    auto quick = parse(R"({"program": "p.json", "idle_return_seconds": 2})");
    CHECK(hasDiagnostic(quick.diagnostics, Severity::error, "/idle_return_seconds", "from 5 to 86400 seconds"));
    auto wrong = parse(R"({"program": "p.json", "browsing": "yes"})");
    CHECK_FALSE(wrong.ok());
}

TEST_CASE("a visit left alone is warned at least 20 s ahead (WCAG 2.2.1): a shorter idle return is raised, said so") {
    CHECK(kIdleWarningSeconds >= 20.0);
    for (const char* seconds : {"5", "12.5", "29"}) {
        INFO(seconds);
        auto quick = parse(std::string(R"({"program": "p.json", "idle_return_seconds": )") + seconds + "}");
        INFO(allDiagnostics(quick.diagnostics));
        REQUIRE(quick.ok());  // the kiosk still starts
        // The whole warning and time before it: the countdown never starts at the first touch.
        CHECK(quick.config->idleReturn == std::chrono::seconds{30});
        CHECK(static_cast<double>(quick.config->idleReturn.count()) >= kIdleWarningSeconds + 10);
        CHECK(hasDiagnostic(quick.diagnostics, Severity::warning, "/idle_return_seconds",
                            std::string("raised to 30 seconds from ") + seconds));
    }
    auto enough = parse(R"({"program": "p.json", "idle_return_seconds": 30})");
    CHECK(enough.config->idleReturn == std::chrono::seconds{30});
    CHECK(enough.diagnostics.empty());
}

TEST_CASE("every number in the configuration is range-checked with its path, value and range") {
    struct Case {
        std::string json, where, range;
    };
    const Case cases[] = {
        {R"("display": {"width": 1e300})", "/display/width", "from 320 to 8192 pixels, found 1e+300"},
        {R"("display": {"height": -5})", "/display/height", "from 240 to 8192 pixels, found -5"},
        {R"("display": {"width": 1024.5})", "/display/width", "expected a whole number from 320 to 8192"},
        {R"("rotation": [{"page": "now-next", "seconds": 1e300}])", "/rotation/0/seconds", "from 2 to 3600 seconds"},
        {R"("rotation": [{"page": "upcoming", "items": 1e300}])", "/rotation/0/items", "from 1 to 1000 items"},
        {R"("rotation": [{"page": "upcoming", "items": 18446744073709551615}])", "/rotation/0/items",
         "found 18446744073709551615"},
        {R"("rotation": [{"page": "upcoming", "hours": 1e300}])", "/rotation/0/hours", "from 0.5 to 72 hours"},
        {R"("idle_return_seconds": 1e300)", "/idle_return_seconds", "from 5 to 86400 seconds, found 1e+300"},
        {R"("cycle": {"home_every_seconds": 5})", "/cycle/home_every_seconds", "from 10 to 3600 seconds, found 5"},
        {R"("cycle": {"max_seconds": 1e300})", "/cycle/max_seconds", "from 10 to 86400 seconds"},
        {R"("rotation": [{"page": "speakers", "max_screens": 0}])", "/rotation/0/max_screens", "from 1 to 1000"},
        {R"("rotation": [{"page": "speakers", "max_screens": 2.5}])", "/rotation/0/max_screens", "whole number"},
        {R"("transition": {"seconds": 1e300})", "/transition/seconds", "from 0 to 5 seconds"},
        {R"("theme": {"scale": 1e300})", "/theme/scale", "from 0.25 to 4"},
        {R"("display": {"bottom_edge_m": 1e300})", "/display/bottom_edge_m",
         "from 0 to 3 metres from the floor, found 1e+300"},
        {R"("display": {"bottom_edge_m": -0.2})", "/display/bottom_edge_m", "from 0 to 3 metres from the floor"},
        {R"("display": {"bottom_edge_m": "90 cm"})", "/display/bottom_edge_m", "expected a number, found a string"},
        {R"("clock": {"mode": "replay", "at": "2021-04-06T09:00", "speed": 1e300})", "/clock/speed",
         "from 0.001 to 100000"},
        {R"("clock": {"mode": "fixed", "at": "0000-01-01T09:00"})", "/clock/at",
         "year 0000 is outside the years Hallboard handles (1970 to 2200)"},
    };
    for (const Case& c : cases) {
        auto load = parse(R"({"program": "p.json", )" + c.json + "}");
        INFO(c.json << "\n" << allDiagnostics(load.diagnostics));
        CHECK_FALSE(load.ok());
        CHECK(hasDiagnostic(load.diagnostics, Severity::error, c.where, c.range));
    }
    auto mounted = parse(R"({"program": "p.json", "display": {"bottom_edge_m": 0.9}})");
    REQUIRE(mounted.ok());
    CHECK(mounted.config->display.bottomEdgeMetres == Approx(0.9));
    CHECK_FALSE(parse(R"({"program": "p.json"})").config->display.bottomEdgeMetres);
    auto fine = parse(R"({"program": "p.json", "display": {"width": 3840, "height": 2160},
                          "rotation": [{"page": "now-next", "seconds": 3600}, {"page": "upcoming", "items": 1000}],
                          "idle_return_seconds": 86400})");
    INFO(allDiagnostics(fine.diagnostics));
    REQUIRE(fine.ok());
    CHECK(fine.config->display.width == 3840);
    CHECK(fine.config->rotation[0].duration == std::chrono::seconds{3600});
    CHECK(fine.config->rotation[1].itemsPerPage == 1000);
}

TEST_CASE("the config fuzzer's regression inputs are errors, never crashes") {
    std::size_t seen = 0;
    for (const auto& entry : std::filesystem::directory_iterator(std::string(HALLBOARD_FIXTURES) + "/fuzz")) {
        std::string name = entry.path().filename().string();
        if (name.rfind("config-", 0) != 0) continue;
        ++seen;
        ConfigLoad load = loadKioskConfig(entry.path().string());
        INFO(name << "\n" << allDiagnostics(load.diagnostics));
        CHECK_FALSE(load.ok());
        for (const auto& d : load.diagnostics) CHECK(format(d).size() < 1200);
    }
    CHECK(seen >= 4);
}

TEST_CASE("the upcoming page looks ahead by half hours too") {
    ConfigLoad half = parse(R"({"program": "p.json", "rotation": [{"page": "upcoming", "hours": 0.5}]})");
    REQUIRE(half.ok());
    CHECK(half.config->rotation[0].ahead == std::chrono::minutes{30});
    ConfigLoad two = parse(R"({"program": "p.json", "rotation": [{"page": "upcoming", "hours": 2.5}]})");
    REQUIRE(two.ok());
    CHECK(two.config->rotation[0].ahead == std::chrono::minutes{150});
}

TEST_CASE("the cycle's limits and each page's max_screens are read, with the kinds' defaults") {
    ConfigLoad plain = parse(R"({"program": "p.json", "rotation": [{"page": "now-next"}, {"page": "upcoming"},
                                {"page": "awards"}, {"page": "speakers"}, {"page": "rooms"}]})");
    REQUIRE(plain.ok());
    const KioskConfig& d = *plain.config;
    CHECK(d.cycle.homeEvery == std::chrono::seconds{60});
    CHECK(d.cycle.maxCycle == std::chrono::seconds{180});
    std::vector<int> defaults;
    for (const auto& page : d.rotation) defaults.push_back(maxScreensOf(page));
    CHECK(defaults == std::vector<int>{0, 2, 2, 3, 0});  // home pages: no cap

    ConfigLoad set = parse(R"({"program": "p.json", "cycle": {"home_every_seconds": 45, "max_seconds": 120.5},
                              "rotation": [{"page": "now-next"}, {"page": "speakers", "max_screens": 7}]})");
    INFO(allDiagnostics(set.diagnostics));
    REQUIRE(set.ok());
    CHECK(set.diagnostics.empty());
    CHECK(set.config->cycle.homeEvery == std::chrono::seconds{45});
    CHECK(set.config->cycle.maxCycle == std::chrono::milliseconds{120500});
    CHECK(maxScreensOf(set.config->rotation[1]) == 7);
    auto pages = planPages(*set.config);
    REQUIRE(pages.size() == 2);
    CHECK(pages[0].home);
    CHECK_FALSE(pages[1].home);
    CHECK(pages[1].maxScreens == 7);
    CHECK(cycleLimits(*set.config).homeEvery == std::chrono::seconds{45});

    // A cap on a home page would hide rooms for good: said, and ignored.
    ConfigLoad home = parse(R"({"program": "p.json", "rotation": [{"page": "now-next", "max_screens": 2}]})");
    REQUIRE(home.ok());
    CHECK(hasDiagnostic(home.diagnostics, Severity::warning, "/rotation/0/max_screens",
                        "comes round through all its screens"));
    CHECK(maxScreensOf(home.config->rotation[0]) == 0);
    ConfigLoad typo = parse(R"({"program": "p.json", "cycle": {"max_second": 100}})");
    CHECK(hasDiagnostic(typo.diagnostics, Severity::warning, "/cycle/max_second", "unknown key"));
}

TEST_CASE("fleet: a status folder relative to the config, a name, an interval in range") {
    auto plain = parse(R"({"program": "p.json"})");
    REQUIRE(plain.ok());
    CHECK(plain.config->fleet.statusDir.empty());  // no folder: no status written
    CHECK(plain.config->fleet.interval == std::chrono::seconds{60});
    auto fleet = parse(
        R"({"program": "p.json", "fleet": {"name": "hall-a", "status_dir": "../status", "interval_seconds": 5}})");
    REQUIRE(fleet.ok());
    CHECK(fleet.config->fleet.name == "hall-a");
    CHECK(fleet.config->fleet.statusDir == "/srv/hallboard/status");
    CHECK(fleet.config->fleet.interval == std::chrono::seconds{5});
    auto zero = parse(R"({"program": "p.json", "fleet": {"status_dir": "s", "interval_seconds": 0}})");
    CHECK(hasDiagnostic(zero.diagnostics, Severity::error, "/fleet/interval_seconds", "from 1 to 3600 seconds"));
    auto typo = parse(R"({"program": "p.json", "fleet": {"statusdir": "s"}})");
    CHECK(hasDiagnostic(typo.diagnostics, Severity::warning, "/fleet", "statusdir"));
    CHECK(plain.sha256 != fleet.sha256);
    CHECK(plain.sha256.size() == 64);
}

TEST_CASE("cycle.sync: wall-clock lays the rotation from the hour, none (the default) from the start") {
    auto plain = parse(R"({"program": "p.json"})");
    REQUIRE(plain.ok());
    CHECK_FALSE(plain.config->cycle.wallClockSync);
    CHECK_FALSE(cycleLimits(*plain.config).wallClock);
    auto synced = parse(R"({"program": "p.json", "cycle": {"sync": "wall-clock"}})");
    REQUIRE(synced.ok());
    CHECK(synced.config->cycle.wallClockSync);
    CHECK(cycleLimits(*synced.config).wallClock);
    auto wrong = parse(R"({"program": "p.json", "cycle": {"sync": "ntp"}})");
    CHECK(hasDiagnostic(wrong.diagnostics, Severity::error, "/cycle/sync", "expected \"wall-clock\""));
}

TEST_CASE("wall: columns and rows up to 8, this screen's column and row within them") {
    auto plain = parse(R"({"program": "p.json"})");
    REQUIRE(plain.ok());
    CHECK_FALSE(plain.config->wall.active());
    auto wall = parse(R"({"program": "p.json", "wall": {"columns": 3, "rows": 2, "column": 3, "row": 2}})");
    REQUIRE(wall.ok());
    CHECK(wall.config->wall.active());
    CHECK(wall.config->wall == WallConfig{3, 2, 3, 2});
    auto outside = parse(R"({"program": "p.json", "wall": {"columns": 2, "column": 3}})");
    CHECK(hasDiagnostic(outside.diagnostics, Severity::error, "/wall/column", "from 1 to 2"));
    auto huge = parse(R"({"program": "p.json", "wall": {"rows": 100}})");
    CHECK(hasDiagnostic(huge.diagnostics, Severity::error, "/wall/rows", "from 1 to 8"));
}

TEST_CASE("here and venue: one without the other is a warning naming the missing half") {
    auto both = parse(R"({"program": "p.json", "venue": "venue.json", "here": {"point": "lobby", "facing": "S"}})");
    REQUIRE(both.ok());
    CHECK(both.diagnostics.empty());
    REQUIRE(both.config->here);
    CHECK(both.config->here->facingDegrees == 180);
    auto noHere = parse(R"({"program": "p.json", "venue": "venue.json"})");
    REQUIRE(noHere.ok());
    CHECK(hasDiagnostic(noHere.diagnostics, Severity::warning, "/here", "not where this kiosk stands"));
    // The venue forgotten: no directions, and a word why.
    auto noVenue = parse(R"({"program": "p.json", "here": {"point": "lobby", "facing": "S"}})");
    REQUIRE(noVenue.ok());
    CHECK(hasDiagnostic(noVenue.diagnostics, Severity::warning, "/here", "no \"venue\" file"));
    // A facing that is no direction: only the directions go.
    auto wrongFacing =
        parse(R"({"program": "p.json", "venue": "venue.json", "here": {"point": "lobby", "facing": "North"}})");
    REQUIRE(wrongFacing.ok());
    CHECK_FALSE(wrongFacing.config->here);
    CHECK(hasDiagnostic(wrongFacing.diagnostics, Severity::warning, "/here/facing",
                        "expected N, NE, E, SE, S, SW, W, NW"));
    CHECK(wrongFacing.diagnostics.size() == 1);  // not also "the venue is set but not where this kiosk stands"
}

TEST_CASE("accessibility.speech is off unless set, and must be true or false") {
    auto base = [](const std::string& extra) { return parse(R"({"program": "p.json")" + extra + "}"); };
    ConfigLoad none = base("");
    REQUIRE(none.ok());
    CHECK_FALSE(none.config->accessibility.speech);
    ConfigLoad on = base(R"(, "accessibility": {"speech": true})");
    REQUIRE(on.ok());
    CHECK(on.config->accessibility.speech);
    ConfigLoad off = base(R"(, "accessibility": {"speech": false})");
    REQUIRE(off.ok());
    CHECK_FALSE(off.config->accessibility.speech);
    ConfigLoad word = base(R"(, "accessibility": {"speech": "yes"})");
    CHECK_FALSE(word.ok());
    CHECK(hasDiagnostic(word.diagnostics, Severity::error, "/accessibility/speech", "expected true or false"));
    ConfigLoad notObject = base(R"(, "accessibility": true)");
    CHECK_FALSE(notObject.ok());
    ConfigLoad unknown = base(R"(, "accessibility": {"speach": true})");
    REQUIRE(unknown.ok());
    CHECK_FALSE(unknown.config->accessibility.speech);
    CHECK(hasDiagnostic(unknown.diagnostics, Severity::warning, "/accessibility/speach", "unknown key"));
}

TEST_CASE("docs/accessibility.md's examples are configurations the kiosk accepts") {
    std::ifstream in(std::string(HALLBOARD_SOURCE_DIR) + "/docs/accessibility.md");
    std::string doc((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    int examples = 0;
    for (auto open = doc.find("```json\n"); open != std::string::npos; open = doc.find("```json\n", open)) {
        open += 8;
        auto close = doc.find("```", open);
        REQUIRE(close != std::string::npos);
        ConfigLoad example =
            parseKioskConfig(doc.substr(open, close - open), "accessibility.md", HALLBOARD_SOURCE_DIR "/docs");
        INFO(doc.substr(open, close - open) << allDiagnostics(example.diagnostics));
        REQUIRE(example.ok());
        CHECK(example.diagnostics.empty());
        CHECK(example.config->accessibility.speech);
        ++examples;
        if (examples == 2) CHECK(example.config->accessibility.keys.size() == 10);
    }
    CHECK(examples == 2);
}

TEST_CASE("accessibility.keys binds a keypad's keys or GPIO buttons to the browse keys, validated") {
    auto keys = [](const std::string& map) {
        return parse(R"({"program": "p.json", "accessibility": {"keys": )" + map + "}}");
    };
    ConfigLoad ok = keys(R"({"Keypad 8": "up", "keypad 2": "down", "evdev:28": "enter", "evdev:1": "escape",
                             "F5": "speak", "Keypad 7": "shift-tab"})");
    INFO(allDiagnostics(ok.diagnostics));
    REQUIRE(ok.ok());
    const auto& b = ok.config->accessibility.keys;
    REQUIRE(b.size() == 6);
    auto bound = [&](const std::string& key) {
        for (const KeyBinding& k : b)
            if (k.key == key) return k;
        FAIL("no binding for " << key);
        return KeyBinding{};
    };
    CHECK(bound("Keypad 8") == KeyBinding{"Keypad 8", 96, "up"});     // SDL_SCANCODE_KP_8, the HID usage
    CHECK(bound("keypad 2").scancode == 90);                          // names in any case
    CHECK(bound("evdev:28") == KeyBinding{"evdev:28", 40, "enter"});  // KEY_ENTER: SDL_SCANCODE_RETURN
    CHECK(bound("evdev:1").scancode == 41);                           // KEY_ESC
    CHECK(bound("F5") == KeyBinding{"F5", 62, "speak"});
    CHECK(bound("Keypad 7").action == "shift-tab");
    CHECK(keyScancode("evdev:103") == 82);            // KEY_UP, as a gpio-keys button sends it
    CHECK(keyScancode("evdev:352") == std::nullopt);  // KEY_OK: no key SDL reports
    CHECK(keyScancode("evdev:") == std::nullopt);
    CHECK(keyScancode("evdev:28x") == std::nullopt);
    CHECK(keyScancode("evdev:-1") == std::nullopt);

    ConfigLoad unknown = keys(R"({"Hyper 9": "up"})");
    CHECK_FALSE(unknown.ok());
    CHECK(hasDiagnostic(unknown.diagnostics, Severity::error, "/accessibility/keys/Hyper 9", "is no key"));
    ConfigLoad action = keys(R"({"Keypad 8": "jump"})");
    CHECK_FALSE(action.ok());
    CHECK(hasDiagnostic(action.diagnostics, Severity::error, "/accessibility/keys/Keypad 8", "found \"jump\""));
    ConfigLoad notString = keys(R"({"Keypad 8": 3})");
    CHECK_FALSE(notString.ok());
    ConfigLoad twice = keys(R"({"Up": "up", "evdev:103": "down"})");
    CHECK_FALSE(twice.ok());
    CHECK(hasDiagnostic(twice.diagnostics, Severity::error, "/accessibility/keys/evdev:103", "bound already"));
    ConfigLoad slash = keys(R"({"Keypad /": "home", "a/b~": "up"})");
    CHECK_FALSE(slash.ok());
    CHECK(hasDiagnostic(slash.diagnostics, Severity::error, "/accessibility/keys/a~1b~0", "is no key"));
    ConfigLoad list = keys(R"(["Keypad 8"])");
    CHECK_FALSE(list.ok());
}
