// The room timer (#31.4), for a stage or door screen: one room's clock, read from the
// lectern and from the back row. Before a talk the time until it starts; while it runs
// the time left, large, with a bar of how much is done, amber and then red near the end
// (and the words "Please wrap up", "Last minutes": never colour alone); after the end
// "+1:30" in words as "Over time"; between talks, what comes next. One screen per room of
// the page (model/room_timer.hpp decides; this file only lays it out).
#include <algorithm>
#include <cmath>

#include "model/room_timer.hpp"
#include "model/wording.hpp"
#include "ui/pages.hpp"

namespace hallboard::ui {

namespace {

// Before a talk, the countdown from this far out; earlier, the time it starts.
constexpr Duration kCountdownFrom{60 * 60};

RoomTimer timerOf(const KioskView& view, const PageConfig& page, Index room) {
    return roomTimerAt(view.p(), room, view.now, page.timer);
}

std::string itemTitle(const Program& p, const TimedItem& item) {
    return item.talk ? titleOrOpening(p.talks[*item.talk]) : sessionTitle(p.sessions[item.session]);
}

// What the large figures say, and the words above them.
struct Reading {
    std::string words, digits;
    ImU32 color = 0;
};

Reading readingOf(const KioskView& view, const RoomTimer& r, const Theme& t) {
    switch (r.state) {
    case RoomTimer::State::running:
        if (r.urgency == RoomTimer::Urgency::red) return {tr("TIME LEFT · LAST MINUTES"), timerDigits(r.left), t.alert};
        if (r.urgency == RoomTimer::Urgency::amber)
            return {tr("TIME LEFT · PLEASE WRAP UP"), timerDigits(r.left), t.pause};
        return {tr("TIME LEFT"), timerDigits(r.left), t.text};
    case RoomTimer::State::over: return {tr("OVER TIME"), timerDigits(r.left, true), t.alert};
    case RoomTimer::State::before:
        // In the text colour, not the accent: a conference's accent may be orange, and
        // orange on a timer means "wrap up".
        if (r.left < kCountdownFrom) return {tr("STARTS IN"), timerDigits(r.left), t.text};
        return {tr("NEXT HERE"), dayAndTime(view, r.item->time.start), t.text};
    case RoomTimer::State::idle: break;
    }
    return {tr("NOTHING MORE IN THIS ROOM"), shortTime(view, view.now), t.muted};
}

// The figures as large as the area allows: most of its height, never wider than it.
float digitsSize(Canvas& c, const std::string& digits, Rect area) {
    const Theme& t = c.t();
    float px = std::min(area.h(), 12 * t.body);
    float w = measure(c, digits, Face::display, px, Weight::bold);
    if (w > area.w()) px *= area.w() / w;
    return std::max(std::floor(px), t.title);
}

// Bar and times for a running talk; returns the height used.
float progress(const PageDraw& d, const RoomTimer& r, const Reading& reading, ImVec2 at, float w) {
    const KioskView& view = d.view;
    Canvas& c = d.c;
    const Theme& t = c.t();
    float barH = std::round(std::max(t.gapXl(), 8.0f));
    progressBar(c, at, ImVec2{at.x + w, at.y + barH}, static_cast<float>(r.done),
                reading.color == t.text ? t.live : reading.color);
    TextStyle ends{Face::text, t.body, Weight::regular, t.muted, 1};
    float y = at.y + barH + t.gapXs();
    text(c, shortTime(view, r.item->time.start), ends, {ImVec2{at.x, y}, w * 0.45f});
    return barH + t.gapXs() +
           text(c, shortTime(view, r.item->time.end), ends,
                {ImVec2{at.x + w * 0.55f, y}, w * 0.45f, FLT_MAX, Align::right});
}

// The talk: its title and its people. Returns the height used.
float about(const PageDraw& d, const TimedItem& item, ImVec2 at, float w, float maxH) {
    const KioskView& view = d.view;
    Canvas& c = d.c;
    const Theme& t = c.t();
    const Program& p = view.p();
    TextStyle title{Face::display, t.title, Weight::bold, t.text, 2, t.subtitle};
    float h = text(c, itemTitle(p, item), title, {at, w, maxH});
    if (item.talk) {
        TextStyle people{Face::text, t.subtitle, Weight::regular, t.muted, 1};
        std::string line = fittedAuthorLine(c, p, p.talks[*item.talk], 4, {people, w});
        if (!line.empty() && h + people.px * kLeading <= maxH) h += text(c, line, people, {ImVec2{at.x, at.y + h}, w});
    }
    touchTarget(c, Rect{at, ImVec2{at.x + w, at.y + h}},
                item.talk ? browse::Action{browse::Action::Kind::talk, *item.talk}
                          : browse::Action{browse::Action::Kind::session, item.session});
    return h;
}

// "NEXT  14:30  Title" at the foot.
void nextLine(const KioskView& view, const TimedItem& next, Canvas& c, Rect content) {
    const Theme& t = c.t();
    TextStyle style{Face::text, t.subtitle, Weight::regular, t.text, 1};
    float y = content.max.y - std::round(style.px * style.leading);
    fillRect(c, ImVec2{content.min.x, y - t.gapM()}, ImVec2{content.max.x, y - t.gapM() + 2 * t.unit}, t.track);
    std::string line =
        trf(tr("Next: %s  %s"), dayAndTime(view, next.time.start).c_str(), itemTitle(view.p(), next).c_str());
    text(c, line, style, {ImVec2{content.min.x, y}, content.w()});
}

void drawRoomTimer(const KioskView& view, const PageConfig& page, Index room, Canvas& c) {
    const Theme& t = c.t();
    Rect content = contentRect(c);
    RoomTimer r = timerOf(view, page, room);
    Reading reading = readingOf(view, r, t);
    float x = content.min.x, w = content.w(), y = content.min.y;
    TextStyle roomStyle{Face::display, t.title, Weight::bold, t.accent, 1};
    y += text(c, roomLabel(c, view.p(), room, {roomStyle, w}), roomStyle, {ImVec2{x, y}, w}) + t.gapS();
    TextStyle words{Face::text, t.subtitle, Weight::bold, reading.color, 2};
    y += text(c, reading.words, words, {ImVec2{x, y}, w});
    // Below the figures: the bar (running), the talk (two title lines and its people), the next.
    const std::optional<TimedItem>& next = r.next;
    float foot = next ? t.lineHeight(t.subtitle) + t.gap : 0.0f;
    float below = (r.state == RoomTimer::State::running ? t.gap * 1.4f + t.body * kLeading : 0.0f) +
                  (r.item ? 2 * t.lineHeight(t.title) + t.lineHeight(t.subtitle) + t.gap : 0.0f);
    Rect figures{ImVec2{x, y}, ImVec2{x + w, std::max(y + t.title * 1.3f, content.max.y - foot - below)}};
    float px = digitsSize(c, reading.digits, figures);
    TextStyle big{Face::display, px, Weight::bold, reading.color, 1, 0, 1.05f};
    y += text(c, reading.digits, big, {ImVec2{x, y}, w});
    if (r.state == RoomTimer::State::running) y += progress({view, c}, r, reading, ImVec2{x, y}, w) + t.gapL();
    if (r.item) y += about({view, c}, *r.item, ImVec2{x, y + t.gapS()}, w, content.max.y - foot - y);
    if (next) nextLine(view, *next, c, content);
}

int timerScreens(const KioskView& view, const PageConfig& page, Canvas&) {
    return static_cast<int>(pageRooms(view, page).size());
}

void drawTimer(const KioskView& view, const PageConfig& page, int screen, Canvas& c) {
    auto rooms = pageRooms(view, page);
    if (screen < 0 || static_cast<std::size_t>(screen) >= rooms.size()) return;
    drawRoomTimer(view, page, rooms[static_cast<std::size_t>(screen)], c);
}

std::string describeTimer(const KioskView& view, const PageConfig& page, int screen, Canvas& c) {
    auto rooms = pageRooms(view, page);
    if (screen < 0 || static_cast<std::size_t>(screen) >= rooms.size()) return "nothing";
    Index room = rooms[static_cast<std::size_t>(screen)];
    RoomTimer r = timerOf(view, page, room);
    Reading reading = readingOf(view, r, c.t());
    std::string out = view.p().rooms[room].name + ": " + reading.words + " " + reading.digits;
    if (r.item) out += " (" + itemTitle(view.p(), *r.item) + ")";
    return out;
}

}  // namespace

const PageType timerPage{timerScreens, drawTimer, describeTimer};

}  // namespace hallboard::ui
