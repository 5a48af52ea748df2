// See browser.hpp.
#include "browse/browser.hpp"

#include <algorithm>
#include <cmath>

namespace hallboard::browse {

namespace {

// Drops the last UTF-8 character.
void eraseLast(std::string& text) {
    if (text.empty()) return;
    std::size_t i = text.size() - 1;
    while (i > 0 && (static_cast<unsigned char>(text[i]) & 0xC0) == 0x80) --i;
    text.erase(i);
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
    Effects fx;
    fx.redraw = true;
    using K = Action::Kind;
    switch (a.kind) {
        case K::none:
            fx.redraw = false;
            break;
        case K::schedule:
            if (!browsing()) room_ = track_ = Action::all;
            stack_.assign(1, Place{View::schedule});
            day_ = a.item == Action::all ? day_ : a.item;
            resetList();
            scrollToNow_ = true;
            break;
        case K::people:
            stack_.assign(1, Place{View::people});
            resetList();
            break;
        case K::search:
            stack_.assign(1, Place{View::search});
            keyboard_ = true;
            resetList();
            break;
        case K::session: push({View::session, a.item}); break;
        case K::talk: push({View::talk, a.item}); break;
        case K::person: push({View::person, a.item}); break;
        case K::back:
            if (!stack_.empty()) stack_.pop_back();
            resetList();
            if (stack_.empty()) return apply({K::home}, now);
            restore_ = stack_.back().scroll;
            break;
        case K::home:
            // The next visitor starts afresh.
            stack_.clear();
            query_.clear();
            keyboard_ = true;
            room_ = track_ = Action::all;
            resetList();
            break;
        case K::day:
            day_ = std::min(a.item, facts_.days > 0 ? facts_.days - 1 : 0);
            resetList();
            scrollToNow_ = true;  // only today has a "now" to scroll to
            break;
        case K::room:
            room_ = a.item;
            resetList();
            break;
        case K::track:
            track_ = a.item;
            resetList();
            break;
        case K::typeText:
            if (view() != View::search) push({View::search});
            keyboard_ = true;
            query_ += a.text;
            list_.jumpTo(0);
            focus_ = -1;
            break;
        case K::erase:
            eraseLast(query_);
            list_.jumpTo(0);
            break;
        case K::clear:
            query_.clear();
            list_.jumpTo(0);
            break;
        case K::keyboard:
            keyboard_ = !keyboard_;
            break;
        case K::nextPage:
            fx.turnPage = 1;
            break;
        case K::previousPage:
            fx.turnPage = -1;
            break;
    }
    return fx;
}

const Target* Browser::targetAt(float x, float y) const {
    // Drawn later is on top.
    for (auto it = targets_.rbegin(); it != targets_.rend(); ++it) {
        if (it->inList && (y < facts_.listTop || y >= facts_.listTop + facts_.listHeight)) continue;
        if (it->contains(x, y)) return &*it;
    }
    return nullptr;
}

std::optional<std::size_t> Browser::focusedTarget() const {
    if (focus_ < 0) return std::nullopt;
    int n = 0;
    for (std::size_t i = 0; i < targets_.size(); ++i)
        if (targets_[i].focusable && n++ == focus_) return i;
    return std::nullopt;
}

int Browser::firstInList() const {
    int n = 0;
    for (const Target& t : targets_) {
        if (!t.focusable) continue;
        if (t.inList) return n;
        ++n;
    }
    return n > 0 ? 0 : -1;
}

void Browser::moveFocus(int by) {
    int count = static_cast<int>(std::count_if(targets_.begin(), targets_.end(), [](const Target& t) { return t.focusable; }));
    if (count == 0) return;
    // The first step down goes to the content (the first result, the first session),
    // not to the buttons above it; Tab and up reach those.
    if (focus_ < 0) focus_ = by > 0 ? firstInList() : count - 1;
    else focus_ = std::clamp(focus_ + by, 0, count - 1);
}

Effects Browser::handle(const Input& in, double now) {
    lastInput_ = now;
    Effects fx;
    fx.redraw = true;
    using K = Action::Kind;
    switch (in.type) {
        case Input::Type::pointer: {
            bool wasMoving = list_.moving();
            for (const Gesture& g : gestures_.feed(in.pointer)) {
                switch (g.kind) {
                    case Gesture::Kind::press:
                        stopped_ = wasMoving;  // a touch that stops a flick only stops it
                        list_.grab();
                        if (const Target* t = targetAt(g.x, g.y)) pressed_ = t->action;
                        break;
                    case Gesture::Kind::dragStart:
                        pressed_.reset();
                        dragging_ = browsing() && g.y >= facts_.listTop && g.y < facts_.listTop + facts_.listHeight;
                        break;
                    case Gesture::Kind::drag:
                        if (dragging_) list_.dragBy(g.dy);
                        break;
                    case Gesture::Kind::dragEnd:
                        list_.release(dragging_ ? g.velocity : 0.0f);
                        dragging_ = false;
                        break;
                    case Gesture::Kind::tap:
                        pressed_.reset();
                        list_.release(0);
                        if (!stopped_)
                            if (const Target* t = targetAt(g.x, g.y)) {
                                Action action = t->action;  // apply() may replace the targets' owner state
                                Effects a = apply(action, now);
                                fx.turnPage = a.turnPage;
                            }
                        break;
                    case Gesture::Kind::swipe:
                        pressed_.reset();
                        list_.release(0);
                        if (!browsing()) fx.turnPage = g.dx < 0 ? 1 : -1;
                        else if (view() == View::schedule)
                            apply({K::day, g.dx < 0 ? day_ + 1 : (day_ > 0 ? day_ - 1 : 0)}, now);
                        else apply({K::back}, now);
                        break;
                }
            }
            if (in.pointer.type == Pointer::Type::up || in.pointer.type == Pointer::Type::cancel) {
                pressed_.reset();
                if (!dragging_) list_.release(0);
            }
            break;
        }
        case Input::Type::key:
            switch (in.key) {
                case Key::escape:
                    if (browsing()) apply({K::back}, now);
                    break;
                case Key::left:
                case Key::right: {
                    int dir = in.key == Key::right ? 1 : -1;
                    if (!browsing()) fx.turnPage = dir;
                    else if (view() == View::schedule)
                        apply({K::day, dir > 0 ? day_ + 1 : (day_ > 0 ? day_ - 1 : 0)}, now);
                    else if (dir < 0) apply({K::back}, now);
                    break;
                }
                case Key::up:
                case Key::down:
                case Key::tab:
                    if (!browsing()) {
                        if (in.key == Key::down && facts_.enter) apply(*facts_.enter, now);
                        break;
                    }
                    if (in.key == Key::tab && focus_ < 0) focus_ = 0;
                    else moveFocus(in.key == Key::up ? -1 : 1);
                    break;
                case Key::enter:
                    if (!browsing()) {
                        if (facts_.enter) apply(*facts_.enter, now);
                    } else {
                        // Nothing focused: Enter takes the first item (the top search result).
                        if (focus_ < 0) focus_ = firstInList();
                        if (auto i = focusedTarget()) {
                            Action action = targets_[*i].action;
                            fx.turnPage = apply(action, now).turnPage;
                        }
                    }
                    break;
                case Key::backspace:
                    if (view() == View::search && !query_.empty()) apply({K::erase}, now);
                    else if (browsing()) apply({K::back}, now);
                    break;
                case Key::pageUp:
                case Key::pageDown:
                    list_.scrollBy((in.key == Key::pageDown ? 0.85f : -0.85f) * facts_.listHeight);
                    break;
                case Key::home:
                    apply({K::home}, now);
                    break;
            }
            break;
        case Input::Type::text: {
            std::string text;
            for (char ch : in.text)
                if (static_cast<unsigned char>(ch) >= 0x20 && ch != 0x7F) text += ch;
            if (!text.empty()) apply({K::typeText, 0, text}, now);
            break;
        }
        case Input::Type::wheel:
            if (browsing()) list_.scrollBy(-in.wheel * std::max(40.0f, facts_.listHeight * 0.12f));
            break;
    }
    return fx;
}

bool Browser::frameDrawn(std::vector<Target> targets, const FrameFacts& facts) {
    targets_ = std::move(targets);
    facts_ = facts;
    float before = list_.offset();
    list_.setRange(facts.contentHeight - facts.listHeight);
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
    int count = static_cast<int>(std::count_if(targets_.begin(), targets_.end(), [](const Target& t) { return t.focusable; }));
    if (focus_ >= count) focus_ = count - 1;
    if (auto i = focusedTarget(); i && targets_[*i].inList) {
        const Target& t = targets_[*i];
        float top = facts.listTop, bottom = facts.listTop + facts.listHeight;
        float margin = std::min(facts.listHeight * 0.1f, 40.0f);
        if (t.y1 > bottom) list_.jumpTo(list_.offset() + (t.y1 - bottom) + margin);
        else if (t.y0 < top) list_.jumpTo(list_.offset() - (top - t.y0) - margin);
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

double Browser::idleLeft(double now) const { return std::max(0.0, idle_ - (now - lastInput_)); }

}  // namespace hallboard::browse
