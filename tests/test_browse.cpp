// Touch browsing without a screen: search, the directory, scrolling physics, gestures,
// the browser's navigation, input scripts, QR codes and calendar entries.
#include <catch2/catch.hpp>
#include <filesystem>
#include <random>

#include "bench/synthetic_program.hpp"
#include "browse/browser.hpp"
#include "browse/catalog.hpp"
#include "browse/directory.hpp"
#include "browse/input_script.hpp"
#include "browse/kinetic.hpp"
#include "browse/search.hpp"
#include "browse/take_away.hpp"
#include "support.hpp"

using namespace hallboard;
using namespace hallboard::browse;
using namespace hallboard::test;

namespace {

Program fixture() {
    ProgramLoad load = loadProgramFile(std::string(HALLBOARD_FIXTURES) + "/two-rooms.json");
    REQUIRE(load.ok());
    return std::move(*load.program);
}

Index talkId(const Program& p, const std::string& id) {
    for (Index i = 0; i < p.talks.size(); ++i)
        if (p.talks[i].id == id) return i;
    FAIL("no talk " << id);
    return 0;
}

std::vector<std::string> ids(const Program& p, const std::vector<SearchHit>& hits) {
    std::vector<std::string> out;
    for (const auto& h : hits) out.push_back(p.talks[h.talk].id);
    return out;
}

}  // namespace

TEST_CASE("search folding: case, accents and punctuation do not matter") {
    CHECK(foldForSearch("Gonçalves") == "goncalves");
    CHECK(foldForSearch("PipeMare") == "pipemare");
    CHECK(foldForSearch("BERT-base, (v2)") == "bert base   v2 ");
    CHECK(foldForSearch("Øystein Æbelø Straße") == "oystein aebelo strasse");
    CHECK(foldForSearch("Łukasz Dvořák Şahin") == "lukasz dvorak sahin");
    CHECK(foldForSearch("Ελληνικά Ύψος") == "ελληνικα υψοσ");  // final sigma as sigma
    CHECK(foldForSearch("Москва Ёлка") == "москва елка");
    CHECK(foldForSearch("東京大学") == "東京大学");
}

TEST_CASE("match ranges point at the original text, accents included") {
    std::string name = "Ana Gonçalves";
    auto r = matchRanges(name, "goncal");
    REQUIRE(r.size() == 1);
    CHECK(name.substr(r[0].first, r[0].second - r[0].first) == "Gonçal");
    auto two = matchRanges("PipeMare: pipelined training", "pipe train");
    REQUIRE(two.size() == 3);
    CHECK(two[0] == std::pair<std::size_t, std::size_t>{0, 4});
    CHECK(two[1] == std::pair<std::size_t, std::size_t>{10, 14});
    CHECK(two[2] == std::pair<std::size_t, std::size_t>{20, 25});
    auto merged = matchRanges("aaaa", "aa");  // overlapping occurrences become one range
    REQUIRE(merged.size() == 1);
    CHECK(merged[0] == std::pair<std::size_t, std::size_t>{0, 4});
    CHECK(matchRanges("Straße", "strasse") == std::vector<std::pair<std::size_t, std::size_t>>{{0, 7}});
}

TEST_CASE("search finds talks by title, people, room and abstract, every word, best first") {
    Program p = fixture();
    p.talks[talkId(p, "fluid")].abstract = "We revisit resource allocation for deep learning clusters.";
    p.talks[talkId(p, "micronets")].abstract = "Tiny models with fluid deployment.";
    SearchIndex index(p);
    CHECK(ids(p, index.search("goncalves")) == std::vector<std::string>{"accepted"});
    CHECK(ids(p, index.search("MODULARnas")) == std::vector<std::string>{"modularnas"});
    // "fluid" is a title and a word in another abstract: the title comes first.
    CHECK(ids(p, index.search("fluid")) == std::vector<std::string>{"fluid", "micronets"});
    // Every word must match, in any field.
    CHECK(ids(p, index.search("fluid tiny")) == std::vector<std::string>{"micronets"});
    CHECK(index.search("fluid nothing-like-this").empty());
    // Rooms and sessions: everything in the Main Hall's first session.
    auto hall = ids(p, index.search("search devices"));
    CHECK(hall == std::vector<std::string>{"modularnas", "fluid", "micronets"});  // by time
    CHECK(ids(p, index.search("room b")).size() == 3);  // the posters
    CHECK(index.search("").empty());
    CHECK(index.search("  ,, ").empty());
}

TEST_CASE("search matches inside words, prefers word starts and better fields, never across words") {
    Program p;
    auto talk = [&](std::string id, std::string title, std::vector<std::string> authors, std::string abstract) {
        Talk t;
        t.id = std::move(id);
        t.title = std::move(title);
        t.authors = std::move(authors);
        t.abstract = std::move(abstract);
        p.talks.push_back(std::move(t));
    };
    talk("start", "Mare Nostrum systems", {"Ana Lopez"}, "Nothing else here.");
    talk("inside", "PipeMare", {"Bo Li"}, "Asynchronous pipelines.");
    talk("abstract", "Something else", {"Cy Wu"}, "A mare in the abstract, and pipes.");
    talk("author", "Unrelated", {"Ana Marésca"}, "Systems, systems, systems.");
    SearchIndex index(p);
    auto hits = index.search("mare");
    REQUIRE(ids(p, hits) == std::vector<std::string>{"start", "inside", "author", "abstract"});
    CHECK(hits[0].best == Field::title);
    CHECK(hits[0].score > hits[1].score);  // a word start above a middle, in the same field
    CHECK(hits[2].best == Field::people);
    CHECK(hits[3].best == Field::abstract);
    CHECK(ids(p, index.search("mare pipe")) == std::vector<std::string>{"inside", "abstract"});
    CHECK(ids(p, index.search("nostrum mare")) == std::vector<std::string>{"start"});
    CHECK(index.search("marenostrum").empty());  // a term never spans two words
    CHECK(ids(p, index.search("MARESCA")) == std::vector<std::string>{"author"});
    CHECK(ids(p, index.search("systems")) == std::vector<std::string>{"start", "author"});
    CHECK(index.size() == 4);
}

TEST_CASE("a searcher narrows as the query grows and gives what a full search gives") {
    bench::SyntheticSpec spec;
    spec.talks = 800;
    spec.rooms = 8;
    spec.seed = 7;
    Program p = bench::syntheticProgram(spec);
    SearchIndex index(p);
    std::mt19937 rng(3);
    std::vector<std::string> phrases = {"pipeline sparse", "goncalves kernel", "graph", "muller edge", "zzq"};
    for (const std::string& phrase : phrases) {
        Searcher searcher(index);
        std::string typed;
        for (char ch : phrase) {
            typed += ch;
            auto narrowed = ids(p, searcher.search(typed));
            auto full = ids(p, index.search(typed));
            INFO("typed \"" << typed << "\"");
            REQUIRE(narrowed == full);
        }
        // Backspace widens again.
        while (!typed.empty()) {
            typed.pop_back();
            REQUIRE(ids(p, searcher.search(typed)) == ids(p, index.search(typed)));
        }
    }
}

TEST_CASE("the directory lists people and paper authors once each, by family name, with their talks") {
    Program p = fixture();
    p.talks[talkId(p, "fluid")].authors.push_back("william dally");  // the same person, written differently
    auto dir = buildDirectory(p);
    std::vector<std::string> names;
    for (const auto& e : dir) names.push_back(e.name);
    CHECK(names == std::vector<std::string>{"Colby Banbury", "William Dally", "Alex Dimakis", "Ana Gonçalves", "Guilin Li",
                                            "Yunfeng Lin", "Peifeng Yu"});
    auto dally = findEntry(dir, "WILLIAM DALLY");
    REQUIRE(dally);
    CHECK(dir[*dally].person);
    CHECK(dir[*dally].talks == std::vector<Index>{talkId(p, "dally-talk"), talkId(p, "fluid")});
    auto goncalves = findEntry(dir, "Ana Goncalves");
    REQUIRE(goncalves);
    CHECK_FALSE(dir[*goncalves].person);
    CHECK(dir[*goncalves].talks == std::vector<Index>{talkId(p, "accepted")});
}

TEST_CASE("kinetic scrolling: a flick keeps going and stops, past an end it springs back") {
    Kinetic k;
    k.setRange(5000);
    k.grab();
    k.dragBy(100);
    CHECK(k.offset() == 100);
    k.release(3000);  // a flick upwards
    float last = k.offset();
    int steps = 0;
    while (k.step(1.0f / 60) && steps < 1000) {
        CHECK(k.offset() >= last);  // never goes back
        last = k.offset();
        ++steps;
    }
    CHECK(steps > 10);
    CHECK(steps < 400);  // stops within a few seconds
    CHECK(k.offset() > 900);  // about velocity x decay time
    CHECK(k.offset() < 1300);
    CHECK_FALSE(k.moving());

    SECTION("pulled past the top, it returns to 0") {
        k.jumpTo(0);
        k.grab();
        k.dragBy(-200);
        CHECK(k.offset() == -100);  // elastic: half the finger's travel
        k.release(0);
        for (int i = 0; i < 120 && k.step(1.0f / 60); ++i) {}
        CHECK(k.offset() == 0);
    }
    SECTION("a flick past the end stops at the end") {
        k.jumpTo(4900);
        k.release(6000);
        for (int i = 0; i < 600 && k.step(1.0f / 60); ++i) {}
        CHECK(k.offset() == 5000);
    }
    SECTION("a touch stops it") {
        k.release(3000);
        k.step(0.05f);
        k.grab();
        float held = k.offset();
        CHECK_FALSE(k.step(0.5f));
        CHECK(k.offset() == held);
    }
}

TEST_CASE("gestures: a tap, a vertical drag with its flick speed, a horizontal swipe") {
    using T = Pointer::Type;
    using G = Gesture::Kind;
    GestureRecognizer g(1.0f, 1920.0f);
    auto kinds = [](const std::vector<Gesture>& gs) {
        std::vector<G> out;
        for (const auto& x : gs) out.push_back(x.kind);
        return out;
    };
    CHECK(kinds(g.feed({T::down, 100, 100, 0.0})) == std::vector<G>{G::press});
    CHECK(kinds(g.feed({T::move, 104, 103, 0.03})).empty());  // within the slop
    CHECK(kinds(g.feed({T::up, 104, 103, 0.08})) == std::vector<G>{G::tap});

    g.feed({T::down, 500, 800, 1.0});
    std::vector<Gesture> all;
    for (int i = 1; i <= 10; ++i) {
        auto out = g.feed({T::move, 500, 800 - 40.0f * static_cast<float>(i), 1.0 + 0.016 * i});
        all.insert(all.end(), out.begin(), out.end());
    }
    auto end = g.feed({T::up, 500, 400, 1.17});
    all.insert(all.end(), end.begin(), end.end());
    REQUIRE(all.front().kind == G::dragStart);
    float moved = 0;
    for (const auto& x : all)
        if (x.kind == G::drag) moved += x.dy;
    CHECK(moved == Approx(400));
    REQUIRE(all.back().kind == G::dragEnd);
    CHECK(all.back().velocity > 1500);  // about 2500 px/s upwards

    g.feed({T::down, 1500, 500, 2.0});
    g.feed({T::move, 1300, 505, 2.05});
    g.feed({T::move, 1000, 510, 2.1});
    auto swipe = g.feed({T::up, 900, 512, 2.12});
    REQUIRE(swipe.size() == 1);
    CHECK(swipe[0].kind == G::swipe);
    CHECK(swipe[0].dx < 0);

    // A long press is no tap.
    g.feed({T::down, 100, 100, 3.0});
    CHECK(g.feed({T::up, 100, 100, 4.5}).empty());
}

namespace {

Input tapAt(float x, float y, double t, bool up) {
    Input in;
    in.type = Input::Type::pointer;
    in.pointer = {up ? Pointer::Type::up : Pointer::Type::down, x, y, t};
    return in;
}

void tap(Browser& b, float x, float y, double t) {
    b.handle(tapAt(x, y, t, false), t);
    b.handle(tapAt(x, y, t + 0.08, true), t + 0.08);
}

Input key(Key k) {
    Input in;
    in.type = Input::Type::key;
    in.key = k;
    return in;
}

Target target(float x0, float y0, float x1, float y1, Action a, bool focusable = true, bool inList = false) {
    Target t;
    t.x0 = x0; t.y0 = y0; t.x1 = x1; t.y1 = y1;
    t.action = std::move(a);
    t.focusable = focusable;
    t.inList = inList;
    return t;
}

}  // namespace

TEST_CASE("the browser: tap to open, back and home, typing searches, idle returns to the rotation") {
    using K = Action::Kind;
    Browser b(std::chrono::seconds{60});
    b.setScreen(1.0f, 1920.0f);
    FrameFacts rotation;
    rotation.enter = Action{K::schedule, 0};
    // The rotation: a talk on a card, and anywhere else opens the schedule.
    b.frameDrawn({target(0, 0, 1920, 1080, {K::schedule, 0}, false), target(100, 100, 600, 160, {K::talk, 4})}, rotation);
    CHECK_FALSE(b.browsing());

    SECTION("a tap on a talk opens that talk; back returns to the rotation") {
        tap(b, 300, 130, 1.0);
        CHECK(b.view() == View::talk);
        CHECK(b.here().item == 4);
        b.handle(key(Key::escape), 2.0);
        CHECK_FALSE(b.browsing());
    }
    SECTION("a tap elsewhere opens the schedule; deeper and back keeps the list position") {
        tap(b, 1500, 900, 1.0);
        CHECK(b.view() == View::schedule);
        FrameFacts list;
        list.listTop = 200;
        list.listHeight = 800;
        list.contentHeight = 3000;
        list.nowAt = 1200;
        b.frameDrawn({target(0, 250, 1920, 350, {K::session, 7}, true, true)}, list);
        CHECK(b.scroll() == Approx(1200 - 80));  // "now" scrolled into view
        tap(b, 500, 300, 2.0);
        CHECK(b.view() == View::session);
        CHECK(b.scroll() == 0);
        b.frameDrawn({}, list);
        b.handle(key(Key::escape), 3.0);
        CHECK(b.view() == View::schedule);
        b.frameDrawn({}, list);
        CHECK(b.scroll() == Approx(1120));
        b.handle(key(Key::home), 4.0);
        CHECK_FALSE(b.browsing());
    }
    SECTION("typing goes straight into search; backspace erases, then goes back") {
        Input text;
        text.type = Input::Type::text;
        text.text = "pipe";
        b.handle(text, 1.0);
        CHECK(b.view() == View::search);
        CHECK(b.query() == "pipe");
        text.text = "ç";
        b.handle(text, 1.1);
        b.handle(key(Key::backspace), 1.2);
        CHECK(b.query() == "pipe");  // a whole character, not a byte
        for (int i = 0; i < 4; ++i) b.handle(key(Key::backspace), 1.3);
        CHECK(b.query().empty());
        b.handle(key(Key::backspace), 1.4);
        CHECK_FALSE(b.browsing());
    }
    SECTION("left alone, it returns to the rotation and forgets the visit") {
        tap(b, 1500, 900, 1.0);
        b.apply({K::typeText, 0, "abc"}, 2.0);
        CHECK(b.idleLeft(30.0) == Approx(32.0));
        CHECK_FALSE(b.tick(61.0));
        CHECK(b.browsing());
        b.tick(62.5);
        CHECK_FALSE(b.browsing());
        CHECK(b.query().empty());
    }
    SECTION("swipes turn the rotation's pages; arrow keys too") {
        Input in;
        in.type = Input::Type::pointer;
        in.pointer = {Pointer::Type::down, 1600, 500, 1.0};
        b.handle(in, 1.0);
        in.pointer = {Pointer::Type::move, 1000, 500, 1.1};
        b.handle(in, 1.1);
        in.pointer = {Pointer::Type::up, 600, 500, 1.15};
        CHECK(b.handle(in, 1.15).turnPage == 1);
        CHECK(b.handle(key(Key::left), 2.0).turnPage == -1);
        CHECK_FALSE(b.browsing());
        b.handle(key(Key::enter), 3.0);
        CHECK(b.view() == View::schedule);
    }
    SECTION("arrow keys move a focus through the targets; enter opens the focused one") {
        b.apply({K::schedule, 0}, 1.0);
        FrameFacts list;
        list.listTop = 100;
        list.listHeight = 500;
        list.contentHeight = 2000;
        b.frameDrawn({target(0, 0, 100, 80, {K::back}, true), target(0, 120, 800, 200, {K::session, 1}, true, true),
                      target(0, 700, 800, 780, {K::session, 2}, true, true)},
                     list);
        // The first step down lands on the content, not on the Back button above it.
        b.handle(key(Key::down), 2.0);
        CHECK(b.focus() == 1);
        b.handle(key(Key::down), 2.1);
        b.handle(key(Key::down), 2.2);
        CHECK(b.focus() == 2);
        // The focused item is below the list: the list scrolls to show it.
        CHECK(b.frameDrawn(b.targets(), list));
        CHECK(b.scroll() > 180);
        b.handle(key(Key::enter), 2.3);
        CHECK(b.view() == View::session);
        CHECK(b.here().item == 2);
    }
    SECTION("Enter with nothing focused opens the first item in the list; Tab starts at the top") {
        b.apply({K::search}, 1.0);
        b.frameDrawn({target(0, 0, 100, 80, {K::back}, true), target(0, 120, 800, 200, {K::talk, 7}, true, true)}, {});
        b.handle(key(Key::enter), 2.0);
        CHECK(b.view() == View::talk);
        CHECK(b.here().item == 7);
        b.handle(key(Key::escape), 2.1);
        REQUIRE(b.view() == View::search);
        b.frameDrawn({target(0, 0, 100, 80, {K::back}, true), target(0, 120, 800, 200, {K::talk, 7}, true, true)}, {});
        b.handle(key(Key::tab), 2.2);
        CHECK(b.focus() == 0);
    }
}

TEST_CASE("input scripts: parsed with line numbers, played as timed touch, key and text events") {
    Diagnostics diags("script.txt");
    auto script = parseInputScript("# a visit\ntap 50% 25%\ntype ab # c\nkey enter\nswipe left\nwait 1.5\ndrag 10 20 10 220 0.5\n",
                                   diags);
    INFO(allDiagnostics(diags.items()));
    REQUIRE(script);
    REQUIRE(script->steps.size() == 6);
    auto events = script->events(800, 480);
    REQUIRE(events.size() > 10);
    CHECK(events[0].type == ScriptEvent::Type::fingerDown);
    CHECK(events[0].x == 400);
    CHECK(events[0].y == 120);
    CHECK(events[1].type == ScriptEvent::Type::fingerUp);
    // "type" keeps the text as written, '#' included, one character at a time.
    CHECK(events[2].type == ScriptEvent::Type::text);
    CHECK(events[2].text == "a");
    CHECK(events[5].text == "#");
    CHECK(events[7].text == "c");
    CHECK(events[8].type == ScriptEvent::Type::key);
    double last = -1;
    for (const auto& e : events) {
        CHECK(e.at >= last);
        last = e.at;
    }
    CHECK(script->duration() >= last);

    Diagnostics bad("bad.txt");
    CHECK_FALSE(parseInputScript("tap 50%\ntapp 1 2\nkey f13\nwait forever\nswipe sideways\n", bad));
    CHECK(hasDiagnostic(bad.items(), Severity::error, "line 1", "expected \"tap X Y\""));
    CHECK(hasDiagnostic(bad.items(), Severity::error, "line 2", "unknown command \"tapp\""));
    CHECK(hasDiagnostic(bad.items(), Severity::error, "line 3", "expected \"key NAME\""));
    CHECK(hasDiagnostic(bad.items(), Severity::error, "line 4", "expected \"wait SECONDS\""));
    CHECK(hasDiagnostic(bad.items(), Severity::error, "line 5", "expected left, right, up or down"));
}

TEST_CASE("take it away: the talk's link as a QR code, else a calendar entry") {
    Program p = fixture();
    auto modular = takeAway(p, p.talks[talkId(p, "modularnas")]);
    REQUIRE(modular);
    CHECK(modular->kind == TakeAway::Kind::link);
    CHECK(modular->payload == "https://arxiv.org/abs/2009.00748");
    CHECK(modular->label == "The paper on arXiv");

    auto fluid = takeAway(p, p.talks[talkId(p, "fluid")]);
    REQUIRE(fluid);
    CHECK(fluid->kind == TakeAway::Kind::calendar);
    const std::string& ics = fluid->payload;
    CHECK(ics.find("BEGIN:VEVENT\r\n") != std::string::npos);
    // 09:56 in Los Angeles (PDT, UTC-7) is 16:56 UTC.
    const Talk& f = p.talks[talkId(p, "fluid")];
    CHECK(ics.find("DTSTART:" + date::format("%Y%m%dT%H%M%SZ", f.slot.start) + "\r\n") != std::string::npos);
    CHECK(ics.find("SUMMARY:Fluid (MLSys 2021)\r\n") != std::string::npos);
    CHECK(ics.find("LOCATION:Main Hall\\, Online\r\n") != std::string::npos);

    CHECK_FALSE(takeAway(p, p.talks[talkId(p, "accepted")]));  // no link, no slot

    // The catalog encodes a talk's code once and hands out the same one after.
    Catalog catalog(p);
    const auto& first = catalog.takeAway(talkId(p, "modularnas"));
    REQUIRE(first.away);
    CHECK(first.away->payload == modular->payload);
    REQUIRE(first.qr);
    CHECK(&catalog.takeAway(talkId(p, "modularnas")) == &first);
    CHECK_FALSE(catalog.takeAway(talkId(p, "accepted")).qr);

    auto qr = makeQrCode(modular->payload);
    REQUIRE(qr);
    CHECK(qr->size >= 21);
    CHECK((qr->size - 17) % 4 == 0);  // a QR version's size
    // The three finder patterns: dark 7x7 corners with a light ring inside.
    for (auto [x, y] : {std::pair{0, 0}, std::pair{qr->size - 7, 0}, std::pair{0, qr->size - 7}}) {
        CHECK(qr->at(x, y));
        CHECK(qr->at(x + 6, y + 6));
        CHECK_FALSE(qr->at(x + 1, y + 1));
        CHECK(qr->at(x + 3, y + 3));
    }
    auto big = makeQrCode(ics);
    REQUIRE(big);
    CHECK(big->size > qr->size);
}

TEST_CASE("QR codes carry only http and https links and Hallboard's own calendar entries") {
    // Accepted, unchanged or with characters beyond ASCII percent-encoded after the host.
    CHECK(qrLink("https://arxiv.org/abs/2009.00748") == std::string("https://arxiv.org/abs/2009.00748"));
    CHECK(qrLink("http://example.org") == std::string("http://example.org"));
    CHECK(qrLink("HTTPS://Example.org:8443/a?b=c#d") == std::string("HTTPS://Example.org:8443/a?b=c#d"));
    CHECK(qrLink("https://de.wikipedia.org/wiki/G\xC3\xB6" "del") == std::string("https://de.wikipedia.org/wiki/G%C3%B6del"));
    // Refused: every other scheme, relative links, no host, user names, spaces and
    // control characters anywhere, invalid UTF-8, bidirectional controls.
    for (std::string bad : {"javascript:alert(1)", "JavaScript:alert(document.cookie)", "WIFI:T:WPA;S:hall;P:secret;;",
                            "SMSTO:+4915112345678:hello", "smsto:123:x", "sms:123", "tel:+4930123456", "mailto:a@b.org",
                            "data:text/html,<script>alert(1)</script>", "file:///etc/passwd", "ftp://example.org/x",
                            "intent://scan/#Intent;scheme=zxing;end", "BEGIN:VCARD", "//example.org/x", "/abs/1",
                            "example.org", "https://", "http:///path", "https://?q", "https://:443/", "https:example.org",
                            "https://trusted.example@evil.example/", "https://example.org/a b", "https://exa mple.org/",
                            "https://example.org/\r\nWIFI:S:x;;", "https://example.org/\n", "https://example.org/\t",
                            "https://example.org\\@evil.example", "https://example.org/\x7F", "https://example.org/\xC2\x85",
                            "https://example.org/\xFF\xFE", "https://example.org/\xE2\x80\xAEgpj.exe", " https://example.org",
                            "https://example.org/ "}) {
        INFO(bad);
        CHECK_FALSE(qrLink(bad));
    }
    CHECK_FALSE(qrLink(std::string("https://example.org/\0x", 22)));
    CHECK_FALSE(qrLink("https://example.org/" + std::string(2000, 'a')));

    // On a talk: a refused link is passed over. A talk with a time slot offers its
    // calendar entry instead; one without has no QR code at all.
    Program p = fixture();
    Index fluid = talkId(p, "fluid"), accepted = talkId(p, "accepted");
    REQUIRE(p.talks[fluid].session);
    REQUIRE_FALSE(p.talks[accepted].session);
    for (std::string bad : {"javascript:alert(1)", "WIFI:T:WPA;S:hall;P:secret;;", "SMSTO:+4915112345678:hi",
                            "https://example.org/\r\nx", "https://example.org/a b"}) {
        INFO(bad);
        p.talks[fluid].links = {{"paper", bad}};
        p.talks[accepted].links = {{"paper", bad}, {"web", bad}};
        auto away = takeAway(p, p.talks[fluid]);
        REQUIRE(away);
        CHECK(away->kind == TakeAway::Kind::calendar);
        CHECK(away->payload.find(bad) == std::string::npos);
        CHECK_FALSE(takeAway(p, p.talks[accepted]));
        Catalog catalog(p);
        CHECK_FALSE(catalog.takeAway(accepted).qr);
        CHECK_FALSE(catalog.takeAway(accepted).away);
    }
    // A refused link does not hide a good one behind it.
    p.talks[accepted].links = {{"paper", "javascript:alert(1)"}, {"code", "https://github.com/x/y"}};
    auto code = takeAway(p, p.talks[accepted]);
    REQUIRE(code);
    CHECK(code->payload == "https://github.com/x/y");
    CHECK(code->label == "The code");

    // A title cannot add lines or fields to the calendar entry.
    p.talks[fluid].links.clear();
    p.talks[fluid].title = "Fluid\r\nURL:javascript:alert(1)\x0b\x1b";
    auto cal = takeAway(p, p.talks[fluid]);
    REQUIRE(cal);
    CHECK(cal->kind == TakeAway::Kind::calendar);
    CHECK(cal->payload.find("\r\nURL:") == std::string::npos);
    CHECK(cal->payload.find('\x0b') == std::string::npos);
    CHECK(qrPayloadAllowed(*cal));

    // The last check before encoding refuses what takeAway would never make.
    CHECK_FALSE(qrPayloadAllowed({TakeAway::Kind::link, "javascript:alert(1)", "x"}));
    CHECK_FALSE(qrPayloadAllowed({TakeAway::Kind::link, "https://example.org/G\xC3\xB6", "x"}));  // not as qrLink makes it
    CHECK_FALSE(qrPayloadAllowed({TakeAway::Kind::calendar, "WIFI:T:WPA;S:hall;P:secret;;", "x"}));
    CHECK_FALSE(qrPayloadAllowed({TakeAway::Kind::calendar, "BEGIN:VCALENDAR\r\nX\nY\r\nEND:VCALENDAR\r\n", "x"}));
    CHECK(qrPayloadAllowed({TakeAway::Kind::calendar, "BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n", "x"}));
}

TEST_CASE("the input scripts the README's screenshots come from parse") {
    int scripts = 0;
    for (const auto& entry : std::filesystem::directory_iterator(std::string(HALLBOARD_SOURCE_DIR) + "/docs/scripts")) {
        Diagnostics diags(entry.path().string());
        auto script = loadInputScript(entry.path().string(), diags);
        INFO(allDiagnostics(diags.items()));
        REQUIRE(script);
        CHECK(script->steps.size() >= 1);
        ++scripts;
    }
    CHECK(scripts >= 3);
}
