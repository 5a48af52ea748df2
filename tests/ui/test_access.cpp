// Usable by every visitor (#30): every browse control within reach of a seated visitor
// (ADA 2010 §308: 0.38 to 1.22 m above the floor) and lists that bring any row there;
// large text and high contrast on request, laid out again, and gone when the visit ends.
// Browse screens drawn headless (as in test_ui.cpp) with a stand-in text engine, read
// back through their touch targets and the layout record.
#include <catch2/catch.hpp>

#include <algorithm>
#include <optional>
#include <imgui.h>

#include "base/i18n.hpp"
#include "base/unicode_text.hpp"
#include "browse/browser.hpp"
#include "browse/catalog.hpp"
#include "kiosk/panel_geometry.hpp"
#include "platform/paths.hpp"
#include "support.hpp"
#include "ui/browse_screens.hpp"
#include "ui/kiosk_screen.hpp"
#include "ui/ui_scenes.hpp"

using namespace hallboard;
using namespace hallboard::test;
using K = browse::Action::Kind;

namespace {

// The bundled MLSys 2021 sample, touch browsing on it, 20 minutes into its first session
// (tests/ui/ui_scenes.hpp), drawn with large text when the visitor asked for it.
struct Visit : uitest::BrowseScene {
    Visit() : BrowseScene(uitest::sample(), Instant{}) {
        view.now = *scheduler->firstStart() + std::chrono::minutes{20};
    }
    ui::Theme theme(ImVec2 size) const {
        return ui::makeTheme(config.theme, program.conference, size, config.display,
                             {std::nullopt, browser.largeText()});
    }
};

struct Frame {
    ui::Theme theme;
    std::vector<browse::Target> targets;
    browse::FrameFacts facts;
    std::vector<ui::TextRun> runs;
    float scrolled = 0;  // the list's offset it was drawn at
};

// Draws what the visit shows now (a browse screen, or the rotation's first page) and
// hands the browser its targets, as the kiosk loop does after each frame.
Frame drawn(Visit& v, ImVec2 size) {
    uitest::NullImGui imgui(size);
    uitest::RecordingText engine;
    uitest::NoImages images;
    Frame f;
    f.theme = v.theme(size);
    ui::LayoutRecord record;
    ui::Canvas c;
    c.list = ImGui::GetBackgroundDrawList();
    c.size = size;
    c.theme = &f.theme;
    c.engine = &engine;
    c.images = &images;
    c.targets = &f.targets;
    c.facts = &f.facts;
    c.record = &record;
    v.view.browse.hits = &v.catalog.hits(v.browser.query());
    v.view.browse.idleLeft = v.browser.browsing() ? 45.0 : 1e9;
    Rotation::Frame frame;
    frame.current = Rotation::Slot{0, 0};
    std::vector<int> plan(v.config.rotation.size(), 1);
    v.view.screens = &plan;
    ui::drawScreen(v.view, frame, c);
    v.view.screens = nullptr;
    f.scrolled = v.browser.scroll();
    v.browser.frameDrawn(f.targets, f.facts);
    f.runs = record.runs;
    return f;
}

struct Screen {
    const char* name;
    std::vector<browse::Action> actions;
};

// Every browse screen a visitor meets, on the sample.
std::vector<Screen> browseScreens(const Program& p) {
    Index session = 0, talk = 0;
    for (Index i = 0; i < p.sessions.size(); ++i)
        if (p.sessions[i].kind == SessionKind::invited && !p.sessions[i].talks.empty()) {
            session = i;
            talk = p.sessions[i].talks.front();
            break;
        }
    return {
        {"schedule", {{K::schedule, 0}}},
        {"schedule, one room", {{K::schedule, 0}, {K::room, 1}}},
        {"session", {{K::session, session}}},
        {"talk", {{K::talk, talk}}},
        {"people", {{K::people}}},
        {"person", {{K::person, 0}}},
        {"room", {{K::place, 0}}},
        {"search with the keyboard", {{K::search}, {K::typeText, 0, "learning"}}},
        {"search without the keyboard", {{K::search}, {K::typeText, 0, "data"}, {K::keyboard}}},
    };
}

void open(Visit& v, const Screen& screen, bool large) {
    v.browser.apply({K::home}, 0.0);
    for (const auto& a : screen.actions) v.browser.apply(a, 0.0);
    if (large) v.browser.apply({K::largeText}, 0.0);
}

// Whether the list can be scrolled (between its two ends, pulled down past its start as
// far as the browser lets it) so that `t`, drawn at offset `now`, lies whole in the rows
// [top, bottom).
bool bringable(const browse::Browser& b, float now, const browse::Target& t, float top, float bottom) {
    float latest = t.y0 + now - top;       // offsets that keep its top at or under `top`
    float earliest = t.y1 + now - bottom;  // and its bottom at or over `bottom`
    return std::max(b.list().min(), earliest) <= std::min(b.list().max(), latest) + 0.5f;
}

}  // namespace

TEST_CASE("within reach: a 43-inch panel hung at 0.9 m has every browse control between 0.38 and 1.22 m, portrait "
          "and landscape, and every list row can be brought there (#30.1)") {
    setCatalogueDir(platform::localeDir());
    useLanguage("en");
    Visit v;
    v.config.display.diagonalInches = 43;
    v.config.display.bottomEdgeMetres = 0.9;
    for (ImVec2 size : {ImVec2{1080, 1920}, ImVec2{1920, 1080}}) {
        ReachBand band = reachBand(43, {static_cast<int>(size.x), static_cast<int>(size.y)}, 0.9);
        REQUIRE(band.reachable());
        const float top = static_cast<float>(band.top), bottom = static_cast<float>(band.bottom);
        CHECK(bottom == size.y);
        CHECK(top > size.y * 0.4f);  // the picture's upper part is out of reach
        for (const Screen& screen : browseScreens(v.program)) {
            INFO(screen.name << " at " << size.x << "x" << size.y << ", within reach: rows " << band.top << " to "
                             << band.bottom);
            open(v, screen, false);
            Frame f = drawn(v, size);
            CHECK(f.theme.reach);
            CHECK(f.theme.reachTop == top);
            std::size_t fixed = 0;
            float listTop = f.facts.listTop, listBottom = f.facts.listTop + f.facts.listHeight;
            // With the keyboard up, the band holds the keys, the field and the bar, and the
            // results are over it: "Hide", within reach, brings them down (the next screen).
            bool keys = v.browser.view() == browse::View::search && v.browser.keyboardShown();
            for (const browse::Target& t : f.targets) {
                INFO("target " << t.x0 << "," << t.y0 << " - " << t.x1 << "," << t.y1 << " (action "
                               << static_cast<int>(t.action.kind) << ")");
                if (t.inList) {
                    // A row of the list: it can be scrolled (or pulled down) into reach.
                    if (!keys)
                        CHECK(
                            bringable(v.browser, f.scrolled, t, std::max(top, listTop), std::min(bottom, listBottom)));
                    continue;
                }
                ++fixed;
                CHECK(t.y0 >= top - 0.5f);
                CHECK(t.y1 <= bottom + 0.5f);
            }
            CHECK(fixed >= 6);  // back, the three parts, large text, home (and the screen's own)
        }
    }
    // The end to end: the schedule's first session, above the band when the list opens,
    // comes down into it as the list is pulled down as far as it goes.
    open(v, browseScreens(v.program)[0], false);
    drawn(v, {1080, 1920});
    browse::Input pull;
    pull.type = browse::Input::Type::wheel;
    pull.wheel = 1000;  // towards the top, as far as it goes
    v.browser.handle(pull, 1.0);
    Frame pulled = drawn(v, {1080, 1920});
    auto first = std::min_element(pulled.targets.begin(), pulled.targets.end(), [](const auto& a, const auto& b) {
        return (a.inList ? a.y0 : 1e9f) < (b.inList ? b.y0 : 1e9f);
    });
    REQUIRE(first != pulled.targets.end());
    REQUIRE(first->inList);
    CHECK(v.browser.scroll() < 0);
    CHECK(first->y0 >= pulled.theme.reachTop - 0.5f);
    CHECK(first->y1 <= pulled.facts.listTop + pulled.facts.listHeight + 0.5f);
}

TEST_CASE("a portrait panel with no mount configured is laid out within reach, controls at the bottom (#30.1)") {
    Visit v;
    open(v, browseScreens(v.program)[0], false);
    Frame portrait = drawn(v, {1080, 1920});
    CHECK(portrait.theme.reach);
    // A floor stand: the lower edge at 0.8 m, 43 inches: rows from about 1073 down.
    CHECK(portrait.theme.reachTop == Approx(1920 * (1 - 0.42 / 0.952)).margin(2));
    auto back = std::find_if(portrait.targets.begin(), portrait.targets.end(),
                             [](const browse::Target& t) { return t.action.kind == K::back; });
    REQUIRE(back != portrait.targets.end());
    CHECK(back->y0 > 1920 * 0.8f);
    // Landscape, no mount given: the controls where they were, at the top.
    Frame landscape = drawn(v, {1920, 1080});
    CHECK_FALSE(landscape.theme.reach);
    back = std::find_if(landscape.targets.begin(), landscape.targets.end(),
                        [](const browse::Target& t) { return t.action.kind == K::back; });
    REQUIRE(back != landscape.targets.end());
    CHECK(back->y1 < 1080 * 0.2f);
}

namespace {

const ImVec2 kSizes[] = {{800, 480}, {1280, 720}, {1920, 1080}, {1080, 1920}, {3840, 2160}};

// What a large-text screen must be: every run at the large reading floor or above, on the
// screen and inside its clip; the bar's and the filters' words whole; targets at least a
// thumb and apart.
void checkLarge(const Frame& f, const ui::Theme& normal, ImVec2 size) {
    CHECK(f.theme.large);
    CHECK(f.theme.reading.textPx >= normal.reading.textPx * 1.5f - 0.5f);
    CHECK(f.theme.body >= normal.body * 1.5f - 0.5f);
    REQUIRE(!f.runs.empty());
    for (const ui::TextRun& run : f.runs) {
        INFO("\"" << run.text << "\" at " << run.box.min.x << "," << run.box.min.y << " - " << run.box.max.x << ","
                  << run.box.max.y << ", " << run.px << " px");
        CHECK(run.px >= (run.informative ? f.theme.reading.textPx : f.theme.reading.anyPx) - 0.5f);
        // Not shown at all: outside its clip (a list with no room: the search results under
        // the keyboard at 800x480).
        if (run.box.min.y >= run.clip.max.y || run.box.max.y <= run.clip.min.y || run.clip.max.y <= run.clip.min.y)
            continue;
        bool inList = run.clip.min.y >= f.facts.listTop - 0.5f &&
                      run.clip.max.y <= f.facts.listTop + f.facts.listHeight + 0.5f && f.facts.listHeight > 0;
        if (inList) continue;  // a row cut by the list's edge is clipped there, and scrolls
        CHECK(run.box.min.x >= -0.5f);
        CHECK(run.box.max.x <= size.x + 0.5f);
        CHECK(run.box.min.y >= -0.5f);
        CHECK(run.box.max.y <= size.y + 0.5f);
        CHECK(run.box.max.x <= run.clip.max.x + 1);
        CHECK(run.box.max.y <= run.clip.max.y + 1);
        CHECK_FALSE(run.cut);
    }
    float thumb = ui::browse_ui::thumb(normal);  // a target is no smaller than at the normal size
    std::vector<const browse::Target*> fixed;
    for (const browse::Target& t : f.targets) {
        if (t.inList) continue;
        INFO("target " << t.x0 << "," << t.y0 << " - " << t.x1 << "," << t.y1);
        CHECK(t.x1 - t.x0 >= thumb - 0.5f);
        CHECK(t.y1 - t.y0 >= thumb - 0.5f);
        CHECK(t.x0 >= 0);
        CHECK(t.x1 <= size.x + 1);
        CHECK(t.y0 >= 0);
        CHECK(t.y1 <= size.y + 1);
        fixed.push_back(&t);
    }
    for (std::size_t i = 0; i < fixed.size(); ++i)
        for (std::size_t j = i + 1; j < fixed.size(); ++j) {
            const auto& a = *fixed[i];
            const auto& b = *fixed[j];
            CHECK((a.x1 <= b.x0 + 1 || b.x1 <= a.x0 + 1 || a.y1 <= b.y0 + 1 || b.y1 <= a.y0 + 1));
        }
}

}  // namespace

TEST_CASE("large text and high contrast on request: text 1.5 times the reading floor, laid out again without cuts, at "
          "every size (#30.2)") {
    setCatalogueDir(platform::localeDir());
    useLanguage("en");
    Visit v;
    for (ImVec2 size : kSizes) {
        for (const Screen& screen : browseScreens(v.program)) {
            INFO(screen.name << " at " << size.x << "x" << size.y);
            open(v, screen, false);
            Frame normal = drawn(v, size);
            CHECK_FALSE(normal.theme.large);
            // The control is on every screen, and asks for both.
            auto control = std::find_if(normal.targets.begin(), normal.targets.end(),
                                        [](const browse::Target& t) { return t.action.kind == K::largeText; });
            REQUIRE(control != normal.targets.end());
            v.browser.apply(control->action, 0.5);
            REQUIRE(v.browser.largeText());
            Frame large = drawn(v, size);
            checkLarge(large, normal.theme, size);
            // Laid out again: the bar's words 1.5 times as large, in buttons no smaller.
            auto backOf = [](const Frame& f) {
                return *std::find_if(f.targets.begin(), f.targets.end(),
                                     [](const browse::Target& t) { return t.action.kind == K::back; });
            };
            auto backPx = [](const Frame& f) {
                auto run = std::find_if(f.runs.begin(), f.runs.end(),
                                        [](const ui::TextRun& r) { return r.text.find("Back") != std::string::npos; });
                return run == f.runs.end() ? 0.0f : run->px;
            };
            CHECK(backPx(large) >= backPx(normal) * 1.5f - 0.5f);
            CHECK(backPx(normal) > 0);
            CHECK(backOf(large).y1 - backOf(large).y0 >= backOf(normal).y1 - backOf(normal).y0);
        }
    }
}

TEST_CASE("large text on the 7-inch 800x480 touch screen keeps the search field, the keys and the bar apart (#30.2)") {
    setCatalogueDir(platform::localeDir());
    useLanguage("en");
    Visit v;
    // config/small-touch-800x480.json: read and touched at arm's length.
    v.config.display.diagonalInches = 7;
    v.config.display.viewingDistanceMetres = 0.5;
    v.config.theme.scale = 1.15;
    ImVec2 size{800, 480};
    for (const Screen& screen : browseScreens(v.program)) {
        INFO(screen.name);
        open(v, screen, false);
        Frame normal = drawn(v, size);
        open(v, screen, true);
        REQUIRE(v.browser.largeText());
        checkLarge(drawn(v, size), normal.theme, size);
    }
}

namespace {

// Every run shown whole (inside its clip) at some offset of the list, scrolled from its
// start to its end as a visitor would (the wheel: about a quarter of the list a step);
// every frame on the way checked as a large-text screen.
std::vector<ui::TextRun> shownWhileScrolling(Visit& v, ImVec2 size, const ui::Theme& normal) {
    std::vector<ui::TextRun> shown;
    browse::Input down;
    down.type = browse::Input::Type::wheel;
    down.wheel = -2;
    for (int step = 0; step < 60; ++step) {
        Frame f = drawn(v, size);
        checkLarge(f, normal, size);
        for (const ui::TextRun& run : f.runs)
            if (run.box.min.y >= run.clip.min.y - 1 && run.box.max.y <= run.clip.max.y + 1 &&
                run.clip.max.y > run.clip.min.y)
                shown.push_back(run);
        float before = v.browser.scroll();
        v.browser.handle(down, 1.0 + step);
        if (v.browser.scroll() <= before + 0.5f) break;  // the end of the list
    }
    return shown;
}

bool hasText(const std::vector<ui::TextRun>& runs, const std::string& needle) {
    return std::any_of(runs.begin(), runs.end(),
                       [&](const ui::TextRun& r) { return r.text.find(needle) != std::string::npos; });
}

}  // namespace

TEST_CASE("large text on the 7-inch 800x480 touch screen: a talk's page with a venue still shows the way there (its "
          "map) and what to take away, after the words, a scroll away (#30.2)") {
    setCatalogueDir(platform::localeDir());
    useLanguage("en");
    Visit v;
    v.config.display.diagonalInches = 7;
    v.config.display.viewingDistanceMetres = 0.5;
    v.config.theme.scale = 1.15;
    std::optional<Wayfinding> way = uitest::lobbyWayfinding(v.program, "mlsys2021.venue.json");
    v.view.wayfinding = &*way;
    const Screen talk = browseScreens(v.program)[3];
    REQUIRE(std::string(talk.name) == "talk");
    for (ImVec2 size : {ImVec2{800, 480}, ImVec2{1280, 720}}) {
        INFO(size.x << "x" << size.y);
        open(v, talk, false);
        Frame normal = drawn(v, size);
        // At the normal size the map is there, beside the words.
        CHECK(hasText(normal.runs, "To Main room: 1 min"));
        CHECK(hasText(normal.runs, "You are here"));
        open(v, talk, true);
        REQUIRE(v.browser.largeText());
        std::vector<ui::TextRun> shown = shownWhileScrolling(v, size, normal.theme);
        std::string all;
        for (const auto& r : shown) all += r.text + " | ";
        INFO(all);
        // Large: the way's heading and its map (its markers' words) are shown whole at some
        // point of the page; the code to take away too, where the normal size has one.
        CHECK(hasText(shown, "To Main room: 1 min"));
        CHECK(hasText(shown, "You are here"));
        if (hasText(normal.runs, "Scan")) CHECK(hasText(shown, "Scan"));
    }
}

TEST_CASE("search with its keyboard up: no text over a key, only each key's own label inside it, at the five "
          "sizes and on the 7-inch panel, large text on and off (#30.2)") {
    setCatalogueDir(platform::localeDir());
    useLanguage("en");
    struct Panel {
        const char* name;
        double diagonal, distance, scale;
    };
    // The default panel, and config/small-touch-800x480.json's (read at arm's length).
    const Panel panels[] = {{"default", 0, 0, 1}, {"7-inch at 0.5 m", 7, 0.5, 1.15}};
    for (const Panel& panel : panels)
        for (ImVec2 size : kSizes)
            for (bool large : {false, true})
                for (const char* typed : {"", "learning"}) {
                    INFO(panel.name << " at " << size.x << "x" << size.y << (large ? ", large text" : "")
                                    << ", typed \"" << typed << "\"");
                    Visit v;
                    if (panel.diagonal > 0) {
                        v.config.display.diagonalInches = panel.diagonal;
                        v.config.display.viewingDistanceMetres = panel.distance;
                        v.config.theme.scale = panel.scale;
                    }
                    Screen search{"search", {{K::search}}};
                    if (*typed) search.actions.push_back({K::typeText, 0, typed});
                    open(v, search, large);
                    Frame f = drawn(v, size);
                    REQUIRE(v.browser.keyboardShown());
                    std::size_t keys = 0;
                    for (const browse::Target& key : f.targets) {
                        if (key.inList) continue;
                        bool isKey = key.action.kind == K::typeText || key.action.kind == K::erase ||
                                     key.action.kind == K::clear || key.action.kind == K::keyboard;
                        if (!isKey) continue;
                        ++keys;
                        for (const ui::TextRun& run : f.runs) {
                            // What is seen of it: a list's row cut by the list's edge is
                            // clipped there.
                            ui::Rect seen{ImVec2{std::max(run.box.min.x, run.clip.min.x),
                                                 std::max(run.box.min.y, run.clip.min.y)},
                                          ImVec2{std::min(run.box.max.x, run.clip.max.x),
                                                 std::min(run.box.max.y, run.clip.max.y)}};
                            if (seen.max.x <= seen.min.x || seen.max.y <= seen.min.y) continue;
                            bool apart = seen.max.x <= key.x0 + 1 || seen.min.x >= key.x1 - 1 ||
                                         seen.max.y <= key.y0 + 1 || seen.min.y >= key.y1 - 1;
                            bool label = seen.min.x >= key.x0 - 1 && seen.max.x <= key.x1 + 1 &&
                                         seen.min.y >= key.y0 - 1 && seen.max.y <= key.y1 + 1;
                            INFO("\"" << run.text << "\" seen at " << seen.min.x << "," << seen.min.y << " - "
                                      << seen.max.x << "," << seen.max.y << " over the key " << key.x0 << "," << key.y0
                                      << " - " << key.x1 << "," << key.y1);
                            CHECK((apart || label));
                        }
                    }
                    CHECK(keys >= 29);  // 26 letters, erase, space, hide, clear
                }
}

TEST_CASE("large text opens from the rotation, and goes with the visit: on idle, home or back (#30.2)") {
    Visit v;
    // The rotation's footer has the control; a touch on it starts a visit with large text.
    Frame rotation = drawn(v, {1080, 1920});
    CHECK_FALSE(rotation.theme.large);
    auto control = std::find_if(rotation.targets.begin(), rotation.targets.end(),
                                [](const browse::Target& t) { return t.action.kind == K::largeText; });
    REQUIRE(control != rotation.targets.end());
    CHECK(control->y1 - control->y0 >= ui::browse_ui::thumb(rotation.theme) - 0.5f);
    auto touch = [&](float x, float y, double t) {
        browse::Input in;
        in.type = browse::Input::Type::pointer;
        in.pointer = {browse::Pointer::Type::down, x, y, t};
        v.browser.handle(in, t);
        in.pointer = {browse::Pointer::Type::up, x, y, t + 0.05};
        v.browser.handle(in, t + 0.05);
    };
    touch((control->x0 + control->x1) / 2, (control->y0 + control->y1) / 2, 1.0);
    REQUIRE(v.browser.browsing());
    CHECK(v.browser.view() == browse::View::schedule);
    CHECK(v.browser.largeText());
    Frame large = drawn(v, {1080, 1920});
    CHECK(large.theme.large);
    // Left alone: the rotation returns with the normal text and colours.
    v.browser.tick(1.0);
    v.browser.tick(1.0 + v.browser.idleLeft(1.0) + 0.1);  // the whole visit left alone
    CHECK_FALSE(v.browser.browsing());
    CHECK_FALSE(v.browser.largeText());
    Frame after = drawn(v, {1080, 1920});
    CHECK_FALSE(after.theme.large);
    CHECK(after.theme.body == rotation.theme.body);
    CHECK(after.theme.background == rotation.theme.background);
    // Home and back out of the visit end it too; the next visitor starts with normal text.
    for (K out : {K::home, K::back}) {
        v.browser.apply({K::schedule, 0}, 100.0);
        v.browser.apply({K::largeText}, 100.0);
        REQUIRE(v.browser.largeText());
        v.browser.apply({out}, 101.0);
        CHECK_FALSE(v.browser.browsing());
        CHECK_FALSE(v.browser.largeText());
    }
    // Off again from the bar, without leaving.
    v.browser.apply({K::schedule, 0}, 200.0);
    v.browser.apply({K::largeText}, 200.0);
    v.browser.apply({K::largeText}, 201.0);
    CHECK(v.browser.browsing());
    CHECK_FALSE(v.browser.largeText());
}

TEST_CASE("right to left, Tab reads a real browse screen from the right: on a talk's page the bar from Home to Back, "
          "then the talk's own buttons (#30.4)") {
    setCatalogueDir(platform::localeDir());
    useLanguage("en");
    Visit v;
    std::size_t talk = browseScreens(v.program)[3].actions[0].item;
    auto focusedAfter = [&](bool rtl, int tabs) {
        v.browser.setRightToLeft(rtl);
        v.browser.apply({K::home}, 0.0);
        v.browser.apply({K::talk, talk}, 0.0);
        drawn(v, {1920, 1080});
        browse::Input tab;
        tab.type = browse::Input::Type::key;
        tab.key = browse::Key::tab;
        for (int i = 0; i < tabs; ++i) v.browser.handle(tab, 1.0);
        const browse::Target* t = v.browser.focusedTargetOf();
        return t ? t->action.kind : K::none;
    };
    // Left to right: Back, the tabs, Aa, Home, then the talk's speaker.
    CHECK(focusedAfter(false, 1) == K::back);
    CHECK(focusedAfter(false, 6) == K::home);
    CHECK(focusedAfter(false, 7) == K::person);
    // Right to left (an interface language written so, Touch::Touch): the same screen's
    // bar from the right, Home first, Back last, then the talk's own buttons.
    CHECK(focusedAfter(true, 1) == K::home);
    CHECK(focusedAfter(true, 2) == K::largeText);
    CHECK(focusedAfter(true, 3) == K::search);
    CHECK(focusedAfter(true, 4) == K::people);
    CHECK(focusedAfter(true, 5) == K::schedule);
    CHECK(focusedAfter(true, 6) == K::back);
    CHECK(focusedAfter(true, 7) == K::person);
}
