// See browser.hpp.
#include "browse/browser.hpp"

#include <algorithm>
#include <cmath>
#include <string_view>
#include <utility>

namespace hallboard::browse {

namespace {

// Drops the last UTF-8 character.
void eraseLast(std::string& text) {
    if (text.empty()) return;
    std::size_t i = text.size() - 1;
    while (i > 0 && (static_cast<unsigned char>(text[i]) & 0xC0) == 0x80) --i;
    text.erase(i);
}

// Typed text without control characters (a pasted newline or tab types nothing).
std::string printable(std::string_view typed) {
    std::string text;
    for (char ch : typed)
        if (static_cast<unsigned char>(ch) >= 0x20 && ch != 0x7F) text += ch;
    return text;
}

}  // namespace

const char* toString(View view) {
    switch (view) {
    case View::rotation: return "rotation";
    case View::schedule: return "schedule";
    case View::session: return "session";
    case View::talk: return "talk";
    case View::people: return "people";
    case View::person: return "person";
    case View::search: return "search";
    case View::room: return "room";
    }
    return "rotation";
}

Browser::Browser(std::chrono::milliseconds idle) : idle_(std::chrono::duration<double>(idle).count()) {}

const Place& Browser::here() const {
    static const Place rotation{};
    return stack_.empty() ? rotation : stack_.back();
}

void Browser::setScreen(float unit, float width) {
    if (!gestures_.down()) gestures_ = GestureRecognizer(unit, width);
}

void Browser::resetList() {
    list_ = Kinetic{};
    restore_.reset();
    focus_ = -1;
    pressed_.reset();
    dragging_ = false;
}

void Browser::push(Place place) {
    if (!stack_.empty()) {
        if (stack_.back() == place) return;
        stack_.back().scroll = list_.offset();
    }
    stack_.push_back(place);
    resetList();
}

Effects Browser::apply(const Action& a, double now) {
    lastInput_ = now;
    using K = Action::Kind;
    switch (a.kind) {
    case K::none: return {};
    case K::schedule: openSchedule(a.item); break;
    case K::people: openRoot(View::people); break;
    case K::search: openSearch(); break;
    case K::session: push({View::session, a.item}); break;
    case K::talk: push({View::talk, a.item}); break;
    case K::person: push({View::person, a.item}); break;
    case K::place: push({View::room, a.item}); break;
    case K::back: goBack(); break;
    case K::home: goHome(); break;
    case K::day: showDay(a.item); break;
    case K::room: filterBy(room_, a.item); break;
    case K::track: filterBy(track_, a.item); break;
    case K::language: filterBy(language_, a.item); break;
    case K::typeText: typeText(a.text); break;
    case K::erase:
        eraseLast(query_);
        list_.jumpTo(0);
        break;
    case K::clear:
        query_.clear();
        list_.jumpTo(0);
        break;
    case K::keyboard: keyboard_ = !keyboard_; break;
    case K::nextPage: return {true, 1};
    case K::previousPage: return {true, -1};
    case K::largeText:
        if (!browsing()) openSchedule(a.item);  // the rotation's target: a visit begins with it on
        largeText_ = !largeText_;
        resetList();  // the rows are laid out again, larger: none keeps its place
        break;
    case K::stepFree: stepFree_ = !stepFree_; break;
    case K::speak:
        speakAsked_ = true;  // handle() passes it on, from a tap as from a key
        return {false, 0, true};
    }
    return {true, 0};
}

void Browser::openRoot(View view) {
    stack_.assign(1, Place{view});
    resetList();
}

void Browser::openSchedule(std::size_t day) {
    // A visit starts with every room and track; inside one, the tab keeps the filters.
    if (!browsing()) room_ = track_ = language_ = Action::all;
    openRoot(View::schedule);
    if (day != Action::all) day_ = day;
    scrollToNow_ = true;
}

void Browser::openSearch() {
    openRoot(View::search);
    keyboard_ = true;
}

View Browser::part() const {
    for (auto it = stack_.rbegin(); it != stack_.rend(); ++it)
        if (it->view == View::schedule || it->view == View::search || it->view == View::people) return it->view;
    if (stack_.empty()) return View::rotation;
    View root = stack_.front().view;
    if (root == View::session || root == View::talk) return View::schedule;
    if (root == View::person) return View::people;
    return root;  // a room's page: no tab
}

void Browser::goBack() {
    if (!stack_.empty()) stack_.pop_back();
    resetList();
    if (stack_.empty())
        goHome();
    else
        restore_ = stack_.back().scroll;
}

void Browser::goHome() {
    // The next visitor starts afresh.
    stack_.clear();
    query_.clear();
    keyboard_ = true;
    largeText_ = false;
    stepFree_ = false;
    room_ = track_ = language_ = Action::all;
    resetList();
}

void Browser::showDay(std::size_t day) {
    day_ = std::min(day, facts_.days > 0 ? facts_.days - 1 : 0);
    resetList();
    scrollToNow_ = true;  // only today has a "now" to scroll to
}

void Browser::showNeighbourDay(int direction, double now) {
    apply({Action::Kind::day, direction > 0 ? day_ + 1 : (day_ > 0 ? day_ - 1 : 0)}, now);
}

void Browser::filterBy(std::size_t& filter, std::size_t item) {
    filter = item;
    resetList();
    // On today's schedule a filter keeps the present in view, not the morning.
    if (view() == View::schedule) scrollToNow_ = true;
}

void Browser::typeText(const std::string& text) {
    if (view() != View::search) push({View::search});
    keyboard_ = true;
    query_ += text;
    list_.jumpTo(0);
    focus_ = -1;
}

bool Browser::overList(float y) const {
    return y >= facts_.listTop && y < facts_.listTop + facts_.listHeight;
}

const Target* Browser::targetAt(float x, float y) const {
    // Drawn later is on top.
    for (auto it = targets_.rbegin(); it != targets_.rend(); ++it) {
        if (it->inList && !overList(y)) continue;
        if (it->contains(x, y)) return &*it;
    }
    return nullptr;
}

namespace {

// Rows from the top, each from its start: `ids` sorted in place.
void sortByRows(std::vector<std::size_t>& ids, const std::vector<Target>& t, bool rightToLeft) {
    auto middle = [&](std::size_t i) { return (t[i].y0 + t[i].y1) * 0.5f; };
    std::stable_sort(ids.begin(), ids.end(), [&](std::size_t a, std::size_t b) { return middle(a) < middle(b); });
    auto row = ids.begin();
    while (row != ids.end()) {
        const Target& first = t[*row];
        auto end = std::find_if(row, ids.end(), [&](std::size_t i) { return middle(i) > first.y1; });
        std::stable_sort(row, end, [&](std::size_t a, std::size_t b) {
            return rightToLeft ? t[a].x1 > t[b].x1 : t[a].x0 < t[b].x0;
        });
        row = end;
    }
}

}  // namespace

std::vector<std::size_t> readingOrder(const std::vector<Target>& targets, float listTop, bool rightToLeft) {
    std::vector<std::size_t> above, list, below;
    for (std::size_t i = 0; i < targets.size(); ++i) {
        const Target& t = targets[i];
        if (!t.focusable) continue;
        if (t.inList)
            list.push_back(i);
        else
            ((t.y0 + t.y1) * 0.5f < listTop ? above : below).push_back(i);
    }
    for (auto* group : {&above, &list, &below}) sortByRows(*group, targets, rightToLeft);
    above.insert(above.end(), list.begin(), list.end());
    above.insert(above.end(), below.begin(), below.end());
    return above;
}

std::optional<std::size_t> Browser::focusedTarget() const {
    if (focus_ < 0 || static_cast<std::size_t>(focus_) >= order_.size()) return std::nullopt;
    return order_[static_cast<std::size_t>(focus_)];
}

const Target* Browser::focusedTargetOf() const {
    auto i = focusedTarget();
    return i ? &targets_[*i] : nullptr;
}

int Browser::firstInList() const {
    for (std::size_t n = 0; n < order_.size(); ++n)
        if (targets_[order_[n]].inList) return static_cast<int>(n);
    return order_.empty() ? -1 : 0;
}

void Browser::moveFocus(int by) {
    int count = static_cast<int>(order_.size());
    if (count == 0) return;
    // The first step down goes to the content (the first result, the first session),
    // not to the buttons above it; Tab and up reach those.
    if (focus_ < 0)
        focus_ = by > 0 ? firstInList() : count - 1;
    else
        focus_ = std::clamp(focus_ + by, 0, count - 1);
}

Effects Browser::handle(const Input& in, double now) {
    lastInput_ = now;
    Effects fx{true, 0};
    switch (in.type) {
    case Input::Type::pointer: fx.turnPage = handlePointer(in.pointer, now); break;
    case Input::Type::key: fx.turnPage = handleKey(in.key, now); break;
    case Input::Type::text: handleText(in.text, now); break;
    case Input::Type::wheel: handleWheel(in.wheel); break;
    }
    fx.speak = std::exchange(speakAsked_, false);
    return fx;
}

int Browser::handlePointer(const Pointer& pointer, double now) {
    bool wasMoving = list_.moving();
    int turnPage = 0;
    bool released = false;  // a gesture let go of the list (a flick keeps its speed)
    for (const Gesture& g : gestures_.feed(pointer)) {
        released |= g.kind == Gesture::Kind::dragEnd || g.kind == Gesture::Kind::tap || g.kind == Gesture::Kind::swipe;
        if (int turn = handleGesture(g, wasMoving, now); turn != 0) turnPage = turn;
    }
    if (pointer.type == Pointer::Type::up || pointer.type == Pointer::Type::cancel) handleLift(released);
    return turnPage;
}

int Browser::handleGesture(const Gesture& g, bool listWasMoving, double now) {
    switch (g.kind) {
    case Gesture::Kind::press: handlePress(g, listWasMoving); break;
    case Gesture::Kind::dragStart: handleDragStart(g); break;
    case Gesture::Kind::drag: handleDrag(g); break;
    case Gesture::Kind::dragEnd: handleDragEnd(g); break;
    case Gesture::Kind::tap: return handleTap(g, now);
    case Gesture::Kind::swipe: return handleSwipe(g, now);
    }
    return 0;
}

void Browser::handlePress(const Gesture& g, bool listWasMoving) {
    stopped_ = listWasMoving;  // a touch that stops a flick only stops it
    list_.grab();
    if (const Target* t = targetAt(g.x, g.y)) pressed_ = t->action;
}

void Browser::handleDragStart(const Gesture& g) {
    pressed_.reset();
    dragging_ = browsing() && overList(g.y);
}

void Browser::handleDrag(const Gesture& g) {
    if (dragging_) list_.dragBy(g.dy);
}

void Browser::handleDragEnd(const Gesture& g) {
    list_.release(dragging_ ? g.velocity : 0.0f);
    dragging_ = false;
}

int Browser::handleTap(const Gesture& g, double now) {
    pressed_.reset();
    list_.release(0);
    if (stopped_) return 0;
    const Target* t = targetAt(g.x, g.y);
    if (!t) return 0;
    Action action = t->action;  // apply() may replace the targets' owner state
    return apply(action, now).turnPage;
}

int Browser::handleSwipe(const Gesture& g, double now) {
    pressed_.reset();
    list_.release(0);
    int direction = g.dx < 0 ? 1 : -1;
    if (!browsing()) return direction;
    if (view() == View::schedule)
        showNeighbourDay(direction, now);
    else
        apply({Action::Kind::back}, now);
    return 0;
}

void Browser::handleLift(bool released) {
    pressed_.reset();
    if (!dragging_ && !released) list_.release(0);
}

int Browser::handleKey(Key key, double now) {
    using K = Action::Kind;
    switch (key) {
    case Key::escape:
        if (browsing()) apply({K::back}, now);
        break;
    case Key::left: return handleArrow(-1, now);
    case Key::right: return handleArrow(1, now);
    case Key::up:
    case Key::down:
    case Key::tab:
    case Key::backTab: handleFocusKey(key, now); break;
    case Key::enter: return handleEnter(now);
    case Key::backspace: handleBackspace(now); break;
    case Key::pageUp: list_.scrollBy(-0.85f * facts_.listHeight); break;
    case Key::pageDown: list_.scrollBy(0.85f * facts_.listHeight); break;
    case Key::home: apply({K::home}, now); break;
    case Key::speak: apply({K::speak}, now); break;
    }
    return 0;
}

int Browser::handleArrow(int direction, double now) {
    if (!browsing()) return direction;
    if (view() == View::schedule)
        showNeighbourDay(direction, now);
    else if (direction < 0)
        apply({Action::Kind::back}, now);
    return 0;
}

void Browser::handleFocusKey(Key key, double now) {
    if (!browsing()) {
        if (key == Key::down && facts_.enter) apply(*facts_.enter, now);
        return;
    }
    int count = static_cast<int>(order_.size());
    if (count > 0 && (key == Key::tab || key == Key::backTab)) {
        // Tab starts where reading starts (Back), Shift+Tab where it ends; both go round.
        if (focus_ < 0)
            focus_ = key == Key::tab ? 0 : count - 1;
        else
            focus_ = (focus_ + (key == Key::tab ? 1 : count - 1)) % count;
        return;
    }
    moveFocus(key == Key::up ? -1 : 1);
}

int Browser::handleEnter(double now) {
    if (!browsing()) {
        if (facts_.enter) apply(*facts_.enter, now);
        return 0;
    }
    // Nothing focused: Enter takes the first item (the top search result).
    if (focus_ < 0) focus_ = firstInList();
    auto i = focusedTarget();
    if (!i) return 0;
    Action action = targets_[*i].action;  // apply() may replace the targets
    return apply(action, now).turnPage;
}

void Browser::handleBackspace(double now) {
    if (view() == View::search && !query_.empty())
        apply({Action::Kind::erase}, now);
    else if (browsing())
        apply({Action::Kind::back}, now);
}

void Browser::handleText(const std::string& typed, double now) {
    std::string text = printable(typed);
    if (!text.empty()) apply({Action::Kind::typeText, 0, text}, now);
}

void Browser::handleWheel(float lines) {
    if (browsing()) list_.scrollBy(-lines * std::max(40.0f, facts_.listHeight * 0.12f));
}

bool Browser::frameDrawn(std::vector<Target> targets, const FrameFacts& facts) {
    targets_ = std::move(targets);
    facts_ = facts;
    order_ = readingOrder(targets_, facts.listTop, rightToLeft_);
    float before = list_.offset();
    list_.setRange(facts.contentHeight - facts.listHeight, facts.reachSlack);
    if (facts.listHeight > 0) {
        if (restore_) {
            list_.jumpTo(*restore_);
            restore_.reset();
        }
        if (scrollToNow_) {
            if (facts.nowAt) list_.jumpTo(*facts.nowAt - facts.listHeight * 0.1f);
            scrollToNow_ = false;
        }
    }
    // Within reach, a list shorter than its area rests at its bottom, by the controls.
    if (facts.reachSlack > 0 && facts.contentHeight < facts.listHeight && !list_.held())
        list_.jumpTo(facts.contentHeight - facts.listHeight);  // as far as the slack goes
    int count = static_cast<int>(order_.size());
    if (focus_ >= count) focus_ = count - 1;
    if (auto i = focusedTarget(); i && targets_[*i].inList) {
        const Target& t = targets_[*i];
        float top = facts.listTop, bottom = facts.listTop + facts.listHeight;
        float margin = std::min(facts.listHeight * 0.1f, 40.0f);
        if (t.y1 > bottom)
            list_.jumpTo(list_.offset() + (t.y1 - bottom) + margin);
        else if (t.y0 < top)
            list_.jumpTo(list_.offset() - (top - t.y0) - margin);
    }
    return list_.offset() != before;
}

bool Browser::tick(double now) {
    double dt = lastTick_ < 0 ? 0.0 : now - lastTick_;
    lastTick_ = now;
    bool moving = list_.step(static_cast<float>(std::min(dt, 0.25)));
    if (browsing() && now - lastInput_ >= idle_ && !gestures_.down()) {
        apply({Action::Kind::home}, now);
        return true;
    }
    return moving;
}

double Browser::idleLeft(double now) const {
    return std::max(0.0, idle_ - (now - lastInput_));
}

}  // namespace hallboard::browse
