// The theme a screen is drawn with (sizes from the reading floor, colours) and its fonts:
// the text engine's font chains for every string, and Dear ImGui's last-resort atlas for
// the fallback frame. Rebuilt when the screen's size, the theme's settings or the
// program's characters change; cheap otherwise.
#pragma once

#include <memory>
#include <optional>
#include <ostream>
#include <set>
#include <string>
#include <string_view>

#include <imgui.h>

#include "kiosk/kiosk_config.hpp"
#include "platform/font_catalog.hpp"
#include "platform/text_engine.hpp"
#include "ui/canvas.hpp"
#include "ui/kiosk_view.hpp"

namespace hallboard::platform {

class FontsAndTheme {
public:
    FontsAndTheme(SDL_Renderer* renderer, std::ostream& log) : renderer_(renderer), log_(log) {}

    // What the theme is made for: the size pages are laid out for, the display (a wall's
    // diagonal scaled), what the display reports of its diagonal, and whether to log the
    // reading size (the kiosk: once, and when it changes; not for a visitor's large text).
    struct Screen {
        ImVec2 size;
        DisplayConfig display;
        std::optional<double> reportedDiagonal;
        bool logReading = false;
        bool large = false;  // large text and high contrast (a visitor asked: browse::Browser)
    };
    // The theme made afresh; the fonts rebuilt when needed. Dear ImGui's context of the
    // renderer must be the current one.
    // `alsoShown`: words the screen may show beyond the program (the overrides'
    // announcements and emergency, the slides' own words), whose characters get fonts too.
    void prepare(const KioskConfig& config, const Program& program, const Screen& screen,
                 std::string_view alsoShown = {});
    // Whether a prepare() has finished: there are fonts and a theme.
    bool prepared() const { return builtSize_.x > 0; }
    // Before any prepare() finished: the configuration's theme, or else light text on a
    // dark grey.
    void fallbackTheme(const ui::KioskView& view, ImVec2 size);
    const ui::Theme& theme() const { return theme_; }
    TextEngine* engine() const { return engine_.get(); }
    const ui::TextFonts& atlasFonts() const { return fonts_; }
    // The text engine's textures let go (before the renderer and ImGui are).
    void release() { engine_.reset(); }

private:
    void buildFonts(const KioskConfig& config, const std::set<char32_t>& codepoints, ImVec2 size);
    void buildAtlas(const FontChain& text, const std::set<char32_t>& codepoints);
    EngineFonts usableFonts(const KioskConfig& config, const std::set<char32_t>& codepoints, FontChain& atlasFaces);

    SDL_Renderer* renderer_;
    std::ostream& log_;
    FontCatalog catalog_;
    std::unique_ptr<TextEngine> engine_;
    ui::Theme theme_;
    ui::TextFonts fonts_;
    ImVector<ImWchar> glyphRanges_;
    std::string readingLogged_;
    // What the current fonts and theme were built for.
    ImVec2 builtSize_{0, 0};
    std::set<char32_t> builtCodepoints_;
    std::set<char32_t> programCodepoints_;
    const Program* codepointsOf_ = nullptr;
    std::string builtThemeKey_;
    std::set<std::string> warnedFonts_;  // font file and reason, logged once
};

// Every character the program uses, for glyph ranges and font fallback.
std::set<char32_t> programCodepoints(const Program& program);

}  // namespace hallboard::platform
