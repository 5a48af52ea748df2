// Keys and switches at the SDL edge (platform/sdl_input): a keypad's keys and GPIO
// buttons bound in the configuration arrive as the browse keys, their digits are not
// typed, and Shift+Tab goes backwards; the key table names keys as SDL does.
#include <catch2/catch.hpp>

#include <cstring>

#include "kiosk/kiosk_config.hpp"
#include "platform/sdl_input.hpp"

using namespace hallboard;
using namespace hallboard::platform;

namespace {

SDL_Event keyDown(SDL_Scancode scancode, SDL_Keycode sym, Uint16 mod = 0) {
    SDL_Event e;
    std::memset(&e, 0, sizeof e);
    e.type = SDL_KEYDOWN;
    e.key.state = SDL_PRESSED;
    e.key.keysym.scancode = scancode;
    e.key.keysym.sym = sym;
    e.key.keysym.mod = mod;
    return e;
}

SDL_Event typed(const char* text) {
    SDL_Event e;
    std::memset(&e, 0, sizeof e);
    e.type = SDL_TEXTINPUT;
    std::strncpy(e.text.text, text, sizeof e.text.text - 1);
    return e;
}

}  // namespace

TEST_CASE("a keypad bound in the configuration browses: its keys are the browse keys, its digits type nothing") {
    ConfigLoad c = parseKioskConfig(R"({"program": "p.json", "accessibility": {"keys":
        {"Keypad 8": "up", "Keypad 2": "down", "Keypad 5": "enter", "Keypad 0": "escape", "evdev:59": "speak"}}})",
                                    "kiosk.json", "/srv");
    REQUIRE(c.ok());
    InputTranslator in;
    in.bind(c.config->accessibility.keys);
    ImVec2 size{1920, 1080};
    auto up = in.translate(keyDown(SDL_SCANCODE_KP_8, SDLK_KP_8), size, 1);
    REQUIRE(up);
    CHECK(up->type == browse::Input::Type::key);
    CHECK(up->key == browse::Key::up);
    CHECK_FALSE(in.translate(typed("8"), size, 1));  // the digit NumLock would type
    auto enter = in.translate(keyDown(SDL_SCANCODE_KP_5, SDLK_KP_5), size, 2);
    REQUIRE(enter);
    CHECK(enter->key == browse::Key::enter);
    CHECK_FALSE(in.translate(typed("5"), size, 2));
    // A GPIO button sending KEY_F1 (evdev 59): SDL's F1.
    auto speak = in.translate(keyDown(SDL_SCANCODE_F1, SDLK_F1), size, 3);
    REQUIRE(speak);
    CHECK(speak->key == browse::Key::speak);
    // A key not bound types as before: the letter reaches search.
    CHECK_FALSE(in.translate(keyDown(SDL_SCANCODE_A, SDLK_a), size, 4));
    auto letter = in.translate(typed("a"), size, 4);
    REQUIRE(letter);
    CHECK(letter->text == "a");
    // An unbound keypad digit still types (no binding: the keypad is a keyboard).
    InputTranslator plain;
    CHECK_FALSE(plain.translate(keyDown(SDL_SCANCODE_KP_8, SDLK_KP_8), size, 5));
    REQUIRE(plain.translate(typed("8"), size, 5));
    // Shift+Tab goes backwards; script events say so as a keyboard would.
    auto back = plain.translate(keyDown(SDL_SCANCODE_TAB, SDLK_TAB, KMOD_LSHIFT), size, 6);
    REQUIRE(back);
    CHECK(back->key == browse::Key::backTab);
    browse::ScriptEvent scripted;
    scripted.type = browse::ScriptEvent::Type::key;
    scripted.key = browse::Key::backTab;
    auto fromScript = plain.translate(toSdlEvent(scripted, size), size, 7);
    REQUIRE(fromScript);
    CHECK(fromScript->key == browse::Key::backTab);
}

TEST_CASE("the key table names every key as SDL does, so a name SDL shows is one the configuration takes") {
    for (const KnownKey& k : knownKeys()) {
        INFO(k.name << " " << k.scancode);
        CHECK(std::string(SDL_GetScancodeName(static_cast<SDL_Scancode>(k.scancode))) == k.name);
        CHECK(keyScancode(k.name) == k.scancode);
        CHECK(keyScancode("evdev:" + std::to_string(k.evdev)) == k.scancode);
    }
    CHECK(knownKeys().size() >= 60);
}
