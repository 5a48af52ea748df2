// See canvas.hpp.
#include "ui/canvas.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>

#include "base/text.hpp"
#include "base/unicode_text.hpp"
#include "ui/text_wrap.hpp"

namespace hallboard::ui {

ImFont* TextFonts::closest(float px) const {
    ImFont* best = nullptr;
    float bestDistance = FLT_MAX;
    for (const auto& [size, font] : sizes) {
        // Prefer a font at least as large: scaling down stays crisp, scaling up blurs.
        float distance = size >= px ? size - px : (px - size) * 3.0f;
        if (distance < bestDistance) {
            bestDistance = distance;
            best = font;
        }
    }
    return best ? best : ImGui::GetFont();
}

namespace {

ImFont* atlasFont(const Canvas& c, float px) {
    return c.fonts ? c.fonts->closest(px) : ImGui::GetFont();
}

// Running text is crisp at the sizes the atlas was built at: a size close to one of
// them (within 12%) becomes that size, for measuring and drawing alike.
float snap(const Canvas& c, Face face, float px) {
    if (c.engine || face != Face::text || !c.fonts) return px;
    for (const auto& [size, font] : c.fonts->sizes)
        if (std::fabs(size - px) <= px * 0.12f) return size;
    return px;
}

void recordRun(Canvas& c, std::string_view line, ImVec2 at, float px, const TextStyle& style) {
    TextRun run;
    run.page = c.record->page;
    run.screen = c.record->screen;
    run.text = std::string(line);
    run.px = px;
    float w = measure(c, line, style.face, px, style.weight);
    run.box = Rect{at, ImVec2{at.x + w, at.y + px}};
    run.clip = c.list ? Rect{c.list->GetClipRectMin(), c.list->GetClipRectMax()} : Rect{ImVec2{0, 0}, c.size};
    run.informative = !style.decoration;
    run.cut = line.size() >= 3 && line.substr(line.size() - 3) == "\xE2\x80\xA6";
    c.record->runs.push_back(std::move(run));
}

}  // namespace

float measure(Canvas& c, std::string_view line, Face face, float px, Weight weight) {
    if (c.engine) return c.engine->measure(line, {px, weight, face});
    ImFont* font = atlasFont(c, px);
    return font->CalcTextSizeA(px, FLT_MAX, 0.0f, line.data(), line.data() + line.size()).x;
}

// The reading floor of this style: pages ask for sizes, the floor is kept here.
float floorOf(const Canvas& c, const TextStyle& style) {
    if (!c.theme) return 0;
    return style.decoration ? c.theme->caption : c.theme->small;
}

TextBlock layout(Canvas& c, std::string_view s, const TextStyle& style, float width, float maxHeight) {
    TextBlock block;
    float floor = floorOf(c, style);
    float px = snap(c, style.face, std::max(style.px, floor));
    float minPx = snap(c, style.face, std::max(style.minPx > 0 ? std::min(style.minPx, style.px) : style.px, floor));
    if (!c.engine && c.fonts && !c.fonts->sizes.empty() && style.face == Face::text)
        minPx = std::max(minPx, c.fonts->sizes.front().first);  // never below the smallest crisp size
    minPx = std::max(minPx, floor);                             // snapping never goes below the floor either
    px = std::max(px, minPx);
    while (true) {
        Measure m = [&](std::string_view line) { return measure(c, line, style.face, px, style.weight); };
        float lineHeight = std::round(px * style.leading);
        // Half a pixel of slack: a caller that measured N lines and placed them at float
        // positions passes N x lineHeight less a rounding error, which must not cut the
        // last line (the announcements page cut every card after the first to one line).
        int heightLines =
            maxHeight < FLT_MAX ? std::max(1, static_cast<int>(std::floor((maxHeight + 0.5f) / lineHeight))) : 0;
        int limit = style.maxLines;
        if (heightLines > 0) limit = limit > 0 ? std::min(limit, heightLines) : heightLines;
        bool canShrink = px > minPx + 0.5f;
        // First try without a limit to see whether the text fits whole at this size.
        Wrapped w = wrapText(s, width, m, canShrink ? 0 : limit);
        bool fits = limit == 0 || static_cast<int>(w.lines.size()) <= limit;
        if (fits || !canShrink) {
            if (!fits) w = wrapText(s, width, m, limit);
            block.lines = std::move(w.lines);
            block.directions = std::move(w.directions);
            block.truncated = w.truncated;
            block.px = px;
            block.lineHeight = lineHeight;
            for (const auto& l : block.lines) block.width = std::max(block.width, m(l));
            block.height = lineHeight * static_cast<float>(block.lines.size());
            return block;
        }
        float next = snap(c, style.face, px * 0.92f);
        if (next >= px - 0.01f) next = px * 0.92f;  // snapping must not undo the step
        px = std::max(minPx, next);
    }
}

TextBlock layoutSentences(Canvas& c, std::string_view s, const TextStyle& style, float width, int maxLines) {
    TextStyle st = style;
    st.maxLines = maxLines;
    TextBlock whole = layout(c, s, st, width);
    if (!whole.truncated) return whole;
    // Sentence ends: ". ", "! ", "? " (an initial like "J. Smith" ends nothing: the
    // next sentence must start with a capital after a lowercase word); the ideographic
    // full stop and full-width marks of CJK ("。", "！", "？"), which need no space; the
    // Arabic question mark and full stop ("؟ ", "۔ ") and the Devanagari danda ("। ").
    std::vector<std::size_t> ends;
    for (std::size_t i = 1; i + 2 < s.size(); ++i)
        if ((s[i] == '.' || s[i] == '!' || s[i] == '?') && s[i + 1] == ' ' &&
            std::isupper(static_cast<unsigned char>(s[i + 2])) && std::islower(static_cast<unsigned char>(s[i - 1])))
            ends.push_back(i + 1);
    for (std::size_t i = 0; i < s.size();) {
        char32_t cp = nextCodepoint(s, i);  // i is now past it
        bool cjk = cp == 0x3002 || cp == 0xFF01 || cp == 0xFF1F;
        bool spaced = cp == 0x061F || cp == 0x06D4 || cp == 0x0964;
        if ((cjk && i < s.size()) || (spaced && i + 1 < s.size() && s[i] == ' ')) ends.push_back(i);
    }
    std::sort(ends.begin(), ends.end());
    TextBlock best = whole;
    for (std::size_t end : ends) {
        TextBlock b = layout(c, s.substr(0, end), st, width);
        if (b.truncated) break;
        best = std::move(b);
    }
    return best;
}

float passage(Canvas& c, std::string_view s, ImU32 color, const TextBox& box, int maxLines) {
    const Theme& t = c.t();
    const ImVec2 pos = box.pos;
    const float width = box.width, height = box.maxHeight;
    TextStyle style{Face::text, t.subtitle, Weight::regular, color};
    auto fits = [&](float px) { return static_cast<int>(height / std::round(px * style.leading)); };
    if (fits(t.subtitle) < kPassageLargeLines) style.px = t.body;
    int lines = std::min(maxLines, fits(style.px));
    if (lines <= 0) return 0;
    TextBlock block = layoutSentences(c, s, style, width, lines);
    // Right-to-left lines end at the passage's right edge, as the heading above them
    // does (an Arabic bio of one line had ended 450 px short of it at 4K).
    drawBlock(c, block, style, {pos, width, FLT_MAX, Align::left});
    return block.height;
}

void drawBlock(Canvas& c, const TextBlock& block, const TextStyle& style, const TextBox& where) {
    const ImVec2 pos = where.pos;
    const Align align = where.align;
    const float boxWidth = where.width;
    ImU32 color = c.col(style.color);
    float y = pos.y;
    for (std::size_t i = 0; i < block.lines.size(); ++i) {
        const std::string& line = block.lines[i];
        Direction dir = i < block.directions.size() ? block.directions[i] : paragraphDirection(line);
        Align a = align;
        float box = boxWidth;
        if (dir == Direction::rtl && a == Align::left) {  // a right-to-left line starts at the right
            a = Align::right;
            if (box <= 0) box = block.width;
        }
        float x = pos.x;
        if (a != Align::left && a != Align::beside && box > 0) {
            float w = measure(c, line, style.face, block.px, style.weight);
            x += a == Align::center ? (box - w) * 0.5f : box - w;
        }
        ImVec2 at{std::round(x), std::round(y + (block.lineHeight - block.px) * 0.5f)};
        if (c.record) recordRun(c, line, at, block.px, style);
        if (c.engine) {
            c.engine->draw({c.list, at, color}, line, {block.px, style.weight, style.face}, dir);
        } else {
            c.list->AddText(atlasFont(c, block.px), block.px, at, color, line.data(), line.data() + line.size());
        }
        y += block.lineHeight;
    }
}

float text(Canvas& c, std::string_view s, const TextStyle& style, const TextBox& box) {
    if (s.empty() || box.width <= 0) return 0;
    TextBlock block = layout(c, s, style, box.width, box.maxHeight);
    drawBlock(c, block, style, box);
    return block.height;
}

void fillRect(Canvas& c, ImVec2 a, ImVec2 b, ImU32 color, float rounding) {
    ImU32 col = c.col(color);
    float r = std::min({rounding, (b.x - a.x) * 0.5f, (b.y - a.y) * 0.5f});
    if (r < 1.0f || ((col >> IM_COL32_A_SHIFT) & 0xFF) != 0xFF) {
        c.list->AddRectFilled(a, b, col, rounding);
        return;
    }
    // An opaque rounded rectangle as three rectangles and four corners. ImGui fills it as
    // one fan: a dozen triangles each about as large as the card, and a software
    // rasteriser tests every pixel of each one's bounds (at 1280x720, most of a frame's
    // CPU while a list scrolls). Rectangles are copies; each corner is ImGui's own
    // smoothed shape clipped to the corner's square, so only that square is tested and
    // the corner looks as before. Whole pixels: SDL truncates a rectangle's corner and
    // size apart, which would leave gaps.
    a = ImVec2{std::round(a.x), std::round(a.y)};
    b = ImVec2{std::round(b.x), std::round(b.y)};
    r = std::ceil(std::min({r, (b.x - a.x) * 0.5f, (b.y - a.y) * 0.5f}));
    float x1 = a.x + r, x2 = b.x - r, y1 = a.y + r, y2 = b.y - r;
    if (y2 > y1) c.list->AddRectFilled(ImVec2{a.x, y1}, ImVec2{b.x, y2}, col);
    if (x2 > x1) {
        c.list->AddRectFilled(ImVec2{x1, a.y}, ImVec2{x2, y1}, col);
        c.list->AddRectFilled(ImVec2{x1, y2}, ImVec2{x2, b.y}, col);
    }
    const ImVec2 squares[4][2] = {{a, {x1, y1}}, {{x2, a.y}, {b.x, y1}}, {{x2, y2}, b}, {{a.x, y2}, {x1, b.y}}};
    // Each square inside the clip already set (a list's), in whole pixels too: SDL
    // truncates the clip's corner and size apart, and a list starting at x 15.4 cut a
    // corner one column short, a dark seam down every button at 800x480.
    ImVec2 outerMin = c.list->GetClipRectMin(), outerMax = c.list->GetClipRectMax();
    for (const auto& square : squares) {
        ImVec2 lo{std::round(std::max(square[0].x, outerMin.x)), std::round(std::max(square[0].y, outerMin.y))};
        ImVec2 hi{std::round(std::min(square[1].x, outerMax.x)), std::round(std::min(square[1].y, outerMax.y))};
        if (hi.x <= lo.x || hi.y <= lo.y) continue;
        c.list->PushClipRect(lo, hi, false);
        c.list->AddRectFilled(a, b, col, r);
        c.list->PopClipRect();
    }
}

float chip(Canvas& c, ImVec2 pos, std::string_view label, ChipColours colours, float px) {
    const ImU32 background = colours.background;
    TextStyle st;
    st.px = px;
    st.color = colours.foreground;
    st.maxLines = 1;
    // Laid out first: the size it is drawn at (snapped to the atlas) decides the width.
    TextBlock block = layout(c, label, st, 1e6f);
    float padX = std::round(block.px * 0.55f), padY = std::round(block.px * kChipPadding);
    ImVec2 b{pos.x + block.width + 2 * padX, pos.y + block.lineHeight + 2 * padY};
    fillRect(c, pos, b, background, (b.y - pos.y) * 0.5f);
    drawBlock(c, block, st, {ImVec2{pos.x + padX, pos.y + padY}});
    return b.x - pos.x;
}

void progressBar(Canvas& c, ImVec2 a, ImVec2 b, float fraction, ImU32 fill) {
    float r = (b.y - a.y) * 0.5f;
    fillRect(c, a, b, c.t().track, r);
    float f = std::clamp(fraction, 0.0f, 1.0f);
    if (f > 0) fillRect(c, a, ImVec2{a.x + std::max((b.x - a.x) * f, 2 * r), b.y}, fill, r);
}

void avatar(Canvas& c, ImVec2 center, float radius, const std::string& photoPath, std::string_view name) {
    if (!photoPath.empty() && c.images) {
        if (auto img = c.images->load(photoPath, ImVec2{2 * radius, 2 * radius})) {
            // Crop the photo to a square around its centre, then clip to a circle.
            float w = static_cast<float>(img->width), h = static_cast<float>(img->height);
            float side = std::min(w, h);
            ImVec2 uv0{(w - side) * 0.5f / w, (h - side) * 0.5f / h};
            ImVec2 uv1{uv0.x + side / w, uv0.y + side / h};
            c.list->AddImageRounded(img->texture, ImVec2{center.x - radius, center.y - radius},
                                    ImVec2{center.x + radius, center.y + radius}, uv0, uv1, c.col(IM_COL32_WHITE),
                                    radius);
            return;
        }
    }
    c.list->AddCircleFilled(center, radius, c.col(c.t().accent), 64);
    std::string letters = initials(name);
    TextStyle st;
    st.face = Face::display;
    st.weight = Weight::bold;
    st.px = radius * 0.8f;
    st.color = c.t().onAccent;
    float w = measure(c, letters, st.face, st.px, st.weight);
    TextBlock block = layout(c, letters, st, w + 2);
    drawBlock(c, block, st, {ImVec2{center.x - w * 0.5f, center.y - block.height * 0.5f}});
}

}  // namespace hallboard::ui
