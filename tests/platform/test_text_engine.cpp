// The text engine (platform/text_engine) against HarfBuzz's own hb-shape (Debian's
// libharfbuzz-bin): for reference strings in Arabic, Hebrew, Devanagari, Thai, CJK,
// emoji sequences and mixed-direction lines, the glyphs drawn, their order, clusters and
// positions are what hb-shape gives for the same font, run by run in visual order.
// Also: one visual size across scripts, and caches that make a repeated frame free.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cfloat>
#include <cstdio>
#include <fstream>
#include <sstream>

#include <SDL.h>
#include <imgui.h>
#include <nlohmann/json.hpp>

#include "base/text.hpp"
#include "platform/font_catalog.hpp"
#include "platform/text_engine.hpp"
#include "support.hpp"

using namespace hallboard;
using hallboard::test::TempDir;
using json = nlohmann::json;
using platform::TextEngine;

namespace {

constexpr float kPx = 40;

// Every reference string, so that the chain has a font for each of their characters.
const char* const kStrings[] = {
    "ملخص الجلسة",
    "שלום עולם",
    "हिंदी",
    "क्षत्रिय",
    "प्रणाली",
    "ที่ได้ยิ่งขึ้น",
    "大规模语言模型",
    "日本語のテキスト",
    "한국어 음성 인식",
    "👨‍👩‍👧‍👦",
    "🇩🇪🇯🇵",
    "👍🏽👋🏿",
    "Afternoon 2: ملخص",
    "جلسة GPU رقم 3",
    "Hello",
    "Αθηνά Москва",
};

platform::EngineFonts engineFonts() {
    std::set<char32_t> needed;
    for (const char* s : kStrings) {
        std::string_view v(s);
        for (std::size_t i = 0; i < v.size();) needed.insert(nextCodepoint(v, i));
    }
    platform::FontCatalog catalog;
    platform::FontChain chain = catalog.chain(platform::defaultTextFonts(), false, needed);
    return {chain, chain, chain, chain};
}

TextEngine& engine() {
    static std::ostringstream log;
    static TextEngine e(nullptr, engineFonts(), 8u << 20, log);  // shaping only: no renderer
    return e;
}

struct Ref {
    unsigned g, cl;
    float dx, dy, ax;  // pixels
};

// hb-shape's answer for `text` in the font, at `size` pixels.
std::vector<Ref> hbShape(const TextEngine::FontInfo& font, std::string_view text, bool rtl, const std::string& script,
                         float size, std::size_t clusterBase) {
    static const TempDir dir;
    std::string file = dir.file("text.txt");
    std::ofstream(file, std::ios::binary) << text;
    std::string cmd = "hb-shape --font-funcs=ot --utf8-clusters --output-format=json --no-glyph-names --language=und"
                      " --face-index=" +
                      std::to_string(font.index) + " --direction=" + (rtl ? "rtl" : "ltr") +
                      (script.empty() ? "" : " --script=" + script) + " --text-file='" + file + "' '" + font.file + "'";
    FILE* p = popen(cmd.c_str(), "r");
    REQUIRE(p);
    std::string out;
    char buf[4096];
    while (std::size_t n = fread(buf, 1, sizeof buf, p)) out.append(buf, n);
    REQUIRE(pclose(p) == 0);
    // hb-shape's default size is the font's units per em: positions in font units.
    float upem = font.upem;
    std::vector<Ref> refs;
    for (const json& g : json::parse(out)) {
        float s = size / upem;
        refs.push_back({g["g"].get<unsigned>(), static_cast<unsigned>(g["cl"].get<unsigned>() + clusterBase),
                        g["dx"].get<float>() * s, g["dy"].get<float>() * s, g["ax"].get<float>() * s});
    }
    return refs;
}

struct Piece {
    std::string text;
    std::string font;  // part of the font file's name
    bool rtl;
    std::string script;                  // ISO 15924, as hb-shape takes it
    std::size_t at = std::string::npos;  // its byte offset in the line (npos: where found)
};

// Shapes `line` with the engine and checks it, glyph by glyph, against hb-shape over the
// expected pieces (visual order, left to right).
void checkAgainstHbShape(const std::string& line, const std::vector<Piece>& pieces) {
    INFO(line);
    TextEngine& e = engine();
    TextEngine::Shaped shaped = e.shape(line, kPx, ui::Weight::regular, ui::Face::text, paragraphDirection(line));
    auto fonts = e.fonts();
    std::vector<Ref> expected;
    std::vector<std::string> expectedFont;
    float pen = 0;
    std::vector<float> expectedX;
    for (const Piece& p : pieces) {
        std::size_t base = p.at != std::string::npos ? p.at : line.find(p.text);
        REQUIRE(base != std::string::npos);
        // The font the engine chose for this piece: that of its first glyph there.
        const TextEngine::FontInfo* font = nullptr;
        for (const auto& g : shaped.glyphs)
            if (g.cluster >= base && g.cluster < base + p.text.size()) {
                font = &fonts[g.font];
                break;
            }
        REQUIRE(font);
        INFO("piece \"" << p.text << "\" in " << font->file);
        CHECK(font->file.find(p.font) != std::string::npos);
        for (const Ref& r : hbShape(*font, p.text, p.rtl, p.script, kPx * font->scale, base)) {
            expected.push_back(r);
            expectedX.push_back(pen + r.dx);
            pen += r.ax;
        }
    }
    REQUIRE(shaped.glyphs.size() == expected.size());
    for (std::size_t i = 0; i < expected.size(); ++i) {
        INFO("glyph " << i);
        CHECK(shaped.glyphs[i].id == expected[i].g);
        CHECK(shaped.glyphs[i].cluster == expected[i].cl);
        CHECK(shaped.glyphs[i].x == Approx(expectedX[i]).margin(0.5));
        CHECK(shaped.glyphs[i].y == Approx(expected[i].dy).margin(0.5));
    }
    CHECK(shaped.width == Approx(pen).margin(0.5));
}

std::size_t codepoints(std::string_view s) {
    std::size_t n = 0;
    for (std::size_t i = 0; i < s.size(); ++n) nextCodepoint(s, i);
    return n;
}

}  // namespace

TEST_CASE("Arabic and Hebrew are shaped right to left as hb-shape shapes them") {
    checkAgainstHbShape("ملخص الجلسة", {{"ملخص الجلسة", "NotoSansArabic", true, "Arab"}});
    checkAgainstHbShape("שלום עולם", {{"שלום עולם", "NotoSansHebrew", true, "Hebr"}});
    // Joined forms, not isolated letters: the four letters of ملخص are four different
    // glyphs from their isolated forms, drawn right to left (the last letter leftmost).
    auto s = engine().shape("ملخص", kPx, ui::Weight::regular, ui::Face::text, Direction::rtl);
    REQUIRE(s.glyphs.size() == 4);
    CHECK(s.glyphs.front().cluster > s.glyphs.back().cluster);
}

TEST_CASE("Devanagari is shaped: vowel signs reordered, conjuncts formed, no visible halants") {
    checkAgainstHbShape("हिंदी", {{"हिंदी", "NotoSansDevanagari", false, "Deva"}});
    checkAgainstHbShape("क्षत्रिय", {{"क्षत्रिय", "NotoSansDevanagari", false, "Deva"}});
    checkAgainstHbShape("प्रणाली", {{"प्रणाली", "NotoSansDevanagari", false, "Deva"}});
    // ि is drawn before ह (its glyph comes first, in the cluster of ह).
    auto hindi = engine().shape("हिंदी", kPx, ui::Weight::regular, ui::Face::text, Direction::ltr);
    REQUIRE(hindi.glyphs.size() >= 3);
    CHECK(hindi.glyphs[0].cluster == 0);
    // Conjuncts: fewer glyphs than characters.
    auto k = engine().shape("क्षत्रिय", kPx, ui::Weight::regular, ui::Face::text, Direction::ltr);
    CHECK(k.glyphs.size() < codepoints("क्षत्रिय"));
}

TEST_CASE("Thai tone marks sit above the upper vowels as hb-shape places them") {
    checkAgainstHbShape("ที่ได้ยิ่งขึ้น", {{"ที่ได้ยิ่งขึ้น", "NotoSansThai", false, "Thai"}});
    // ที่: the tone mark (third glyph) is moved over sara ii (raised, or a raised form of
    // it), not drawn where it sits on a consonant alone (ท่).
    auto s = engine().shape("ที่", kPx, ui::Weight::regular, ui::Face::text, Direction::ltr);
    auto alone = engine().shape("ท่", kPx, ui::Weight::regular, ui::Face::text, Direction::ltr);
    REQUIRE(s.glyphs.size() == 3);
    REQUIRE(alone.glyphs.size() == 2);
    CHECK((s.glyphs[2].y > alone.glyphs[1].y || s.glyphs[2].id != alone.glyphs[1].id));
}

TEST_CASE("CJK and Korean are shaped in the CJK font") {
    checkAgainstHbShape("大规模语言模型", {{"大规模语言模型", "NotoSansCJK", false, "Hani"}});
    checkAgainstHbShape("日本語のテキスト", {{"日本語のテキスト", "NotoSansCJK", false, "Hani"}});
    checkAgainstHbShape("한국어 음성 인식", {{"한국어 음성 인식", "NotoSansCJK", false, "Hang"}});
}

TEST_CASE("emoji sequences are one colour glyph each: ZWJ families, flags, skin tones") {
    checkAgainstHbShape("👨‍👩‍👧‍👦", {{"👨‍👩‍👧‍👦", "NotoColorEmoji", false, "Zyyy"}});
    checkAgainstHbShape("🇩🇪🇯🇵", {{"🇩🇪🇯🇵", "NotoColorEmoji", false, "Zyyy"}});
    checkAgainstHbShape("👍🏽👋🏿", {{"👍🏽👋🏿", "NotoColorEmoji", false, "Zyyy"}});
    CHECK(engine()
              .shape("👨‍👩‍👧‍👦", kPx, ui::Weight::regular, ui::Face::text, Direction::ltr)
              .glyphs.size() == 1);
    CHECK(engine().shape("🇩🇪🇯🇵", kPx, ui::Weight::regular, ui::Face::text, Direction::ltr).glyphs.size() == 2);
    CHECK(engine().shape("👍🏽👋🏿", kPx, ui::Weight::regular, ui::Face::text, Direction::ltr).glyphs.size() ==
          2);
}

TEST_CASE("mixed-direction lines: each run shaped as hb-shape shapes it, in visual order") {
    // A left-to-right title with an Arabic word at its end.
    checkAgainstHbShape("Afternoon 2: ملخص",
                        {{"Afternoon 2: ", "Inter", false, "Latn"}, {"ملخص", "NotoSansArabic", true, "Arab"}});
    // An Arabic paragraph with a Latin word and a number: right to left, "3" leftmost,
    // then " رقم ", "GPU", and "جلسة " rightmost.
    // (Spaces stay in the font of the run before them; digits are Inter's.)
    checkAgainstHbShape("جلسة GPU رقم 3", {{"3", "Inter", false, "Arab"},
                                           {"رقم ", "NotoSansArabic", true, "Arab"},
                                           {" ", "Inter", true, "Latn", 12},
                                           {"GPU", "Inter", false, "Latn"},
                                           {"جلسة ", "NotoSansArabic", true, "Arab"}});
}

TEST_CASE("fallback fonts keep one visual size: x-heights matched, emoji a little taller than capitals") {
    auto fonts = engine().fonts();
    REQUIRE(!fonts.empty());
    const auto& primary = fonts[0];
    REQUIRE(primary.xHeight > 0);
    for (const auto& f : fonts) {
        INFO(f.file << " scale " << f.scale);
        if (f.color) {
            CHECK(f.inkHeight * f.scale == Approx(primary.capHeight * 1.3f).epsilon(0.05));
        } else if (f.xHeight > 0 && f.scale > 0.81f && f.scale < 1.24f) {
            CHECK(f.xHeight * f.scale == Approx(primary.xHeight).epsilon(0.02));
        }
    }
}

TEST_CASE("a frame that draws what the last one drew shapes and rasterises nothing") {
    SDL_Surface* surface = SDL_CreateRGBSurfaceWithFormat(0, 640, 200, 32, SDL_PIXELFORMAT_ABGR8888);
    REQUIRE(surface);
    SDL_Renderer* renderer = SDL_CreateSoftwareRenderer(surface);
    REQUIRE(renderer);
    ImGuiContext* ctx = ImGui::CreateContext();
    ImGui::GetIO().DisplaySize = ImVec2{640, 200};
    ImGui::GetIO().IniFilename = nullptr;
    unsigned char* pixels = nullptr;
    int w = 0, h = 0;
    ImGui::GetIO().Fonts->GetTexDataAsRGBA32(&pixels, &w, &h);
    {
        std::ostringstream log;
        TextEngine e(renderer, engineFonts(), 8u << 20, log);
        auto frame = [&] {
            ImGui::NewFrame();
            ImDrawList* list = ImGui::GetBackgroundDrawList();
            float y = 0;
            for (const char* s : kStrings) {
                e.draw({list, ImVec2{0, y}, IM_COL32_WHITE}, s, {24, ui::Weight::regular, ui::Face::text},
                       paragraphDirection(s));
                y += 10;
            }
            ImGui::Render();
            e.endFrame();
        };
        frame();
        auto first = e.stats();
        CHECK(first.shaped == std::size(kStrings));
        CHECK(first.rasterised > 0);
        CHECK(first.pages == 1);
        frame();
        auto second = e.stats();
        CHECK(second.shaped == first.shaped);
        CHECK(second.rasterised == first.rasterised);
        CHECK(second.lineHits == first.lineHits + std::size(kStrings));
        // Without the caches, the same frame shapes every line again.
        e.setCaching(false);
        frame();
        CHECK(e.stats().shaped == second.shaped + std::size(kStrings));
    }
    ImGui::DestroyContext(ctx);
    SDL_DestroyRenderer(renderer);
    SDL_FreeSurface(surface);
}

TEST_CASE("where a part of a line is drawn: a search mark on a right-to-left or mixed line sits on its words") {
    TextEngine& e = engine();
    // "ملخص الجلسة" is right to left: its first word, logically, is drawn at the right.
    std::string rtl = "ملخص الجلسة";
    float width = e.measure(rtl, {kPx, ui::Weight::regular, ui::Face::text});
    auto first =
        e.spans(rtl, 0, std::string("ملخص").size(), {kPx, ui::Weight::regular, ui::Face::text}, Direction::rtl);
    REQUIRE(first.size() == 1);
    CHECK(first[0].first > width * 0.4f);
    CHECK(first[0].second == Approx(width).margin(1));
    auto second = e.spans(rtl, std::string("ملخص ").size(), rtl.size(), {kPx, ui::Weight::regular, ui::Face::text},
                          Direction::rtl);
    REQUIRE(second.size() == 1);
    CHECK(second[0].first == Approx(0).margin(1));
    CHECK(second[0].second < first[0].first);
    // A left-to-right line with an Arabic word at its end: "Afternoon" from the left, the
    // Arabic word after the Latin text.
    std::string mixed = "Afternoon 2: ملخص";
    auto latin = e.spans(mixed, 0, 9, {kPx, ui::Weight::regular, ui::Face::text}, Direction::ltr);
    REQUIRE(latin.size() == 1);
    CHECK(latin[0].first == Approx(0).margin(1));
    auto arabic =
        e.spans(mixed, mixed.find("ملخص"), mixed.size(), {kPx, ui::Weight::regular, ui::Face::text}, Direction::ltr);
    REQUIRE(arabic.size() == 1);
    CHECK(arabic[0].first > latin[0].second);
    // Left to right, the spans are what measuring from the left gives.
    std::string hello = "Hello";
    auto ell = e.spans(hello, 1, 4, {kPx, ui::Weight::regular, ui::Face::text}, Direction::ltr);
    REQUIRE(ell.size() == 1);
    CHECK(ell[0].first == Approx(e.measure("H", {kPx, ui::Weight::regular, ui::Face::text})).margin(0.5));
    CHECK(ell[0].second == Approx(e.measure("Hell", {kPx, ui::Weight::regular, ui::Face::text})).margin(0.5));
}

TEST_CASE("a glyph larger than an atlas page is drawn whole and magnified rather than dropped") {
    SDL_Surface* surface = SDL_CreateRGBSurfaceWithFormat(0, 64, 64, 32, SDL_PIXELFORMAT_ABGR8888);
    REQUIRE(surface);
    SDL_Renderer* renderer = SDL_CreateSoftwareRenderer(surface);
    REQUIRE(renderer);
    ImGuiContext* ctx = ImGui::CreateContext();
    ImGui::GetIO().DisplaySize = ImVec2{4000, 4000};
    ImGui::GetIO().IniFilename = nullptr;
    unsigned char* pixels = nullptr;
    int w = 0, h = 0;
    ImGui::GetIO().Fonts->GetTexDataAsRGBA32(&pixels, &w, &h);
    {
        std::ostringstream log;
        TextEngine e(renderer, engineFonts(), 8u << 20, log);  // 1024-pixel pages
        // A timer's "0" 1600 px high: its ink some 1150 px tall, more than a page.
        for (float px : {400.0f, 1600.0f}) {
            INFO(px << " px");
            ImGui::NewFrame();
            ImDrawList* list = ImGui::GetBackgroundDrawList();
            int before = list->VtxBuffer.Size;
            e.draw({list, ImVec2{0, 0}, IM_COL32_WHITE}, "0", {px, ui::Weight::bold, ui::Face::display},
                   Direction::ltr);
            REQUIRE(list->VtxBuffer.Size == before + 4);  // one quad: the glyph
            float top = FLT_MAX, bottom = -FLT_MAX, left = FLT_MAX, right = -FLT_MAX;
            for (int i = before; i < list->VtxBuffer.Size; ++i) {
                top = std::min(top, list->VtxBuffer[i].pos.y), bottom = std::max(bottom, list->VtxBuffer[i].pos.y);
                left = std::min(left, list->VtxBuffer[i].pos.x), right = std::max(right, list->VtxBuffer[i].pos.x);
            }
            CHECK(bottom - top >= px * 0.65f);
            CHECK(bottom - top <= px * 0.85f);
            CHECK(right - left >= px * 0.45f);
            ImGui::Render();
            e.endFrame();
        }
    }
    ImGui::DestroyContext(ctx);
    SDL_DestroyRenderer(renderer);
    SDL_FreeSurface(surface);
}
