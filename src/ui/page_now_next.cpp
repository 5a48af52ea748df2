// Now & next: one card per room with what is on (session, the talk inside it, a progress
// bar, time left) and what comes next ("in 12 min"). One room alone becomes a door sign.
// Many rooms are spread over several screens rather than shrunk below reading size.
#include <algorithm>
#include <cmath>

#include "ui/pages.hpp"

namespace hallboard::ui {

namespace {

struct Layout {
    Rect content;
    int perScreen = 1;
    float rowH = 0;
};

// Rows need this much height to stay readable from three metres.
Layout layoutFor(const PageConfig& page, Canvas& c, std::size_t rooms) {
    const Theme& t = c.t();
    Layout l;
    l.content = contentRect(c);
    float minRow = t.portrait ? t.body * 11.5f : t.body * 6.6f;
    int fit = std::max(1, static_cast<int>(std::floor((l.content.h() + t.gap) / (minRow + t.gap))));
    if (page.itemsPerPage > 0) fit = std::min(fit, page.itemsPerPage);
    l.perScreen = std::max(1, std::min(fit, static_cast<int>(rooms)));
    l.rowH = (l.content.h() + t.gap) / static_cast<float>(l.perScreen) - t.gap;
    return l;
}

std::string leftText(const RoomStatus& r) { return formatDuration(r.remaining) + " left"; }

// The "now" half of a card. Returns nothing; draws within `box`.
void drawNow(const KioskView& view, const RoomStatus& r, Canvas& c, Rect box, bool large) {
    const Theme& t = c.t();
    const Program& p = view.p();
    float y = box.min.y;
    float scale = large ? 1.35f : 1.0f;
    if (!r.live) {
        TextStyle quiet{Face::display, t.subtitle * scale, Weight::regular, t.muted, 2};
        text(c, "Nothing on right now", quiet, ImVec2{box.min.x, y}, box.w());
        return;
    }
    const Session& s = p.sessions[*r.live];
    bool pause = isPause(s.kind);
    ImU32 tone = pause ? t.pause : t.live;
    float chipW = chip(c, ImVec2{box.min.x, y}, pause ? "NOW" : "LIVE", tone, t.background, t.small);
    TextStyle kind{Face::text, t.small, Weight::regular, t.muted, 1};
    std::string label = sessionLabel(s) + "  ·  " + shortTime(view, s.time.start) + "–" + shortTime(view, s.time.end);
    text(c, label, kind, ImVec2{box.min.x + chipW + t.gap * 0.6f, y + t.small * 0.2f}, box.w() - chipW - t.gap);
    y += t.small * 1.7f + t.gap * 0.4f;

    float barH = std::max(6.0f, 10 * t.unit * scale);
    float footer = t.small * 1.4f + barH + t.gap * 0.5f;
    float available = box.max.y - y - footer;

    bool hasTalk = r.liveTalk.has_value() && !(s.talks.size() == 1 && p.talks[s.talks[0]].title == s.title);
    TextStyle title{Face::display, t.title * scale, Weight::bold, t.text, hasTalk ? 2 : 3, t.body * scale};
    float titleH = text(c, sessionTitle(s), title, ImVec2{box.min.x, y}, box.w(), available * (hasTalk ? 0.5f : 1.0f));
    y += titleH + t.gap * 0.35f;
    available = box.max.y - y - footer;
    if (r.liveTalk && available > t.body) {
        const Talk& talk = p.talks[*r.liveTalk];
        if (hasTalk) {
            TextStyle talkStyle{Face::text, t.body * scale, Weight::regular, t.text, 2, t.small};
            float h = text(c, headline(talk), talkStyle, ImVec2{box.min.x, y}, box.w(), available);
            y += h + t.gap * 0.15f;
            available -= h;
        }
        std::string who = authorLine(p, talk, 4);
        if (!who.empty() && available > t.small * 1.3f) {
            TextStyle whoStyle{Face::text, t.small * scale, Weight::regular, t.muted, 1};
            text(c, who, whoStyle, ImVec2{box.min.x, y}, box.w());
        }
    }
    // Progress of the session, and time left of the talk (or session).
    float barY = box.max.y - footer + t.gap * 0.5f;
    progressBar(c, ImVec2{box.min.x, barY}, ImVec2{box.max.x, barY + barH}, static_cast<float>(r.elapsed), tone);
    TextStyle small{Face::text, t.small * std::min(scale, 1.2f), Weight::regular, t.muted, 1};
    std::string left = r.liveTalk && hasTalk ? "talk ends in " + formatDuration(r.talkRemaining) + "  ·  session " +
                                                   leftText(r)
                                             : leftText(r);
    text(c, left, small, ImVec2{box.min.x, barY + barH + t.gap * 0.3f}, box.w(), FLT_MAX, Align::right);
}

void drawNext(const KioskView& view, const RoomStatus& r, Canvas& c, Rect box, bool large) {
    const Theme& t = c.t();
    const Program& p = view.p();
    float scale = large ? 1.25f : 1.0f;
    float y = box.min.y;
    TextStyle label{Face::text, t.small * scale, Weight::regular, t.accent, 1};
    std::string head = "NEXT";
    std::optional<Index> nextTalkInSession;
    if (r.nextTalk && r.live) nextTalkInSession = r.nextTalk;
    if (r.next) {
        const Session& n = p.sessions[*r.next];
        head += "  ·  " + dayAndTime(view, n.time.start) + "  ·  " + untilText(r.untilNext);
    } else if (nextTalkInSession) {
        const Talk& nt = p.talks[*nextTalkInSession];
        head += "  ·  " + shortTime(view, nt.slot.start) + "  ·  " + untilText(nt.slot.start - view.now);
    }
    y += text(c, head, label, ImVec2{box.min.x, y}, box.w()) + t.gap * 0.3f;
    float available = box.max.y - y;
    if (r.next) {
        const Session& n = p.sessions[*r.next];
        TextStyle title{Face::display, t.subtitle * scale, Weight::bold, t.text, 3, t.body * scale};
        float h = text(c, sessionTitle(n), title, ImVec2{box.min.x, y}, box.w(), available);
        y += h + t.gap * 0.2f;
        if (y + t.small * 1.3f < box.max.y) {
            TextStyle kind{Face::text, t.small * scale, Weight::regular, t.muted, 1};
            text(c, std::string(displayName(n.kind)) + "  ·  until " + shortTime(view, n.time.end), kind,
                 ImVec2{box.min.x, y}, box.w());
        }
    } else if (nextTalkInSession) {
        TextStyle title{Face::text, t.body * scale, Weight::regular, t.text, 3, t.small};
        text(c, headline(p.talks[*nextTalkInSession]), title, ImVec2{box.min.x, y}, box.w(), available);
    } else {
        TextStyle quiet{Face::text, t.body * scale, Weight::regular, t.muted, 2};
        text(c, "No more sessions here today", quiet, ImVec2{box.min.x, y}, box.w(), available);
    }
}

void drawRoomCard(const KioskView& view, const RoomStatus& r, Canvas& c, Rect card) {
    const Theme& t = c.t();
    fillRect(c, card.min, card.max, t.surface, t.radius);
    float pad = t.gap * 1.1f;
    Rect inner{ImVec2{card.min.x + pad, card.min.y + pad}, ImVec2{card.max.x - pad, card.max.y - pad}};
    const std::string& roomName = view.p().rooms[r.room].name;
    if (t.portrait) {
        TextStyle room{Face::display, t.subtitle, Weight::bold, t.accent, 1, t.body};
        float h = text(c, roomName, room, inner.min, inner.w());
        float y = inner.min.y + h + t.gap * 0.5f;
        float nowH = (inner.max.y - y) * 0.62f;
        drawNow(view, r, c, Rect{ImVec2{inner.min.x, y}, ImVec2{inner.max.x, y + nowH}}, false);
        float sep = y + nowH + t.gap * 0.6f;
        fillRect(c, ImVec2{inner.min.x, sep}, ImVec2{inner.max.x, sep + std::max(1.0f, t.unit * 2)}, t.track);
        drawNext(view, r, c, Rect{ImVec2{inner.min.x, sep + t.gap * 0.6f}, inner.max}, false);
        return;
    }
    float roomW = inner.w() * 0.2f;
    float nextW = inner.w() * 0.3f;
    TextStyle room{Face::display, t.subtitle, Weight::bold, t.accent, 3, t.body};
    text(c, roomName, room, inner.min, roomW - t.gap, inner.h());
    Rect now{ImVec2{inner.min.x + roomW, inner.min.y}, ImVec2{inner.max.x - nextW - t.gap * 1.5f, inner.max.y}};
    drawNow(view, r, c, now, false);
    float sepX = inner.max.x - nextW - t.gap * 0.75f;
    fillRect(c, ImVec2{sepX, inner.min.y}, ImVec2{sepX + std::max(1.0f, t.unit * 2), inner.max.y}, t.track);
    drawNext(view, r, c, Rect{ImVec2{inner.max.x - nextW, inner.min.y}, inner.max}, false);
}

// One room: a door sign, large.
void drawDoorSign(const KioskView& view, const RoomStatus& r, Canvas& c, Rect area) {
    const Theme& t = c.t();
    TextStyle room{Face::display, t.display, Weight::bold, t.accent, 1, t.title};
    float y = area.min.y + text(c, view.p().rooms[r.room].name, room, area.min, area.w()) + t.gap;
    Rect card{ImVec2{area.min.x, y}, area.max};
    fillRect(c, card.min, card.max, t.surface, t.radius);
    float pad = t.gap * 1.6f;
    Rect inner{ImVec2{card.min.x + pad, card.min.y + pad}, ImVec2{card.max.x - pad, card.max.y - pad}};
    float nowH = inner.h() * (t.portrait ? 0.6f : 0.62f);
    drawNow(view, r, c, Rect{inner.min, ImVec2{inner.max.x, inner.min.y + nowH}}, true);
    float sep = inner.min.y + nowH + t.gap;
    fillRect(c, ImVec2{inner.min.x, sep}, ImVec2{inner.max.x, sep + std::max(1.0f, t.unit * 2)}, t.track);
    drawNext(view, r, c, Rect{ImVec2{inner.min.x, sep + t.gap}, inner.max}, true);
}

}  // namespace

int nowNextScreens(const KioskView& view, const PageConfig& page, Canvas& c) {
    std::vector<Index> rooms = pageRooms(view, page);
    if (rooms.empty()) return 0;
    DayStatus day = view.s().dayAt(view.now);
    if (day.phase != Phase::during && day.phase != Phase::between) return 0;
    Layout l = layoutFor(page, c, rooms.size());
    return static_cast<int>((rooms.size() + static_cast<std::size_t>(l.perScreen) - 1) / static_cast<std::size_t>(l.perScreen));
}

void drawNowNext(const KioskView& view, const PageConfig& page, int screen, Canvas& c) {
    std::vector<Index> rooms = pageRooms(view, page);
    if (rooms.empty()) return;
    Layout l = layoutFor(page, c, rooms.size());
    std::size_t first = static_cast<std::size_t>(screen) * static_cast<std::size_t>(l.perScreen);
    std::size_t last = std::min(rooms.size(), first + static_cast<std::size_t>(l.perScreen));
    if (first >= rooms.size()) return;
    std::vector<Index> shown(rooms.begin() + static_cast<std::ptrdiff_t>(first), rooms.begin() + static_cast<std::ptrdiff_t>(last));
    auto statuses = view.s().roomsAt(view.now, shown);
    if (rooms.size() == 1) {
        drawDoorSign(view, statuses[0], c, l.content);
        return;
    }
    float y = l.content.min.y;
    for (const RoomStatus& r : statuses) {
        drawRoomCard(view, r, c, Rect{ImVec2{l.content.min.x, y}, ImVec2{l.content.max.x, y + l.rowH}});
        y += l.rowH + c.t().gap;
    }
}

}  // namespace hallboard::ui
