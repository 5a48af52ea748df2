// Headless screenshots through the real renderer (SDL's software renderer, SDL_ttf,
// fontconfig): what the kiosk would show, checked as pixels.
#include <catch2/catch.hpp>
#include <filesystem>
#include <set>
#include <sstream>

#include <stb/stb_image.h>

#include "cli/commands.hpp"
#include "cli_support.hpp"

using namespace hallboard;
using hallboard::test::hallboardRun;
using hallboard::test::Run;

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

std::string shot(const std::string& name) { return (std::filesystem::temp_directory_path() / ("hallboard-test-" + name)).string(); }

}  // namespace

TEST_CASE("a screenshot is the kiosk's screen: right size, not blank, text drawn") {
    for (const char* size : {"800x480", "1080x1920"}) {
        std::string out = shot(std::string("now-next-") + size + ".png");
        Run r = hallboardRun({"screenshot", "--config", kConfig, "--at", "2021-04-06T09:45", "--page", "now-next", "--size",
                              size, "-o", out});
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
        CHECK(colours.size() > 64);                                            // anti-aliased text makes many shades
        std::filesystem::remove(out);
    }
}

TEST_CASE("the light theme is light and the dark theme dark") {
    std::string dark = shot("dark.png"), light = shot("light.png");
    REQUIRE(hallboardRun({"screenshot", "--config", kConfig, "--at", "2021-04-06T09:45", "--size", "800x480", "-o", dark}).code == 0);
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
    Run empty = hallboardRun({"screenshot", "--config", kConfig, "--at", "2021-04-06T09:45", "--page", "awards", "-o", out});
    CHECK(empty.code == 1);
    CHECK(empty.err.find("nothing to show at this time") != std::string::npos);
    Run size = hallboardRun({"screenshot", "--config", kConfig, "--size", "big", "-o", out});
    CHECK(size.code == 2);
    Run program = hallboardRun({"screenshot", "--config", kConfig, "--program",
                                std::string(HALLBOARD_FIXTURES) + "/broken.json", "-o", out});
    CHECK(program.code == 1);
    CHECK(program.err.find("broken.json: line 4") != std::string::npos);
    CHECK_FALSE(std::filesystem::exists(out));
}
