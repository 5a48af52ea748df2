// Touch browsing as the kiosk loop and the screenshot's script player both run it: the
// browser, what it looks things up in (rebuilt for each program), the SDL input it
// listens to, and one place where a visitor's input becomes the browser's and the
// rotation's change.
#pragma once

#include <memory>
#include <optional>
#include <ostream>
#include <string>

#include "browse/browser.hpp"
#include "browse/catalog.hpp"
#include "browse/input_script.hpp"
#include "kiosk/kiosk_loop.hpp"
#include "kiosk/kiosk_session.hpp"
#include "kiosk/rotation.hpp"
#include "platform/sdl_input.hpp"
#include "ui/kiosk_view.hpp"

namespace hallboard::platform {

struct Touch {
    browse::Browser browser;
    std::unique_ptr<browse::Catalog> catalog;
    InputTranslator input;

    explicit Touch(const KioskSession& s);
    // A new program: indices of the old one mean nothing in it, so a visit starts over.
    void programChanged(const KioskSession& s);
    ui::BrowseView view(double now);
    // A visitor's input at `t` (seconds): the browser handles it, swipes turn the
    // rotation's pages. Returns what follows: whether the screen must be drawn again
    // (redraw, a page turned), whether the place is to be read aloud (speak).
    browse::Effects apply(const browse::Input& in, double t, Rotation& rotation, Rotation::Steady at,
                          const Rotation::SubpageCount& count);
    // What the voice says for the place the visitor is at (browse/speech_text.hpp), from
    // what the view shows: its program, schedule, directions and instant.
    std::string speech(const ui::KioskView& view);
    // The idle warning in words for the voice, once a visit as it appears (IdleWarningVoice),
    // at `t` (seconds); none otherwise, and none while `voice` is false (speech off). The
    // kiosk loop hands it to the voice; the screenshot's script player to its list of
    // what was said.
    std::optional<std::string> idleWarning(double t, bool voice);

    IdleWarningVoice idleVoice;
};

// Where the visitor ended up, in words, for scripts and their tests:
// `talk "MicroNets: ..."`, `search "micro": 3 talks`, `rotation`.
std::string describe(Touch& touch, const Program& program);

// Loads an input script; messages name the file and the line.
std::optional<browse::InputScript> loadScript(const std::string& path, std::ostream& log);

}  // namespace hallboard::platform
