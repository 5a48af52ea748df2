// Colours and sizes of the kiosk, from the configured theme and the screen size. Sizes
// are in pixels for this screen: `unit` is 1 on a 1080-pixel short side, so a 4K screen
// draws everything twice as large and an 800x480 screen smaller, never below a size
// that stays readable.
#pragma once

#include <imgui.h>

#include "core/kiosk_config.hpp"
#include "core/program.hpp"

namespace hallboard::ui {

struct Theme {
    ImU32 background, surface, surfaceRaised, text, muted, accent, live, onAccent, pause, track;
    ImU32 alert;  // changes on the day: cancelled, moved, running late
    ImU32 highlight;  // behind search matches: translucent accent, every text on it still readable
    float unit = 1.0f;
    bool portrait = false;
    float margin = 48, gap = 24, radius = 18;
    // Type sizes in pixels.
    float small = 22, body = 28, subtitle = 34, title = 44, display = 64, clock = 76;
};

Theme makeTheme(const ThemeConfig& config, const Conference& conference, ImVec2 screen, Orientation orientation);

// WCAG 2 contrast ratio of two opaque colours, 1 to 21. Text needs 4.5 (AA), other
// things a visitor must see (page dots, progress bars) 3.
double contrastRatio(ImU32 a, ImU32 b);

ImU32 toImU32(const Color& c, float alpha = 1.0f);
ImU32 withAlpha(ImU32 color, float alpha);  // multiplies the colour's alpha
ImU32 mix(ImU32 a, ImU32 b, float t);

}  // namespace hallboard::ui
