// The announcements page and the banner: cards fitted to what they say, one line or two, right-to-left titles.
// Drawn through Dear ImGui with no window (tests/ui/ui_scenes.hpp).
#include <catch2/catch.hpp>

#include "ui/ui_scenes.hpp"

using namespace hallboard;
using namespace hallboard::test;
using namespace uitest;

TEST_CASE("the announcements page fits its cards to what they say: short ones share a screen, a long one has its own") {
    Program p = fixture();
    Instant now = at(p, "2021-04-06T09:45");
    Scene scene(std::move(p), now);
    std::vector<Announcement> items = {
        {"Keynote overflow", "Room 2 shows the keynote live.", true, std::nullopt, std::nullopt},
        {"Welcome", "Badges and coffee in the foyer until 10:00.", false, std::nullopt, std::nullopt},
        {"Code of conduct", std::string(1500, 'x').replace(0, 0, "Please read it: ") + " end", false, std::nullopt,
         std::nullopt},
        {"Lunch", "On the terrace.", false, std::nullopt, std::nullopt},
    };
    // Spaces so that the long text wraps into many lines.
    for (std::size_t i = 20; i < items[2].text.size(); i += 9) items[2].text[i] = ' ';
    for (const Announcement& a : items) scene.view.announcements.push_back(&a);
    PageConfig page;
    page.kind = PageKind::announcements;
    for (ImVec2 size : kSizes) {
        INFO(size.x << "x" << size.y);
        int screens = 0;
        {
            TestCanvas probe(scene, size);  // one ImGui context at a time
            screens = ui::announcementsScreens(scene.view, page, probe.c);
        }
        // The two short ones on the first screen, the long one alone, the last after it.
        REQUIRE(screens == 3);
        std::vector<std::string> seen;
        for (int screen = 0; screen < screens; ++screen) {
            TestCanvas tc(scene, size);
            ui::drawAnnouncements(scene.view, page, screen, tc.c);
            std::string titles;
            for (const auto& l : tc.text.lines)
                for (const Announcement& a : items)
                    if (l.text == a.title) titles += a.title + ";";
            seen.push_back(titles);
            checkLayout(tc.text, size);
            // Nothing below the content area (the page's footer stays clear).
            ui::Rect content = ui::contentRect(tc.c);
            for (const auto& l : tc.text.lines) {
                INFO(l.text.substr(0, 40));
                CHECK(l.pos.y + l.px <= content.max.y + 1);
            }
        }
        CHECK(seen[0] == "Keynote overflow;Welcome;");
        CHECK(seen[1] == "Code of conduct;");
        CHECK(seen[2] == "Lunch;");
    }
}

TEST_CASE("every announcement on the announcements page is drawn whole, not only the first (#28.8)") {
    Program p = fixture();
    Scene scene(std::move(p), at(fixture(), "2021-04-06T10:30"));
    std::vector<Announcement> items = {
        {"Room change",
         "The systems session moves from the Main room to Room B on the first floor, take the stairs by the "
         "cafe or the lift by the cloakroom. The talks keep their times; the live stream follows.",
         true, std::nullopt, std::nullopt},
        {"Lunch",
         "Lunch is served on the terrace from 12:30 to 14:00. Vegetarian, vegan and gluten-free dishes are labelled; "
         "ask a volunteer in a yellow shirt if you need something else. Please bring your badge.",
         false, std::nullopt, std::nullopt},
        {"Posters",
         "Put your poster up in the foyer by 15:00. Boards are numbered by paper ID; pins and tape are at the "
         "registration desk. Posters stay up until 18:00, when the reception starts.",
         false, std::nullopt, std::nullopt},
        {"Social event",
         "The conference dinner is at 19:30 at the Maritime Museum, a ten-minute walk along the river. Buses "
         "leave from the main entrance at 19:00 for those who prefer not to walk.",
         false, std::nullopt, std::nullopt},
    };
    for (const Announcement& a : items) scene.view.announcements.push_back(&a);
    PageConfig page;
    page.kind = PageKind::announcements;
    for (ImVec2 size : kSizes) {
        INFO(size.x << "x" << size.y);
        int screens = 0;
        {
            TestCanvas probe(scene, size);
            screens = ui::announcementsScreens(scene.view, page, probe.c);
        }
        std::string drawn;
        for (int screen = 0; screen < screens; ++screen) {
            TestCanvas tc(scene, size);
            ui::drawAnnouncements(scene.view, page, screen, tc.c);
            for (const auto& l : tc.text.lines) {
                INFO(l.text);
                CHECK(l.text.find("\u2026") == std::string::npos);  // nothing cut short
                drawn += l.text + " ";
            }
        }
        // Every sentence's last words are on screen.
        for (const char* end : {"stream follows.", "your badge.", "reception starts.", "not to walk."}) {
            INFO(end);
            CHECK(drawn.find(end) != std::string::npos);
        }
    }
}

TEST_CASE("a banner too long for one line takes two, whole, and the page above gives it the room") {
    Program p = fixture();
    Instant now = at(p, "2021-04-06T09:45");
    Scene scene(std::move(p), now);
    Announcement shortOne{"Wi-Fi", "MLSys, systems4ml.", false, std::nullopt, std::nullopt};
    Announcement longOne{
        "Keynote overflow",
        "The Main room is full: the keynote is shown live in the Café on the ground floor, on the big screen.", true,
        std::nullopt, std::nullopt};
    for (ImVec2 size : {ImVec2{800, 480}, ImVec2{1080, 1920}}) {
        INFO(size.x << "x" << size.y);
        scene.view.announcements = {&shortOne};
        float one = 0, two = 0;
        {
            TestCanvas tc(scene, size);
            one = ui::bannerHeight(scene.view, tc.c);
        }
        scene.view.announcements = {&longOne};
        {
            TestCanvas tc(scene, size);
            two = ui::bannerHeight(scene.view, tc.c);
        }
        CHECK(two > one * 1.5f);
        // Drawn on now & next: the words whole over two lines, none cut, nothing on top of them.
        RecordingText t = drawn(scene, size, 0);
        std::string all;
        for (const auto& l : t.lines) all += l.text + " ";
        INFO(all);
        CHECK(all.find("Keynote overflow  ·  The Main room is full: the keynote is shown live in the Café on the "
                       "ground floor, "
                       "on the big screen.") != std::string::npos);
        checkLayout(t, size);
    }
}

TEST_CASE("an announcement's right-to-left title never turns the banner's line around (#26.9)") {
    // "עדכון" (update) before "10:30 Room B moved": without the isolate, the line took the
    // title's direction and read "Room B moved 10:30 · עדכון" from the left.
    Announcement a;
    a.title = "עדכון";
    a.text = "10:30 Room B moved";
    std::string line = ui::bannerLine(a);
    CHECK(paragraphDirection(line) == Direction::ltr);  // the text's, not the title's
    std::vector<BidiRun> runs = visualRuns(line, paragraphDirection(line));
    auto runOf = [&](std::size_t byte) {
        for (std::size_t i = 0; i < runs.size(); ++i)
            if (runs[i].begin <= byte && byte < runs[i].end) return i;
        return runs.size();
    };
    // From the left: the title, then the time, then the words, in the order they were written.
    std::size_t title = runOf(line.find("עדכון")), time = runOf(line.find("10:30")), words = runOf(line.find("Room"));
    REQUIRE(time < runs.size());
    CHECK(title < time);
    CHECK(time <= words);
    CHECK_FALSE(runs[time].rtl());
    // A left-to-right title is left as it is; a right-to-left text keeps its own direction.
    a.title = "Update";
    a.text = "החדר הועבר";
    CHECK(ui::bannerLine(a) == "Update  ·  החדר הועבר");
}
