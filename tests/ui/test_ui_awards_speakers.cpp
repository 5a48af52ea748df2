// The awards and speakers pages: untitled papers, speakers first by keynote, cards that share a screen, the page
// counter. Drawn through Dear ImGui with no window (tests/ui/ui_scenes.hpp).
#include <catch2/catch.hpp>

#include "ui/ui_scenes.hpp"

using namespace hallboard;
using namespace hallboard::test;
using namespace uitest;

TEST_CASE("untitled award papers are headed by the name their abstract gives, marked as such") {
    // MLSys 2022's award page names no paper titles: four abstracts name their system,
    // the fifth names none and keeps the honest stand-in.
    auto load = loadProgramFile(std::string(HALLBOARD_SOURCE_DIR) + "/data/mlsys2022.json");
    REQUIRE(load.ok());
    Instant now = at(*load.program, "2022-08-30T14:20");
    Scene scene(std::move(*load.program), now);
    std::size_t page = 0;
    while (page < scene.config.rotation.size() && scene.config.rotation[page].kind != PageKind::awards) ++page;
    REQUIRE(page < scene.config.rotation.size());
    scene.config.rotation[page].itemsPerPage = 1;
    std::vector<std::string> headings;
    for (int screen = 0; screen < 5; ++screen) {
        RecordingText t = drawn(scene, {1920, 1080}, page, screen);
        std::string heading = "(none)";
        for (const char* name : {"Pathways", "ML-EXray", "QuadraLib", "ROBE", "Untitled paper"})
            if (std::any_of(t.lines.begin(), t.lines.end(), [&](const auto& l) { return l.text == name; }))
                heading = name;
        headings.push_back(heading);
        CHECK(t.has(ui::kFromAbstract) == (heading != "Untitled paper"));
    }
    CHECK(headings == std::vector<std::string>{"Pathways", "ML-EXray", "QuadraLib", "ROBE", "Untitled paper"});
}

// The countdown's rectangle and every target a touch could reach in that frame are apart.

TEST_CASE("the speakers page never lists a talk that is over, shows keynotes first and keeps to its hours") {
    Program p = morningProgram();
    Instant now = at(p, "2026-06-08T09:45");
    Scene scene(std::move(p), now);
    PageConfig speakers;  // its fields by name: a new one cannot shift them
    speakers.kind = PageKind::speakers;
    speakers.duration = std::chrono::seconds{12};
    speakers.ahead = std::chrono::minutes{180};
    scene.config.rotation = {speakers};
    for (ImVec2 size : kSizes) {
        INFO(size.x << "x" << size.y);
        int screens = 0;
        {
            TestCanvas tc(scene, size);
            screens = ui::screensFor(scene.view, 0, tc.c);
        }
        // Cyd, Bob, Dee: not Ada (over), not Eve (beyond three hours). None has a bio:
        // they share one screen as cards (#28.9), not a screen each of a name alone.
        REQUIRE(screens == 1);
        RecordingText t = drawn(scene, size, 0, 0);
        CHECK_FALSE(t.has("Early Results"));
        CHECK_FALSE(t.has("Ada Early"));
        CHECK_FALSE(t.has("Eve Evening"));
        auto order = [&](const std::string& name) {
            auto it = std::find_if(t.lines.begin(), t.lines.end(), [&](const auto& l) { return l.text == name; });
            return it - t.lines.begin();
        };
        CHECK(order("Cyd Keynote") < order("Bob Middle"));  // the keynote first, though it starts last
        CHECK(order("Bob Middle") < order("Dee Later"));
        CHECK(order("Dee Later") < static_cast<std::ptrdiff_t>(t.lines.size()));
        // Every string goes through the text engine, so the recorder sees the time line.
        CHECK(t.has("On now  ·  until 10:00"));  // wrapped in a card's column, never cut
        CHECK(t.has("10:30  ·  Hall B"));
        checkLayout(t, size);
    }
    // After the last talk: nothing to show, the page is skipped.
    scene.view.now = at(scene.program, "2026-06-08T19:30");
    TestCanvas tc(scene, {1920, 1080});
    CHECK(ui::screensFor(scene.view, 0, tc.c) == 0);
}

TEST_CASE("speakers with short bios or none share a screen as cards, a bio that fills a screen has one (#28.9)") {
    Program p = morningProgram();
    // Cyd's bio fills a card's space many times over; Dee's is one sentence.
    std::string longBio;
    for (int i = 0; i < 40; ++i)
        longBio += "Cyd has worked on compilers, schedulers and the systems between them for many years. ";
    for (Person& person : p.people) {
        if (person.id == "cyd") person.bio = longBio;
        if (person.id == "dee") person.bio = "Dee builds inference servers.";
    }
    Instant now = at(p, "2026-06-08T09:45");
    Scene scene(std::move(p), now);
    PageConfig speakers;  // its fields by name: a new one cannot shift them
    speakers.kind = PageKind::speakers;
    speakers.duration = std::chrono::seconds{12};
    speakers.ahead = std::chrono::minutes{180};
    scene.config.rotation = {speakers};
    for (ImVec2 size : kSizes) {
        INFO(size.x << "x" << size.y);
        int screens = 0;
        {
            TestCanvas tc(scene, size);
            screens = ui::screensFor(scene.view, 0, tc.c);
        }
        REQUIRE(screens == 2);  // Cyd alone (keynote first), then Bob and Dee on one screen
        Recorded first = recorded(scene, size, 0, 0);
        CHECK(first.has("Cyd Keynote"));
        CHECK_FALSE(first.has("Bob Middle"));
        Recorded second = recorded(scene, size, 0, 1);
        CHECK(second.has("Bob Middle"));
        CHECK(second.has("Dee Later"));
        CHECK(second.has("Dee builds"));  // a short bio, whole (no run is cut, below)
        CHECK(second.has("On now  ·  until 10:00"));
        CHECK(second.has("10:30  ·  Hall B"));
        for (const auto& r : second.runs) {
            INFO(r.text);
            CHECK_FALSE(r.cut);  // every card whole
            CHECK(r.box.min.x >= 0);
            CHECK(r.box.max.x <= size.x + 1);
            CHECK(r.box.max.y <= size.y + 1);
        }
    }
}

TEST_CASE("the page counter tells the cycle's share: upcoming 1 / 2, no 1 / 218 for the speakers (#28.9)") {
    bench::SyntheticSpec spec;
    spec.talks = 2000;
    spec.rooms = 50;
    spec.days = 2;
    Program p = bench::syntheticProgram(spec);
    for (Index t = 0; t < p.talks.size(); ++t) {  // a speaker a talk
        p.people.push_back(Person{"speaker-" + std::to_string(t + 1), "Speaker " + std::to_string(t + 1), "", "", ""});
        p.talks[t].speakers = {t};
    }
    Instant now = *Scheduler(p).firstStart() + std::chrono::minutes{30};
    Scene scene(std::move(p), now);
    REQUIRE(scene.config.rotation[1].kind == PageKind::upcoming);
    REQUIRE(scene.config.rotation[3].kind == PageKind::speakers);
    ImVec2 size{1920, 1080};
    std::vector<int> plan;
    {
        TestCanvas probe(scene, size);
        plan = ui::planScreens(scene.view, probe.c);
    }
    REQUIRE(plan[1] == 2);  // upcoming: the sessions chosen to fill the cycle's two screens (#28.4)
    REQUIRE(plan[3] > 3);
    scene.view.screens = &plan;
    CHECK(recorded(scene, size, 1, 0).has("1 / 2"));
    CHECK(recorded(scene, size, 1, 1).has("2 / 2"));
    for (int screen : {0, 2}) {
        Recorded r = recorded(scene, size, 3, screen);
        CHECK_FALSE(r.has(" / " + std::to_string(plan[3])));
        CHECK_FALSE(r.has(std::to_string(screen + 1) + " / "));
    }
    scene.view.screens = nullptr;
}
