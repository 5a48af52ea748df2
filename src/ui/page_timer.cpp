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
// The figures' line height over their size: tight, digits have no descenders.
constexpr float kDigitsLeading = 1.05f;

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

// The sizes of the words, the bar and the talk around the figures. A tall (portrait)
// screen's figures are as wide as the screen and leave height over: there the words and
// the talk are a step larger and the bar thicker, read from the back of a hall too.
struct TimerLook {
    float room, words, title, people, bar;
    int titleLines;
};

TimerLook lookOf(const Theme& t, Rect content) {
    float bar = std::round(std::max(t.gapXl(), 8.0f));
    if (content.h() > content.w() * 1.3f) return {t.display, t.title, t.display, t.title, bar * 2, 3};
    return {t.title, t.subtitle, t.title, t.subtitle, bar, 2};
}

// The figures as large as the area allows: its height, never wider than it. Measured at
// each size tried, as the text engine sets it (in steps of a few pixels at large sizes):
// a size scaled from one measurement could come out a pixel too wide and be cut ("5:…").
float digitsSize(Canvas& c, const std::string& digits, Rect area) {
    const Theme& t = c.t();
    float px = std::floor((area.h() - 1) / kDigitsLeading);  // its line, rounded, within the area
    for (int tries = 0; tries < 8 && px > t.title; ++tries) {
        float w = measure(c, digits, Face::display, px, Weight::bold);
        if (w <= area.w()) break;
        px = std::floor(px * std::min(0.99f, area.w() / w));
    }
    return std::max(px, t.title);
}

// Bar and times for a running talk, `barH` thick; returns the height used.
float progress(const PageDraw& d, const RoomTimer& r, const Reading& reading, Rect at, float barH) {
    const KioskView& view = d.view;
    Canvas& c = d.c;
    const Theme& t = c.t();
    float w = at.w();
    progressBar(c, at.min, ImVec2{at.max.x, at.min.y + barH}, static_cast<float>(r.done),
                reading.color == t.text ? t.live : reading.color);
    TextStyle ends{Face::text, t.body, Weight::regular, t.muted, 1};
    float y = at.min.y + barH + t.gapXs();
    text(c, shortTime(view, r.item->time.start), ends, {ImVec2{at.min.x, y}, w * 0.45f});
    return barH + t.gapXs() +
           text(c, shortTime(view, r.item->time.end), ends,
                {ImVec2{at.min.x + w * 0.55f, y}, w * 0.45f, FLT_MAX, Align::right});
}

// The bar's height with its times under it, and the gap after them.
float progressHeight(const Theme& t, const TimerLook& look) {
    return look.bar + t.gapXs() + t.lineHeight(t.body) + t.gapL();
}

TextStyle titleStyle(const Theme& t, const TimerLook& look) {
    return TextStyle{Face::display, look.title, Weight::bold, t.text, look.titleLines, t.subtitle};
}

// The talk's people on one line, as many names as fit.
std::string peopleLine(Canvas& c, const Program& p, const TimedItem& item, const TextStyle& people, float w) {
    return item.talk ? fittedAuthorLine(c, p, p.talks[*item.talk], 4, {people, w}) : std::string();
}

// The height about() takes for the talk at this width (laid out, not drawn).
float aboutHeight(Canvas& c, const Program& p, const TimedItem& item, const TimerLook& look, float w) {
    const Theme& t = c.t();
    float h = layout(c, itemTitle(p, item), titleStyle(t, look), w).height;
    TextStyle people{Face::text, look.people, Weight::regular, t.muted, 1};
    if (!peopleLine(c, p, item, people, w).empty()) h += t.lineHeight(look.people);
    return h;
}

// The talk: its title and its people, in `box` (its height the most to use). Returns the
// height used.
float about(const PageDraw& d, const TimedItem& item, const TimerLook& look, Rect box) {
    const KioskView& view = d.view;
    Canvas& c = d.c;
    const Theme& t = c.t();
    const Program& p = view.p();
    ImVec2 at = box.min;
    float w = box.w(), maxH = box.h();
    float h = text(c, itemTitle(p, item), titleStyle(t, look), {at, w, maxH});
    TextStyle people{Face::text, look.people, Weight::regular, t.muted, 1};
    std::string line = peopleLine(c, p, item, people, w);
    if (!line.empty() && h + t.lineHeight(people.px) <= maxH + 0.5f)
        h += text(c, line, people, {ImVec2{at.x, at.y + h}, w});
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

// The room's name and what the figures are in words, from the top; returns the height used.
float heading(const KioskView& view, Index room, const Reading& reading, const TimerLook& look, Canvas& c) {
    const Theme& t = c.t();
    Rect content = contentRect(c);
    float x = content.min.x, w = content.w();
    TextStyle roomStyle{Face::display, look.room, Weight::bold, t.accent, 1};
    float h = text(c, roomLabel(c, view.p(), room, {roomStyle, w}), roomStyle, {content.min, w}) + t.gapS();
    TextStyle words{Face::text, look.words, Weight::bold, reading.color, 2};
    return h + text(c, reading.words, words, {ImVec2{x, content.min.y + h}, w});
}

// From the top: the room, the words, the figures as large as the room left allows, the
// bar (running), the talk, and the next at the foot. Height the figures leave over (a
// tall screen's) goes evenly between the blocks, not all under the talk.
void drawRoomTimer(const KioskView& view, const PageConfig& page, Index room, Canvas& c) {
    const Theme& t = c.t();
    Rect content = contentRect(c);
    RoomTimer r = timerOf(view, page, room);
    Reading reading = readingOf(view, r, t);
    TimerLook look = lookOf(t, content);
    float x = content.min.x, w = content.w();
    float y = content.min.y + heading(view, room, reading, look, c);
    const std::optional<TimedItem>& next = r.next;
    float foot = next ? t.lineHeight(t.subtitle) + t.gap : 0.0f;
    bool running = r.state == RoomTimer::State::running;
    float bar = running ? progressHeight(t, look) : 0.0f;
    float talk = r.item ? aboutHeight(c, view.p(), *r.item, look, w) + t.gapS() : 0.0f;
    Rect figures{ImVec2{x, y}, ImVec2{x + w, std::max(y + t.title * 1.3f, content.max.y - foot - bar - talk)}};
    float px = digitsSize(c, reading.digits, figures);
    TextStyle big{Face::display, px, Weight::bold, reading.color, 1, 0, kDigitsLeading};
    float spare = std::max(0.0f, figures.h() - std::round(px * kDigitsLeading)) / 3.0f;
    y += spare;
    y += text(c, reading.digits, big, {ImVec2{x, y}, w});
    if (running) y += progress({view, c}, r, reading, Rect{ImVec2{x, y}, ImVec2{x + w, y}}, look.bar) + t.gapL();
    y += spare;
    if (r.item) about({view, c}, *r.item, look, Rect{ImVec2{x, y + t.gapS()}, ImVec2{x + w, content.max.y - foot}});
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
