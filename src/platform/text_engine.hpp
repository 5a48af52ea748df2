// The one text engine every string on screen goes through. A line is split into
// directional runs (FriBidi, base/unicode_text), each into runs of one font and script
// by grapheme cluster (the first font of the chain that has the whole cluster; emoji to
// a colour font), shaped by HarfBuzz over FreeType faces, and drawn as quads of a glyph
// atlas (a few textures) into the ImGui draw list. Fallback fonts are scaled so that
// their x-height (or cap height; for emoji, their height) matches the primary font's:
// a line keeps one visual size whatever its script.
//
// Caches: widths by line, shaped lines (LRU), glyphs in atlas pages. A frame that draws
// what the last one drew shapes and rasterises nothing. Memory is bounded: at most
// `atlasBudgetBytes` of pages; when a frame needs more, the atlas starts afresh after it.
#pragma once

#include <cstdint>
#include <list>
#include <map>
#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <unordered_map>
#include <vector>

#include "platform/font_catalog.hpp"
#include "platform/sdl_handles.hpp"
#include "ui/services.hpp"

namespace hallboard::platform {

// The fonts of the engine: one chain for each face and weight.
struct EngineFonts {
    FontChain text, textBold, display, displayBold;
};

class TextEngine : public ui::TextEngine {
public:
    // `renderer` null: measuring and shaping only (tests); draw() then draws nothing.
    TextEngine(SDL_Renderer* renderer, const EngineFonts& fonts, std::size_t atlasBudgetBytes, std::ostream& log);
    ~TextEngine() override;
    TextEngine(const TextEngine&) = delete;
    TextEngine& operator=(const TextEngine&) = delete;

    float measure(std::string_view line, const ui::Font& font) override;
    void draw(const ui::Pen& pen, std::string_view line, const ui::Font& font, Direction paragraph) override;
    std::vector<std::pair<float, float>> spans(std::string_view line, std::size_t begin, std::size_t end,
                                               const ui::Font& font, Direction paragraph) override;

    // One glyph of a shaped line, in visual order (left to right).
    struct Glyph {
        std::uint16_t font = 0;     // index into fonts()
        std::uint32_t id = 0;       // glyph id in that font
        std::uint32_t cluster = 0;  // byte offset of its cluster in the line
        float x = 0, y = 0;         // pen position in pixels (y up, from the baseline)
        float size = 0;             // pixel size it is set at (px times the font's scale)
    };
    struct Shaped {
        std::vector<Glyph> glyphs;
        float width = 0;
    };
    // The line as drawn: for tests, which compare it with hb-shape.
    Shaped shape(std::string_view line, float px, ui::Weight weight, ui::Face face, Direction paragraph);
    // The font files behind Glyph::font, and the scale each is set at relative to px.
    struct FontInfo {
        std::string file;
        int index = 0;
        float scale = 1;
        bool color = false;
        float upem = 1000;
        float xHeight = 0, capHeight = 0;  // in em
        float inkHeight = 0;               // of an emoji (U+1F600), in em; colour fonts
    };
    std::vector<FontInfo> fonts() const;

    // Pixel size a request is set at: few distinct sizes keep the caches small.
    static float quantize(float px);

    struct Stats {
        unsigned long long shaped = 0;      // lines shaped by HarfBuzz
        unsigned long long rasterised = 0;  // glyphs rendered by FreeType
        unsigned long long lineHits = 0, widthHits = 0;
        std::size_t atlasBytes = 0, pages = 0, glyphs = 0, lines = 0;
        unsigned long long atlasResets = 0;
    };
    Stats stats() const;
    // Off: every call shapes and rasterises afresh (the benchmark's comparison).
    void setCaching(bool on) { caching_ = on; }

    // Call after the frame is rendered: pages retired during it are freed now, not while
    // the frame's draw list still points at them.
    void endFrame();
    void clear();  // after the program changes, or on low memory

private:
    struct Font;
    struct Chain {
        std::vector<std::uint16_t> fonts;  // into fonts_
        std::vector<float> scales;         // per font, relative to the first
    };
    struct AtlasGlyph {
        int page = -1;
        int x = 0, y = 0, w = 0, h = 0;
        int left = 0, top = 0;
        bool color = false;
        float scale = 1;  // drawn this many times its pixels: a glyph rasterised smaller than a page
    };
    struct Page {
        TexturePtr texture;
        int shelfY = 0, shelfH = 0, cursorX = 0;
    };
    struct CachedLine {
        Shaped shaped;
        std::list<std::string>::iterator lru;
    };

    struct ClusterFont;
    struct Shaping;

    // Making: each font opened once; the fallbacks' scales.
    int load(const FontFace& face);
    void scaleFallbacks(Chain& chain) const;
    const Chain& chainOf(ui::Weight weight, ui::Face face) const;
    // Shaping: each cluster's font and script, then each directional run by HarfBuzz.
    Shaped shapeLine(std::string_view line, float px, const Chain& chain, Direction paragraph);
    std::vector<ClusterFont> clusterFonts(std::string_view line, const Chain& chain) const;
    std::size_t fontFor(const std::vector<char32_t>& cps, bool neutral, std::optional<std::size_t> previous,
                        const Chain& chain) const;
    void shapeRun(const BidiRun& run, const std::vector<ClusterFont>& assigned, Shaping& s);
    // The atlas: a glyph rasterised (a colour strike or an outline) and placed on a page.
    const AtlasGlyph* glyph(const Glyph& g, int subpixel);
    static bool rasteriseStrike(const Font& font, const Glyph& g, AtlasGlyph& out, std::vector<std::uint32_t>& pixels);
    static bool rasteriseOutline(const Font& font, const Glyph& g, int subpixel, AtlasGlyph& out,
                                 std::vector<std::uint32_t>& pixels);
    bool upload(AtlasGlyph& out, const std::vector<std::uint32_t>& pixels);
    bool place(int w, int h, int& page, int& x, int& y);
    // Drawing: the shaped line (cached), its glyphs as quads.
    const Shaped& shapedForDrawing(std::string_view line, float q, ui::Weight weight, ui::Face face,
                                   Direction paragraph);
    void drawGlyphs(ImDrawList* list, ImVec2 origin, const Shaped& shaped, ImU32 color);
    float baseline(const Chain& chain, float px) const;

    SDL_Renderer* renderer_;
    std::ostream& log_;
    void* ft_ = nullptr;  // FT_Library
    std::vector<std::unique_ptr<Font>> fonts_;
    Chain chains_[4];
    std::size_t budget_;
    int pageSize_ = 1024;
    bool caching_ = true;

    std::unordered_map<std::string, float> widths_;
    std::unordered_map<std::string, CachedLine> lines_;
    std::list<std::string> lru_;
    std::unordered_map<std::uint64_t, AtlasGlyph> glyphs_;
    std::vector<Page> pages_;
    std::vector<TexturePtr> retired_;
    bool resetAfterFrame_ = false;
    Shaped uncached_;  // the line being drawn, shaped afresh with caching off
    Stats stats_;
};

}  // namespace hallboard::platform
