// Keys and switches, through the kiosk's own path (`hallboard screenshot --input`, the
// events a keyboard sends): a visitor who cannot touch finds a talk and opens the way to
// its room with keys alone, and the focus ring shows where they are, checked in the
// layout record.
#include <catch2/catch.hpp>

#include <fstream>

#include <nlohmann/json.hpp>

#include "cli_support.hpp"
#include "support.hpp"

using namespace hallboard;
using hallboard::test::hallboardRun;
using hallboard::test::Run;
using hallboard::test::TempDir;
using json = nlohmann::json;

namespace {

const std::string kSrc = HALLBOARD_SOURCE_DIR;

// `language`: the kiosk's interface language (empty: the default, English).
std::string config(const TempDir& dir, const std::string& language = "") {
    std::string path = dir.file("kiosk.json");
    std::ofstream(path)
        << R"({"program": ")" << kSrc << R"(/data/mlsys2021.json", "venue": ")" << kSrc
        << R"(/data/mlsys2021.venue.json", "here": {"point": "lobby-kiosk", "facing": "N"},)"
        << (language.empty() ? "" : R"( "language": ")" + language + R"(",)")
        << R"( "clock": {"mode": "fixed", "at": "2021-04-06T08:05"}, "display": {"diagonal_inches": 43}})";
    return path;
}

struct Shot {
    Run run;
    json layout;
};

Shot play(const TempDir& dir, const std::string& size, const std::string& keys, const std::string& language = "") {
    std::string script = dir.file("keys.txt");
    std::ofstream(script) << keys;
    std::string layout = dir.file("layout.json");
    Shot s{hallboardRun({"screenshot", "--config", config(dir, language), "--size", size, "--input", script, "-o",
                         dir.file("shot.png"), "--layout", layout}),
           {}};
    if (s.run.code == 0) s.layout = json::parse(std::ifstream(layout));
    return s;
}

bool hasRun(const json& layout, const std::string& needle) {
    for (const json& run : layout["runs"])
        if (run["text"].get<std::string>().find(needle) != std::string::npos) return true;
    return false;
}

// The text runs inside the focused target.
std::string focusedText(const json& layout) {
    if (!layout.contains("focus")) return "(no focus)";
    const json& box = layout["focus"]["target"];
    std::string out;
    for (const json& run : layout["runs"]) {
        const json& b = run["box"];
        float cx = (b[0].get<float>() + b[2].get<float>()) * 0.5f, cy = (b[1].get<float>() + b[3].get<float>()) * 0.5f;
        if (cx >= box[0].get<float>() && cx <= box[2].get<float>() && cy >= box[1].get<float>() &&
            cy <= box[3].get<float>())
            out += (out.empty() ? "" : " | ") + run["text"].get<std::string>();
    }
    return out;
}

}  // namespace

TEST_CASE("keys alone find a talk and open the way to its room") {
    TempDir dir;
    for (const char* size : {"1920x1080", "1080x1920", "800x480"}) {
        INFO(size);
        // Type to search, Down to the first result, Enter; on the talk, Down to its
        // speaker, Down to its room's button, Enter: the room's page with the way there.
        Shot s = play(dir, size, "type deep learning hardware\nkey down\nkey enter\nkey down\nkey down\nkey enter\n");
        INFO(s.run.err << s.run.out);
        REQUIRE(s.run.code == 0);
        CHECK(s.run.out.find("after the script: room \"Main room\"") != std::string::npos);
        CHECK(hasRun(s.layout, "Take the stairs up to"));  // the way, step by step
        CHECK(hasRun(s.layout, "Main room"));
        CHECK_FALSE(s.layout.contains("focus"));  // a new screen starts without a focus
        // One key short of it: the focus ring is on the room's button.
        Shot before = play(dir, size, "type deep learning hardware\nkey down\nkey enter\nkey down\nkey down\n");
        REQUIRE(before.run.code == 0);
        CHECK(before.run.out.find("after the script: talk \"Directions for Deep Learning Hardware\"") !=
              std::string::npos);
        INFO(before.layout["focus"].dump());
        CHECK(focusedText(before.layout).find("Main room") != std::string::npos);
    }
}

TEST_CASE("Tab follows reading order across the bar, and the ring is thick and in the text's colour") {
    TempDir dir;
    Shot s = play(dir, "1920x1080", "type deep\nkey down\nkey enter\nkey tab\n");
    INFO(s.run.err << s.run.out);
    REQUIRE(s.run.code == 0);
    REQUIRE(s.layout.contains("focus"));
    CHECK(focusedText(s.layout).find("Back") != std::string::npos);  // reading starts at the top left
    const json& focus = s.layout["focus"];
    // 3 mm on a 43" 1920x1080 panel (0.5 mm a pixel): 6 px, around the target.
    double perMm = s.layout["reading"]["pixels_per_mm"];
    CHECK(focus["width"].get<double>() >= 4);
    CHECK(focus["width"].get<double>() == Approx(std::round(3 * perMm)));
    CHECK(focus["box"][0].get<double>() < focus["target"][0].get<double>());
    CHECK(focus["box"][2].get<double>() > focus["target"][2].get<double>());
    CHECK(focus["color"] != focus["inner"]);
    // Along the bar, left to right (Home is drawn before the tabs but read after them).
    std::vector<std::string> seen;
    for (int tabs = 1; tabs <= 6; ++tabs) {
        std::string keys = "type deep\nkey down\nkey enter\n";
        for (int i = 0; i < tabs; ++i) keys += "key tab\n";
        Shot t = play(dir, "1920x1080", keys);
        REQUIRE(t.run.code == 0);
        seen.push_back(focusedText(t.layout));
    }
    INFO(seen[0] << " / " << seen[1] << " / " << seen[2] << " / " << seen[3] << " / " << seen[4] << " / " << seen[5]);
    CHECK(seen[0].find("Back") != std::string::npos);
    CHECK(seen[1].find("Schedule") != std::string::npos);
    CHECK(seen[2].find("Speakers") != std::string::npos);
    CHECK(seen[3].find("Search") != std::string::npos);
    CHECK(seen[4].find("Aa") != std::string::npos);  // large text, then the clock (not a target), then Home
    CHECK(seen[5].find("Home") != std::string::npos);
    // Shift+Tab from the start goes round to the end: the step-free way's control under
    // the room's button, the last target.
    Shot back = play(dir, "1920x1080", "type deep learning hardware\nkey down\nkey enter\nkey tab\nkey shift-tab\n");
    REQUIRE(back.run.code == 0);
    CHECK(focusedText(back.layout).find("Step-free way") != std::string::npos);
    // One more: the room's button.
    Shot room = play(dir, "1920x1080",
                     "type deep learning hardware\nkey down\nkey enter\nkey tab\nkey shift-tab\nkey shift-tab\n");
    REQUIRE(room.run.code == 0);
    CHECK(focusedText(room.layout).find("Main room") != std::string::npos);
}
