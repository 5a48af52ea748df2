// The emergency takeover (#31.1): drawn over everything, the kind in words, DRILL, the
// organiser's title and text, and for an evacuation the way to the nearest exit from
// where the screen stands; at the five sizes nothing cut, off screen or below the reading
// floor. Drawn through Dear ImGui with no window (tests/ui/ui_scenes.hpp).
#include <catch2/catch.hpp>

#include "ui/emergency.hpp"
#include "ui/ui_scenes.hpp"

using namespace hallboard;
using namespace hallboard::test;
using namespace uitest;

namespace {

Emergency evacuation(bool drill = false) {
    Emergency e;
    e.title = "Fire alarm: leave the building";
    e.text = "Walk, do not run. Leave your bags. Meet at the car park across the street.";
    e.kind = EmergencyKind::evacuate;
    e.drill = drill;
    return e;
}

// The MLSys sample seen from `point` of its venue (whose entrance is an exit).
struct EmergencyScene {
    std::unique_ptr<Scene> scene;
    std::optional<Wayfinding> wayfinding;
    Emergency emergency;
};

std::unique_ptr<EmergencyScene> sampleAt(const std::string& point, Emergency e, bool venue = true) {
    auto out = std::make_unique<EmergencyScene>();
    Program p = sample();
    Instant now = at(p, "2021-04-06T10:00");
    if (venue) {
        VenueLoad load = loadVenueFile(std::string(HALLBOARD_SOURCE_DIR) + "/data/mlsys2021.venue.json", p);
        REQUIRE(load.ok());
        std::vector<Diagnostic> diags;
        out->wayfinding = planWayfinding(std::move(*load.venue), p, {point, 0}, false, {"kiosk.json", diags});
        REQUIRE(out->wayfinding);
    }
    out->scene = std::make_unique<Scene>(std::move(p), now);
    out->emergency = std::move(e);
    out->scene->view.emergency = &out->emergency;
    if (out->wayfinding) out->scene->view.wayfinding = &*out->wayfinding;
    return out;
}

std::string allText(const Recorded& r) {
    std::string all;
    for (const auto& run : r.runs) all += run.text + " ";
    return all;
}

// The size of the first run that holds `words`; 0 when none does.
float pxOf(const Recorded& r, const std::string& words) {
    for (const auto& run : r.runs)
        if (run.text.find(words) != std::string::npos) return run.px;
    return 0;
}

// Nothing cut, off screen or below the reading floor.
void checkWhole(const Recorded& r, ImVec2 size) {
    for (const auto& run : r.runs) {
        INFO("\"" << run.text << "\" at " << run.box.min.x << "," << run.box.min.y << " - " << run.box.max.x << ","
                  << run.box.max.y);
        CHECK(run.page == "emergency");
        CHECK_FALSE(run.cut);
        CHECK(run.box.min.x >= 0);
        CHECK(run.box.min.y >= 0);
        CHECK(run.box.max.x <= size.x + 1);
        CHECK(run.box.max.y <= size.y + 1);
        if (run.informative) CHECK(run.px >= r.theme.body - 0.5f);
    }
}

}  // namespace

TEST_CASE("an evacuation shows the kind, the organiser's words and the way to the nearest exit at every size") {
    auto e = sampleAt("lobby-kiosk", evacuation());
    REQUIRE(e->wayfinding->exit);
    for (ImVec2 size : kSizes) {
        INFO(size.x << "x" << size.y);
        Recorded r = recorded(*e->scene, size, 0);
        std::string all = allText(r);
        INFO(all);
        checkWhole(r, size);
        checkLayout(drawn(*e->scene, size, 0), size);
        CHECK(all.find("EVACUATE") != std::string::npos);  // the kind in words, not by colour alone
        CHECK(all.find("Fire alarm: leave the building") != std::string::npos);
        CHECK(all.find("Walk, do not run.") != std::string::npos);
        CHECK(all.find("Nearest exit: 1 min") != std::string::npos);  // the way, from where the screen stands
        CHECK(all.find("Entrance") != std::string::npos);             // the exit by its name
        CHECK(all.find("Step-free all the way") != std::string::npos);
        CHECK(all.find("Follow the stewards' directions.") != std::string::npos);
        CHECK(all.find("DRILL") == std::string::npos);
        // Nothing of the rotation under it: no header, no page.
        CHECK(all.find("MLSys 2021") == std::string::npos);
        // The map with the way (its legend) where there is room for one.
        if (size.y >= 720) CHECK(all.find("You are here") != std::string::npos);
        // The step-free way as large as the organiser's words: it is what a wheelchair
        // user reads from where they are (it was drawn at the reading floor beside them).
        CHECK(pxOf(r, "Step-free all the way") >= pxOf(r, "Walk, do not run.") - 0.5f);
    }
}

TEST_CASE("upstairs, the way out takes the stairs and the step-free way says it takes the lift") {
    auto e = sampleAt("main-room-door", evacuation(true));
    REQUIRE(e->wayfinding->exit);
    CHECK(e->wayfinding->exit->route.usesStairs);
    REQUIRE(e->wayfinding->exitStepFree);
    CHECK(e->wayfinding->exitStepFree->route.usesLift);
    for (ImVec2 size : kSizes) {
        INFO(size.x << "x" << size.y);
        Recorded r = recorded(*e->scene, size, 0);
        std::string all = allText(r);
        INFO(all);
        checkWhole(r, size);
        CHECK(all.find("DRILL") != std::string::npos);
        // The steps where there is room; on the smallest screen the arrow, "downstairs" and the map.
        CHECK(all.find(size.y > 480 ? "Take the stairs down" : "downstairs") != std::string::npos);
        CHECK(all.find("by the lift, only if the stewards say the lift is safe") != std::string::npos);
    }
}

TEST_CASE("without a venue, an exit or a place, and for shelter and notices: the words and the stewards") {
    auto none = sampleAt("", evacuation(), false);
    Emergency shelter{"Storm warning", "Stay inside, away from the windows.", EmergencyKind::shelter, false, {}, {}};
    auto inside = sampleAt("lobby-kiosk", shelter);
    Emergency notice{"", "", EmergencyKind::notice, false, {}, {}};  // no words of the organiser's at all
    auto bare = sampleAt("lobby-kiosk", notice);
    for (ImVec2 size : kSizes) {
        INFO(size.x << "x" << size.y);
        std::string a = allText(recorded(*none->scene, size, 0));
        CHECK(a.find("Fire alarm") != std::string::npos);
        CHECK(a.find("Follow the stewards' directions.") != std::string::npos);
        CHECK(a.find("Nearest exit") == std::string::npos);
        Recorded r = recorded(*inside->scene, size, 0);
        checkWhole(r, size);
        std::string b = allText(r);
        CHECK(b.find("SHELTER IN PLACE") != std::string::npos);
        CHECK(b.find("Stay inside, away from the windows.") != std::string::npos);
        CHECK(b.find("Nearest exit") == std::string::npos);  // only an evacuation shows the way out
        std::string c = allText(recorded(*bare->scene, size, 0));
        CHECK(c.find("NOTICE") != std::string::npos);
        CHECK(c.find("Follow the stewards' directions.") != std::string::npos);
    }
}

TEST_CASE("the takeover is drawn over browsing and records nothing to touch") {
    Program p = sample();
    Instant now = at(p, "2021-04-06T10:00");
    BrowseScene scene(std::move(p), now);
    scene.browser.apply({browse::Action::Kind::search}, 0.0);
    REQUIRE(scene.browser.browsing());
    Emergency e = evacuation();
    scene.view.emergency = &e;
    TestCanvas tc(scene, {1280, 720});
    std::vector<browse::Target> targets;
    browse::FrameFacts facts;
    tc.c.targets = &targets;
    tc.c.facts = &facts;
    Rotation::Frame frame;
    ui::drawScreen(scene.view, frame, tc.c);
    CHECK(targets.empty());
    REQUIRE_FALSE(tc.record.runs.empty());
    for (const auto& run : tc.record.runs) CHECK(run.page == "emergency");
}

TEST_CASE("the takeover's own words are in the language of the moment, the organiser's stay as written") {
    auto e = sampleAt("lobby-kiosk", evacuation());
    setCatalogueDir(platform::localeDir());
    useLanguage("de");
    std::string de = allText(recorded(*e->scene, {1920, 1080}, 0));
    useLanguage("en");
    INFO(de);
    CHECK(de.find("Fire alarm: leave the building") != std::string::npos);
    CHECK(de.find("EVACUATE") == std::string::npos);
    CHECK(de.find("Follow the stewards' directions.") == std::string::npos);
    CHECK(de.find("RÄUMUNG") != std::string::npos);
    CHECK(de.find("Folgen Sie den Anweisungen des Ordnungspersonals.") != std::string::npos);
}

TEST_CASE("a title without spaces (Chinese) is set as large as a spaced one: it wraps between ideographs") {
    // The takeover shrinks a title until its widest unbreakable piece fits a line. Pieces
    // were cut at spaces only, so a Chinese title was one piece, shrunk to fit on one
    // line; the text layout breaks it between any two ideographs.
    Emergency chinese = evacuation();
    chinese.title = "火灾警报请立即从最近的出口离开大楼不要使用电梯请听从工作人员指挥";
    auto e = sampleAt("lobby-kiosk", chinese);
    for (ImVec2 size : kSizes) {
        INFO(size.x << "x" << size.y);
        Recorded r = recorded(*e->scene, size, 0);
        checkWhole(r, size);
        float px = 0;
        for (const auto& run : r.runs)
            if (run.text.rfind("火灾", 0) == 0) px = run.px;
        // The size the title's part of the screen gives (as for "Fire alarm: leave the
        // building"), not the floor it was shrunk to.
        Recorded latin = recorded(*sampleAt("lobby-kiosk", evacuation())->scene, size, 0);
        float latinPx = 0;
        for (const auto& run : latin.runs)
            if (run.text.rfind("Fire alarm", 0) == 0) latinPx = run.px;
        REQUIRE(latinPx > 0);
        CHECK(px >= latinPx * 0.75f);
    }
}
