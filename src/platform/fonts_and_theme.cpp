// See fonts_and_theme.hpp.
#include "platform/fonts_and_theme.hpp"

#include <algorithm>
#include <cmath>
#include <functional>
#include <stdexcept>

#include <imgui_impl_sdlrenderer.h>

#include "base/text.hpp"

namespace hallboard::platform {

namespace {

void addCodepoints(std::string_view s, std::set<char32_t>& out) {
    for (std::size_t i = 0; i < s.size();) out.insert(nextCodepoint(s, i));
}

// Text the UI itself writes, whatever the program says.
constexpr const char* kUiText =
    "0123456789:·–—…•/ ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz.,;!?()[]'\"&+-%#@";

std::string themeKey(const KioskConfig& c) {
    std::string k =
        c.theme.name + std::to_string(c.theme.scale) + std::to_string(static_cast<int>(c.display.orientation));
    for (const auto& f : c.theme.textFonts) k += "|" + f;
    for (const auto& f : c.theme.displayFonts) k += "/" + f;
    auto hex = [](const std::optional<Color>& col) { return col ? col->hex() : std::string("-"); };
    k += hex(c.theme.background) + hex(c.theme.surface) + hex(c.theme.text) + hex(c.theme.muted) + hex(c.theme.accent) +
         hex(c.theme.live);
    return k;
}

// The faces of `chain` that `use` may read (checked by the catalog first).
void keepUsable(FontChain& chain, FontCatalog& catalog, FontUse use) {
    chain.faces.erase(std::remove_if(chain.faces.begin(), chain.faces.end(),
                                     [&](const FontFace& f) { return catalog.problem(f, use).has_value(); }),
                      chain.faces.end());
}

}  // namespace

std::set<char32_t> programCodepoints(const Program& p) {
    std::set<char32_t> out;
    addCodepoints(kUiText, out);
    const Conference& c = p.conference;
    for (const std::string* s : {&c.name, &c.shortName, &c.venue}) addCodepoints(*s, out);
    for (const Room& r : p.rooms) addCodepoints(r.name, out);
    for (const Track& t : p.tracks) addCodepoints(t.name, out);
    for (const Person& person : p.people) {
        addCodepoints(person.name, out);
        addCodepoints(person.affiliation, out);
        addCodepoints(person.bio, out);
    }
    for (const Session& s : p.sessions) {
        addCodepoints(s.title, out);
        addCodepoints(s.description, out);
    }
    for (const Talk& t : p.talks) {
        addCodepoints(t.title, out);
        addCodepoints(t.abstract, out);
        addCodepoints(t.note, out);
        for (const auto& a : t.authors) addCodepoints(a, out);
    }
    for (const Award& a : p.awards) addCodepoints(a.name, out);
    return out;
}

void FontsAndTheme::prepare(const KioskConfig& config, const Program& program, const Screen& screen,
                            std::string_view alsoShown) {
    // Runs on every wake: the program's characters are collected only when the program
    // is another one (a reload), not each time; the few words shown beside it are looked
    // up, and copied with the program's only when they bring a character of their own (an
    // evacuation titled in Arabic over a Latin program had been drawn as .notdef boxes).
    if (&program != codepointsOf_) {
        programCodepoints_ = programCodepoints(program);
        codepointsOf_ = &program;
    }
    std::set<char32_t> withShown;
    for (std::size_t i = 0; i < alsoShown.size();) {
        char32_t c = nextCodepoint(alsoShown, i);
        if (programCodepoints_.count(c)) continue;
        if (withShown.empty()) withShown = programCodepoints_;
        withShown.insert(c);
    }
    const std::set<char32_t>& codepoints = withShown.empty() ? programCodepoints_ : withShown;
    std::string key = themeKey(config);
    ImVec2 s = screen.size;
    bool sizeChanged = s.x != builtSize_.x || s.y != builtSize_.y;
    // Large text changes no font: the engine sets any size, the last-resort atlas keeps its own.
    theme_ =
        ui::makeTheme(config.theme, program.conference, s, screen.display, {screen.reportedDiagonal, screen.large});
    if (screen.logReading && !screen.large &&
        theme_.reading.describe() != readingLogged_) {  // once, and when it changes
        readingLogged_ = theme_.reading.describe();
        log_ << "hallboard: " << readingLogged_ << "\n";
    }
    if (!engine_ || sizeChanged || key != builtThemeKey_ || codepoints != builtCodepoints_) {
        buildFonts(config, codepoints, s);
        builtSize_ = s;
        builtThemeKey_ = key;
        builtCodepoints_ = codepoints;
    }
}

void FontsAndTheme::fallbackTheme(const ui::KioskView& view, ImVec2 size) {
    try {
        theme_ = ui::makeTheme(view.config->theme, view.program->conference, size, view.config->display);
    } catch (...) {
        theme_.background = IM_COL32(32, 32, 36, 255);
        theme_.text = IM_COL32(240, 240, 240, 255);
        theme_.muted = IM_COL32(190, 190, 196, 255);
    }
}

// The engine's font chains and the atlas's faces, those a library cannot read left out
// (and said once): the configuration's fonts backed up by the defaults.
EngineFonts FontsAndTheme::usableFonts(const KioskConfig& config, const std::set<char32_t>& codepoints,
                                       FontChain& atlasFaces) {
    auto textPrefs = config.theme.textFonts.empty() ? defaultTextFonts() : config.theme.textFonts;
    auto displayPrefs = config.theme.displayFonts.empty() ? defaultDisplayFonts() : config.theme.displayFonts;
    for (const auto& f : displayPrefs) textPrefs.push_back(f);  // display fonts back up text fonts too
    // The default fonts back up whatever the configuration names: a file that is not a
    // usable font (empty, a picture, cut short) is passed over, with a warning, and the
    // kiosk draws with the defaults instead of aborting (on every restart after).
    for (const auto& f : defaultTextFonts()) textPrefs.push_back(f);
    for (const auto& f : defaultDisplayFonts()) displayPrefs.push_back(f);
    EngineFonts fonts{catalog_.chain(textPrefs, false, codepoints), catalog_.chain(textPrefs, true, codepoints),
                      catalog_.chain(displayPrefs, false, codepoints), catalog_.chain(displayPrefs, true, codepoints)};
    // Every face a library will read is checked first, those fontconfig found included:
    // the engine's (FreeType, HarfBuzz; colour emoji allowed) and the last-resort atlas's
    // (stb_truetype, outlines only).
    atlasFaces = fonts.text;
    for (FontChain* chain : {&fonts.text, &fonts.textBold, &fonts.display, &fonts.displayBold})
        keepUsable(*chain, catalog_, FontUse::engine);
    keepUsable(atlasFaces, catalog_, FontUse::atlas);
    for (const auto& [file, reason] : catalog_.refused()) {
        // A colour font refused by the atlas only (no outlines) is not a problem to report.
        bool engineUses = std::any_of(fonts.text.faces.begin(), fonts.text.faces.end(),
                                      [&](const FontFace& f) { return f.file == file; });
        if (!engineUses && warnedFonts_.insert(file + "\n" + reason).second)
            log_ << "hallboard: font " << file << ": " << reason << "; using the next font in line (the defaults)\n";
    }
    return fonts;
}

void FontsAndTheme::buildFonts(const KioskConfig& config, const std::set<char32_t>& codepoints, ImVec2 size) {
    FontChain atlasFaces;
    EngineFonts fonts = usableFonts(config, codepoints, atlasFaces);
    if (fonts.text.faces.empty() || atlasFaces.faces.empty())
        throw std::runtime_error("no usable font found (install fonts-inter or fonts-dejavu-core)");
    for (char32_t c : fonts.text.uncovered)
        log_ << "hallboard: no installed font has U+" << std::hex << static_cast<unsigned long>(c) << std::dec
             << "; it shows as a box\n";
    buildAtlas(atlasFaces, codepoints);

    // Glyph atlas pages for at most a screen of pixels, and at least two 1024-pixel pages
    // (8 MB); pages are made as glyphs need them (a 1080p screen of text fills less
    // than one).
    auto budget = std::max<std::size_t>(
        8u << 20, std::min<std::size_t>(static_cast<std::size_t>(size.x * size.y * 4.0f), kMaxScreenPixels * 4));
    engine_ = std::make_unique<TextEngine>(renderer_, fonts, budget, log_);
}

// The last-resort screen's ImGui atlas (kiosk_screen.cpp drawFallback: the clock and the
// conference's name when a page throws), at one size. Every other string goes through
// the text engine. ImGui 1.86 from Debian holds 16-bit characters only.
void FontsAndTheme::buildAtlas(const FontChain& text, const std::set<char32_t>& codepoints) {
    ImFontAtlas* atlas = ImGui::GetIO().Fonts;
    ImGui_ImplSDLRenderer_DestroyFontsTexture();
    atlas->Clear();
    ImFontGlyphRangesBuilder ranges;
    // ImGui's glyph ranges end at a zero: a U+0000 in them left the atlas without glyphs
    // and ImGui asserted (the kiosk aborted at every start). Controls and surrogates
    // have no glyph anyway; the reader keeps them out of the program, this keeps them
    // out of the atlas whatever a program in memory holds.
    for (char32_t c : codepoints)
        if (c >= 0x20 && c <= 0xFFFF && !(c >= 0x7F && c < 0xA0) && !(c >= 0xD800 && c <= 0xDFFF))
            ranges.AddChar(static_cast<ImWchar>(c));
    ranges.AddChar(0x2026);  // the ellipsis of cut text
    glyphRanges_.clear();
    ranges.BuildRanges(&glyphRanges_);
    fonts_.sizes.clear();
    for (float px : {theme_.subtitle}) {
        px = std::round(px);
        ImFont* font = nullptr;
        for (std::size_t i = 0; i < text.faces.size(); ++i) {
            ImFontConfig cfg;
            cfg.MergeMode = font != nullptr;
            cfg.FontNo = text.faces[i].index;
            // stb_truetype with fractional advances and 2x horizontal oversampling: even
            // letter spacing. (ImGui 1.86's FreeType builder rounds every advance up and
            // spaces letters unevenly, "Archit ecture", at kiosk sizes.)
            cfg.OversampleH = 2;
            cfg.OversampleV = 1;
            cfg.PixelSnapH = false;
            ImFont* f = atlas->AddFontFromFileTTF(text.faces[i].file.c_str(), px, &cfg, glyphRanges_.Data);
            if (!font) font = f;
        }
        if (font) fonts_.sizes.emplace_back(px, font);
    }
    if (!atlas->Build()) {
        // Checked fonts should not get here; if one does, ImGui's own font keeps the
        // screen drawable (an atlas left unbuilt aborts the next frame).
        log_ << "hallboard: building the font atlas failed; using ImGui's built-in font\n";
        atlas->Clear();
        fonts_.sizes.clear();
        for (float px : {theme_.subtitle}) {
            ImFontConfig cfg;
            cfg.SizePixels = std::round(px);
            fonts_.sizes.emplace_back(cfg.SizePixels, atlas->AddFontDefault(&cfg));
        }
        if (!atlas->Build()) throw std::runtime_error("building the font atlas failed");
    }
    atlas->ClearInputData();  // the font files are not needed once rasterised
    ImGui_ImplSDLRenderer_CreateFontsTexture();
}

}  // namespace hallboard::platform
