// Input scripts: what a visitor does, written down, so tests and screenshots can play
// it back through the kiosk's own event path (the platform turns each event into the
// SDL touch, key or text event a real screen would send).
//
//   # open search, type, open the first result
//   tap 50% 50%              # x y: pixels, or % of the screen
//   type pipemare            # one key at a time, as on the on-screen keyboard
//   key enter                # enter escape backspace tab shift-tab up down left right pageup pagedown home speak
//   swipe left               # or: swipe X1 Y1 X2 Y2 [SECONDS]; left/right/up/down cross the middle
//   drag 50% 80% 50% 30% 1   # a slow drag (no flick); "flick up" / "flick down" throw a list
//   wait 2.5                 # seconds, on the kiosk's clock
//
// Blank lines and everything after '#' are ignored.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "browse/browser.hpp"
#include "base/diagnostics.hpp"

namespace hallboard::browse {

struct ScriptEvent {
    enum class Type { fingerDown, fingerMove, fingerUp, key, text };
    Type type = Type::fingerDown;
    double at = 0;       // seconds from the start of the script
    float x = 0, y = 0;  // pixels
    Key key = Key::enter;
    std::string text;
};

struct ScriptCoord {
    float value = 0;
    bool percent = false;
    float resolve(float size) const { return percent ? value / 100.0f * size : value; }
};

struct ScriptStep {
    enum class Type { tap, stroke, type, key, wait };
    Type type = Type::wait;
    int line = 0;
    ScriptCoord x0, y0, x1, y1;  // tap: x0 y0; stroke: from and to
    double seconds = 0;          // stroke: how long it takes; wait: how long
    std::string text;
    Key key = Key::enter;
};

struct InputScript {
    std::vector<ScriptStep> steps;
    double duration() const;
    // The events of every step, timed, for a screen of `width` x `height`.
    std::vector<ScriptEvent> events(float width, float height) const;
};

// Parses a script; errors (with the line) go to `diags`. Empty optional on any error.
std::optional<InputScript> parseInputScript(std::string_view text, Diagnostics& diags);
std::optional<InputScript> loadInputScript(const std::string& path, Diagnostics& diags);

std::optional<Key> parseKey(std::string_view name);

}  // namespace hallboard::browse
