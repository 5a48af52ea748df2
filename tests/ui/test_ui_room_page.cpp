// A room's page: the way step by step, the floor maps, right-to-left names, and how it opens from every page.
// Drawn through Dear ImGui with no window (tests/ui/ui_scenes.hpp).
#include <catch2/catch.hpp>

#include "ui/ui_scenes.hpp"

using namespace hallboard;
using namespace hallboard::test;
using namespace uitest;

TEST_CASE(
    "with a venue, a talk's page and its session's show the way on the floor maps, at every size, without overlaps") {
    Program p = sample();
    std::optional<Wayfinding> w = lobbyWayfinding(p, "mlsys2021.venue.json");
    Index talk = 0;
    REQUIRE(p.talks[talk].session);
    Index session = *p.talks[talk].session;
    Instant now = *Scheduler(p).firstStart() + std::chrono::minutes{20};
    BrowseScene scene(std::move(p), now);
    using K = browse::Action::Kind;
    for (ImVec2 size : kSizes) {
        INFO(size.x << "x" << size.y);
        openBrowse(scene, {{K::talk, talk}});
        scene.view.wayfinding = nullptr;
        CHECK_FALSE(drawnBrowse(scene, size).text.has("You are here"));
        scene.view.wayfinding = &*w;
        BrowseFrame f = drawnBrowse(scene, size);
        CHECK(f.text.has("To Main room: 1 min · upstairs"));
        CHECK(f.text.has("Ground floor"));
        CHECK(f.text.has("First floor"));
        CHECK(f.text.has("You are here"));
        checkBrowseLayout(f, scene, size);
        // The talk's session page too.
        scene.browser.apply({K::session, session}, 0.0);
        BrowseFrame s = drawnBrowse(scene, size);
        CHECK(s.text.has("To Main room: 1 min · upstairs"));
        CHECK(s.text.has("You are here"));
        checkBrowseLayout(s, scene, size);
    }
}

TEST_CASE("a room's page for a right-to-left name keeps the name in its own run") {
    Program p = multiscript();
    std::optional<Wayfinding> w = lobbyWayfinding(p, "multiscript.venue.json");
    Instant now = at(p, "2025-03-12T09:20");
    BrowseScene scene(std::move(p), now);
    scene.view.wayfinding = &*w;
    Index arabic = 0;
    const std::string& name = scene.program.rooms[arabic].name;
    REQUIRE(name == "قاعة المؤتمرات الكبرى");
    scene.browser.apply({browse::Action::Kind::place, arabic}, 0.0);
    for (ImVec2 size : kSizes) {
        INFO(size.x << "x" << size.y);
        BrowseFrame f = drawnBrowse(scene, size);
        // Isolated (U+2068 ... U+2069): without it the bidi algorithm pulls "1" into the
        // Arabic run and the line reads "To 1 <name>: min".
        // One line where it fits; at 800x480 it wraps, never cut.
        std::string whole = "To \u2068" + name + "\u2069: 1 min · this floor";
        bool oneLine = f.text.has(whole);
        std::string head = "To \u2068" + name + "\u2069: 1 min";
        bool twoLines = std::any_of(f.text.lines.begin(), f.text.lines.end(), [&](const auto& l) {
            return l.text.rfind(head, 0) == 0 && l.text.find("…") == std::string::npos;
        });
        CHECK((oneLine || (size.x < 1000 && twoLines)));
        CHECK(f.text.has("About 30 m to \u2068" + name + "\u2069"));
        CHECK(f.text.has("Step-free all the way"));
        checkBrowseLayout(f, scene, size);
    }
}

TEST_CASE("a room's page: the way step by step, without stairs, the maps and its day, at every size") {
    Program p = sample();
    std::optional<Wayfinding> w = lobbyWayfinding(p, "mlsys2021.venue.json");
    Index room = 0;
    REQUIRE(p.rooms[room].name == "Main room");
    Instant now = at(p, "2021-04-06T09:45");
    std::vector<Index> today;  // the room's sessions on the sample day
    for (Index s : Scheduler(p).sessionsOn(conferenceDayOf(p.conference, now)))
        if (p.sessions[s].room == room) today.push_back(s);
    REQUIRE(today.size() >= 3);
    BrowseScene scene(std::move(p), now);
    scene.view.icons = {"/icons/stairs.png", "/icons/lift.png", "/icons/accessible.png"};
    using K = browse::Action::Kind;
    auto draw = [&](ImVec2 size, FakeImages& images) { return drawnBrowse(scene, size, &images); };
    for (ImVec2 size : kSizes) {
        INFO(size.x << "x" << size.y);
        openBrowse(scene, {{K::place, room}});
        REQUIRE(scene.browser.view() == browse::View::room);
        scene.view.wayfinding = &*w;
        FakeImages images;
        BrowseFrame f = draw(size, images);
        CHECK(f.text.has("Main room"));
        CHECK(f.text.has("Walk about 10 m"));
        CHECK(f.text.has("Take the stairs up to First floor"));
        CHECK(f.text.has("About 20 m to Main room"));
        CHECK(f.text.has("Step-free: 2 min by the lift"));
        CHECK(f.text.has("To Main room: 1 min · upstairs"));  // the map's heading
        CHECK(f.text.has("You are here"));
        CHECK(f.text.has("Today in this room"));
        // Every row is this room's: its details leave the room's name out, for the track,
        // the language and the talks (it cut "2 talks" to "2…" in the narrow column).
        CHECK(f.text.has("Oral session"));
        CHECK(std::none_of(f.text.lines.begin(), f.text.lines.end(), [](const auto& l) {
            return l.text.rfind("Oral session", 0) == 0 && l.text.find("Main room") != std::string::npos;
        }));
        // The stairs and the wheelchair are pictures from assets/icons.
        CHECK(std::count(images.asked.begin(), images.asked.end(), "/icons/stairs.png") == 1);
        // The wheelchair twice: the step-free sentence's and the step-free way's control (#30.6).
        CHECK(std::count(images.asked.begin(), images.asked.end(), "/icons/accessible.png") == 2);
        CHECK(std::count(images.asked.begin(), images.asked.end(), "/icons/lift.png") == 0);  // no lift on this way
        // Each of the room's sessions that day opens its page.
        for (Index s : today) {
            INFO("session " << s);
            CHECK(std::any_of(f.targets.begin(), f.targets.end(), [&](const browse::Target& t) {
                return t.action == browse::Action{K::session, s};
            }));
        }
        checkBrowseLayout(f, scene, size);

        // Icons refused (missing files): the same words, nothing in their place breaks.
        FakeImages none;
        none.bad = {"/icons/stairs.png", "/icons/lift.png", "/icons/accessible.png"};
        BrowseFrame plain = draw(size, none);
        CHECK(plain.text.has("Take the stairs up to First floor"));
        CHECK(plain.text.has("Step-free: 2 min by the lift"));

        // Without a venue: the room and its day, no way and no map.
        scene.view.wayfinding = nullptr;
        FakeImages unused;
        BrowseFrame bare = draw(size, unused);
        CHECK(bare.text.has("Today in this room"));
        CHECK_FALSE(bare.text.has("You are here"));
        CHECK_FALSE(bare.text.has("Step-free: 2 min by the lift"));
        CHECK(unused.asked.empty());
        checkBrowseLayout(bare, scene, size);
    }
}

TEST_CASE("a room's page opens from its name on now & next, the rooms board, a session and a talk") {
    Program p = fixture();
    Instant now = at(p, "2021-04-06T09:45");
    Wayfinding w = twoRoomWayfinding(p);
    BrowseScene scene(std::move(p), now);
    scene.view.wayfinding = &w;
    scene.config.rotation.push_back(
        {PageKind::rooms, std::chrono::milliseconds{15000}, {}, std::chrono::minutes{180}, 0, 0, std::nullopt, {}});
    std::size_t roomsPage = scene.config.rotation.size() - 1;
    using K = browse::Action::Kind;
    for (ImVec2 size : kSizes) {
        INFO(size.x << "x" << size.y);
        for (std::size_t page : {std::size_t{0}, roomsPage}) {
            INFO("page " << page);
            TestCanvas tc(scene, size);
            std::vector<browse::Target> targets;
            tc.c.targets = &targets;
            Rotation::Frame frame;
            frame.current = Rotation::Slot{page, 0};
            ui::drawScreen(scene.view, frame, tc.c);
            // Every room on screen has its name as a target for its page, on top of the
            // card's own (the last target at the name's middle wins).
            for (Index r = 0; r < scene.program.rooms.size(); ++r) {
                INFO("room " << scene.program.rooms[r].name);
                auto it = std::find_if(targets.begin(), targets.end(), [&](const browse::Target& t) {
                    return t.action == browse::Action{K::place, r};
                });
                REQUIRE(it != targets.end());
                float cx = (it->x0 + it->x1) * 0.5f, cy = (it->y0 + it->y1) * 0.5f;
                auto top = std::find_if(targets.rbegin(), targets.rend(),
                                        [&](const browse::Target& t) { return t.contains(cx, cy); });
                CHECK(top->action == browse::Action{K::place, r});
                CHECK(it->x1 - it->x0 >= 40);
                CHECK(it->y1 - it->y0 >= 24);  // the whole row on the rooms board (27 px at 800x480)
            }
        }
    }
    // A session's page and a talk's: a button with the room's name.
    const Program& pr = scene.program;
    Index session = 0;
    while (session < pr.sessions.size() && (!pr.sessions[session].room || pr.sessions[session].talks.empty()))
        ++session;
    REQUIRE(session < pr.sessions.size());
    Index room = *pr.sessions[session].room;
    for (browse::Action open :
         {browse::Action{K::session, session}, browse::Action{K::talk, pr.sessions[session].talks[0]}}) {
        openBrowse(scene, {open});
        BrowseFrame f = drawnBrowse(scene, {1920, 1080});
        CHECK(std::any_of(f.targets.begin(), f.targets.end(), [&](const browse::Target& t) {
            return t.action == browse::Action{K::place, room};
        }));
        scene.browser.apply({K::place, room}, 0.0);
        CHECK(scene.browser.view() == browse::View::room);
        CHECK(scene.browser.here().item == room);
        scene.browser.apply({K::back}, 0.0);  // back where the visitor was
        CHECK(scene.browser.here() ==
              browse::Place{open.kind == K::session ? browse::View::session : browse::View::talk, open.item});
    }
}

TEST_CASE("a room's floor maps start at their panel's left edge, with the heading and the legend") {
    // Centred in a wide column, the maps and their floor names began at a third left
    // edge of their own, right of the heading's words and the legend.
    Program p = sample();
    Wayfinding w = lobbyWayfinding(p, "mlsys2021.venue.json");
    Instant now = at(p, "2021-04-06T09:45");
    BrowseScene scene(std::move(p), now);
    scene.view.wayfinding = &w;
    using K = browse::Action::Kind;
    for (ImVec2 size : {ImVec2{1280, 720}, ImVec2{1920, 1080}, ImVec2{3840, 2160}}) {
        INFO(size.x << "x" << size.y);
        openBrowse(scene, {{K::place, 0}});
        TestCanvas tc(scene, size);
        scene.view.browse.hits = &scene.catalog.hits(scene.browser.query());
        ui::drawBrowse(scene.view, tc.c);
        auto first = [&](const std::string& s) -> const ui::TextRun* {
            for (const auto& run : tc.record.runs)
                if (run.text.rfind(s, 0) == 0) return &run;
            return nullptr;
        };
        const ui::TextRun* heading = first("To Main room");
        const ui::TextRun* ground = first("Ground floor");
        const ui::TextRun* upstairs = first("First floor");
        REQUIRE(heading);
        REQUIRE(ground);
        REQUIRE(upstairs);
        CHECK(ground->box.min.x < heading->box.min.x);  // the heading's words come after its arrow
        CHECK(upstairs->box.min.x < heading->box.min.x);
    }
}

namespace {

const browse::Target* findTarget(const BrowseFrame& f, browse::Action::Kind kind) {
    auto it = std::find_if(f.targets.begin(), f.targets.end(),
                           [&](const browse::Target& t) { return t.action.kind == kind; });
    return it == f.targets.end() ? nullptr : &*it;
}

}  // namespace

TEST_CASE("the step-free way on request: the talk's, session's and room's way and map change to the lift's, with its "
          "minutes, at every size, and go back to the quickest when the visit ends (#30.6)") {
    Program p = sample();
    std::optional<Wayfinding> w = lobbyWayfinding(p, "mlsys2021.venue.json");
    Index talk = 0;
    REQUIRE(p.talks[talk].session);
    Index session = *p.talks[talk].session;
    Index room = *p.sessions[session].room;
    REQUIRE(p.rooms[room].name == "Main room");
    // The sample's venue: up the stairs in 1 min, by the lift in 2.
    REQUIRE(w->to(room)->route.usesStairs);
    REQUIRE(w->to(room, true));
    REQUIRE(w->to(room, true)->minutes == 2);
    Instant now = *Scheduler(p).firstStart() + std::chrono::minutes{20};
    BrowseScene scene(std::move(p), now);
    scene.view.wayfinding = &*w;
    using K = browse::Action::Kind;
    std::vector<std::pair<const char*, browse::Action>> pages = {
        {"talk", {K::talk, talk}}, {"session", {K::session, session}}, {"room", {K::place, room}}};
    for (ImVec2 size : kSizes) {
        for (const auto& [name, open] : pages) {
            INFO(name << " at " << size.x << "x" << size.y);
            openBrowse(scene, {open});
            BrowseFrame quick = drawnBrowse(scene, size);
            CHECK(quick.recorded("To Main room: 1 min · upstairs"));
            CHECK_FALSE(quick.recorded("2 min · upstairs"));
            // The control, in words, a target of its own: the visitor's request.
            const browse::Target* control = findTarget(quick, K::stepFree);
            REQUIRE(control);
            CHECK(control->focusable);
            CHECK(quick.recorded("Step-free way"));
            scene.browser.apply(control->action, 1.0);
            REQUIRE(scene.browser.stepFreeWay());
            BrowseFrame stepFree = drawnBrowse(scene, size);
            // The map's heading and the room's button: the lift's way and its minutes
            // (the heading wraps before "step-free" at 800x480).
            CHECK(stepFree.recorded("To Main room: 2 min · upstairs"));
            CHECK((stepFree.recorded("To Main room: 2 min · upstairs · step-free") ||
                   (size.x < 1000 && stepFree.recorded("step-free"))));
            CHECK_FALSE(stepFree.recorded("1 min · upstairs"));
            CHECK(stepFree.recorded("Step-free way: on"));
            CHECK_FALSE(stepFree.recorded("Step-free way:…"));
            CHECK(stepFree.recorded("You are here"));
            checkBrowseLayout(stepFree, scene, size);
            if (open.kind == K::place) {
                // The steps too: the lift, not the stairs.
                CHECK(quick.recorded("Take the stairs up to First floor"));
                CHECK(stepFree.recorded("Take the lift up to First floor"));
                CHECK_FALSE(stepFree.recorded("Take the stairs"));
                CHECK(stepFree.recorded("Step-free, by the lift"));
            }
        }
        // Left alone, the visit ends; the next one shows the quickest way again.
        scene.browser.tick(2.0);
        scene.browser.tick(2.0 + scene.browser.idleLeft(2.0) + 0.1);
        REQUIRE_FALSE(scene.browser.browsing());
        CHECK_FALSE(scene.browser.stepFreeWay());
        scene.browser.apply({K::talk, talk}, 10.0);
        BrowseFrame next = drawnBrowse(scene, size);
        CHECK(next.recorded("To Main room: 1 min · upstairs"));
        CHECK_FALSE(next.recorded("step-free"));
    }
}

TEST_CASE("the step-free way on request, for a room only stairs reach: said in words, at every size (#30.6)") {
    Program p = fixture();
    Wayfinding w = twoRoomWayfinding(p);
    Index hall = 0;
    while (hall < p.rooms.size() && p.rooms[hall].name != "Main Hall") ++hall;
    REQUIRE(hall < p.rooms.size());
    REQUIRE(w.to(hall));
    REQUIRE_FALSE(w.to(hall, true));
    Instant now = *Scheduler(p).firstStart();
    BrowseScene scene(std::move(p), now);
    scene.view.wayfinding = &w;
    using K = browse::Action::Kind;
    for (ImVec2 size : kSizes) {
        INFO(size.x << "x" << size.y);
        openBrowse(scene, {{K::place, hall}});
        BrowseFrame quick = drawnBrowse(scene, size);
        CHECK(quick.recorded("You are here"));
        const browse::Target* control = findTarget(quick, K::stepFree);
        REQUIRE(control);
        scene.browser.apply(control->action, 1.0);
        BrowseFrame asked = drawnBrowse(scene, size);
        CHECK(asked.recorded("No step-free way from here: please ask a volunteer"));
        CHECK_FALSE(asked.recorded("Take the stairs"));  // no way is drawn as if it were step-free
        CHECK_FALSE(asked.recorded("You are here"));
        CHECK(findTarget(asked, K::stepFree));  // and it can be turned off again
        checkBrowseLayout(asked, scene, size);
    }
}
