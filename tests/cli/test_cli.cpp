// The text subcommands, driven through the same argv parsing as the binary.
#include <catch2/catch.hpp>
#include <algorithm>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <vector>

#include <sys/stat.h>

#include "cli/commands.hpp"
#include "cli_support.hpp"
#include "platform/paths.hpp"
#include "support.hpp"

using namespace hallboard;
using hallboard::test::FileSizeLimit;
using hallboard::test::hallboardRun;
using hallboard::test::namesIn;
using hallboard::test::Run;
using hallboard::test::TempDir;

namespace {

const std::string kFixtures = HALLBOARD_FIXTURES;
const std::string kData = std::string(HALLBOARD_SOURCE_DIR) + "/data/";

}  // namespace

TEST_CASE("check: a good program prints its summary and exits 0") {
    Run r = hallboardRun({"check", kFixtures + "/two-rooms.json"});
    INFO(r.err);
    CHECK(r.code == 0);
    CHECK(r.out.find("two-rooms.json: OK") != std::string::npos);
    CHECK(r.out.find("sessions    6") != std::string::npos);
    CHECK(r.out.find("talks       8 (7 in sessions, 1 without a slot)") != std::string::npos);
    CHECK(r.out.find("days        2: Tuesday 6 April 2021, Thursday 8 April 2021") != std::string::npos);
    CHECK(r.err.empty());
}

TEST_CASE("check: the bundled samples load") {
    for (const char* name : {"mlsys2021.json", "mlsys2022.json", "mlsys2023-papers.json", "arxiv-systems-ml.json"}) {
        Run r = hallboardRun({"check", kData + name});
        INFO(name << "\n" << r.err);
        CHECK(r.code == 0);
        CHECK(r.err.find("error") == std::string::npos);
    }
}

TEST_CASE("check --config says what blank quiet hours will do on this display and through HDMI-CEC") {
    TempDir dir;
    auto config = [&](const std::string& name, const std::string& display) {
        std::string path = dir.file(name);
        std::ofstream(path) << R"({"program": ")" << kData << R"(mlsys2021.json", "display": )" << display << "}";
        return path;
    };
    const char* before = std::getenv("SDL_VIDEODRIVER");
    std::string saved = before ? before : "";
    auto checkUnder = [&](const char* driver, const std::string& path) {
        ::setenv("SDL_VIDEODRIVER", driver, 1);
        Run r = hallboardRun({"check", "--config", path});
        if (before)
            ::setenv("SDL_VIDEODRIVER", saved.c_str(), 1);
        else
            ::unsetenv("SDL_VIDEODRIVER");
        return r;
    };
    std::string blank =
        config("blank.json", R"({"quiet_hours": {"from": "22:00", "to": "07:00"}, "cec": "/dev/cec9"})");
    // No compositor to ask (a real one: tests/binary/kiosk-wayland-power.sh): both cases said.
    const char* compositor = std::getenv("WAYLAND_DISPLAY");
    std::string savedCompositor = compositor ? compositor : "";
    ::setenv("WAYLAND_DISPLAY", "hallboard-test-no-such-compositor", 1);
    Run wayland = checkUnder("wayland", blank);
    if (compositor)
        ::setenv("WAYLAND_DISPLAY", savedCompositor.c_str(), 1);
    else
        ::unsetenv("WAYLAND_DISPLAY");
    INFO(wayland.out << wayland.err);
    CHECK(wayland.code == 0);
    CHECK(wayland.out.find("  quiet hours 22:00-07:00, the outputs switched off where the compositor offers "
                           "wlr-output-power-management (wlroots: sway, wayfire, labwc), else drawn black (GNOME, "
                           "KDE, weston); no compositor reachable here to ask") != std::string::npos);
    CHECK(wayland.out.find("; HDMI-CEC on /dev/cec9: a TV goes to standby, and wakes after") != std::string::npos);
    Run kms =
        checkUnder("kmsdrm", config("off.json", R"({"quiet_hours": {"from": "22:00", "to": "07:00"}, "cec": "off"})"));
    INFO(kms.out);
    CHECK(kms.out.find("  quiet hours 22:00-07:00, the panel switched off (DRM DPMS on KMS); HDMI-CEC off") !=
          std::string::npos);
    // Under X11 the X server is asked (tests/binary/check-x11-dpms.sh asks Xvfb); with no
    // display to ask, no promise is made.
    const char* display = std::getenv("DISPLAY");
    std::string savedDisplay = display ? display : "";
    ::unsetenv("DISPLAY");
    Run x11 = checkUnder("x11", blank);
    if (display) ::setenv("DISPLAY", savedDisplay.c_str(), 1);
    INFO(x11.out);
    CHECK(x11.out.find("  quiet hours 22:00-07:00, drawn black: no X display to ask (DISPLAY is not set)") !=
          std::string::npos);
    Run dim = checkUnder("kmsdrm",
                         config("dim.json", R"({"quiet_hours": {"from": "22:00", "to": "07:00", "action": "dim"}})"));
    CHECK(dim.out.find("  quiet hours 22:00-07:00, dimmed (the panel stays on)") != std::string::npos);
    Run none = checkUnder("kmsdrm", config("none.json", "{}"));
    CHECK(none.out.find("quiet hours") == std::string::npos);
}

TEST_CASE("check: more rooms than an 800x480 screen brings back within a minute is a warning that says what to do") {
    TempDir dir;
    const std::string stress = kData + "stress-40-rooms.json";
    auto config = [&](const std::string& name, const std::string& size, const std::string& rooms) {
        std::string path = dir.file(name);
        std::ofstream(path) << R"({"program": ")" << stress << R"(", "display": )" << size << rooms << "}";
        return path;
    };
    const std::string small = R"({"fullscreen": true, "width": 800, "height": 480})";
    Run all = hallboardRun({"check", "--config", config("all.json", small, "")});
    INFO(all.out << all.err);
    CHECK(all.code == 0);
    CHECK(all.err.find(
              "/display: warning: 40 rooms on a 800x480 screen: at most 13 come back within home_every_seconds") !=
          std::string::npos);
    CHECK(all.err.find("show a subset of rooms here") != std::string::npos);
    // A subset of 13, or a 1080p screen: no such warning.
    Run subset = hallboardRun(
        {"check", "--config",
         config("subset.json", small,
                R"(, "rooms": ["Room 1.01", "Room 1.02", "Room 1.03", "Room 1.04", "Room 1.05", "Room 1.06",
                                      "Room 1.07", "Room 1.08", "Room 1.09", "Room 2.01", "Room 2.02", "Room 2.03", "Room 2.04"])")});
    INFO(subset.err);
    CHECK(subset.err.find("rooms on a") == std::string::npos);
    Run big = hallboardRun(
        {"check", "--config", config("big.json", R"({"fullscreen": true, "width": 1920, "height": 1080})", "")});
    CHECK(big.err.find("rooms on a") == std::string::npos);
    // A room name the program does not have (a typo) is said, not passed over.
    Run typo =
        hallboardRun({"check", "--config", config("typo.json", small, R"(, "rooms": ["Room 9.99", "Room 1.01"])")});
    INFO(typo.err);
    CHECK(
        typo.err.find("/rooms/0: warning: unknown room \"Room 9.99\": the program has no room with that id or name") !=
        std::string::npos);
    CHECK(typo.err.find("/rooms/1:") == std::string::npos);
}

TEST_CASE("check: a broken program exits 1 with file, place and reason") {
    Run r = hallboardRun({"check", kFixtures + "/broken.json"});
    CHECK(r.code == 1);
    CHECK(r.err.find("broken.json: line 4, column") != std::string::npos);
    CHECK(r.err.find("error: invalid JSON") != std::string::npos);
    CHECK(r.err.find("not loaded") != std::string::npos);
}

TEST_CASE("check reports a NUL, a lone surrogate and a bidi override with their JSON place (#26.1, #26.9)") {
    hallboard::test::TempDir dir;
    std::string file = dir.file("nul.json");
    std::ofstream(file, std::ios::binary) << hallboard::test::programJson(
        "Europe/Berlin",
        R"("rooms": [{"id": "r", "name": "Hall\u0000"}], "sessions": [{"title": "Keynote \u202e01:11", "start": "2021-04-06T09:00",
            "end": "2021-04-06T10:00", "room": "r", "talks": [{"title": "T", "abstract": "x\ud800y"}]}])");
    Run r = hallboardRun({"check", file});
    INFO(r.out << r.err);
    CHECK(r.code == 0);  // cleaned and loaded: the kiosk shows it
    CHECK(r.err.find("nul.json: /rooms/0/name: warning: U+0000 (NUL, a control character) at character 5") !=
          std::string::npos);
    CHECK(r.err.find("nul.json: /sessions/0/title: warning: U+202E (a bidi embedding or override)") !=
          std::string::npos);
    CHECK(r.err.find("nul.json: line 3, column") != std::string::npos);
    CHECK(r.err.find("\\uD800 (the first half of a surrogate pair with no second half) replaced with U+FFFD") !=
          std::string::npos);
}

TEST_CASE("check --venue: the venue against the program, every mistake with file and place") {
    Run good = hallboardRun({"check", kData + "mlsys2021.json", "--venue", kData + "mlsys2021.venue.json"});
    INFO(good.err);
    CHECK(good.code == 0);
    CHECK(good.out.find("mlsys2021.venue.json: OK") != std::string::npos);
    CHECK(good.out.find("floors      2: Ground floor (level 0), First floor (level 1)") != std::string::npos);
    CHECK(good.out.find("rooms       1 of 1 placed") != std::string::npos);

    test::TempDir dir;
    std::string venue = dir.file("venue.json");
    std::ofstream(venue) << R"({"floors": [{"id": "g", "width_px": 100, "height_px": 100, "image": "gone.png"}],
        "points": [{"id": "a", "floor": "g", "x": 10, "y": 10}], "links": [], "rooms": {"Main room": "a"}})";
    Run missingMap = hallboardRun({"check", kData + "mlsys2021.json", "--venue", venue});
    CHECK(missingMap.code == 1);  // the venue still loads, but a map that cannot be shown is an error
    CHECK(missingMap.err.find(venue + ": /floors/0/image: error: the map " + dir.file("gone.png") +
                              ": file not found") != std::string::npos);
    CHECK(missingMap.out.find("venue.json: loads, with errors") != std::string::npos);

    // A map whose header is right but whose pixels are cut off: decoded as the kiosk would.
    {
        std::ifstream in(std::string(HALLBOARD_SOURCE_DIR) + "/assets/maps/mlsys2021-ground.png", std::ios::binary);
        std::string head(300, '\0');
        in.read(head.data(), static_cast<std::streamsize>(head.size()));
        std::ofstream(dir.file("cut.png"), std::ios::binary) << head;
    }
    std::ofstream(venue, std::ios::trunc)
        << R"({"floors": [{"id": "g", "width_px": 960, "height_px": 600, "image": "cut.png"}],
        "points": [{"id": "a", "floor": "g", "x": 10, "y": 10}], "links": [], "rooms": {"Main room": "a"}})";
    Run cutMap = hallboardRun({"check", kData + "mlsys2021.json", "--venue", venue});
    INFO(cutMap.err);
    CHECK(cutMap.code == 1);
    CHECK(cutMap.err.find(venue + ": /floors/0/image: error: the map " + dir.file("cut.png") + ": cannot decode") !=
          std::string::npos);
    CHECK(cutMap.out.find("venue.json: loads, with errors") != std::string::npos);

    std::ofstream(venue, std::ios::trunc) << R"({"floors": [{"id": "g", "width_px": 100, "height_px": 100}],
        "points": [{"id": "a", "floor": "g", "x": 10, "y": 10}], "links": [], "rooms": {"Main room": "a", "Ballroom": "a"}})";
    Run unknown = hallboardRun({"check", kData + "mlsys2021.json", "--venue", venue});
    CHECK(unknown.code == 1);
    CHECK(unknown.err.find(venue + ": /rooms/Ballroom: error: unknown room \"Ballroom\"") != std::string::npos);
    CHECK(unknown.err.find("this entry is left out") != std::string::npos);
    CHECK(unknown.out.find("venue.json: loads, with errors") != std::string::npos);

    // None of its rooms in the program: another program's venue, refused whole.
    std::ofstream(venue, std::ios::trunc) << R"({"floors": [{"id": "g", "width_px": 100, "height_px": 100}],
        "points": [{"id": "a", "floor": "g", "x": 10, "y": 10}], "links": [], "rooms": {"Ballroom": "a"}})";
    Run other = hallboardRun({"check", kData + "mlsys2021.json", "--venue", venue});
    CHECK(other.code == 1);
    CHECK(other.err.find(venue + ": /rooms: error: none of its rooms is a room of the program (Main room)") !=
          std::string::npos);
}

TEST_CASE("check --config: the bundled kiosk, its slides' pictures and demo announcements") {
    Run r = hallboardRun({"check", "--config", std::string(HALLBOARD_SOURCE_DIR) + "/config/kiosk.json"});
    INFO(r.out << r.err);
    CHECK(r.code == 0);
    CHECK(r.out.find("kiosk.json: OK") != std::string::npos);
    CHECK(r.out.find("pages       9 (3 slides)") != std::string::npos);
    CHECK(r.out.find("mlsys2021.json: loads") != std::string::npos);  // the program it names
    CHECK(r.out.find("overrides.demo.json: OK") != std::string::npos);
    CHECK(r.err.find("leaves this slide out") == std::string::npos);
}

TEST_CASE("check --config: a slide's picture too small for the screen is named with the size that stays sharp") {
    hallboard::test::TempDir dir;
    std::string assets = std::string(HALLBOARD_SOURCE_DIR) + "/assets/";
    std::ofstream(dir.file("kiosk.json")) << R"({"program": ")" << kFixtures << R"(/two-rooms.json", "rotation": [
        {"page": "slide", "image": ")" << assets
                                          << R"(icons/stairs.png", "fit": "contain"},
        {"page": "slide", "image": ")" << assets
                                          << R"(slides/sponsor-kestrelbyte.png", "fit": "contain"},
        {"page": "slide", "image": ")" << assets
                                          << R"(slides/lunch-table.png", "fit": "cover"}]})";
    Run r = hallboardRun({"check", "--config", dir.file("kiosk.json")});
    INFO(r.out << r.err);
    CHECK(r.code == 0);  // it shows, blurred: a warning
    // 192 x 192 in the page band of a 1080p screen (810 px high): 4.2 times.
    CHECK(
        r.err.find("kiosk.json: /rotation/0/image: warning: " + assets +
                   "icons/stairs.png: 192 x 192 pixels, enlarged 4.2 times on a 1920x1080 screen: it will look blurred "
                   "from the hallway; a picture of 810 x 810 pixels or more stays sharp") != std::string::npos);
    CHECK(r.err.find("/rotation/1") == std::string::npos);  // 1600 x 900: not enlarged
    CHECK(r.err.find("/rotation/2") == std::string::npos);  // 2400 x 1000, cropped to fill: not enlarged
    CHECK(r.out.find("1 warning") != std::string::npos);

    // A portrait window: measured against 1080 x 1920.
    std::ofstream(dir.file("portrait.json")) << R"({"program": ")" << kFixtures << R"(/two-rooms.json",
        "display": {"fullscreen": false, "width": 1080, "height": 1920},
        "rotation": [{"page": "slide", "image": ")"
                                             << assets << R"(slides/sponsor-kestrelbyte.png", "fit": "cover"}]})";
    Run portrait = hallboardRun({"check", "--config", dir.file("portrait.json")});
    INFO(portrait.err);
    // Cover: 900 px of height fill 1440 (three quarters of 1920): 1.6 times, sharp enough.
    CHECK(portrait.err.find("enlarged") == std::string::npos);
}

TEST_CASE("check --config: a slide's missing or broken picture is named, with the page, and left out") {
    hallboard::test::TempDir dir;
    std::ofstream(dir.file("broken.png"), std::ios::binary) << "\x89PNG\r\n\x1a\n not really";
    std::ofstream(dir.file("kiosk.json")) << R"({"program": ")" << kFixtures << R"(/two-rooms.json", "rotation": [
        {"page": "now-next"},
        {"page": "slide", "image": "missing.png"},
        {"page": "slide", "image": "broken.png"},
        {"page": "slide", "title": "Wi-Fi", "text": "Network MLSys"}]})";
    Run r = hallboardRun({"check", "--config", dir.file("kiosk.json")});
    INFO(r.out << r.err);
    CHECK(r.code == 0);  // the kiosk runs without them
    CHECK(r.out.find("kiosk.json: loads, with warnings") != std::string::npos);
    CHECK(r.err.find("kiosk.json: /rotation/1/image: warning: " + dir.file("missing.png")) != std::string::npos);
    CHECK(r.err.find("kiosk.json: /rotation/2/image: warning: " + dir.file("broken.png")) != std::string::npos);
    CHECK(r.err.find("the kiosk leaves this slide out") != std::string::npos);
    CHECK(r.err.find("/rotation/3") == std::string::npos);
    CHECK(r.out.find("2 warnings") != std::string::npos);

    // A configuration that cannot be used: exit 1, with the place.
    std::ofstream(dir.file("bad.json")) << R"({"program": "p.json", "rotation": [{"page": "slide", "fit": "cover"}]})";
    Run bad = hallboardRun({"check", "--config", dir.file("bad.json")});
    CHECK(bad.code == 1);
    CHECK(bad.err.find("bad.json: /rotation/0: error: a slide needs") != std::string::npos);
    // Neither a program nor a configuration.
    CHECK(hallboardRun({"check"}).code == 2);
}

TEST_CASE("now: live and next per room at a given conference time") {
    Run r = hallboardRun({"now", kFixtures + "/two-rooms.json", "--at", "2021-04-06T09:45"});
    INFO(r.err);
    REQUIRE(r.code == 0);
    CHECK(r.out.find("Tuesday 6 April 2021, 09:45 PDT (America/Los_Angeles)") != std::string::npos);
    CHECK(r.out.find("Day 1 of 2") != std::string::npos);
    CHECK(r.out.find("now   09:30-10:50  Oral session: Session 1: Search and Devices  (15 min in, 1 h 05 min left)") !=
          std::string::npos);
    CHECK(r.out.find("talk 09:30-09:56  ModularNAS") != std::string::npos);
    CHECK(r.out.find("next  10:50  Break  (in 1 h 05 min)") != std::string::npos);
    CHECK(r.out.find("Room B") != std::string::npos);
}

TEST_CASE("now: an instant in UTC shows in conference time, whatever the machine's zone") {
    setenv("TZ", "Asia/Tokyo", 1);
    tzset();
    Run r = hallboardRun({"now", kFixtures + "/two-rooms.json", "--at", "2021-04-06T16:45Z", "--room", "main"});
    unsetenv("TZ");
    tzset();
    REQUIRE(r.code == 0);
    CHECK(r.out.find("09:45 PDT") != std::string::npos);
    CHECK(r.out.find("Room B") == std::string::npos);
}

TEST_CASE("now: before and after the conference") {
    Run before = hallboardRun({"now", kFixtures + "/two-rooms.json", "--at", "2021-04-03T08:00"});
    CHECK(before.out.find("The conference starts in 3 days") != std::string::npos);
    Run after = hallboardRun({"now", kFixtures + "/two-rooms.json", "--at", "2021-04-09T08:00"});
    CHECK(after.out.find("see you next year") != std::string::npos);
}

TEST_CASE("now: bad options say what was expected") {
    Run room = hallboardRun({"now", kFixtures + "/two-rooms.json", "--room", "Kitchen"});
    CHECK(room.code == 2);
    CHECK(room.err.find("no room \"Kitchen\"") != std::string::npos);
    CHECK(room.err.find("\"main\" \"b\"") != std::string::npos);
    Run time = hallboardRun({"now", kFixtures + "/two-rooms.json", "--at", "tuesday"});
    CHECK(time.code == 2);
    CHECK(time.err.find("--at: expected a time") != std::string::npos);
    Run broken = hallboardRun({"now", kFixtures + "/broken.json"});
    CHECK(broken.code == 1);
    Run yearZero = hallboardRun({"now", kFixtures + "/two-rooms.json", "--at", "0000-04-06T09:45"});
    CHECK(yearZero.code == 2);
    CHECK(yearZero.err == "--at: year 0000 is outside the years Hallboard handles (1970 to 2200)\n");
}

TEST_CASE("every subcommand has --help") {
    for (const char* sub : {"check", "now", "import", "run", "screenshot", "rotation"}) {
        Run r = hallboardRun({sub, "--help"});
        CHECK(r.code == 0);
        CHECK(r.out.find("program") != std::string::npos);
    }
    Run top = hallboardRun({"--help"});
    CHECK(top.code == 0);
    for (const char* sub : {"check", "now", "import", "run", "screenshot", "rotation"})
        CHECK(top.out.find(sub) != std::string::npos);
}

TEST_CASE("check and import refuse a FIFO, a device, a directory, a link loop at once, by name") {
    test::TempDir dir;
    std::string fifo = dir.file("program.json");
    REQUIRE(::mkfifo(fifo.c_str(), 0644) == 0);
    Run check = hallboardRun({"check", fifo});
    CHECK(check.code == 1);
    CHECK(check.err.find(fifo + ": error: is a FIFO (named pipe), not a regular file") != std::string::npos);
    Run zero = hallboardRun({"check", "/dev/zero"});
    CHECK(zero.code == 1);
    CHECK(zero.err.find("/dev/zero: error: is a character device, not a regular file") != std::string::npos);

    std::string out = dir.file("out.json");
    Run importFifo = hallboardRun({"import", fifo, "-o", out});
    CHECK(importFifo.code == 1);
    CHECK(importFifo.err == fifo + ": error: is a FIFO (named pipe), not a regular file\n");
    Run importZero = hallboardRun({"import", "/dev/zero", "-o", out});
    CHECK(importZero.code == 1);
    CHECK(importZero.err == "/dev/zero: error: is a character device, not a regular file\n");
    std::string loop = dir.file("loop.ics");
    std::filesystem::create_symlink(loop, loop);
    Run importLoop = hallboardRun({"import", loop, "-o", out});
    CHECK(importLoop.code == 1);
    CHECK(importLoop.err == loop + ": error: too many levels of symbolic links (a symbolic link loop?)\n");
    Run importDir = hallboardRun({"import", dir.path.string(), "-o", out});
    CHECK(importDir.code == 1);
    CHECK(importDir.err.find("is a directory") != std::string::npos);
    CHECK_FALSE(std::filesystem::exists(out));
}

TEST_CASE("check warns about a session of days and refuses one of years") {
    test::TempDir dir;
    auto write = [&](const std::string& end) {
        std::string path = dir.file("p.json");
        std::ofstream(path) << test::programJson("UTC", R"("rooms": [{"id": "r"}], "sessions": [{"title": "Long",
            "room": "r", "start": "2021-04-06T09:00", "end": ")" +
                                                            end + "\"}]");
        return path;
    };
    Run days = hallboardRun({"check", write("2021-04-09T09:00")});
    CHECK(days.code == 0);
    CHECK(days.err.find("/sessions/0/end: warning: session lasts 3 days, more than 24 h: is a date wrong?") !=
          std::string::npos);
    Run years = hallboardRun({"check", write("2031-04-06T09:00")});
    CHECK(years.code == 1);
    CHECK(years.err.find("/sessions/0/end: error: session lasts") != std::string::npos);
}

namespace {

// Sets an environment variable for one scope.
struct ScopedEnv {
    std::string name;
    ScopedEnv(std::string n, const std::string& value) : name(std::move(n)) {
        ::setenv(name.c_str(), value.c_str(), 1);
    }
    ~ScopedEnv() { ::unsetenv(name.c_str()); }
};

}  // namespace

TEST_CASE("a configuration the user names must exist: no fallback to the demo") {
    test::TempDir dir;
    std::string missing = dir.file("kiosk.json");
    {
        ScopedEnv env("HALLBOARD_CONFIG", missing);
        // The kiosk keeps the named path (it then shows its last good copy or the clock,
        // see the CTest "HALLBOARD_CONFIG naming a missing file ..."); a screenshot fails.
        platform::ConfigChoice choice = platform::chooseConfig("");
        CHECK(choice.path == missing);
        CHECK(choice.namedBy == "HALLBOARD_CONFIG");
        CHECK(platform::namedConfigNote(choice) == "hallboard: the configuration " + missing +
                                                       " is named by HALLBOARD_CONFIG: it is used as named, never the "
                                                       "bundled demo configuration in its place");
        CHECK(platform::chooseConfig("other.json").namedBy == "--config");
        Run shot = hallboardRun({"screenshot", "-o", dir.file("x.png")});
        CHECK(shot.code == 1);
        CHECK(shot.err.find(missing + ": error: file not found") != std::string::npos);
        CHECK(shot.err.find("named by HALLBOARD_CONFIG") != std::string::npos);
        CHECK_FALSE(std::filesystem::exists(dir.file("x.png")));
    }
    CHECK(platform::chooseConfig("").namedBy.empty());  // neither: the default is searched for
    // `hallboard --config FILE` parses without `run`, as the README's synopsis has it
    // (the run itself is the CTest "hallboard --config FILE runs the kiosk ...").
    Run option = hallboardRun({"--config", missing, "--exit-after", "1e300"});
    CHECK(option.code != 0);
    CHECK(option.err.find("not expected") == std::string::npos);
    // Out-of-range numbers on the command line are refused by CLI11, not cast.
    CHECK(option.err.find("--exit-after") != std::string::npos);
}

TEST_CASE("the bundled assets are found from the working folder, the build tree and the installed share folder") {
    auto candidates = platform::assetCandidates("hallboard-64.png");
    REQUIRE(candidates.size() >= 2);
    CHECK(candidates.front() == "assets/hallboard-64.png");
    CHECK(candidates.back() == "/usr/share/hallboard/assets/hallboard-64.png");
    CHECK(std::any_of(candidates.begin(), candidates.end(), [](const std::string& c) {
        return c.find("share/hallboard/assets/hallboard-64.png") != std::string::npos && c.front() == '/';
    }));
    // From the source folder (as in a clone): ./assets/.
    auto before = std::filesystem::current_path();
    std::filesystem::current_path(HALLBOARD_SOURCE_DIR);
    std::string found = platform::assetPath("hallboard-64.png");
    std::string none = platform::assetPath("no-such-picture.png");
    std::filesystem::current_path(before);
    CHECK(found == "assets/hallboard-64.png");
    CHECK(none.empty());
}

TEST_CASE(
    "check --config checks the configuration's venue and prints the way from where the kiosk stands to each room") {
    Run r = hallboardRun({"check", "--config", std::string(HALLBOARD_SOURCE_DIR) + "/config/kiosk.json"});
    INFO(r.err);
    CHECK(r.code == 0);
    CHECK(r.out.find("mlsys2021.venue.json: OK") != std::string::npos);
    CHECK(r.out.find("  from        \"lobby-kiosk\", facing N\n    Main room: ahead-right, 1 min · upstairs\n") !=
          std::string::npos);

    test::TempDir dir;
    std::string config = dir.file("kiosk.json");
    std::ofstream(config) << R"({"program": ")" + kData + R"(mlsys2021.json", "venue": ")" + kData +
                                 R"(mlsys2021.venue.json", "here": {"point": "nowhere"}})";
    Run bad = hallboardRun({"check", "--config", config});
    CHECK(bad.code == 1);
    CHECK(bad.err.find(config + ": /here/point: error: unknown point \"nowhere\"") != std::string::npos);
}

TEST_CASE("now: at 08:30 on the second morning, before a 09:00 day change, it is day 2 and NEXT has no date") {
    test::TempDir temp;
    std::string path = temp.file("fosdem.json");
    std::ofstream(path) << test::programJson("Europe/Brussels", R"("rooms":[{"id":"h","name":"Hall"}],
      "sessions":[
        {"id":"d1","title":"Day one","room":"h","start":"2026-01-31T09:00","end":"2026-01-31T18:00"},
        {"id":"d2","title":"Day two","room":"h","start":"2026-02-01T09:00","end":"2026-02-01T18:00"}])",
                                             R"("day_change":"09:00")");
    Run r = hallboardRun({"now", path, "--at", "2026-02-01T08:30"});
    INFO(r.out << r.err);
    REQUIRE(r.code == 0);
    CHECK(r.out.find("Day 2 of 2") != std::string::npos);
    CHECK(r.out.find("next  09:00  Day two  (in 30 min)") != std::string::npos);
}

TEST_CASE(
    "import -o on a disk that fills part way keeps the old program whole, leaves no temporary and names the errno") {
    TempDir dir;
    const std::string out = dir.file("program.json");
    Run first = hallboardRun({"import", kFixtures + "/import/pentabarf-classic.xml", "-o", out});
    REQUIRE(first.code == 0);
    std::ifstream in(out, std::ios::binary);
    const std::string before(std::istreambuf_iterator<char>(in), {});
    REQUIRE(before.size() > 1000);
    // A temporary an earlier import left when the power went goes first.
    std::ofstream(dir.file("program.json.tmp-4242")) << "{\"half";
    Run full;
    {
        FileSizeLimit limit(512);
        full = hallboardRun({"import", kFixtures + "/import/frab-oddities.xml", "-o", out});
    }
    CHECK(full.code == 1);
    CHECK_THAT(full.err, Catch::Contains("File too large (EFBIG)"));
    std::ifstream again(out, std::ios::binary);
    CHECK(std::string(std::istreambuf_iterator<char>(again), {}) == before);
    CHECK(namesIn(dir.path) == std::vector<std::string>{"program.json"});
}

TEST_CASE("check --config names the file each path resolves to, and a copied sample's paths that point nowhere") {
    // The bundled sample where it is: every path resolves beside it, absolute.
    Run here = hallboardRun({"check", "--config", std::string(HALLBOARD_SOURCE_DIR) + "/config/kiosk.json"});
    INFO(here.out << here.err);
    CHECK(here.code == 0);
    CHECK_THAT(here.out,
               Catch::Contains("  program     " + std::string(HALLBOARD_SOURCE_DIR) + "/data/mlsys2021.json\n"));
    CHECK_THAT(here.out,
               Catch::Contains("  venue       " + std::string(HALLBOARD_SOURCE_DIR) + "/data/mlsys2021.venue.json\n"));
    CHECK_THAT(here.out, !Catch::Contains("not found"));

    // Copied alone to another folder (as to /etc/hallboard): its relative paths now name
    // files beside the copy, and check says which and why.
    TempDir etc;
    std::filesystem::create_directory(etc.file("hallboard"));
    std::filesystem::copy_file(std::string(HALLBOARD_SOURCE_DIR) + "/config/kiosk.json",
                               etc.file("hallboard/kiosk.json"));
    Run copied = hallboardRun({"check", "--config", etc.file("hallboard/kiosk.json")});
    INFO(copied.out << copied.err);
    CHECK(copied.code == 1);
    CHECK_THAT(copied.out, Catch::Contains("  program     " + etc.file("data/mlsys2021.json") +
                                           "  (not found: relative paths are read from the configuration's folder, " +
                                           etc.file("hallboard") + ")"));
}

TEST_CASE("check --config prints the rows within reach, and warns when no part of the panel is (#30.1)") {
    hallboard::test::TempDir dir;
    auto config = [&](const std::string& name, const std::string& display) {
        std::ofstream(dir.file(name)) << R"({"program": ")" << kFixtures << R"(/two-rooms.json", "display": )"
                                      << display << "}";
        return dir.file(name);
    };
    // The issue's panel: 43 inches, portrait, its lower edge at 0.9 m: rows 1275 to 1920.
    Run mounted = hallboardRun(
        {"check", "--config", config("mounted.json", R"({"width": 1080, "height": 1920, "diagonal_inches": 43,
                                                           "bottom_edge_m": 0.9})")});
    INFO(mounted.out << mounted.err);
    CHECK(mounted.code == 0);
    CHECK(mounted.out.find("mounted.json: OK") != std::string::npos);
    CHECK(mounted.out.find("  reach       1080x1920, within reach (0.38 to 1.22 m above the floor): rows 1275 to "
                           "1920 of 1920 (34%), the picture's lower edge at 0.90 m from display.bottom_edge_m") !=
          std::string::npos);
    // A landscape panel turned by the kiosk is measured turned.
    Run turned =
        hallboardRun({"check", "--config", config("turned.json", R"({"width": 1920, "height": 1080, "rotate": 90})")});
    INFO(turned.out);
    CHECK(turned.out.find("reach       1080x1920, within reach") != std::string::npos);
    CHECK(turned.out.find("a portrait panel's typical mount, assumed") != std::string::npos);
    // Landscape without a mount: the controls stay at the top, and how to change that.
    Run landscape = hallboardRun({"check", "--config", config("landscape.json", R"({"width": 1920, "height": 1080})")});
    CHECK(landscape.out.find("within reach: unknown (display.bottom_edge_m not set)") != std::string::npos);
    // Hung too high: a warning that says why.
    Run high = hallboardRun({"check", "--config", config("high.json", R"({"bottom_edge_m": 1.5})")});
    INFO(high.out << high.err);
    CHECK(high.code == 0);
    CHECK(high.out.find("high.json: loads, with warnings") != std::string::npos);
    CHECK(high.err.find("/display/bottom_edge_m: warning: no part of the panel is within reach (0.38 to 1.22 m above "
                        "the floor, ADA 2010 §308): the 43-inch picture runs from 1.50 to 2.04 m") !=
          std::string::npos);
    // A number that is no height is refused with its place, the kiosk keeps its last good configuration.
    Run wrong = hallboardRun({"check", "--config", config("wrong.json", R"({"bottom_edge_m": 1e308})")});
    CHECK(wrong.code != 0);
    CHECK(wrong.err.find("/display/bottom_edge_m: error: expected a number from 0 to 3 metres from the floor") !=
          std::string::npos);
}
