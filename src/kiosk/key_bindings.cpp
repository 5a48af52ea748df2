// See key_bindings.hpp. The scancodes are the USB HID usage IDs (HID Usage Tables,
// keyboard page 0x07; SDL numbers AC Home and AC Back 269 and 270); the evdev codes are
// linux/input-event-codes.h's KEY_*; the names are SDL_GetScancodeName's.
#include "kiosk/key_bindings.hpp"

#include <charconv>

#include "base/text.hpp"

namespace hallboard {

namespace {

std::vector<KnownKey> makeTable() {
    std::vector<KnownKey> t = {
        {"Return", 40, 28},     {"Escape", 41, 1},     {"Backspace", 42, 14},  {"Tab", 43, 15},
        {"Space", 44, 57},      {"Right", 79, 106},    {"Left", 80, 105},      {"Down", 81, 108},
        {"Up", 82, 103},        {"Insert", 73, 110},   {"Home", 74, 102},      {"PageUp", 75, 104},
        {"Delete", 76, 111},    {"End", 77, 107},      {"PageDown", 78, 109},  {"Keypad /", 84, 98},
        {"Keypad *", 85, 55},   {"Keypad -", 86, 74},  {"Keypad +", 87, 78},   {"Keypad Enter", 88, 96},
        {"Keypad 1", 89, 79},   {"Keypad 2", 90, 80},  {"Keypad 3", 91, 81},   {"Keypad 4", 92, 75},
        {"Keypad 5", 93, 76},   {"Keypad 6", 94, 77},  {"Keypad 7", 95, 71},   {"Keypad 8", 96, 72},
        {"Keypad 9", 97, 73},   {"Keypad 0", 98, 82},  {"Keypad .", 99, 83},   {"Menu", 118, 139},
        {"Select", 119, 0x161}, {"Mute", 127, 113},    {"VolumeUp", 128, 115}, {"VolumeDown", 129, 114},
        {"AC Back", 270, 158},  {"AC Home", 269, 172},
    };
    // F1..F12: scancodes 58..69; evdev 59..68, then 87, 88.
    for (int i = 0; i < 12; ++i) {
        static const char* names[] = {"F1", "F2", "F3", "F4", "F5", "F6", "F7", "F8", "F9", "F10", "F11", "F12"};
        t.push_back({names[i], 58 + i, i < 10 ? 59 + i : 87 + (i - 10)});
    }
    // Digits 1..9, 0: scancodes 30..39; evdev 2..11.
    static const char* digits[] = {"1", "2", "3", "4", "5", "6", "7", "8", "9", "0"};
    for (int i = 0; i < 10; ++i) t.push_back({digits[i], 30 + i, 2 + i});
    return t;
}

}  // namespace

const std::vector<KnownKey>& knownKeys() {
    static const std::vector<KnownKey> table = makeTable();  // constant once made
    return table;
}

std::optional<int> keyScancode(std::string_view key) {
    if (key.substr(0, 6) == "evdev:") {
        std::string_view digits = key.substr(6);
        int code = 0;
        auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), code);
        if (ec != std::errc{} || end != digits.data() + digits.size() || digits.empty()) return std::nullopt;
        for (const KnownKey& k : knownKeys())
            if (k.evdev == code) return k.scancode;
        return std::nullopt;
    }
    for (const KnownKey& k : knownKeys())
        if (iequalsAscii(k.name, key)) return k.scancode;
    return std::nullopt;
}

}  // namespace hallboard
