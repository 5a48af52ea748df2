// The room timer page (#31.4): the countdown to a talk, the time left with its bar, amber
// and red near the end with words that say so, "+m:ss" over time, the next talk; whole at
// every size. Drawn through Dear ImGui with no window (tests/ui/ui_scenes.hpp).
#include <catch2/catch.hpp>

#include "model/overrides.hpp"
#include "ui/ui_scenes.hpp"

using namespace hallboard;
using namespace hallboard::test;
using namespace uitest;

namespace {

// The two-rooms day at `wall` on a kiosk whose rotation is the Main Hall's timer alone.
std::unique_ptr<Scene> timerAt(const std::string& wall, const std::string& overrides = {}) {
    return pageAt(PageKind::timer, wall, overrides, {"main"});
}

// The colour of the largest text drawn: the timer's figures.
ImU32 figuresColor(const RecordingText& t) {
    const RecordingText::Line* big = nullptr;
    for (const auto& l : t.lines)
        if (!big || l.px > big->px) big = &l;
    REQUIRE(big);
    return big->color;
}

// The largest text on the screen: the timer's figures.
const ui::TextRun* largest(const Recorded& r) {
    const ui::TextRun* big = nullptr;
    for (const auto& run : r.runs)
        if (!big || run.px > big->px) big = &run;
    return big;
}

struct Moment {
    const char* wall;
    const char* words;   // what the figures are, in words
    const char* digits;  // the figures
    const char* title;   // the talk they are about ("" for none)
    const char* next;    // the next line ("" for none)
};

const Moment kMoments[] = {
    {"2021-04-06T07:50", "STARTS IN", "10:00", "Opening Remarks", "Next: 08:15"},
    {"2021-04-06T08:30", "TIME LEFT", "45:00", "Directions for Deep Learning Hardware", "Next: 09:30"},
    {"2021-04-06T09:11:30", "TIME LEFT · PLEASE WRAP UP", "3:30", "Directions for Deep Learning Hardware",
     "Next: 09:30"},
    {"2021-04-06T09:14:05", "TIME LEFT · LAST MINUTES", "0:55", "Directions for Deep Learning Hardware", "Next: 09:30"},
    {"2021-04-06T09:16:30", "OVER TIME", "+1:30", "Directions for Deep Learning Hardware", "Next: 09:30"},
    {"2021-04-06T12:00", "NOTHING MORE IN THIS ROOM", "12:00", "", ""},
};

}  // namespace

TEST_CASE("the room timer says what its figures are in words, whole and legible at every size") {
    for (const Moment& m : kMoments) {
        auto scene = timerAt(m.wall);
        for (ImVec2 size : kSizes) {
            INFO(m.wall << " at " << size.x << "x" << size.y);
            {
                TestCanvas probe(*scene, size);
                REQUIRE(ui::pageType(PageKind::timer).screens(scene->view, scene->config.rotation[0], probe.c) == 1);
            }
            Recorded r = recorded(*scene, size, 0, 0);
            std::string all;
            for (const auto& run : r.runs) {
                all += run.text + "\n";
                INFO("\"" << run.text << "\"");
                // The title and the next talk's may end in "…", nothing else.
                if (run.text.rfind("Next:", 0) != 0 && run.text.rfind(std::string(m.title).substr(0, 10), 0) != 0)
                    CHECK_FALSE(run.cut);
                CHECK(run.box.min.x >= 0);
                CHECK(run.box.max.x <= size.x + 1);
                CHECK(run.box.max.y <= size.y + 1);
                if (run.informative) CHECK(run.px >= r.theme.body - 0.5f);
            }
            checkLayout(drawn(*scene, size, 0, 0), size);
            INFO(all);
            CHECK(r.has("Main Hall"));
            CHECK(r.has(m.words));
            const ui::TextRun* big = largest(r);
            REQUIRE(big);
            CHECK(big->text == m.digits);
            // Read from the back of a hall: the figures at least three times the reading floor.
            CHECK(big->px >= 3 * r.theme.body);
            if (*m.title) CHECK(all.find(std::string(m.title).substr(0, 12)) != std::string::npos);
            if (*m.next)
                CHECK(all.find(m.next) != std::string::npos);
            else
                CHECK(all.find("Next:") == std::string::npos);
        }
    }
}

TEST_CASE("the timer's colours follow its limits, and a late session moves it") {
    auto scene = timerAt("2021-04-06T09:11:30");
    Recorded amber = recorded(*scene, {1920, 1080}, 0, 0);
    CHECK(figuresColor(drawn(*scene, {1920, 1080}, 0, 0)) == amber.theme.pause);
    scene->config.rotation[0].timer =
        TimerLimits{std::chrono::minutes{3}, std::chrono::minutes{1}, std::chrono::minutes{5}};
    Recorded normal = recorded(*scene, {1920, 1080}, 0, 0);
    CHECK(figuresColor(drawn(*scene, {1920, 1080}, 0, 0)) == normal.theme.text);
    CHECK(normal.has("TIME LEFT"));
    CHECK_FALSE(normal.has("WRAP UP"));

    // The invited talk 10 minutes late: at 09:20 it still has 5 minutes, in amber.
    auto late = timerAt("2021-04-06T09:20", R"({"changes": [{"session": "invited", "late_minutes": 10}]})");
    Recorded moved = recorded(*late, {1920, 1080}, 0, 0);
    CHECK(largest(moved)->text == "5:00");
    CHECK(moved.has("PLEASE WRAP UP"));
    CHECK(figuresColor(drawn(*late, {1920, 1080}, 0, 0)) == moved.theme.pause);
    // Red in the last two minutes, and over time.
    CHECK(figuresColor(drawn(*timerAt("2021-04-06T09:14:05"), {1920, 1080}, 0, 0)) == moved.theme.alert);
    CHECK(figuresColor(drawn(*timerAt("2021-04-06T09:16:30"), {1920, 1080}, 0, 0)) == moved.theme.alert);
}

TEST_CASE("the timer's talk opens with a touch, and the configuration knows the page") {
    auto scene = timerAt("2021-04-06T08:30");
    std::vector<browse::Target> targets = pageTargets(*scene, {1920, 1080});
    bool talk = false;
    for (const auto& t : targets)
        talk = talk ||
               (t.action.kind == browse::Action::Kind::talk && scene->program.talks[t.action.item].id == "dally-talk");
    CHECK(talk);

    auto load = parseKioskConfig(R"({"program": "p.json", "rotation": [{"page": "timer", "rooms": ["main"],
        "amber_minutes": 8, "red_minutes": 3, "over_minutes": 15}]})",
                                 "kiosk.json", "/srv/config");
    REQUIRE(load.config);
    const PageConfig& page = load.config->rotation.at(0);
    CHECK(page.kind == PageKind::timer);
    CHECK(page.timer.amber == std::chrono::minutes{8});
    CHECK(page.timer.red == std::chrono::minutes{3});
    CHECK(page.timer.over == std::chrono::minutes{15});
    // Red before amber is said, and red starts with amber; a timer of no room is said.
    auto odd = parseKioskConfig(R"({"program": "p.json", "rotation": [{"page": "timer", "amber_minutes": 2,
        "red_minutes": 4}]})",
                                "kiosk.json", "/srv/config");
    REQUIRE(odd.config);
    CHECK(odd.config->rotation.at(0).timer.red == std::chrono::minutes{2});
    std::string said = allDiagnostics(odd.diagnostics);
    CHECK(said.find("red_minutes") != std::string::npos);
    CHECK(said.find("a timer is one room's") != std::string::npos);
    // Other pages do not take timer settings.
    auto wrong = parseKioskConfig(R"({"program": "p.json", "rotation": [{"page": "rooms", "amber_minutes": 2}]})",
                                  "kiosk.json", "/srv/config");
    CHECK(allDiagnostics(wrong.diagnostics).find("amber_minutes") != std::string::npos);
}
