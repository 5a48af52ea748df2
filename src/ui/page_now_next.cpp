// Now & next: one card per room with what is on (session, the talk inside it, a progress
// bar, time left) and what comes next ("in 12 min"). One room alone becomes a door sign.
// Many rooms are spread over several screens rather than shrunk below reading size.
#include <algorithm>
#include <cmath>

#include "ui/pages.hpp"

namespace hallboard::ui {

namespace {

float compactRowHeight(const Theme& t);

// A touch on a room's card opens what is on there, else what comes next.
void roomTarget(Canvas& c, const RoomStatus& r, Rect area) {
    if (auto s = r.live ? r.live : r.next) touchTarget(c, area, {browse::Action::Kind::session, *s});
}


struct Layout {
    Rect content;
    int perScreen = 1;
    float rowH = 0;
    bool compact = false;  // one line a room, for many rooms
};

// Cards while every room fits as a card that is readable from three metres; beyond
// that, compact rows (room | now | next) over as many screens as it takes.
Layout layoutFor(const PageConfig& page, Canvas& c, std::size_t rooms) {
    const Theme& t = c.t();
    Layout l;
    l.content = contentRect(c);
    float cardRow = t.portrait ? t.body * 12.5f : t.body * 8.0f;
    int cards = std::max(1, static_cast<int>(std::floor((l.content.h() + t.gap) / (cardRow + t.gap))));
    if (page.itemsPerPage > 0) cards = std::min(cards, page.itemsPerPage);
    if (static_cast<int>(rooms) <= cards) {
        l.perScreen = static_cast<int>(std::max<std::size_t>(rooms, 1));
    } else {
        l.compact = true;
        float row = compactRowHeight(t);
        int fit = std::max(1, static_cast<int>(std::floor((l.content.h() + t.gap * 0.4f) / (row + t.gap * 0.4f))));
        if (page.itemsPerPage > 0) fit = std::min(fit, page.itemsPerPage);
        l.perScreen = fit;
    }
    float gap = l.compact ? t.gap * 0.4f : t.gap;
    int rows = std::min(l.perScreen, static_cast<int>(rooms));
    l.rowH = (l.content.h() + gap) / static_cast<float>(std::max(rows, l.compact ? l.perScreen : 1)) - gap;
    return l;
}

// Whether a session is one talk of the same name (as schedule exports make them).
bool singleTalk(const Program& p, const Session& s) {
    return s.talks.size() == 1 && p.talks[s.talks[0]].title == s.title;
}

// Compact rows: the room on the left; then what is on (title, talk, time left, a thin
// progress bar) and what is next, beside it in landscape, below it in portrait.
float compactRowHeight(const Theme& t) {
    float now = t.body * 1.15f * 1.3f + t.small * 1.3f + std::max(3.0f, 5 * t.unit) + t.gap * 0.9f;
    return t.portrait ? now + t.small * 1.45f + t.gap * 0.3f : now;
}

void drawCompactRow(const KioskView& view, const RoomStatus& r, Canvas& c, Rect row) {
    const Theme& t = c.t();
    const Program& p = view.p();
    fillRect(c, row.min, row.max, t.surface, t.radius * 0.6f);
    roomTarget(c, r, row);
    float pad = t.gap * 0.8f;
    Rect in{ImVec2{row.min.x + pad, row.min.y + t.gap * 0.45f}, ImVec2{row.max.x - pad, row.max.y - t.gap * 0.45f}};
    float roomW = in.w() * (t.portrait ? 0.26f : 0.17f);
    float nextW = t.portrait ? 0.0f : in.w() * 0.3f;
    TextStyle room{Face::display, t.subtitle, Weight::bold, t.accent, 2, t.body};
    text(c, p.rooms[r.room].name, room, in.min, roomW - t.gap, in.h());

    float x = in.min.x + roomW;
    float w = in.max.x - x - (nextW > 0 ? nextW + t.gap : 0);
    float y = in.min.y;
    float barH = std::max(3.0f, 5 * t.unit);
    if (r.live) {
        const Session& s = p.sessions[*r.live];
        bool pause = isPause(s.kind);
        TextStyle title{Face::display, t.body * 1.15f, Weight::bold, pause ? t.pause : t.text, 1, t.body};
        text(c, sessionTitle(s), title, ImVec2{x, y}, w);
        y += std::round(t.body * 1.15f * 1.3f);
        std::string detail;
        std::string change = changeLine(p, s, r.room);
        if (!change.empty()) detail = change;
        else if (r.liveTalk && !singleTalk(p, s)) detail = headline(p.talks[*r.liveTalk]);
        else if (!s.talks.empty()) detail = authorLine(p, p.talks[s.talks[0]], 3);
        if (detail.empty()) detail = std::string(displayName(s.kind));
        std::string left = formatDuration(r.remaining) + " left";
        TextStyle sub{Face::text, t.small, change.empty() ? Weight::regular : Weight::bold, change.empty() ? t.muted : t.alert, 1};
        float leftW = measure(c, left, Face::text, t.small, Weight::regular);
        text(c, detail, sub, ImVec2{x, y}, w - leftW - t.gap);
        text(c, left, sub, ImVec2{x + w - leftW, y}, leftW + 1);
        y += std::round(t.small * 1.3f) + t.gap * 0.2f;
        progressBar(c, ImVec2{x, y}, ImVec2{x + w, y + barH}, static_cast<float>(r.elapsed), pause ? t.pause : t.live);
    } else if (r.away) {
        const Session& a = p.sessions[*r.away];
        TextStyle title{Face::display, t.body * 1.15f, Weight::bold, t.muted, 1, t.body};
        text(c, shortTime(view, a.time.start) + "  " + sessionTitle(a), title, ImVec2{x, y}, w);
        y += std::round(t.body * 1.15f * 1.3f);
        changeNote(c, changeLine(p, a, r.room), ImVec2{x, y}, w, t.small);
        y += std::round(t.small * 1.3f) + t.gap * 0.2f;
    } else {
        TextStyle quiet{Face::text, t.body, Weight::regular, t.muted, 1};
        text(c, "Nothing on right now", quiet, ImVec2{x, y}, w);
        y += std::round(t.body * 1.15f * 1.3f) + std::round(t.small * 1.3f) + t.gap * 0.2f;
    }
    y += barH + t.gap * 0.3f;

    TextStyle label{Face::text, t.small, Weight::regular, t.accent, 1};
    TextStyle quiet{Face::text, t.small, Weight::regular, t.muted, 1};
    if (t.portrait) {
        if (r.next) {
            const Session& n = p.sessions[*r.next];
            std::string change = changeLine(p, n, r.room);
            text(c, "NEXT  " + dayAndTime(view, n.time.start) + "  ·  " + sessionTitle(n) + (change.empty() ? "" : "  ·  " + change),
                 change.empty() ? label : TextStyle{Face::text, t.small, Weight::bold, t.alert, 1}, ImVec2{x, y}, w);
        } else {
            text(c, "No more sessions here today", quiet, ImVec2{x, y}, w);
        }
        return;
    }
    ImVec2 pos{in.max.x - nextW, in.min.y};
    if (r.next) {
        const Session& n = p.sessions[*r.next];
        std::string change = changeLine(p, n, r.room);
        float h = change.empty() ? text(c, dayAndTime(view, n.time.start) + "  ·  " + untilText(r.untilNext), label, pos, nextW)
                                 : changeNote(c, shortTime(view, n.time.start) + "  ·  " + change, pos, nextW, t.small);
        TextStyle title{Face::text, t.body, Weight::regular, t.text, 1};
        text(c, sessionTitle(n), title, ImVec2{pos.x, pos.y + h}, nextW);
    } else {
        text(c, "No more sessions here today", quiet, pos, nextW);
    }
}

std::string leftText(const RoomStatus& r) { return formatDuration(r.remaining) + " left"; }

// Talks of a session from `from` on, one a line with its time, as many as fit in
// `height`. Returns the height used.
float talkList(const KioskView& view, Canvas& c, const Session& s, Instant from, ImVec2 pos, float width, float height,
               float px) {
    const Theme& t = c.t();
    const Program& p = view.p();
    float line = std::round(px * 1.4f);
    float slotW = measure(c, "00:00", Face::text, px, Weight::regular) + t.gap * 0.8f;
    float y = 0;
    std::size_t shown = 0, remaining = 0;
    for (Index ti : s.talks) remaining += p.talks[ti].slot.start >= from;
    for (Index ti : s.talks) {
        const Talk& talk = p.talks[ti];
        if (talk.slot.start < from) continue;
        bool lastFitting = y + 2 * line > height && shown + 1 < remaining;
        if (y + line > height || lastFitting) {
            TextStyle more{Face::text, px, Weight::regular, t.muted, 1};
            text(c, "+ " + std::to_string(remaining - shown) + " more", more, ImVec2{pos.x + slotW, pos.y + y}, width - slotW);
            return y + line;
        }
        TextStyle slot{Face::text, px, Weight::regular, t.muted, 1};
        TextStyle title{Face::text, px, Weight::regular, talk.change.cancelled ? t.alert : t.text, 1};
        touchTarget(c, Rect{ImVec2{pos.x, pos.y + y}, ImVec2{pos.x + width, pos.y + y + line}}, {browse::Action::Kind::talk, ti});
        text(c, shortTime(view, talk.slot.start), slot, ImVec2{pos.x, pos.y + y}, slotW);
        text(c, talk.change.cancelled ? "Cancelled: " + headline(talk) : headline(talk), title,
             ImVec2{pos.x + slotW, pos.y + y}, width - slotW);
        y += line;
        ++shown;
    }
    return y;
}

// The "now" half of a card. Returns nothing; draws within `box`.
void drawNow(const KioskView& view, const RoomStatus& r, Canvas& c, Rect box, bool large) {
    const Theme& t = c.t();
    const Program& p = view.p();
    float y = box.min.y;
    float scale = large ? 1.6f : 1.0f;
    if (!r.live) {
        if (r.away && p.sessions[*r.away].time.start <= view.now) {  // cancelled or moved, and it would be on now
            const Session& a = p.sessions[*r.away];
            y += changeNote(c, changeLine(p, a, r.room), ImVec2{box.min.x, y}, box.w(), t.subtitle * scale) + t.gap * 0.4f;
            TextStyle title{Face::display, t.title * scale, Weight::bold, t.muted, 3, t.body * scale};
            y += text(c, sessionTitle(a), title, ImVec2{box.min.x, y}, box.w(), box.max.y - y - t.small * 2) + t.gap * 0.3f;
            TextStyle when{Face::text, t.small * std::min(scale, 1.25f), Weight::regular, t.muted, 1};
            text(c, std::string(displayName(a.kind)) + "  ·  " + shortTime(view, a.time.start) + "–" + shortTime(view, a.time.end),
                 when, ImVec2{box.min.x, y}, box.w());
            return;
        }
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
    if (float h = changeNote(c, changeLine(p, s, r.room), ImVec2{box.min.x, y}, box.w(), t.body * std::min(scale, 1.25f)))
        y += h + t.gap * 0.3f;

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
        touchTarget(c, Rect{ImVec2{box.min.x, y - titleH - t.gap * 0.35f}, ImVec2{box.max.x, y + available}},
                    {browse::Action::Kind::talk, *r.liveTalk});
        if (hasTalk) {
            TextStyle talkStyle{Face::text, t.body * scale, Weight::regular, t.text, 2, t.small};
            float h = text(c, headline(talk), talkStyle, ImVec2{box.min.x, y}, box.w(), available);
            y += h + t.gap * 0.15f;
            available -= h;
        }
        std::string who = authorLine(p, talk, 4);
        if (!who.empty() && available > t.small * 1.3f) {
            TextStyle whoStyle{Face::text, t.small * scale, Weight::regular, t.muted, 1};
            y += text(c, who, whoStyle, ImVec2{box.min.x, y}, box.w());
        }
    }
    // The rest of the session, while there is room for it.
    float listPx = t.body * std::min(scale, 1.25f);
    float room = box.max.y - footer - y - t.gap;
    if (r.nextTalk && room > listPx * 3.2f) {
        y += t.gap * 0.8f;
        TextStyle then{Face::text, t.small * std::min(scale, 1.25f), Weight::regular, t.accent, 1};
        y += text(c, "THEN", then, ImVec2{box.min.x, y}, box.w()) + t.gap * 0.2f;
        talkList(view, c, s, p.talks[*r.nextTalk].slot.start, ImVec2{box.min.x, y}, box.w(), box.max.y - footer - y - t.gap * 0.5f,
                 listPx);
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
    float scale = large ? 1.4f : 1.0f;
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
    // A session planned here but cancelled or moved, before the next one: say so first.
    if (r.away && p.sessions[*r.away].time.start > view.now) {
        const Session& a = p.sessions[*r.away];
        std::string what = shortTime(view, a.time.start) + "  " + sessionTitle(a) + "  ·  " + changeLine(p, a, r.room);
        TextStyle note{Face::text, t.body * std::min(scale, 1.25f), Weight::bold, t.alert, 2};
        y += text(c, what, note, ImVec2{box.min.x, y}, box.w()) + t.gap * 0.6f;
    }
    y += text(c, head, label, ImVec2{box.min.x, y}, box.w()) + t.gap * 0.3f;
    float available = box.max.y - y;
    if (r.next) {
        const Session& n = p.sessions[*r.next];
        bool listTalks = !n.talks.empty() && !singleTalk(p, n);
        TextStyle title{Face::display, t.subtitle * scale, Weight::bold, t.text, 3, t.body * scale};
        float h = text(c, sessionTitle(n), title, ImVec2{box.min.x, y}, box.w(), available);
        y += h + t.gap * 0.2f;
        if (y + t.small * 1.3f < box.max.y)
            if (float ch = changeNote(c, changeLine(p, n, r.room), ImVec2{box.min.x, y}, box.w(), t.small * scale))
                y += ch + t.gap * 0.2f;
        if (y + t.small * 1.3f < box.max.y) {
            TextStyle kind{Face::text, t.small * scale, Weight::regular, t.muted, 1};
            y += text(c, std::string(displayName(n.kind)) + "  ·  until " + shortTime(view, n.time.end), kind,
                      ImVec2{box.min.x, y}, box.w());
        }
        float listPx = t.body * std::min(scale, 1.25f);
        if (listTalks && box.max.y - y > listPx * 3.2f)
            talkList(view, c, n, n.time.start, ImVec2{box.min.x, y + t.gap * 0.8f}, box.w(), box.max.y - y - t.gap * 0.8f,
                     listPx);
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
    roomTarget(c, r, card);
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
    roomTarget(c, r, card);
    float pad = t.gap * 1.6f;
    Rect inner{ImVec2{card.min.x + pad, card.min.y + pad}, ImVec2{card.max.x - pad, card.max.y - pad}};
    float line = std::max(1.0f, t.unit * 2);
    if (t.portrait) {  // now above next
        float nowH = inner.h() * 0.6f;
        drawNow(view, r, c, Rect{inner.min, ImVec2{inner.max.x, inner.min.y + nowH}}, true);
        float sep = inner.min.y + nowH + t.gap;
        fillRect(c, ImVec2{inner.min.x, sep}, ImVec2{inner.max.x, sep + line}, t.track);
        drawNext(view, r, c, Rect{ImVec2{inner.min.x, sep + t.gap}, inner.max}, true);
    } else {  // now beside next
        float nowW = inner.w() * 0.6f;
        drawNow(view, r, c, Rect{inner.min, ImVec2{inner.min.x + nowW, inner.max.y}}, true);
        float sep = inner.min.x + nowW + t.gap * 1.5f;
        fillRect(c, ImVec2{sep, inner.min.y}, ImVec2{sep + line, inner.max.y}, t.track);
        drawNext(view, r, c, Rect{ImVec2{sep + t.gap * 1.5f, inner.min.y}, inner.max}, true);
    }
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

std::vector<Index> nowNextRoomsOn(const KioskView& view, const PageConfig& page, int screen, Canvas& c) {
    std::vector<Index> rooms = pageRooms(view, page);
    if (rooms.empty() || screen < 0) return {};
    Layout l = layoutFor(page, c, rooms.size());
    std::size_t first = static_cast<std::size_t>(screen) * static_cast<std::size_t>(l.perScreen);
    std::size_t last = std::min(rooms.size(), first + static_cast<std::size_t>(l.perScreen));
    if (first >= rooms.size()) return {};
    return std::vector<Index>(rooms.begin() + static_cast<std::ptrdiff_t>(first), rooms.begin() + static_cast<std::ptrdiff_t>(last));
}

void drawNowNext(const KioskView& view, const PageConfig& page, int screen, Canvas& c) {
    std::vector<Index> rooms = pageRooms(view, page);
    if (rooms.empty()) return;
    Layout l = layoutFor(page, c, rooms.size());
    std::vector<Index> shown = nowNextRoomsOn(view, page, screen, c);
    if (shown.empty()) return;
    auto statuses = view.s().roomsAt(view.now, shown);
    if (rooms.size() == 1) {
        drawDoorSign(view, statuses[0], c, l.content);
        return;
    }
    float y = l.content.min.y;
    for (const RoomStatus& r : statuses) {
        Rect row{ImVec2{l.content.min.x, y}, ImVec2{l.content.max.x, y + l.rowH}};
        if (l.compact) {
            drawCompactRow(view, r, c, row);
            y += l.rowH + c.t().gap * 0.4f;
        } else {
            drawRoomCard(view, r, c, row);
            y += l.rowH + c.t().gap;
        }
    }
}

}  // namespace hallboard::ui
