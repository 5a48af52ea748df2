// Not by colour alone (#30.7, WCAG 1.4.1, EN 301 549 §11.1.4.1): what is live, what is
// cancelled and which track a session is in are each said in words as well as in colour,
// in the row that shows them. Every page and browse screen that shows them (now & next in
// cards and in compact rows, the rooms board, upcoming, the schedule, a session's page
// and a talk's) is drawn at the five sizes, and each row (the touch target of its session
// or talk) is read back through the layout record: the runs inside its rectangle.
// Drawn through Dear ImGui with no window (tests/ui/ui_scenes.hpp).
#include <catch2/catch.hpp>

#include "base/i18n.hpp"
#include "base/language_scope.hpp"
#include "platform/paths.hpp"
#include "ui/ui_scenes.hpp"

using namespace hallboard;
using namespace hallboard::test;
using namespace uitest;
using K = browse::Action::Kind;

namespace {

// A synthetic conference of `rooms` rooms, every session in a coloured track, 30 minutes
// into its first sessions; the second room's live session and a talk of the first
// room's live session cancelled.
std::unique_ptr<BrowseScene> colouredDay(int rooms) {
    bench::SyntheticSpec spec;
    spec.talks = rooms * 12;
    spec.rooms = rooms;
    spec.days = 1;
    Program p = bench::syntheticProgram(spec);
    Instant now = *Scheduler(p).firstStart() + std::chrono::minutes{30};
    Scheduler probe(p);
    std::vector<Index> live;
    for (Index s = 0; s < p.sessions.size(); ++s)
        if (p.sessions[s].time.contains(now)) live.push_back(s);
    REQUIRE(live.size() >= 2);
    p.sessions[live[1]].change.cancelled = true;
    for (Index t : p.sessions[live[0]].talks)
        if (p.talks[t].slot.start > now) {
            p.talks[t].change.cancelled = true;
            break;
        }
    return std::make_unique<BrowseScene>(std::move(p), now);
}

// The runs of the layout record whose middle lies in `r`, joined, and whether the row
// lies whole in what is shown (a list's row scrolled half out of view is not read).
struct Row {
    std::string text;
    bool whole = true;
};

Row rowText(const std::vector<ui::TextRun>& runs, const browse::Target& r, const browse::FrameFacts& facts) {
    Row row;
    if (r.inList && (r.y0 < facts.listTop - 0.5f || r.y1 > facts.listTop + facts.listHeight + 0.5f)) row.whole = false;
    for (const ui::TextRun& run : runs) {
        float cx = (run.box.min.x + run.box.max.x) * 0.5f, cy = (run.box.min.y + run.box.max.y) * 0.5f;
        if (cx >= r.x0 && cx <= r.x1 && cy >= r.y0 && cy <= r.y1) row.text += run.text + " | ";
    }
    return row;
}

bool hasAny(const std::string& text, const std::vector<std::string>& words) {
    return std::any_of(words.begin(), words.end(),
                       [&](const std::string& w) { return !w.empty() && text.find(w) != std::string::npos; });
}

// A message's words around its "%s" ("%s left": "left"; German "noch %s": "noch"), in
// the current language.
std::string around(const char* message) {
    std::string m = tr(message);
    std::size_t at = m.find("%s");
    std::string part = at == std::string::npos                       ? m
                       : m.substr(0, at).size() >= m.size() - at - 2 ? m.substr(0, at)
                                                                     : m.substr(at + 2);
    while (!part.empty() && part.front() == ' ') part.erase(0, 1);
    while (!part.empty() && part.back() == ' ') part.pop_back();
    return part;
}

// What says "live" and "cancelled" in the language the kiosk speaks (base/i18n.hpp).
struct Words {
    std::vector<std::string> live, talkLive, cancelled, changed;
    Words()
        : live{tr("LIVE"), tr("Live now"), tr("NOW"), around("%s left"), localUpper(tr("now")), around("until %s")},
          talkLive{tr("LIVE"), tr("Live now"), tr("now")}, cancelled{tr("Cancelled"), localUpper(tr("Cancelled"))},
          changed{tr("Cancelled"), around("Moved to %s")} {}
};

// A track's name, or the start of it where it is cut to fit ("Track…").
bool hasTrack(const std::string& text, const std::string& name) {
    if (text.find(name) != std::string::npos) return true;
    for (std::size_t n = name.size() - 1; n >= 4; --n)
        if (text.find(name.substr(0, n) + "…") != std::string::npos) return true;
    return false;
}

struct Drawn {
    std::vector<browse::Target> targets;
    browse::FrameFacts facts;
    std::vector<ui::TextRun> runs;
};

Drawn drawPage(BrowseScene& scene, ImVec2 size, std::size_t page, int screen) {
    TestCanvas tc(scene, size);
    Drawn d;
    tc.c.targets = &d.targets;
    tc.c.facts = &d.facts;
    Rotation::Frame frame;
    frame.current = Rotation::Slot{page, screen};
    ui::drawScreen(scene.view, frame, tc.c);
    d.runs = tc.record.runs;
    return d;
}

// Each row of `d`: live, cancelled and track in words. `tracks`: rows show the track
// (its colour, so its name too). Returns how many rows were read.
int checkRows(const Program& p, Instant now, const Drawn& d, bool tracks) {
    const Words words;
    int read = 0;
    for (const browse::Target& tg : d.targets) {
        if (tg.action.kind != K::session && tg.action.kind != K::talk) continue;
        Row row = rowText(d.runs, tg, d.facts);
        if (!row.whole || row.text.empty()) continue;
        ++read;
        INFO("row: " << row.text);
        if (tg.action.kind == K::session) {
            const Session& s = p.sessions[tg.action.item];
            if (s.change.cancelled) CHECK(hasAny(row.text, words.cancelled));
            // "until 09:40": the rooms board's row under its NOW column (checked by the caller).
            if (!s.change.cancelled && s.time.contains(now)) CHECK(hasAny(row.text, words.live));
            // A row that leads with a cancelled or moved session (now & next) has no
            // track's colour: that session is muted and what changed is said instead.
            if (tracks && s.track && !hasAny(row.text, words.changed))
                CHECK(hasTrack(row.text, p.tracks[*s.track].name));
        } else {
            const Talk& t = p.talks[tg.action.item];
            if (t.change.cancelled) CHECK(hasAny(row.text, words.cancelled));
            if (!t.change.cancelled && t.slot.contains(now)) CHECK(hasAny(row.text, words.talkLive));
        }
    }
    return read;
}

// The languages the kiosk ships (base/i18n.hpp): each test runs in every one, the
// kiosk's language set as the loop sets it at a session swap.
const char* const kLanguages[] = {"en", "de", "fr", "es"};

void speak(BrowseScene& scene, const std::string& language) {
    setCatalogueDir(platform::localeDir());
    useLanguage(language);
    scene.config.language = language;
}

}  // namespace

TEST_CASE("not by colour alone: live, cancelled and track are in words in every row of now & next, the rooms board "
          "and upcoming, at every size, in every language the kiosk ships (#30.7)") {
    LanguageScope keep;  // the languages below are this case's own
    struct Case {
        int rooms;
        PageKind kind;
        bool tracks;  // the page shows tracks (in colour)
    };
    // 6 rooms: now & next in cards; 40: in compact rows, and the rooms board.
    const Case cases[] = {{6, PageKind::nowNext, true},
                          {40, PageKind::nowNext, true},
                          {40, PageKind::rooms, false},
                          {6, PageKind::upcoming, true}};
    for (const char* language : kLanguages)
        for (const Case& k : cases) {
            auto scene = colouredDay(k.rooms);
            speak(*scene, language);
            PageConfig page;
            page.kind = k.kind;
            scene->config.rotation = {page};
            for (ImVec2 size : kSizes) {
                INFO(language << ": " << k.rooms << " rooms, page " << static_cast<int>(k.kind) << " at " << size.x
                              << "x" << size.y);
                int screens = 0;
                {
                    TestCanvas probe(*scene, size);
                    screens = ui::pageType(k.kind).screens(scene->view, page, probe.c);
                }
                int read = 0;
                for (int screen = 0; screen < std::min(screens, 3); ++screen) {
                    Drawn d = drawPage(*scene, size, 0, screen);
                    read += checkRows(scene->program, scene->view.now, d, k.tracks);
                    // The board's live column says so in a word: its head NOW, or on two-line
                    // rows (portrait) NEXT before the second line, the first being what is on.
                    if (k.kind == PageKind::rooms)
                        CHECK(std::any_of(d.runs.begin(), d.runs.end(), [](const ui::TextRun& r) {
                            return r.text == tr("NOW") || r.text.rfind(std::string(tr("NEXT")) + " ", 0) == 0;
                        }));
                }
                CHECK(read > 0);
            }
        }
}

TEST_CASE("not by colour alone: live, cancelled and track are in words on the schedule, a session's page and a "
          "talk's, at every size, in every language the kiosk ships (#30.7)") {
    LanguageScope keep;
    for (const char* language : kLanguages) {
        auto scene = colouredDay(6);
        speak(*scene, language);
        const Program& p = scene->program;
        Index live = 0;
        while (!(p.sessions[live].time.contains(scene->view.now) && !p.sessions[live].change.cancelled)) ++live;
        Index cancelledTalk = 0;
        while (!p.talks[cancelledTalk].change.cancelled) ++cancelledTalk;
        for (ImVec2 size : kSizes) {
            INFO(language << " at " << size.x << "x" << size.y);
            // The schedule's rows and the session's talks.
            for (const browse::Action& open : {browse::Action{K::schedule, 0}, browse::Action{K::session, live}}) {
                scene->browser.apply({K::home}, 0.0);
                scene->browser.apply(open, 0.0);
                BrowseFrame f = drawnBrowse(*scene, size);
                Drawn d{f.targets, f.facts, f.runs};
                CHECK(checkRows(p, scene->view.now, d, open.kind == K::schedule) > 0);
                if (open.kind == K::session) {
                    // The page itself: live and its track, in words.
                    CHECK(f.recorded(tr("Live now")));
                    CHECK(f.recorded(p.tracks[*p.sessions[live].track].name));
                }
            }
            // A talk's page: its track by name, its state in words.
            scene->browser.apply({K::home}, 0.0);
            scene->browser.apply({K::talk, cancelledTalk}, 0.0);
            BrowseFrame t = drawnBrowse(*scene, size);
            CHECK(t.recorded(tr("Cancelled")));
            const Talk& talk = p.talks[cancelledTalk];
            REQUIRE(talk.session);
            CHECK(hasTrack(
                [&] {
                    std::string all;
                    for (const auto& r : t.runs) all += r.text + " | ";
                    return all;
                }(),
                p.tracks[*p.sessions[*talk.session].track].name));
        }
    }
}
