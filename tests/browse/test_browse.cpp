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
    Program p = twoRooms();
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
    CHECK(ids(p, index.search("room b")).size() == 3);                            // the posters
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

TEST_CASE("search and its marks never split a grapheme cluster") {
    Program p;
    auto talk = [&](std::string id, std::string title) {
        Talk t;
        t.id = std::move(id);
        t.title = std::move(title);
        p.talks.push_back(std::move(t));
    };
    talk("conjunct", "क्षत्रिय प्रणाली");
    talk("family", "Family day 👨‍👩‍👧‍👦");
    talk("plain", "कमल");
    SearchIndex index(p);
    // क alone is the start of कमल, but only part of the cluster क्ष.
    CHECK(ids(p, index.search("क")) == std::vector<std::string>{"plain"});
    CHECK(ids(p, index.search("क्ष")) == std::vector<std::string>{"conjunct"});
    CHECK(ids(p, index.search("प्रणाली")) == std::vector<std::string>{"conjunct"});
    CHECK(index.search("👨").empty());  // the man is part of the family
    CHECK(ids(p, index.search("👨‍👩‍👧‍👦")) == std::vector<std::string>{"family"});
    CHECK(matchRanges("क्षत्रिय", "क").empty());
    std::string family = "Family day 👨‍👩‍👧‍👦";
    auto whole = matchRanges(family, "👨‍👩‍👧‍👦");
    REQUIRE(whole.size() == 1);
    CHECK(whole[0] == std::make_pair(std::size_t{11}, family.size()));
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
    Program p = twoRooms();
    p.talks[talkId(p, "fluid")].authors.push_back("william dally");  // the same person, written differently
    auto dir = buildDirectory(p);
    std::vector<std::string> names;
    for (const auto& e : dir) names.push_back(e.name);
    CHECK(names == std::vector<std::string>{"Colby Banbury", "William Dally", "Alex Dimakis", "Ana Gonçalves",
                                            "Guilin Li", "Yunfeng Lin", "Peifeng Yu"});
    auto dally = findEntry(dir, "WILLIAM DALLY");
    REQUIRE(dally);
    CHECK(dir[*dally].person);
    CHECK(dir[*dally].talks == std::vector<Index>{talkId(p, "dally-talk"), talkId(p, "fluid")});
    auto goncalves = findEntry(dir, "Ana Goncalves");
    REQUIRE(goncalves);
    CHECK_FALSE(dir[*goncalves].person);
    CHECK(dir[*goncalves].talks == std::vector<Index>{talkId(p, "accepted")});
}

TEST_CASE("a list within reach rests pulled down past its start as far as it is let, and springs back from further "
          "(#30.1)") {
    Kinetic k;
    k.setRange(500, 300);
    CHECK(k.min() == -300);
    k.grab();
    k.dragBy(-200);  // the finger pulls the list down
    k.release(0);
    for (int i = 0; i < 240 && k.step(1.0f / 60); ++i) {}
    CHECK(k.offset() == Approx(-200));  // it stays where it was left
    k.scrollBy(-1000);
    CHECK(k.offset() == Approx(-300));  // the wheel goes as far as it is let
    k.grab();
    k.dragBy(-100);
    CHECK(k.offset() > -400);  // past the end: half speed
    k.release(0);
    for (int i = 0; i < 240 && k.step(1.0f / 60); ++i) {}
    CHECK(k.offset() == Approx(-300));
    k.setRange(500);  // no reach layout: the start is the end again, it springs back there
    for (int i = 0; i < 240 && k.step(1.0f / 60); ++i) {}
    CHECK(k.offset() == 0);
    // The browser gives the list the slack the last frame asked for.
    Browser b;
    b.apply({Action::Kind::schedule, 0}, 0.0);
    FrameFacts facts;
    facts.listTop = 100;
    facts.listHeight = 1000;
    facts.contentHeight = 3000;
    facts.reachSlack = 600;
    b.frameDrawn({}, facts);
    Input wheel;
    wheel.type = Input::Type::wheel;
    wheel.wheel = 100;
    b.handle(wheel, 1.0);
    CHECK(b.scroll() == Approx(-600));
    // A list shorter than its area rests at its bottom, by the controls, as far as it may.
    facts.contentHeight = 700;
    CHECK(b.frameDrawn({}, facts));
    CHECK(b.scroll() == Approx(-300));
    facts.contentHeight = 100;
    b.frameDrawn({}, facts);
    CHECK(b.scroll() == Approx(-600));
    facts.reachSlack = 0;  // not within reach: at the top
    b.frameDrawn({}, facts);
    for (int i = 0; i < 240; ++i) b.tick(2.0 + i / 60.0);
    CHECK(b.scroll() == Approx(0));
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
    CHECK(steps < 400);       // stops within a few seconds
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
    t.x0 = x0;
    t.y0 = y0;
    t.x1 = x1;
    t.y1 = y1;
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
    b.frameDrawn({target(0, 0, 1920, 1080, {K::schedule, 0}, false), target(100, 100, 600, 160, {K::talk, 4})},
                 rotation);
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
    SECTION("during the idle warning, any touch, key, typed letter or wheel gives the whole time back") {
        tap(b, 1500, 900, 1.0);
        REQUIRE(b.browsing());
        b.frameDrawn({target(0, 0, 300, 100, {K::back})}, FrameFacts{});  // the bar's back, nothing more
        double now = 1.08;                                                // the finger lifted
        auto warned = [&] {                                               // 15 s left: inside the 20 s warning
            now += 45.0;
            CHECK(b.idleLeft(now) == Approx(15.0));
            CHECK_FALSE(b.tick(now));
            REQUIRE(b.browsing());
        };
        Input touch;
        touch.type = Input::Type::pointer;
        Input typed;
        typed.type = Input::Type::text;
        typed.text = "a";
        Input wheel;
        wheel.type = Input::Type::wheel;
        wheel.wheel = 1;
        std::vector<Input> inputs;
        touch.pointer = {Pointer::Type::down, 960, 1050, 0};  // on the countdown itself: no target
        inputs.push_back(touch);
        touch.pointer = {Pointer::Type::up, 960, 1050, 0};
        inputs.push_back(touch);
        inputs.push_back(key(Key::tab));
        inputs.push_back(typed);
        inputs.push_back(wheel);
        for (Input in : inputs) {
            warned();
            in.pointer.time = now;
            b.handle(in, now);
            CHECK(b.idleLeft(now) == Approx(60.0));
            CHECK(b.browsing());
        }
        now += 59.0;
        CHECK_FALSE(b.tick(now));
        CHECK(b.browsing());  // 59 s after the last input: still there
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
    auto script = parseInputScript(
        "# a visit\ntap 50% 25%\ntype ab # c\nkey enter\nswipe left\nwait 1.5\ndrag 10 20 10 220 0.5\n", diags);
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
    Program p = twoRooms();
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
    CHECK(qrLink("https://de.wikipedia.org/wiki/G\xC3\xB6"
                 "del") == std::string("https://de.wikipedia.org/wiki/G%C3%B6del"));
    // Refused: every other scheme, relative links, no host, user names, spaces and
    // control characters anywhere, invalid UTF-8, bidirectional controls.
    for (std::string bad : {"javascript:alert(1)",
                            "JavaScript:alert(document.cookie)",
                            "WIFI:T:WPA;S:hall;P:secret;;",
                            "SMSTO:+4915112345678:hello",
                            "smsto:123:x",
                            "sms:123",
                            "tel:+4930123456",
                            "mailto:a@b.org",
                            "data:text/html,<script>alert(1)</script>",
                            "file:///etc/passwd",
                            "ftp://example.org/x",
                            "intent://scan/#Intent;scheme=zxing;end",
                            "BEGIN:VCARD",
                            "//example.org/x",
                            "/abs/1",
                            "example.org",
                            "https://",
                            "http:///path",
                            "https://?q",
                            "https://:443/",
                            "https:example.org",
                            "https://trusted.example@evil.example/",
                            "https://example.org/a b",
                            "https://exa mple.org/",
                            "https://example.org/\r\nWIFI:S:x;;",
                            "https://example.org/\n",
                            "https://example.org/\t",
                            "https://example.org\\@evil.example",
                            "https://example.org/\x7F",
                            "https://example.org/\xC2\x85",
                            "https://example.org/\xFF\xFE",
                            "https://example.org/\xE2\x80\xAEgpj.exe",
                            " https://example.org",
                            "https://example.org/ "}) {
        INFO(bad);
        CHECK_FALSE(qrLink(bad));
    }
    CHECK_FALSE(qrLink(std::string("https://example.org/\0x", 22)));
    CHECK_FALSE(qrLink("https://example.org/" + std::string(2000, 'a')));

    // On a talk: a refused link is passed over. A talk with a time slot offers its
    // calendar entry instead; one without has no QR code at all.
    Program p = twoRooms();
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
    CHECK_FALSE(
        qrPayloadAllowed({TakeAway::Kind::link, "https://example.org/G\xC3\xB6", "x"}));  // not as qrLink makes it
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

// The tests below pin down, path by path, what the browser, gestures, scripts and the
// index do, so that splitting their long functions cannot change it unnoticed.

TEST_CASE(
    "search: speakers, rooms, sessions and tracks are searched - a word counts once - unscheduled talks come last") {
    Program p;
    Room grand;
    grand.id = "hall";
    grand.name = "Grand Hall";
    p.rooms.push_back(grand);
    for (const char* name : {"Learning", "Systems"}) {
        Track track;
        track.id = name;
        track.name = name;
        p.tracks.push_back(track);
    }
    Person ada;
    ada.id = "ada";
    ada.name = "Ada Lovelace";
    p.people.push_back(ada);
    Session morning;
    morning.id = "morning";
    morning.title = "Morning Session";
    morning.room = 0;
    morning.track = 0;
    morning.talks = {0, 1};
    p.sessions.push_back(morning);
    auto talk = [&](std::string id, std::string title, std::string abstract) -> Talk& {
        Talk t;
        t.id = std::move(id);
        t.title = std::move(title);
        t.abstract = std::move(abstract);
        p.talks.push_back(std::move(t));
        return p.talks.back();
    };
    Talk& engines = talk("engines", "Engines", "Engines, engines and more engines.");
    engines.speakers = {0};
    engines.session = 0;
    engines.slot.start = Instant{std::chrono::hours{10}};
    Talk& analytical = talk("analytical", "Analytical", "");
    analytical.session = 0;
    analytical.track = 1;  // its own track, not the session's
    analytical.slot.start = Instant{std::chrono::hours{9}};
    talk("unscheduled", "Unscheduled engines", "").authors = {"Charles Babbage"};
    SearchIndex index(p);
    REQUIRE(index.size() == 3);

    auto lovelace = index.search("lovelace");
    REQUIRE(ids(p, lovelace) == std::vector<std::string>{"engines"});
    CHECK(lovelace[0].best == Field::people);
    CHECK(ids(p, index.search("babbage")) == std::vector<std::string>{"unscheduled"});
    auto hall = index.search("grand hall");
    REQUIRE(ids(p, hall) == std::vector<std::string>{"analytical", "engines"});  // by time
    CHECK(hall[0].best == Field::session);
    CHECK(ids(p, index.search("morning")) == std::vector<std::string>{"analytical", "engines"});
    CHECK(ids(p, index.search("learning")) == std::vector<std::string>{"engines"});
    CHECK(ids(p, index.search("systems")) == std::vector<std::string>{"analytical"});
    // Title and abstract both hold "engines": the title counts, once.
    auto both = index.search("engines");
    REQUIRE(ids(p, both) == std::vector<std::string>{"engines", "unscheduled"});
    CHECK(both[0].score == both[1].score);
    CHECK(both[0].best == Field::title);
}

namespace {

Input pointerAt(Pointer::Type type, float x, float y, double t) {
    Input in;
    in.type = Input::Type::pointer;
    in.pointer = {type, x, y, t};
    return in;
}

Effects swipe(Browser& b, bool left, double t) {
    float from = left ? 1600.0f : 300.0f, to = left ? 600.0f : 1300.0f;
    b.handle(pointerAt(Pointer::Type::down, from, 500, t), t);
    b.handle(pointerAt(Pointer::Type::move, (from + to) / 2, 500, t + 0.1), t + 0.1);
    return b.handle(pointerAt(Pointer::Type::up, to, 500, t + 0.15), t + 0.15);
}

Input typed(std::string text) {
    Input in;
    in.type = Input::Type::text;
    in.text = std::move(text);
    return in;
}

Input wheel(float lines) {
    Input in;
    in.type = Input::Type::wheel;
    in.wheel = lines;
    return in;
}

}  // namespace

TEST_CASE("the browser: a finger drags the list - a touch that stops it moving does not tap") {
    using K = Action::Kind;
    using T = Pointer::Type;
    Browser b;
    b.setScreen(1.0f, 1920.0f);
    b.apply({K::schedule, 0}, 1.0);
    FrameFacts list;
    list.listTop = 100;
    list.listHeight = 500;
    list.contentHeight = 3000;
    std::vector<Target> targets{target(0, 0, 100, 80, {K::back}),
                                target(0, 120, 800, 200, {K::session, 1}, true, true)};
    b.frameDrawn(targets, list);
    REQUIRE(b.scroll() == 0);

    // Pressed until the finger moves past the slop; then the list follows the finger.
    b.handle(pointerAt(T::down, 400, 150, 2.0), 2.0);
    CHECK(b.pressed() == std::optional<Action>(Action{K::session, 1}));
    b.handle(pointerAt(T::move, 400, 140, 2.02), 2.02);
    CHECK(b.pressed());
    CHECK(b.scroll() == 0);
    b.handle(pointerAt(T::move, 400, 120, 2.04), 2.04);
    CHECK_FALSE(b.pressed());
    CHECK(b.scroll() == Approx(30));
    b.handle(pointerAt(T::move, 400, 60, 2.06), 2.06);
    CHECK(b.scroll() == Approx(90));
    b.handle(pointerAt(T::up, 400, 40, 2.07), 2.07);
    CHECK(b.scroll() == Approx(110));
    CHECK_FALSE(b.pressed());
    CHECK(b.view() == View::schedule);

    // Pulled past the top, the list springs back; a touch meanwhile only stops it.
    b.handle(pointerAt(T::down, 400, 150, 3.0), 3.0);
    b.handle(pointerAt(T::move, 400, 450, 3.05), 3.05);
    b.handle(pointerAt(T::up, 400, 450, 3.1), 3.1);
    CHECK(b.scroll() == Approx(-95));  // elastic: half the travel past the end
    CHECK(b.list().moving());
    tap(b, 400, 150, 3.2);
    CHECK(b.view() == View::schedule);
    for (int i = 0; i < 40; ++i) b.tick(3.3 + 0.1 * i);
    CHECK(b.scroll() == 0);
    CHECK_FALSE(b.list().moving());
    tap(b, 400, 150, 8.0);
    CHECK(b.view() == View::session);
    CHECK(b.here().item == 1);
    b.handle(key(Key::escape), 8.5);
    b.frameDrawn(targets, list);

    // A drag that starts above the list does not scroll it, and taps nothing.
    b.handle(pointerAt(T::down, 400, 50, 9.0), 9.0);
    b.handle(pointerAt(T::move, 400, 20, 9.02), 9.02);
    b.handle(pointerAt(T::up, 400, 10, 9.05), 9.05);
    CHECK(b.scroll() == 0);
    CHECK(b.view() == View::schedule);

    // A flick: the list carries on after the finger lifts, and slows to a stop.
    b.handle(pointerAt(T::down, 400, 500, 9.5), 9.5);
    b.handle(pointerAt(T::move, 400, 420, 9.52), 9.52);
    b.handle(pointerAt(T::move, 400, 300, 9.54), 9.54);
    b.handle(pointerAt(T::up, 400, 260, 9.55), 9.55);
    float lifted = b.scroll();
    CHECK(b.list().moving());
    b.tick(9.7);
    CHECK(b.scroll() > lifted + 50);
    for (int i = 0; i < 100; ++i) b.tick(9.8 + 0.1 * i);
    CHECK_FALSE(b.list().moving());
    b.handle(pointerAt(T::down, 400, 150, 19.9), 19.9);  // stop anything left, back to the top
    b.handle(pointerAt(T::up, 400, 150, 19.95), 19.95);
    b.apply({K::schedule, 0}, 20.0);
    b.frameDrawn(targets, list);

    // A cancelled touch leaves nothing pressed and opens nothing.
    b.handle(pointerAt(T::down, 400, 150, 10.0), 10.0);
    CHECK(b.pressed());
    b.handle(pointerAt(T::cancel, 400, 150, 10.05), 10.05);
    CHECK_FALSE(b.pressed());
    CHECK(b.view() == View::schedule);
}

TEST_CASE(
    "the browser: swipes and arrows change the schedule's day, go back elsewhere - page keys and the wheel scroll") {
    using K = Action::Kind;
    Browser b;
    b.setScreen(1.0f, 1920.0f);
    b.apply({K::schedule, 0}, 1.0);
    FrameFacts facts;
    facts.listTop = 100;
    facts.listHeight = 500;
    facts.contentHeight = 3000;
    facts.days = 3;
    facts.enter = Action{K::schedule, 0};
    b.frameDrawn({}, facts);

    CHECK(b.handle(key(Key::right), 2.0).turnPage == 0);
    CHECK(b.day() == 1);
    CHECK(swipe(b, true, 2.1).turnPage == 0);
    CHECK(b.day() == 2);
    b.handle(key(Key::right), 2.5);
    CHECK(b.day() == 2);  // the last day
    b.handle(key(Key::left), 2.6);
    CHECK(b.day() == 1);
    swipe(b, false, 2.7);
    CHECK(b.day() == 0);
    b.handle(key(Key::left), 3.0);
    CHECK(b.day() == 0);
    CHECK(b.view() == View::schedule);

    b.frameDrawn({}, facts);  // a new day's list: its length
    b.handle(key(Key::pageDown), 3.1);
    CHECK(b.scroll() == Approx(425));
    b.handle(key(Key::pageUp), 3.2);
    CHECK(b.scroll() == 0);
    b.handle(wheel(-2), 3.3);
    CHECK(b.scroll() == Approx(120));  // 12% of the list a line
    b.handle(wheel(1), 3.4);
    CHECK(b.scroll() == Approx(60));

    // Elsewhere right does nothing; left and a swipe either way go back.
    b.apply({K::talk, 3}, 4.0);
    b.handle(key(Key::right), 4.1);
    CHECK(b.view() == View::talk);
    b.handle(key(Key::left), 4.2);
    CHECK(b.view() == View::schedule);
    b.apply({K::talk, 3}, 4.3);
    swipe(b, false, 4.4);
    CHECK(b.view() == View::schedule);
    CHECK(b.day() == 0);

    // The rotation: the wheel and up do nothing; down browses; right turns the page.
    b.handle(key(Key::home), 5.0);
    REQUIRE_FALSE(b.browsing());
    b.frameDrawn({}, facts);
    b.handle(wheel(-2), 5.1);
    CHECK(b.scroll() == 0);
    b.handle(key(Key::up), 5.2);
    CHECK_FALSE(b.browsing());
    CHECK(b.handle(key(Key::right), 5.3).turnPage == 1);
    CHECK(swipe(b, false, 5.4).turnPage == -1);
    b.handle(key(Key::down), 5.6);
    CHECK(b.view() == View::schedule);
}

TEST_CASE("the browser: typed control characters are dropped - text opens search over where the visitor is") {
    using K = Action::Kind;
    Browser b;
    b.handle(typed("\t\x7F\x01"), 1.0);
    CHECK_FALSE(b.browsing());
    b.apply({K::schedule, 0}, 2.0);
    b.handle(typed("a\nb"), 3.0);
    CHECK(b.view() == View::search);
    CHECK(b.stack().size() == 2);
    CHECK(b.query() == "ab");
    CHECK(b.part() == View::search);  // the Search tab is lit, not the schedule's (#28.11)
    b.handle(key(Key::escape), 4.0);
    CHECK(b.view() == View::schedule);
    CHECK(b.part() == View::schedule);  // Back returns to the schedule, its tab lit
    CHECK(b.query() == "ab");           // kept until the visit ends
}

TEST_CASE("the browser's actions: filters, the search field, tabs and page turns") {
    using K = Action::Kind;
    Browser b;
    CHECK_FALSE(b.apply({K::none}, 0.5).redraw);
    // Filters chosen before browsing are forgotten when the schedule opens from the rotation.
    b.apply({K::room, 2}, 1.0);
    b.apply({K::schedule, 1}, 1.1);
    CHECK(b.view() == View::schedule);
    CHECK(b.day() == 1);
    CHECK(b.room() == Action::all);
    b.apply({K::room, 2}, 1.2);
    b.apply({K::track, 0}, 1.3);
    b.apply({K::language, 1}, 1.35);
    // From inside, the schedule tab keeps the day and the filters.
    b.apply({K::schedule, Action::all}, 1.4);
    CHECK(b.day() == 1);
    CHECK(b.room() == 2);
    CHECK(b.track() == 0);
    CHECK(b.language() == 1);
    FrameFacts facts;
    facts.days = 2;
    b.frameDrawn({}, facts);
    b.apply({K::day, 5}, 1.5);
    CHECK(b.day() == 1);
    b.apply({K::day, 0}, 1.6);
    CHECK(b.day() == 0);

    b.apply({K::typeText, 0, "ab"}, 2.0);
    CHECK(b.view() == View::search);
    CHECK(b.stack().size() == 2);
    CHECK(b.keyboardShown());
    b.apply({K::keyboard}, 2.1);
    CHECK_FALSE(b.keyboardShown());
    b.apply({K::typeText, 0, "c"}, 2.2);
    CHECK(b.keyboardShown());
    CHECK(b.query() == "abc");
    CHECK(b.stack().size() == 2);
    b.apply({K::erase}, 2.3);
    CHECK(b.query() == "ab");
    b.apply({K::clear}, 2.4);
    CHECK(b.query().empty());
    b.apply({K::typeText, 0, "x"}, 2.5);
    b.apply({K::keyboard}, 2.6);
    b.apply({K::back}, 2.7);
    CHECK(b.view() == View::schedule);
    CHECK(b.query() == "x");
    // Back from the last place ends the visit: the next visitor starts afresh.
    b.apply({K::back}, 2.8);
    CHECK_FALSE(b.browsing());
    CHECK(b.query().empty());
    CHECK(b.keyboardShown());
    CHECK(b.room() == Action::all);
    CHECK(b.track() == Action::all);

    b.apply({K::people}, 3.0);
    CHECK(b.view() == View::people);
    b.apply({K::person, 3}, 3.1);
    b.apply({K::person, 3}, 3.2);  // the same place twice is one step
    CHECK(b.stack().size() == 2);
    CHECK(b.view() == View::person);
    b.apply({K::search}, 3.3);
    CHECK(b.stack().size() == 1);
    CHECK(b.view() == View::search);

    Effects next = b.apply({K::nextPage}, 4.0);
    CHECK(next.redraw);
    CHECK(next.turnPage == 1);
    CHECK(b.apply({K::previousPage}, 4.1).turnPage == -1);
}

TEST_CASE("gestures: cancels, slow and short strokes, a fast short swipe, slop by screen size") {
    using T = Pointer::Type;
    using G = Gesture::Kind;
    GestureRecognizer g(1.0f, 1920.0f);
    CHECK(g.feed({T::move, 10, 10, 0.0}).empty());  // no finger down
    CHECK(g.feed({T::up, 10, 10, 0.0}).empty());

    g.feed({T::down, 100, 100, 1.0});
    CHECK(g.down());
    auto moved = g.feed({T::move, 100, 140, 1.05});
    REQUIRE(moved.size() == 2);
    CHECK(moved[0].kind == G::dragStart);
    CHECK(moved[1].dy == Approx(-40));
    auto cancelled = g.feed({T::cancel, 100, 150, 1.1});
    REQUIRE(cancelled.size() == 1);
    CHECK(cancelled[0].kind == G::dragEnd);
    CHECK(cancelled[0].velocity == 0);
    CHECK_FALSE(g.down());

    g.feed({T::down, 100, 100, 2.0});
    CHECK(g.feed({T::cancel, 100, 100, 2.05}).empty());  // no tap

    g.feed({T::down, 500, 500, 3.0});
    CHECK(g.feed({T::move, 560, 500, 3.5}).empty());  // horizontal: no drag
    CHECK(g.feed({T::up, 560, 500, 4.0}).empty());    // too short and slow for a swipe

    g.feed({T::down, 500, 500, 5.0});
    g.feed({T::move, 450, 500, 5.02});
    auto fast = g.feed({T::up, 440, 500, 5.04});
    REQUIRE(fast.size() == 1);
    CHECK(fast[0].kind == G::swipe);
    CHECK(fast[0].dx == Approx(-60));
    CHECK(fast[0].x == 500);

    // Lifted where the last move left it: no last drag, just the end.
    g.feed({T::down, 500, 800, 6.0});
    g.feed({T::move, 500, 700, 6.05});
    auto end = g.feed({T::up, 500, 700, 6.5});
    REQUIRE(end.size() == 1);
    CHECK(end[0].kind == G::dragEnd);
    CHECK(end[0].velocity == Approx(200));

    // On a screen twice as large, 30 px is still within the slop.
    GestureRecognizer big(2.0f, 3840.0f);
    big.feed({T::down, 100, 100, 0.0});
    CHECK(big.feed({T::move, 100, 130, 0.05}).empty());
    auto lifted = big.feed({T::up, 100, 130, 0.1});
    REQUIRE(lifted.size() == 1);
    CHECK(lifted[0].kind == G::tap);
}

TEST_CASE("input scripts: every command's forms, and each error with its line") {
    Diagnostics diags("script.txt");
    auto script =
        parseInputScript("swipe right\nswipe up\n\n# note\nswipe down\nflick up\ndrag 10% 20% 30% 40%\n"
                         "swipe 1 2 3 4 0.5\ntap 10 20 # a comment\nkey PageDown\nkey return\nwait 0\ntype  a # b  \n",
                         diags);
    INFO(allDiagnostics(diags.items()));
    REQUIRE(script);
    const auto& s = script->steps;
    REQUIRE(s.size() == 11);
    using ST = ScriptStep::Type;
    CHECK(s[0].type == ST::stroke);
    CHECK(s[0].line == 1);
    CHECK(s[0].x0.resolve(1000) == 200);
    CHECK(s[0].x1.resolve(1000) == 800);
    CHECK(s[0].y0.resolve(1000) == 500);
    CHECK(s[0].seconds == Approx(0.18));
    CHECK(s[0].text == "swipe");
    CHECK(s[1].y0.resolve(1000) == 750);
    CHECK(s[1].y1.resolve(1000) == 350);
    CHECK(s[1].x0.resolve(1000) == 500);
    CHECK(s[2].line == 5);
    CHECK(s[2].y0.resolve(1000) == 350);
    CHECK(s[2].y1.resolve(1000) == 750);
    CHECK(s[3].text == "flick");
    CHECK(s[3].seconds == Approx(0.12));
    CHECK(s[4].text == "drag");
    CHECK(s[4].seconds == Approx(0.8));
    CHECK(s[4].x0.percent);
    CHECK(s[4].y1.resolve(200) == 80);
    CHECK_FALSE(s[5].x0.percent);
    CHECK(s[5].x1.resolve(1000) == 3);
    CHECK(s[5].seconds == Approx(0.5));
    CHECK(s[6].type == ST::tap);
    CHECK(s[6].x0.value == 10);
    CHECK(s[6].y0.value == 20);
    CHECK(s[7].key == Key::pageDown);
    CHECK(s[8].key == Key::enter);
    CHECK(s[9].type == ST::wait);
    CHECK(s[9].seconds == 0);
    CHECK(s[10].type == ST::type);
    CHECK(s[10].text == "a # b");

    Diagnostics bad("bad.txt");
    CHECK_FALSE(parseInputScript("type   \ndrag 1 2 3\nflick 1 2 3 x\nswipe 1 2 3 4 0\ntap 150% 2\nwait 2 3\nkey\n"
                                 "wait 1\nswipe 1 2 3 4 3601\n",
                                 bad));
    CHECK(hasDiagnostic(bad.items(), Severity::error, "line 1", "\"type\" needs the text to type"));
    CHECK(hasDiagnostic(bad.items(), Severity::error, "line 2",
                        "expected \"drag left|right|up|down\" or \"drag X1 Y1 X2 Y2 [SECONDS]\""));
    CHECK(hasDiagnostic(bad.items(), Severity::error, "line 3", "expected \"flick X1 Y1 X2 Y2 [SECONDS]\""));
    CHECK(hasDiagnostic(bad.items(), Severity::error, "line 4", "expected \"swipe X1 Y1 X2 Y2 [SECONDS]\""));
    CHECK(hasDiagnostic(bad.items(), Severity::error, "line 5", "expected \"tap X Y\""));
    CHECK(hasDiagnostic(bad.items(), Severity::error, "line 6", "expected \"wait SECONDS\""));
    CHECK(hasDiagnostic(bad.items(), Severity::error, "line 7", "expected \"key NAME\""));
    CHECK(hasDiagnostic(bad.items(), Severity::error, "line 9", "expected \"swipe X1 Y1 X2 Y2 [SECONDS]\""));
    CHECK(bad.items().size() == 8);
}

TEST_CASE("input scripts: the events of a tap, a wait, a key, a drag that rests and typed characters, timed") {
    Diagnostics diags("script.txt");
    auto script = parseInputScript("tap 10 20\nwait 1\nkey tab\ndrag 0 100 0 0 0.5\ntype a\xC3\xA9\n", diags);
    REQUIRE(script);
    auto events = script->events(800, 480);
    using E = ScriptEvent::Type;
    REQUIRE(events.size() == 37);
    CHECK(events[0].type == E::fingerDown);
    CHECK(events[0].at == 0);
    CHECK(events[1].type == E::fingerUp);
    CHECK(events[1].at == Approx(0.08));
    CHECK(events[2].type == E::key);
    CHECK(events[2].key == Key::tab);
    CHECK(events[2].at == Approx(1.2));
    CHECK(events[3].type == E::fingerDown);
    CHECK(events[3].at == Approx(1.3));
    CHECK(events[3].y == 100);
    for (int i = 4; i < 34; ++i)
        CHECK(events[static_cast<std::size_t>(i)].type == E::fingerMove);  // 30 frames in 0.5 s
    CHECK(events[18].y == Approx(50));
    CHECK(events[33].at == Approx(1.8));
    CHECK(events[34].type == E::fingerUp);
    CHECK(events[34].at == Approx(2.05));  // rested a quarter second
    CHECK(events[34].y == 0);
    CHECK(events[35].type == E::text);
    CHECK(events[35].text == "a");
    CHECK(events[35].at == Approx(2.15));
    CHECK(events[36].text == "\xC3\xA9");
    CHECK(events[36].at == Approx(2.25));
    CHECK(script->duration() == Approx(2.35));
}

TEST_CASE("the step-free way on request stays for the whole visit, and goes with it: idle, home, back (#30.6)") {
    using K = Action::Kind;
    Browser b(std::chrono::seconds{60});
    b.setScreen(1.0f, 1920.0f);
    CHECK_FALSE(b.stepFreeWay());
    b.apply({K::talk, 3}, 1.0);
    b.apply({K::stepFree}, 2.0);
    CHECK(b.stepFreeWay());
    // Deeper and back within the visit: still asked for.
    b.apply({K::place, 1}, 3.0);
    CHECK(b.stepFreeWay());
    b.apply({K::back}, 4.0);
    CHECK(b.view() == View::talk);
    CHECK(b.stepFreeWay());
    // Asked again: off.
    b.apply({K::stepFree}, 5.0);
    CHECK_FALSE(b.stepFreeWay());
    // Left alone: the rotation returns, and the next visitor starts with the quickest way.
    b.apply({K::stepFree}, 6.0);
    b.tick(6.0);
    b.tick(6.0 + b.idleLeft(6.0) + 0.1);
    CHECK_FALSE(b.browsing());
    CHECK_FALSE(b.stepFreeWay());
    for (K out : {K::home, K::back}) {
        b.apply({K::talk, 3}, 100.0);
        b.apply({K::stepFree}, 100.0);
        REQUIRE(b.stepFreeWay());
        b.apply({out}, 101.0);
        CHECK_FALSE(b.browsing());
        CHECK_FALSE(b.stepFreeWay());
    }
}
