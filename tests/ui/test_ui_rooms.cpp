// The rooms board: rows that wrap, the way there beside each room, room names kept whole.
// Drawn through Dear ImGui with no window (tests/ui/ui_scenes.hpp).
#include <catch2/catch.hpp>

#include "ui/ui_scenes.hpp"

using namespace hallboard;
using namespace hallboard::test;
using namespace uitest;

TEST_CASE("rooms that fit on one screen wrap long titles instead of cutting them beside free space") {
    std::string rooms, sessions;
    const std::string title = "A deliberately long session title about scheduling heterogeneous accelerators at scale";
    for (int i = 0; i < 6; ++i) {
        std::string id = "r" + std::to_string(i);
        rooms += std::string(i ? "," : "") + R"({"id": ")" + id + R"(", "name": "Room )" + std::to_string(i) + "\"}";
        sessions += std::string(i ? "," : "") + R"({"id": "s)" + std::to_string(i) + R"(", "title": ")" + title +
                    R"(", "kind": "oral", "start": "2026-06-10T10:00", "end": "2026-06-10T11:00", "room": ")" + id +
                    "\"}";
    }
    ProgramLoad l =
        load(programJson("Europe/Berlin", R"("rooms": [)" + rooms + R"(], "sessions": [)" + sessions + "]"));
    REQUIRE(l.ok());
    Instant now = at(*l.program, "2026-06-10T10:20");
    Scene scene(std::move(*l.program), now);
    Recorded r = recorded(scene, {1080, 1920}, 0);
    auto parts = r.with("deliberately");
    REQUIRE(parts.size() == 6);
    for (const ui::TextRun* run : parts) {
        INFO(run->text);
        CHECK(!run->cut);
    }
}

TEST_CASE("with a venue, now & next and the rooms board show the way to each room, at every size, without overlaps") {
    Program p = fixture();
    Instant now = at(p, "2021-04-06T09:45");
    Scene scene(std::move(p), now);
    scene.config.rotation.push_back(
        {PageKind::rooms, std::chrono::milliseconds{15000}, {}, std::chrono::minutes{180}, 0, 0, std::nullopt, {}});
    std::size_t rooms = scene.config.rotation.size() - 1;
    for (ImVec2 size : kSizes) {
        INFO(size.x << "x" << size.y);
        scene.view.wayfinding = nullptr;
        CHECK_FALSE(recorded(scene, size, 0).has(" min · "));  // no venue: the pages as they were
        CHECK_FALSE(recorded(scene, size, rooms).has(" min · "));
        Wayfinding w = twoRoomWayfinding(scene.program);
        scene.view.wayfinding = &w;
        for (std::size_t page : {std::size_t{0}, rooms}) {
            INFO("page " << page);
            Recorded r = recorded(scene, size, page);  // small print at 800x480 included
            // A line that starts with the minutes: "2 min · upstairs", or "2 min" over
            // "upstairs" in a narrow column.
            auto starts = [&](const std::string& head) {
                return std::any_of(r.runs.begin(), r.runs.end(),
                                   [&](const ui::TextRun& run) { return run.text.rfind(head, 0) == 0; });
            };
            CHECK(starts("2 min"));  // Main Hall, upstairs
            CHECK(starts("1 min"));  // Room B, this floor
            checkLayout(drawn(scene, size, page), size);
        }
    }
}

TEST_CASE("the rooms board keeps world-script room names whole beside the way there, at every size") {
    Program p = multiscript();
    std::optional<Wayfinding> w = lobbyWayfinding(p, "multiscript.venue.json");
    Instant now = at(p, "2025-03-12T09:20");
    Scene scene(std::move(p), now);
    scene.view.wayfinding = &*w;
    scene.config.rotation.push_back(
        {PageKind::rooms, std::chrono::milliseconds{15000}, {}, std::chrono::minutes{180}, 0, 0, std::nullopt, {}});
    std::size_t page = scene.config.rotation.size() - 1;
    for (ImVec2 size : kSizes) {
        INFO(size.x << "x" << size.y);
        Recorded r = recorded(scene, size, page);
        for (const Room& room : scene.program.rooms) {
            INFO(room.name);
            // Drawn whole: a run with exactly the name (a cut one ends in "…").
            CHECK(std::any_of(r.runs.begin(), r.runs.end(),
                              [&](const ui::TextRun& run) { return run.text == room.name; }));
        }
        CHECK(r.has("min"));  // and the way there beside or under each
        checkLayout(drawn(scene, size, page), size);
    }
}

TEST_CASE("a rooms board with room to spare wraps long titles, and keeps the way there a gap from what is on") {
    // One room on a 1080p board: "ModularNAS: Towards Modularized an…" over a screen
    // left empty. Titles take two lines when every room still fits on one screen.
    std::string rooms, sessions;
    const std::string title = "A deliberately long session title about scheduling heterogeneous accelerators at scale";
    for (int i = 0; i < 2; ++i) {
        std::string id = i == 0 ? "main" : "b";
        rooms +=
            std::string(i ? "," : "") + R"({"id": ")" + id + R"(", "name": ")" + (i ? "Room B" : "Main Hall") + "\"}";
        sessions += std::string(i ? "," : "") + R"({"id": "s)" + std::to_string(i) + R"(", "title": ")" + title +
                    R"(", "kind": "oral", "start": "2026-06-10T10:00", "end": "2026-06-10T11:00", "room": ")" + id +
                    "\"}," + R"({"id": "n)" + std::to_string(i) + R"(", "title": "Next )" + title +
                    R"(", "kind": "oral", "start": "2026-06-10T11:00", "end": "2026-06-10T12:00", "room": ")" + id +
                    "\"}";
    }
    ProgramLoad l =
        load(programJson("Europe/Berlin", R"("rooms": [)" + rooms + R"(], "sessions": [)" + sessions + "]"));
    REQUIRE(l.ok());
    Instant now = at(*l.program, "2026-06-10T10:20");
    Scene scene(std::move(*l.program), now);
    scene.config.rotation.push_back(
        {PageKind::rooms, std::chrono::milliseconds{15000}, {}, std::chrono::minutes{180}, 0, 0, std::nullopt, {}});
    std::size_t board = scene.config.rotation.size() - 1;
    Wayfinding w = twoRoomWayfinding(scene.program);
    for (bool venue : {false, true})
        for (ImVec2 size : {ImVec2{1280, 720}, ImVec2{1920, 1080}, ImVec2{1080, 1920}, ImVec2{3840, 2160}}) {
            INFO(size.x << "x" << size.y << (venue ? " with" : " without") << " a venue");
            scene.view.wayfinding = venue ? &w : nullptr;
            Recorded r = recorded(scene, size, board);
            auto parts = r.with("deliberately");
            REQUIRE(parts.size() == 4);  // now and next in both rooms
            for (const ui::TextRun* run : parts) {
                INFO(run->text);
                CHECK_FALSE(run->cut);
            }
            CHECK(r.has("Main Hall"));
            if (!venue || size.y > size.x) continue;  // portrait: the way there is under the name
            // The way there ends a full gap before the title on now: it reads with the room.
            for (const char* minutes : {"2 min", "1 min"}) {
                auto tag = r.with(minutes);
                REQUIRE(!tag.empty());
                const ui::TextRun* nowTitle = nullptr;
                for (const ui::TextRun* run : parts)
                    if (std::fabs(run->box.min.y - tag.front()->box.min.y) < r.theme.body * 0.5f &&
                        run->box.min.x > tag.front()->box.max.x)
                        if (!nowTitle || run->box.min.x < nowTitle->box.min.x) nowTitle = run;
                REQUIRE(nowTitle);
                CHECK(nowTitle->box.min.x - tag.front()->box.max.x >= r.theme.gap * 0.9f);
            }
        }
}

TEST_CASE("room names are never broken inside a word, a shared prefix gives way to the part that tells rooms apart") {
    // "Assembly:Freiwurs" over "t" in the board's room column at 800x480.
    auto load = loadProgramFile(std::string(HALLBOARD_SOURCE_DIR) + "/data/stress-40-rooms.json");
    REQUIRE(load.ok());
    Program p = std::move(*load.program);
    const char* corners[] = {"Freiwurst", "Anarchist Bakery", "Hardware Hacking Area", "Chaos Post Office"};
    for (std::size_t i = 0; i < 4; ++i) p.rooms[i].name = std::string("Assembly:") + corners[i];
    p.rooms[4].name = "Lecture Theatre of the Department of Computer Science";
    p.rooms[4].shortName = "CS Theatre";
    Instant now = at(p, "2027-06-14T10:15");
    Scene scene(std::move(p), now);
    std::size_t rooms = scene.config.rotation.size();
    scene.config.rotation.push_back(
        {PageKind::rooms, std::chrono::milliseconds{15000}, {}, std::chrono::minutes{180}, 0, 0, std::nullopt, {}});
    std::size_t nowNext = 0;
    while (scene.config.rotation[nowNext].kind != PageKind::nowNext) ++nowNext;
    for (ImVec2 size : kSizes) {
        INFO(size.x << "x" << size.y);
        for (std::size_t page : {rooms, nowNext}) {
            INFO("page " << page);
            // Every screen of the board (the rooms done for the day are on its last line).
            RecordingText t = drawn(scene, size, page, 0);
            for (int screen = 1; page == rooms && screen < 8; ++screen) {
                RecordingText more = drawn(scene, size, page, screen);
                t.lines.insert(t.lines.end(), more.lines.begin(), more.lines.end());
            }
            for (std::size_t i = 0; i < 5; ++i) {
                const std::string& name = scene.program.rooms[i].name;
                std::string shortName = roomShortName(scene.program, static_cast<Index>(i));
                bool shown = false;
                for (auto l : t.lines) {
                    if (l.text.empty()) continue;
                    for (auto at = l.text.find("\u00A0"); at != std::string::npos; at = l.text.find("\u00A0", at))
                        l.text.replace(at, 2, " ");  // the shared line's no-break spaces
                    bool whole = l.text == name || l.text == shortName;
                    bool cut = l.text.size() > 3 && l.text.substr(l.text.size() - 3) == "…" &&
                               (name.rfind(l.text.substr(0, l.text.size() - 3), 0) == 0 ||
                                shortName.rfind(l.text.substr(0, l.text.size() - 3), 0) == 0);
                    // A line that is a piece of the name: the name's parts, whole words.
                    bool piece = !whole && !cut && name.find(l.text) != std::string::npos && l.text.size() >= 3;
                    if (piece) {
                        auto at = name.find(l.text);
                        std::size_t end = at + l.text.size();
                        INFO("\"" << l.text << "\" of \"" << name << "\"");
                        CHECK((end == name.size() || name[end] == ' ' || name[end - 1] == ':'));
                        CHECK((at == 0 || name[at - 1] == ' ' || name[at - 1] == ':'));
                    }
                    // The rooms with nothing more today share a line: by their short names.
                    bool listed =
                        l.text.find("  ·  ") != std::string::npos && l.text.find(shortName) != std::string::npos;
                    shown = shown || whole || cut || piece || listed;
                }
                INFO(name);
                if (!shown)
                    for (const auto& l : t.lines) UNSCOPED_INFO("drawn: " << l.text);
                CHECK(shown);
            }
            // Where the whole name is cut, the short form is shown instead.
            for (const auto& l : t.lines)
                CHECK((l.text.rfind("Assembly:Fr", 0) != 0 || l.text == "Assembly:Freiwurst"));
        }
    }
    CHECK(roomShortName(scene.program, 0) == "Freiwurst");
    CHECK(roomShortName(scene.program, 4) == "CS Theatre");
    CHECK(roomShortName(scene.program, 5) == scene.program.rooms[5].name);
}

TEST_CASE("before the day's talks the rooms board gives what comes next the space of what is on now") {
    // 08:30 on the second day of a 40-room program: one keynote on, every other room
    // empty until 09:30 or later. The board had a column of "—" and the next talks' titles
    // cut beside it ("Energy and…", "Edge and mobile:…").
    auto load = loadProgramFile(std::string(HALLBOARD_SOURCE_DIR) + "/data/stress-40-rooms.json");
    REQUIRE(load.ok());
    Program p = std::move(*load.program);
    Instant now = at(p, "2027-06-15T08:30");
    Scene scene(std::move(p), now);
    std::size_t board = scene.config.rotation.size();
    scene.config.rotation.push_back(
        {PageKind::rooms, std::chrono::milliseconds{15000}, {}, std::chrono::minutes{180}, 0, 0, std::nullopt, {}});
    const Program& program = scene.program;
    for (ImVec2 size : kSizes) {
        INFO(size.x << "x" << size.y);
        int emptyScreens = 0;
        for (int screen = 0; screen < 8; ++screen) {
            INFO("screen " << screen);
            std::vector<Index> on;
            {
                TestCanvas tc(scene, size);
                on = ui::boardRoomsOn(scene.view, scene.config.rotation[board], screen, tc.c);
            }
            if (on.empty()) break;
            auto statuses = scene.view.s().roomsAt(now, on);
            bool anyNow =
                std::any_of(statuses.begin(), statuses.end(), [](const RoomStatus& r) { return r.live || r.away; });
            Recorded r = recorded(scene, size, board, screen);
            // A screen with nothing on in any of its rooms has no column for it.
            if (!anyNow) {
                ++emptyScreens;
                CHECK_FALSE(std::any_of(r.runs.begin(), r.runs.end(),
                                        [](const ui::TextRun& run) { return run.text == "NOW"; }));
            }
            // Landscape: the talks to come whole (in portrait a title has two lines beside
            // the room's name): every one where nothing is on, and beside the keynote all
            // but a few, as NOW's column gives way (on main: 10 of 11 cut at 800x480, 4 of 15 at 1920x1080).
            std::size_t rows = 0, cut = 0;
            for (const RoomStatus& s : statuses) {
                if (!s.next || size.y > size.x) continue;
                // Rooms with nothing more today share the last line (by their names).
                const Session& next = program.sessions[*s.next];
                if (conferenceDayOf(program.conference, next.time.start) != scene.view.s().today(now)) continue;
                // On one line, or wrapped at a space onto the next line drawn.
                bool whole = false;
                for (std::size_t i = 0; i < r.runs.size() && !whole; ++i) {
                    const std::string& text = r.runs[i].text;
                    whole = text == next.title || (i + 1 < r.runs.size() && next.title.rfind(text + " ", 0) == 0 &&
                                                   r.runs[i + 1].text == next.title.substr(text.size() + 1));
                }
                ++rows;
                if (!whole) ++cut;
                if (!anyNow) CHECK(whole);
            }
            INFO(cut << " of " << rows << " cut");
            CHECK(cut * 3 <= rows);
            if (size.x >= 1280) CHECK(cut <= 1);
            // No "—" for nothing on: a row of its own (portrait: NEXT moves up to the
            // room's first line), or no column for it.
            if (!anyNow || size.y > size.x) CHECK_FALSE(r.has("—"));
        }
        CHECK(emptyScreens > 0);
        checkLayout(drawn(scene, size, board), size);
    }
}
