// Headless screenshots through the real renderer (SDL's software renderer, the text engine,
// fontconfig): what the kiosk would show, checked as pixels.
#include <catch2/catch.hpp>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include <nlohmann/json.hpp>
#include <stb/stb_image.h>

#include "cli/commands.hpp"
#include "cli_support.hpp"
#include "support.hpp"

using namespace hallboard;
using hallboard::test::hallboardRun;
using hallboard::test::Run;
using hallboard::test::TempDir;

namespace {

struct Png {
    int w = 0, h = 0;
    std::vector<unsigned char> rgba;
    std::array<unsigned char, 3> at(int x, int y) const {
        std::size_t i = (static_cast<std::size_t>(y) * static_cast<std::size_t>(w) + static_cast<std::size_t>(x)) * 4;
        return {rgba[i], rgba[i + 1], rgba[i + 2]};
    }
};

Png readPng(const std::string& path) {
    Png p;
    int n = 0;
    unsigned char* data = stbi_load(path.c_str(), &p.w, &p.h, &n, 4);
    REQUIRE(data);
    p.rgba.assign(data, data + static_cast<std::size_t>(p.w) * static_cast<std::size_t>(p.h) * 4);
    stbi_image_free(data);
    return p;
}

const std::string kConfig = std::string(HALLBOARD_SOURCE_DIR) + "/config/kiosk.json";

// Every file a test here writes goes in one fresh directory of this process (CTest runs
// each test case in its own process), removed at exit.
std::string shot(const std::string& name) {
    static const TempDir dir;
    return dir.file(name);
}

}  // namespace

TEST_CASE("a screenshot is the kiosk's screen: right size, not blank, text drawn") {
    for (const char* size : {"800x480", "1080x1920"}) {
        std::string out = shot(std::string("now-next-") + size + ".png");
        Run r = hallboardRun({"screenshot", "--config", kConfig, "--at", "2021-04-06T09:45", "--page", "now-next",
                              "--size", size, "-o", out});
        INFO(r.err);
        REQUIRE(r.code == 0);
        Png png = readPng(out);
        CHECK(std::to_string(png.w) + "x" + std::to_string(png.h) == size);
        auto background = png.at(png.w / 2, 2);
        std::size_t differing = 0;
        std::set<unsigned> colours;
        for (int y = 0; y < png.h; y += 2)
            for (int x = 0; x < png.w; x += 2) {
                auto c = png.at(x, y);
                differing += c != background;
                colours.insert(static_cast<unsigned>(c[0]) << 16 | static_cast<unsigned>(c[1]) << 8 | c[2]);
            }
        CHECK(differing > static_cast<std::size_t>(png.w * png.h / 4 / 10));  // cards and text, not an empty screen
        CHECK(colours.size() > 64);                                           // anti-aliased text makes many shades
        std::filesystem::remove(out);
    }
}

TEST_CASE("the light theme is light and the dark theme dark") {
    std::string dark = shot("dark.png"), light = shot("light.png");
    REQUIRE(
        hallboardRun({"screenshot", "--config", kConfig, "--at", "2021-04-06T09:45", "--size", "800x480", "-o", dark})
            .code == 0);
    REQUIRE(hallboardRun({"screenshot", "--config", kConfig, "--at", "2021-04-06T09:45", "--size", "800x480", "--theme",
                          "light", "-o", light})
                .code == 0);
    auto d = readPng(dark).at(2, 2), l = readPng(light).at(2, 2);
    CHECK(d[0] + d[1] + d[2] < 120);
    CHECK(l[0] + l[1] + l[2] > 600);
    std::filesystem::remove(dark);
    std::filesystem::remove(light);
}

TEST_CASE("screenshot errors say what is wrong") {
    std::string out = shot("error.png");
    Run page = hallboardRun({"screenshot", "--config", kConfig, "--page", "weather", "-o", out});
    CHECK(page.code == 2);
    CHECK(page.err.find("unknown page \"weather\"") != std::string::npos);
    Run empty =
        hallboardRun({"screenshot", "--config", kConfig, "--at", "2021-04-06T09:45", "--page", "awards", "-o", out});
    CHECK(empty.code == 1);
    CHECK(empty.err.find("nothing to show at this time") != std::string::npos);
    // A slide says why it is left out: its hours, or its picture.
    Run lunch =
        hallboardRun({"screenshot", "--config", kConfig, "--at", "2021-04-06T09:45", "--page", "slide:3", "-o", out});
    CHECK(lunch.code == 1);
    CHECK(lunch.err.find("--page slide:3: outside its from/until, days or daily hours at this time") !=
          std::string::npos);
    TempDir dir;
    std::ofstream(dir.file("sponsor.png")) << "text saved as .png";
    std::ofstream(dir.file("kiosk.json"))
        << R"({"program": ")" << HALLBOARD_SOURCE_DIR
        << R"(/data/mlsys2021.json", "rotation": [{"page": "slide", "image": "sponsor.png"}]})";
    Run picture = hallboardRun(
        {"screenshot", "--config", dir.file("kiosk.json"), "--at", "2021-04-06T09:45", "--page", "slide", "-o", out});
    CHECK(picture.code == 1);
    CHECK(picture.err.find("--page slide: its picture " + dir.file("sponsor.png") + " cannot be shown (") !=
          std::string::npos);
    CHECK(picture.err.find("the kiosk leaves this slide out") != std::string::npos);
    Run size = hallboardRun({"screenshot", "--config", kConfig, "--size", "big", "-o", out});
    CHECK(size.code == 2);
    Run program = hallboardRun(
        {"screenshot", "--config", kConfig, "--program", std::string(HALLBOARD_FIXTURES) + "/broken.json", "-o", out});
    CHECK(program.code == 1);
    CHECK(program.err.find("broken.json: line 4") != std::string::npos);
    CHECK_FALSE(std::filesystem::exists(out));
}

TEST_CASE("a screenshot or layout that cannot be written names the system's reason (#26.10)") {
    TempDir dir;
    std::string missing = dir.file("no-such-folder/x.png");
    Run png = hallboardRun({"screenshot", "--config", kConfig, "--at", "2021-04-06T09:45", "-o", missing});
    CHECK(png.code == 1);
    CHECK(png.err.find("to write " + missing + ": No such file or directory (ENOENT)") != std::string::npos);
    std::string layout = dir.file("no-such-folder/x.json");
    Run json = hallboardRun(
        {"screenshot", "--config", kConfig, "--at", "2021-04-06T09:45", "-o", dir.file("ok.png"), "--layout", layout});
    CHECK(json.code == 1);
    CHECK(json.err.find("to write " + layout + ": No such file or directory (ENOENT)") != std::string::npos);
    // A screen past the memory limits is refused before anything is drawn (#26.2).
    Run big = hallboardRun({"screenshot", "--config", kConfig, "--size", "7680x4320", "-o", dir.file("big.png")});
    CHECK(big.code == 2);
    CHECK(big.err.find("--size: a screen of 7680x4320 is 33177600 pixels, more than the 8294400 (3840x2160)") !=
          std::string::npos);
}

TEST_CASE("a venue that does not fit the program given says why and what follows, once") {
    // The default config's venue is MLSys 2021's; MLSys 2022 has no "Main room".
    std::string out = shot("venue-mismatch.png");
    Run r = hallboardRun({"screenshot", "--config", kConfig, "--program",
                          std::string(HALLBOARD_SOURCE_DIR) + "/data/mlsys2022.json", "--at", "2022-08-30T10:00",
                          "--size", "800x480", "-o", out});
    CHECK(r.code == 0);  // the rest of the kiosk draws
    CHECK(r.err.find("unknown room \"Main room\"") != std::string::npos);
    const std::string note = "no directions on screen; the rest of the kiosk is unaffected";
    std::size_t first = r.err.find(note);
    REQUIRE(first != std::string::npos);
    CHECK(r.err.find(note, first + 1) == std::string::npos);
    CHECK(r.err.find("mlsys2021.venue.json: " + note) != std::string::npos);
    CHECK(std::filesystem::exists(out));
}

namespace {

std::string script(const std::string& name, const std::string& text) {
    std::string path = shot(name);
    std::ofstream(path) << text;
    return path;
}

// The share of sampled pixels that differ between two screenshots of one size.
double difference(const Png& a, const Png& b) {
    std::size_t differ = 0, total = 0;
    for (int y = 0; y < a.h; y += 3)
        for (int x = 0; x < a.w; x += 3, ++total) differ += a.at(x, y) != b.at(x, y);
    return static_cast<double>(differ) / static_cast<double>(total);
}

}  // namespace

TEST_CASE("an input script travels the touch path: type a search, open the result, see it") {
    for (const char* size : {"800x480", "3840x2160"}) {
        INFO(size);
        // Typing on a kiosk goes straight into search; every key narrows the results.
        std::string typed = shot(std::string("typed-") + size + ".png");
        Run search = hallboardRun({"screenshot", "--config", kConfig, "--at", "2021-04-06T10:20", "--size", size,
                                   "--input", script("type.txt", "type pipemare\nwait 0.5\n"), "-o", typed});
        INFO(search.err);
        REQUIRE(search.code == 0);
        CHECK(search.out.find("after the script: search \"pipemare\": 1 talk") != std::string::npos);
        // Down moves the focus to the first result; Enter opens it.
        std::string opened = shot(std::string("opened-") + size + ".png");
        Run open = hallboardRun({"screenshot", "--config", kConfig, "--at", "2021-04-06T10:20", "--size", size,
                                 "--input", script("open.txt", "type PipeMare\nkey down\nkey enter\n"), "-o", opened});
        INFO(open.out);
        CHECK(open.out.find("after the script: talk \"PipeMare: Asynchronous Pipeline Parallel DNN Training\"") !=
              std::string::npos);
        CHECK(difference(readPng(typed), readPng(opened)) > 0.05);  // a different screen
    }
}

TEST_CASE("a tap on the rotation opens browsing where it was tapped and, left alone, the rotation returns") {
    // One page, so the rotation shows the same screen whenever it comes back.
    std::string onePage = shot("one-page.json");
    std::ofstream(onePage) << R"({"program": ")" << HALLBOARD_SOURCE_DIR << R"(/data/mlsys2021.json",
        "rotation": [{"page": "now-next"}], "idle_return_seconds": 60})";
    std::string rotation = shot("rotation-plain.png");
    REQUIRE(hallboardRun(
                {"screenshot", "--config", onePage, "--at", "2021-04-06T10:20", "--page", "now-next", "-o", rotation})
                .code == 0);
    // The live talk's title on the door sign (the sample has one room).
    Run tap = hallboardRun({"screenshot", "--config", kConfig, "--at", "2021-04-06T10:20", "--page", "now-next",
                            "--input", script("tap-talk.txt", "tap 30% 45%\n"), "-o", shot("tap-talk.png")});
    CHECK(tap.out.find("after the script: talk \"MicroNets") != std::string::npos);
    // Anywhere else: the schedule of the day.
    Run elsewhere = hallboardRun({"screenshot", "--config", kConfig, "--at", "2021-04-06T10:20", "--page", "now-next",
                                  "--input", script("tap-else.txt", "tap 50% 5%\n"), "-o", shot("tap-else.png")});
    CHECK(elsewhere.out.find("after the script: schedule day 1") != std::string::npos);
    // 61 seconds without a touch: back to the rotation, the same picture as before.
    std::string back = shot("idle-back.png");
    Run idle = hallboardRun({"screenshot", "--config", onePage, "--at", "2021-04-06T10:20", "--page", "now-next",
                             "--input", script("idle.txt", "tap 50% 5%\nwait 30\ntap 50% 50%\nwait 61\n"), "-o", back});
    CHECK(idle.out.find("after the script: rotation") != std::string::npos);
    CHECK(difference(readPng(rotation), readPng(back)) < 0.001);
    // ... but not while someone is still touching it now and then.
    Run busy =
        hallboardRun({"screenshot", "--config", kConfig, "--at", "2021-04-06T10:20", "--page", "now-next", "--input",
                      script("busy.txt", "tap 50% 5%\nwait 50\nflick up\nwait 50\n"), "-o", shot("busy.png")});
    CHECK(busy.out.find("after the script: schedule") != std::string::npos);
    // A screen configured for signage only does not open anything.
    std::string signage = shot("signage.json");
    std::ofstream(signage) << R"({"program": ")" << HALLBOARD_SOURCE_DIR << R"(/data/mlsys2021.json",
        "rotation": [{"page": "now-next"}], "browsing": false})";
    std::string untouched = shot("signage.png");
    Run ignored =
        hallboardRun({"screenshot", "--config", signage, "--at", "2021-04-06T10:20", "--page", "now-next", "--input",
                      script("signage.txt", "tap 30% 45%\ntype pipemare\nkey enter\n"), "-o", untouched});
    CHECK(ignored.out.find("after the script: rotation") != std::string::npos);
    // As it was untouched (which has no large-text control in its footer: nothing opens).
    std::string plain = shot("signage-plain.png");
    REQUIRE(
        hallboardRun({"screenshot", "--config", signage, "--at", "2021-04-06T10:20", "--page", "now-next", "-o", plain})
            .code == 0);
    CHECK(difference(readPng(plain), readPng(untouched)) < 0.001);
    CHECK(difference(readPng(rotation), readPng(untouched)) > 0.0005);  // the rotation's "Aa"
}

TEST_CASE("swipes turn the rotation's pages, a bad script names its line") {
    Run swipe = hallboardRun({"screenshot", "--config", kConfig, "--at", "2021-04-06T10:20", "--page", "now-next",
                              "--input", script("swipe.txt", "swipe left\n"), "-o", shot("swiped.png")});
    REQUIRE(swipe.code == 0);
    std::string upcoming = shot("upcoming-plain.png");
    REQUIRE(hallboardRun(
                {"screenshot", "--config", kConfig, "--at", "2021-04-06T10:20", "--page", "upcoming", "-o", upcoming})
                .code == 0);
    CHECK(swipe.out.find("after the script: rotation") != std::string::npos);
    CHECK(difference(readPng(shot("swiped.png")), readPng(upcoming)) < 0.001);  // the next page

    Run bad = hallboardRun({"screenshot", "--config", kConfig, "--input", script("bad.txt", "tap 1 2\npinch 3\n"), "-o",
                            shot("never.png")});
    CHECK(bad.code == 1);
    CHECK(bad.err.find("bad.txt: line 2: error: unknown command \"pinch\"") != std::string::npos);
}

TEST_CASE("the multi-script program at five sizes: right-to-left titles flush right, emoji in colour") {
    const std::string program = std::string(HALLBOARD_SOURCE_DIR) + "/data/multiscript.json";
    for (const char* size : {"800x480", "1280x720", "1920x1080", "1080x1920", "3840x2160"}) {
        INFO(size);
        std::string out = shot(std::string("multiscript-") + size + ".png"), layout = shot("multiscript.json");
        Run r = hallboardRun({"screenshot", "--config", kConfig, "--program", program, "--at", "2025-03-12T09:20",
                              "--page", "now-next", "--size", size, "-o", out, "--layout", layout});
        INFO(r.err);
        REQUIRE(r.code == 0);
        CHECK(r.err.find("shows as a box") == std::string::npos);  // a font for every character
        std::ifstream in(layout);
        auto doc = nlohmann::json::parse(in);
        // The Arabic session title and the Hindi one sit in the same column of the room
        // rows: the Arabic ends at the column's right, the Hindi starts at its left.
        const nlohmann::json* arabic = nullptr;
        const nlohmann::json* hindi = nullptr;
        for (const auto& run : doc["runs"]) {
            std::string text = run["text"].get<std::string>();
            if (text.rfind("الجلسة الصباحية", 0) == 0) arabic = &run;
            if (text.rfind("हिंदी भाषा", 0) == 0) hindi = &run;
        }
        REQUIRE(arabic);
        REQUIRE(hindi);
        float arabicLeft = (*arabic)["box"][0].get<float>(), arabicRight = (*arabic)["box"][2].get<float>();
        float hindiLeft = (*hindi)["box"][0].get<float>(), hindiRight = (*hindi)["box"][2].get<float>();
        CHECK(arabicLeft > hindiLeft + 4);
        CHECK(arabicRight > hindiRight + 4);
        // Colour emoji: the screen holds saturated pixels that no theme colour has (the
        // globe in the conference's name is blue and green).
        Png png = readPng(out);
        std::size_t green = 0;
        for (int y = 0; y < png.h / 6; ++y)
            for (int x = 0; x < png.w; ++x) {
                auto c = png.at(x, y);
                green += c[1] > 120 && c[1] > c[0] + 40 && c[1] > c[2] + 10;
            }
        CHECK(green > 10);
    }
}

TEST_CASE("a video wall's screens each show their part of the page laid out at the whole wall's size") {
    // Four screens of 960x540 in two columns and two rows, and one screen of 1920x1080
    // with the same pixel pitch (the wall's diagonal: the panel's, scaled): the four tiles
    // put together are the big screen's picture, seams at the tiles' edges included.
    TempDir dir;
    const std::string program = std::string(HALLBOARD_SOURCE_DIR) + "/data/mlsys2021.json";
    auto config = [&](const std::string& name, const std::string& extra) {
        std::ofstream(dir.file(name)) << R"({"program": ")" << program
                                      << R"(", "clock": {"mode": "fixed", "at": "2021-04-06T09:45"}, )" << extra << "}";
        return dir.file(name);
    };
    const double factor = std::hypot(1920.0, 1080.0) / std::hypot(960.0, 540.0);
    char whole[160];
    // Signage, as a wall is (no large-text control in its footer: touches open nothing).
    std::snprintf(whole, sizeof whole,
                  R"("display": {"diagonal_inches": %.17g, "pixel_shift": false}, "browsing": false)", 40.0 * factor);
    std::vector<Png> tiles;  // row by row: (1,1), (2,1), (1,2), (2,2)
    for (int row : {1, 2})
        for (int column : {1, 2}) {
            std::string name = std::to_string(column) + "-" + std::to_string(row);
            std::string out = dir.file("tile" + name + ".png");
            std::string c = config(
                "wall" + name + ".json",
                R"("display": {"diagonal_inches": 40, "pixel_shift": false}, "wall": {"columns": 2, "rows": 2, "column": )" +
                    std::to_string(column) + R"(, "row": )" + std::to_string(row) + "}");
            Run r = hallboardRun({"screenshot", "--config", c, "--page", "now-next", "--size", "960x540", "-o", out});
            INFO(r.err);
            REQUIRE(r.code == 0);
            tiles.push_back(readPng(out));
            REQUIRE(tiles.back().w == 960);
            REQUIRE(tiles.back().h == 540);
        }
    std::string out = dir.file("whole.png");
    Run r = hallboardRun({"screenshot", "--config", config("whole.json", whole), "--page", "now-next", "--size",
                          "1920x1080", "-o", out});
    INFO(r.err);
    REQUIRE(r.code == 0);
    Png big = readPng(out);
    REQUIRE(big.w == 1920);
    REQUIRE(big.h == 1080);
    std::size_t differing = 0, inked = 0, lowerInked = 0;
    for (int y = 0; y < 1080; ++y)
        for (int x = 0; x < 1920; ++x) {
            auto c = tiles[static_cast<std::size_t>((y / 540) * 2 + x / 960)].at(x % 960, y % 540);
            differing += c != big.at(x, y);
            inked += c != big.at(0, 0);
            lowerInked += y >= 540 && c != big.at(0, 0);
        }
    CHECK(inked > 1920 * 1080 / 10);      // the tiles are not empty
    CHECK(lowerInked > 1920 * 540 / 20);  // the lower row is a part of the page too
    CHECK(differing <= 1920 * 1080 / 1000);
    // The left tile has the conference's name, the right one the clock, the lower ones
    // the foot of the page: none is the whole, and no two are alike.
    for (std::size_t i = 0; i < tiles.size(); ++i)
        for (std::size_t j = i + 1; j < tiles.size(); ++j) CHECK(tiles[i].rgba != tiles[j].rgba);
}

TEST_CASE("the talk page's own words fit in every language: the QR heading and the way to the room are never cut") {
    // The bundled day with its venue, a talk opened by touch (docs/scripts/open-pipemare.txt):
    // at 1920x1080 nothing on the talk page ends in "…" in any language (the abstract
    // scrolls); at 800x480 the calendar QR's heading and the line with the way to the
    // room still fit (the QR's explanation may be shortened there, in English too).
    TempDir dir;
    const std::string src = HALLBOARD_SOURCE_DIR;
    for (const char* language : {"en", "de", "fr", "es"}) {
        std::string config = dir.file(std::string("kiosk-") + language + ".json");
        std::ofstream(config)
            << R"({"program": ")" << src << R"(/data/mlsys2021.json", "venue": ")" << src
            << R"(/data/mlsys2021.venue.json", "here": {"point": "lobby-kiosk", "facing": "N"}, "clock": {"mode": "fixed", "at": "2021-04-06T09:45"}, "language": ")"
            << language << R"("})";
        for (const char* size : {"800x480", "1920x1080"}) {
            std::string what = std::string(language) + " at " + size;
            INFO(what);
            std::string layout = dir.file("talk.json");
            Run r =
                hallboardRun({"screenshot", "--config", config, "--size", size, "--input",
                              src + "/docs/scripts/open-pipemare.txt", "-o", dir.file("talk.png"), "--layout", layout});
            INFO(r.err);
            REQUIRE(r.code == 0);
            std::ifstream in(layout);
            nlohmann::json doc = nlohmann::json::parse(in);
            bool heading = false, way = false;
            for (const nlohmann::json& run : doc["runs"]) {
                std::string text = run["text"];
                bool cut = run["cut"];
                bool isHeading = text.rfind("Scan", 0) == 0 || text.rfind("Escan", 0) == 0;
                bool isWay = text.find("Main room") != std::string::npos &&
                             (text.find("1 min") != std::string::npos || text.find("1 Min") != std::string::npos);
                heading |= isHeading;
                way |= isWay;
                INFO(text);
                if (std::string(size) == "1920x1080") CHECK_FALSE(cut);
                if (isHeading || isWay) CHECK_FALSE(cut);
            }
            CHECK(heading);
            CHECK(way);
        }
    }
}

TEST_CASE("today's schedule opens at the present, not at an all-day workshop that began in the morning") {
    // A workshop from 09:00 to 18:00 and thirty 15-minute talks from 09:00: at 16:00 the
    // workshop is the first session still on, and the list had opened at it, on the
    // morning's talks (seen on a 40-room import: 422 rows between the view and now).
    std::string program = shot("all-day.json");
    {
        std::ofstream out(program);
        out << R"({"format": "hallboard-program", "version": 1,
            "conference": {"name": "All day", "time_zone": "Europe/Lisbon"},
            "rooms": [{"id": "w", "name": "Workshop room"}, {"id": "r", "name": "Main hall"}],
            "sessions": [{"id": "ws", "title": "All-day workshop", "kind": "workshop", "room": "w",
                          "start": "2027-06-14T09:00", "end": "2027-06-14T18:00"})";
        for (int i = 0; i < 30; ++i) {
            int start = 9 * 60 + i * 15, end = start + 15;
            char line[256];
            std::snprintf(
                line, sizeof line,
                R"(, {"id": "s%d", "title": "Talk at %02d:%02d", "room": "r", "start": "2027-06-14T%02d:%02d",)"
                R"( "end": "2027-06-14T%02d:%02d"})",
                i, start / 60, start % 60, start / 60, start % 60, end / 60, end % 60);
            out << line;
        }
        out << "]}";
    }
    std::string config = shot("all-day-kiosk.json");
    std::ofstream(config) << R"({"program": ")" << program << R"(", "rotation": [{"page": "now-next"}]})";
    for (const char* size : {"800x480", "1280x720", "1080x1920"}) {
        INFO(size);
        std::string layout = shot(std::string("all-day-") + size + ".json");
        Run r = hallboardRun({"screenshot", "--config", config, "--at", "2027-06-14T16:00", "--size", size, "--input",
                              script("all-day-tap.txt", "tap 50% 5%\nwait 1\n"), "-o", shot("all-day.png"), "--layout",
                              layout});
        INFO(r.out << r.err);
        REQUIRE(r.code == 0);
        REQUIRE(r.out.find("after the script: schedule day 1") != std::string::npos);
        std::ifstream in(layout);
        nlohmann::json doc = nlohmann::json::parse(in);
        std::set<std::string> shown;
        for (const auto& run : doc["runs"]) shown.insert(run["text"].get<std::string>());
        CHECK(shown.count("Talk at 16:00"));  // on now, begun this minute
        CHECK_FALSE(shown.count("Talk at 09:30"));
        CHECK_FALSE(shown.count("Talk at 12:00"));
    }
}
