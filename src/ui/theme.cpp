// See theme.hpp.
#include "ui/theme.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>

namespace hallboard::ui {

namespace {

double linear(unsigned channel) {
    double c = channel / 255.0;
    return c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4);
}

double luminance(ImU32 c) {
    return 0.2126 * linear((c >> IM_COL32_R_SHIFT) & 0xFF) + 0.7152 * linear((c >> IM_COL32_G_SHIFT) & 0xFF) +
           0.0722 * linear((c >> IM_COL32_B_SHIFT) & 0xFF);
}

// The colour with its HSL lightness set to `l` (0 black, 1 white), hue and saturation kept.
Color withLightness(const Color& c, double l) {
    double r = c.r / 255.0, g = c.g / 255.0, b = c.b / 255.0;
    double hi = std::max({r, g, b}), lo = std::min({r, g, b});
    double l0 = (hi + lo) / 2, chroma0 = hi - lo;
    // Same hue and saturation: scale the distance from grey by the new chroma.
    double s = chroma0 == 0 ? 0 : chroma0 / (1 - std::fabs(2 * l0 - 1));
    double chroma = (1 - std::fabs(2 * l - 1)) * s;
    auto channel = [&](double v) {
        double grey = l, offset = chroma0 == 0 ? 0 : (v - (hi + lo) / 2) / chroma0 * chroma;
        return static_cast<std::uint8_t>(std::lround(std::clamp(grey + offset, 0.0, 1.0) * 255));
    };
    return Color{channel(r), channel(g), channel(b)};
}

// The smallest change of lightness (darker on light grounds, lighter on dark ones) that
// makes `c` readable as text, at `ratio`, on every one of `grounds`.
Color readableOn(const Color& c, std::initializer_list<ImU32> grounds, bool darken, double ratio = 4.6) {
    auto readable = [&](const Color& x) {
        return std::all_of(grounds.begin(), grounds.end(),
                           [&](ImU32 g) { return contrastRatio(toImU32(x), g) >= ratio; });
    };
    if (readable(c)) return c;
    double hi = std::max({c.r, c.g, c.b}) / 255.0, lo = std::min({c.r, c.g, c.b}) / 255.0;
    double l = (hi + lo) / 2;
    for (int step = 1; step <= 100; ++step) {
        Color x = withLightness(c, std::clamp(darken ? l - step * 0.01 : l + step * 0.01, 0.0, 1.0));
        if (readable(x)) return x;
    }
    return darken ? Color{0, 0, 0} : Color{255, 255, 255};
}

// The strongest accent tint behind search matches (up to 38%) that keeps every text
// colour drawn on it readable, on a row and on a pressed row. None at all for an accent
// close to the text colours: the accent line under a match marks it then.
ImU32 highlightFor(const Theme& t, double ratio) {
    for (int percent = 38; percent > 0; percent -= 2) {
        float alpha = static_cast<float>(percent) / 100.0f;
        bool readable = true;
        for (ImU32 ground : {t.surface, t.surfaceRaised})
            for (ImU32 ink : {t.text, t.muted, t.live})
                readable = readable && contrastRatio(ink, mix(ground, t.accent, alpha)) >= ratio;
        if (readable) return withAlpha(t.accent, alpha);
    }
    return withAlpha(t.accent, 0.0f);
}

// The colours of the configured theme: dark or light, the configuration's own colours
// over them, the accent readable on every ground.
void setColours(Theme& t, const ThemeConfig& config, const Conference& conference) {
    bool light = config.name == "light";
    // Dark: deep blue-grey with high-contrast text, for hallways and dim rooms.
    // Light: paper white with near-black text, for bright foyers. Both keep text
    // contrast well above WCAG AA at every size used.
    Color background = light ? Color{0xF5, 0xF6, 0xF8} : Color{0x0F, 0x14, 0x1C};
    Color surface = light ? Color{0xFF, 0xFF, 0xFF} : Color{0x1A, 0x22, 0x2E};
    Color raised = light ? Color{0xE8, 0xEC, 0xF2} : Color{0x24, 0x2E, 0x3C};
    Color text = light ? Color{0x12, 0x16, 0x1C} : Color{0xF2, 0xF4, 0xF7};
    Color muted = light ? Color{0x52, 0x5C, 0x6A} : Color{0xA7, 0xB1, 0xBF};
    Color accent = conference.accent.value_or(
        conference.primary.value_or(light ? Color{0x1F, 0x5F, 0xBF} : Color{0x5B, 0xA4, 0xFF}));
    // Live and pause are text on every ground and behind the LIVE and NOW chips' text.
    Color live = light ? Color{0x07, 0x75, 0x3F} : Color{0x3D, 0xD6, 0x8C};
    Color pause = light ? Color{0x96, 0x50, 0x00} : Color{0xF2, 0xB2, 0x4C};
    t.background = toImU32(config.background.value_or(background));
    t.surface = toImU32(config.surface.value_or(surface));
    t.surfaceRaised = toImU32(raised);
    t.text = toImU32(config.text.value_or(text));
    t.muted = toImU32(config.muted.value_or(muted));
    // A program's (or the configuration's) accent is its identity, never dropped: too
    // light for the light theme or too dark for the dark one, it is made darker or
    // lighter, same hue, until it reads as text on every ground (WCAG AA).
    Color a = readableOn(config.accent.value_or(accent), {t.background, t.surface, toImU32(raised)}, light);
    t.accent = toImU32(a);
    t.live = toImU32(config.live.value_or(live));
    t.pause = toImU32(pause);
    t.alert = toImU32(light ? Color{0xB4, 0x23, 0x18} : Color{0xFF, 0x7A, 0x6B});
    t.track = toImU32(light ? Color{0xD5, 0xDB, 0xE4} : Color{0x33, 0x3F, 0x50});
}

Color colourOf(ImU32 c) {
    return Color{static_cast<std::uint8_t>((c >> IM_COL32_R_SHIFT) & 0xFF),
                 static_cast<std::uint8_t>((c >> IM_COL32_G_SHIFT) & 0xFF),
                 static_cast<std::uint8_t>((c >> IM_COL32_B_SHIFT) & 0xFF)};
}

// High contrast, asked for by a visitor: black grounds with white text (white grounds with
// black text for the light theme), the configuration's own grounds and inks set aside;
// every text colour keeps its hue and is made lighter (darker) until it reads at
// kHighContrast on every ground.
void setHighContrast(Theme& t, const ThemeConfig& config, const Conference& conference) {
    bool light = config.name == "light";
    ThemeConfig plain;
    plain.name = config.name;
    setColours(t, plain, conference);
    t.background = toImU32(light ? Color{0xFF, 0xFF, 0xFF} : Color{0x00, 0x00, 0x00});
    t.surface = toImU32(light ? Color{0xFF, 0xFF, 0xFF} : Color{0x0A, 0x0A, 0x0A});
    t.surfaceRaised = toImU32(light ? Color{0xEE, 0xEE, 0xEE} : Color{0x1A, 0x1A, 0x1A});
    t.track = toImU32(light ? Color{0xC8, 0xC8, 0xC8} : Color{0x3A, 0x3A, 0x3A});
    t.text = toImU32(light ? Color{0x00, 0x00, 0x00} : Color{0xFF, 0xFF, 0xFF});
    t.muted = toImU32(light ? Color{0x30, 0x30, 0x30} : Color{0xE0, 0xE0, 0xE0});
    for (ImU32* ink : {&t.muted, &t.accent, &t.live, &t.pause, &t.alert})
        *ink =
            toImU32(readableOn(colourOf(*ink), {t.background, t.surface, t.surfaceRaised}, light, kHighContrast + 0.1));
}

}  // namespace

double contrastRatio(ImU32 a, ImU32 b) {
    double x = luminance(a), y = luminance(b);
    return (std::max(x, y) + 0.05) / (std::min(x, y) + 0.05);
}

ImU32 toImU32(const Color& c, float alpha) {
    return IM_COL32(c.r, c.g, c.b, static_cast<int>(std::lround(std::clamp(alpha, 0.0f, 1.0f) * 255.0f)));
}

ImU32 withAlpha(ImU32 color, float alpha) {
    auto a = static_cast<float>((color >> IM_COL32_A_SHIFT) & 0xFF);
    auto scaled = static_cast<ImU32>(std::lround(std::clamp(a * alpha, 0.0f, 255.0f)));
    return (color & ~IM_COL32_A_MASK) | (scaled << IM_COL32_A_SHIFT);
}

ImU32 mix(ImU32 a, ImU32 b, float t) {
    auto channel = [&](int shift) {
        float x = static_cast<float>((a >> shift) & 0xFF), y = static_cast<float>((b >> shift) & 0xFF);
        return static_cast<ImU32>(std::lround(x + (y - x) * t)) << shift;
    };
    return channel(IM_COL32_R_SHIFT) | channel(IM_COL32_G_SHIFT) | channel(IM_COL32_B_SHIFT) |
           channel(IM_COL32_A_SHIFT);
}

Theme makeTheme(const ThemeConfig& config, const Conference& conference, ImVec2 screen, const DisplayConfig& display,
                ThemeAsk ask) {
    const auto [reported, large] = ask;
    Theme t;
    if (large)
        setHighContrast(t, config, conference);
    else
        setColours(t, config, conference);
    // Text on an accent background: black or white, whichever contrasts more.
    ImU32 black = IM_COL32(0x0A, 0x0A, 0x0A, 255), white = IM_COL32(255, 255, 255, 255);
    if (large) black = IM_COL32(0, 0, 0, 255);
    t.onAccent = contrastRatio(black, t.accent) > contrastRatio(white, t.accent) ? black : white;
    t.onAlert = contrastRatio(black, t.alert) > contrastRatio(white, t.alert) ? black : white;
    t.highlight = highlightFor(t, large ? kHighContrast : 4.5);

    Orientation orientation = display.orientation;
    t.portrait = orientation == Orientation::portrait || (orientation == Orientation::automatic && screen.y > screen.x);
    int w = static_cast<int>(screen.x), h = static_cast<int>(screen.y);
    // Large text: the floor itself 1.5 times as large, so every size above it grows too
    // and the pages lay out again at it.
    double scale = std::max(config.scale, 1.0) * (large ? kLargeText : 1.0);
    t.reading = readingSize(display, scale, w, h, reported);
    t.large = large;
    Reach reach = reachOf(display, t.reading.diagonalInches, w, h, t.portrait);
    t.reach = reach.layout;
    t.reachTop = static_cast<float>(reach.band.top);
    t.reachBottom = static_cast<float>(reach.band.bottom);
    float body = t.reading.textPx;
    t.unit = body / 30.0f;
    float u = t.unit;
    // A modular scale over the floor: each step reads as a level of its own from afar.
    auto step = [&](float ratio) { return std::round(body * ratio); };
    t.margin = std::max(std::round(48 * u), 16.0f);
    t.gap = std::max(std::round(24 * u), 10.0f);
    t.radius = std::max(18 * u, 6.0f);
    t.caption = t.reading.anyPx;
    t.small = body;
    t.body = body;
    t.subtitle = step(1.2f);
    t.title = step(1.55f);
    t.display = step(2.1f);
    t.clock = step(2.5f);
    return t;
}

}  // namespace hallboard::ui
