// The rotation as a whole: every page on screen at every size, the plan drawn once, phases, fades, badges, the fallback
// clock. Drawn through Dear ImGui with no window (tests/ui/ui_scenes.hpp).
#include <catch2/catch.hpp>

#include "ui/ui_scenes.hpp"

using namespace hallboard;
using namespace hallboard::test;
using namespace uitest;

TEST_CASE("every page stays on screen without overlaps at every size") {
    Program p = fixture();
    p.awards.push_back({"best", "Best Paper Award", 2, "", std::nullopt});
    p.people[0].bio = std::string(600, 'x') + " A long biography that has to be fitted into the card.";
    Instant now = at(p, "2021-04-06T09:45");
    Scene scene(std::move(p), now);
    for (ImVec2 size : kSizes) {
        for (std::size_t page = 0; page < scene.config.rotation.size(); ++page) {
            INFO("page " << page << " at " << size.x << "x" << size.y);
            RecordingText t = drawn(scene, size, page);
            CHECK(!t.lines.empty());
            checkLayout(t, size);
        }
    }
}

// Fifty rooms, half an hour into the first session.

TEST_CASE("the rotation's plan is laid out once and the screen is drawn from it") {
    auto fifty = fiftyRooms();
    Scene& scene = *fifty;
    ImVec2 size{1920, 1080};
    std::vector<int> plan;
    {
        TestCanvas tc(scene, size);
        plan = ui::planScreens(scene.view, tc.c);
        REQUIRE(plan.size() == scene.config.rotation.size());
        for (std::size_t i = 0; i < plan.size(); ++i) CHECK(plan[i] == ui::screensFor(scene.view, i, tc.c));
    }
    REQUIRE(plan[0] > 1);
    // The chrome counts screens from the plan it is handed, not from a layout of its own.
    scene.view.screens = &plan;
    CHECK(drawn(scene, size, 0, 1).has("2 / " + std::to_string(plan[0])));
    std::vector<int> other = plan;
    other[0] = plan[0] + 3;
    scene.view.screens = &other;
    CHECK(drawn(scene, size, 0, 1).has("2 / " + std::to_string(plan[0] + 3)));
}

TEST_CASE("pages follow the conference's phase, nothing to show gives the welcome screen") {
    Program p = fixture();
    Instant before = at(p, "2021-04-01T10:00");
    Scene scene(std::move(p), before);
    CHECK(ui::shownKind(scene.view, 0) == PageKind::countdown);
    RecordingText t = drawn(scene, {1920, 1080}, 0);
    CHECK(t.has("STARTS IN"));
    CHECK(t.has("5 days"));  // 4 d 22 h before the first session: to the nearest day

    scene.view.now = at(scene.program, "2021-04-09T10:00");
    CHECK(ui::shownKind(scene.view, 0) == PageKind::closing);
    CHECK_FALSE(ui::shownKind(scene.view, 1));  // no agenda after the end
    RecordingText closing = drawn(scene, {1920, 1080}, 0);
    CHECK(closing.has("Thank you"));

    Program empty;
    empty.conference.name = "Empty Conf";
    Scene nothing(std::move(empty), before);
    TestCanvas tc(nothing, {1280, 720});
    ui::Canvas& c = tc.c;
    RecordingText& text = tc.text;
    for (std::size_t i = 0; i < nothing.config.rotation.size(); ++i) CHECK(ui::screensFor(nothing.view, i, c) == 0);
    ui::drawScreen(nothing.view, Rotation::Frame{}, c);
    CHECK(text.has("Empty Conf"));  // never blank
}

TEST_CASE("a reload problem shows staff a small badge with the reason") {
    Program p = fixture();
    Instant now = at(p, "2021-04-06T09:45");
    Scene scene(std::move(p), now);
    scene.view.problem = "program.json: line 48, column 102: error: invalid JSON";
    RecordingText t = drawn(scene, {1920, 1080}, 0);
    CHECK(t.has("program.json: line 48"));
    CHECK(t.has("Session 1: Search and Devices"));  // the last good program, still shown
    checkLayout(t, {1920, 1080});
}

TEST_CASE("a fade draws both pages, the old one fading out") {
    Program p = fixture();
    Instant now = at(p, "2021-04-06T09:45");
    Scene scene(std::move(p), now);
    TestCanvas tc(scene, {1920, 1080});
    ui::Canvas& c = tc.c;
    RecordingText& text = tc.text;
    Rotation::Frame frame;
    frame.previous = Rotation::Slot{0, 0};  // now & next
    frame.current = Rotation::Slot{1, 0};   // upcoming
    frame.transition = 0.25;
    ui::drawScreen(scene.view, frame, c);
    auto alphaOf = [&](const std::string& needle) {
        for (const auto& l : text.lines)
            if (l.text.find(needle) != std::string::npos) return l.alpha;
        return -1.0f;
    };
    CHECK(alphaOf("NEXT") > 0.7f);       // the old page, mostly still there
    CHECK(alphaOf("COMING UP") < 0.3f);  // the new page, coming in
    CHECK(alphaOf("COMING UP") > 0.0f);
    CHECK(alphaOf("09:45") == Approx(1.0f));  // the header does not fade
}

TEST_CASE("in its last moments a visit fades out, with a countdown before") {
    Program p = fixture();
    Instant now = at(p, "2021-04-06T09:45");
    BrowseScene scene(std::move(p), now);
    scene.browser.apply({browse::Action::Kind::schedule, 0}, 0.0);
    auto alphaOf = [&](double idleLeft, const std::string& needle) {
        scene.view.browse.idleLeft = idleLeft;
        BrowseFrame f = drawnBrowse(scene, {1280, 720});
        for (const auto& l : f.text.lines)
            if (l.text.find(needle) != std::string::npos) return l.alpha;
        return -1.0f;
    };
    CHECK(alphaOf(30, "Session 1: Search and Devices") == Approx(1.0f));
    CHECK(alphaOf(30, "touch to stay") < 0);  // no countdown yet
    CHECK(alphaOf(8.2, "Back to the overview in 9 s") == Approx(1.0f));
    float fading = alphaOf(ui::kFadeOutSeconds / 2, "Session 1: Search and Devices");
    CHECK(fading == Approx(0.5f).margin(0.02));
    CHECK(alphaOf(0, "Session 1: Search and Devices") <= 0.0f);
}

// One room, one session of three talks, nothing after it: what the now & next card
// lists under THEN and under NEXT.

TEST_CASE("a countdown more than a week off says the date, never STARTS IN 18723 days") {
    Program p = fixture();
    Instant first = *Scheduler(p).firstStart();
    // A Pi that never set its clock (1970), and a kiosk set up a month early.
    for (Instant now : {test::utc("1970-01-01T00:00:42"), first - std::chrono::hours{24 * 30}}) {
        Scene scene(fixture(), now);
        REQUIRE(ui::shownKind(scene.view, 0) == PageKind::countdown);
        RecordingText t = drawn(scene, {1920, 1080}, 0);
        CHECK_FALSE(t.has("STARTS IN"));
        CHECK_FALSE(t.has("days"));
        CHECK(t.has(localLongDate(localDay(scene.program.conference.zone, first))));
    }
    // A week or less: the countdown as before.
    Scene soon(fixture(), first - std::chrono::hours{24 * 6});
    RecordingText t = drawn(soon, {1920, 1080}, 0);
    CHECK(t.has("STARTS IN"));
    CHECK(t.has("6 days"));
    // Days are counted to the nearest: 5 d 23 h left is "6 days", not "5 days" (#28.11);
    // 5 d 2 h is "5 days"; under two days, days and hours.
    for (auto [left, says] :
         {std::pair{std::chrono::hours{24 * 5 + 23}, "6 days"}, std::pair{std::chrono::hours{24 * 5 + 2}, "5 days"},
          std::pair{std::chrono::hours{24 + 23}, "1 day 23 h"}}) {
        Scene s(fixture(), first - left);
        RecordingText shown = drawn(s, {1920, 1080}, 0);
        INFO(says);
        CHECK(shown.has(says));
    }
    // FIRST UP names each session's room.
    CHECK(t.has("FIRST UP"));
    const Session& opening =
        soon.program.sessions[Scheduler(soon.program).startingBetween(first, first + std::chrono::hours{4}).front()];
    REQUIRE(opening.room);
    CHECK(t.has(soon.program.rooms[*opening.room].name));
}

TEST_CASE("the welcome screen, shown when no page has anything, still shows the announcements, urgent first (#28.11)") {
    Program p = fixture();
    Scene scene(std::move(p), at(fixture(), "2021-04-06T09:45"));
    Announcement urgent{"Evacuate hall B", "Leave by the east doors and follow the stewards.", true, std::nullopt,
                        std::nullopt};
    scene.view.announcements.push_back(&urgent);
    for (ImVec2 size : kSizes) {
        INFO(size.x << "x" << size.y);
        TestCanvas tc(scene, size);
        ui::drawScreen(scene.view, Rotation::Frame{}, tc.c);  // no page to show: the welcome screen
        CHECK(tc.text.has("Evacuate hall B"));
        CHECK(tc.text.has("east doors"));
        checkLayout(tc.text, size);
    }
}

TEST_CASE("the clock shown for want of a program says its zone and, for staff, why") {
    Program empty;
    empty.conference.name = "Hallboard";
    empty.conference.zone = *TimeZone::find("Asia/Tokyo");
    Scene scene(std::move(empty), test::utc("2026-06-08T00:30"));
    scene.view.fallbackZone = "Asia/Tokyo";
    scene.view.fallbackZoneNamed = true;
    scene.view.problem = "/srv/hallboard/program.json: line 1: error: invalid JSON";
    auto welcome = [&](ImVec2 size) {
        TestCanvas tc(scene, size);
        ui::drawScreen(scene.view, Rotation::Frame{}, tc.c);  // no page to show: the welcome screen
        return tc.text;
    };
    RecordingText t = welcome({1920, 1080});
    CHECK(t.has("09:30"));
    CHECK(t.has("Time zone: Asia/Tokyo"));
    CHECK_FALSE(t.has("this machine's"));
    CHECK(t.has("program.json: line 1: error: invalid JSON"));  // the staff line configuration.md promises
    scene.view.fallbackZoneNamed = false;
    scene.view.fallbackZone = "UTC";
    RecordingText machine = welcome({1280, 720});
    CHECK(machine.has("Time zone: UTC (this machine's; no file names the conference's)"));
}
