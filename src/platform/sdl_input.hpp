// The one place where SDL input becomes browsing input: touch (the first finger),
// the mouse (the left button acts as a finger, the wheel scrolls), keys and typed text.
// Input scripts are turned into the same SDL events and pushed onto SDL's queue, so a
// script travels exactly the path a real finger does.
#pragma once

#include <optional>
#include <utility>
#include <vector>

#include <SDL.h>
#include <imgui.h>

#include "browse/browser.hpp"
#include "browse/input_script.hpp"
#include "kiosk/key_bindings.hpp"

namespace hallboard::platform {

class InputTranslator {
public:
    // `size`: the size the kiosk draws at (touch coordinates are normalised by SDL).
    std::optional<browse::Input> translate(const SDL_Event& e, ImVec2 size, double now);
    // A keypad's keys or GPIO buttons (accessibility.keys), matched by scancode before
    // the usual keys; the text a bound key also types (a keypad's digit) is not typed.
    void bind(const std::vector<KeyBinding>& keys);

private:
    std::optional<browse::Input> key(const SDL_KeyboardEvent& e);
    std::optional<SDL_FingerID> finger_;
    bool mouseDown_ = false;
    std::vector<std::pair<SDL_Scancode, browse::Key>> bound_;
    bool swallowText_ = false;  // the last key down was bound: its text is not typed
};

// The SDL event a real screen, mouse or keyboard would send for a script event.
SDL_Event toSdlEvent(const browse::ScriptEvent& e, ImVec2 size);

// Plays a script: pushes each event onto SDL's queue once its time has come.
class ScriptPlayer {
public:
    ScriptPlayer(std::vector<browse::ScriptEvent> events, double start) : events_(std::move(events)), start_(start) {}
    // Pushes every event due at `now`; returns how many.
    int pushDue(double now, ImVec2 size);
    bool done() const { return next_ >= events_.size(); }
    // When the next event is due (seconds), or nothing.
    std::optional<double> nextAt() const;

private:
    std::vector<browse::ScriptEvent> events_;
    double start_;
    std::size_t next_ = 0;
};

}  // namespace hallboard::platform
