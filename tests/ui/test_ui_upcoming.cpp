// The upcoming page: its window, choosing by importance at a big conference, live cards, right-to-left titles.
// Drawn through Dear ImGui with no window (tests/ui/ui_scenes.hpp).
#include <catch2/catch.hpp>

#include "ui/ui_scenes.hpp"

using namespace hallboard;
using namespace hallboard::test;
using namespace uitest;

TEST_CASE(
    "upcoming at a big conference shows the keynotes and main rooms of its hours, each room whole and first (#28.4)") {
    auto fifty = fiftyRooms();
    Scene& scene = *fifty;
    REQUIRE(scene.config.rotation[1].kind == PageKind::upcoming);
    const PageConfig& page = scene.config.rotation[1];
    Program& p = scene.program;
    Instant now = scene.view.now;
    // A keynote in the last room, in the page's hours: by position (time, then room) it
    // would be the 50th of 50 sessions starting at once, on no screen the cycle shows.
    std::optional<Index> keynote;
    for (Index i = 0; i < p.sessions.size(); ++i) {
        const Session& s = p.sessions[i];
        if (!s.room || isPause(s.kind) || s.time.start <= now + page.ahead / 3 || s.time.start >= now + page.ahead)
            continue;
        if (!keynote || *s.room > *p.sessions[*keynote].room) keynote = i;
    }
    REQUIRE(keynote);
    REQUIRE(*p.sessions[*keynote].room >= Index{40});
    p.sessions[*keynote].kind = SessionKind::keynote;
    std::vector<Index> mainHall;  // what the first room starts in the page's hours
    for (Index i = 0; i < p.sessions.size(); ++i) {
        const Session& s = p.sessions[i];
        if (s.room == Index{0} && s.time.start > now && s.time.start < now + page.ahead && !isPause(s.kind))
            mainHall.push_back(i);
    }
    REQUIRE_FALSE(mainHall.empty());
    for (ImVec2 size : kSizes) {
        INFO(size.x << "x" << size.y);
        std::vector<Index> shown;
        {
            TestCanvas probe(scene, size);
            REQUIRE(ui::upcomingScreens(scene.view, page, probe.c) <= maxScreensOf(page));
            for (int screen : {0, 1})
                for (Index i : ui::upcomingOn(scene.view, page, screen, probe.c)) shown.push_back(i);
        }
        auto has = [&](Index i) { return std::find(shown.begin(), shown.end(), i) != shown.end(); };
        CHECK(has(*keynote));
        std::size_t hall = 0;
        for (Index i : mainHall) hall += has(i) ? 1 : 0;
        CHECK(hall == mainHall.size());
        // Shown by time, as an agenda reads.
        for (std::size_t k = 1; k < shown.size(); ++k)
            CHECK(p.sessions[shown[k - 1]].time.start <= p.sessions[shown[k]].time.start);
        Recorded r = recorded(scene, size, 1, 0);
        CHECK(r.has(" OF "));  // "12 OF 40, MAIN ROOMS FIRST": says it is a choice
        // Each row's room is a run of its own (not the muted tail of the line) and whole.
        TestCanvas probe(scene, size);
        for (Index i : ui::upcomingOn(scene.view, page, 0, probe.c)) {
            const std::string& room = p.rooms[*p.sessions[i].room].name;
            auto runs = r.with(room);
            REQUIRE_FALSE(runs.empty());
            CHECK(std::any_of(runs.begin(), runs.end(),
                              [&](const ui::TextRun* run) { return run->text == room && !run->cut; }));
        }
    }
}

TEST_CASE("upcoming's heading says the window its cycle shows, not hours two screens cannot hold (#28.4)") {
    auto fifty = fiftyRooms();
    Scene& scene = *fifty;
    REQUIRE(scene.config.rotation[1].kind == PageKind::upcoming);
    const PageConfig& page = scene.config.rotation[1];
    REQUIRE(maxScreensOf(page) == 2);
    for (ImVec2 size : kSizes) {
        INFO(size.x << "x" << size.y);
        int screens = 0;
        std::vector<Index> second;
        {
            TestCanvas probe(scene, size);
            screens = ui::upcomingScreens(scene.view, page, probe.c);
            probe.c.banner = 0;
            second = ui::upcomingOn(scene.view, page, 1, probe.c);
        }
        REQUIRE(screens == 2);  // fifty rooms: the most important, chosen to fill the cycle's two screens
        REQUIRE_FALSE(second.empty());
        std::string until = ui::dayAndTime(scene.view, scene.program.sessions[second.back()].time.start);
        for (int screen : {0, 1}) {
            Recorded r = recorded(scene, size, 1, screen);
            CHECK_FALSE(r.has("THE NEXT"));
            CHECK(r.has("UNTIL " + until));
        }
    }
}

TEST_CASE("with many sessions on at once, upcoming lists what is still to start, not what now & next shows") {
    auto fifty = fiftyRooms();
    Scene& scene = *fifty;
    REQUIRE(scene.config.rotation[1].kind == PageKind::upcoming);
    for (ImVec2 size : kSizes) {
        INFO(size.x << "x" << size.y);
        Recorded r = recorded(scene, size, 1);
        CHECK(r.has("STARTING"));
        CHECK(!r.has("LIVE"));
    }
    // A small program keeps its live sessions on the agenda.
    auto smallOwner = oneSessionAt("2026-06-10T10:10");
    Scene& small = *smallOwner;
    Recorded r = recorded(small, {1920, 1080}, 1);
    CHECK(r.has("LIVE"));
    CHECK(r.has("COMING UP"));
}

TEST_CASE("upcoming: a live card holds its LIVE chip, at every size") {
    // The invited talk at 08:40: one talk, no list under it; the chip under its clock hung
    // below the card, over the gap to the next card.
    Program p = sample();
    Instant now = at(p, "2021-04-06T08:40");
    Scene scene(std::move(p), now);
    REQUIRE(scene.config.rotation[1].kind == PageKind::upcoming);
    for (ImVec2 size : kSizes) {
        INFO(size.x << "x" << size.y);
        TestCanvas tc(scene, size);
        std::vector<browse::Target> targets;
        tc.c.targets = &targets;
        Rotation::Frame frame;
        frame.current = Rotation::Slot{1, 0};
        ui::drawScreen(scene.view, frame, tc.c);
        const ui::TextRun* live = nullptr;
        for (const auto& run : tc.record.runs)
            if (run.text == "LIVE") live = &run;
        REQUIRE(live);
        // The card is the session's touch target that holds the chip's top.
        auto card = std::find_if(targets.begin(), targets.end(), [&](const browse::Target& tg) {
            return tg.action.kind == browse::Action::Kind::session && tg.contains(live->box.min.x, live->box.min.y);
        });
        REQUIRE(card != targets.end());
        CHECK(live->box.max.y <= card->y1);
    }
}

TEST_CASE("upcoming lists a session's fifth talk rather than \"+ 1 more\" in its place") {
    Program p = sample();
    Index session = 0;
    while (session < p.sessions.size() && p.sessions[session].talks.size() != 5) ++session;
    REQUIRE(session < p.sessions.size());
    std::string fifth = p.talks[p.sessions[session].talks[4]].title.substr(0, 12);
    std::string first = p.talks[p.sessions[session].talks[0]].title.substr(0, 12);
    Instant now = p.sessions[session].time.start - std::chrono::hours{2};
    Scene scene(std::move(p), now);
    REQUIRE(scene.config.rotation[1].kind == PageKind::upcoming);
    for (ImVec2 size : kSizes) {
        INFO(size.x << "x" << size.y);
        bool seen = false;
        for (int screen = 0; screen < 4; ++screen) {
            Recorded r = recorded(scene, size, 1, screen);
            CHECK_FALSE(r.has("+ 1 more"));
            if (r.has(first)) {
                seen = true;
                CHECK(r.has(fifth));
            }
        }
        CHECK(seen);
    }
}

TEST_CASE("upcoming at a 40-room conference lists sessions without their talks, to show more of them") {
    auto load = loadProgramFile(std::string(HALLBOARD_SOURCE_DIR) + "/data/stress-40-rooms.json");
    REQUIRE(load.ok());
    Program p = std::move(*load.program);
    Instant now = at(p, "2027-06-14T10:15");  // forty sessions start at 11:30
    Scene scene(std::move(p), now);
    REQUIRE(scene.config.rotation[1].kind == PageKind::upcoming);
    for (ImVec2 size : kSizes) {
        INFO(size.x << "x" << size.y);
        // The two screens the rotation gives the page (max_screens 2): how many sessions.
        std::size_t sessions = 0;
        for (int screen = 0; screen < 2; ++screen) {
            Recorded r = recorded(scene, size, 1, screen);
            // A card's line "Oral session  ·  Track 2  ·  11:30–13:00  ·  Room 1.06 ...", its
            // end cut with "…" where it is long (the track comes before the times, #30.7).
            for (const auto& run : r.runs)
                sessions += (run.text.find("–") != std::string::npos || run.text.find("…") != std::string::npos) &&
                            run.text.find("  ·  ") != std::string::npos;
            for (const auto& run : r.runs) {
                INFO(run.text);
                CHECK(run.text.find("+ 1 more") == std::string::npos);
                CHECK(run.text.find(" more") == std::string::npos);  // no "+ 2 more" under a card
            }
        }
        // With the talks listed: 4 at 800x480, 7 at 1920x1080, 9 at 1080x1920 (three talks a card).
        INFO(sessions << " sessions");
        CHECK(sessions >= (size.y >= 1080 && size.x >= 1080 ? 10u : 8u));
    }
    // The MLSys day keeps its talks (its sessions are "Session 3"): the test above.
}

TEST_CASE("upcoming sets a right-to-left talk title beside its time, not at the far end of the row") {
    Program p = multiscript();
    Instant now = at(p, "2025-03-12T10:00");
    Scene scene(std::move(p), now);
    REQUIRE(scene.config.rotation[1].kind == PageKind::upcoming);
    const std::string title =
        "\u0645\u0633\u062a\u0642\u0628\u0644 \u0627\u0644\u062d\u0648\u0633\u0628\u0629 \u0641\u064a";  // "The future
                                                                                                         // of computing
                                                                                                         // in ..."
    for (ImVec2 size : {ImVec2{1920, 1080}, ImVec2{3840, 2160}}) {
        INFO(size.x << "x" << size.y);
        bool seen = false;
        for (int screen = 0; screen < 4 && !seen; ++screen) {
            Recorded r = recorded(scene, size, 1, screen);
            for (const ui::TextRun* run : r.with(title)) {
                if (run->text.find("Keynote") != std::string::npos) continue;  // the session's own title line
                seen = true;
                // Its time's column ends about a fifth of the way across; the row's end is far right.
                CHECK(run->box.min.x < size.x * 0.3f);
            }
        }
        CHECK(seen);
    }
}
