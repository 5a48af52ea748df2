// Contrast of every colour pair the pages and browse screens draw, in both themes, with
// the default accent and with accents a program might bring that are far too light,
// too dark or grey. WCAG 2: text 4.5:1 (AA), indicators a visitor must see 3:1 (1.4.11).
// The luminance is computed here, from the formula, not with the theme's own function.
#include <catch2/catch.hpp>

#include <cmath>
#include <sstream>
#include <string>
#include <vector>

#include "ui/theme.hpp"

using namespace hallboard;

namespace {

double channel(ImU32 c, int shift) {
    double v = static_cast<double>((c >> shift) & 0xFF) / 255.0;
    return v <= 0.04045 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4);
}

double luminance(ImU32 c) {
    return 0.2126 * channel(c, IM_COL32_R_SHIFT) + 0.7152 * channel(c, IM_COL32_G_SHIFT) +
           0.0722 * channel(c, IM_COL32_B_SHIFT);
}

double contrast(ImU32 a, ImU32 b) {
    double x = luminance(a), y = luminance(b);
    return (std::max(x, y) + 0.05) / (std::min(x, y) + 0.05);
}

// A translucent colour as it shows over an opaque one.
ImU32 over(ImU32 top, ImU32 ground) {
    float alpha = static_cast<float>((top >> IM_COL32_A_SHIFT) & 0xFF) / 255.0f;
    return ui::mix(ground, top | IM_COL32_A_MASK, alpha);
}

std::string hex(ImU32 c) {
    std::ostringstream out;
    out << std::hex << ((c >> IM_COL32_R_SHIFT) & 0xFF) << "," << ((c >> IM_COL32_G_SHIFT) & 0xFF) << ","
        << ((c >> IM_COL32_B_SHIFT) & 0xFF);
    return out.str();
}

struct Pair {
    std::string what;
    ImU32 ink, ground;
};

// Text: each colour on each ground it is drawn on (see the TextStyle and chip calls in
// src/ui/). Rows and cards are surface, pressed rows, keys and the search field
// surfaceRaised; chrome and headings sit on the background.
std::vector<Pair> textPairs(const ui::Theme& t) {
    std::vector<Pair> pairs;
    std::pair<const char*, ImU32> grounds[] = {
        {"background", t.background}, {"surface", t.surface}, {"surfaceRaised", t.surfaceRaised}};
    std::pair<const char*, ImU32> inks[] = {{"text", t.text}, {"muted", t.muted}, {"accent", t.accent},
                                            {"live", t.live}, {"pause", t.pause}, {"alert", t.alert}};
    for (auto [groundName, ground] : grounds)
        for (auto [inkName, ink] : inks) pairs.push_back({std::string(inkName) + " on " + groundName, ink, ground});
    pairs.push_back({"LIVE chip: background on live", t.background, t.live});
    pairs.push_back({"NOW and ! chips: background on pause", t.background, t.pause});
    pairs.push_back({"award chips, selected tab, idle notice, initials: onAccent on accent", t.onAccent, t.accent});
    pairs.push_back({"pressed selected button: onAccent", t.onAccent, ui::mix(t.accent, t.text, 0.25f)});
    pairs.push_back({"urgent announcement banner: onAlert on alert", t.onAlert, t.alert});
    pairs.push_back({"pressed button: text", t.text, ui::mix(t.surfaceRaised, t.text, 0.25f)});
    pairs.push_back({"pressed quiet button: text", t.text, ui::mix(t.background, t.text, 0.25f)});
    pairs.push_back({"pressed person chip: text on track", t.text, t.track});
    for (ImU32 row : {t.surface, t.surfaceRaised}) {
        pairs.push_back({"search match: text on highlight", t.text, over(t.highlight, row)});
        pairs.push_back({"search match: muted on highlight", t.muted, over(t.highlight, row)});
        pairs.push_back({"search match: live on highlight", t.live, over(t.highlight, row)});
    }
    return pairs;
}

// Indicators: what tells the visitor where they are or how far a session has got.
std::vector<Pair> indicatorPairs(const ui::Theme& t) {
    return {
        {"current page dot (accent) on background", t.accent, t.background},
        {"other page dots (muted) on background", t.muted, t.background},
        {"progress bar: live against its track", t.live, t.track},
        {"progress bar: pause against its track", t.pause, t.track},
        {"progress bar: live against its card", t.live, t.surface},
        {"progress bar: pause against its card", t.pause, t.surface},
        {"scroll bar: thumb (muted) against its track", t.muted, t.track},
        {"search match underline (accent) on a row", t.accent, t.surface},
        {"focus ring (accent) on a pressed row", t.accent, t.surfaceRaised},
    };
}

}  // namespace

TEST_CASE("every text and indicator colour contrasts enough in both themes, whatever the program's accent") {
    const char* accents[] = {nullptr, "#FFFF00", "#FFFFFF", "#000000", "#777777"};
    for (const char* themeName : {"dark", "light"}) {
        for (const char* accent : accents) {
            ThemeConfig config;
            config.name = themeName;
            Conference conference;
            if (accent) conference.accent = Color::parse(accent);
            ui::Theme t = ui::makeTheme(config, conference, {1920, 1080}, DisplayConfig{});
            INFO(themeName << " theme, accent " << (accent ? accent : "default") << " shown as " << hex(t.accent));
            for (const Pair& p : textPairs(t)) {
                INFO("text: " << p.what << " (" << hex(p.ink) << " on " << hex(p.ground) << ")");
                CHECK(contrast(p.ink, p.ground) >= 4.5);
            }
            for (const Pair& p : indicatorPairs(t)) {
                INFO("indicator: " << p.what << " (" << hex(p.ink) << " on " << hex(p.ground) << ")");
                CHECK(contrast(p.ink, p.ground) >= 3.0);
            }
        }
    }
}

TEST_CASE("high contrast on request: every text colour at least 7:1 on every ground, both themes, any accent (#30.2)") {
    const char* accents[] = {nullptr, "#FFFF00", "#FFFFFF", "#000000", "#777777", "#FF0000"};
    for (const char* themeName : {"dark", "light"}) {
        for (const char* accent : accents) {
            ThemeConfig config;
            config.name = themeName;
            // Colours a venue set for its own look are set aside for high contrast.
            config.muted = Color::parse("#777777");
            config.background = Color::parse("#334455");
            Conference conference;
            if (accent) conference.accent = Color::parse(accent);
            ui::Theme t = ui::makeTheme(config, conference, {1920, 1080}, DisplayConfig{}, {std::nullopt, true});
            INFO(themeName << " theme, accent " << (accent ? accent : "default") << " shown as " << hex(t.accent));
            CHECK(t.large);
            for (const Pair& p : textPairs(t)) {
                INFO("text: " << p.what << " (" << hex(p.ink) << " on " << hex(p.ground) << ")");
                CHECK(contrast(p.ink, p.ground) >= 7.0);
            }
            for (const Pair& p : indicatorPairs(t)) {
                INFO("indicator: " << p.what << " (" << hex(p.ink) << " on " << hex(p.ground) << ")");
                CHECK(contrast(p.ink, p.ground) >= 3.0);
            }
            // The normal theme is what it was: high contrast is only on request.
            ui::Theme normal = ui::makeTheme(config, conference, {1920, 1080}, DisplayConfig{});
            CHECK_FALSE(normal.large);
            CHECK(normal.background == ui::toImU32(*Color::parse("#334455")));
        }
    }
}

TEST_CASE("a program's accent that is too light or too dark keeps its hue, only its lightness changes") {
    ThemeConfig light;
    light.name = "light";
    Conference yellow;
    yellow.accent = Color::parse("#FFFF00");
    ui::Theme t = ui::makeTheme(light, yellow, {1920, 1080}, DisplayConfig{});
    ImU32 a = t.accent;
    unsigned r = (a >> IM_COL32_R_SHIFT) & 0xFF, g = (a >> IM_COL32_G_SHIFT) & 0xFF, b = (a >> IM_COL32_B_SHIFT) & 0xFF;
    CHECK(r == g);  // still yellow: red and green equal, no blue
    CHECK(b == 0);
    CHECK(r < 0xFF);  // darker
    Conference readable;
    readable.accent = Color::parse("#1F5FBF");  // already readable on the light theme: kept as it is
    CHECK(ui::makeTheme(light, readable, {1920, 1080}, DisplayConfig{}).accent == IM_COL32(0x1F, 0x5F, 0xBF, 255));
}
