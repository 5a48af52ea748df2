// The pages drawn through Dear ImGui with no window and no SDL (as ImGui's example_null
// does), with a text-engine stand-in that records every line it is asked to draw.
#include <catch2/catch.hpp>
#include <cstdint>
#include <functional>
#include <set>
#include <imgui.h>

#include "bench/synthetic_program.hpp"
#include "browse/browser.hpp"
#include "browse/catalog.hpp"
#include "ui/browse_screens.hpp"
#include "base/i18n.hpp"
#include "model/language.hpp"
#include "base/text.hpp"
#include "base/unicode_text.hpp"
#include "platform/paths.hpp"
#include "support.hpp"
#include "ui/kiosk_screen.hpp"
#include "ui/pages.hpp"
#include "ui/text_wrap.hpp"

using namespace hallboard;
using namespace hallboard::test;

namespace {

// Measures 0.55 em a character; records what is drawn and where.
struct RecordingText : ui::TextEngine {
    struct Line {
        std::string text;
        ImVec2 pos;
        float px, width;
        float alpha;
        ImVec2 clipMin, clipMax;  // the draw list's clip rectangle when it was drawn
        ImU32 color = 0;
        // Entirely inside its clip rectangle (a list row not cut by the list's edge).
        bool whole() const {
            return pos.x >= clipMin.x - 1 && pos.y >= clipMin.y - 1 && pos.x + width <= clipMax.x + 1 &&
                   pos.y + px <= clipMax.y + 1;
        }
    };
    std::vector<Line> lines;
    float measure(std::string_view line, float px, ui::Weight, ui::Face) override {
        std::size_t n = 0;
        for (std::size_t i = 0; i < line.size();) {
            nextCodepoint(line, i);
            ++n;
        }
        return 0.55f * px * static_cast<float>(n);
    }
    void draw(ImDrawList* list, ImVec2 pos, std::string_view line, float px, ui::Weight w, ui::Face f, Direction,
              ImU32 color) override {
        float a = static_cast<float>((color >> IM_COL32_A_SHIFT) & 0xFF) / 255.0f;
        lines.push_back({std::string(line), pos, px, measure(line, px, w, f), a, list->GetClipRectMin(),
                         list->GetClipRectMax(), color});
    }
    bool has(const std::string& needle) const {
        return std::any_of(lines.begin(), lines.end(),
                           [&](const Line& l) { return l.text.find(needle) != std::string::npos; });
    }
};

struct NoImages : ui::Images {
    std::optional<ui::Image> load(const std::string&, ImVec2) override { return std::nullopt; }
};

// An ImGui context with the built-in font, one frame open, for the duration of a test.
struct NullImGui {
    ImGuiContext* ctx;
    ui::TextFonts fonts;
    explicit NullImGui(ImVec2 size) {
        ctx = ImGui::CreateContext();
        ImGuiIO& io = ImGui::GetIO();
        io.IniFilename = nullptr;
        io.DisplaySize = size;
        io.DeltaTime = 1.0f / 60.0f;
        ImFont* font = io.Fonts->AddFontDefault();
        unsigned char* pixels = nullptr;
        int w = 0, h = 0;
        io.Fonts->GetTexDataAsRGBA32(&pixels, &w, &h);
        fonts.sizes.emplace_back(13.0f, font);
        ImGui::NewFrame();
    }
    ~NullImGui() {
        ImGui::EndFrame();
        ImGui::DestroyContext(ctx);
    }
};

struct Scene {
    Program program;
    std::unique_ptr<Scheduler> scheduler;
    KioskConfig config = KioskConfig::defaults();
    ui::KioskView view;

    Scene(Program p, Instant now) : program(std::move(p)) {
        scheduler = std::make_unique<Scheduler>(program);
        view.program = &program;
        view.scheduler = scheduler.get();
        view.config = &config;
        view.now = now;
    }
};

Program fixture() {
    auto load = loadProgramFile(std::string(HALLBOARD_FIXTURES) + "/two-rooms.json");
    REQUIRE(load.ok());
    return std::move(*load.program);
}

// A canvas of `size` over a null ImGui frame, recording display type.
struct TestCanvas {
    NullImGui imgui;
    RecordingText text;
    NoImages images;
    ui::Theme theme;
    ui::LayoutRecord record;  // every run, atlas text included
    ui::Canvas c;
    TestCanvas(const Scene& scene, ImVec2 size)
        : imgui(size), theme(ui::makeTheme(scene.config.theme, scene.program.conference, size, scene.config.display)) {
        c.record = &record;
        c.list = ImGui::GetBackgroundDrawList();
        c.size = size;
        c.theme = &theme;
        c.engine = &text;
        c.images = &images;
        c.fonts = &imgui.fonts;
    }
};

// Draws one page of the rotation on a canvas of `size` and returns what was drawn.
RecordingText drawn(Scene& scene, ImVec2 size, std::size_t page, int screen = 0) {
    TestCanvas tc(scene, size);
    ui::Canvas& c = tc.c;
    RecordingText& text = tc.text;
    Rotation::Frame frame;
    frame.current = Rotation::Slot{page, screen};
    ui::drawScreen(scene.view, frame, c);
    return text;
}

// Every text run of one page of the rotation (the layout record), with the theme.
struct Recorded {
    std::vector<ui::TextRun> runs;
    ui::Theme theme;
    std::vector<const ui::TextRun*> with(const std::string& needle) const {
        std::vector<const ui::TextRun*> out;
        for (const auto& r : runs)
            if (r.text.find(needle) != std::string::npos) out.push_back(&r);
        return out;
    }
    bool has(const std::string& needle) const { return !with(needle).empty(); }
};

Recorded recorded(Scene& scene, ImVec2 size, std::size_t page, int screen = 0) {
    TestCanvas tc(scene, size);
    Rotation::Frame frame;
    frame.current = Rotation::Slot{page, screen};
    ui::drawScreen(scene.view, frame, tc.c);
    return {tc.record.runs, tc.theme};
}

// Every line inside the screen, and no two lines on top of each other.
void checkLayout(const RecordingText& t, ImVec2 size) {
    for (const auto& l : t.lines) {
        INFO("\"" << l.text << "\" at " << l.pos.x << "," << l.pos.y << " size " << l.px);
        CHECK(l.pos.x >= 0);
        CHECK(l.pos.y >= 0);
        CHECK(l.pos.x + l.width <= size.x + 1);
        CHECK(l.pos.y + l.px <= size.y + 1);
    }
    for (std::size_t i = 0; i < t.lines.size(); ++i)
        for (std::size_t j = i + 1; j < t.lines.size(); ++j) {
            const auto& a = t.lines[i];
            const auto& b = t.lines[j];
            bool apart = a.pos.x + a.width <= b.pos.x + 2 || b.pos.x + b.width <= a.pos.x + 2 ||
                         a.pos.y + a.px <= b.pos.y + 2 || b.pos.y + b.px <= a.pos.y + 2;
            INFO("\"" << a.text << "\" overlaps \"" << b.text << "\"");
            CHECK(apart);
        }
}

const ImVec2 kSizes[] = {{800, 480}, {1280, 720}, {1920, 1080}, {1080, 1920}, {3840, 2160}};

}  // namespace

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
    OverridesLoad changes = parseOverrides(R"({"changes": [
        {"session": "s1", "late_minutes": 10}, {"talk": "fluid", "cancelled": true},
        {"session": "b1", "move_to": "main", "note": "Room B has no power"}]})",
                                           "overrides.json");
    REQUIRE(changes.ok());
    std::vector<Diagnostic> diags;
    REQUIRE(applyOverrides(p, *changes.overrides, "overrides.json", diags));
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
static std::unique_ptr<Scene> fiftyRooms() {
    bench::SyntheticSpec spec;
    spec.talks = 2000;
    spec.rooms = 50;
    spec.days = 2;
    Program p = bench::syntheticProgram(spec);
    Instant now = *Scheduler(p).firstStart() + std::chrono::minutes{30};
    return std::make_unique<Scene>(std::move(p), now);
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

namespace {

// The bundled MLSys 2021 sample: long titles, long abstracts, bios, links.
Program sample() {
    auto load = loadProgramFile(std::string(HALLBOARD_SOURCE_DIR) + "/data/mlsys2021.json");
    REQUIRE(load.ok());
    return std::move(*load.program);
}

struct BrowseScene : Scene {
    browse::Catalog catalog;
    browse::Browser browser;
    BrowseScene(Program p, Instant now) : Scene(std::move(p), now), catalog(program) {
        view.browse.browser = &browser;
        view.browse.directory = &catalog.directory();
        view.browse.catalog = &catalog;
    }
};

struct BrowseFrame {
    RecordingText text;
    std::vector<browse::Target> targets;
    browse::FrameFacts facts;
};

// `images`: pictures to draw with (none: every picture missing).
BrowseFrame drawnBrowse(BrowseScene& scene, ImVec2 size, ui::Images* images = nullptr) {
    TestCanvas tc(scene, size);
    if (images) tc.c.images = images;
    BrowseFrame f;
    tc.c.targets = &f.targets;
    tc.c.facts = &f.facts;
    scene.view.browse.hits = &scene.catalog.hits(scene.browser.query());
    ui::drawBrowse(scene.view, tc.c);
    f.text = tc.text;
    return f;
}

// What a visitor sees of a browse screen is in place: text inside the screen and not on
// top of other text (list rows cut off by the list's edge excepted), every target at
// least a thumb's size, inside the screen, and fixed targets not on top of each other.
void checkBrowseLayout(const BrowseFrame& f, ImVec2 size, float thumb) {
    float listTop = f.facts.listTop, listBottom = f.facts.listTop + f.facts.listHeight;
    RecordingText seen;
    for (const auto& l : f.text.lines)
        if (l.whole()) seen.lines.push_back(l);  // rows cut by the list's edge are clipped there
    checkLayout(seen, size);
    std::vector<const browse::Target*> fixed;
    for (const auto& tg : f.targets) {
        if (tg.inList && (tg.y1 <= listTop || tg.y0 >= listBottom)) continue;  // scrolled out of view
        INFO("target " << tg.x0 << "," << tg.y0 << " - " << tg.x1 << "," << tg.y1 << " (action "
                       << static_cast<int>(tg.action.kind) << ")");
        CHECK(tg.x0 >= 0);
        CHECK(tg.x1 <= size.x + 1);
        CHECK(tg.x1 - tg.x0 >= thumb - 0.5f);
        CHECK(tg.y1 - tg.y0 >= thumb - 0.5f);
        if (!tg.inList) {
            CHECK(tg.y0 >= 0);
            CHECK(tg.y1 <= size.y + 1);
            fixed.push_back(&tg);
        }
    }
    for (std::size_t i = 0; i < fixed.size(); ++i)
        for (std::size_t j = i + 1; j < fixed.size(); ++j) {
            const auto& a = *fixed[i];
            const auto& b = *fixed[j];
            bool apart = a.x1 <= b.x0 + 1 || b.x1 <= a.x0 + 1 || a.y1 <= b.y0 + 1 || b.y1 <= a.y0 + 1;
            INFO("targets overlap: " << a.x0 << "," << a.y0 << " - " << a.x1 << "," << a.y1 << " and " << b.x0 << ","
                                     << b.y0 << " - " << b.x1 << "," << b.y1);
            CHECK(apart);
        }
}

}  // namespace

// Every browse screen in `language` at `sizes`: text on screen, targets a thumb wide and apart.
static void checkEveryBrowseScreen(const std::string& language, const std::vector<ImVec2>& sizes) {
    setCatalogueDir(platform::localeDir());
    useLanguage(language);  // the loop does this at each session swap; drawBrowse is called directly here
    Program p = sample();
    // The invited talk's session (it has a speaker with a bio) and its talk.
    Index session = 0, talk = 0;
    for (Index i = 0; i < p.sessions.size(); ++i)
        if (p.sessions[i].kind == SessionKind::invited && !p.sessions[i].talks.empty()) {
            session = i;
            talk = p.sessions[i].talks.front();
            break;
        }
    REQUIRE(!p.talks[talk].abstract.empty());
    Index longest = 0;  // the talk with the longest title
    for (Index i = 0; i < p.talks.size(); ++i)
        if (p.talks[i].title.size() > p.talks[longest].title.size()) longest = i;
    Instant now = *Scheduler(p).firstStart() + std::chrono::minutes{20};
    BrowseScene scene(std::move(p), now);
    scene.config.language = language;
    REQUIRE(!scene.catalog.directory().empty());
    using K = browse::Action::Kind;
    struct Screen {
        const char* name;
        std::vector<browse::Action> actions;
    };
    const std::vector<Screen> screens = {
        {"schedule", {{K::schedule, 0}}},
        {"schedule, one room", {{K::schedule, 0}, {K::room, 1}}},
        {"session", {{K::session, session}}},
        {"talk", {{K::talk, talk}}},
        {"talk with the longest title", {{K::talk, longest}}},
        {"people", {{K::people}}},
        {"person", {{K::person, 0}}},
        {"room", {{K::place, 0}}},
        {"search with the keyboard", {{K::search}, {K::typeText, 0, "learning"}}},
        {"search without the keyboard", {{K::search}, {K::typeText, 0, "data"}, {K::keyboard}}},
        {"search finding nothing", {{K::search}, {K::typeText, 0, "zzzqqq"}}},
        {"search typed on the language's letters", {{K::search}, {K::typeText, 0, "ü"}, {K::typeText, 0, "é"}}},
    };
    for (ImVec2 size : sizes) {
        for (const Screen& screen : screens) {
            INFO(screen.name << " at " << size.x << "x" << size.y << " in " << language);
            scene.browser.apply({K::home}, 0.0);
            for (const auto& a : screen.actions) scene.browser.apply(a, 0.0);
            BrowseFrame f = drawnBrowse(scene, size);
            CHECK(!f.text.lines.empty());
            CHECK(f.targets.size() >= 4);  // back, the three parts, home
            ui::Theme theme = ui::makeTheme(scene.config.theme, scene.program.conference, size, scene.config.display);
            checkBrowseLayout(f, size, ui::browse_ui::thumb(theme));
        }
    }
    useLanguage("en");
}

TEST_CASE("every browse screen fits every size: text on screen, targets a thumb wide and apart") {
    checkEveryBrowseScreen("en", std::vector<ImVec2>(std::begin(kSizes), std::end(kSizes)));
}

TEST_CASE("every browse screen fits 800x480 and 1920x1080 in German and French and Spanish") {
    struct Words {
        const char* language;
        const char* back;
        const char* key;  // a key of the language's own letters
    };
    for (Words w : {Words{"de", "‹  Zurück", "Ä"}, Words{"de", "‹  Zurück", "ß"}, Words{"fr", "‹  Retour", "Ç"},
                    Words{"es", "‹  Atrás", "Ñ"}, Words{"es", "‹  Atrás", "¿"}}) {
        INFO(w.language);
        checkEveryBrowseScreen(w.language, {{800, 480}, {1920, 1080}});
        // The bar and the keyboard speak the language: the screens above were checked in it.
        BrowseScene scene(sample(), at(sample(), "2021-04-06T09:45"));
        scene.config.language = w.language;
        useLanguage(w.language);
        scene.browser.apply({browse::Action::Kind::search}, 0.0);
        BrowseFrame f = drawnBrowse(scene, {800, 480});
        auto drawn = [&](const std::string& s) {
            return std::any_of(f.text.lines.begin(), f.text.lines.end(), [&](const auto& l) { return l.text == s; });
        };
        CHECK(drawn(w.back));
        CHECK(drawn(w.key));
        CHECK(!drawn("‹  Back"));
        // Its key types the letter itself, lower case ("ß" stays "ß").
        auto key = std::find_if(f.targets.begin(), f.targets.end(), [&](const browse::Target& t) {
            return t.action.kind == browse::Action::Kind::typeText && localUpper(t.action.text) == w.key;
        });
        CHECK((key != f.targets.end() || std::string(w.key) == "ß"));
        useLanguage("en");
    }
}

TEST_CASE(
    "a search with the keyboard up shows a whole result at 800x480 in every language, the countdown's strip kept") {
    // The countdown's strip is kept the whole visit (#28.7); in German the umlauts' row of
    // their own had then left 16 px of the first result under the field.
    for (const char* language : {"en", "de", "fr", "es"}) {
        INFO(language);
        BrowseScene scene(sample(), at(sample(), "2021-04-06T09:45"));
        scene.config.language = language;
        useLanguage(language);
        scene.browser.apply({browse::Action::Kind::search}, 0.0);
        scene.browser.apply({browse::Action::Kind::typeText, 0, "micro"}, 0.1);
        REQUIRE(scene.browser.keyboardShown());
        for (double idleLeft : {45.0, 3.2}) {
            scene.view.browse.idleLeft = idleLeft;
            BrowseFrame f = drawnBrowse(scene, {800, 480});
            float top = f.facts.listTop, bottom = f.facts.listTop + f.facts.listHeight;
            bool whole = std::any_of(f.targets.begin(), f.targets.end(), [&](const browse::Target& t) {
                return t.inList && t.action.kind == browse::Action::Kind::talk && t.y0 >= top - 0.5f &&
                       t.y1 <= bottom + 0.5f;
            });
            CHECK(whole);
        }
        useLanguage("en");
    }
}

TEST_CASE("a talk's QR code is drawn only with modules a phone reads: 0.5 mm on the configured panel (#28.10)") {
    Program p = sample();
    std::optional<Index> calendarTalk, linkTalk;
    for (Index i = 0; i < p.talks.size(); ++i) {
        auto away = browse::takeAway(p, p.talks[i]);
        if (!away) continue;
        if (away->kind == browse::TakeAway::Kind::calendar && !calendarTalk) calendarTalk = i;
        if (away->kind == browse::TakeAway::Kind::link && !linkTalk) linkTalk = i;
    }
    REQUIRE(calendarTalk);
    struct Panel {
        ImVec2 size;
        double inches;
    };
    int drawnCodes = 0;
    for (Panel panel : {Panel{{800, 480}, 7}, Panel{{1280, 720}, 10.1}, Panel{{1920, 1080}, 43},
                        Panel{{1080, 1920}, 43}, Panel{{3840, 2160}, 55}}) {
        std::vector<Index> talks{*calendarTalk};
        if (linkTalk) talks.push_back(*linkTalk);
        for (Index talk : talks) {
            INFO(panel.size.x << "x" << panel.size.y << " at " << panel.inches << "\", talk " << talk);
            BrowseScene scene(sample(), at(sample(), "2021-04-06T09:45"));
            scene.config.display.diagonalInches = panel.inches;
            scene.config.display.viewingDistanceMetres = panel.inches < 15 ? 0.5 : 3;
            scene.browser.apply({browse::Action::Kind::talk, talk}, 0.0);
            BrowseFrame f = drawnBrowse(scene, panel.size);
            if (f.facts.qrModuleMm) {
                CHECK(*f.facts.qrModuleMm >= 0.5f);
                ++drawnCodes;
            } else {
                // No code: never "Scan…" above nothing.
                CHECK_FALSE(f.text.has("Scan to add it to your calendar"));
                CHECK_FALSE(f.text.has("Scan for"));
            }
        }
    }
    CHECK(drawnCodes >= 3);  // the big screens do draw them
    // The calendar entry is too big a code for the 7" panel's talk page.
    BrowseScene small(sample(), at(sample(), "2021-04-06T09:45"));
    small.config.display.diagonalInches = 7;
    small.config.display.viewingDistanceMetres = 0.5;
    small.browser.apply({browse::Action::Kind::talk, *calendarTalk}, 0.0);
    BrowseFrame f = drawnBrowse(small, {800, 480});
    CHECK_FALSE(f.facts.qrModuleMm);
    CHECK(f.text.has("This screen is"));
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
static Program oneSession() {
    ProgramLoad l = load(programJson("Europe/Berlin", R"("rooms": [{"id": "a", "name": "Hall A"}],
        "sessions": [{"id": "s", "title": "Systems", "kind": "oral", "start": "2026-06-10T10:00", "end": "2026-06-10T11:30",
          "room": "a", "talks": [
            {"id": "t1", "title": "First talk", "start": "2026-06-10T10:00", "end": "2026-06-10T10:30"},
            {"id": "t2", "title": "Second talk", "start": "2026-06-10T10:30", "end": "2026-06-10T11:00"},
            {"id": "t3", "title": "Third talk", "start": "2026-06-10T11:00", "end": "2026-06-10T11:30"}]}])"));
    REQUIRE(l.ok());
    return std::move(*l.program);
}

// That program at a wall time, after `change` (a day's change) if any.
static std::unique_ptr<Scene> oneSessionAt(const std::string& wall, const std::function<void(Program&)>& change = {}) {
    Program p = oneSession();
    if (change) change(p);
    Instant now = at(p, wall);
    return std::make_unique<Scene>(std::move(p), now);
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
static void checkIdleNoticeClear(const BrowseFrame& f, ImVec2 size) {
    REQUIRE(f.facts.idleNotice);
    const browse::Target& pill = *f.facts.idleNotice;
    CHECK(pill.y1 <= size.y);
    float listTop = f.facts.listTop, listBottom = f.facts.listTop + f.facts.listHeight;
    for (const auto& tg : f.targets) {
        float y0 = tg.y0, y1 = tg.y1;
        if (tg.inList) {  // a list row is touchable only where the list shows it
            y0 = std::max(y0, listTop);
            y1 = std::min(y1, listBottom);
            if (y1 <= y0) continue;
        }
        bool apart = tg.x1 <= pill.x0 || pill.x1 <= tg.x0 || y1 <= pill.y0 || pill.y1 <= y0;
        INFO("target " << tg.x0 << "," << y0 << " - " << tg.x1 << "," << y1 << " (action "
                       << static_cast<int>(tg.action.kind) << ") and the countdown " << pill.x0 << "," << pill.y0
                       << " - " << pill.x1 << "," << pill.y1);
        CHECK(apart);
    }
}

TEST_CASE("the idle countdown never moves what a finger is about to touch, and warns 20 s ahead") {
    // In its last ten seconds the keyboard lost its digit row and moved up 74 px: a tap
    // on the Q the visitor saw typed 1. The countdown now has a strip of its own, kept
    // whether it shows or not, and shows for 20 s (WCAG 2.2.1: at least 20 s to answer).
    Program p = sample();
    Instant now = *Scheduler(p).firstStart() + std::chrono::minutes{20};
    BrowseScene scene(std::move(p), now);
    using K = browse::Action::Kind;
    for (ImVec2 size : kSizes) {
        INFO("at " << size.x << "x" << size.y);
        for (K part : {K::schedule, K::people, K::search}) {
            INFO("part " << static_cast<int>(part));
            scene.browser.apply({K::home}, 0.0);
            scene.browser.apply({part}, 0.0);
            if (part == K::search) {
                scene.browser.apply({K::typeText, 0, "learning"}, 0.0);
                REQUIRE(scene.browser.keyboardShown());
            }
            scene.view.browse.idleLeft = 45.0;
            BrowseFrame calm = drawnBrowse(scene, size);
            CHECK_FALSE(calm.facts.idleNotice);
            scene.view.browse.idleLeft = 19.4;
            BrowseFrame warned = drawnBrowse(scene, size);
            CHECK(warned.text.has("Back to the overview in 20 s"));
            REQUIRE(warned.facts.idleNotice);
            scene.view.browse.idleLeft = 3.2;
            BrowseFrame last = drawnBrowse(scene, size);
            CHECK(last.text.has("Back to the overview in 4 s"));
            for (const BrowseFrame* f : {&warned, &last}) {
                REQUIRE(f->targets.size() == calm.targets.size());
                for (std::size_t i = 0; i < calm.targets.size(); ++i) {
                    const browse::Target &a = calm.targets[i], &b = f->targets[i];
                    INFO("target " << i << " at " << a.x0 << "," << a.y0 << " then " << b.x0 << "," << b.y0);
                    CHECK(a.action == b.action);
                    CHECK(a.x0 == b.x0);
                    CHECK(a.y0 == b.y0);
                    CHECK(a.x1 == b.x1);
                    CHECK(a.y1 == b.y1);
                }
            }
        }
    }
}

TEST_CASE("the idle countdown covers no touch target, on search with the keyboard up, at every size") {
    // It sat over the keyboard's Space bar: a visitor touching it "to stay" typed a space.
    Program p = sample();
    Instant now = *Scheduler(p).firstStart() + std::chrono::minutes{20};
    BrowseScene scene(std::move(p), now);
    using K = browse::Action::Kind;
    scene.view.browse.idleLeft = 7.5;
    for (ImVec2 size : kSizes) {
        INFO("at " << size.x << "x" << size.y);
        // Elsewhere too: the schedule's list and the people's.
        for (K part : {K::schedule, K::people}) {
            scene.browser.apply({K::home}, 0.0);
            scene.browser.apply({part}, 0.0);
            BrowseFrame other = drawnBrowse(scene, size);
            checkIdleNoticeClear(other, size);
        }
        scene.browser.apply({K::home}, 0.0);
        scene.browser.apply({K::search}, 0.0);
        scene.browser.apply({K::typeText, 0, "learning"}, 0.0);
        REQUIRE(scene.browser.keyboardShown());
        BrowseFrame f = drawnBrowse(scene, size);
        CHECK(f.text.has("Back to the overview in 8 s"));
        CHECK(std::any_of(f.targets.begin(), f.targets.end(), [](const auto& tg) { return tg.action.text == " "; }));
        checkIdleNoticeClear(f, size);
        // And what is drawn still fits: text apart, targets a thumb wide.
        ui::Theme theme = ui::makeTheme(scene.config.theme, scene.program.conference, size, scene.config.display);
        checkBrowseLayout(f, size, ui::browse_ui::thumb(theme));
    }
}

namespace {

// A morning in two halls. At 09:45 Ada's "Early Results" is over, Bob's "Middle Part" is
// on until 10:00, Dee speaks at 10:30, Cyd gives the keynote at 11:30, and Eve speaks
// at 18:00, beyond the speakers page's three hours.
Program morningProgram() {
    auto load = test::load(programJson("Europe/Berlin", R"(
        "rooms": [{"id": "a", "name": "Hall A"}, {"id": "b", "name": "Hall B"}],
        "people": [{"id": "ada", "name": "Ada Early"}, {"id": "bob", "name": "Bob Middle"}, {"id": "cyd", "name": "Cyd Keynote"},
                   {"id": "dee", "name": "Dee Later"}, {"id": "eve", "name": "Eve Evening"}],
        "sessions": [
          {"id": "morning", "kind": "oral", "room": "a", "start": "2026-06-08T09:00", "end": "2026-06-08T10:00", "talks": [
            {"id": "early", "title": "Early Results", "speakers": ["ada"], "start": "2026-06-08T09:00", "end": "2026-06-08T09:30"},
            {"id": "mid", "title": "Middle Part", "speakers": ["bob"], "start": "2026-06-08T09:30", "end": "2026-06-08T10:00"}]},
          {"id": "later", "kind": "oral", "room": "b", "start": "2026-06-08T10:30", "end": "2026-06-08T11:30", "talks": [
            {"id": "dee-talk", "title": "Later Talk", "speakers": ["dee"]}]},
          {"id": "key", "kind": "keynote", "room": "a", "start": "2026-06-08T11:30", "end": "2026-06-08T12:30", "talks": [
            {"id": "keynote", "title": "The Keynote", "speakers": ["cyd"]}]},
          {"id": "evening", "kind": "oral", "room": "b", "start": "2026-06-08T18:00", "end": "2026-06-08T19:00", "talks": [
            {"id": "far", "title": "Evening Talk", "speakers": ["eve"]}]}])"));
    REQUIRE(load.ok());
    return std::move(*load.program);
}

}  // namespace

TEST_CASE("the speakers page never lists a talk that is over, shows keynotes first and keeps to its hours") {
    Program p = morningProgram();
    Instant now = at(p, "2026-06-08T09:45");
    Scene scene(std::move(p), now);
    scene.config.rotation = {
        PageConfig{PageKind::speakers, std::chrono::seconds{12}, {}, std::chrono::minutes{180}, 0, 0, {}}};
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
    scene.config.rotation = {
        PageConfig{PageKind::speakers, std::chrono::seconds{12}, {}, std::chrono::minutes{180}, 0, 0, {}}};
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

namespace {

// Pixels a software rasteriser tests for the page's shapes: each triangle's bounds,
// clipped, except the halves of axis-aligned rectangles (SDL copies those as
// rectangles, testing nothing).
double testedPixels(const ImDrawList& list) {
    double total = 0;
    for (const ImDrawCmd& cmd : list.CmdBuffer) {
        for (unsigned i = 0; i + 2 < cmd.ElemCount; i += 3) {
            ImVec2 p[3];
            for (int k = 0; k < 3; ++k)
                p[k] = list.VtxBuffer[list.IdxBuffer[cmd.IdxOffset + i + k] + cmd.VtxOffset].pos;
            bool rectHalf = false;
            for (int k = 0; k < 3; ++k) {
                const ImVec2 &v = p[k], &m = p[(k + 1) % 3], &n = p[(k + 2) % 3];
                if ((v.x == m.x && v.y == n.y) || (v.y == m.y && v.x == n.x)) rectHalf = true;
            }
            if (rectHalf) continue;
            float x0 = std::max(std::min({p[0].x, p[1].x, p[2].x}), cmd.ClipRect.x);
            float x1 = std::min(std::max({p[0].x, p[1].x, p[2].x}), cmd.ClipRect.z);
            float y0 = std::max(std::min({p[0].y, p[1].y, p[2].y}), cmd.ClipRect.y);
            float y1 = std::min(std::max({p[0].y, p[1].y, p[2].y}), cmd.ClipRect.w);
            if (x1 > x0 && y1 > y0) total += static_cast<double>((x1 - x0) * (y1 - y0));
        }
    }
    return total;
}

// Main Hall one floor up (stairs at the east end), Room B on the kiosk's floor.
Wayfinding twoRoomWayfinding(const Program& p) {
    VenueLoad venue = parseVenue(R"({
      "floors": [{"id": "g", "name": "Ground", "level": 0, "width_px": 400, "height_px": 200},
                 {"id": "f", "name": "First", "level": 1, "width_px": 400, "height_px": 200}],
      "points": [{"id": "k", "floor": "g", "x": 200, "y": 150}, {"id": "se", "floor": "g", "x": 380, "y": 150},
                 {"id": "b", "floor": "g", "x": 20, "y": 150}, {"id": "fe", "floor": "f", "x": 380, "y": 150},
                 {"id": "hall", "floor": "f", "x": 200, "y": 20}],
      "links": [{"from": "k", "to": "se"}, {"from": "k", "to": "b"}, {"from": "se", "to": "fe", "kind": "stairs"},
                {"from": "fe", "to": "hall", "metres": 60}],
      "rooms": {"Main Hall": "hall", "Room B": "b"}})",
                                 "venue.json", ".", p);
    REQUIRE(venue.ok());
    std::vector<Diagnostic> diags;
    auto w = planWayfinding(std::move(*venue.venue), p, {"k", 0}, false, "kiosk.json", diags);
    REQUIRE(w);
    return std::move(*w);
}

// Directions from the lobby screen ("lobby-kiosk", facing north) with a bundled venue
// file of data/ (the MLSys 2021 one or the multi-script one).
Wayfinding lobbyWayfinding(const Program& p, const std::string& venueFile) {
    VenueLoad venue = loadVenueFile(std::string(HALLBOARD_SOURCE_DIR) + "/data/" + venueFile, p);
    INFO(allDiagnostics(venue.diagnostics));
    REQUIRE(venue.ok());
    std::vector<Diagnostic> diags;
    auto w = planWayfinding(std::move(*venue.venue), p, {"lobby-kiosk", 0}, false, "kiosk.json", diags);
    INFO(allDiagnostics(diags));
    REQUIRE(w);
    return std::move(*w);
}

// The multi-script sample (room names in eight scripts).
Program multiscript() {
    ProgramLoad load = loadProgramFile(std::string(HALLBOARD_SOURCE_DIR) + "/data/multiscript.json");
    REQUIRE(load.ok());
    return std::move(*load.program);
}

// Pictures of a fixed size, except those refused (as the platform refuses a missing or
// broken file); records what was asked for.
struct FakeImages : ui::Images {
    std::set<std::string> bad;
    std::vector<std::string> asked, checked;
    std::vector<std::pair<std::string, ImVec2>> loads;
    std::optional<ui::Image> load(const std::string& path, ImVec2 size) override {
        asked.push_back(path);
        loads.emplace_back(path, size);
        if (bad.count(path)) return std::nullopt;
        return ui::Image{reinterpret_cast<ImTextureID>(std::uintptr_t{1}), 1600, 900};
    }
    std::optional<std::string> refused(const std::string& path) const override {
        if (!bad.count(path)) return std::nullopt;
        return std::string("No such file or directory");
    }
    void check(const std::string& path, ImVec2) override { checked.push_back(path); }
};

PageConfig slidePage(const std::string& json) {
    ConfigLoad load =
        parseKioskConfig(R"({"program": "p.json", "rotation": [)" + json + "]}", "kiosk.json", "/srv/config");
    INFO(allDiagnostics(load.diagnostics));
    REQUIRE(load.ok());
    return load.config->rotation.at(0);
}

}  // namespace

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

TEST_CASE("with a venue, now & next and the rooms board show the way to each room, at every size, without overlaps") {
    Program p = fixture();
    Instant now = at(p, "2021-04-06T09:45");
    Scene scene(std::move(p), now);
    scene.config.rotation.push_back(
        {PageKind::rooms, std::chrono::milliseconds{15000}, {}, std::chrono::minutes{180}, 0, 0, std::nullopt});
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
        scene.browser.apply({K::home}, 0.0);
        scene.browser.apply({K::talk, talk}, 0.0);
        scene.view.wayfinding = nullptr;
        CHECK_FALSE(drawnBrowse(scene, size).text.has("You are here"));
        scene.view.wayfinding = &*w;
        BrowseFrame f = drawnBrowse(scene, size);
        CHECK(f.text.has("To Main room: 1 min · upstairs"));
        CHECK(f.text.has("Ground floor"));
        CHECK(f.text.has("First floor"));
        CHECK(f.text.has("You are here"));
        ui::Theme theme = ui::makeTheme(scene.config.theme, scene.program.conference, size, scene.config.display);
        checkBrowseLayout(f, size, ui::browse_ui::thumb(theme));
        // The talk's session page too.
        scene.browser.apply({K::session, session}, 0.0);
        BrowseFrame s = drawnBrowse(scene, size);
        CHECK(s.text.has("To Main room: 1 min · upstairs"));
        CHECK(s.text.has("You are here"));
        checkBrowseLayout(s, size, ui::browse_ui::thumb(theme));
    }
}

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

TEST_CASE("the rooms board keeps world-script room names whole beside the way there, at every size") {
    Program p = multiscript();
    std::optional<Wayfinding> w = lobbyWayfinding(p, "multiscript.venue.json");
    Instant now = at(p, "2025-03-12T09:20");
    Scene scene(std::move(p), now);
    scene.view.wayfinding = &*w;
    scene.config.rotation.push_back(
        {PageKind::rooms, std::chrono::milliseconds{15000}, {}, std::chrono::minutes{180}, 0, 0, std::nullopt});
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
        ui::Theme theme = ui::makeTheme(scene.config.theme, scene.program.conference, size, scene.config.display);
        checkBrowseLayout(f, size, ui::browse_ui::thumb(theme));
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
        scene.browser.apply({K::home}, 0.0);
        scene.browser.apply({K::place, room}, 0.0);
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
        CHECK(std::count(images.asked.begin(), images.asked.end(), "/icons/accessible.png") == 1);
        CHECK(std::count(images.asked.begin(), images.asked.end(), "/icons/lift.png") == 0);  // no lift on this way
        // Each of the room's sessions that day opens its page.
        for (Index s : today) {
            INFO("session " << s);
            CHECK(std::any_of(f.targets.begin(), f.targets.end(), [&](const browse::Target& t) {
                return t.action == browse::Action{K::session, s};
            }));
        }
        ui::Theme theme = ui::makeTheme(scene.config.theme, scene.program.conference, size, scene.config.display);
        checkBrowseLayout(f, size, ui::browse_ui::thumb(theme));

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
        checkBrowseLayout(bare, size, ui::browse_ui::thumb(theme));
    }
}

TEST_CASE("a room's page opens from its name on now & next, the rooms board, a session and a talk") {
    Program p = fixture();
    Instant now = at(p, "2021-04-06T09:45");
    Wayfinding w = twoRoomWayfinding(p);
    BrowseScene scene(std::move(p), now);
    scene.view.wayfinding = &w;
    scene.config.rotation.push_back(
        {PageKind::rooms, std::chrono::milliseconds{15000}, {}, std::chrono::minutes{180}, 0, 0, std::nullopt});
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
        scene.browser.apply({K::home}, 0.0);
        scene.browser.apply(open, 0.0);
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

TEST_CASE("the rotation includes a slide only inside its window, and leaves out one whose picture is refused") {
    Scene scene(fixture(), Instant{});
    scene.config.rotation = {
        scene.config.rotation[0],  // now & next
        slidePage(R"({"page": "slide", "title": "Lunch", "daily": {"from": "11:30", "until": "14:00"}})"),
        slidePage(R"({"page": "slide", "image": "/srv/slides/sponsor.png"})"),
        slidePage(R"({"page": "slide", "image": "/srv/slides/missing.png", "from": "2021-04-06T09:00"})"),
    };
    TestCanvas tc(scene, ImVec2{1920, 1080});
    FakeImages images;
    images.bad.insert("/srv/slides/missing.png");
    tc.c.images = &images;
    auto plan = [&](const std::string& wall) {
        scene.view.now = at(scene.program, wall);
        return ui::planScreens(scene.view, tc.c);
    };
    // 08:30: no lunch yet, the sponsor, the missing picture's window not open.
    std::vector<int> morning = plan("2021-04-06T08:30");
    CHECK(morning[0] > 0);
    CHECK(morning[1] == 0);
    CHECK(morning[2] == 1);
    CHECK(morning[3] == 0);
    // Noon: lunch in; the missing picture's window is open but it stays out, and the
    // rest of the rotation does not notice.
    std::vector<int> noon = plan("2021-04-06T12:00");
    CHECK(noon[0] > 0);
    CHECK(noon[1] == 1);
    CHECK(noon[2] == 1);
    CHECK(noon[3] == 0);
    // Planning looked at the sponsor's picture ahead of its turn, so that a refused one is
    // known when the slide comes round; it checked it and kept nothing (a full-screen
    // picture held between turns was 8 MB at 1080p).
    CHECK(std::count(images.checked.begin(), images.checked.end(), "/srv/slides/sponsor.png") >= 1);
    CHECK(images.asked.empty());
    // 14:00: lunch over.
    CHECK(plan("2021-04-06T14:00")[1] == 0);

    // Through the rotation: a cycle at noon has the lunch and sponsor slides, never the
    // missing one.
    scene.view.now = at(scene.program, "2021-04-06T12:00");
    std::vector<int> screens = ui::planScreens(scene.view, tc.c);
    Rotation rotation = Rotation::fromConfig(scene.config);
    auto count = [&](std::size_t i) { return screens[i]; };
    rotation.update(Rotation::Steady{}, count);
    std::set<std::size_t> pages;
    for (const CycleStep& step : rotation.cycle().steps) pages.insert(step.page);
    CHECK(pages.count(1) == 1);
    CHECK(pages.count(2) == 1);
    CHECK(pages.count(3) == 0);
}

TEST_CASE("a text slide is set large, centred and whole at every size, never below the reading floor") {
    Scene scene(fixture(), Instant{});
    scene.view.now = at(scene.program, "2021-04-06T10:00");
    scene.config.rotation = {slidePage(R"({"page": "slide", "title": "Wi-Fi: MLSys, password systems4ml",
        "text": "Be kind: our code of conduct applies in every room and online. Something wrong? Find a volunteer in a yellow shirt.",
        "background": "#f4f1e8"})")};
    for (ImVec2 size : kSizes) {
        INFO(size.x << "x" << size.y);
        Recorded r = recorded(scene, size, 0);
        auto title = r.with("Wi-Fi");
        REQUIRE(title.size() == 1);
        REQUIRE(r.has("shirt."));  // the whole text to its last word, not cut
        for (const auto& run : r.runs) {
            if (run.page != "slide") continue;
            INFO(run.text);
            CHECK_FALSE(run.cut);
            CHECK(run.px >= r.theme.reading.textPx - 0.5f);
            CHECK(run.box.min.x >= 0);
            CHECK(run.box.max.x <= size.x + 1);
            CHECK(run.box.max.y <= size.y);
        }
        // Large: a short text takes more than body size, the title more than the text.
        auto body = r.with("Be kind");
        REQUIRE(body.size() == 1);
        CHECK(body[0]->px > r.theme.body);
        CHECK(title[0]->px > body[0]->px);
        // Centred across the page.
        float mid = (title[0]->box.min.x + title[0]->box.max.x) / 2;
        CHECK(std::abs(mid - size.x / 2) < size.x * 0.02f);
    }
}

TEST_CASE("a text slide's ink reads on its background, light or dark") {
    ui::Theme dark = ui::makeTheme(ThemeConfig{}, Conference{}, ImVec2{1920, 1080}, DisplayConfig{});
    for (const char* bg : {"#f4f1e8", "#10233f", "#ffd400", "#1d4d3a"}) {
        Scene scene(fixture(), Instant{});
        scene.view.now = at(scene.program, "2021-04-06T10:00");
        scene.config.rotation = {
            slidePage(std::string(R"({"page": "slide", "title": "Wi-Fi", "background": ")") + bg + "\"}")};
        TestCanvas tc(scene, ImVec2{1920, 1080});
        Rotation::Frame frame;
        frame.current = Rotation::Slot{0, 0};
        ui::drawScreen(scene.view, frame, tc.c);
        ImU32 background = ui::toImU32(*Color::parse(bg));
        auto title =
            std::find_if(tc.text.lines.begin(), tc.text.lines.end(), [](const auto& l) { return l.text == "Wi-Fi"; });
        REQUIRE(title != tc.text.lines.end());
        INFO(bg);
        CHECK(ui::contrastRatio(title->color | IM_COL32_A_MASK, background) >= 4.5);
        // The theme's own text colour wherever it reads (the dark theme's is light).
        if (ui::contrastRatio(dark.text, background) >= 4.5) CHECK((title->color | IM_COL32_A_MASK) == dark.text);
    }
}

TEST_CASE("the page before a slide asks for its picture at the size the slide draws it") {
    Scene scene(fixture(), Instant{});
    scene.view.now = at(scene.program, "2021-04-06T10:00");
    scene.config.rotation = {scene.config.rotation[0],
                             slidePage(R"({"page": "slide", "image": "/srv/slides/sponsor.png", "title": "Thanks"})"),
                             slidePage(R"({"page": "slide", "title": "Wi-Fi", "text": "systems4ml"})")};
    for (ImVec2 size : kSizes) {
        INFO(size.x << "x" << size.y);
        TestCanvas tc(scene, size);
        FakeImages images;
        tc.c.images = &images;
        ui::prefetchPictures(scene.view, 0, tc.c);  // now & next has no picture to ask for
        ui::prefetchPictures(scene.view, 2, tc.c);  // nor has a text slide
        CHECK(images.loads.empty());
        ui::prefetchPictures(scene.view, 1, tc.c);
        REQUIRE(images.loads.size() == 1);
        Rotation::Frame frame;
        frame.current = Rotation::Slot{1, 0};
        ui::drawScreen(scene.view, frame, tc.c);
        REQUIRE(images.loads.size() == 2);
        CHECK(images.loads[0].first == "/srv/slides/sponsor.png");
        CHECK(images.loads[1].first == images.loads[0].first);
        CHECK(images.loads[1].second.x == images.loads[0].second.x);  // one decode, not two
        CHECK(images.loads[1].second.y == images.loads[0].second.y);
    }
}

TEST_CASE("an image slide draws its picture inside the page, whole with contain") {
    Scene scene(fixture(), Instant{});
    scene.view.now = at(scene.program, "2021-04-06T10:00");
    scene.config.rotation = {slidePage(R"({"page": "slide", "image": "/srv/slides/sponsor.png", "title": "Thanks"})")};
    for (ImVec2 size : kSizes) {
        INFO(size.x << "x" << size.y);
        TestCanvas tc(scene, size);
        FakeImages images;
        tc.c.images = &images;
        Rotation::Frame frame;
        frame.current = Rotation::Slot{0, 0};
        ui::drawScreen(scene.view, frame, tc.c);
        // The textured quad: the one draw command with our texture.
        const ImDrawList* list = tc.c.list;
        bool found = false;
        for (const ImDrawCmd& cmd : list->CmdBuffer) {
            if (cmd.TextureId != reinterpret_cast<ImTextureID>(std::uintptr_t{1}) || cmd.ElemCount == 0) continue;
            found = true;
            float x0 = FLT_MAX, y0 = FLT_MAX, x1 = -FLT_MAX, y1 = -FLT_MAX, u0 = FLT_MAX, u1 = -FLT_MAX;
            for (unsigned i = 0; i < cmd.ElemCount; ++i) {
                const ImDrawVert& v = list->VtxBuffer[list->IdxBuffer[static_cast<int>(cmd.IdxOffset + i)]];
                x0 = std::min(x0, v.pos.x), y0 = std::min(y0, v.pos.y), x1 = std::max(x1, v.pos.x),
                y1 = std::max(y1, v.pos.y);
                u0 = std::min(u0, v.uv.x), u1 = std::max(u1, v.uv.x);
            }
            ui::Rect page = ui::contentRect(tc.c);
            CHECK(x0 >= page.min.x - 1);
            CHECK(x1 <= page.max.x + 1);
            CHECK(y0 >= page.min.y - 1);
            CHECK(y1 <= page.max.y + 1);
            CHECK(u0 == 0);  // the whole picture
            CHECK(u1 == 1);
            CHECK((x1 - x0) / (y1 - y0) == Approx(1600.0 / 900).epsilon(0.01));  // not stretched
        }
        CHECK(found);
        CHECK(tc.text.has("Thanks"));
    }
}

namespace {

// Two rooms at once: a German talk in one track, an English one in another.
Program twoLanguages(const std::string& second = "en") {
    ProgramLoad load = hallboard::test::load(programJson("Europe/Berlin", R"(
        "rooms": [{"id": "a", "name": "Curie"}, {"id": "b", "name": "Meitner"}],
        "tracks": [{"id": "sec", "name": "Security", "color": "#2e86c1"}, {"id": "art", "name": "Art & Culture", "color": "#17a589"}],
        "sessions": [
          {"id": "s1", "title": "Zwanzig Jahre Camp", "room": "a", "track": "art", "language": "de",
           "start": "2026-05-01T10:00", "end": "2026-05-01T11:00", "talks": [{"id": "t1", "title": "Zwanzig Jahre Camp"}]},
          {"id": "s2", "title": "Hacking Containers", "room": "b", "track": "sec", "language": ")" +
                                                                              second + R"(",
           "start": "2026-05-01T10:00", "end": "2026-05-01T11:00", "talks": [{"id": "t2", "title": "Hacking Containers"}]},
          {"id": "s3", "title": "Hardware Hacking", "room": "a", "track": "sec",
           "start": "2026-05-01T11:00", "end": "2026-05-01T12:00"}])"));
    REQUIRE(load.ok());
    return std::move(*load.program);
}

}  // namespace

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

TEST_CASE("browsing filters the schedule by language as well as track, with thumb-sized targets at every size") {
    using Kind = browse::Action::Kind;
    BrowseScene scene(twoLanguages(), Instant{});
    scene.view.now = at(scene.program, "2026-05-01T10:20");
    for (ImVec2 size : kSizes) {
        INFO(size.x << "x" << size.y);
        scene.browser.apply({Kind::home}, 0.0);
        scene.browser.apply({Kind::schedule, 0}, 0.0);
        BrowseFrame all = drawnBrowse(scene, size);
        ui::Theme theme = ui::makeTheme(scene.config.theme, scene.program.conference, size, scene.config.display);
        checkBrowseLayout(all, size, ui::browse_ui::thumb(theme));
        CHECK(all.text.has("Languages"));
        CHECK(std::count_if(all.targets.begin(), all.targets.end(),
                            [](const auto& tg) { return tg.action.kind == Kind::track; }) == 2);
        CHECK(all.text.has("Zwanzig Jahre Camp"));
        CHECK(all.text.has("Hacking Containers"));
        // The language stepper's targets: back and forward, each at least 48 px at 800x480.
        std::vector<const browse::Target*> steps;
        for (const auto& tg : all.targets)
            if (tg.action.kind == Kind::language) steps.push_back(&tg);
        REQUIRE(steps.size() == 2);
        for (const auto* tg : steps) {
            CHECK(tg->x1 - tg->x0 >= 47.5f);
            CHECK(tg->y1 - tg->y0 >= 47.5f);
        }
        // Forward from "all": the first language, German; only its session is listed.
        auto forward = std::find_if(steps.begin(), steps.end(), [](const auto* tg) { return tg->action.item == 0; });
        REQUIRE(forward != steps.end());
        scene.browser.apply((*forward)->action, 0.0);
        CHECK(scene.browser.language() == 0);
        BrowseFrame german = drawnBrowse(scene, size);
        // The filter names the language, in its own words too where that fits.
        CHECK(german.text.has("German"));
        CHECK_FALSE(german.text.has("DE"));
        if (size.x >= 1280) CHECK(german.text.has("German (Deutsch)"));
        CHECK(german.text.has("Zwanzig Jahre Camp"));
        CHECK_FALSE(german.text.has("Hacking Containers"));
        CHECK_FALSE(german.text.has("Hardware Hacking"));  // no language given: not German
        // Language and track together: German and Security has nothing.
        scene.browser.apply({Kind::track, 0}, 0.0);
        BrowseFrame none = drawnBrowse(scene, size);
        CHECK_FALSE(none.text.has("Zwanzig Jahre Camp"));
        CHECK_FALSE(none.text.has("Hacking Containers"));
    }
    // A talk's page: its track and its language.
    scene.browser.apply({Kind::home}, 0.0);
    scene.browser.apply({Kind::talk, 0}, 0.0);  // Zwanzig Jahre Camp's talk
    BrowseFrame talk = drawnBrowse(scene, ImVec2{1920, 1080});
    CHECK(talk.text.has("Art & Culture"));
    CHECK(talk.text.has("German"));
    // One language: no language filter at all.
    BrowseScene single(twoLanguages("de"), Instant{});
    single.view.now = at(single.program, "2026-05-01T10:20");
    single.browser.apply({Kind::schedule, 0}, 0.0);
    CHECK_FALSE(drawnBrowse(single, ImVec2{1920, 1080}).text.has("Languages"));
}

TEST_CASE("a schedule row's kind, room, track, language and talks are never cut: they take another line") {
    using Kind = browse::Action::Kind;
    ProgramLoad load = hallboard::test::load(programJson("Europe/Berlin", R"(
        "rooms": [{"id": "a", "name": "Auditorium Sofia Kovalevskaya"}, {"id": "b", "name": "B"}],
        "tracks": [{"id": "sec", "name": "Security and privacy"}],
        "sessions": [
          {"id": "s1", "title": "Stream Processing", "room": "a", "track": "sec", "language": "pt-BR",
           "start": "2026-05-01T10:00", "end": "2026-05-01T11:00",
           "talks": [{"id": "t1", "title": "One"}, {"id": "t2", "title": "Two"}, {"id": "t3", "title": "Three"}]},
          {"id": "s2", "title": "Short", "room": "b", "language": "de",
           "start": "2026-05-01T11:00", "end": "2026-05-01T12:00", "talks": [{"id": "t4", "title": "Four"}]}])"));
    REQUIRE(load.ok());
    BrowseScene scene(std::move(*load.program), Instant{});
    scene.view.now = at(scene.program, "2026-05-01T10:20");
    for (ImVec2 size : kSizes) {
        INFO(size.x << "x" << size.y);
        scene.browser.apply({Kind::home}, 0.0);
        scene.browser.apply({Kind::schedule, 0}, 0.0);
        BrowseFrame f = drawnBrowse(scene, size);
        // Every part whole, on whichever line it landed; none of the meta lines ends in "…".
        for (const char* part : {"Session", "Auditorium Sofia Kovalevskaya", "Security and privacy", "3 talks"}) {
            INFO(part);
            CHECK(f.text.has(part));
        }
        CHECK((f.text.has("Portuguese (Brazil)") || f.text.has("PT-BR")));
        for (const auto& line : f.text.lines)
            if (line.text.find("Session") != std::string::npos || line.text.find("3 talks") != std::string::npos)
                CHECK(line.text.find("…") == std::string::npos);
        ui::Theme theme = ui::makeTheme(scene.config.theme, scene.program.conference, size, scene.config.display);
        checkBrowseLayout(f, size, ui::browse_ui::thumb(theme));
    }
}

TEST_CASE("a frame speaks the session's language, in both directions") {
    // A live reload hands the loop a new configuration; the loop sets its language at the
    // swap (useSessionLanguage; tests/platform/test_kiosk_present.cpp checks the loop does) and the
    // next frame speaks it, with no restart.
    setCatalogueDir(platform::localeDir());
    auto owner = oneSessionAt("2026-06-10T10:10");
    Scene& scene = *owner;
    auto frameIn = [&](const char* language) {
        scene.config.language = language;
        useLanguage(language, scene.config.clockFormat);
        return recorded(scene, {1920, 1080}, 0);
    };
    Recorded english = frameIn("en");
    CHECK(english.has("LIVE"));
    CHECK(english.has("Wednesday 10 June 2026"));
    Recorded german = frameIn("de");
    CHECK(german.has("ANSCHLIESSEND"));  // THEN, over the talks still to come
    CHECK(german.has("Mittwoch, 10. Juni 2026"));
    CHECK(!german.has("THEN"));
    Recorded spanish = frameIn("es");
    CHECK(spanish.has("EN DIRECTO"));
    CHECK(spanish.has("miércoles, 10 de junio de 2026"));
    Recorded back = frameIn("en");
    CHECK(back.has("THEN"));
    CHECK(!back.has("ANSCHLIESSEND"));
}

TEST_CASE("without a venue, the room button on a session's and a talk's page shows the room's whole name") {
    // The button is as wide as the name; the name must not then be cut to "Main…" by a
    // rounding error in the widths subtracted back out of it.
    Program p = sample();
    Index session = 0;
    while (session < p.sessions.size() && (!p.sessions[session].room || p.sessions[session].talks.empty())) ++session;
    REQUIRE(session < p.sessions.size());
    std::string name = p.rooms[*p.sessions[session].room].name;
    Index talk = p.sessions[session].talks.front();
    Instant now = at(p, "2021-04-06T09:45");
    BrowseScene scene(std::move(p), now);
    using K = browse::Action::Kind;
    for (double scale : {1.0, 1.15, 1.3})
        for (ImVec2 size : kSizes)
            for (browse::Action open : {browse::Action{K::session, session}, browse::Action{K::talk, talk}}) {
                INFO(size.x << "x" << size.y << " scale " << scale << (open.kind == K::session ? " session" : " talk"));
                scene.config.theme.scale = scale;
                scene.browser.apply({K::home}, 0.0);
                scene.browser.apply(open, 0.0);
                BrowseFrame f = drawnBrowse(scene, size);
                CHECK(std::any_of(f.text.lines.begin(), f.text.lines.end(),
                                  [&](const auto& l) { return l.text == name; }));
                for (const auto& l : f.text.lines) {  // no line is the name cut short with "…"
                    INFO(l.text);
                    bool cut = l.text.size() > 3 && l.text.compare(l.text.size() - 3, 3, "…") == 0;
                    CHECK_FALSE((cut && name.rfind(l.text.substr(0, l.text.size() - 3), 0) == 0));
                }
            }
}

TEST_CASE("a talk's calendar code says whole what it does, beside the map or without one, at every size") {
    // "Works offline: the event goes straight into your phone’s calendar." was cut after
    // "phone’s" at 800x480: four lines beside the code, two under it.
    Program p = sample();
    Wayfinding w = [&] {
        VenueLoad venue = loadVenueFile(std::string(HALLBOARD_SOURCE_DIR) + "/data/mlsys2021.venue.json", p);
        REQUIRE(venue.ok());
        std::vector<Diagnostic> diags;
        auto planned = planWayfinding(std::move(*venue.venue), p, {"lobby-kiosk", 0}, false, "kiosk.json", diags);
        REQUIRE(planned);
        return std::move(*planned);
    }();
    Index talk = 0;
    for (Index i = 0; i < p.talks.size(); ++i)
        if (p.talks[i].title.rfind("PipeMare", 0) == 0) talk = i;
    REQUIRE(p.talks[talk].title.rfind("PipeMare", 0) == 0);
    Instant now = at(p, "2021-04-06T09:45");
    BrowseScene scene(std::move(p), now);
    using K = browse::Action::Kind;
    // The hallway sizes. At 800x480 this recorder's letters (0.55 em each, wider than the
    // kiosk's font) leave the panel too narrow to say it; the screenshots check that size.
    for (bool venue : {true, false})
        for (double scale : {1.0, 1.15})
            for (ImVec2 size : kSizes) {
                if (size.x <= 800) continue;
                INFO(size.x << "x" << size.y << " scale " << scale << (venue ? " with" : " without") << " a venue");
                scene.view.wayfinding = venue ? &w : nullptr;
                scene.config.theme.scale = scale;
                scene.browser.apply({K::home}, 0.0);
                scene.browser.apply({K::talk, talk}, 0.0);
                BrowseFrame f = drawnBrowse(scene, size);
                CHECK(f.text.has("Works offline"));
                CHECK(f.text.has("calendar."));  // the caption's last word
                for (const auto& l : f.text.lines) {
                    INFO(l.text);
                    CHECK(l.text.find("…") == std::string::npos);
                }
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
        {PageKind::rooms, std::chrono::milliseconds{15000}, {}, std::chrono::minutes{180}, 0, 0, std::nullopt});
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
        check(recorded(scene, size, 0).runs);  // now & next
        scene.browser.apply({K::home}, 0.0);
        scene.browser.apply({K::session, session}, 0.0);  // the talk's row on its session's page
        TestCanvas tc(scene, size);
        scene.view.browse.hits = &scene.catalog.hits(scene.browser.query());
        ui::drawBrowse(scene.view, tc.c);
        check(tc.record.runs);
    }
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
            for (const auto& run : r.runs)  // a card's line "Oral session  ·  11:30–13:00  ·  Room 1.06 ..."
                sessions += run.text.find("–") != std::string::npos && run.text.find("  ·  ") != std::string::npos;
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

TEST_CASE("a talk's page with the way to its room keeps room for a QR code that scans, or shows no panel") {
    // At 800x480 the map took the height and the panel said "Scan to add it to your
    // calendar" beside an empty square: the code did not fit.
    Program p = multiscript();
    Wayfinding w = lobbyWayfinding(p, "multiscript.venue.json");
    Instant now = at(p, "2025-03-12T10:00");
    Index talk = 0;
    while (talk < p.talks.size() && p.talks[talk].title.rfind("Afternoon 2", 0) != 0) ++talk;
    REQUIRE(talk < p.talks.size());  // in the great conference hall, named in Arabic
    BrowseScene scene(std::move(p), now);
    scene.view.wayfinding = &w;
    using K = browse::Action::Kind;
    for (ImVec2 size : kSizes) {
        INFO(size.x << "x" << size.y);
        scene.browser.apply({K::home}, 0.0);
        scene.browser.apply({K::talk, talk}, 0.0);
        TestCanvas tc(scene, size);
        scene.view.browse.hits = &scene.catalog.hits(scene.browser.query());
        ui::drawBrowse(scene.view, tc.c);
        bool scan = false;
        for (const auto& run : tc.record.runs) scan = scan || run.text.rfind("Scan to add", 0) == 0;
        // The code's dark modules: black quads (nothing else on the page is pure black).
        int dark = 0;
        for (const ImDrawVert& v : tc.c.list->VtxBuffer) dark += v.col == tc.c.col(IM_COL32(0, 0, 0, 255));
        CHECK(scan);            // every size has room for it
        CHECK(dark >= 4 * 50);  // at least fifty runs of modules
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
        scene.browser.apply({K::home}, 0.0);
        scene.browser.apply({K::place, 0}, 0.0);
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

TEST_CASE("a right-to-left passage ends at its box's right edge, as headings do") {
    // An Arabic speaker bio of one line ended 450 px short of the right edge the name
    // above it was set to, at 4K.
    Scene scene(multiscript(), Instant{});
    TestCanvas tc(scene, ImVec2{1920, 1080});
    std::string bio =
        "\u0628\u0627\u062d\u062b \u0641\u064a \u0645\u0639\u0627\u0644\u062c\u0629 \u0627\u0644\u0644\u063a\u0629";
    float h = ui::passage(tc.c, bio, IM_COL32_WHITE, ImVec2{100, 100}, 1200, 400, 5);
    REQUIRE(h > 0);
    const ui::TextRun* run = nullptr;
    for (const auto& r : tc.record.runs)
        if (r.text == bio) run = &r;
    REQUIRE(run);
    CHECK(run->box.max.x == Approx(1300).margin(2));
    CHECK(run->box.min.x > 700);  // a short line, not stretched
    // A left-to-right passage still starts at the left.
    tc.record.runs.clear();
    ui::passage(tc.c, "A systems researcher.", IM_COL32_WHITE, ImVec2{100, 600}, 1200, 300, 5);
    REQUIRE(!tc.record.runs.empty());
    CHECK(tc.record.runs.back().box.min.x == Approx(100).margin(2));
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
        {PageKind::rooms, std::chrono::milliseconds{15000}, {}, std::chrono::minutes{180}, 0, 0, std::nullopt});
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
