// The changes page (#31.3): today's cancelled, moved and delayed sessions and talks, each
// with the time and room it had and has, in words; skipped while there are none.
// Drawn through Dear ImGui with no window (tests/ui/ui_scenes.hpp).
#include <catch2/catch.hpp>

#include "kiosk/rotation_plan.hpp"
#include "model/day_changes.hpp"
#include "model/overrides.hpp"
#include "model/program_json.hpp"
#include "ui/ui_scenes.hpp"

using namespace hallboard;
using namespace hallboard::test;
using namespace uitest;

namespace {

// The two-rooms day with `json`'s changes applied, shown at `wall` on a kiosk whose
// rotation is the changes page alone.
std::unique_ptr<Scene> changedDay(const std::string& json, const std::string& wall) {
    return pageAt(PageKind::changes, wall, json);
}

const char* kThreeChanges = R"({"changes": [
    {"session": "s1", "late_minutes": 10}, {"talk": "fluid", "cancelled": true, "note": "speaker ill"},
    {"session": "b1", "move_to": "main", "note": "Room B has no power"},
    {"session": "thu", "cancelled": true}]})";

}  // namespace

TEST_CASE("today's changes lists each change of the day once, in planned order, with no change of another day") {
    auto scene = changedDay(kThreeChanges, "2021-04-06T08:30");
    const Program& p = scene->program;
    auto items = changesOn(p, scene->scheduler->today(scene->view.now));
    REQUIRE(items.size() == 3);  // Thursday's cancelled session is not today's
    // 09:30 in the Main Hall (Session 1, late), 09:30 in Room B (the posters, moved),
    // then Fluid, planned for after ModularNAS in Session 1.
    CHECK(p.sessions[items[0].session].id == "s1");
    CHECK_FALSE(items[0].talk);
    CHECK(p.sessions[items[1].session].id == "b1");
    REQUIRE(items[2].talk);
    CHECK(p.talks[*items[2].talk].id == "fluid");
    // The time it was planned for, before the session's 10 minutes.
    CHECK(items[0].planned == at(p, "2021-04-06T09:30"));
    CHECK(items[2].planned < p.talks[*items[2].talk].slot.start);
    CHECK(p.talks[*items[2].talk].slot.start - items[2].planned == std::chrono::minutes{10});
    // Thursday shows Thursday's.
    auto thursday = changesOn(p, scene->scheduler->today(at(p, "2021-04-08T08:00")));
    REQUIRE(thursday.size() == 1);
    CHECK(p.sessions[thursday[0].session].id == "thu");
}

TEST_CASE("the changes page says each change in words, the time it was and the room it left, whole at every size") {
    auto scene = changedDay(kThreeChanges, "2021-04-06T08:30");
    for (ImVec2 size : kSizes) {
        INFO(size.x << "x" << size.y);
        int screens = 0;
        {  // one null ImGui frame at a time
            TestCanvas probe(*scene, size);
            screens = ui::pageType(PageKind::changes).screens(scene->view, scene->config.rotation[0], probe.c);
        }
        REQUIRE(screens >= 1);
        std::string all;
        for (int screen = 0; screen < screens; ++screen) {
            Recorded r = recorded(*scene, size, 0, screen);
            for (const auto& run : r.runs) {
                all += run.text + "\n";
                INFO("\"" << run.text << "\"");
                CHECK_FALSE(run.cut);  // nothing shortened to fit
                CHECK(run.box.min.x >= 0);
                CHECK(run.box.max.x <= size.x + 1);
                CHECK(run.box.max.y <= size.y + 1);
                if (run.informative) CHECK(run.px >= r.theme.body - 0.5f);  // the reading floor
            }
            checkLayout(drawn(*scene, size, 0, screen), size);
        }
        INFO(all);
        CHECK(all.find("TODAY'S CHANGES · 3") != std::string::npos);
        CHECK(all.find("Session 1: Search and Devices") != std::string::npos);
        CHECK(all.find("Running 10 min late") != std::string::npos);
        CHECK(all.find("09:40") != std::string::npos);      // the time it starts now
        CHECK(all.find("was 09:30") != std::string::npos);  // and the time it had
        CHECK(all.find("Fluid") != std::string::npos);
        CHECK(all.find("Cancelled · speaker ill") != std::string::npos);
        CHECK(all.find("Room B → Main Hall") != std::string::npos);  // the room it left and the room it is in
        CHECK(all.find("Session 9") == std::string::npos);           // Thursday's
    }
}

TEST_CASE("the changes page is skipped on a day without changes and outside the conference days") {
    auto none = changedDay(R"({"changes": []})", "2021-04-06T08:30");
    TestCanvas probe(*none, {1920, 1080});
    CHECK(ui::pageType(PageKind::changes).screens(none->view, none->config.rotation[0], probe.c) == 0);
    CHECK(ui::pageForPhase(PageKind::changes, Phase::during) == PageKind::changes);
    CHECK_FALSE(ui::pageForPhase(PageKind::changes, Phase::before));
    CHECK_FALSE(ui::pageForPhase(PageKind::changes, Phase::after));
    // The configuration knows the page by name.
    auto load = parseKioskConfig(R"({"program": "p.json", "rotation": [{"page": "changes", "seconds": 15}]})",
                                 "kiosk.json", "/srv/config");
    REQUIRE(load.config);
    CHECK(load.config->rotation.at(0).kind == PageKind::changes);
    // Twelve changes at three a screen are four screens, two a cycle: each cycle goes on
    // where the last stopped, so every change comes round (seen on the 40-room program:
    // the moved sessions were on screens 3 and 4, never shown).
    auto pages = planPages(*load.config);
    REQUIRE(pages.size() == 1);
    CHECK(pages[0].continues);
}

TEST_CASE("a row of the changes page opens the session or the talk it is about") {
    auto scene = changedDay(kThreeChanges, "2021-04-06T08:30");
    std::vector<browse::Target> targets = pageTargets(*scene, {1920, 1080});
    bool session = false, talk = false;
    for (const auto& t : targets) {
        session = session ||
                  (t.action.kind == browse::Action::Kind::session && scene->program.sessions[t.action.item].id == "s1");
        talk =
            talk || (t.action.kind == browse::Action::Kind::talk && scene->program.talks[t.action.item].id == "fluid");
    }
    CHECK(session);
    CHECK(talk);
}

TEST_CASE("the program's own cancellations are on the changes page, saying they are the program's, at every size") {
    // The two-rooms day as its program file would say it: the posters cancelled by the
    // program itself ("cancelled": true, as `hallboard import` writes an export's CANCELED),
    // MicroNets too; and the overrides cancel Fluid for a reason of their own.
    Program base = fixture();
    for (Session& s : base.sessions)
        if (s.id == "b1") s.change.cancelled = s.change.cancelledInProgram = true;
    for (Talk& t : base.talks)
        if (t.id == "micronets") t.change.cancelled = t.change.cancelledInProgram = true;
    ProgramLoad again = parseProgram(serializeProgram(base), "program.json");  // through the file
    INFO(allDiagnostics(again));
    REQUIRE(again.ok());
    Program p = std::move(*again.program);
    OverridesLoad changes =
        parseOverrides(R"({"changes": [{"talk": "fluid", "cancelled": true, "note": "speaker ill"}]})", "o.json");
    REQUIRE(changes.ok());
    std::vector<Diagnostic> diags;
    REQUIRE(applyOverrides(p, *changes.overrides, "o.json", diags));
    Instant now = at(p, "2021-04-06T08:30");
    auto scene = std::make_unique<Scene>(std::move(p), now);
    PageConfig page;
    page.kind = PageKind::changes;
    scene->config.rotation = {page};
    auto items = changesOn(scene->program, scene->scheduler->today(now));
    REQUIRE(items.size() == 3);
    for (ImVec2 size : kSizes) {
        INFO(size.x << "x" << size.y);
        int screens = 0;
        {
            TestCanvas probe(*scene, size);
            screens = ui::pageType(PageKind::changes).screens(scene->view, scene->config.rotation[0], probe.c);
        }
        REQUIRE(screens >= 1);
        std::string all;
        for (int screen = 0; screen < screens; ++screen) {
            Recorded r = recorded(*scene, size, 0, screen);
            for (const auto& run : r.runs) {
                all += run.text + "\n";
                INFO("\"" << run.text << "\"");
                CHECK_FALSE(run.cut);
                CHECK(run.box.max.x <= size.x + 1);
                CHECK(run.box.max.y <= size.y + 1);
                if (run.informative) CHECK(run.px >= r.theme.body - 0.5f);
            }
            checkLayout(drawn(*scene, size, 0, screen), size);
        }
        INFO(all);
        CHECK(all.find("TODAY'S CHANGES · 3") != std::string::npos);
        CHECK(all.find("Posters\nRoom B\nCancelled · in the program\n") != std::string::npos);
        CHECK(all.find("MicroNets") != std::string::npos);
        CHECK(all.find("Cancelled · speaker ill") != std::string::npos);  // the overrides' own, as before
        CHECK(all.find("speaker ill · in the program") == std::string::npos);
    }
}
