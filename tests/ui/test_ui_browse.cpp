// The browse screens a visitor touches: every size and language, search with the keyboard up, the idle countdown,
// filters, QR codes. Drawn through Dear ImGui with no window (tests/ui/ui_scenes.hpp).
#include <catch2/catch.hpp>

#include "ui/ui_scenes.hpp"

using namespace hallboard;
using namespace hallboard::test;
using namespace uitest;

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
            openBrowse(scene, {{part}});
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
            openBrowse(scene, {{part}});
            BrowseFrame other = drawnBrowse(scene, size);
            checkIdleNoticeClear(other, size);
        }
        openBrowse(scene, {{K::search}});
        scene.browser.apply({K::typeText, 0, "learning"}, 0.0);
        REQUIRE(scene.browser.keyboardShown());
        BrowseFrame f = drawnBrowse(scene, size);
        CHECK(f.text.has("Back to the overview in 8 s"));
        CHECK(std::any_of(f.targets.begin(), f.targets.end(), [](const auto& tg) { return tg.action.text == " "; }));
        checkIdleNoticeClear(f, size);
        // And what is drawn still fits: text apart, targets a thumb wide.
        checkBrowseLayout(f, scene, size);
    }
}

TEST_CASE("browsing filters the schedule by language as well as track, with thumb-sized targets at every size") {
    using Kind = browse::Action::Kind;
    BrowseScene scene(twoLanguages(), Instant{});
    scene.view.now = at(scene.program, "2026-05-01T10:20");
    for (ImVec2 size : kSizes) {
        INFO(size.x << "x" << size.y);
        openBrowse(scene, {{Kind::schedule, 0}});
        BrowseFrame all = drawnBrowse(scene, size);
        checkBrowseLayout(all, scene, size);
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
    openBrowse(scene, {{Kind::talk, 0}});  // Zwanzig Jahre Camp's talk
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
        openBrowse(scene, {{Kind::schedule, 0}});
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
        checkBrowseLayout(f, scene, size);
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
                openBrowse(scene, {open});
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
        auto planned = planWayfinding(std::move(*venue.venue), p, {"lobby-kiosk", 0}, false, {"kiosk.json", diags});
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
                openBrowse(scene, {{K::talk, talk}});
                BrowseFrame f = drawnBrowse(scene, size);
                CHECK(f.text.has("Works offline"));
                CHECK(f.text.has("calendar."));  // the caption's last word
                for (const auto& l : f.text.lines) {
                    INFO(l.text);
                    CHECK(l.text.find("…") == std::string::npos);
                }
            }
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
        openBrowse(scene, {{K::talk, talk}});
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
