// The pages drawn through Dear ImGui with no window and no SDL (as ImGui's example_null
// does), with a display-type stand-in that records every line it is asked to draw.
#include <catch2/catch.hpp>
#include <imgui.h>

#include "bench/synthetic_program.hpp"
#include "browse/browser.hpp"
#include "browse/catalog.hpp"
#include "ui/browse_screens.hpp"
#include "core/text.hpp"
#include "support.hpp"
#include "ui/kiosk_screen.hpp"
#include "ui/pages.hpp"
#include "ui/text_wrap.hpp"

using namespace hallboard;
using namespace hallboard::test;

namespace {

// Measures 0.55 em a character; records what is drawn and where.
struct RecordingText : ui::DisplayText {
    struct Line {
        std::string text;
        ImVec2 pos;
        float px, width;
        float alpha;
        ImVec2 clipMin, clipMax;  // the draw list's clip rectangle when it was drawn
        // Entirely inside its clip rectangle (a list row not cut by the list's edge).
        bool whole() const {
            return pos.x >= clipMin.x - 1 && pos.y >= clipMin.y - 1 && pos.x + width <= clipMax.x + 1 &&
                   pos.y + px <= clipMax.y + 1;
        }
    };
    std::vector<Line> lines;
    float measure(std::string_view line, float px, ui::Weight) override {
        std::size_t n = 0;
        for (std::size_t i = 0; i < line.size();) {
            nextCodepoint(line, i);
            ++n;
        }
        return 0.55f * px * static_cast<float>(n);
    }
    void draw(ImDrawList* list, ImVec2 pos, std::string_view line, float px, ui::Weight w, ImU32 color) override {
        float a = static_cast<float>((color >> IM_COL32_A_SHIFT) & 0xFF) / 255.0f;
        lines.push_back({std::string(line), pos, px, measure(line, px, w), a, list->GetClipRectMin(), list->GetClipRectMax()});
    }
    bool has(const std::string& needle) const {
        return std::any_of(lines.begin(), lines.end(), [&](const Line& l) { return l.text.find(needle) != std::string::npos; });
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
    ui::Canvas c;
    TestCanvas(const Scene& scene, ImVec2 size)
        : imgui(size), theme(ui::makeTheme(scene.config.theme, scene.program.conference, size, Orientation::automatic)) {
        c.list = ImGui::GetBackgroundDrawList();
        c.size = size;
        c.theme = &theme;
        c.display = &text;
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
    CHECK(ui::wrapText("abcdefghijklmnop", 5, chars).lines == std::vector<std::string>{"abcde", "fghij", "klmno", "p"});
    CHECK(ui::wrapText("東京都庁舎", 2, chars).lines == std::vector<std::string>{"東京", "都庁", "舎"});
    auto cut = ui::wrapText("aaa bbb ccc ddd eee", 7, chars, 2);
    CHECK(cut.truncated);
    CHECK(cut.lines == std::vector<std::string>{"aaa bbb", "ccc dd…"});
    CHECK(ui::wrapText("first\n\n\nsecond", 20, chars).lines == std::vector<std::string>{"first", "", "second"});
    CHECK_FALSE(ui::wrapText("fits", 20, chars, 1).truncated);
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
        {"session": "b1", "move_to": "main", "note": "Room B has no power"}]})", "overrides.json");
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
    CHECK(t.has("4 days"));

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
    CHECK(alphaOf("NEXT") > 0.7f);          // the old page, mostly still there
    CHECK(alphaOf("COMING UP") < 0.3f);     // the new page, coming in
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

BrowseFrame drawnBrowse(BrowseScene& scene, ImVec2 size) {
    TestCanvas tc(scene, size);
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

TEST_CASE("every browse screen fits every size: text on screen, targets a thumb wide and apart") {
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
        {"search with the keyboard", {{K::search}, {K::typeText, 0, "learning"}}},
        {"search without the keyboard", {{K::search}, {K::typeText, 0, "data"}, {K::keyboard}}},
        {"search finding nothing", {{K::search}, {K::typeText, 0, "zzzqqq"}}},
    };
    for (ImVec2 size : kSizes) {
        for (const Screen& screen : screens) {
            INFO(screen.name << " at " << size.x << "x" << size.y);
            scene.browser.apply({K::home}, 0.0);
            for (const auto& a : screen.actions) scene.browser.apply(a, 0.0);
            BrowseFrame f = drawnBrowse(scene, size);
            CHECK(!f.text.lines.empty());
            CHECK(f.targets.size() >= 4);  // back, the three parts, home
            ui::Theme theme = ui::makeTheme(scene.config.theme, scene.program.conference, size, Orientation::automatic);
            checkBrowseLayout(f, size, ui::browse_ui::thumb(theme));
        }
    }
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
    scene.config.rotation = {PageConfig{PageKind::speakers, std::chrono::seconds{12}, {}, std::chrono::minutes{180}, 0, 0}};
    int sawSmallPrint = 0;
    for (ImVec2 size : kSizes) {
        INFO(size.x << "x" << size.y);
        int screens = 0;
        {
            TestCanvas tc(scene, size);
            screens = ui::screensFor(scene.view, 0, tc.c);
        }
        REQUIRE(screens == 3);  // Cyd, Bob, Dee: not Ada (over), not Eve (beyond three hours)
        std::vector<RecordingText> drawnScreens;
        for (int s = 0; s < screens; ++s) drawnScreens.push_back(drawn(scene, size, 0, s));
        for (const auto& t : drawnScreens) {
            CHECK_FALSE(t.has("Early Results"));
            CHECK_FALSE(t.has("Ada Early"));
            CHECK_FALSE(t.has("Eve Evening"));
        }
        CHECK(drawnScreens[0].has("Cyd Keynote"));  // the keynote first, though it starts last
        CHECK(drawnScreens[1].has("Bob Middle"));
        // Small print goes through the ImGui atlas, which the recorder does not see, at
        // the smaller sizes; where the recorder sees it (as the heading), it says "on now".
        if (drawnScreens[1].has("SPEAKERS")) {
            ++sawSmallPrint;
            CHECK(drawnScreens[1].has("On now · until 10:00 · Hall A"));
            CHECK(drawnScreens[2].has("10:30 · Hall B · in 45 min"));
        }
        CHECK(drawnScreens[2].has("Dee Later"));
    }
    CHECK(sawSmallPrint >= 2);
    // After the last talk: nothing to show, the page is skipped.
    scene.view.now = at(scene.program, "2026-06-08T19:30");
    TestCanvas tc(scene, {1920, 1080});
    CHECK(ui::screensFor(scene.view, 0, tc.c) == 0);
}
