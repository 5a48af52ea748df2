// Fonts found through fontconfig: every character of a program has a font that has it.
#include <catch2/catch.hpp>

#include "base/text.hpp"
#include "platform/font_catalog.hpp"
#include "platform/kiosk_renderer.hpp"
#include "support.hpp"

using namespace hallboard;

TEST_CASE("the font chain covers Latin, accents, CJK, emoji and symbols") {
    platform::FontCatalog catalog;
    std::set<char32_t> needed;
    std::string text = "Gonçalves Åström Zoë 東京 花子 Ελληνικά Кириллица 🌙 👋 → ✓ …";
    for (std::size_t i = 0; i < text.size();) needed.insert(nextCodepoint(text, i));
    platform::FontChain chain = catalog.chain(platform::defaultTextFonts(), false, needed);
    REQUIRE_FALSE(chain.faces.empty());
    CHECK(chain.faces.front().family.find("Inter") != std::string::npos);
    CHECK(chain.uncovered.empty());
    for (char32_t c : needed) {
        if (c == ' ') continue;
        bool covered = std::any_of(chain.faces.begin(), chain.faces.end(),
                                   [&](const platform::FontFace& f) { return catalog.covers(f, c); });
        INFO("U+" << std::hex << static_cast<unsigned long>(c));
        CHECK(covered);
    }
}

TEST_CASE("fonts a program does not need are not loaded") {
    platform::FontCatalog catalog;
    std::set<char32_t> latin;
    for (char32_t c = 'A'; c <= 'z'; ++c) latin.insert(c);
    platform::FontChain chain = catalog.chain(platform::defaultTextFonts(), false, latin);
    CHECK(chain.faces.size() == 1);  // Inter alone: no CJK font read for a Latin program
}

TEST_CASE("a program's characters are collected for glyph ranges") {
    auto load = test::load(test::programJson("UTC", R"("rooms": [{"id": "r", "name": "Hörsaal 東"}],
        "talks": [{"title": "Grüße 👋", "authors": ["Zoë"]}])"));
    REQUIRE(load.ok());
    auto cps = platform::programCodepoints(*load.program);
    for (char32_t c : {U'ö', U'東', U'ü', U'👋', U'ë', U'…'}) CHECK(cps.count(c) == 1);
}
