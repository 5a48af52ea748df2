// Colours and sizes of the kiosk, from the configured theme, the screen's size in pixels
// and what the type must be read from (kiosk/legibility.hpp). Sizes are pixels for this
// screen: `body` is the reading floor, every other size is a step above it, and `unit`
// (1 when the body is 30 px, as on a 43-inch 1080p screen read from 3 m) scales spacing.
#pragma once

#include <cmath>

#include <imgui.h>

#include "kiosk/kiosk_config.hpp"
#include "kiosk/legibility.hpp"
#include "model/program.hpp"

namespace hallboard::ui {

// A line of text is this many times its size high; a chip pads its line by this many
// times its size above and below.
inline constexpr float kLeading = 1.25f;
inline constexpr float kChipPadding = 0.22f;

struct Theme {
    ImU32 background, surface, surfaceRaised, text, muted, accent, live, onAccent, pause, track;
    ImU32 alert;                     // changes on the day: cancelled, moved, running late
    ImU32 onAlert = IM_COL32_WHITE;  // text on an alert background (an urgent announcement)
    ImU32 highlight;                 // behind search matches: translucent accent, every text on it still readable
    float unit = 1.0f;
    bool portrait = false;
    float margin = 48, gap = 24, radius = 18;
    // Type sizes in pixels. `small` and `body` are both the reading floor: informative
    // text never goes below it (small text differs by colour and weight, not size).
    // `caption` is for what is not read for information (column heads, small print).
    float caption = 24, small = 30, body = 30, subtitle = 36, title = 47, display = 63, clock = 75;
    ReadingSize reading;  // where the floor came from
    // Touch browsing within reach (kiosk/legibility.hpp: Reach): with `reach`, every control
    // a visitor touches is drawn at the bottom, in the rows reachTop to reachBottom of the
    // screen (a band of no rows when the panel hangs above it: the lowest rows then).
    bool reach = false;
    float reachTop = 0, reachBottom = 0;
    // Large text and high contrast, asked for by a visitor while browsing: every size
    // kLargeText times the reading floor's (the pages laid out again at it, not scaled),
    // and every text colour at least kHighContrast to every ground it is drawn on.
    bool large = false;

    // Derived metrics, the same for every page: a line's height at `px` (as the text
    // layout rounds it), a chip's (its line and its padding), and the gap's steps,
    // smallest first (between the lines of one item, inside a card, between blocks).
    float lineHeight(float px) const { return std::round(px * kLeading); }
    float chipHeight(float px) const { return lineHeight(px) + 2 * std::round(px * kChipPadding); }
    float gapXxs() const { return gap * 0.2f; }
    float gapXs() const { return gap * 0.3f; }
    float gapS() const { return gap * 0.4f; }
    float gapM() const { return gap * 0.5f; }
    float gapL() const { return gap * 0.6f; }
    float gapXl() const { return gap * 0.8f; }
};

inline constexpr double kLargeText = 1.5;
// The control that asks for them, on every browse screen and on the rotation's footer: the
// sign for type size, the same in every language.
inline constexpr const char* kLargeTextLabel = "Aa";
inline constexpr double kHighContrast = 7.0;  // WCAG 2 1.4.6 (AAA)

// What else decides the theme: `reported`, the diagonal the display reports
// (legibility.hpp's reportedDiagonal); `large`, large text and high contrast (a visitor
// asked for them).
struct ThemeAsk {
    std::optional<double> reported;
    bool large = false;
};
Theme makeTheme(const ThemeConfig& config, const Conference& conference, ImVec2 screen, const DisplayConfig& display,
                ThemeAsk ask = {});

// WCAG 2 contrast ratio of two opaque colours, 1 to 21. Text needs 4.5 (AA), other
// things a visitor must see (page dots, progress bars) 3.
double contrastRatio(ImU32 a, ImU32 b);

ImU32 toImU32(const Color& c, float alpha = 1.0f);
ImU32 withAlpha(ImU32 color, float alpha);  // multiplies the colour's alpha
ImU32 mix(ImU32 a, ImU32 b, float t);

}  // namespace hallboard::ui
