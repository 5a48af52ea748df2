// The room timer's figures and the emergency's largest lines with the real text engine
// (#31: read from across a hall): headless screenshots through SDL's software renderer and
// the FreeType/HarfBuzz glyph atlas at five sizes. The layout tests' metrics engine never
// cuts or drops a glyph; this one could (a size measured in steps, an atlas page), so
// each largest line is checked twice: its layout record is whole (no "…") and the
// screenshot's ink spans the line's box. And the pages fill the screen: no empty band
// across the page's middle taller than a fifth of the screen (a portrait screen had half
// of itself empty under the timer, a third under the emergency's map).
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <string>

#include <nlohmann/json.hpp>
#include <stb/stb_image.h>

#include "cli_support.hpp"
#include "support.hpp"

using namespace hallboard;
using hallboard::test::hallboardRun;
using hallboard::test::Run;
using hallboard::test::TempDir;

namespace {

const char* const kSizes[] = {"800x480", "1280x720", "1920x1080", "1080x1920", "3840x2160"};

struct Shot {
    int w = 0, h = 0;
    std::vector<unsigned char> rgb;  // 3 bytes a pixel
    nlohmann::json layout;
    int at(int x, int y) const {
        std::size_t i = (static_cast<std::size_t>(y) * static_cast<std::size_t>(w) + static_cast<std::size_t>(x)) * 3;
        return rgb[i] << 16 | rgb[i + 1] << 8 | rgb[i + 2];
    }
    // How far apart two colours are: the largest difference of a channel.
    static int distance(int a, int b) {
        int d = 0;
        for (int s : {0, 8, 16}) d = std::max(d, std::abs(((a >> s) & 0xFF) - ((b >> s) & 0xFF)));
        return d;
    }
};

Shot screenshot(const TempDir& dir, std::vector<std::string> args, const std::string& size) {
    std::string png = dir.file("shot-" + size + ".png"), layout = dir.file("layout-" + size + ".json");
    args.insert(args.begin(), "screenshot");
    for (const std::string& a : {std::string("--size"), size, std::string("-o"), png, std::string("--layout"), layout})
        args.push_back(a);
    Run r = hallboardRun(args);
    INFO(r.err);
    REQUIRE(r.code == 0);
    Shot s;
    int n = 0;
    unsigned char* data = stbi_load(png.c_str(), &s.w, &s.h, &n, 3);
    REQUIRE(data);
    s.rgb.assign(data, data + static_cast<std::size_t>(s.w) * static_cast<std::size_t>(s.h) * 3);
    stbi_image_free(data);
    std::ifstream in(layout);
    s.layout = nlohmann::json::parse(in);
    return s;
}

struct Line {
    std::string text;
    float px = 0, x0 = 0, y0 = 0, x1 = 0, y1 = 0;
    bool cut = false;
};

Line lineOf(const nlohmann::json& run) {
    const auto& b = run["box"];
    return {run["text"].get<std::string>(),
            run["px"].get<float>(),
            b[0].get<float>(),
            b[1].get<float>(),
            b[2].get<float>(),
            b[3].get<float>(),
            run["cut"].get<bool>()};
}

// The largest lines drawn, largest first.
std::vector<Line> largest(const Shot& s, std::size_t n) {
    std::vector<Line> lines;
    for (const auto& run : s.layout["runs"]) lines.push_back(lineOf(run));
    std::stable_sort(lines.begin(), lines.end(), [](const Line& a, const Line& b) { return a.px > b.px; });
    if (lines.size() > n) lines.resize(n);
    return lines;
}

// The line is drawn whole: not shortened, on screen, and its ink (what differs from the
// ground left of it) as wide as its box, less the side bearings, and as tall as capitals
// or figures are; a glyph the atlas could not hold, or cut, leaves a gap at an end.
void checkDrawnWhole(const Shot& s, const Line& l) {
    INFO("\"" << l.text << "\" at " << l.px << " px, box " << l.x0 << "," << l.y0 << " - " << l.x1 << "," << l.y1);
    CHECK_FALSE(l.cut);
    CHECK(l.text.find("\xE2\x80\xA6") == std::string::npos);
    CHECK(l.x0 >= 0);
    CHECK(l.y0 >= 0);
    CHECK(l.x1 <= static_cast<float>(s.w) + 1);
    CHECK(l.y1 <= static_cast<float>(s.h) + 1);
    int ground = s.at(std::max(0, static_cast<int>(l.x0) - 4), static_cast<int>(l.y0 + l.px * 0.5f));
    int left = s.w, right = -1, top = s.h, bottom = -1;
    int y0 = std::max(0, static_cast<int>(l.y0 - l.px * 0.05f));
    int y1 = std::min(s.h, static_cast<int>(l.y1 + l.px * 0.05f));
    int x0 = std::max(0, static_cast<int>(l.x0) - 2), x1 = std::min(s.w, static_cast<int>(l.x1) + 2);
    for (int y = y0; y < y1; ++y)
        for (int x = x0; x < x1; ++x)
            if (Shot::distance(s.at(x, y), ground) > 96) {
                left = std::min(left, x), right = std::max(right, x);
                top = std::min(top, y), bottom = std::max(bottom, y);
            }
    REQUIRE(right > left);
    INFO("ink " << left << "," << top << " - " << right << "," << bottom);
    float width = l.x1 - l.x0;
    CHECK(static_cast<float>(left) <= l.x0 + std::max(0.12f * l.px, 4.0f));
    CHECK(static_cast<float>(right) >= l.x1 - std::max(0.12f * l.px, 4.0f));
    CHECK(static_cast<float>(right - left) >= width * 0.85f);
    CHECK(static_cast<float>(bottom - top) >= l.px * 0.6f);
}

// The tallest band of rows that are one colour across the page (inside its margins)
// between the first and the last row drawn on: empty screen where something could be.
int emptiestBand(const Shot& s) {
    int margin = s.w / 20;
    std::vector<bool> plain(static_cast<std::size_t>(s.h));
    for (int y = 0; y < s.h; ++y) {
        bool one = true;
        int first = s.at(margin, y);
        for (int x = margin; x < s.w - margin && one; x += 2) one = Shot::distance(s.at(x, y), first) < 8;
        plain[static_cast<std::size_t>(y)] = one;
    }
    int band = 0, run = 0;
    for (int y = s.h / 10; y < s.h * 9 / 10; ++y) {
        run = plain[static_cast<std::size_t>(y)] ? run + 1 : 0;
        band = std::max(band, run);
    }
    return band;
}

}  // namespace

TEST_CASE("the room timer's figures are drawn whole by the real text engine and fill the screen at five sizes") {
    const TempDir dir;
    const std::string config = std::string(HALLBOARD_SOURCE_DIR) + "/config/stage-timer.json";
    // A talk running (25:00 left), and in its last minutes ("0:55", red).
    const std::pair<const char*, const char*> moments[] = {{"2021-04-06T09:55", "25:00"},
                                                           {"2021-04-06T10:19:05", "0:55"}};
    for (const auto& [at, figures] : moments) {
        for (const char* size : kSizes) {
            INFO(at << " at " << size);
            Shot s = screenshot(dir, {"--config", config, "--at", at, "--page", "timer"}, size);
            std::vector<Line> big = largest(s, 1);
            REQUIRE(big.size() == 1);
            const Line& digits = big[0];
            CHECK(digits.text == figures);
            checkDrawnWhole(s, digits);
            // As large as the screen allows: across most of a portrait screen's width, and
            // over a quarter of a landscape screen's height.
            float share =
                s.h > s.w ? (digits.x1 - digits.x0) / static_cast<float>(s.w) : digits.px / static_cast<float>(s.h);
            CHECK(share >= (s.h > s.w ? 0.8f : 0.27f));
            CHECK(emptiestBand(s) <= s.h / 5);
            // Nothing given up for them: the talk's people are still there.
            bool people = false;
            for (const auto& run : s.layout["runs"])
                people = people || run["text"].get<std::string>().rfind("Peifeng Yu", 0) == 0;
            CHECK(people);
        }
    }
}

TEST_CASE("the emergency's largest lines are drawn whole by the real text engine and fill the screen at five sizes") {
    const TempDir dir;
    const std::string src = HALLBOARD_SOURCE_DIR;
    std::ofstream(dir.file("overrides.json"))
        << R"({"announcements": [], "emergency": {"title": "Fire alarm: leave the building",
            "text": "Walk, do not run. Leave your bags. Meet at the car park across the street.",
            "kind": "evacuate", "drill": true}})";
    std::ofstream(dir.file("kiosk.json"))
        << R"({"program": ")" << src << R"(/data/mlsys2021.json", "venue": ")" << src << R"(/data/mlsys2021.venue.json",
            "here": {"point": "lobby-kiosk", "facing": "N"}, "overrides": "overrides.json",
            "clock": {"mode": "fixed", "at": "2021-04-06T09:45"}})";
    for (const char* size : kSizes) {
        INFO(size);
        Shot s = screenshot(dir, {"--config", dir.file("kiosk.json"), "--at", "2021-04-06T09:45"}, size);
        std::vector<Line> big = largest(s, 3);
        REQUIRE(big.size() == 3);
        bool kind = false;
        for (const Line& l : big) {
            kind = kind || l.text == "EVACUATE";
            checkDrawnWhole(s, l);
        }
        CHECK(kind);  // the kind in words among the largest
        // The kind read from across a hall: at least a sixteenth of the screen's shorter side.
        for (const auto& run : s.layout["runs"])
            if (run["text"] == "EVACUATE") CHECK(run["px"].get<float>() >= static_cast<float>(std::min(s.w, s.h)) / 16);
        CHECK(emptiestBand(s) <= s.h / 5);
    }
}
