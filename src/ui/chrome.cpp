// The frame around every page: conference name, date and conference day on the left,
// the clock on the right; page dots and small print at the bottom.
#include <cmath>

#include "ui/browse_screens.hpp"
#include "ui/pages.hpp"

namespace hallboard::ui {

namespace {

std::string dayLine(const KioskView& view) {
    const Conference& c = view.p().conference;
    std::string line = localLongDate(localDay(c.zone, view.now));
    DayStatus day = view.s().dayAt(view.now);
    if (day.phase == Phase::during && day.count > 1)
        line += "  ·  " + trf(tr("Day %d of %d"), static_cast<int>(day.number), static_cast<int>(day.count));
    return line;
}

float headerHeight(const Theme& t) {
    return std::round(t.clock * kLeading + t.margin * 0.9f);
}
float footerHeight(const Theme& t) {
    return std::round(t.small * 2.4f);
}

}  // namespace

Rect contentRect(const Canvas& c) {
    const Theme& t = c.t();
    return Rect{
        ImVec2{c.origin.x + t.margin, c.origin.y + headerHeight(t) + t.gap},
        ImVec2{c.origin.x + c.size.x - t.margin, c.origin.y + c.size.y - footerHeight(t) - t.gapM() - c.banner}};
}

namespace {

// Header: the clock at the right sets its height; the logo, the conference's name and the
// day line at the left.
void drawHeader(const KioskView& view, Canvas& c) {
    const Theme& t = c.t();
    const Program& p = view.p();
    ImVec2 o = c.origin;
    float w = c.size.x;
    float m = t.margin;
    TextStyle clock{Face::display, t.clock, Weight::bold, t.text};
    std::string now = localClock(p.conference.zone, view.now);
    float clockW = measure(c, now, Face::display, t.clock, Weight::bold);
    float top = o.y + m * 0.6f;
    TextBlock clockBlock = layout(c, now, clock, clockW + 4);
    drawBlock(c, clockBlock, clock, {ImVec2{o.x + w - m - clockW, top}});

    float left = o.x + m;
    float nameWidth = w - 2 * m - clockW - t.gap * 2;
    if (!p.conference.logo.empty() && c.images) {
        float lh = t.clock * 1.1f;
        if (auto logo = c.images->load(p.conference.logo, ImVec2{0, lh})) {
            float lw = lh * static_cast<float>(logo->width) / static_cast<float>(std::max(1, logo->height));
            c.list->AddImage(logo->texture, ImVec2{left, top}, ImVec2{left + lw, top + lh}, ImVec2{0, 0}, ImVec2{1, 1},
                             c.col(IM_COL32_WHITE));
            left += lw + t.gap;
            nameWidth -= lw + t.gap;
        }
    }
    TextStyle name{Face::display, t.title, Weight::bold, t.text, 1, t.subtitle};
    float nameH = text(c, p.displayName(), name, {ImVec2{left, top}, nameWidth});
    TextStyle sub{Face::text, t.body, Weight::regular, t.muted, 1, t.small};
    text(c, dayLine(view), sub, {ImVec2{left, top + std::max(nameH, t.title * 1.2f) + t.gapXxs()}, nameWidth});
}

// At the footer's right end, on a screen a visitor touches: "Aa", which opens browsing
// with large text and high contrast. Its target is a thumb wide and high, reaching up
// past the footer when the footer is lower than a thumb. Returns the width it takes.
float largeTextButton(const KioskView& view, Canvas& c, float footerTop, float footerH) {
    if (!view.browse.browser || !view.config->browsing || view.config->wall.active()) return 0;  // signage
    const Theme& t = c.t();
    float thumb = browse_ui::thumb(t);
    float w = thumb * 1.4f, right = c.origin.x + c.size.x - t.margin;
    float chipH = std::min(thumb, footerH - 4 * t.unit), top = footerTop + (footerH - chipH) * 0.5f;
    fillRect(c, ImVec2{right - w, top}, ImVec2{right, top + chipH}, t.surfaceRaised, chipH * 0.5f);
    TextStyle label{Face::display, t.small, Weight::bold, t.text, 1};
    text(c, kLargeTextLabel, label,
         {ImVec2{right - w, top + (chipH - t.small * kLeading) * 0.5f}, w, FLT_MAX, Align::center});
    float targetTop = std::min(top, c.origin.y + c.size.y - thumb);
    touchTarget(c, Rect{ImVec2{right - w, targetTop}, ImVec2{right, targetTop + thumb}},
                browse::Action{browse::Action::Kind::largeText, todayIndex(view)});
    return w + t.gap;
}

// Footer: page dots (which page of the rotation, which screen of it), small print.
void drawFooter(const KioskView& view, Canvas& c, const ChromeInfo& info) {
    const Theme& t = c.t();
    const Program& p = view.p();
    ImVec2 o = c.origin;
    float h = c.size.y;
    float m = t.margin;
    float footerH = footerHeight(t);
    float footerTop = o.y + h - footerH;
    float w = c.size.x - largeTextButton(view, c, footerTop, footerH);  // what the small print has
    float dotR = std::max(4.0f, 7 * t.unit);
    float x = o.x + m + dotR;
    float cy = footerTop + footerH * 0.5f;
    for (std::size_t i = 0; i < info.pages; ++i) {
        // Every dot stands out from the background (3:1, WCAG 1.4.11); the current one
        // is also longer, told from the others by its shape and not by colour alone.
        bool current = i == info.current;
        float longer = current ? dotR * 2.0f : 0.0f;
        fillRect(c, ImVec2{x - dotR, cy - dotR}, ImVec2{x + dotR + longer, cy + dotR}, current ? t.accent : t.muted,
                 dotR);
        x += dotR * 3.2f + longer;
    }
    if (info.screens > 1) {
        std::string of = std::to_string(info.screen + 1) + " / " + std::to_string(info.screens);
        TextStyle small{Face::text, t.small, Weight::regular, t.muted};
        text(c, of, small, {ImVec2{x + dotR, cy - t.small * 0.62f}, w * 0.3f});
    }
    std::string right = view.staffNote.empty() ? p.conference.venue : view.staffNote;
    if (!view.problem.empty()) {
        // For staff, not attendees: small, at the edge, in the caution colour.
        TextStyle small{Face::text, t.small, Weight::regular, t.pause, 1};
        float chipW =
            chip(c, ImVec2{o.x + w * 0.35f, cy - t.small * 0.75f}, "!", {t.pause, t.background}, t.small * 0.9f);
        text(c, view.problem, small,
             {ImVec2{o.x + w * 0.35f + chipW + t.gapS(), cy - t.small * 0.62f}, w * 0.65f - m - chipW - t.gapS()});
    } else if (!right.empty()) {
        TextStyle small{Face::text, t.small, Weight::regular, t.muted, 1};
        text(c, right, small, {ImVec2{o.x + w * 0.45f, cy - t.small * 0.62f}, w * 0.55f - m, FLT_MAX, Align::right});
    }
}

}  // namespace

Rect drawChrome(const KioskView& view, Canvas& c, const ChromeInfo& info) {
    const Theme& t = c.t();
    drawHeader(view, c);
    drawBanner(view, c);
    float headerBottom = c.origin.y + headerHeight(t);
    fillRect(c, ImVec2{c.origin.x + t.margin, headerBottom - 3 * t.unit},
             ImVec2{c.origin.x + c.size.x - t.margin, headerBottom}, t.accent);
    drawFooter(view, c, info);
    return contentRect(c);
}

}  // namespace hallboard::ui
