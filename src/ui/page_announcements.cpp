// Announcements: the banner on every page (the most urgent of the moment, one line) and
// the announcements page of the rotation (each in full, large). From the overrides file,
// inside their time windows (core/announcements.hpp).
#include <algorithm>
#include <cmath>

#include "ui/pages.hpp"

namespace hallboard::ui {

namespace {

// Cards a screen: as many as hold a title and four lines of text at reading size.
int announcementsPerScreen(Canvas& c) {
    const Theme& t = c.t();
    float card = t.title * 1.25f + 4 * std::round(t.subtitle * 1.25f) + t.gap * 3;
    return std::max(1, static_cast<int>(std::floor((contentRect(c).h() - t.body * 1.6f + t.gap) / (card + t.gap))));
}

std::string untilLine(const KioskView& view, const Announcement& a) {
    if (!a.until) return {};
    return trf(tr("until %s"), dayAndTime(view, *a.until).c_str());
}

void drawCard(const KioskView& view, const Announcement& a, Canvas& c, Rect card) {
    const Theme& t = c.t();
    fillRect(c, card.min, card.max, t.surface, t.radius);
    fillRect(c, card.min, ImVec2{card.min.x + 8 * t.unit + 2, card.max.y}, a.urgent ? t.alert : t.accent, t.radius);
    float pad = t.gap * 1.3f;
    Rect in{ImVec2{card.min.x + pad + 10 * t.unit, card.min.y + pad}, ImVec2{card.max.x - pad, card.max.y - pad}};
    float y = in.min.y;
    std::string until = untilLine(view, a);
    float footer = until.empty() ? 0 : std::round(t.body * 1.25f) + t.gap * 0.3f;
    if (!a.title.empty()) {
        TextStyle title{Face::display, t.title, Weight::bold, a.urgent ? t.alert : t.text, 2};
        y += text(c, a.title, title, ImVec2{in.min.x, y}, in.w(), in.max.y - y - footer) + t.gap * 0.3f;
    }
    TextStyle body{Face::text, t.subtitle, Weight::regular, t.text};
    body.leading = 1.25f;
    text(c, a.text, body, ImVec2{in.min.x, y}, in.w(), in.max.y - y - footer);
    if (!until.empty()) {
        TextStyle meta{Face::text, t.body, Weight::regular, t.muted, 1};
        text(c, until, meta, ImVec2{in.min.x, in.max.y - std::round(t.body * 1.25f)}, in.w());
    }
}

}  // namespace

float bannerHeight(const KioskView& view, const Theme& t) {
    if (view.announcements.empty()) return 0;
    return std::round(t.body * 1.25f + t.gap * 0.9f);
}

void drawBanner(const KioskView& view, Canvas& c) {
    if (view.announcements.empty() || c.banner <= 0) return;
    const Theme& t = c.t();
    // Several at once take turns by the minute, urgent ones first in the turn.
    auto minute = std::chrono::floor<std::chrono::minutes>(view.now).time_since_epoch().count();
    std::size_t n = view.announcements.size();
    const Announcement& a = *view.announcements[static_cast<std::size_t>(((minute % static_cast<long long>(n)) + static_cast<long long>(n)) %
                                                                      static_cast<long long>(n))];
    Rect content = contentRect(c);
    Rect strip{ImVec2{content.min.x, content.max.y + t.gap * 0.5f}, ImVec2{content.max.x, content.max.y + t.gap * 0.5f + c.banner - t.gap * 0.5f}};
    fillRect(c, strip.min, strip.max, a.urgent ? t.alert : t.surfaceRaised, t.radius * 0.6f);
    ImU32 ink = a.urgent ? t.onAlert : t.text;
    float pad = t.gap * 0.6f;
    float y = strip.min.y + (strip.h() - std::round(t.body * 1.25f)) * 0.5f;
    float x = strip.min.x + pad;
    float right = strip.max.x - pad;
    if (n > 1) {  // which of how many, at the right
        std::string of = std::to_string(static_cast<std::size_t>(((minute % static_cast<long long>(n)) + static_cast<long long>(n)) % static_cast<long long>(n)) + 1) +
                         " / " + std::to_string(n);
        TextStyle count{Face::text, t.body, Weight::regular, a.urgent ? t.onAlert : t.muted, 1};
        float w = measure(c, of, Face::text, t.body, Weight::regular);
        text(c, of, count, ImVec2{right - w, y}, w + 1);
        right -= w + t.gap;
    }
    std::string line = a.title.empty() ? a.text : a.title + "  ·  " + a.text;
    TextStyle style{Face::text, t.body, Weight::bold, ink, 1};
    text(c, line, style, ImVec2{x, y}, right - x);
}

int announcementsScreens(const KioskView& view, const PageConfig&, Canvas& c) {
    if (view.announcements.empty()) return 0;
    auto per = static_cast<std::size_t>(announcementsPerScreen(c));
    return static_cast<int>((view.announcements.size() + per - 1) / per);
}

void drawAnnouncements(const KioskView& view, const PageConfig&, int screen, Canvas& c) {
    const Theme& t = c.t();
    Rect area = contentRect(c);
    TextStyle heading{Face::text, t.small, Weight::regular, t.muted, 1};
    area.min.y += text(c, tr("ANNOUNCEMENTS"), heading, area.min, area.w()) + t.gap * 0.6f;
    auto per = static_cast<std::size_t>(announcementsPerScreen(c));
    std::size_t first = static_cast<std::size_t>(std::max(screen, 0)) * per;
    std::size_t count = std::min(per, view.announcements.size() - std::min(first, view.announcements.size()));
    if (count == 0) return;
    // The cards share the height; one alone keeps to the top half rather than a wall of
    // background around a few lines.
    float h = (area.h() - t.gap * static_cast<float>(per - 1)) / static_cast<float>(per);
    for (std::size_t k = 0; k < count; ++k) {
        float y = area.min.y + static_cast<float>(k) * (h + t.gap);
        drawCard(view, *view.announcements[first + k], c, Rect{ImVec2{area.min.x, y}, ImVec2{area.max.x, y + h}});
    }
}

std::string describeAnnouncements(const KioskView& view, const PageConfig& page, int screen, Canvas& c) {
    auto per = static_cast<std::size_t>(announcementsPerScreen(c));
    std::string out;
    for (std::size_t i = static_cast<std::size_t>(std::max(screen, 0)) * per; i < view.announcements.size() && out.size() < 200; ++i) {
        if (i >= (static_cast<std::size_t>(std::max(screen, 0)) + 1) * per) break;
        const Announcement& a = *view.announcements[i];
        out += (out.empty() ? "" : " | ") + std::string(a.urgent ? "urgent: " : "") + (a.title.empty() ? a.text : a.title);
    }
    (void)page;
    return out.empty() ? "nothing" : out;
}

}  // namespace hallboard::ui
