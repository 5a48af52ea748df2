// Text on the pages: wrapping, initials, passages in any script, the shapes a software rasteriser fills.
// Drawn through Dear ImGui with no window (tests/ui/ui_scenes.hpp).
#include <catch2/catch.hpp>

#include "ui/ui_scenes.hpp"

using namespace hallboard;
using namespace hallboard::test;
using namespace uitest;

TEST_CASE("wrapping: by words, by characters when a word is too long, with an ellipsis") {
    ui::Measure chars = [](std::string_view s) {
        float n = 0;
        for (std::size_t i = 0; i < s.size();) {
            nextCodepoint(s, i);
            n += 1;
        }
        return n;
    };
    CHECK(ui::wrapText("aaa bbb ccc ddd", 7, chars).lines == std::vector<std::string>{"aaa bbb", "ccc ddd"});
    // A word wider than the line is never broken inside: it is cut with "…". A URL or
    // an identifier is cut between characters; a name of parts after a separator.
    CHECK(ui::wrapText("abcdefghijklmnop", 5, chars).lines == std::vector<std::string>{"abcd…"});
    CHECK(ui::wrapText("see abcdefghijklmnop and", 5, chars).lines == std::vector<std::string>{"see", "abcd…", "and"});
    CHECK(ui::wrapText("x.io/abcdefghij", 5, chars).lines == std::vector<std::string>{"x.io/", "abcde", "fghij"});
    CHECK(ui::wrapText("a1b2c3d4e5f6", 5, chars).lines == std::vector<std::string>{"a1b2c", "3d4e5", "f6"});
    CHECK(ui::wrapText("Assembly:Freiwurst", 10, chars).lines == std::vector<std::string>{"Assembly:", "Freiwurst"});
    CHECK(ui::wrapText("Assembly:Freiwurst", 10, chars, 1).lines == std::vector<std::string>{"Assembly:…"});
    CHECK(ui::wrapText("東京都庁舎", 2, chars).lines == std::vector<std::string>{"東京", "都庁", "舎"});
    auto cut = ui::wrapText("aaa bbb ccc ddd eee", 7, chars, 2);
    CHECK(cut.truncated);
    CHECK(cut.lines == std::vector<std::string>{"aaa bbb", "ccc dd…"});
    CHECK(ui::wrapText("first\n\n\nsecond", 20, chars).lines == std::vector<std::string>{"first", "", "second"});
    CHECK_FALSE(ui::wrapText("fits", 20, chars, 1).truncated);
    // The separator never ends or starts a wrapped line: the break separates instead.
    CHECK(ui::wrapText("Wi-Fi: MLSys  ·  password systems4ml", 16, chars).lines ==
          std::vector<std::string>{"Wi-Fi: MLSys", "password", "systems4ml"});
    CHECK(ui::wrapText("Wi-Fi: MLSys  ·  password", 13, chars).lines ==
          std::vector<std::string>{"Wi-Fi: MLSys", "password"});
    CHECK(ui::wrapText("a · b", 20, chars).lines == std::vector<std::string>{"a · b"});  // unwrapped: kept
    CHECK(ui::wrapText("col·lecció col·lecció", 10, chars).lines ==
          std::vector<std::string>{"col·lecció", "col·lecció"});
}

TEST_CASE("initials for avatars") {
    CHECK(ui::initials("William Dally") == "WD");
    CHECK(ui::initials("Yu (Emma) Wang") == "YW");
    CHECK(ui::initials("ada lovelace") == "AL");
    CHECK(ui::initials("Dr. Erika Mustermann") == "EM");
    CHECK(ui::initials("Ørjan Åsen") == "ØÅ");
    CHECK(ui::initials("田中 花子") == "田花");
}

TEST_CASE("a passage keeps whole sentences in any script: CJK, Arabic and Devanagari sentence ends count") {
    auto sceneOwner = oneSessionAt("2026-06-10T10:10");
    Scene& scene = *sceneOwner;
    TestCanvas tc(scene, {1920, 1080});
    ui::TextStyle style{ui::Face::text, tc.theme.body, ui::Weight::regular, IM_COL32_WHITE};
    struct Case {
        std::string first, rest;
    };
    const Case cases[] = {
        {"第一句话。", "第二句话很长很长很长很长很长很长很长很长很长很长很长很长很长很长很长很长很长很长。"},
        {"هل تعمل؟", " الجملة الثانية طويلة جدا جدا جدا جدا جدا جدا جدا جدا جدا جدا جدا جدا جدا."},
        {"यह पहला वाक्य है।", " दूसरा वाक्य बहुत लंबा है और एक पंक्ति में नहीं आता है बिल्कुल भी नहीं आता है।"},
        {"The first sentence.", " The second one is far too long to fit on the same line as the first one was."},
    };
    for (const Case& c : cases) {
        INFO(c.first);
        // Room for the first sentence on one line, not for both.
        float width = ui::measure(tc.c, c.first, ui::Face::text, tc.theme.body, ui::Weight::regular) + 40;
        ui::TextBlock block = ui::layoutSentences(tc.c, c.first + c.rest, style, width, 1);
        REQUIRE(block.lines.size() == 1);
        CHECK(block.lines[0] == c.first);
        CHECK(!block.truncated);
    }
}

TEST_CASE("rounded cards cost a software rasteriser their corners, not their area many times over") {
    Program p = fixture();
    Instant now = at(p, "2021-04-06T09:45");
    Scene scene(std::move(p), now);
    for (std::size_t page : {0u, 1u}) {
        TestCanvas tc(scene, {1280, 720});
        Rotation::Frame frame;
        frame.current = Rotation::Slot{page, 0};
        ui::drawScreen(scene.view, frame, tc.c);
        CAPTURE(page);
        // A card filled as one fan tested its whole area a dozen times: many screens' worth.
        CHECK(testedPixels(*tc.c.list) < 0.25 * 1280 * 720);
    }
}

TEST_CASE("a rounded button inside a list that starts between pixels leaves no column unfilled") {
    // SDL takes a clip rectangle's corner and size as whole numbers, each truncated: a
    // corner square clipped by a list starting at x 15.4 lost its last column, a dark
    // seam down every person and room button (small-touch config at 800x480).
    Scene scene(fixture(), Instant{});
    TestCanvas tc(scene, {800, 480});
    ImDrawList& list = *tc.c.list;
    list.PushClipRect(ImVec2{15.4f, 10.3f}, ImVec2{493.9f, 468.1f}, true);
    int first = list.CmdBuffer.Size - 1;
    for (float x0 : {15.4f, 16.0f, 120.6f}) {
        INFO("button from x " << x0);
        ImVec2 a{x0, 100.2f}, b{x0 + 180.0f, 145.2f};
        ui::fillRect(tc.c, a, b, IM_COL32(40, 50, 60, 255), (b.y - a.y) * 0.5f);
        float y = std::round((a.y + b.y) * 0.5f) + 0.5f;  // a pixel row through the middle
        for (int col = static_cast<int>(std::round(a.x)) + 1; col < static_cast<int>(std::round(b.x)) - 1; ++col) {
            float px = static_cast<float>(col) + 0.5f;
            bool covered = false;
            for (int k = first; k < list.CmdBuffer.Size && !covered; ++k) {
                const ImDrawCmd& cmd = list.CmdBuffer[k];
                int cx = static_cast<int>(cmd.ClipRect.x), cw = static_cast<int>(cmd.ClipRect.z - cmd.ClipRect.x);
                int cy = static_cast<int>(cmd.ClipRect.y), ch = static_cast<int>(cmd.ClipRect.w - cmd.ClipRect.y);
                if (px < static_cast<float>(cx) || px > static_cast<float>(cx + cw) || y < static_cast<float>(cy) ||
                    y > static_cast<float>(cy + ch))
                    continue;
                for (unsigned i = 0; i + 2 < cmd.ElemCount && !covered; i += 3) {
                    ImVec2 p[3];
                    for (int v = 0; v < 3; ++v)
                        p[v] = list.VtxBuffer[list.IdxBuffer[cmd.IdxOffset + i + v] + cmd.VtxOffset].pos;
                    covered = px >= std::min({p[0].x, p[1].x, p[2].x}) && px <= std::max({p[0].x, p[1].x, p[2].x}) &&
                              y >= std::min({p[0].y, p[1].y, p[2].y}) && y <= std::max({p[0].y, p[1].y, p[2].y});
                }
            }
            INFO("column " << col);
            CHECK(covered);
        }
    }
    list.PopClipRect();
}

TEST_CASE("a long author line gives fewer names and \"et al.\" rather than a name cut short") {
    // "Riyadh Baghdadi, Massinissa Merouani, Mohamed-Hicham LEGHETTAS…" on now & next.
    Program p = sample();
    Index talk = 0;
    while (talk < p.talks.size() && p.talks[talk].title.rfind("A Deep Learning Based Cost Model", 0) != 0) ++talk;
    REQUIRE(talk < p.talks.size());
    REQUIRE(p.talks[talk].authors.size() > 4);
    REQUIRE(p.talks[talk].session);
    Index session = *p.talks[talk].session;
    Instant now = p.talks[talk].slot.start + std::chrono::minutes{5};
    BrowseScene scene(std::move(p), now);
    auto check = [](const std::vector<ui::TextRun>& runs) {
        bool seen = false;
        for (const auto& run : runs)
            if (run.text.rfind("Riyadh Baghdadi", 0) == 0) {
                INFO(run.text);
                seen = true;
                CHECK_FALSE(run.cut);
            }
        CHECK(seen);
    };
    using K = browse::Action::Kind;
    for (ImVec2 size : kSizes) {
        INFO(size.x << "x" << size.y);
        check(recorded(scene, size, 0).runs);        // now & next
        openBrowse(scene, {{K::session, session}});  // the talk's row on its session's page
        TestCanvas tc(scene, size);
        scene.view.browse.hits = &scene.catalog.hits(scene.browser.query());
        ui::drawBrowse(scene.view, tc.c);
        check(tc.record.runs);
    }
}

TEST_CASE("a right-to-left passage ends at its box's right edge, as headings do") {
    // An Arabic speaker bio of one line ended 450 px short of the right edge the name
    // above it was set to, at 4K.
    Scene scene(multiscript(), Instant{});
    TestCanvas tc(scene, ImVec2{1920, 1080});
    std::string bio =
        "\u0628\u0627\u062d\u062b \u0641\u064a \u0645\u0639\u0627\u0644\u062c\u0629 \u0627\u0644\u0644\u063a\u0629";
    float h = ui::passage(tc.c, bio, IM_COL32_WHITE, {ImVec2{100, 100}, 1200, 400}, 5);
    REQUIRE(h > 0);
    const ui::TextRun* run = nullptr;
    for (const auto& r : tc.record.runs)
        if (r.text == bio) run = &r;
    REQUIRE(run);
    CHECK(run->box.max.x == Approx(1300).margin(2));
    CHECK(run->box.min.x > 700);  // a short line, not stretched
    // A left-to-right passage still starts at the left.
    tc.record.runs.clear();
    ui::passage(tc.c, "A systems researcher.", IM_COL32_WHITE, {ImVec2{100, 600}, 1200, 300}, 5);
    REQUIRE(!tc.record.runs.empty());
    CHECK(tc.record.runs.back().box.min.x == Approx(100).margin(2));
}

TEST_CASE("after a right-to-left affiliation, \"3 talks\" still reads \"3 talks\"") {
    // The number and the word each took the line's direction and the space between them
    // the paragraph's: "talks 2" in a row of the people list.
    Program p = sample();
    p.people[0].name = "Aaron Aardvark";
    p.people[0].affiliation = "جامعة الملك سعود";
    for (Index t : {Index{0}, Index{1}}) p.talks[t].speakers.push_back(0);
    Instant now = *Scheduler(p).firstStart() + std::chrono::minutes{20};
    BrowseScene scene(std::move(p), now);
    scene.browser.apply({browse::Action::Kind::people}, 0.0);
    BrowseFrame f = drawnBrowse(scene, {1920, 1080});
    bool seen = false;
    for (const auto& l : f.text.lines) {
        if (l.text.find("talks") == std::string::npos || l.text.find("جامعة") == std::string::npos) continue;
        seen = true;
        // The run that holds "talks", in the order the line is shown, holds "2 talks".
        for (const BidiRun& run : visualRuns(l.text, paragraphDirection(l.text))) {
            std::string_view part = std::string_view(l.text).substr(run.begin, run.end - run.begin);
            if (part.find("talks") == std::string_view::npos) continue;
            INFO(l.text << ": the run \"" << part << "\"");
            std::size_t word = part.find("talks");
            CHECK((word >= 2 && part[word - 1] == ' ' && part[word - 2] >= '0' && part[word - 2] <= '9'));
            CHECK_FALSE(run.rtl());
        }
    }
    CHECK(seen);
}
