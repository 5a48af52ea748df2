// See sdl_input.hpp.
#include "platform/sdl_input.hpp"

#include <algorithm>
#include <cstring>
#include <utility>

namespace hallboard::platform {

namespace {

constexpr SDL_TouchID kScriptTouch = 1;
constexpr SDL_FingerID kScriptFinger = 1;

std::optional<browse::Key> keyOf(SDL_Keycode sym) {
    using browse::Key;
    switch (sym) {
    case SDLK_LEFT: return Key::left;
    case SDLK_RIGHT: return Key::right;
    case SDLK_UP: return Key::up;
    case SDLK_DOWN: return Key::down;
    case SDLK_RETURN:
    case SDLK_KP_ENTER: return Key::enter;
    case SDLK_ESCAPE:
    case SDLK_AC_BACK: return Key::escape;
    case SDLK_BACKSPACE: return Key::backspace;
    case SDLK_TAB: return Key::tab;
    case SDLK_PAGEUP: return Key::pageUp;
    case SDLK_PAGEDOWN: return Key::pageDown;
    case SDLK_HOME:
    case SDLK_AC_HOME: return Key::home;
    case SDLK_F1: return Key::speak;  // read aloud (accessibility.speech); letters type into search
    default: return std::nullopt;
    }
}

SDL_Keycode symOf(browse::Key key) {
    using browse::Key;
    switch (key) {
    case Key::left: return SDLK_LEFT;
    case Key::right: return SDLK_RIGHT;
    case Key::up: return SDLK_UP;
    case Key::down: return SDLK_DOWN;
    case Key::enter: return SDLK_RETURN;
    case Key::escape: return SDLK_ESCAPE;
    case Key::backspace: return SDLK_BACKSPACE;
    case Key::tab:
    case Key::backTab: return SDLK_TAB;  // with Shift: toSdlEvent
    case Key::pageUp: return SDLK_PAGEUP;
    case Key::pageDown: return SDLK_PAGEDOWN;
    case Key::home: return SDLK_HOME;
    case Key::speak: return SDLK_F1;
    }
    return SDLK_UNKNOWN;
}

browse::Input pointer(browse::Pointer::Type type, float x, float y, double now) {
    browse::Input in;
    in.type = browse::Input::Type::pointer;
    in.pointer = {type, x, y, now};
    return in;
}

}  // namespace

std::optional<browse::Input> InputTranslator::translate(const SDL_Event& e, ImVec2 size, double now) {
    using T = browse::Pointer::Type;
    switch (e.type) {
    case SDL_FINGERDOWN:
        if (finger_) return std::nullopt;  // one finger browses; a second is ignored
        finger_ = e.tfinger.fingerId;
        return pointer(T::down, e.tfinger.x * size.x, e.tfinger.y * size.y, now);
    case SDL_FINGERMOTION:
        if (finger_ != e.tfinger.fingerId) return std::nullopt;
        return pointer(T::move, e.tfinger.x * size.x, e.tfinger.y * size.y, now);
    case SDL_FINGERUP:
        if (finger_ != e.tfinger.fingerId) return std::nullopt;
        finger_.reset();
        return pointer(T::up, e.tfinger.x * size.x, e.tfinger.y * size.y, now);
    // SDL also reports touches as mouse events (which == SDL_TOUCH_MOUSEID): those
    // are already handled as fingers above.
    case SDL_MOUSEBUTTONDOWN:
        if (e.button.which == SDL_TOUCH_MOUSEID || e.button.button != SDL_BUTTON_LEFT || finger_) return std::nullopt;
        mouseDown_ = true;
        return pointer(T::down, static_cast<float>(e.button.x), static_cast<float>(e.button.y), now);
    case SDL_MOUSEMOTION:
        if (e.motion.which == SDL_TOUCH_MOUSEID || !mouseDown_) return std::nullopt;
        return pointer(T::move, static_cast<float>(e.motion.x), static_cast<float>(e.motion.y), now);
    case SDL_MOUSEBUTTONUP:
        if (e.button.which == SDL_TOUCH_MOUSEID || e.button.button != SDL_BUTTON_LEFT || !mouseDown_)
            return std::nullopt;
        mouseDown_ = false;
        return pointer(T::up, static_cast<float>(e.button.x), static_cast<float>(e.button.y), now);
    case SDL_MOUSEWHEEL: {
        if (e.wheel.which == SDL_TOUCH_MOUSEID) return std::nullopt;
        browse::Input in;
        in.type = browse::Input::Type::wheel;
        in.wheel = static_cast<float>(e.wheel.direction == SDL_MOUSEWHEEL_FLIPPED ? -e.wheel.y : e.wheel.y);
        return in;
    }
    case SDL_KEYDOWN: return key(e.key);
    case SDL_TEXTINPUT: {
        if (std::exchange(swallowText_, false)) return std::nullopt;  // a bound key's digit
        browse::Input in;
        in.type = browse::Input::Type::text;
        in.text = e.text.text;
        return in;
    }
    default: return std::nullopt;
    }
}

void InputTranslator::bind(const std::vector<KeyBinding>& keys) {
    bound_.clear();
    for (const KeyBinding& k : keys)
        if (auto action = browse::parseKey(k.action))
            bound_.emplace_back(static_cast<SDL_Scancode>(k.scancode), *action);
}

std::optional<browse::Input> InputTranslator::key(const SDL_KeyboardEvent& e) {
    std::optional<browse::Key> k;
    swallowText_ = false;
    for (const auto& [scancode, action] : bound_)
        if (e.keysym.scancode == scancode) {
            k = action;
            swallowText_ = true;
        }
    if (!k) k = keyOf(e.keysym.sym);
    if (!k) return std::nullopt;
    if (*k == browse::Key::tab && (e.keysym.mod & KMOD_SHIFT) != 0) k = browse::Key::backTab;
    browse::Input in;
    in.type = browse::Input::Type::key;
    in.key = *k;
    return in;
}

SDL_Event toSdlEvent(const browse::ScriptEvent& s, ImVec2 size) {
    SDL_Event e;
    std::memset(&e, 0, sizeof e);
    using T = browse::ScriptEvent::Type;
    switch (s.type) {
    case T::fingerDown:
    case T::fingerMove:
    case T::fingerUp:
        e.type = s.type == T::fingerDown ? SDL_FINGERDOWN : s.type == T::fingerMove ? SDL_FINGERMOTION : SDL_FINGERUP;
        e.tfinger.touchId = kScriptTouch;
        e.tfinger.fingerId = kScriptFinger;
        e.tfinger.x = std::clamp(s.x / size.x, 0.0f, 1.0f);
        e.tfinger.y = std::clamp(s.y / size.y, 0.0f, 1.0f);
        e.tfinger.pressure = s.type == T::fingerUp ? 0.0f : 1.0f;
        break;
    case T::key:
        e.type = SDL_KEYDOWN;
        e.key.state = SDL_PRESSED;
        e.key.keysym.sym = symOf(s.key);
        if (s.key == browse::Key::backTab) e.key.keysym.mod = KMOD_LSHIFT;
        break;
    case T::text:
        e.type = SDL_TEXTINPUT;
        std::strncpy(e.text.text, s.text.c_str(), sizeof e.text.text - 1);
        break;
    }
    e.common.timestamp = SDL_GetTicks();
    return e;
}

int ScriptPlayer::pushDue(double now, ImVec2 size) {
    int pushed = 0;
    while (next_ < events_.size() && start_ + events_[next_].at <= now) {
        SDL_Event e = toSdlEvent(events_[next_++], size);
        SDL_PushEvent(&e);
        ++pushed;
    }
    return pushed;
}

std::optional<double> ScriptPlayer::nextAt() const {
    if (done()) return std::nullopt;
    return start_ + events_[next_].at;
}

}  // namespace hallboard::platform
