// The shared scenes of the ui tests (split from test_ui.cpp, #29.7): a text engine that
// records every line it is asked to draw, Dear ImGui with no window (as its example_null
// does), the programs the pages are drawn from, and the layout checks every page passes.
#pragma once

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

namespace uitest {

using namespace hallboard;
using namespace hallboard::test;

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
    float measure(std::string_view line, const ui::Font& font) override {
        std::size_t n = 0;
        for (std::size_t i = 0; i < line.size();) {
            nextCodepoint(line, i);
            ++n;
        }
        return 0.55f * font.px * static_cast<float>(n);
    }
    void draw(const ui::Pen& pen, std::string_view line, const ui::Font& font, Direction) override {
        float a = static_cast<float>((pen.color >> IM_COL32_A_SHIFT) & 0xFF) / 255.0f;
        lines.push_back({std::string(line), pen.pos, font.px, measure(line, font), a, pen.list->GetClipRectMin(),
                         pen.list->GetClipRectMax(), pen.color});
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

inline Program fixture() {
    return twoRooms();
}

// The two-rooms day with the overrides document `overrides` applied (none when empty),
// at `wall`, on a kiosk whose rotation is one page of `kind` (for `rooms`, if any).
inline std::unique_ptr<Scene> pageAt(PageKind kind, const std::string& wall, const std::string& overrides = {},
                                     const std::vector<std::string>& rooms = {}) {
    Program p = fixture();
    if (!overrides.empty()) applyOk(p, overrides);
    Instant now = at(p, wall);
    auto scene = std::make_unique<Scene>(std::move(p), now);
    PageConfig page;
    page.kind = kind;
    page.rooms = rooms;
    scene->config.rotation = {page};
    return scene;
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

// The touch targets of the rotation's first page, drawn at `size`.
inline std::vector<browse::Target> pageTargets(Scene& scene, ImVec2 size) {
    TestCanvas tc(scene, size);
    std::vector<browse::Target> targets;
    tc.c.targets = &targets;
    Rotation::Frame frame;
    frame.current = Rotation::Slot{0, 0};
    ui::drawScreen(scene.view, frame, tc.c);
    return targets;
}

// Draws one page of the rotation on a canvas of `size` and returns what was drawn.
inline RecordingText drawn(Scene& scene, ImVec2 size, std::size_t page, int screen = 0) {
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

inline Recorded recorded(Scene& scene, ImVec2 size, std::size_t page, int screen = 0) {
    TestCanvas tc(scene, size);
    Rotation::Frame frame;
    frame.current = Rotation::Slot{page, screen};
    ui::drawScreen(scene.view, frame, tc.c);
    return {tc.record.runs, tc.theme};
}

// Every line inside the screen, and no two lines on top of each other.
inline void checkLayout(const RecordingText& t, ImVec2 size) {
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

inline const ImVec2 kSizes[] = {{800, 480}, {1280, 720}, {1920, 1080}, {1080, 1920}, {3840, 2160}};

inline std::unique_ptr<Scene> fiftyRooms() {
    bench::SyntheticSpec spec;
    spec.talks = 2000;
    spec.rooms = 50;
    spec.days = 2;
    Program p = bench::syntheticProgram(spec);
    Instant now = *Scheduler(p).firstStart() + std::chrono::minutes{30};
    return std::make_unique<Scene>(std::move(p), now);
}

// The bundled MLSys 2021 sample: long titles, long abstracts, bios, links.
inline Program sample() {
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
    std::vector<ui::TextRun> runs;  // the layout record
    bool recorded(const std::string& needle) const {
        return std::any_of(runs.begin(), runs.end(),
                           [&](const ui::TextRun& r) { return r.text.find(needle) != std::string::npos; });
    }
};

// `images`: pictures to draw with (none: every picture missing).
inline BrowseFrame drawnBrowse(BrowseScene& scene, ImVec2 size, ui::Images* images = nullptr) {
    TestCanvas tc(scene, size);
    if (images) tc.c.images = images;
    BrowseFrame f;
    tc.c.targets = &f.targets;
    tc.c.facts = &f.facts;
    scene.view.browse.hits = &scene.catalog.hits(scene.browser.query());
    ui::drawBrowse(scene.view, tc.c);
    f.text = tc.text;
    f.runs = tc.record.runs;
    return f;
}

// What a visitor sees of a browse screen is in place: text inside the screen and not on
// top of other text (list rows cut off by the list's edge excepted), every target at
// least a thumb's size, inside the screen, and fixed targets not on top of each other.
inline void checkBrowseLayout(const BrowseFrame& f, ImVec2 size, float thumb) {
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

// The same, a thumb being that of `scene`'s theme at `size` (normal text).
inline void checkBrowseLayout(const BrowseFrame& f, const Scene& scene, ImVec2 size) {
    ui::Theme theme = ui::makeTheme(scene.config.theme, scene.program.conference, size, scene.config.display);
    checkBrowseLayout(f, size, ui::browse_ui::thumb(theme));
}

// Opens `actions` from the rotation, as a visitor starting afresh would.
inline void openBrowse(BrowseScene& scene, const std::vector<browse::Action>& actions) {
    scene.browser.apply({browse::Action::Kind::home}, 0.0);
    for (const browse::Action& a : actions) scene.browser.apply(a, 0.0);
}

// Every browse screen in `language` at `sizes`: text on screen, targets a thumb wide and apart.

inline void checkEveryBrowseScreen(const std::string& language, const std::vector<ImVec2>& sizes) {
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

inline Program oneSession() {
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

inline std::unique_ptr<Scene> oneSessionAt(const std::string& wall, const std::function<void(Program&)>& change = {}) {
    Program p = oneSession();
    if (change) change(p);
    Instant now = at(p, wall);
    return std::make_unique<Scene>(std::move(p), now);
}

inline void checkIdleNoticeClear(const BrowseFrame& f, ImVec2 size) {
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

// A morning in two halls. At 09:45 Ada's "Early Results" is over, Bob's "Middle Part" is
// on until 10:00, Dee speaks at 10:30, Cyd gives the keynote at 11:30, and Eve speaks
// at 18:00, beyond the speakers page's three hours.
inline Program morningProgram() {
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

// Pixels a software rasteriser tests for the page's shapes: each triangle's bounds,
// clipped, except the halves of axis-aligned rectangles (SDL copies those as
// rectangles, testing nothing).
inline double testedPixels(const ImDrawList& list) {
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
inline Wayfinding twoRoomWayfinding(const Program& p) {
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
    auto w = planWayfinding(std::move(*venue.venue), p, {"k", 0}, false, {"kiosk.json", diags});
    REQUIRE(w);
    return std::move(*w);
}

// Directions from the lobby screen ("lobby-kiosk", facing north) with a bundled venue
// file of data/ (the MLSys 2021 one or the multi-script one).
inline Wayfinding lobbyWayfinding(const Program& p, const std::string& venueFile) {
    VenueLoad venue = loadVenueFile(std::string(HALLBOARD_SOURCE_DIR) + "/data/" + venueFile, p);
    INFO(allDiagnostics(venue.diagnostics));
    REQUIRE(venue.ok());
    std::vector<Diagnostic> diags;
    auto w = planWayfinding(std::move(*venue.venue), p, {"lobby-kiosk", 0}, false, {"kiosk.json", diags});
    INFO(allDiagnostics(diags));
    REQUIRE(w);
    return std::move(*w);
}

// The multi-script sample (room names in eight scripts).
inline Program multiscript() {
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

inline PageConfig slidePage(const std::string& json) {
    ConfigLoad load =
        parseKioskConfig(R"({"program": "p.json", "rotation": [)" + json + "]}", "kiosk.json", "/srv/config");
    INFO(allDiagnostics(load.diagnostics));
    REQUIRE(load.ok());
    return load.config->rotation.at(0);
}

// Two rooms at once: a German talk in one track, an English one in another.
inline Program twoLanguages(const std::string& second = "en") {
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

}  // namespace uitest
