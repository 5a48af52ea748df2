// Announcements: the banner on every page (the most urgent of the moment, one line) and
// the announcements page of the rotation (each in full, large). From the overrides file,
// inside their time windows (model/announcements.hpp).
#include <algorithm>
#include <cmath>

#include "ui/pages.hpp"

#include "base/text.hpp"

namespace hallboard::ui {

namespace {

std::string untilLine(const KioskView& view, const Announcement& a) {
    if (!a.until) return {};
    return trf(tr("until %s"), dayAndTime(view, *a.until).c_str());
}

// The height a card needs for all it says, within `width`.
float cardHeight(const KioskView& view, const Announcement& a, Canvas& c, float width) {
    const Theme& t = c.t();
    float pad = t.gap * 1.3f;
    float w = width - 2 * pad - 10 * t.unit;
    float h = 2 * pad;
    if (!a.title.empty())
        h += layout(c, a.title, TextStyle{Face::display, t.title, Weight::bold, t.text, 2}, w).height + t.gapXs();
    TextStyle body{Face::text, t.subtitle, Weight::regular, t.text};
    body.leading = 1.25f;
    h += layout(c, a.text, body, w).height;
    if (!untilLine(view, a).empty()) h += t.gapL() + t.lineHeight(t.body);
    return h;
}

void drawCard(const KioskView& view, const Announcement& a, Canvas& c, Rect card) {
    const Theme& t = c.t();
    fillRect(c, card.min, card.max, t.surface, t.radius);
    fillRect(c, card.min, ImVec2{card.min.x + 8 * t.unit + 2, card.max.y}, a.urgent ? t.alert : t.accent, t.radius);
    float pad = t.gap * 1.3f;
    Rect in{ImVec2{card.min.x + pad + 10 * t.unit, card.min.y + pad}, ImVec2{card.max.x - pad, card.max.y - pad}};
    float y = in.min.y;
    std::string until = untilLine(view, a);
    float footer = until.empty() ? 0 : t.lineHeight(t.body) + t.gapXs();
    if (!a.title.empty()) {
        TextStyle title{Face::display, t.title, Weight::bold, a.urgent ? t.alert : t.text, 2};
        y += text(c, a.title, title, {ImVec2{in.min.x, y}, in.w(), in.max.y - y - footer}) + t.gapXs();
    }
    TextStyle body{Face::text, t.subtitle, Weight::regular, t.text};
    body.leading = 1.25f;
    text(c, a.text, body, {ImVec2{in.min.x, y}, in.w(), in.max.y - y - footer});
    if (!until.empty()) {
        TextStyle meta{Face::text, t.body, Weight::regular, t.muted, 1};
        text(c, until, meta, {ImVec2{in.min.x, in.max.y - t.lineHeight(t.body)}, in.w()});
    }
}

}  // namespace

std::string bannerLine(const Announcement& a) {
    // A right-to-left title ("עדכון" before "10:30 Room B") made the whole line right to
    // left and took the text's first number with it: read as "Room B · 10:30 עדכון".
    return a.title.empty() ? a.text : isolate(a.title) + "  ·  " + a.text;
}

namespace {

// The width the banner's words have: the strip less its padding and the "1 / 2" count.
float bannerTextWidth(const KioskView& view, Canvas& c) {
    const Theme& t = c.t();
    float w = contentRect(c).w() - 2 * t.gapL();
    if (view.announcements.size() > 1) {
        std::string of = std::to_string(view.announcements.size()) + " / " + std::to_string(view.announcements.size());
        w -= measure(c, of, Face::text, t.body, Weight::regular) + t.gap;
    }
    return w;
}

// At most two lines on a landscape screen, three on a portrait one (it has the height).
int maxBannerLines(const Theme& t) {
    return t.portrait ? 3 : 2;
}

int bannerLines(const KioskView& view, Canvas& c) {
    const Theme& t = c.t();
    float w = bannerTextWidth(view, c);
    int lines = 1;
    for (const Announcement* a : view.announcements) {
        std::string line = bannerLine(*a);
        if (measure(c, line, Face::text, t.body, Weight::bold) <= w) continue;
        TextStyle style{Face::text, t.body, Weight::bold, t.text, maxBannerLines(t)};
        lines = std::max(lines, static_cast<int>(layout(c, line, style, w).lines.size()));
    }
    return std::clamp(lines, 1, maxBannerLines(t));
}

}  // namespace

float bannerHeight(const KioskView& view, Canvas& c) {
    if (view.announcements.empty()) return 0;
    const Theme& t = c.t();
    return std::round(t.body * kLeading * static_cast<float>(bannerLines(view, c)) + t.gap * 0.9f);
}

void drawBanner(const KioskView& view, Canvas& c) {
    if (view.announcements.empty() || c.banner <= 0) return;
    const Theme& t = c.t();
    // Several at once take turns by the minute, urgent ones first in the turn.
    auto minute = std::chrono::floor<std::chrono::minutes>(view.now).time_since_epoch().count();
    std::size_t n = view.announcements.size();
    auto turn = static_cast<std::size_t>(((minute % static_cast<long long>(n)) + static_cast<long long>(n)) %
                                         static_cast<long long>(n));
    const Announcement& a = *view.announcements[turn];
    Rect content = contentRect(c);
    Rect strip{ImVec2{content.min.x, content.max.y + t.gapM()},
               ImVec2{content.max.x, content.max.y + t.gapM() + c.banner - t.gapM()}};
    fillRect(c, strip.min, strip.max, a.urgent ? t.alert : t.surfaceRaised, t.radius * 0.6f);
    ImU32 ink = a.urgent ? t.onAlert : t.text;
    float pad = t.gapL();
    // A line of text is body x 1.25; as many as the strip was given (bannerHeight).
    int lines = std::max(1, static_cast<int>(std::floor((strip.h() + 1) / t.lineHeight(t.body))));
    lines = std::min(lines, maxBannerLines(t));
    float textH = t.lineHeight(t.body) * static_cast<float>(lines);
    float y = strip.min.y + (strip.h() - textH) * 0.5f;
    float x = strip.min.x + pad;
    float right = strip.max.x - pad;
    if (n > 1) {  // which of how many, at the right
        std::string of = std::to_string(turn + 1) + " / " + std::to_string(n);
        TextStyle count{Face::text, t.body, Weight::regular, a.urgent ? t.onAlert : t.muted, 1};
        float w = measure(c, of, Face::text, t.body, Weight::regular);
        text(c, of, count, {ImVec2{right - w, y}, w + 1});
        right -= w + t.gap;
    }
    TextStyle style{Face::text, t.body, Weight::bold, ink, lines};
    text(c, bannerLine(a), style, {ImVec2{x, y}, right - x});
}

namespace {

// Below the page's heading.
Rect cardsArea(Canvas& c) {
    const Theme& t = c.t();
    Rect area = contentRect(c);
    area.min.y += t.lineHeight(t.small) + t.gapL();
    return area;
}

// The cards of each screen, each as tall as what it says (a few short lines are not a
// wall of empty card, and two short ones share a small screen), as many a screen as fit
// one under the other; one too long for a screen has a screen of its own and is cut.
struct Placed {
    std::size_t announcement;
    float y, h;
};
std::vector<std::vector<Placed>> packScreens(const KioskView& view, Canvas& c) {
    const Theme& t = c.t();
    Rect area = cardsArea(c);
    std::vector<std::vector<Placed>> screens;
    float y = area.max.y;  // full: the first card starts a screen
    for (std::size_t i = 0; i < view.announcements.size(); ++i) {
        float h = std::min(area.h(), cardHeight(view, *view.announcements[i], c, area.w()));
        if (screens.empty() || y + h > area.max.y + 0.5f) {
            screens.emplace_back();
            y = area.min.y;
        }
        screens.back().push_back({i, y, h});
        y += h + t.gap;
    }
    return screens;
}

}  // namespace

int announcementsScreens(const KioskView& view, const PageConfig&, Canvas& c) {
    return static_cast<int>(packScreens(view, c).size());
}

void drawAnnouncements(const KioskView& view, const PageConfig&, int screen, Canvas& c) {
    const Theme& t = c.t();
    Rect area = contentRect(c);
    TextStyle heading{Face::text, t.small, Weight::regular, t.muted, 1};
    text(c, tr("ANNOUNCEMENTS"), heading, {area.min, area.w()});
    auto screens = packScreens(view, c);
    if (screen < 0 || static_cast<std::size_t>(screen) >= screens.size()) return;
    for (const Placed& p : screens[static_cast<std::size_t>(screen)])
        drawCard(view, *view.announcements[p.announcement], c,
                 Rect{ImVec2{area.min.x, p.y}, ImVec2{area.max.x, p.y + p.h}});
}

namespace {

std::string describeAnnouncements(const KioskView& view, const PageConfig& page, int screen, Canvas& c) {
    auto screens = packScreens(view, c);
    std::string out;
    if (screen >= 0 && static_cast<std::size_t>(screen) < screens.size())
        for (const Placed& p : screens[static_cast<std::size_t>(screen)]) {
            if (out.size() >= 200) break;
            const Announcement& a = *view.announcements[p.announcement];
            out += (out.empty() ? "" : " | ") + std::string(a.urgent ? "urgent: " : "") +
                   (a.title.empty() ? a.text : a.title);
        }
    (void)page;
    return out.empty() ? "nothing" : out;
}

}  // namespace

const PageType announcementsPage{announcementsScreens, drawAnnouncements, describeAnnouncements};

}  // namespace hallboard::ui
