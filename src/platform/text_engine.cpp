// See text_engine.hpp.
#include "platform/text_engine.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>

#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_TRUETYPE_TABLES_H
#include <hb-ft.h>
#include <hb.h>
#include <unicode/uchar.h>
#include <unicode/uscript.h>

#include "base/text.hpp"
#include "platform/c_handles.hpp"
#include "base/unicode_text.hpp"

namespace hallboard::platform {

namespace {

constexpr int kSubpixels = 4;  // horizontal glyph positions per pixel: even letter spacing

FT_Library library(void* p) {
    return static_cast<FT_Library>(p);
}

// Characters that belong to the cluster's font whatever it is: joiners, variation
// selectors, emoji tags, and the bidi marks and isolates (isolate() in base/text.hpp),
// which order the text and are never drawn.
bool ignorable(char32_t c) {
    return c == 0x200C || c == 0x200D || c == 0x200E || c == 0x200F || (c >= 0x202A && c <= 0x202E) ||
           (c >= 0x2066 && c <= 0x2069) || (c >= 0xFE00 && c <= 0xFE0F) || (c >= 0xE0020 && c <= 0xE007F) ||
           (c >= 0xE0100 && c <= 0xE01EF);
}

// A cluster shown as an emoji picture: emoji presentation by default or asked for with
// VS16, a flag, a keycap, a skin tone.
bool emojiCluster(const std::vector<char32_t>& cps) {
    for (char32_t c : cps) {
        if (c == 0xFE0F || c == 0x20E3) return true;
        auto u = static_cast<UChar32>(c);
        if (u_hasBinaryProperty(u, UCHAR_EMOJI_PRESENTATION) || u_hasBinaryProperty(u, UCHAR_REGIONAL_INDICATOR) ||
            u_hasBinaryProperty(u, UCHAR_EMOJI_MODIFIER))
            return true;
    }
    return false;
}

bool commonScript(UScriptCode s) {
    return s == USCRIPT_COMMON || s == USCRIPT_INHERITED || s == USCRIPT_INVALID_CODE;
}

hb_script_t hbScript(UScriptCode s) {
    if (commonScript(s)) return HB_SCRIPT_COMMON;
    const char* name = uscript_getShortName(s);
    return name ? hb_script_from_string(name, -1) : HB_SCRIPT_COMMON;
}

std::uint32_t argb(unsigned a, unsigned r, unsigned g, unsigned b) {
    return a << 24 | r << 16 | g << 8 | b;
}

// A bitmap strike scaled by `s` to w x h: the area average of the premultiplied source,
// then straight alpha (white with coverage for a strike without colour).
std::vector<std::uint32_t> scaledStrike(const FT_Bitmap& bm, float s, int w, int h, bool color) {
    std::vector<std::uint32_t> pixels(static_cast<std::size_t>(w) * static_cast<std::size_t>(h), 0);
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) {
            int x0 = static_cast<int>(static_cast<float>(x) / s),
                x1 = std::max(x0 + 1, static_cast<int>(static_cast<float>(x + 1) / s));
            int y0 = static_cast<int>(static_cast<float>(y) / s),
                y1 = std::max(y0 + 1, static_cast<int>(static_cast<float>(y + 1) / s));
            x1 = std::min(x1, static_cast<int>(bm.width));
            y1 = std::min(y1, static_cast<int>(bm.rows));
            unsigned long sb = 0, sg = 0, sr = 0, sa = 0, n = 0;
            for (int yy = y0; yy < y1; ++yy)
                for (int xx = x0; xx < x1; ++xx) {
                    const unsigned char* p = bm.buffer + static_cast<std::ptrdiff_t>(yy) * bm.pitch;
                    if (color) {
                        p += xx * 4;
                        sb += p[0], sg += p[1], sr += p[2], sa += p[3];
                    } else {
                        sa += bm.pixel_mode == FT_PIXEL_MODE_GRAY ? p[xx] : ((p[xx / 8] >> (7 - xx % 8)) & 1) * 255u;
                    }
                    ++n;
                }
            if (n == 0 || sa == 0) continue;
            unsigned a = static_cast<unsigned>(sa / n);
            if (!color) {
                pixels[static_cast<std::size_t>(y * w + x)] = argb(a, 255, 255, 255);
                continue;
            }
            auto un = [&](unsigned long c) {
                return static_cast<unsigned>(std::min<unsigned long>(255, c * 255 / sa));
            };
            pixels[static_cast<std::size_t>(y * w + x)] = argb(a, un(sr), un(sg), un(sb));
        }
    return pixels;
}

// A rendered glyph's bitmap (grey, mono or premultiplied BGRA) as straight-alpha ARGB.
std::vector<std::uint32_t> straightPixels(const FT_Bitmap& bm) {
    int w = static_cast<int>(bm.width), h = static_cast<int>(bm.rows);
    std::vector<std::uint32_t> pixels(static_cast<std::size_t>(w) * static_cast<std::size_t>(h), 0);
    for (int y = 0; y < h; ++y) {
        const unsigned char* row = bm.buffer + static_cast<std::ptrdiff_t>(y) * bm.pitch;
        for (int x = 0; x < w; ++x) {
            std::uint32_t& px = pixels[static_cast<std::size_t>(y * w + x)];
            if (bm.pixel_mode == FT_PIXEL_MODE_GRAY) {
                px = argb(row[x], 255, 255, 255);
            } else if (bm.pixel_mode == FT_PIXEL_MODE_MONO) {
                px = argb(((row[x / 8] >> (7 - x % 8)) & 1) * 255u, 255, 255, 255);
            } else if (bm.pixel_mode == FT_PIXEL_MODE_BGRA) {
                const unsigned char* p = row + x * 4;
                unsigned a = p[3];
                auto un = [&](unsigned c) { return a ? std::min(255u, c * 255 / a) : 0u; };
                px = argb(a, un(p[2]), un(p[1]), un(p[0]));
            }
        }
    }
    return pixels;
}

}  // namespace

struct TextEngine::Font {
    FontFace source;
    CHandle<FT_FaceRec_, FT_Done_Face> face;
    CHandle<hb_font_t, hb_font_destroy> font;  // declared after the face: destroyed before it
    FT_Face ft = nullptr;                      // face.get(), as FreeType's calls name it
    hb_font_t* hb = nullptr;                   // font.get()
    float upem = 1000;
    float xHeight = 0, capHeight = 0, ascender = 0, descender = 0;  // in em
    bool color = false;
    bool has(char32_t c) const { return FT_Get_Char_Index(ft, static_cast<FT_ULong>(c)) != 0; }
    // Ink height of a glyph in em (HarfBuzz at the font's own units), 0 when none.
    float inkHeight(char32_t c) const {
        hb_codepoint_t gid = 0;
        hb_glyph_extents_t e{};
        hb_font_set_scale(hb, static_cast<int>(upem), static_cast<int>(upem));
        if (!hb_font_get_nominal_glyph(hb, c, &gid) || !hb_font_get_glyph_extents(hb, gid, &e)) return 0;
        return static_cast<float>(-e.height) / upem;
    }
};

TextEngine::TextEngine(SDL_Renderer* renderer, const EngineFonts& fonts, std::size_t budget, std::ostream& log)
    : renderer_(renderer), log_(log), budget_(budget) {
    FT_Library ft = nullptr;
    if (FT_Init_FreeType(&ft) != 0) throw std::runtime_error("FreeType cannot start");
    ft_ = ft;
    // Large screens set large glyphs: 2048-pixel pages past 1080p.
    pageSize_ = budget_ >= 24u << 20 ? 2048 : 1024;
    const FontChain* sources[4] = {&fonts.text, &fonts.textBold, &fonts.display, &fonts.displayBold};
    for (int c = 0; c < 4; ++c) {
        Chain& chain = chains_[c];
        for (const FontFace& face : sources[c]->faces) {
            int i = load(face);
            if (i >= 0 && std::find(chain.fonts.begin(), chain.fonts.end(), i) == chain.fonts.end())
                chain.fonts.push_back(static_cast<std::uint16_t>(i));
        }
        if (chain.fonts.empty() && c > 0) chain = chains_[c == 3 ? 2 : 0];  // a missing weight or face
        scaleFallbacks(chain);
    }
    if (chains_[0].fonts.empty()) throw std::runtime_error("no usable font for text");
    for (Chain& c : chains_)
        if (c.fonts.empty()) c = chains_[0];
}

// The font of `face`, opened once (its index in fonts_); -1 when FreeType cannot open it.
int TextEngine::load(const FontFace& face) {
    for (std::size_t i = 0; i < fonts_.size(); ++i)
        if (fonts_[i]->source == face) return static_cast<int>(i);
    auto f = std::make_unique<Font>();
    f->source = face;
    FT_Face opened = nullptr;
    FT_Error err = FT_New_Face(library(ft_), face.file.c_str(), face.index, &opened);
    f->face.reset(opened);
    if (err != 0 || !f->face) {
        log_ << "hallboard: font " << face.file << ": FreeType cannot open it; using the next font in line\n";
        return -1;
    }
    f->ft = f->face.get();
    f->color = FT_HAS_COLOR(f->ft);
    f->upem = f->ft->units_per_EM > 0 ? static_cast<float>(f->ft->units_per_EM) : 1000.0f;
    f->ascender = static_cast<float>(f->ft->ascender) / f->upem;
    f->descender = static_cast<float>(-f->ft->descender) / f->upem;
    CHandle<hb_face_t, hb_face_destroy> hbFace(hb_ft_face_create_referenced(f->ft));
    f->font.reset(hb_font_create(hbFace.get()));  // HarfBuzz's own OpenType functions: hb-shape's answers
    f->hb = f->font.get();
    // The head table's units (FreeType reports none for a bitmap-only font).
    if (unsigned upem = hb_face_get_upem(hbFace.get()); upem > 0) f->upem = static_cast<float>(upem);
    // Measured on the glyphs, not taken from OS/2 (a script font without Latin
    // letters states a nominal x-height there): 0 when the font has no 'x' or 'H'.
    f->xHeight = f->inkHeight('x');
    f->capHeight = f->inkHeight('H');
    fonts_.push_back(std::move(f));
    return static_cast<int>(fonts_.size() - 1);
}

// Each fallback scaled to the primary font's x-height (cap height when either lacks
// one; an emoji as tall as 1.3 cap heights), within reason. A script font without Latin
// letters (Noto Sans Arabic, Thai...) is drawn to match Noto Sans, whose x-height is the
// primary's within 2%: it stays at 1.
void TextEngine::scaleFallbacks(Chain& chain) const {
    const Font* primary = chain.fonts.empty() ? nullptr : fonts_[chain.fonts[0]].get();
    chain.scales.clear();
    for (std::uint16_t i : chain.fonts) {
        const Font& f = *fonts_[i];
        float scale = 1;
        if (primary && &f != primary) {
            if (f.color) {
                float ink = f.inkHeight(0x1F600);
                if (ink > 0 && primary->capHeight > 0) scale = primary->capHeight * 1.3f / ink;
            } else if (f.xHeight > 0 && primary->xHeight > 0) {
                scale = primary->xHeight / f.xHeight;
            } else if (f.capHeight > 0 && primary->capHeight > 0) {
                scale = primary->capHeight / f.capHeight;
            }
            scale = std::clamp(scale, f.color ? 0.6f : 0.8f, 1.25f);
        }
        chain.scales.push_back(scale);
    }
}

TextEngine::~TextEngine() {
    fonts_.clear();
    if (ft_) FT_Done_FreeType(library(ft_));
}

float TextEngine::quantize(float px) {
    int p = static_cast<int>(std::lround(px));
    if (p < 6) return 6;
    if (p < 48) return static_cast<float>(p);
    if (p < 120) return static_cast<float>(p / 2 * 2);
    return static_cast<float>(p / 4 * 4);
}

const TextEngine::Chain& TextEngine::chainOf(ui::Weight weight, ui::Face face) const {
    int i = (face == ui::Face::display ? 2 : 0) + (weight == ui::Weight::bold ? 1 : 0);
    return chains_[i];
}

std::vector<TextEngine::FontInfo> TextEngine::fonts() const {
    std::vector<FontInfo> out;
    for (const auto& f : fonts_)
        out.push_back({f->source.file, f->source.index, 1.0f, f->color, f->upem, f->xHeight, f->capHeight,
                       f->color ? f->inkHeight(0x1F600) : 0.0f});
    // The scale of each font in the text chain (the others: 1).
    const Chain& c = chains_[0];
    for (std::size_t i = 0; i < c.fonts.size(); ++i) out[c.fonts[i]].scale = c.scales[i];
    return out;
}

// A grapheme cluster's font (its position in the chain) and script.
struct TextEngine::ClusterFont {
    std::size_t begin, end;
    std::size_t font;
    UScriptCode script;
};

// What one line's shaping shares from run to run: HarfBuzz's buffer and the glyphs so
// far, their pen position in out.width.
struct TextEngine::Shaping {
    std::string_view line;
    float px;
    const Chain& chain;
    hb_buffer_t* buffer;
    Shaped& out;
};

TextEngine::Shaped TextEngine::shapeLine(std::string_view line, float px, const Chain& chain, Direction paragraph) {
    Shaped out;
    ++stats_.shaped;
    if (line.empty() || chain.fonts.empty()) return out;
    std::vector<ClusterFont> assigned = clusterFonts(line, chain);
    CHandle<hb_buffer_t, hb_buffer_destroy> owned(hb_buffer_create());
    Shaping shaping{line, px, chain, owned.get(), out};
    for (const BidiRun& run : visualRuns(line, paragraph)) shapeRun(run, assigned, shaping);
    return out;
}

// The font and script of each grapheme cluster of the line, in logical order.
std::vector<TextEngine::ClusterFont> TextEngine::clusterFonts(std::string_view line, const Chain& chain) const {
    std::vector<std::size_t> clusters = graphemeBoundaries(line);
    std::vector<ClusterFont> assigned;
    assigned.reserve(clusters.size());
    std::vector<char32_t> cps;
    for (std::size_t k = 0; k + 1 < clusters.size(); ++k) {
        std::size_t b = clusters[k], e = clusters[k + 1];
        cps.clear();
        for (std::size_t i = b; i < e;) cps.push_back(nextCodepoint(line, i));
        UErrorCode err = U_ZERO_ERROR;
        UScriptCode script = uscript_getScript(static_cast<UChar32>(cps[0]), &err);
        bool neutral = commonScript(script) && cps.size() == 1 &&
                       (u_isspace(static_cast<UChar32>(cps[0])) || u_ispunct(static_cast<UChar32>(cps[0])));
        std::optional<std::size_t> previous;
        if (!assigned.empty()) previous = assigned.back().font;
        std::size_t chosen = fontFor(cps, neutral, previous, chain);
        // Common characters take the script of the run they are in.
        if (commonScript(script) && !assigned.empty()) script = assigned.back().script;
        assigned.push_back({b, e, chosen, script});
    }
    // Scripts of leading common characters: the first real script after them.
    for (std::size_t k = assigned.size(); k-- > 1;)
        if (commonScript(assigned[k - 1].script)) assigned[k - 1].script = assigned[k].script;
    return assigned;
}

// The font (position in the chain) of a cluster of these characters: spaces and
// punctuation stay in the run they are in (`previous`); an emoji goes to a colour font;
// else the first font with the whole cluster, or with its first character, or the
// primary's .notdef box.
std::size_t TextEngine::fontFor(const std::vector<char32_t>& cps, bool neutral, std::optional<std::size_t> previous,
                                const Chain& chain) const {
    auto coversAll = [&](const Font& f) {
        for (char32_t c : cps)
            if (!ignorable(c) && !f.has(c)) return false;
        return true;
    };
    const Font* before = previous ? fonts_[chain.fonts[*previous]].get() : nullptr;
    if (neutral && before && !before->color && coversAll(*before)) return *previous;
    std::size_t chosen = chain.fonts.size();
    if (emojiCluster(cps))
        for (std::size_t f = 0; f < chain.fonts.size() && chosen == chain.fonts.size(); ++f)
            if (fonts_[chain.fonts[f]]->color && coversAll(*fonts_[chain.fonts[f]])) chosen = f;
    for (std::size_t f = 0; f < chain.fonts.size() && chosen == chain.fonts.size(); ++f)
        if (coversAll(*fonts_[chain.fonts[f]])) chosen = f;
    for (std::size_t f = 0; f < chain.fonts.size() && chosen == chain.fonts.size(); ++f)
        if (fonts_[chain.fonts[f]]->has(cps[0])) chosen = f;
    return chosen == chain.fonts.size() ? 0 : chosen;  // no font has it: the primary's .notdef box
}

// One directional run: its pieces of one font and script, in visual order, each shaped
// by HarfBuzz with the whole line as context (Arabic joins across a font change).
void TextEngine::shapeRun(const BidiRun& run, const std::vector<ClusterFont>& assigned, Shaping& s) {
    std::vector<ClusterFont> pieces;  // runs of one font and script within this run, in logical order
    for (const ClusterFont& cf : assigned) {
        if (cf.end <= run.begin || cf.begin >= run.end) continue;
        std::size_t b = std::max(cf.begin, run.begin), e = std::min(cf.end, run.end);
        if (!pieces.empty() && pieces.back().font == cf.font && pieces.back().script == cf.script &&
            pieces.back().end == b)
            pieces.back().end = e;
        else
            pieces.push_back({b, e, cf.font, cf.script});
    }
    if (run.rtl()) std::reverse(pieces.begin(), pieces.end());
    hb_language_t language = hb_language_from_string("und", -1);
    for (const ClusterFont& p : pieces) {
        const Font& font = *fonts_[s.chain.fonts[p.font]];
        float size = s.px * s.chain.scales[p.font];
        int scale = static_cast<int>(std::lround(size * 64.0f));
        hb_font_set_scale(font.hb, scale, scale);
        hb_buffer_clear_contents(s.buffer);
        hb_buffer_add_utf8(s.buffer, s.line.data(), static_cast<int>(s.line.size()), static_cast<unsigned>(p.begin),
                           static_cast<int>(p.end - p.begin));
        hb_buffer_set_direction(s.buffer, run.rtl() ? HB_DIRECTION_RTL : HB_DIRECTION_LTR);
        hb_buffer_set_script(s.buffer, hbScript(p.script));
        hb_buffer_set_language(s.buffer, language);
        hb_buffer_set_cluster_level(s.buffer, HB_BUFFER_CLUSTER_LEVEL_MONOTONE_GRAPHEMES);
        hb_shape(font.hb, s.buffer, nullptr, 0);
        unsigned n = 0;
        hb_glyph_info_t* info = hb_buffer_get_glyph_infos(s.buffer, &n);
        hb_glyph_position_t* pos = hb_buffer_get_glyph_positions(s.buffer, &n);
        for (unsigned i = 0; i < n; ++i) {
            Glyph g;
            g.font = s.chain.fonts[p.font];
            g.id = info[i].codepoint;
            g.cluster = info[i].cluster;
            g.x = s.out.width + static_cast<float>(pos[i].x_offset) / 64.0f;
            g.y = static_cast<float>(pos[i].y_offset) / 64.0f;
            g.size = size;
            s.out.glyphs.push_back(g);
            s.out.width += static_cast<float>(pos[i].x_advance) / 64.0f;
        }
    }
}

TextEngine::Shaped TextEngine::shape(std::string_view line, float px, ui::Weight weight, ui::Face face,
                                     Direction paragraph) {
    return shapeLine(line, quantize(px), chainOf(weight, face), paragraph);
}

std::vector<std::pair<float, float>> TextEngine::spans(std::string_view line, std::size_t begin, std::size_t end,
                                                       const ui::Font& font, Direction paragraph) {
    const float px = font.px;
    float q = quantize(px);
    Shaped shaped = shapeLine(line, q, chainOf(font.weight, font.face), paragraph);
    float scale = px / q;  // drawn at px, shaped at the quantized size
    // Each glyph spans from its pen position to the next glyph's (visual order), the
    // last to the line's width; glyphs of the bytes asked for, merged where they touch.
    std::vector<std::pair<float, float>> out;
    for (std::size_t k = 0; k < shaped.glyphs.size(); ++k) {
        const Glyph& g = shaped.glyphs[k];
        if (g.cluster < begin || g.cluster >= end) continue;
        float x0 = g.x, x1 = k + 1 < shaped.glyphs.size() ? shaped.glyphs[k + 1].x : shaped.width;
        if (x1 < x0) std::swap(x0, x1);
        if (!out.empty() && std::fabs(out.back().second - x0 * scale) < 0.5f)
            out.back().second = x1 * scale;
        else
            out.emplace_back(x0 * scale, x1 * scale);
    }
    return out;
}

float TextEngine::measure(std::string_view line, const ui::Font& font) {
    const auto [px, weight, face] = font;
    if (line.empty()) return 0;
    float q = quantize(px);
    std::string key(line);
    key += '\x1f';
    key += std::to_string(static_cast<int>(q * 4));
    key += weight == ui::Weight::bold ? 'b' : 'r';
    key += face == ui::Face::display ? 'd' : 't';
    if (caching_) {
        if (auto it = widths_.find(key); it != widths_.end()) {
            ++stats_.widthHits;
            return it->second;
        }
    }
    // The width does not depend on the paragraph's direction.
    float w = shapeLine(line, q, chainOf(weight, face), Direction::ltr).width;
    if (caching_) {
        if (widths_.size() > 16384) widths_.clear();  // a bound, not a policy: a frame refills it
        widths_.emplace(std::move(key), w);
    }
    return w;
}

float TextEngine::baseline(const Chain& chain, float px) const {
    // The primary font's ascent and descent centred on the em box (as display type was).
    const Font& f = *fonts_[chain.fonts[0]];
    float a = f.ascender > 0 ? f.ascender : 0.8f, d = f.descender > 0 ? f.descender : 0.2f;
    return (px - (a + d) * px) * 0.5f + a * px;
}

bool TextEngine::place(int w, int h, int& page, int& x, int& y) {
    if (w > pageSize_ || h > pageSize_) return false;
    auto tryPage = [&](Page& p) {
        if (p.cursorX + w > pageSize_) {  // next shelf
            p.shelfY += p.shelfH;
            p.shelfH = 0;
            p.cursorX = 0;
        }
        if (p.shelfY + h > pageSize_) return false;
        x = p.cursorX;
        y = p.shelfY;
        p.cursorX += w;
        p.shelfH = std::max(p.shelfH, h);
        return true;
    };
    if (!pages_.empty() && tryPage(pages_.back())) {
        page = static_cast<int>(pages_.size() - 1);
        return true;
    }
    std::size_t pageBytes = static_cast<std::size_t>(pageSize_) * static_cast<std::size_t>(pageSize_) * 4;
    std::size_t maxPages = std::max<std::size_t>(1, budget_ / pageBytes);
    if (pages_.size() >= maxPages) {
        // Full: this frame still draws (one page past the budget, at most two), and the
        // atlas starts afresh after it with what the next frame needs.
        resetAfterFrame_ = true;
        if (pages_.size() >= maxPages + 2) return false;
    }
    Page p;
    p.texture.reset(
        SDL_CreateTexture(renderer_, SDL_PIXELFORMAT_ARGB8888, SDL_TEXTUREACCESS_STATIC, pageSize_, pageSize_));
    if (!p.texture) return false;
    SDL_SetTextureBlendMode(p.texture.get(), SDL_BLENDMODE_BLEND);
    SDL_SetTextureScaleMode(p.texture.get(), SDL_ScaleModeNearest);  // glyphs are drawn pixel for pixel
    pages_.push_back(std::move(p));
    page = static_cast<int>(pages_.size() - 1);
    return tryPage(pages_.back());
}

const TextEngine::AtlasGlyph* TextEngine::glyph(const Glyph& g, int subpixel) {
    std::uint64_t key = static_cast<std::uint64_t>(g.font) << 52 | static_cast<std::uint64_t>(g.id & 0xFFFFF) << 32 |
                        static_cast<std::uint64_t>(std::lround(g.size * 16.0f) & 0x3FFFFFFF) << 2 |
                        static_cast<std::uint64_t>(subpixel);
    if (auto it = glyphs_.find(key); it != glyphs_.end())
        return it->second.page >= 0 || it->second.w == 0 ? &it->second : nullptr;
    const Font& font = *fonts_[g.font];
    AtlasGlyph out;
    std::vector<std::uint32_t> pixels;  // ARGB, straight alpha
    ++stats_.rasterised;
    auto rasterise = [&](const Glyph& at, int sub) {
        return font.color && font.ft->num_fixed_sizes > 0 ? rasteriseStrike(font, at, out, pixels)
                                                          : rasteriseOutline(font, at, sub, out, pixels);
    };
    bool drawn = rasterise(g, subpixel);
    // Larger than an atlas page (a timer's figures on a video wall): rasterised as large
    // as a page holds and drawn magnified, a little soft but whole; it had been dropped.
    if (drawn && (out.w + 2 > pageSize_ || out.h + 2 > pageSize_)) {
        Glyph smaller = g;
        smaller.size = g.size * static_cast<float>(pageSize_ - 8) / static_cast<float>(std::max(out.w, out.h));
        drawn = rasterise(smaller, 0);
        out.scale = g.size / smaller.size;
    }
    if (!drawn) {
        glyphs_[key] = out;
        return nullptr;
    }
    if (out.w > 0 && out.h > 0 && renderer_ && !upload(out, pixels)) {
        glyphs_[key] = AtlasGlyph{};
        glyphs_[key].w = -1;
        return nullptr;
    }
    auto [it, inserted] = glyphs_.insert_or_assign(key, out);
    (void)inserted;
    return it->second.page >= 0 || it->second.w == 0 ? &it->second : nullptr;
}

// A colour bitmap font (Noto Color Emoji): the strike nearest above the size, scaled
// down. False when FreeType cannot load it.
bool TextEngine::rasteriseStrike(const Font& font, const Glyph& g, AtlasGlyph& out,
                                 std::vector<std::uint32_t>& pixels) {
    FT_Face face = font.ft;
    int best = 0;
    for (int i = 0; i < face->num_fixed_sizes; ++i) {
        float ppem = static_cast<float>(face->available_sizes[i].y_ppem) / 64.0f;
        float bestPpem = static_cast<float>(face->available_sizes[best].y_ppem) / 64.0f;
        if ((bestPpem < g.size && ppem > bestPpem) || (ppem >= g.size && ppem < bestPpem)) best = i;
    }
    FT_Set_Transform(face, nullptr, nullptr);
    if (FT_Select_Size(face, best) != 0 || FT_Load_Glyph(face, g.id, FT_LOAD_COLOR) != 0) return false;
    FT_Bitmap& bm = face->glyph->bitmap;
    float strike = static_cast<float>(face->available_sizes[best].y_ppem) / 64.0f;
    float s = g.size / strike;
    int w = std::max(1, static_cast<int>(std::lround(static_cast<float>(bm.width) * s)));
    int h = std::max(1, static_cast<int>(std::lround(static_cast<float>(bm.rows) * s)));
    out.left = static_cast<int>(std::lround(static_cast<float>(face->glyph->bitmap_left) * s));
    out.top = static_cast<int>(std::lround(static_cast<float>(face->glyph->bitmap_top) * s));
    out.color = bm.pixel_mode == FT_PIXEL_MODE_BGRA;
    pixels = scaledStrike(bm, s, w, h, out.color);
    out.w = w;
    out.h = h;
    return true;
}

// An outline glyph at its size and subpixel offset, rendered by FreeType (a colour
// outline font's layers included). False when FreeType cannot load or render it.
bool TextEngine::rasteriseOutline(const Font& font, const Glyph& g, int subpixel, AtlasGlyph& out,
                                  std::vector<std::uint32_t>& pixels) {
    FT_Face face = font.ft;
    FT_Set_Char_Size(face, 0, static_cast<FT_F26Dot6>(std::lround(g.size * 64.0f)), 72, 72);
    FT_Vector delta{static_cast<FT_Pos>(subpixel * 64 / kSubpixels), 0};
    FT_Set_Transform(face, nullptr, &delta);
    FT_Int32 flags = FT_LOAD_TARGET_LIGHT | FT_LOAD_NO_BITMAP | (font.color ? FT_LOAD_COLOR : 0);
    if (FT_Load_Glyph(face, g.id, flags) != 0 || FT_Render_Glyph(face->glyph, FT_RENDER_MODE_LIGHT) != 0) return false;
    FT_Bitmap& bm = face->glyph->bitmap;
    out.w = static_cast<int>(bm.width);
    out.h = static_cast<int>(bm.rows);
    out.left = face->glyph->bitmap_left;
    out.top = face->glyph->bitmap_top;
    out.color = bm.pixel_mode == FT_PIXEL_MODE_BGRA;
    pixels = straightPixels(bm);
    return true;
}

// The glyph's pixels into an atlas page, with one pixel of clear border around it that
// keeps neighbours from bleeding in. False when no page has room.
bool TextEngine::upload(AtlasGlyph& out, const std::vector<std::uint32_t>& pixels) {
    int w = out.w, h = out.h;
    int page = 0, x = 0, y = 0;
    if (!place(w + 2, h + 2, page, x, y)) return false;
    std::vector<std::uint32_t> padded(static_cast<std::size_t>((w + 2) * (h + 2)), 0);
    for (int row = 0; row < h; ++row)
        std::memcpy(&padded[static_cast<std::size_t>((row + 1) * (w + 2) + 1)],
                    &pixels[static_cast<std::size_t>(row * w)], static_cast<std::size_t>(w) * 4);
    SDL_Rect r{x, y, w + 2, h + 2};
    SDL_UpdateTexture(pages_[static_cast<std::size_t>(page)].texture.get(), &r, padded.data(), (w + 2) * 4);
    out.page = page;
    out.x = x + 1;
    out.y = y + 1;
    return true;
}

void TextEngine::draw(const ui::Pen& pen, std::string_view line, const ui::Font& font, Direction paragraph) {
    const auto [list, pos, color] = pen;
    const auto [px, weight, face] = font;
    if (line.empty() || !list || !renderer_ || ((color >> IM_COL32_A_SHIFT) & 0xFF) == 0) return;
    float q = quantize(px);
    // Lines entirely outside the clip rectangle cost nothing (long lists scroll).
    ImVec2 clipMin = list->GetClipRectMin(), clipMax = list->GetClipRectMax();
    if (pos.y > clipMax.y || pos.y + q * 1.5f < clipMin.y) return;
    const Shaped& shaped = shapedForDrawing(line, q, weight, face, paragraph);
    float base = std::round(pos.y + baseline(chainOf(weight, face), q));
    drawGlyphs(list, ImVec2{pos.x, base}, shaped, color);
}

// The line shaped at size q, from the cache of shaped lines (least recently drawn out
// first), or afresh when caching is off.
const TextEngine::Shaped& TextEngine::shapedForDrawing(std::string_view line, float q, ui::Weight weight, ui::Face face,
                                                       Direction paragraph) {
    const Chain& chain = chainOf(weight, face);
    if (!caching_) {
        uncached_ = shapeLine(line, q, chain, paragraph);
        return uncached_;
    }
    std::string key(line);
    key += '\x1f';
    key += std::to_string(static_cast<int>(q * 4));
    key += weight == ui::Weight::bold ? 'b' : 'r';
    key += face == ui::Face::display ? 'd' : 't';
    key += paragraph == Direction::rtl ? '<' : '>';
    if (auto it = lines_.find(key); it != lines_.end()) {
        ++stats_.lineHits;
        lru_.splice(lru_.begin(), lru_, it->second.lru);
        return it->second.shaped;
    }
    constexpr std::size_t kLines = 2048;
    while (lines_.size() >= kLines && !lru_.empty()) {
        lines_.erase(lru_.back());
        lru_.pop_back();
    }
    lru_.push_front(key);
    auto& entry = lines_[key];
    entry.shaped = shapeLine(line, q, chain, paragraph);
    entry.lru = lru_.begin();
    return entry.shaped;
}

// The glyphs of a shaped line as quads of the atlas pages, the pen at `origin` (x, and
// the baseline's y); a colour glyph keeps its colours and takes the alpha.
void TextEngine::drawGlyphs(ImDrawList* list, ImVec2 origin, const Shaped& shaped, ImU32 color) {
    ImU32 white = (color & (0xFFu << IM_COL32_A_SHIFT)) | (0x00FFFFFFu);
    SDL_Texture* current = nullptr;
    for (const Glyph& g : shaped.glyphs) {
        float gx = origin.x + g.x;
        float whole = std::floor(gx);
        int sub = std::min(kSubpixels - 1, static_cast<int>((gx - whole) * kSubpixels));
        const AtlasGlyph* a = glyph(g, fonts_[g.font]->color ? 0 : sub);
        if (!a || a->w <= 0 || a->page < 0) continue;
        SDL_Texture* tex = pages_[static_cast<std::size_t>(a->page)].texture.get();
        if (tex != current) {
            if (current) list->PopTextureID();
            list->PushTextureID(tex);
            current = tex;
        }
        float s = a->scale;
        float x0 = whole + static_cast<float>(a->left) * s;
        float y0 = origin.y - std::round(g.y) - static_cast<float>(a->top) * s;
        float inv = 1.0f / static_cast<float>(pageSize_);
        list->PrimReserve(6, 4);
        list->PrimRectUV(ImVec2{x0, y0}, ImVec2{x0 + static_cast<float>(a->w) * s, y0 + static_cast<float>(a->h) * s},
                         ImVec2{static_cast<float>(a->x) * inv, static_cast<float>(a->y) * inv},
                         ImVec2{static_cast<float>(a->x + a->w) * inv, static_cast<float>(a->y + a->h) * inv},
                         a->color ? white : color);
    }
    if (current) list->PopTextureID();
}

TextEngine::Stats TextEngine::stats() const {
    Stats s = stats_;
    s.pages = pages_.size();
    s.atlasBytes = pages_.size() * static_cast<std::size_t>(pageSize_) * static_cast<std::size_t>(pageSize_) * 4;
    s.glyphs = glyphs_.size();
    s.lines = lines_.size();
    return s;
}

void TextEngine::endFrame() {
    retired_.clear();
    if (resetAfterFrame_) {
        resetAfterFrame_ = false;
        ++stats_.atlasResets;
        for (Page& p : pages_) retired_.push_back(std::move(p.texture));
        pages_.clear();
        glyphs_.clear();
    }
}

void TextEngine::clear() {
    for (Page& p : pages_) retired_.push_back(std::move(p.texture));
    pages_.clear();
    glyphs_.clear();
    lines_.clear();
    lru_.clear();
    widths_.clear();
}

}  // namespace hallboard::platform
