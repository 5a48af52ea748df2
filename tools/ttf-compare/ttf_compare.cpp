// Why Hallboard does not set type with SDL2_ttf (docs/architecture.md, "Why not
// SDL2_ttf"): renders the same lines with SDL2_ttf 2.20 (Debian 12's libsdl2-ttf-dev)
// and with Hallboard's text engine (platform/text_engine, drawn headless through Dear
// ImGui's SDL_Renderer backend into a software surface, as `hallboard screenshot` does),
// and compares both with HarfBuzz's own hb-view and hb-shape (libharfbuzz-bin), run on
// each directional run and font of the line: the reference for shaping.
//
//   ttf_compare OUTDIR      (tools/ttf-compare.sh builds and runs it)
//
// For each line it writes OUTDIR/<case>.png (rows: hb-view reference, SDL2_ttf as
// configured at its best, SDL2_ttf's glyphs one codepoint at a time as an ImGui atlas
// would hold them, Hallboard) and prints what it measured:
//   - tofu: characters the one font SDL2_ttf was given lacks (TTF_GlyphIsProvided32),
//     drawn as its .notdef box; glyph id 0 among Hallboard's glyphs;
//   - glyphs: the (font, glyph id) sequence of one hb_shape call over the whole line with
//     SDL2_ttf's font, direction and script (what SDL2_ttf 2.20 does: its pixels are
//     checked against hb-view's picture of that single run below), against the
//     reference's runs set in that one font; Hallboard's glyphs against the reference;
//     counted position by position (a reversed "BERT" is four);
//   - atlas: glyphs of the reference that no character maps to (joining forms,
//     conjuncts, positional variants): TTF_RenderGlyph32_* takes a character, so an
//     atlas filled through SDL2_ttf cannot hold them;
//   - pixels: the column ink profile of each rendering against the reference's, as the
//     share of ink in the wrong place (0 = same profile);
//   - wrapping (the Thai line): where TTF_RenderUTF8_Blended_Wrapped broke (found by
//     matching each line of its picture with the pictures of pieces of the text) and
//     where Hallboard's wrapping (ui::layout) broke, each checked against ICU's UAX #14
//     opportunities and grapheme clusters, at 270 px and at 49 widths from 120 to 600.
// Not part of the kiosk's build or dependencies: -DHALLBOARD_TTF_COMPARE=ON.
#include <SDL.h>
#include <SDL_ttf.h>
#include <hb.h>
#include <imgui.h>
#include <imgui_impl_sdlrenderer.h>
#include <stb/stb_image.h>
#include <stb/stb_image_write.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "base/text.hpp"
#include "base/unicode_text.hpp"
#include "platform/font_catalog.hpp"
#include "platform/text_engine.hpp"
#include "ui/canvas.hpp"

using namespace hallboard;
using json = nlohmann::json;

namespace {

constexpr int kPx = 40;

const char* const kFontDir = "/usr/share/fonts";
std::string font(const char* rel) { return std::string(kFontDir) + "/" + rel; }

struct Case {
    std::string name, text;
    std::string sdlFont;  // the one font SDL2_ttf is given
    TTF_Direction sdlDirection;
    std::string sdlScript;  // ISO 15924, or empty: HarfBuzz guesses from the text
    int wrap = 0;           // wrap width in pixels; 0: one line
};

// A grey picture: coverage 0..255.
struct Gray {
    int w = 0, h = 0;
    std::vector<unsigned char> px;
    Gray() = default;
    Gray(int w_, int h_) : w(w_), h(h_), px(static_cast<std::size_t>(w_) * static_cast<std::size_t>(h_), 0) {}
    unsigned char& at(int x, int y) { return px[static_cast<std::size_t>(y) * static_cast<std::size_t>(w) + static_cast<std::size_t>(x)]; }
    unsigned char at(int x, int y) const { return px[static_cast<std::size_t>(y) * static_cast<std::size_t>(w) + static_cast<std::size_t>(x)]; }
};

// Lays `src` onto `dst` at (x, y), keeping the brighter pixel.
void blit(Gray& dst, const Gray& src, int x, int y) {
    for (int j = 0; j < src.h; ++j)
        for (int i = 0; i < src.w; ++i) {
            int X = x + i, Y = y + j;
            if (X < 0 || Y < 0 || X >= dst.w || Y >= dst.h) continue;
            dst.at(X, Y) = std::max(dst.at(X, Y), src.at(i, j));
        }
}

// Coverage of an SDL surface: its alpha (SDL2_ttf's blended output), or its luminance
// (an opaque picture of white text on black).
Gray fromSurface(SDL_Surface* s, bool alpha) {
    SDL_Surface* c = SDL_ConvertSurfaceFormat(s, SDL_PIXELFORMAT_ABGR8888, 0);
    Gray g(c->w, c->h);
    SDL_LockSurface(c);
    for (int y = 0; y < c->h; ++y) {
        const unsigned char* row = static_cast<const unsigned char*>(c->pixels) + static_cast<std::ptrdiff_t>(y) * c->pitch;
        for (int x = 0; x < c->w; ++x) {
            const unsigned char* p = row + 4 * x;  // R G B A in memory
            g.at(x, y) = alpha ? static_cast<unsigned char>(p[3] * (p[0] + p[1] + p[2]) / (3 * 255))
                               : static_cast<unsigned char>((p[0] + p[1] + p[2]) / 3);
        }
    }
    SDL_UnlockSurface(c);
    SDL_FreeSurface(c);
    return g;
}

Gray readPng(const std::string& path) {
    int w = 0, h = 0, n = 0;
    unsigned char* data = stbi_load(path.c_str(), &w, &h, &n, 3);
    if (!data) return {};
    Gray g(w, h);
    for (int i = 0; i < w * h; ++i)
        g.px[static_cast<std::size_t>(i)] =
            static_cast<unsigned char>((data[3 * i] + data[3 * i + 1] + data[3 * i + 2]) / 3);
    stbi_image_free(data);
    return g;
}

std::string run(const std::string& cmd) {
    std::string out;
    FILE* p = popen(cmd.c_str(), "r");
    if (!p) return out;
    char buf[4096];
    while (std::size_t n = fread(buf, 1, sizeof buf, p)) out.append(buf, n);
    if (pclose(p) != 0) std::cerr << "ttf_compare: failed: " << cmd << "\n";
    return out;
}

std::string quote(const std::string& s) { return "'" + s + "'"; }

struct Tmp {
    std::string dir;
    Tmp() {
        char t[] = "/tmp/ttf-compare-XXXXXX";
        dir = mkdtemp(t);
    }
    ~Tmp() { std::system(("rm -rf " + quote(dir)).c_str()); }
    std::string file(const std::string& name) const { return dir + "/" + name; }
};

const Tmp& tmp() {
    static Tmp t;
    return t;
}

// One piece of the reference: bytes of the line in one font and direction.
struct Piece {
    std::size_t begin, end;
    std::string file;
    int index;
    float size;
    bool rtl;
    bool color = false;
    std::string script = {};  // ISO 15924 for hb-shape and hb-view; empty: they guess
};

std::string hbArgs(const Piece& p, const std::string& text) {
    std::string tf = tmp().file("piece.txt");
    std::ofstream(tf, std::ios::binary) << text;
    return " --font-funcs=ot --face-index=" + std::to_string(p.index) + " --direction=" + (p.rtl ? "rtl" : "ltr") +
           (p.script.empty() ? "" : " --script=" + p.script) +
           " --font-size=" + std::to_string(static_cast<int>(std::lround(p.size))) + " --text-file=" + quote(tf) + " " +
           quote(p.file);
}

struct RefGlyph {
    std::string file;
    unsigned id;
    bool operator==(const RefGlyph& o) const { return file == o.file && id == o.id; }
};

std::vector<RefGlyph> hbShape(const Piece& p, const std::string& text) {
    std::vector<RefGlyph> out;
    std::string s = run("hb-shape --output-format=json --no-glyph-names" + hbArgs(p, text));
    for (const json& g : json::parse(s)) out.push_back({p.file, g["g"].get<unsigned>()});
    return out;
}

Gray hbView(const Piece& p, const std::string& text) {
    std::string png = tmp().file("piece.png");
    run("hb-view --margin=0 --background=000000 --foreground=ffffff -O png -o " + quote(png) + hbArgs(p, text));
    return readPng(png);
}

// The font's ascender at `size` pixels, as hb-view places the baseline.
float ascender(const std::string& file, int index, float size) {
    hb_blob_t* blob = hb_blob_create_from_file(file.c_str());
    hb_face_t* face = hb_face_create(blob, static_cast<unsigned>(index));
    hb_font_t* f = hb_font_create(face);
    hb_font_extents_t e{};
    hb_font_get_h_extents(f, &e);
    float upem = static_cast<float>(hb_face_get_upem(face));
    hb_font_destroy(f);
    hb_face_destroy(face);
    hb_blob_destroy(blob);
    return static_cast<float>(e.ascender) * size / upem;
}

// Glyph ids the font's cmap gives for the characters of `text`: all an atlas filled one
// codepoint at a time can hold.
std::set<unsigned> nominalGlyphs(const std::string& file, int index, std::string_view text) {
    std::set<unsigned> out;
    hb_blob_t* blob = hb_blob_create_from_file(file.c_str());
    hb_face_t* face = hb_face_create(blob, static_cast<unsigned>(index));
    hb_font_t* f = hb_font_create(face);
    for (std::size_t i = 0; i < text.size();) {
        hb_codepoint_t g = 0;
        if (hb_font_get_nominal_glyph(f, nextCodepoint(text, i), &g)) out.insert(g);
    }
    hb_font_destroy(f);
    hb_face_destroy(face);
    hb_blob_destroy(blob);
    return out;
}

bool hasChar(const std::string& file, int index, char32_t c) {
    hb_blob_t* blob = hb_blob_create_from_file(file.c_str());
    hb_face_t* face = hb_face_create(blob, static_cast<unsigned>(index));
    hb_font_t* f = hb_font_create(face);
    hb_codepoint_t g = 0;
    bool has = hb_font_get_nominal_glyph(f, c, &g);
    hb_font_destroy(f);
    hb_face_destroy(face);
    hb_blob_destroy(blob);
    return has;
}

bool neutral(char32_t c) { return c == ' ' || c == ',' || c == '.' || c == ':' || c == '-'; }

// The reference line: UAX #9 runs (FriBidi) in visual order, each cut where the font
// changes (the first of the kiosk's fonts that has every character of the grapheme
// cluster; spaces and punctuation stay with the font before them), each piece shaped
// and drawn by HarfBuzz's own tools at the size the kiosk sets that font at.
struct Reference {
    std::vector<Piece> pieces;
    std::vector<RefGlyph> glyphs;
    Gray picture;
    float baseline = 0;
};

Reference reference(const std::string& text, const std::vector<platform::TextEngine::FontInfo>& fonts) {
    Reference ref;
    std::vector<std::size_t> clusters = graphemeBoundaries(text);
    std::vector<std::size_t> fontOf;  // per cluster
    for (std::size_t k = 0; k + 1 < clusters.size(); ++k) {
        std::vector<char32_t> cps;
        for (std::size_t i = clusters[k]; i < clusters[k + 1];) cps.push_back(nextCodepoint(text, i));
        std::size_t chosen = 0;
        if (cps.size() == 1 && neutral(cps[0]) && !fontOf.empty() && !fonts[fontOf.back()].color &&
            hasChar(fonts[fontOf.back()].file, fonts[fontOf.back()].index, cps[0])) {
            chosen = fontOf.back();
        } else {
            for (std::size_t f = 0; f < fonts.size(); ++f) {
                bool all = true;
                for (char32_t c : cps)
                    if (c != 0x200D && c != 0xFE0F && !hasChar(fonts[f].file, fonts[f].index, c)) all = false;
                if (all) {
                    chosen = f;
                    break;
                }
            }
        }
        fontOf.push_back(chosen);
    }
    for (const BidiRun& r : visualRuns(text, paragraphDirection(text))) {
        std::vector<Piece> pieces;
        for (std::size_t k = 0; k + 1 < clusters.size(); ++k) {
            if (clusters[k] < r.begin || clusters[k] >= r.end) continue;
            const auto& f = fonts[fontOf[k]];
            if (!pieces.empty() && pieces.back().file == f.file && pieces.back().end == clusters[k])
                pieces.back().end = clusters[k + 1];
            else
                pieces.push_back({clusters[k], clusters[k + 1], f.file, f.index, kPx * f.scale, r.rtl(), f.color});
        }
        if (r.rtl()) std::reverse(pieces.begin(), pieces.end());
        for (auto& p : pieces) ref.pieces.push_back(p);
    }
    std::vector<std::pair<Gray, float>> pictures;
    float top = 0, below = 0;
    for (const Piece& p : ref.pieces) {
        std::string t = text.substr(p.begin, p.end - p.begin);
        for (auto& g : hbShape(p, t)) ref.glyphs.push_back(g);
        Gray g = hbView(p, t);
        float asc = ascender(p.file, p.index, p.size);
        top = std::max(top, asc);
        below = std::max(below, static_cast<float>(g.h) - asc);
        pictures.emplace_back(std::move(g), asc);
    }
    int width = 0;
    for (auto& [g, asc] : pictures) width += g.w;
    ref.picture = Gray(std::max(width, 1), static_cast<int>(std::ceil(top + below)) + 1);
    ref.baseline = top;
    int x = 0;
    for (auto& [g, asc] : pictures) {
        blit(ref.picture, g, x, static_cast<int>(std::lround(top - asc)));
        x += g.w;
    }
    return ref;
}

// Glyphs not where the reference has them: position by position when the counts agree
// (a reversed "BERT" is four), else the edit distance.
std::size_t distance(const std::vector<RefGlyph>& a, const std::vector<RefGlyph>& b) {
    if (a.size() == b.size()) {
        std::size_t n = 0;
        for (std::size_t i = 0; i < a.size(); ++i) n += a[i] == b[i] ? 0 : 1;
        return n;
    }
    std::vector<std::size_t> prev(b.size() + 1), cur(b.size() + 1);
    for (std::size_t j = 0; j <= b.size(); ++j) prev[j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i) {
        cur[0] = i;
        for (std::size_t j = 1; j <= b.size(); ++j)
            cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)});
        std::swap(prev, cur);
    }
    return prev[b.size()];
}

// Column ink profile, cropped to the ink.
std::vector<double> profile(const Gray& g) {
    std::vector<double> p(static_cast<std::size_t>(g.w), 0);
    for (int x = 0; x < g.w; ++x)
        for (int y = 0; y < g.h; ++y) p[static_cast<std::size_t>(x)] += g.at(x, y) / 255.0;
    std::size_t a = 0, b = p.size();
    while (a < b && p[a] < 0.05) ++a;
    while (b > a && p[b - 1] < 0.05) --b;
    return std::vector<double>(p.begin() + static_cast<std::ptrdiff_t>(a), p.begin() + static_cast<std::ptrdiff_t>(b));
}

// Share of the reference's ink that the test's column profile puts elsewhere: the test's
// profile stretched to the reference's ink width, scaled to its total ink, and the L1
// difference halved (0: same, 1: disjoint).
double inkMisplaced(const Gray& test, const Gray& ref) {
    auto t = profile(test), r = profile(ref);
    if (t.empty() || r.empty()) return 1;
    double tsum = 0, rsum = 0;
    for (double v : t) tsum += v;
    for (double v : r) rsum += v;
    double diff = 0;
    for (std::size_t x = 0; x < r.size(); ++x) {
        double pos = (static_cast<double>(x) + 0.5) * static_cast<double>(t.size()) / static_cast<double>(r.size()) - 0.5;
        pos = std::clamp(pos, 0.0, static_cast<double>(t.size() - 1));
        std::size_t i = static_cast<std::size_t>(pos);
        double f = pos - static_cast<double>(i);
        double v = t[i] * (1 - f) + (i + 1 < t.size() ? t[i + 1] : t[i]) * f;
        v *= (rsum / tsum) * (static_cast<double>(t.size()) / static_cast<double>(r.size()));
        diff += std::abs(v - r[x]);
    }
    return diff / (2 * rsum);
}

// SDL2_ttf as configured at its best for the line: its one font, the paragraph's
// direction and script, no hinting (as hb-view).
TTF_Font* openSdl(const Case& c, int px) {
    TTF_Font* f = TTF_OpenFont(c.sdlFont.c_str(), px);
    if (!f) return nullptr;
    TTF_SetFontHinting(f, TTF_HINTING_NONE);
    TTF_SetFontDirection(f, c.sdlDirection);
    if (!c.sdlScript.empty()) TTF_SetFontScriptName(f, c.sdlScript.c_str());
    return f;
}

Gray sdlLine(TTF_Font* f, const std::string& text) {
    SDL_Surface* s = TTF_RenderUTF8_Blended(f, text.c_str(), SDL_Color{255, 255, 255, 255});
    if (!s) return Gray(1, 1);
    Gray g = fromSurface(s, true);
    SDL_FreeSurface(s);
    return g;
}

// The route to an ImGui atlas through SDL2_ttf: one picture per codepoint
// (TTF_RenderGlyph32_Blended), set side by side by its advance (TTF_GlyphMetrics32), in
// the line's logical order or reversed for a right-to-left paragraph.
Gray sdlPerCodepoint(TTF_Font* f, const std::string& text, bool rtl) {
    std::vector<char32_t> cps;
    for (std::size_t i = 0; i < text.size();) cps.push_back(nextCodepoint(text, i));
    if (rtl) std::reverse(cps.begin(), cps.end());
    int height = TTF_FontHeight(f);
    int width = 0;
    for (char32_t c : cps) {
        int minx, maxx, miny, maxy, adv = 0;
        if (TTF_GlyphMetrics32(f, c, &minx, &maxx, &miny, &maxy, &adv) == 0) width += adv;
    }
    Gray out(std::max(width, 1) + kPx, height);
    int x = 0;
    for (char32_t c : cps) {
        int minx, maxx, miny, maxy, adv = 0;
        if (TTF_GlyphMetrics32(f, c, &minx, &maxx, &miny, &maxy, &adv) != 0) continue;
        if (SDL_Surface* s = TTF_RenderGlyph32_Blended(f, c, SDL_Color{255, 255, 255, 255})) {
            blit(out, fromSurface(s, true), x, 0);
            SDL_FreeSurface(s);
        }
        x += adv;
    }
    return out;
}

// Hallboard: the text engine drawing into an ImGui draw list, rendered by Dear ImGui's
// SDL_Renderer backend into a software surface.
struct Hallboard {
    SDL_Surface* surface = nullptr;
    SDL_Renderer* renderer = nullptr;
    std::ostringstream log;
    std::unique_ptr<platform::TextEngine> engine;
    int w, h;

    Hallboard(int w_, int h_, const platform::EngineFonts& fonts) : w(w_), h(h_) {
        surface = SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, SDL_PIXELFORMAT_ABGR8888);
        renderer = SDL_CreateSoftwareRenderer(surface);
        ImGui::CreateContext();
        ImGui::GetIO().IniFilename = nullptr;
        ImGui::GetIO().DisplaySize = ImVec2(static_cast<float>(w), static_cast<float>(h));
        ImGui_ImplSDLRenderer_Init(renderer);
        engine = std::make_unique<platform::TextEngine>(renderer, fonts, 16u << 20, log);
    }
    ~Hallboard() {
        engine.reset();
        ImGui_ImplSDLRenderer_Shutdown();
        ImGui::DestroyContext();
        SDL_DestroyRenderer(renderer);
        SDL_FreeSurface(surface);
    }
    // Draws with `draw(list)` and returns the picture.
    template <class F>
    Gray frame(F draw) {
        ImGui_ImplSDLRenderer_NewFrame();
        ImGui::NewFrame();
        draw(ImGui::GetBackgroundDrawList());
        ImGui::Render();
        SDL_SetRenderDrawColor(renderer, 0, 0, 0, 255);
        SDL_RenderClear(renderer);
        ImGui_ImplSDLRenderer_RenderDrawData(ImGui::GetDrawData());
        SDL_RenderFlush(renderer);
        engine->endFrame();
        return fromSurface(surface, false);
    }
};

// Crops a picture to the rows and columns with ink, with a margin.
Gray crop(const Gray& g, int margin = 2) {
    int x0 = g.w, x1 = -1, y0 = g.h, y1 = -1;
    for (int y = 0; y < g.h; ++y)
        for (int x = 0; x < g.w; ++x)
            if (g.at(x, y) > 12) {
                x0 = std::min(x0, x), x1 = std::max(x1, x), y0 = std::min(y0, y), y1 = std::max(y1, y);
            }
    if (x1 < 0) return Gray(1, 1);
    x0 = std::max(0, x0 - margin), y0 = std::max(0, y0 - margin);
    x1 = std::min(g.w - 1, x1 + margin), y1 = std::min(g.h - 1, y1 + margin);
    Gray out(x1 - x0 + 1, y1 - y0 + 1);
    for (int y = y0; y <= y1; ++y)
        for (int x = x0; x <= x1; ++x) out.at(x - x0, y - y0) = g.at(x, y);
    return out;
}

// Where each line of a wrapped SDL2_ttf picture ends, in bytes of the text: for each
// line's band of the wrapped picture, the piece of the text whose own picture
// (TTF_RenderUTF8_Blended) matches it best. SDL2_ttf cuts a line that is wider than the
// width, so the characters past it leave no ink: a line's end is then where the next
// line's best match starts (SDL2_ttf's lines follow each other, spaces aside).
std::vector<std::size_t> sdlBreaks(TTF_Font* f, const std::string& text, const Gray& wrapped) {
    int skip = TTF_FontLineSkip(f);
    int lines = (wrapped.h + skip - 1) / skip;
    auto skipSpaces = [&](std::size_t at) {
        while (at < text.size() && text[at] == ' ') ++at;
        return at;
    };
    auto bandDiff = [&](int line, std::size_t b, std::size_t e) {
        Gray p = sdlLine(f, text.substr(b, e - b));
        double diff = 0;
        for (int y = 0; y < std::min(p.h, skip); ++y)
            for (int x = 0; x < wrapped.w; ++x) {
                int a = (line * skip + y < wrapped.h) ? wrapped.at(x, line * skip + y) : 0;
                int q = x < p.w ? p.at(x, y) : 0;
                diff += std::abs(a - q);
            }
        return diff;
    };
    std::vector<std::size_t> ends;
    std::vector<std::size_t> starts{0};  // where this line may start: the previous line's equally good ends
    for (int line = 0; line < lines; ++line) {
        bool last = line + 1 == lines;
        double best = 1e18;
        std::size_t bestStart = starts.front();
        std::vector<std::pair<std::size_t, std::size_t>> ties;
        for (std::size_t b0 : starts) {
            std::size_t b = skipSpaces(b0);
            for (std::size_t e = b; e < text.size();) {
                nextCodepoint(text, e);
                if (last && e != text.size()) continue;
                double d = bandDiff(line, b, e);
                if (d < best) best = d, ties.clear();
                if (d <= best) ties.emplace_back(b0, e);
            }
        }
        if (ties.empty()) break;
        bestStart = ties.front().first;
        if (line > 0) ends.back() = bestStart;
        ends.push_back(ties.front().second);
        starts.clear();
        for (auto& [b, e] : ties)
            if (b == bestStart) starts.push_back(e);
    }
    if (!ends.empty()) ends.back() = text.size();
    return ends;
}

struct BreakCounts {
    int lines = 0, inside = 0, forced = 0, split = 0, over = 0;
};

// `width` of each line (0: not measured) against `wrap`: lines drawn wider than asked.
// A break inside a word is forced when that word alone is wider than the line
// (`measure`): then any wrapping must cut it, between grapheme clusters at best.
template <class Measure>
BreakCounts countBreaks(const std::string& text, const std::vector<std::size_t>& ends, const std::vector<float>& widths,
                        float wrap, std::ostringstream* show, Measure measure) {
    BreakCounts n;
    std::vector<LineBreak> ok = lineBreaks(text);
    std::vector<std::size_t> clusters = graphemeBoundaries(text);
    std::size_t start = 0;
    for (std::size_t k = 0; k < ends.size(); ++k) {
        std::size_t e = ends[k];
        ++n.lines;
        bool over = k < widths.size() && widths[k] > wrap + 0.5f;
        if (over) ++n.over;
        if (show) {
            *show << "  | " << text.substr(start, e - start);
            if (k < widths.size()) *show << "   (" << std::lround(widths[k]) << " px" << (over ? ", wider than the width: cut" : "") << ")";
            *show << "\n";
        }
        if (e < text.size()) {
            std::size_t at = e;
            while (at < text.size() && text[at] == ' ') ++at;
            bool opportunity = std::any_of(ok.begin(), ok.end(), [&](const LineBreak& b) { return b.at == at || b.at == e; });
            bool cluster = std::find(clusters.begin(), clusters.end(), e) != clusters.end();
            if (!opportunity) {
                ++n.inside;
                std::size_t before = 0, after = text.size();
                for (const LineBreak& b : ok) {
                    if (b.at <= e) before = b.at;
                    if (b.at > e) {
                        after = b.at;
                        break;
                    }
                }
                if (measure(text.substr(before, after - before)) > wrap) ++n.forced;
            }
            if (!cluster) ++n.split;
        }
        start = e;
        while (start < text.size() && text[start] == ' ') ++start;
    }
    if (show)
        *show << "  lines " << n.lines << ", breaks inside a word (not a UAX #14 opportunity) " << n.inside
              << " (" << n.forced << " of them in a word wider than the line), inside a grapheme cluster " << n.split << ", lines wider than the width " << n.over << "\n";
    return n;
}

// One row of the picture: a small label (SDL2_ttf, Latin: safe), then the rendering.
void addRow(std::vector<Gray>& rows, TTF_Font* labelFont, const std::string& label, const Gray& g) {
    SDL_Surface* s = TTF_RenderUTF8_Blended(labelFont, label.c_str(), SDL_Color{160, 160, 160, 255});
    Gray l = fromSurface(s, true);
    SDL_FreeSurface(s);
    Gray c = crop(g, 4);
    Gray row(std::max(l.w, c.w) + 16, l.h + c.h + 10);
    blit(row, l, 8, 2);
    blit(row, c, 8, l.h + 6);
    rows.push_back(std::move(row));
}

bool writeRows(const std::string& path, const std::vector<Gray>& rows) {
    int w = 0, h = 0;
    for (const auto& r : rows) w = std::max(w, r.w), h += r.h + 1;
    Gray out(w, h);
    int y = 0;
    for (const auto& r : rows) {
        blit(out, r, 0, y);
        y += r.h;
        for (int x = 0; x < w; ++x) out.at(x, y) = 70;  // a rule between rows
        y += 1;
    }
    return stbi_write_png(path.c_str(), out.w, out.h, 1, out.px.data(), out.w) != 0;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc != 2) {
        std::cerr << "usage: ttf_compare OUTDIR\n";
        return 2;
    }
    std::string outDir = argv[1];
    const std::vector<Case> cases = {
        // DejaVu Sans: the one installed font with Arabic, Hebrew, Latin letters and digits
        // (Noto Sans Arabic has no Latin, Noto Sans Hebrew no digits), so that only the
        // order of the runs can differ.
        {"arabic-latin", "نموذج BERT للغة العربية", font("truetype/dejavu/DejaVuSans.ttf"), TTF_DIRECTION_RTL, "Arab"},
        {"arabic-latin-defaults", "نموذج BERT للغة العربية", font("truetype/dejavu/DejaVuSans.ttf"), TTF_DIRECTION_LTR, ""},
        {"hebrew-number", "כנס 2026 בתל אביב, אולם 3", font("truetype/dejavu/DejaVuSans.ttf"), TTF_DIRECTION_RTL, "Hebr"},
        {"devanagari", "क्षत्रिय प्रणाली का विश्लेषण", font("truetype/noto/NotoSansDevanagari-Regular.ttf"), TTF_DIRECTION_LTR, "Deva"},
        {"thai-wrap", "การประมวลผลภาษาธรรมชาติสำหรับภาษาไทย", font("truetype/noto/NotoSansThai-Regular.ttf"), TTF_DIRECTION_LTR, "Thai", 270},
        {"latin-cjk-emoji", "Scaling 大模型 Training 🚀 at MLSys", font("opentype/inter/Inter-Regular.otf"), TTF_DIRECTION_LTR, "Latn"},
    };

    if (SDL_Init(0) != 0 || TTF_Init() != 0) {
        std::cerr << "ttf_compare: " << SDL_GetError() << "\n";
        return 1;
    }
    SDL_version v;
    SDL_TTF_VERSION(&v);
    const SDL_version* linked = TTF_Linked_Version();
    int hbMajor = 0, hbMinor = 0, hbPatch = 0;
    TTF_GetHarfBuzzVersion(&hbMajor, &hbMinor, &hbPatch);
    std::cout << "SDL2_ttf " << int(linked->major) << "." << int(linked->minor) << "." << int(linked->patch)
              << " (headers " << int(v.major) << "." << int(v.minor) << "." << int(v.patch) << "), its HarfBuzz "
              << hbMajor << "." << hbMinor << "." << hbPatch << "; hb-view/hb-shape " << hb_version_string() << "\n\n";

    // Hallboard's fonts: the kiosk's default text chain for every character of the lines.
    std::set<char32_t> needed;
    for (const Case& c : cases)
        for (std::size_t i = 0; i < c.text.size();) needed.insert(nextCodepoint(c.text, i));
    platform::FontCatalog catalog;
    platform::FontChain chain = catalog.chain(platform::defaultTextFonts(), false, needed);
    platform::EngineFonts fonts{chain, chain, chain, chain};
    Hallboard hb(1200, 400, fonts);
    auto infos = hb.engine->fonts();
    std::cout << "Hallboard's chain:";
    for (const auto& f : infos) std::cout << " " << f.file.substr(f.file.rfind('/') + 1) << "x" << f.scale;
    std::cout << "\n\n";

    TTF_Font* label = TTF_OpenFont(font("opentype/inter/Inter-Regular.otf").c_str(), 14);
    std::size_t sdlSurfaceBytes = 0;
    int failures = 0;
    for (const Case& c : cases) {
        std::cout << "== " << c.name << ": " << c.text << "\n";
        TTF_Font* f = openSdl(c, kPx);
        if (!f) {
            std::cerr << "ttf_compare: cannot open " << c.sdlFont << ": " << TTF_GetError() << "\n";
            ++failures;
            continue;
        }
        Direction para = paragraphDirection(c.text);
        Reference ref = reference(c.text, infos);
        std::cout << "  reference: " << ref.pieces.size() << " pieces (";
        for (const Piece& p : ref.pieces)
            std::cout << (p.rtl ? "rtl " : "ltr ") << p.file.substr(p.file.rfind('/') + 1) << "@" << std::lround(p.size) << "; ";
        std::cout << ")\n";

        // Tofu.
        int sdlTofu = 0, chars = 0;
        for (std::size_t i = 0; i < c.text.size();) {
            char32_t ch = nextCodepoint(c.text, i);
            ++chars;
            if (!TTF_GlyphIsProvided32(f, ch)) ++sdlTofu;
        }
        auto shaped = hb.engine->shape(c.text, kPx, ui::Weight::regular, ui::Face::text, para);
        int hbTofu = 0;
        std::vector<RefGlyph> ours;
        for (const auto& g : shaped.glyphs) {
            if (g.id == 0) ++hbTofu;
            ours.push_back({infos[g.font].file, g.id});
        }
        int refTofu = static_cast<int>(std::count_if(ref.glyphs.begin(), ref.glyphs.end(), [](const RefGlyph& g) { return g.id == 0; }));
        // Could one font have done? Each of the kiosk's fonts, and DejaVu Sans.
        {
            std::vector<std::string> files;
            for (const auto& fi : infos) files.push_back(fi.file);
            files.push_back(font("truetype/dejavu/DejaVuSans.ttf"));
            std::cout << "  characters missing, per single font:";
            for (const auto& file : files) {
                TTF_Font* one = TTF_OpenFont(file.c_str(), kPx);
                if (!one) continue;
                int missing = 0;
                for (std::size_t i = 0; i < c.text.size();)
                    if (!TTF_GlyphIsProvided32(one, nextCodepoint(c.text, i))) ++missing;
                std::cout << " " << file.substr(file.rfind('/') + 1) << " " << missing << ";";
                TTF_CloseFont(one);
            }
            std::cout << "\n";
        }
        std::cout << "  tofu (.notdef boxes): SDL2_ttf " << sdlTofu << " of " << chars << " characters missing from "
                  << c.sdlFont.substr(c.sdlFont.rfind('/') + 1) << "; Hallboard " << hbTofu << "; reference " << refTofu << "\n";

        // Glyphs: one hb_shape over the line in SDL2_ttf's font and direction.
        // Unset, SDL2_ttf 2.20 hands HarfBuzz HB_SCRIPT_UNKNOWN (Zzzz), which HarfBuzz
        // does not guess over: its pictures match hb-view's with --script=Zzzz, not
        // those with the script guessed (Arabic then joins).
        Piece single{0, c.text.size(), c.sdlFont, 0, static_cast<float>(kPx), c.sdlDirection == TTF_DIRECTION_RTL,
                     false, c.sdlScript.empty() ? std::string("Zzzz") : c.sdlScript};
        std::vector<RefGlyph> sdlGlyphs = hbShape(single, c.text);
        Gray singleView = hbView(single, c.text);
        // The same reference in SDL2_ttf's one font: only the order of runs can differ.
        platform::TextEngine::FontInfo sdlInfo;
        sdlInfo.file = c.sdlFont;
        Reference refSdl = reference(c.text, {sdlInfo});
        std::cout << "  glyphs not where hb-shape puts them: SDL2_ttf " << distance(sdlGlyphs, refSdl.glyphs)
                  << " of " << refSdl.glyphs.size() << " (the reference set in its one font), Hallboard "
                  << distance(ours, ref.glyphs) << " of " << ref.glyphs.size() << "\n";
        if (std::getenv("TTF_COMPARE_VERBOSE")) {
            auto dump = [](const char* what, const std::vector<RefGlyph>& gs) {
                std::cout << "    " << what << ":";
                for (const auto& g : gs) std::cout << " " << g.file.substr(g.file.rfind('/') + 1, 6) << ":" << g.id;
                std::cout << "\n";
            };
            dump("reference", ref.glyphs);
            dump("hallboard", ours);
            dump("ref (sdl font)", refSdl.glyphs);
            dump("sdl2_ttf", sdlGlyphs);
        }

        // The atlas route.
        std::size_t unreachable = 0;
        {
            std::map<std::pair<std::string, int>, std::set<unsigned>> nominal;
            for (const Piece& p : ref.pieces) {
                auto& s = nominal[{p.file, p.index}];
                auto more = nominalGlyphs(p.file, p.index, c.text);
                s.insert(more.begin(), more.end());
            }
            for (const RefGlyph& g : ref.glyphs) {
                bool found = false;
                for (auto& [key, set] : nominal)
                    if (key.first == g.file && set.count(g.id)) found = true;
                if (!found) ++unreachable;
            }
        }
        std::cout << "  atlas: " << unreachable << " of the reference's " << ref.glyphs.size()
                  << " glyphs are no character's own glyph (joining forms, conjuncts, ligatures): TTF_RenderGlyph32_* takes a character and cannot render them\n";

        // Pixels.
        Gray sdl = sdlLine(f, c.text);
        sdlSurfaceBytes += static_cast<std::size_t>(sdl.w) * static_cast<std::size_t>(sdl.h) * 4;
        Gray perCp = sdlPerCodepoint(f, c.text, c.sdlDirection == TTF_DIRECTION_RTL);
        Gray ourLine = hb.frame([&](ImDrawList* list) {
            hb.engine->draw(list, ImVec2(8, 8), c.text, kPx, ui::Weight::regular, ui::Face::text, para, IM_COL32_WHITE);
        });
        bool colour = std::any_of(ref.pieces.begin(), ref.pieces.end(), [](const Piece& p) { return p.color; });
        std::printf("  ink misplaced (column profile; 0: same): SDL2_ttf %.2f and per codepoint %.2f against the reference "
                    "in its font, %.2f against hb-view of its one run; Hallboard ",
                    inkMisplaced(sdl, refSdl.picture), inkMisplaced(perCp, refSdl.picture), inkMisplaced(sdl, singleView));
        if (colour)
            std::printf("n/a (hb-view %s draws no colour bitmap glyph: the reference has a blank there)\n", hb_version_string());
        else
            std::printf("%.2f against the reference\n", inkMisplaced(ourLine, ref.picture));

        std::vector<Gray> rows;
        addRow(rows, label, "hb-view, each bidi run and font shaped on its own (reference)", ref.picture);
        std::string setting = c.sdlScript.empty() ? std::string("direction and script as they come (left to right, script Zzzz)")
                                                  : std::string(c.sdlDirection == TTF_DIRECTION_RTL ? "right to left" : "left to right") +
                                                        ", script " + c.sdlScript;
        std::string fontName = c.sdlFont.substr(c.sdlFont.rfind('/') + 1);
        addRow(rows, label, "SDL2_ttf 2.20: TTF_RenderUTF8_Blended, " + fontName + ", " + setting, sdl);
        addRow(rows, label, "SDL2_ttf 2.20: TTF_RenderGlyph32_Blended per codepoint (how an atlas would be filled)", perCp);
        addRow(rows, label, "Hallboard: text engine, glyph atlas, Dear ImGui quads", ourLine);

        if (c.wrap > 0) {
            SDL_Surface* ws = TTF_RenderUTF8_Blended_Wrapped(f, c.text.c_str(), SDL_Color{255, 255, 255, 255},
                                                             static_cast<Uint32>(c.wrap));
            Gray wrapped = fromSurface(ws, true);
            SDL_FreeSurface(ws);
            // Each line's width as SDL2_ttf measures it alone.
            auto sdlWidths = [&](const std::vector<std::size_t>& ends) {
                std::vector<float> w;
                std::size_t start = 0;
                for (std::size_t e : ends) {
                    int lw = 0, lh = 0;
                    TTF_SizeUTF8(f, c.text.substr(start, e - start).c_str(), &lw, &lh);
                    w.push_back(static_cast<float>(lw));
                    start = e;
                }
                return w;
            };
            std::vector<std::size_t> sdlEnds = sdlBreaks(f, c.text, wrapped);
            std::ostringstream show;
            auto sdlMeasure = [&](const std::string& t) {
                int lw = 0, lh = 0;
                TTF_SizeUTF8(f, t.c_str(), &lw, &lh);
                return static_cast<float>(lw);
            };
            auto ourMeasure = [&](const std::string& t) { return hb.engine->measure(t, kPx, ui::Weight::regular, ui::Face::text); };
            countBreaks(c.text, sdlEnds, sdlWidths(sdlEnds), static_cast<float>(c.wrap), &show, sdlMeasure);
            std::cout << "  SDL2_ttf TTF_RenderUTF8_Blended_Wrapped at " << c.wrap << " px:\n" << show.str();

            ui::Canvas canvas;
            canvas.engine = hb.engine.get();
            ui::TextStyle style;
            style.px = kPx;
            ui::TextBlock block;
            Gray ourWrapped = hb.frame([&](ImDrawList* list) {
                canvas.list = list;
                block = ui::layout(canvas, c.text, style, static_cast<float>(c.wrap));
                ui::draw(canvas, block, ImVec2(8, 8), style);
            });
            auto ourBreaks = [&](const ui::TextBlock& b, std::vector<float>& widths) {
                std::vector<std::size_t> ends;
                std::size_t at = 0;
                for (const auto& line : b.lines) {
                    std::size_t found = c.text.find(line, at);
                    at = (found == std::string::npos ? at : found) + line.size();
                    ends.push_back(at);
                    widths.push_back(hb.engine->measure(line, kPx, ui::Weight::regular, ui::Face::text));
                }
                return ends;
            };
            std::vector<float> ourW;
            std::vector<std::size_t> ourEnds = ourBreaks(block, ourW);
            std::ostringstream ourShow;
            countBreaks(c.text, ourEnds, ourW, static_cast<float>(c.wrap), &ourShow, ourMeasure);
            std::cout << "  Hallboard (ui::layout, the kiosk's wrapping) at " << c.wrap << " px:\n" << ourShow.str();

            // Every width from 120 to 600 px in steps of 10: where each breaks.
            BreakCounts sdlAll, ourAll;
            int widths = 0;
            for (int w = 120; w <= 600; w += 10, ++widths) {
                SDL_Surface* s2 = TTF_RenderUTF8_Blended_Wrapped(f, c.text.c_str(), SDL_Color{255, 255, 255, 255}, static_cast<Uint32>(w));
                Gray pic = fromSurface(s2, true);
                SDL_FreeSurface(s2);
                auto e1 = sdlBreaks(f, c.text, pic);
                std::ostringstream detail;
                bool verbose = std::getenv("TTF_COMPARE_VERBOSE") != nullptr;
                BreakCounts a = countBreaks(c.text, e1, sdlWidths(e1), static_cast<float>(w), verbose ? &detail : nullptr, sdlMeasure);
                ui::TextBlock b = ui::layout(canvas, c.text, style, static_cast<float>(w));
                std::vector<float> bw;
                auto e2 = ourBreaks(b, bw);
                BreakCounts o = countBreaks(c.text, e2, bw, static_cast<float>(w), verbose ? &detail : nullptr, ourMeasure);
                if (verbose) std::cout << "  width " << w << ":\n" << detail.str();
                sdlAll.lines += a.lines, sdlAll.inside += a.inside, sdlAll.forced += a.forced, sdlAll.split += a.split, sdlAll.over += a.over;
                ourAll.lines += o.lines, ourAll.inside += o.inside, ourAll.forced += o.forced, ourAll.split += o.split, ourAll.over += o.over;
            }
            std::cout << "  at " << widths << " widths from 120 to 600 px: SDL2_ttf " << sdlAll.lines << " lines, "
                      << sdlAll.inside << " breaks inside a word (" << sdlAll.forced << " in a word wider than the line), "
                      << sdlAll.split << " inside a grapheme cluster, " << sdlAll.over
                      << " lines wider than the width (cut); Hallboard " << ourAll.lines << " lines, " << ourAll.inside
                      << " breaks inside a word (" << ourAll.forced << "), " << ourAll.split << " inside a grapheme cluster, "
                      << ourAll.over << " lines wider than the width\n";
            addRow(rows, label, "SDL2_ttf: TTF_RenderUTF8_Blended_Wrapped, " + std::to_string(c.wrap) + " px", wrapped);
            addRow(rows, label, "Hallboard: ui::layout (UAX #14 through ICU), " + std::to_string(c.wrap) + " px", ourWrapped);
        }
        std::string png = outDir + "/" + c.name + ".png";
        if (!writeRows(png, rows)) {
            std::cerr << "ttf_compare: cannot write " << png << "\n";
            ++failures;
        }
        std::cout << "  wrote " << c.name << ".png\n\n";
        TTF_CloseFont(f);
    }
    auto stats = hb.engine->stats();
    std::cout << "Textures: SDL2_ttf renders each string to a surface of its own: " << cases.size() << " surfaces ("
              << sdlSurfaceBytes / 1024 << " KiB) for these lines, each to become a texture of its own and be rendered "
              << "again when its string changes; Hallboard keeps " << stats.glyphs << " glyphs in " << stats.pages
              << " atlas page(s) (" << stats.atlasBytes / 1024 << " KiB, a fixed 1024x1024 page) that every string "
              << "shares, drawn as quads in Dear ImGui's draw list\n";
    TTF_CloseFont(label);
    TTF_Quit();
    SDL_Quit();
    return failures == 0 ? 0 : 1;
}
