// A full room and where else to go (#31.2), and what the exports say of rooms and talks
// (#31.5): the door sign, now & next, the rooms board, a room's page and a talk's page, at
// the five sizes, read from the layout record. Drawn with no window (tests/ui/ui_scenes.hpp).
#include <catch2/catch.hpp>

#include "model/overrides.hpp"
#include "ui/ui_scenes.hpp"

using namespace hallboard;
using namespace hallboard::test;
using namespace uitest;

namespace {

// The two-rooms day at 09:45 (Session 1 on in the Main Hall, ModularNAS its talk; the
// posters in Room B): the Main Hall full since 09:40, its stream and seats, ModularNAS
// not recorded and interpreted into German.
Program fullMainHall() {
    Program p = fixture();
    Room& main = p.rooms[0];
    REQUIRE(main.id == "main");
    main.capacity = 1200;
    main.description = "Level 1, by the lifts";
    main.streamUrl = "https://streaming.example.org/mlsys/main";
    for (Talk& t : p.talks)
        if (t.id == "modularnas") {
            t.doNotRecord = true;
            t.interpretation = {"de"};
            t.captions = true;
        }
    applyOk(p, R"({"rooms": {"Main Hall": {"state": "full", "since": "2021-04-06T09:40"}}})");
    return p;
}

Index talkId(const Program& p, const std::string& id) {
    for (Index i = 0; i < p.talks.size(); ++i)
        if (p.talks[i].id == id) return i;
    FAIL("no talk " << id);
    return 0;
}

// Every run of every screen of the rotation's first page: whole, on the screen, not
// under the reading floor; and no two lines on top of each other. Returns the text.
std::string checkedPage(Scene& scene, ImVec2 size) {
    int screens = 0;
    {
        TestCanvas probe(scene, size);
        screens = ui::pageType(scene.config.rotation[0].kind).screens(scene.view, scene.config.rotation[0], probe.c);
    }
    REQUIRE(screens >= 1);
    std::string all;
    for (int screen = 0; screen < screens; ++screen) {
        Recorded r = recorded(scene, size, 0, screen);
        for (const auto& run : r.runs) {
            all += run.text + "\n";
            INFO("\"" << run.text << "\"");
            // What this change draws is never cut (the pages' own runs have their own tests).
            for (const char* ours : {"FULL", "FILLING UP", "NOT RECORDED", "Not recorded", "ALSO ON NOW", "Room B  ·  ",
                                     "Watch the stream"})
                if (run.text.find(ours) != std::string::npos) CHECK_FALSE(run.cut);
            CHECK(run.box.min.x >= 0);
            CHECK(run.box.max.x <= size.x + 1);
            CHECK(run.box.max.y <= size.y + 1);
            if (run.informative) CHECK(run.px >= r.theme.body - 0.5f);
        }
        checkLayout(drawn(scene, size, 0, screen), size);
    }
    return all;
}

std::unique_ptr<Scene> sceneOf(Program p, PageKind kind, std::vector<std::string> rooms = {}) {
    Instant now = at(p, "2021-04-06T09:45");
    auto scene = std::make_unique<Scene>(std::move(p), now);
    PageConfig page;
    page.kind = kind;
    page.rooms = std::move(rooms);
    scene->config.rotation = {page};
    return scene;
}

}  // namespace

TEST_CASE("a full room's door sign says FULL in words and offers the talks on elsewhere, nearest first") {
    auto scene = sceneOf(fullMainHall(), PageKind::nowNext, {"main"});
    Wayfinding w = twoRoomWayfinding(scene->program);
    for (bool venue : {false, true}) {
        scene->view.wayfinding = venue ? &w : nullptr;
        for (ImVec2 size : kSizes) {
            INFO(size.x << "x" << size.y << (venue ? " with a venue" : ""));
            std::string all = checkedPage(*scene, size);
            INFO(all);
            CHECK(all.find("FULL\n") != std::string::npos);  // a word, not a colour
            CHECK(all.find("ALSO ON NOW") != std::string::npos);
            // Room B's posters, with the walk there when there is a venue.
            // (a narrow pane wraps the line after the walk)
            CHECK(all.find(venue ? "Room B  ·  1 min" : "Room B  ·  Posters") != std::string::npos);
            CHECK(all.find("Posters") != std::string::npos);
            // The talk on now: a chip where there is room, else before its people.
            CHECK((all.find("NOT RECORDED") != std::string::npos ||
                   all.find("Not recorded  ·  Yunfeng Lin") != std::string::npos));
            CHECK(all.find("Session 1: Search") != std::string::npos);
        }
    }
    // A touch on the alternative opens it.
    std::vector<browse::Target> targets = pageTargets(*scene, {1920, 1080});
    CHECK(std::any_of(targets.begin(), targets.end(), [&](const browse::Target& t) {
        return t.action.kind == browse::Action::Kind::session && scene->program.sessions[t.action.item].id == "b1";
    }));
}

TEST_CASE("the stream's QR code shows on a full room's door sign where one that scans fits") {
    auto scene = sceneOf(fullMainHall(), PageKind::nowNext, {"main"});
    for (ImVec2 size : {ImVec2{1920, 1080}, ImVec2{3840, 2160}, ImVec2{1080, 1920}}) {
        INFO(size.x << "x" << size.y);
        std::string all = checkedPage(*scene, size);
        CHECK(all.find("Watch the stream") != std::string::npos);
    }
    // No stream: no heading for one.
    Program p = fullMainHall();
    p.rooms[0].streamUrl.clear();
    auto plain = sceneOf(std::move(p), PageKind::nowNext, {"main"});
    CHECK(checkedPage(*plain, {1920, 1080}).find("Watch the stream") == std::string::npos);
}

TEST_CASE("now & next and the rooms board say FULL beside the room, at every size") {
    for (PageKind kind : {PageKind::nowNext, PageKind::rooms}) {
        auto scene = sceneOf(fullMainHall(), kind);
        for (ImVec2 size : kSizes) {
            INFO(size.x << "x" << size.y << (kind == PageKind::rooms ? " board" : " now & next"));
            std::string all = checkedPage(*scene, size);
            INFO(all);
            CHECK(all.find("FULL") != std::string::npos);
            if (kind == PageKind::nowNext)  // a chip, before its people, or after where to go instead
                CHECK((all.find("NOT RECORDED") != std::string::npos ||
                       all.find("Not recorded  ·  Yunfeng Lin") != std::string::npos ||
                       all.find("see Room B  ·  Not recorded") != std::string::npos));
        }
    }
    // An open room says nothing of the kind.
    auto open = sceneOf(fixture(), PageKind::nowNext);
    std::string all = checkedPage(*open, {1920, 1080});
    CHECK(all.find("FULL") == std::string::npos);
    CHECK(all.find("NOT RECORDED") == std::string::npos);
}

TEST_CASE("a full room's page: FULL since when, where else to go, its seats, description and stream") {
    Program p = fullMainHall();
    Instant now = at(p, "2021-04-06T09:45");
    BrowseScene scene(std::move(p), now);
    Wayfinding w = twoRoomWayfinding(scene.program);
    scene.view.wayfinding = &w;
    using K = browse::Action::Kind;
    for (ImVec2 size : kSizes) {
        INFO(size.x << "x" << size.y);
        openBrowse(scene, {{K::place, 0}});
        BrowseFrame f = drawnBrowse(scene, size);
        CHECK(f.text.has("FULL  ·  since 09:40"));
        CHECK(f.text.has("ALSO ON NOW"));
        CHECK(f.text.has("Room B  ·  1 min"));
        CHECK(f.text.has("Posters"));
        CHECK(f.text.has("1200 seats  ·  Level 1, by the lifts"));
        CHECK(f.text.has("Watch the stream"));
        checkBrowseLayout(f, scene, size);
        CHECK(std::any_of(f.targets.begin(), f.targets.end(), [&](const browse::Target& t) {
            return t.action.kind == K::session && scene.program.sessions[t.action.item].id == "b1";
        }));
    }
}

TEST_CASE("a talk's page says it is not recorded, interpreted and captioned, and that its room is full") {
    Program p = fullMainHall();
    Index modular = talkId(p, "modularnas");
    Index fluid = talkId(p, "fluid");
    Instant now = at(p, "2021-04-06T09:45");
    BrowseScene scene(std::move(p), now);
    using K = browse::Action::Kind;
    for (ImVec2 size : kSizes) {
        INFO(size.x << "x" << size.y);
        openBrowse(scene, {{K::talk, modular}});
        BrowseFrame f = drawnBrowse(scene, size);
        // One line, wrapped where the page is narrow.
        CHECK(f.text.has("Not recorded  ·  Interpreted into German"));
        CHECK(f.text.has("FULL  ·  since 09:40"));
        // The 7-inch panel's list ends at FULL: the rest is a scroll away.
        if (size.y >= 600) {
            CHECK(f.text.has("Live captions"));
            CHECK(f.text.has("Room B"));
            CHECK(f.text.has("Posters"));
        }
        checkBrowseLayout(f, scene, size);
        // Another talk of the session: recorded, so nothing said of it.
        scene.browser.apply({K::talk, fluid}, 0.0);
        BrowseFrame other = drawnBrowse(scene, size);
        CHECK_FALSE(other.text.has("Not recorded"));
    }
}

TEST_CASE("now & next and the rooms board say where to go instead of a full room, at every size") {
    for (PageKind kind : {PageKind::nowNext, PageKind::rooms}) {
        auto scene = sceneOf(fullMainHall(), kind);
        Wayfinding w = twoRoomWayfinding(scene->program);
        for (bool venue : {false, true}) {
            scene->view.wayfinding = venue ? &w : nullptr;
            for (ImVec2 size : kSizes) {
                INFO(size.x << "x" << size.y << (kind == PageKind::rooms ? " board" : " now & next")
                            << (venue ? " with a venue" : ""));
                std::string all = checkedPage(*scene, size);
                INFO(all);
                // The nearest room with something on instead, whole (checkedPage: runs with FULL are never cut),
                // with a venue the walk there: beside it where the line holds both, else on Room B's own card
                // or row (the board always).
                CHECK(all.find("FULL  ·  see Room B") != std::string::npos);
                if (venue && kind == PageKind::nowNext && size.x >= 1280)
                    CHECK(all.find("FULL  ·  see Room B (1 min)") != std::string::npos);
                if (venue) CHECK(all.find("1 min") != std::string::npos);
                if (kind == PageKind::nowNext)
                    CHECK((all.find("NOT RECORDED") != std::string::npos ||
                           all.find("Not recorded") != std::string::npos));
            }
        }
    }
    // Filling up sends nobody away: there are seats.
    Program p = fullMainHall();
    p.rooms[0].state.occupancy = Occupancy::filling;
    auto filling = sceneOf(std::move(p), PageKind::rooms);
    std::string all = checkedPage(*filling, {1920, 1080});
    CHECK(all.find("FILLING UP") != std::string::npos);
    CHECK(all.find("see Room B") == std::string::npos);
}

TEST_CASE("the rooms board says FULL between talks too: the queue for the next one") {
    // 09:20: the invited talk ended at 09:15, Session 1 starts at 09:30. The steward's word holds until it is
    // changed, whatever its `since` (docs/overrides.md, "Room state").
    Program p = fullMainHall();
    Instant now = at(p, "2021-04-06T09:20");
    auto scene = std::make_unique<Scene>(std::move(p), now);
    PageConfig page;
    page.kind = PageKind::rooms;
    scene->config.rotation = {page};
    for (ImVec2 size : kSizes) {
        INFO(size.x << "x" << size.y);
        std::string all = checkedPage(*scene, size);
        INFO(all);
        CHECK(all.find("FULL") != std::string::npos);
        CHECK(all.find("FULL  ·  see Room B") != std::string::npos);  // the posters start at 09:30 too
    }
    // Open, and nothing on in any room: no NOW column at all (what comes next has its
    // width), where FULL had stood in it.
    Program open = fixture();
    auto plain = std::make_unique<Scene>(std::move(open), now);
    plain->config.rotation = {page};
    std::string all = checkedPage(*plain, {1920, 1080});
    CHECK(all.find("FULL") == std::string::npos);
    CHECK(all.find("—") == std::string::npos);
    CHECK(all.find("09:30") != std::string::npos);
}

TEST_CASE("a full room's door sign with nowhere else to go still says what is next here") {
    // Both rooms full and no stream: where else to go has nothing to offer, so what comes
    // next in this room keeps its place (it had said only "Nothing else is on right now").
    Program p = fullMainHall();
    p.rooms[0].streamUrl.clear();
    applyOk(p, R"({"rooms": {"Main Hall": {"state": "full", "since": "2021-04-06T09:40"},
                              "Room B": {"state": "full", "since": "2021-04-06T09:40"}}})");
    auto scene = sceneOf(std::move(p), PageKind::nowNext, {"main"});
    for (ImVec2 size : kSizes) {
        INFO(size.x << "x" << size.y);
        std::string all = checkedPage(*scene, size);
        INFO(all);
        CHECK(all.find("FULL\n") != std::string::npos);
        CHECK(all.find("NEXT") != std::string::npos);
        CHECK(all.find("Nothing else is on right now.") == std::string::npos);
    }
}
