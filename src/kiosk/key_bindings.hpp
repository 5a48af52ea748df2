// Keys and switches (accessibility.keys, docs/accessibility.md): a USB keypad's keys or
// GPIO buttons (the kernel's gpio-keys, each sending a Linux key code) bound to what the
// browse keys do. Named as SDL names the key ("Keypad 8", "F5", "Return") or by its
// Linux key code ("evdev:103"); both resolve to the key's USB HID usage, which is SDL's
// scancode, so that the platform matches the key whatever its keyboard layout, and
// `hallboard check` validates the lot without SDL.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace hallboard {

// What a bound key does: one of the browse keys' names (browse/input_script.hpp's
// parseKey says the same names).
inline constexpr std::string_view kKeyActions[] = {"up",       "down",      "left", "right",     "enter",
                                                   "escape",   "backspace", "tab",  "shift-tab", "pageup",
                                                   "pagedown", "home",      "speak"};

struct KeyBinding {
    std::string key;     // as written: "Keypad 8", "evdev:103"
    int scancode = 0;    // the USB HID usage (SDL_Scancode)
    std::string action;  // one of kKeyActions
    bool operator==(const KeyBinding&) const = default;
};

// The scancode of a key name or "evdev:N"; none when it is no key this table knows.
std::optional<int> keyScancode(std::string_view key);
// Every key name the table knows, with its scancode (for the documentation's list and
// the test that SDL names them the same).
struct KnownKey {
    std::string_view name;
    int scancode;
    int evdev;  // the Linux key code (linux/input-event-codes.h)
};
const std::vector<KnownKey>& knownKeys();

}  // namespace hallboard
