// Where a page draws: an ImGui draw list, the page's rectangle, the theme, the text
// engine, and an alpha that fades everything drawn (transitions). Text helpers lay out
// and draw wrapped, shrunk-to-fit, ellipsised text in either face: every string goes
// through the text engine (shaped, in bidi order; a right-to-left paragraph set flush
// right), wrapped at UAX #14 opportunities and cut between grapheme clusters.
#pragma once

#include <cfloat>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <imgui.h>

#include "browse/browser.hpp"
#include "ui/services.hpp"
#include "ui/theme.hpp"

namespace hallboard::ui {

struct Rect {
    ImVec2 min{0, 0}, max{0, 0};
    float w() const { return max.x - min.x; }
    float h() const { return max.y - min.y; }
};

// ImGui fonts (an atlas): the last-resort screen's (kiosk_screen.cpp drawFallback), and
// all text when there is no text engine. One per size the atlas was built at.
struct TextFonts {
    std::vector<std::pair<float, ImFont*>> sizes;  // ascending pixel size
    ImFont* closest(float px) const;
};

// Every text run drawn, for tests and tools (`hallboard screenshot --layout`): what was
// drawn where and how large, and whether it is read for information.
struct TextRun {
    std::string page;  // the page or browse screen being drawn
    int screen = 0;
    std::string text;
    float px = 0;
    Rect box;   // the line's em box: left, top, right (its width), top + px
    Rect clip;  // the clip rectangle it was drawn in
    bool informative = true;
    bool cut = false;  // ends in an ellipsis: shortened to fit
};

// The keyboard focus as drawn (browse screens): the ring's outer edge, its width, and
// the target it surrounds.
struct FocusRing {
    Rect box;
    float width = 0;
    Rect target;
    ImU32 color = 0, inner = 0;  // the ring's two bands, outer and inner
};

struct LayoutRecord {
    std::string page;  // set by whoever draws a page, stamped on each run
    int screen = 0;
    std::vector<TextRun> runs;
    std::optional<FocusRing> focus;  // the last frame's focus ring; none: nothing focused
};

struct Canvas {
    ImDrawList* list = nullptr;
    ImVec2 origin{0, 0};
    ImVec2 size{0, 0};
    float alpha = 1.0f;
    const Theme* theme = nullptr;
    TextEngine* engine = nullptr;  // every string, when set
    Images* images = nullptr;
    const TextFonts* fonts = nullptr;
    // Where touchable things are recorded while drawing (null: not collected).
    std::vector<browse::Target>* targets = nullptr;
    browse::FrameFacts* facts = nullptr;
    LayoutRecord* record = nullptr;  // null: not recorded
    float banner = 0;                // height kept above the footer for the announcement banner (0: none)

    ImU32 col(ImU32 c) const { return withAlpha(c, alpha); }
    const Theme& t() const { return *theme; }
};

// Left is the start of the line: a right-to-left paragraph set Align::left is drawn
// flush right (in the box given, else in the block's width). Center and right stay.
// `left` starts a right-to-left line at the right (a paragraph of its own); `beside`
// never does: a value set after its label ("11:00  <an Arabic talk title>") stays next
// to it, its letters still in their own order.
enum class Align { left, center, right, beside };

struct TextStyle {
    Face face = Face::text;
    float px = 28;
    Weight weight = Weight::regular;
    ImU32 color = IM_COL32_WHITE;
    int maxLines = 0;          // 0: no limit
    float minPx = 0;           // shrink down to this before cutting; 0: never shrink
    float leading = kLeading;  // line height / px
    // Not read for information (a column head, small print): may use the caption floor.
    // Everything else never goes below the theme's reading floor, whatever px says.
    bool decoration = false;
};

struct TextBlock {
    std::vector<std::string> lines;
    std::vector<Direction> directions;  // each line's paragraph direction (empty: from the line)
    float px = 0, lineHeight = 0, width = 0, height = 0;
    bool truncated = false;
};

// Where text goes: from `pos`, `width` wide (for a block already laid out, the width its
// lines are aligned in; 0: its own), at most `maxHeight` high, aligned so.
struct TextBox {
    ImVec2 pos;
    float width = 0;
    float maxHeight = FLT_MAX;
    Align align = Align::left;
};

// A text in its style.
struct Styled {
    const std::string& text;
    const TextStyle& style;
};

// Text set in `style` within `width` (and `maxHeight`): what a label is fitted to.
struct Fit {
    TextStyle style;
    float width = 0;
    float maxHeight = FLT_MAX;
};

float measure(Canvas& c, std::string_view line, Face face, float px, Weight weight);
TextBlock layout(Canvas& c, std::string_view text, const TextStyle& style, float width, float maxHeight = FLT_MAX);
// Draws a block laid out before (its height is the block's; the box's is not read).
void drawBlock(Canvas& c, const TextBlock& block, const TextStyle& style, const TextBox& box);
// Whole sentences from the start of `text`, as many as fit in `maxLines` lines: a bio or
// an abstract on a sign reads as its opening, not as a paragraph cut mid-word. When even
// the first sentence does not fit, it is cut with "…" like any text.
TextBlock layoutSentences(Canvas& c, std::string_view text, const TextStyle& style, float width, int maxLines);
// A passage to be read in passing (a bio, an abstract): its opening sentences, set one
// step larger than body text when the box holds at least kPassageLargeLines lines of
// that, at most `maxLines` lines. Returns the height used.
inline constexpr int kPassageLargeLines = 6;
float passage(Canvas& c, std::string_view text, ImU32 color, const TextBox& box, int maxLines);
// Lays out and draws; returns the height used.
float text(Canvas& c, std::string_view s, const TextStyle& style, const TextBox& box);

void fillRect(Canvas& c, ImVec2 a, ImVec2 b, ImU32 color, float rounding = 0);
// A rounded label: "LIVE", "ORAL SESSION", in `colours.foreground` on `colours.background`.
// Returns its width.
struct ChipColours {
    ImU32 background, foreground;
};
float chip(Canvas& c, ImVec2 pos, std::string_view label, ChipColours colours, float px);
void progressBar(Canvas& c, ImVec2 a, ImVec2 b, float fraction, ImU32 fill);
// A photo or, without one, a circle with initials in the accent colour.
void avatar(Canvas& c, ImVec2 center, float radius, const std::string& photoPath, std::string_view name);

}  // namespace hallboard::ui
