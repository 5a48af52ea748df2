// Keys and switches (docs/accessibility.md): the focus goes through a screen's targets in
// reading order (rows from the top, each from its start, right to left on a
// right-to-left page), Tab and Shift+Tab go round it, and the list is a block of its own.
#include <catch2/catch.hpp>

#include "base/i18n.hpp"
#include "browse/browser.hpp"
#include "browse/input_script.hpp"
#include "kiosk/key_bindings.hpp"

using namespace hallboard;
using namespace hallboard::browse;
using K = Action::Kind;

namespace {

Target target(float x0, float y0, float x1, float y1, Action a, bool inList = false, bool focusable = true) {
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

Input key(Key k) {
    Input in;
    in.type = Input::Type::key;
    in.key = k;
    return in;
}

// A browse screen as drawn (the order the screens draw in: Back, Home, then the tabs,
// then the list, then the keys under it), 1920 wide: the bar's row at the top, two list
// rows of two, a key row at the bottom, and a target that only scrolls (no focus).
std::vector<Target> screen() {
    return {
        target(20, 20, 200, 100, {K::back}),
        target(1700, 20, 1900, 100, {K::home}),
        target(600, 24, 800, 96, {K::schedule}),  // a little shorter: the same row
        target(820, 20, 1020, 100, {K::people}),
        target(0, 0, 1920, 1080, {K::none}, false, false),  // not focusable
        target(20, 200, 940, 300, {K::talk, 1}, true),
        target(980, 205, 1900, 300, {K::talk, 2}, true),
        target(20, 320, 940, 420, {K::talk, 3}, true),
        target(980, 320, 1900, 420, {K::talk, 4}, true),
        target(20, 1200, 940, 1300, {K::talk, 5}, true),  // scrolled below the list's end
        target(20, 900, 400, 1000, {K::typeText, 0, "a"}),
        target(420, 900, 800, 1000, {K::typeText, 0, "b"}),
    };
}

std::vector<Action> actions(const std::vector<Target>& targets, const std::vector<std::size_t>& order) {
    std::vector<Action> out;
    for (std::size_t i : order) out.push_back(targets[i].action);
    return out;
}

}  // namespace

TEST_CASE("focus order is reading order: rows from the top, each from the left, the list a block of its own") {
    std::vector<Target> t = screen();
    std::vector<Action> ltr = actions(t, readingOrder(t, 150, false));
    std::vector<Action> expected = {{K::back},    {K::schedule},         {K::people},          {K::home},
                                    {K::talk, 1}, {K::talk, 2},          {K::talk, 3},         {K::talk, 4},
                                    {K::talk, 5}, {K::typeText, 0, "a"}, {K::typeText, 0, "b"}};
    CHECK(ltr == expected);
}

TEST_CASE("on a right-to-left page the focus reads each row from the right") {
    std::vector<Target> t = screen();
    std::vector<Action> rtl = actions(t, readingOrder(t, 150, true));
    std::vector<Action> expected = {{K::home},    {K::people},           {K::schedule},        {K::back},
                                    {K::talk, 2}, {K::talk, 1},          {K::talk, 4},         {K::talk, 3},
                                    {K::talk, 5}, {K::typeText, 0, "b"}, {K::typeText, 0, "a"}};
    CHECK(rtl == expected);
    // The interface language says which: ICU's direction of its script.
    CHECK(rightToLeftLanguage("ar"));
    CHECK(rightToLeftLanguage("he-IL"));
    CHECK(rightToLeftLanguage("fa"));
    for (const char* tag : {"en", "de", "fr-CA", "es-419", ""}) CHECK_FALSE(rightToLeftLanguage(tag));
}

TEST_CASE("Tab and Shift+Tab go round the screen in reading order, and Enter opens the focused target") {
    for (bool rtl : {false, true}) {
        INFO((rtl ? "right to left" : "left to right"));
        Browser b;
        b.setRightToLeft(rtl);
        b.apply({K::search}, 1);
        FrameFacts facts;
        facts.listTop = 150;
        facts.listHeight = 700;
        facts.contentHeight = 1200;
        b.frameDrawn(screen(), facts);
        REQUIRE(b.focusedTargetOf() == nullptr);
        b.handle(key(Key::tab), 2);
        REQUIRE(b.focusedTargetOf());
        CHECK(b.focusedTargetOf()->action == Action{rtl ? K::home : K::back});  // where reading starts
        b.handle(key(Key::tab), 2.1);
        CHECK(b.focusedTargetOf()->action == Action{rtl ? K::people : K::schedule});
        b.handle(key(Key::backTab), 2.2);
        b.handle(key(Key::backTab), 2.3);  // round, to the end
        CHECK(b.focusedTargetOf()->action == Action{K::typeText, 0, rtl ? "a" : "b"});
        b.handle(key(Key::tab), 2.4);  // and round again, to the start
        CHECK(b.focusedTargetOf()->action == Action{rtl ? K::home : K::back});
        // Down goes to the list's first item (the first result), in reading order.
        Browser d;
        d.setRightToLeft(rtl);
        d.apply({K::search}, 1);
        d.frameDrawn(screen(), facts);
        d.handle(key(Key::down), 3);
        CHECK(d.focusedTargetOf()->action == Action{K::talk, rtl ? 2u : 1u});
        d.handle(key(Key::down), 3.1);
        CHECK(d.focusedTargetOf()->action == Action{K::talk, rtl ? 1u : 2u});
        d.handle(key(Key::enter), 3.2);
        CHECK(d.view() == View::talk);
        CHECK(d.here().item == (rtl ? 1u : 2u));
    }
}

TEST_CASE("input scripts name Shift+Tab") {
    CHECK(parseKey("shift-tab") == Key::backTab);
    CHECK(parseKey("BackTab") == Key::backTab);
    CHECK(parseKey("speak") == Key::speak);
    CHECK_FALSE(parseKey("shift"));
}

TEST_CASE("every action a key can be bound to (accessibility.keys) is a browse key") {
    for (std::string_view action : kKeyActions) {
        INFO(action);
        CHECK(parseKey(action));
    }
}
