// See theme.hpp.
#include "ui/theme.hpp"

#include <algorithm>
#include <cmath>

namespace hallboard::ui {

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
    return channel(IM_COL32_R_SHIFT) | channel(IM_COL32_G_SHIFT) | channel(IM_COL32_B_SHIFT) | channel(IM_COL32_A_SHIFT);
}

Theme makeTheme(const ThemeConfig& config, const Conference& conference, ImVec2 screen, const DisplayConfig& display,
                std::optional<double> reported) {
    Orientation orientation = display.orientation;
    Theme t;
    bool light = config.name == "light";
    // Dark: deep blue-grey with high-contrast text, for hallways and dim rooms.
    // Light: paper white with near-black text, for bright foyers. Both keep text
    // contrast well above WCAG AA at every size used.
    Color background = light ? Color{0xF5, 0xF6, 0xF8} : Color{0x0F, 0x14, 0x1C};
    Color surface = light ? Color{0xFF, 0xFF, 0xFF} : Color{0x1A, 0x22, 0x2E};
    Color raised = light ? Color{0xE8, 0xEC, 0xF2} : Color{0x24, 0x2E, 0x3C};
    Color text = light ? Color{0x12, 0x16, 0x1C} : Color{0xF2, 0xF4, 0xF7};
    Color muted = light ? Color{0x52, 0x5C, 0x6A} : Color{0xA7, 0xB1, 0xBF};
    Color accent = conference.accent.value_or(conference.primary.value_or(light ? Color{0x1F, 0x5F, 0xBF} : Color{0x5B, 0xA4, 0xFF}));
    Color live = light ? Color{0x0B, 0x8A, 0x4B} : Color{0x3D, 0xD6, 0x8C};
    Color pause = light ? Color{0xA8, 0x5A, 0x00} : Color{0xF2, 0xB2, 0x4C};
    t.background = toImU32(config.background.value_or(background));
    t.surface = toImU32(config.surface.value_or(surface));
    t.surfaceRaised = toImU32(raised);
    t.text = toImU32(config.text.value_or(text));
    t.muted = toImU32(config.muted.value_or(muted));
    t.accent = toImU32(config.accent.value_or(accent));
    t.live = toImU32(config.live.value_or(live));
    t.pause = toImU32(pause);
    t.alert = toImU32(light ? Color{0xB4, 0x23, 0x18} : Color{0xFF, 0x7A, 0x6B});
    t.track = toImU32(light ? Color{0xD5, 0xDB, 0xE4} : Color{0x33, 0x3F, 0x50});
    // Text on an accent background: black or white, whichever contrasts more.
    Color a = config.accent.value_or(accent);
    double luminance = 0.2126 * a.r + 0.7152 * a.g + 0.0722 * a.b;
    t.onAccent = luminance > 150 ? IM_COL32(0x0A, 0x0A, 0x0A, 255) : IM_COL32(255, 255, 255, 255);

    t.portrait = orientation == Orientation::portrait ||
                 (orientation == Orientation::automatic && screen.y > screen.x);
    t.reading = readingSize(display, config.scale, static_cast<int>(screen.x), static_cast<int>(screen.y), reported);
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
