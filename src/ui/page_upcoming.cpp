// Upcoming: the sessions live now and starting in the next hours, as an agenda by time,
// with room, kind, track colour and chairs.
#include <algorithm>
#include <cmath>

#include "ui/pages.hpp"

namespace hallboard::ui {

namespace {

std::vector<Index> items(const KioskView& view, const PageConfig& page) {
    std::vector<Index> rooms = pageRooms(view, page);
    if (rooms.size() == view.p().rooms.size() && page.rooms.empty() && view.rooms.empty()) rooms.clear();  // all
    return view.s().liveOrStartingBefore(view.now, view.now + std::chrono::hours{page.hoursAhead}, rooms);
}

float itemHeight(const Theme& t) { return std::round(t.subtitle * 1.25f * 2 + t.small * 1.5f + t.gap * 1.2f); }

int perScreen(const PageConfig& page, Canvas& c) {
    const Theme& t = c.t();
    Rect area = contentRect(c);
    area.min.y += t.small * 2.0f;  // the page title
    int fit = std::max(1, static_cast<int>(std::floor((area.h() + t.gap * 0.5f) / (itemHeight(t) + t.gap * 0.5f))));
    return page.itemsPerPage > 0 ? std::min(fit, page.itemsPerPage) : fit;
}

}  // namespace

int upcomingScreens(const KioskView& view, const PageConfig& page, Canvas& c) {
    auto list = items(view, page);
    if (list.empty()) return 0;
    int n = perScreen(page, c);
    return static_cast<int>((list.size() + static_cast<std::size_t>(n) - 1) / static_cast<std::size_t>(n));
}

void drawUpcoming(const KioskView& view, const PageConfig& page, int screen, Canvas& c) {
    const Theme& t = c.t();
    const Program& p = view.p();
    auto list = items(view, page);
    Rect area = contentRect(c);
    TextStyle heading{Face::text, t.small, Weight::regular, t.muted, 1};
    std::string title = "COMING UP  ·  THE NEXT " + std::to_string(page.hoursAhead) + " HOURS";
    area.min.y += text(c, title, heading, area.min, area.w()) + t.gap * 0.6f;

    int n = perScreen(page, c);
    std::size_t first = static_cast<std::size_t>(screen * n);
    float itemH = itemHeight(t);
    float y = area.min.y;
    float timeW = measure(c, "00:00", Face::display, t.title, Weight::bold) + t.gap * 1.5f;
    for (std::size_t i = first; i < list.size() && i < first + static_cast<std::size_t>(n); ++i) {
        const Session& s = p.sessions[list[i]];
        bool live = s.time.contains(view.now);
        Rect card{ImVec2{area.min.x, y}, ImVec2{area.max.x, y + itemH}};
        fillRect(c, card.min, card.max, t.surface, t.radius);
        // Track colour as a bar on the left edge.
        ImU32 bar = t.track;
        if (s.track && p.tracks[*s.track].color) bar = toImU32(*p.tracks[*s.track].color);
        else if (isPause(s.kind)) bar = t.pause;
        fillRect(c, card.min, ImVec2{card.min.x + 8 * t.unit + 2, card.max.y}, bar, t.radius);
        float pad = t.gap;
        float x = card.min.x + pad + 10 * t.unit;
        TextStyle time{Face::display, t.title, Weight::bold, live ? t.live : t.text, 1};
        text(c, shortTime(view, s.time.start), time, ImVec2{x, card.min.y + pad * 0.8f}, timeW);
        if (live) chip(c, ImVec2{x, card.min.y + pad * 0.8f + t.title * 1.3f}, "LIVE", t.live, t.background, t.small * 0.9f);
        float mainX = x + timeW;
        float mainW = card.max.x - pad - mainX;
        TextStyle name{Face::display, t.subtitle, Weight::bold, isPause(s.kind) ? t.muted : t.text, 2, t.body};
        float h = text(c, sessionTitle(s), name, ImVec2{mainX, card.min.y + pad * 0.8f}, mainW,
                       itemH - pad * 1.6f - t.small * 1.5f);
        std::string meta = std::string(displayName(s.kind)) + "  ·  " + shortTime(view, s.time.start) + "–" +
                           shortTime(view, s.time.end);
        if (s.room) meta += "  ·  " + p.rooms[*s.room].name;
        if (s.track) meta += "  ·  " + p.tracks[*s.track].name;
        if (!s.talks.empty()) meta += "  ·  " + std::to_string(s.talks.size()) + (s.talks.size() == 1 ? " talk" : " talks");
        if (!s.chairs.empty()) meta += "  ·  " + p.people[s.chairs[0]].name;
        TextStyle metaStyle{Face::text, t.small, Weight::regular, t.muted, 1};
        text(c, meta, metaStyle, ImVec2{mainX, card.min.y + pad * 0.8f + h + t.gap * 0.2f}, mainW);
        y += itemH + t.gap * 0.5f;
    }
}

}  // namespace hallboard::ui
