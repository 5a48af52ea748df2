// Touch browsing, as state: where the visitor is (a stack of places, empty while the
// rotation runs), the schedule's day and filters, the search text, the position of the
// list on screen, and when they last touched it. Everything a visitor does arrives as
// an input event (touch, mouse, keys, typed text), becomes a gesture or a key, meets
// the targets the last frame drew, and turns into an action applied here. No SDL, no
// ImGui: tests drive it with events and read the state back.
#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <vector>

#include "browse/gestures.hpp"
#include "browse/kinetic.hpp"

namespace hallboard::browse {

enum class View {
    rotation,  // not browsing: the pages cycle
    schedule,  // a day's sessions, filtered by room and track
    session,   // one session with its talks
    talk,      // one talk: abstract, people, time, QR code
    people,    // the speaker directory
    person,    // one directory entry: bio and talks
    search,    // the search field, keyboard and results
    room,      // one room: the way there from this kiosk, its map, what is on in it that day
};

const char* toString(View view);

struct Place {
    View view = View::rotation;
    std::size_t item = 0;  // session, talk, directory entry or room
    float scroll = 0;      // where the list was when the visitor went deeper
    bool operator==(const Place& o) const { return view == o.view && item == o.item; }
};

struct Action {
    enum class Kind {
        none,
        // Tabs: start over at the root of a part (from the rotation too).
        schedule,  // item: the day's index
        people,
        search,
        // Deeper, with back to return.
        session,
        talk,
        person,
        place,  // place: a room's page (room is the schedule's filter)
        back,
        home,
        // Schedule filters; item npos: all.
        day,
        room,
        track,
        language,  // language: an index into programLanguages()
        // Search field.
        typeText,
        erase,
        clear,
        keyboard,  // keyboard: show or hide it
        // Rotation.
        nextPage,
        previousPage,
        // Large text and high contrast, on or off (from the rotation: on, opening the
        // schedule). Off again when the visit ends.
        largeText,
        // Every way and map the step-free way (a lift, a ramp), on or off; off again when
        // the visit ends, as large text.
        stepFree,
        // Read the place aloud (accessibility.speech): the kiosk loop's voice says it.
        speak,
    };
    Kind kind = Kind::none;
    std::size_t item = 0;
    std::string text;

    Action() = default;
    Action(Kind k, std::size_t i = 0, std::string t = {}) : kind(k), item(i), text(std::move(t)) {}
    static constexpr std::size_t all = static_cast<std::size_t>(-1);
    bool operator==(const Action& o) const { return kind == o.kind && item == o.item && text == o.text; }
};

// Something on screen a visitor can touch, as drawn by the last frame.
struct Target {
    float x0 = 0, y0 = 0, x1 = 0, y1 = 0;
    Action action;
    bool focusable = false;  // reached with the arrow keys (list items, buttons)
    bool inList = false;     // moves with the scrolling list
    bool contains(float x, float y) const { return x >= x0 && x < x1 && y >= y0 && y < y1; }
};

// What the last frame learned about the current view, for scrolling.
struct FrameFacts {
    float listTop = 0, listHeight = 0;  // the scrolling area on screen
    // How far the list may be pulled down past its start, so that its first rows come
    // down into the rows a visitor reaches (the reach layout, ui/theme.hpp); 0: none.
    float reachSlack = 0;
    float contentHeight = 0;           // everything in the list
    std::optional<float> nowAt;        // content y of what is on now (schedule)
    std::size_t days = 1;              // schedule: how many days there are
    std::optional<Action> enter;       // what Enter does with nothing focused (rotation: browse)
    std::optional<Target> idleNotice;  // where the idle countdown shows (no action: it is not a target)
    std::optional<float> qrModuleMm;   // talk page: the QR code's module on the panel, in mm (0: unknown)
};

// backTab: Shift+Tab, the focus backwards.
enum class Key { left, right, up, down, enter, escape, backspace, tab, backTab, pageUp, pageDown, home, speak };

struct Input {
    enum class Type { pointer, key, text, wheel };
    Type type = Type::pointer;
    Pointer pointer;
    Key key = Key::enter;
    std::string text;  // typed characters (UTF-8)
    float wheel = 0;   // lines; positive: towards the top
};

// The focusable targets of a frame in reading order, as indices into `targets`: the
// fixed ones above the list (`listTop`), the list's, then the fixed ones below it, each
// group by rows from the top (targets whose middles lie within the row's first target's
// height share its row), a row from the left, or from the right on a right-to-left page.
// The list is a block of its own so that an item scrolled out of view keeps its place
// among the list's, not among the keys under the list.
std::vector<std::size_t> readingOrder(const std::vector<Target>& targets, float listTop, bool rightToLeft);

// What the kiosk loop has to do after an input.
struct Effects {
    bool redraw = false;
    int turnPage = 0;    // rotation: +1 next page, -1 previous
    bool speak = false;  // read the place aloud (Action::Kind::speak, Key::speak)
};

class Browser {
public:
    // `idle`: how long a visitor may leave it alone before the rotation returns.
    explicit Browser(std::chrono::milliseconds idle = std::chrono::seconds{60});

    bool browsing() const { return !stack_.empty(); }
    const Place& here() const;
    const std::vector<Place>& stack() const { return stack_; }
    View view() const { return here().view; }
    // The part of the browser the visitor is in, for its tabs: schedule, search or
    // people, the nearest of them from the top of the stack (a talk opened from search
    // is in search; typing on the schedule moves to search, Back returns to the
    // schedule); a talk or session alone is the schedule's, a person the people's;
    // rotation when not browsing.
    View part() const;

    std::size_t day() const { return day_; }
    std::size_t room() const { return room_; }          // Action::all: every room
    std::size_t track() const { return track_; }        // Action::all: every track
    std::size_t language() const { return language_; }  // into programLanguages(); Action::all: every language
    const std::string& query() const { return query_; }
    bool keyboardShown() const { return keyboard_; }
    // Large text and high contrast (Action::Kind::largeText), until the rotation returns.
    bool largeText() const { return largeText_; }
    // The step-free way on every route and map (Action::Kind::stepFree), until the
    // rotation returns.
    bool stepFreeWay() const { return stepFree_; }
    // The focused target (arrow keys, Tab), as its place in the reading order of the
    // last frame's focusable targets (readingOrder); -1: none.
    int focus() const { return focus_; }
    // The focused target itself, from the last frame; none when nothing is focused.
    const Target* focusedTargetOf() const;
    // Reading order from the right (a right-to-left interface language).
    void setRightToLeft(bool rtl) { rightToLeft_ = rtl; }
    bool rightToLeft() const { return rightToLeft_; }
    const Kinetic& list() const { return list_; }
    float scroll() const { return list_.offset(); }
    // Set by a press on a target, until the finger lifts: drawn pressed.
    std::optional<Action> pressed() const { return pressed_; }

    // Applies what a visitor asked for. `now`: seconds on a steady clock.
    Effects apply(const Action& action, double now);
    // An input event against the targets of the last frame.
    Effects handle(const Input& input, double now);
    // After every frame: what is on screen now. True when the list position changed as
    // a result (scrolled to now, to a focused item, back to where it was): draw again.
    bool frameDrawn(std::vector<Target> targets, const FrameFacts& facts);
    // Advances list motion and the idle timer. True while something moves.
    bool tick(double now);

    // Seconds until the rotation returns by itself (browsing only).
    double idleLeft(double now) const;
    const std::vector<Target>& targets() const { return targets_; }
    // Unit and width for gestures (the screen the targets are on).
    void setScreen(float unit, float width);

private:
    // Actions.
    void openRoot(View view);
    void openSchedule(std::size_t day);
    void openSearch();
    void goBack();
    void goHome();
    void showDay(std::size_t day);
    void showNeighbourDay(int direction, double now);
    void filterBy(std::size_t& filter, std::size_t item);
    void typeText(const std::string& text);
    // Inputs; those returning int return the rotation's page turn.
    int handlePointer(const Pointer& pointer, double now);
    int handleGesture(const Gesture& g, bool listWasMoving, double now);
    void handlePress(const Gesture& g, bool listWasMoving);
    void handleDragStart(const Gesture& g);
    void handleDrag(const Gesture& g);
    void handleDragEnd(const Gesture& g);
    int handleTap(const Gesture& g, double now);
    int handleSwipe(const Gesture& g, double now);
    void handleLift(bool released);
    int handleKey(Key key, double now);
    int handleArrow(int direction, double now);
    void handleFocusKey(Key key, double now);
    int handleEnter(double now);
    void handleBackspace(double now);
    void handleText(const std::string& typed, double now);
    void handleWheel(float lines);

    void push(Place place);
    void resetList();
    void moveFocus(int by);
    int firstInList() const;  // focus index of the first list item (else the first target)
    std::optional<std::size_t> focusedTarget() const;
    const Target* targetAt(float x, float y) const;
    bool overList(float y) const;  // within the scrolling area on screen

    std::vector<Place> stack_;
    std::size_t day_ = 0, room_ = Action::all, track_ = Action::all, language_ = Action::all;
    std::string query_;
    bool keyboard_ = true;
    bool largeText_ = false;
    bool stepFree_ = false;
    int focus_ = -1;
    Kinetic list_;
    std::optional<float> restore_;  // a list position to return to once the range is known
    bool scrollToNow_ = false;      // the schedule opened on today: show what is on now
    std::vector<Target> targets_;
    std::vector<std::size_t> order_;  // the focusable targets in reading order
    bool rightToLeft_ = false;
    FrameFacts facts_;
    GestureRecognizer gestures_{1.0f, 1920.0f};
    std::optional<Action> pressed_;
    bool dragging_ = false;
    bool stopped_ = false;     // this touch stopped a moving list
    bool speakAsked_ = false;  // an action of this input asked to read the place aloud
    double idle_ = 60, lastInput_ = 0, lastTick_ = -1;
};

}  // namespace hallboard::browse
