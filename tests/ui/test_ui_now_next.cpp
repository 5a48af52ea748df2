// The now & next page: live sessions, what comes next, changes on the day, compact rows, door signs.
// Drawn through Dear ImGui with no window (tests/ui/ui_scenes.hpp).
#include <catch2/catch.hpp>

#include "ui/ui_scenes.hpp"

using namespace hallboard;
using namespace hallboard::test;
using namespace uitest;

TEST_CASE("now & next shows every room's live session and what comes next") {
    Program p = fixture();
    Instant now = at(p, "2021-04-06T09:45");
    Scene scene(std::move(p), now);
    RecordingText t = drawn(scene, {1920, 1080}, 0);
    CHECK(t.has("MLSys 2021"));
    CHECK(t.has("09:45"));
    CHECK(t.has("Main Hall"));
    CHECK(t.has("Room B"));
    CHECK(t.has("Session 1: Search and Devices"));
    CHECK(t.has("ModularNAS"));
    CHECK(t.has("Posters"));
    CHECK(t.has("NEXT"));
    checkLayout(t, {1920, 1080});
}

TEST_CASE("changes on the day show on the signs: late, cancelled, moved, at every size") {
    Program p = fixture();
    applyOk(p, R"({"changes": [
        {"session": "s1", "late_minutes": 10}, {"talk": "fluid", "cancelled": true},
        {"session": "b1", "move_to": "main", "note": "Room B has no power"}]})");
    Instant now = at(p, "2021-04-06T09:50");
    Scene scene(std::move(p), now);
    for (ImVec2 size : kSizes) {
        INFO(size.x << "x" << size.y);
        RecordingText nowNext = drawn(scene, size, 0);
        CHECK(nowNext.has("Running 10 min late"));
        CHECK(nowNext.has("Moved to Main Hall"));  // on Room B's card
        checkLayout(nowNext, size);
        bool cancelled = false, posters = false, session = false;
        for (int screen = 0; screen < 3; ++screen) {
            RecordingText upcoming = drawn(scene, size, 1, screen);
            cancelled = cancelled || upcoming.has("Cancelled: Fluid");
            posters = posters || upcoming.has("Posters");  // both sessions on in the Main Hall are listed
            session = session || upcoming.has("Session 1: Search and Devices");
            checkLayout(upcoming, size);
        }
        // Small print at 800x480 goes through the null atlas, which the recorder does not see.
        if (std::min(size.x, size.y) >= 1080) CHECK(cancelled);
        CHECK(posters);
        CHECK(session);
    }
    // The door sign of the Main Hall, where the posters moved to.
    scene.config.rooms = {"main"};
    scene.view.rooms = {0};
    scene.view.now = at(scene.program, "2021-04-06T09:35");
    RecordingText door = drawn(scene, {1920, 1080}, 0);
    CHECK(door.has("Moved here from Room B"));
}

TEST_CASE("fifty rooms become compact rows over several screens, all on screen") {
    auto fifty = fiftyRooms();
    Scene& scene = *fifty;
    for (ImVec2 size : kSizes) {
        int screens = 0;
        {
            TestCanvas tc(scene, size);
            screens = ui::screensFor(scene.view, 0, tc.c);
        }
        INFO(size.x << "x" << size.y << ": " << screens << " screens");
        CHECK(screens > 1);
        CHECK(screens <= 25);
        RecordingText last = drawn(scene, size, 0, screens - 1);
        CHECK(last.has("Room 50"));
        checkLayout(last, size);
    }
}

TEST_CASE("a cancelled talk stays on its card, marked, while the talk before it runs") {
    auto owner = oneSessionAt("2026-06-10T10:10", [](Program& p) { p.talks[1].change.cancelled = true; });
    Scene& scene = *owner;
    for (ImVec2 size : kSizes) {
        INFO(size.x << "x" << size.y);
        Recorded r = recorded(scene, size, 0);
        CHECK(r.has("Cancelled: Second talk"));
        CHECK(r.has("Third talk"));
    }
}

TEST_CASE("NEXT never repeats a talk already listed under THEN") {
    auto sceneOwner = oneSessionAt("2026-06-10T10:10");
    Scene& scene = *sceneOwner;
    for (ImVec2 size : kSizes) {
        INFO(size.x << "x" << size.y);
        Recorded r = recorded(scene, size, 0);
        CHECK(r.with("Second talk").size() == 1);
        // Listed under THEN, or (no room for it there) named by NEXT: one or the other.
        auto next = r.with("NEXT");
        REQUIRE(next.size() == 1);
        CHECK(r.has("No more sessions") != (next.front()->text.find("10:30") != std::string::npos));
    }
}

TEST_CASE("a door sign before its first session shows that session as the sign") {
    auto sceneOwner = oneSessionAt("2026-06-10T09:20");
    Scene& scene = *sceneOwner;
    for (ImVec2 size : kSizes) {
        INFO(size.x << "x" << size.y);
        Recorded r = recorded(scene, size, 0);
        CHECK(!r.has("Nothing on right now"));
        auto title = r.with("Systems");
        REQUIRE(!title.empty());
        CHECK(title.front()->px >= r.theme.title - 0.5f);  // a headline, not a side note
        CHECK(r.has("in 40 min"));
        CHECK(r.has("First talk"));  // and what it holds
    }
}

TEST_CASE("time left is never cut, on cards and compact rows, at every size") {
    auto fifty = fiftyRooms();
    Scene& compact = *fifty;
    auto doorOwner = oneSessionAt("2026-06-10T10:10");
    Scene& door = *doorOwner;
    for (Scene* scene : {&compact, &door})
        for (ImVec2 size : kSizes) {
            INFO(size.x << "x" << size.y);
            Recorded r = recorded(*scene, size, 0);
            auto left = r.with(" left");
            auto ends = r.with("ends in");
            left.insert(left.end(), ends.begin(), ends.end());
            CHECK(!left.empty());
            for (const ui::TextRun* run : left) {
                INFO(run->text);
                CHECK(!run->cut);
            }
        }
}

TEST_CASE("compact now & next rows say each session's language, where a visitor chooses what to attend") {
    Program p = multiscript();
    Instant now = at(p, "2025-03-12T09:20");
    Scene scene(std::move(p), now);
    // Eight rooms at 800x480: compact rows, several screens.
    Recorded r = recorded(scene, {800, 480}, 0);
    CHECK(r.has("Arabic  ·  1 h 10 min left"));
    CHECK(r.has("Hebrew  ·  1 h 10 min left"));
    checkLayout(drawn(scene, {800, 480}, 0), {800, 480});
}

TEST_CASE("now & next shows each live session's track and, with several languages, its language") {
    Program p = twoLanguages();
    Scene scene(std::move(p), Instant{});
    scene.view.now = at(scene.program, "2026-05-01T10:20");
    for (ImVec2 size : kSizes) {
        INFO(size.x << "x" << size.y);
        RecordingText t = drawn(scene, size, 0);
        CHECK(t.has("Security"));
        CHECK(t.has("Art"));  // "Art & Culture", cut with "…" on a narrow card
        // The language by name; by its code only on a card too narrow for the name.
        CHECK((t.has("German") || t.has("DE")));
        CHECK((t.has("English") || t.has("EN")));
        if (size.x >= 1920) {
            CHECK(t.has("German"));
            CHECK(t.has("English"));
        }
        checkLayout(t, size);
    }
    // The track chip is drawn in the track's colour.
    CHECK(ui::trackColor(ui::Theme{}, scene.program, 0) == ui::toImU32(*Color::parse("#2e86c1")));

    // One language in the whole program: no badge to tell sessions apart.
    Scene same(twoLanguages("de"), Instant{});
    same.view.now = at(same.program, "2026-05-01T10:20");
    RecordingText t = drawn(same, ImVec2{1920, 1080}, 0);
    CHECK(t.has("Security"));
    CHECK_FALSE(t.has("DE"));
    CHECK_FALSE(t.has("German"));
    CHECK(ui::languageBadge(same.program, "de").empty());
    CHECK(ui::languageLabel(same.program, "de").empty());
    CHECK(ui::languageBadge(scene.program, "pt-BR") == "PT-BR");
    // Named by ICU in the kiosk's language, with the language's own word where asked for;
    // a code ICU cannot name is shown as the badge.
    CHECK(ui::languageLabel(scene.program, "de") == "German");
    CHECK(ui::languageLabel(scene.program, "de", true) == "German (Deutsch)");
    CHECK(ui::languageLabel(scene.program, "pt-BR") == "Portuguese (Brazil)");
    CHECK(ui::languageLabel(scene.program, "pt-BR", true) ==
          "Portuguese (Brazil)  ·  Português");  // no brackets in brackets
    CHECK(ui::languageLabel(scene.program, "qaa") == "QAA");
}

TEST_CASE("now & next on a small touch screen: the session's title whole, and \"in 1 h 25 min\" never split") {
    // config/small-touch-800x480.json at 09:45: "Session 1: Search and…" and
    // "NEXT · 11:10 · in 1 h 25" over "min".
    Program p = sample();
    Instant now = at(p, "2021-04-06T09:45");
    Scene scene(std::move(p), now);
    scene.config.theme.scale = 1.15;
    scene.config.display.diagonalInches = 7;
    scene.config.display.viewingDistanceMetres = 0.5;
    for (ImVec2 size : kSizes) {
        INFO(size.x << "x" << size.y);
        Recorded r = recorded(scene, size, 0);
        auto title = r.with("Session 1: Search");
        REQUIRE(!title.empty());
        CHECK_FALSE(title.front()->cut);
        CHECK(r.has("Devices"));        // on its line or the next
        CHECK(r.has("in 1 h 25 min"));  // whole, on the NEXT line or a line of its own
    }
}

TEST_CASE("on the 7 inch 800x480 screen: a banner of one line, four rooms a now & next screen, FIRST UP above the "
          "banner (#28.10)") {
    Announcement note{"Keynote overflow", "The keynote is shown live in the Café, ground floor.", true, std::nullopt,
                      std::nullopt};
    const ImVec2 small{800, 480};
    // Fifty rooms: now & next holds at least four of them a screen, with the banner.
    {
        auto fifty = fiftyRooms();
        Scene& scene = *fifty;
        scene.view.announcements = {&note};
        REQUIRE(scene.config.rotation[0].kind == PageKind::nowNext);
        {
            TestCanvas tc(scene, small);
            tc.c.banner = ui::bannerHeight(scene.view, tc.c);
            CHECK(ui::nowNextRoomsOn(scene.view, scene.config.rotation[0], 0, tc.c).size() >= 4);
        }
        // The banner is one line, whole.
        Recorded r = recorded(scene, small, 0);
        auto banner = r.with("The keynote is shown live in the Café, ground floor.");
        REQUIRE(banner.size() == 1);
        CHECK_FALSE(banner.front()->cut);
        CHECK(banner.front()->text.find("Keynote overflow") != std::string::npos);
    }
    // The day before: the countdown's FIRST UP lists each session with its room, every
    // line of it above the banner.
    Program p = fixture();
    Instant first = *Scheduler(p).firstStart();
    Scene scene(std::move(p), first - std::chrono::hours{20});
    scene.view.announcements = {&note};
    REQUIRE(ui::shownKind(scene.view, 0) == PageKind::countdown);
    for (ImVec2 size : kSizes) {
        INFO(size.x << "x" << size.y);
        Recorded r = recorded(scene, size, 0);
        auto banner = r.with("Keynote overflow");
        REQUIRE_FALSE(banner.empty());
        float bannerTop = banner.front()->box.min.y;
        REQUIRE(r.has("FIRST UP"));
        const Session& opening =
            scene.program
                .sessions[Scheduler(scene.program).startingBetween(first, first + std::chrono::hours{4}).front()];
        REQUIRE(opening.room);
        CHECK(r.has(scene.program.rooms[*opening.room].name));
        bool below = false;
        for (const auto& run : r.runs) {
            if (run.text.find("Keynote overflow") != std::string::npos) break;  // the banner is drawn after the page
            if (run.box.max.y > bannerTop + 0.5f) {
                INFO(run.text);
                below = true;
            }
        }
        CHECK_FALSE(below);
    }
}
