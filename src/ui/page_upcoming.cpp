// Upcoming: the sessions live now and starting in the next hours, as an agenda by time,
// with room, kind, track colour, chairs, and the talks in each while there is room.
#include <algorithm>
#include <cmath>
#include <tuple>

#include "model/language.hpp"
#include "model/wording.hpp"
#include "kiosk/rotation_plan.hpp"
#include "base/text.hpp"
#include "ui/pages.hpp"

namespace hallboard::ui {

namespace {

constexpr std::size_t kTalksListed = 4;

// How many of a session's talks its card lists: four and "+ 3 more"; five all, as the
// "+ 1 more" line would take the place of the talk it hides.
std::size_t talksListed(std::size_t talks) {
    return talks == kTalksListed + 1 ? talks : std::min(talks, kTalksListed);
}

// The talks a card lists: none for a session that is one talk of its own name (an
// invited talk, a keynote), which would only repeat the title.
std::size_t talksShown(const Program& p, const Session& s) {
    if (s.talks.size() == 1 && p.talks[s.talks[0]].title == s.title) return 0;
    return s.talks.size();
}

// More sessions than this on at once (a big conference): the page lists only those still
// to start. What is on is the now & next page's and the rooms board's; listed here too,
// it would fill every screen the cycle gives this page.
constexpr std::size_t kLiveListed = 4;

// Sessions live now or starting within the page's hours; `later`: the rest of the next
// twelve hours, offered to fill the space the page's hours leave free.
std::vector<Index> items(const KioskView& view, const PageConfig& page, std::vector<Index>* later = nullptr) {
    std::vector<Index> rooms = pageRooms(view, page);
    if (rooms.size() == view.p().rooms.size() && page.rooms.empty() && view.rooms.empty()) rooms.clear();  // all
    if (later) *later = view.s().startingBetween(view.now + page.ahead, view.now + std::chrono::hours{12}, rooms);
    std::vector<Index> list = view.s().liveOrStartingBefore(view.now, view.now + page.ahead, rooms);
    auto live = [&](Index i) { return view.p().sessions[i].time.start <= view.now; };
    if (static_cast<std::size_t>(std::count_if(list.begin(), list.end(), live)) > kLiveListed)
        list.erase(std::remove_if(list.begin(), list.end(), live), list.end());
    return list;
}

// Whether the list leaves out what is on now (kLiveListed).
bool startingOnly(const KioskView& view, const std::vector<Index>& list) {
    return std::none_of(list.begin(), list.end(),
                        [&](Index i) { return view.p().sessions[i].time.start <= view.now; }) &&
           !view.s().liveOrStartingBefore(view.now, view.now, {}).empty();
}

Rect listArea(Canvas& c) {
    Rect area = contentRect(c);
    area.min.y += c.t().small * kLeading + c.t().gap * 0.6f;  // the page title
    return area;
}

float baseHeight(const Theme& t) {
    return std::round(t.subtitle * kLeading + t.small * kLeading + t.gap * 1.6f);
}
float talkLine(const Theme& t) {
    return std::round(t.small * 1.35f);
}

// The time column: the clock, or the LIVE chip under it when that is wider (it is
// "EN DIRECTO" in Spanish).
float timeWidth(Canvas& c) {
    const Theme& t = c.t();
    float chipW = measure(c, tr("LIVE"), Face::text, t.small, Weight::regular) + std::round(t.small * 0.55f) * 2;
    return std::max(measure(c, localClockSample(), Face::display, t.title, Weight::bold), chipW) + t.gap * 1.5f;
}

// Where a card's text goes: right of the time column.
float mainWidth(Canvas& c) {
    const Theme& t = c.t();
    float timeW = timeWidth(c);
    return contentRect(c).w() - 2 * t.gap - 10 * t.unit - timeW;
}

// Lines a talk's title takes: as many as it needs, up to three (then it is cut).
constexpr int kTitleLines = 3;
int talkLines(Canvas& c, const Talk& talk, float width) {
    const Theme& t = c.t();
    float slotW = measure(c, localClockSample(), Face::text, t.small, Weight::regular) + t.gap;
    TextStyle style{Face::text, t.small, Weight::regular, t.text, kTitleLines};
    return std::max(1, static_cast<int>(layout(c, headline(talk), style, width - slotW).lines.size()));
}

// The LIVE chip under the clock: where it is drawn and how tall.
float liveChipTop(const Theme& t) {
    return t.gapXl() + t.title * 1.3f;
}
float liveChipHeight(const Theme& t) {
    return t.chipHeight(t.small);
}

// Where a session is: its room leads the line under the title, bold in the accent colour
// and never cut (its short form when the whole name would be), rather than muted text at
// the end of the line, where a long room name was cut ("Auditorium Sofia Kovalevskaya…").
// A room too wide to share the line takes one of its own (two lines at most).
struct RoomPart {
    std::string label;
    TextStyle style;
    float width = 0;
    float height = 0;  // its own lines' height; 0 when it shares the line
};
RoomPart roomPart(Canvas& c, const Program& p, const Session& s, float mainW) {
    const Theme& t = c.t();
    RoomPart r{{}, TextStyle{Face::text, t.small, Weight::bold, t.accent, 1}};
    if (!s.room) return r;
    r.label = roomLabel(c, p, *s.room, {r.style, mainW});
    r.width = measure(c, r.label, Face::text, t.small, Weight::bold);
    if (r.width > mainW * 0.6f) {
        r.style.maxLines = 2;
        r.label = roomLabel(c, p, *s.room, {r.style, mainW});
        r.height = layout(c, r.label, r.style, mainW).height + t.gap * 0.1f;
        r.width = mainW;
    }
    return r;
}

float itemHeight(Canvas& c, const Program& p, const Session& s, bool live, bool withTalks) {
    const Theme& t = c.t();
    float width = mainWidth(c);
    float h = baseHeight(t) + roomPart(c, p, s, width).height;
    // A title that needs a second line gets it (one size for every title on the page).
    TextStyle name{Face::display, t.subtitle, Weight::bold, t.text, 2};
    if (layout(c, sessionTitle(s), name, width).lines.size() > 1) h += std::round(t.subtitle * name.leading);
    std::size_t talks = withTalks ? talksShown(p, s) : 0;
    std::size_t listed = talksListed(talks);
    for (std::size_t k = 0; k < listed; ++k) {
        int lines = talkLines(c, p.talks[s.talks[k]], width);
        h += talkLine(t) + static_cast<float>(lines - 1) * t.lineHeight(t.small);
    }
    if (talks > listed) h += talkLine(t);  // "+ 3 more"
    h += talks == 0 ? 0 : t.gapXs();
    // A live card holds its LIVE chip: a session of one talk and no list hung it below
    // the card, over the gap to the next one.
    if (live) h = std::max(h, std::round(liveChipTop(t) + liveChipHeight(t) + t.gapL()));
    return h;
}

// Which items go on which screen: as many whole items as fit, in order. Sessions after
// the page's hours (`later`) fill what the last screen leaves free, never a screen of
// their own; `list` gains those shown.
using Plan = std::vector<std::pair<std::size_t, std::size_t>>;
Plan screens(const PageDraw& d, const PageConfig& page, std::vector<Index>& list, const std::vector<Index>& later,
             bool withTalks) {
    const KioskView& view = d.view;
    Canvas& c = d.c;
    const Theme& t = c.t();
    float available = listArea(c).h();
    std::vector<std::pair<std::size_t, std::size_t>> out;
    std::size_t i = 0;
    std::size_t ownItems = list.size();
    list.insert(list.end(), later.begin(), later.end());
    while (i < ownItems) {
        std::size_t start = i;
        float used = 0;
        while (i < list.size()) {
            const Session& s = view.p().sessions[list[i]];
            float h = itemHeight(c, view.p(), s, s.time.contains(view.now), withTalks) + t.gapM();
            bool limit = page.itemsPerPage > 0 && static_cast<int>(i - start) >= page.itemsPerPage;
            if (i > start && (used + h > available + t.gapM() || limit)) break;
            used += h;
            ++i;
        }
        out.emplace_back(start, i);
    }
    list.resize(out.empty() ? 0 : out.back().second);
    return out;
}

// The screens, with each session's talks listed while the screens the rotation gives
// the page (max_screens) show at least half of its sessions that way; else without
// them, two or three times as many sessions a screen. At a big conference (40 rooms
// starting at 11:30) the talks had filled the two screens with five sessions of the
// forty; at MLSys, whose sessions are named "Session 3", the talks are what a visitor
// chooses by, and they stay.
//
// When even the bare list needs more screens than the cycle shows, the screens hold the
// most important sessions of the page's hours rather than the first in time: keynotes
// and the opening and closing, then the rooms in the program's order (main halls first:
// the import's and `rooms_order`'s), breaks last. At 40 rooms the main halls' 18:30
// talks had been on a screen the cycle never showed, behind 11:30's corner rooms.
struct Screens {
    Plan plan;
    bool withTalks = true;
    std::size_t chosenFrom = 0;  // the page's sessions the chosen ones were taken from; 0: all shown
};

int importanceTier(SessionKind kind) {
    switch (kind) {
    case SessionKind::keynote:
    case SessionKind::opening:
    case SessionKind::closing: return 0;
    default: return isPause(kind) ? 2 : 1;
    }
}

Screens screens(const PageDraw& d, const PageConfig& page, std::vector<Index>& list,
                const std::vector<Index>& later = {}) {
    const KioskView& view = d.view;
    Canvas& c = d.c;
    std::vector<Index> all = list;
    std::size_t own = list.size();
    Plan plan = screens({view, c}, page, list, later, true);
    auto cap = static_cast<std::size_t>(std::max(0, maxScreensOf(page)));
    if (cap == 0 || plan.size() <= cap || std::min(plan[cap - 1].second, own) * 2 >= own)
        return {std::move(plan), true};
    list = all;
    Plan bare = screens({view, c}, page, list, later, false);
    if (bare.size() <= cap) return {std::move(bare), false};
    const Program& p = view.p();
    std::vector<std::size_t> rank(own);
    for (std::size_t i = 0; i < own; ++i) rank[i] = i;
    auto key = [&](std::size_t i) {
        const Session& s = p.sessions[all[i]];
        return std::tuple(importanceTier(s.kind), s.room ? *s.room : p.rooms.size(), s.time.start, i);
    };
    std::stable_sort(rank.begin(), rank.end(), [&](std::size_t a, std::size_t b) { return key(a) < key(b); });
    // As many as the cycle's screens hold positionally, fewer while they do not fit.
    for (std::size_t n = std::min(bare[cap - 1].second, own); n > 0; --n) {
        std::vector<std::size_t> chosen(rank.begin(), rank.begin() + static_cast<std::ptrdiff_t>(n));
        std::sort(chosen.begin(), chosen.end());  // shown by time, as the agenda reads
        list.clear();
        for (std::size_t i : chosen) list.push_back(all[i]);
        Plan fit = screens({view, c}, page, list, {}, false);
        if (fit.size() <= cap) return {std::move(fit), false, own};
    }
    list = std::move(all);
    return {screens({view, c}, page, list, later, false), false};
}

}  // namespace

int upcomingScreens(const KioskView& view, const PageConfig& page, Canvas& c) {
    auto list = items(view, page);
    return static_cast<int>(screens({view, c}, page, list).plan.size());  // the later ones never add a screen
}

std::vector<Index> upcomingOn(const KioskView& view, const PageConfig& page, int screen, Canvas& c) {
    std::vector<Index> later;
    auto list = items(view, page, &later);
    auto plan = screens({view, c}, page, list, later).plan;
    if (screen < 0 || static_cast<std::size_t>(screen) >= plan.size()) return {};
    auto [first, last] = plan[static_cast<std::size_t>(screen)];
    return std::vector<Index>(list.begin() + static_cast<std::ptrdiff_t>(first),
                              list.begin() + static_cast<std::ptrdiff_t>(last));
}

namespace {

// The page's heading: the hours it covers ("COMING UP  ·  THE NEXT 3 HOURS"), "STARTING"
// when what is on is left out; until when, on the last screen filled with what comes
// after the page's hours, on the screens a cycle shows of more, and with how many of how
// many when the most important were chosen.
// The sessions listed: the page's `own` first, then those after its hours that fill the
// last screen.
struct Listed {
    const std::vector<Index>& list;
    std::size_t own;
};
std::string upcomingTitle(const KioskView& view, const PageConfig& page, int screen, const Listed& listed,
                          const Screens& screens) {
    const std::vector<Index>& list = listed.list;
    const std::size_t own = listed.own;
    const Program& p = view.p();
    const Plan& plan = screens.plan;
    long long minutes = page.ahead.count();
    bool starting = startingOnly(view, list);
    auto span = static_cast<unsigned long>(minutes % 60 != 0 ? minutes : minutes / 60);
    std::string title =
        minutes % 60 != 0
            ? trf(starting ? trn("STARTING  ·  THE NEXT %lu MINUTE", "STARTING  ·  THE NEXT %lu MINUTES", span)
                           : trn("COMING UP  ·  THE NEXT %lu MINUTE", "COMING UP  ·  THE NEXT %lu MINUTES", span),
                  span)
        : minutes == 60
            ? std::string(starting ? tr("STARTING  ·  THE NEXT HOUR") : tr("COMING UP  ·  THE NEXT HOUR"))
            : trf(starting ? trn("STARTING  ·  THE NEXT %lu HOUR", "STARTING  ·  THE NEXT %lu HOURS", span)
                           : trn("COMING UP  ·  THE NEXT %lu HOUR", "COMING UP  ·  THE NEXT %lu HOURS", span),
                  span);
    // The last screen, filled with what comes after the page's hours, says until when.
    if (plan[static_cast<std::size_t>(screen)].second > own)
        title = trf(
            tr("COMING UP  ·  UNTIL %s"),
            dayAndTime(view, p.sessions[list[plan[static_cast<std::size_t>(screen)].second - 1]].time.start).c_str());
    // A cycle shows at most max_screens of the page: when that is less than the page's
    // hours hold (two screens of a 40-room conference cover half an hour, not three
    // hours), the heading says the window those screens show, never the hours it cannot.
    auto cap = static_cast<std::size_t>(std::max(0, maxScreensOf(page)));
    if (cap > 0 && plan.size() > cap && static_cast<std::size_t>(screen) < cap) {
        std::string until = dayAndTime(view, p.sessions[list[plan[cap - 1].second - 1]].time.start);
        title = trf(starting ? tr("STARTING  ·  UNTIL %s") : tr("COMING UP  ·  UNTIL %s"), until.c_str());
    }
    // The most important of more than the cycle shows: the heading says how many of how
    // many, and until when the chosen ones start.
    if (screens.chosenFrom > 0) {
        Instant last = view.now;
        for (Index i : list) last = std::max(last, p.sessions[i].time.start);
        title = trf(starting ? tr("STARTING  ·  UNTIL %s  ·  %zu OF %zu, MAIN ROOMS FIRST")
                             : tr("COMING UP  ·  UNTIL %s  ·  %zu OF %zu, MAIN ROOMS FIRST"),
                    dayAndTime(view, last).c_str(), list.size(), screens.chosenFrom);
    }
    return title;
}

// A card's line under the title, from `at`: the room (when it shares the line), what
// changed, the kind, the times, the track, the language and the chairs. Returns its height.
float metaLine(const PageDraw& d, const Session& s, const RoomPart& room, ImVec2 at, float right) {
    const KioskView& view = d.view;
    Canvas& c = d.c;
    const Theme& t = c.t();
    const Program& p = view.p();
    // The track before the times, which the card's clock also gives: its colour on the
    // card's edge is never the only place it is said (#30.7), even where the line is cut.
    std::string meta = std::string(displayName(s.kind));
    if (s.track) meta += "  ·  " + isolate(p.tracks[*s.track].name);
    meta += "  ·  " + shortTime(view, s.time.start) + "–" + shortTime(view, s.time.end);
    TextStyle metaStyle{Face::text, t.small, Weight::regular, t.muted, 1};
    float metaX = at.x;
    if (room.height == 0 && !room.label.empty()) {
        text(c, room.label, room.style, {at, room.width + 1});
        metaX += room.width + t.gapL();
        meta = "·  " + meta;
    }
    float metaW = right - metaX;
    // What changed on the day leads the line, in the alert colour.
    std::string change = changeLine(p, s);
    float changeW =
        change.empty() ? 0.0f : std::min(metaW * 0.6f, measure(c, change, Face::text, t.small, Weight::bold));
    if (changeW > 0) {
        changeNote(c, change, ImVec2{metaX, at.y}, changeW + 1, t.small);
        changeW += t.gapL();
    }
    std::string chairs = s.chairs.empty() ? std::string() : "  ·  " + isolate(peopleLine(p, s.chairs, 3));
    float chairsW = measure(c, chairs, Face::text, t.small, Weight::regular);
    meta =
        withLanguage(c, p, sessionLanguage(p, s), meta, {TextStyle{Face::text, t.small}, metaW - changeW - chairsW}) +
        chairs;
    return text(c, meta, metaStyle, {ImVec2{metaX + changeW, at.y}, metaW - changeW});
}

// A card's talks from `at`, `mainW` wide, one a line with their times (the one on now in
// the live colour, a changed one with what changed), then "+ 3 more".
void cardTalks(const PageDraw& d, const Session& s, bool withTalks, ImVec2 at, float mainW) {
    const KioskView& view = d.view;
    Canvas& c = d.c;
    const Theme& t = c.t();
    const Program& p = view.p();
    float mainX = at.x, ty = at.y;
    TextStyle talkStyle{Face::text, t.small, Weight::regular, t.text, 1};
    float twoLines = t.lineHeight(t.small);
    float slotW = measure(c, localClockSample(), Face::text, t.small, Weight::regular) + t.gap;
    std::size_t talks = withTalks ? talksShown(p, s) : 0;
    std::size_t listed = talksListed(talks);
    for (std::size_t k = 0; k < listed; ++k) {
        const Talk& talk = p.talks[s.talks[k]];
        bool now = talk.slot.contains(view.now);
        TextStyle slotStyle{Face::text, t.small, Weight::regular, now ? t.live : t.muted, 1};
        text(c, shortTime(view, talk.slot.start), slotStyle, {ImVec2{mainX, ty}, slotW});
        int lines = talkLines(c, talk, mainW);
        if (talk.change.cancelled || talk.change.late != Duration{}) {
            TextStyle changed{Face::text, t.small, Weight::regular, talk.change.cancelled ? t.alert : t.text, lines};
            std::string line = talk.change.cancelled ? trf(tr("Cancelled: %s"), headline(talk).c_str())
                                                     : headline(talk) + "  ·  " + changeLine(talk);
            text(c, line, changed, {ImVec2{mainX + slotW, ty}, mainW - slotW, FLT_MAX, Align::beside});
        } else {
            // Beside its time, a right-to-left title too (it had gone to the row's far end).
            TextStyle style = talkStyle;
            style.maxLines = lines;
            text(c, headline(talk), style, {ImVec2{mainX + slotW, ty}, mainW - slotW, FLT_MAX, Align::beside});
        }
        ty += talkLine(t) + static_cast<float>(lines - 1) * twoLines;
    }
    if (talks > listed) {
        std::size_t more = talks - listed;
        TextStyle metaStyle{Face::text, t.small, Weight::regular, t.muted, 1};
        text(c, trf(tr("+ %zu more"), static_cast<std::size_t>(more)), metaStyle,
             {ImVec2{mainX + slotW, ty}, mainW - slotW});
    }
}

// One session's card: the track's colour as a bar on the left edge, the time (LIVE under
// it), the title, the room, the line under it and the talks.
void sessionCard(const PageDraw& d, Index session, Rect card, float timeW, bool withTalks) {
    const KioskView& view = d.view;
    Canvas& c = d.c;
    const Theme& t = c.t();
    const Program& p = view.p();
    const Session& s = p.sessions[session];
    bool live = s.time.contains(view.now);
    fillRect(c, card.min, card.max, t.surface, t.radius);
    touchTarget(c, card, {browse::Action::Kind::session, session});
    ImU32 bar = t.track;
    if (s.track && p.tracks[*s.track].color)
        bar = toImU32(*p.tracks[*s.track].color);
    else if (isPause(s.kind))
        bar = t.pause;
    fillRect(c, card.min, ImVec2{card.min.x + 8 * t.unit + 2, card.max.y}, bar, t.radius);
    float pad = t.gap;
    float x = card.min.x + pad + 10 * t.unit;
    TextStyle time{Face::display, t.title, Weight::bold, live ? t.live : t.text, 1};
    text(c, shortTime(view, s.time.start), time, {ImVec2{x, card.min.y + pad * 0.8f}, timeW});
    if (live) chip(c, ImVec2{x, card.min.y + liveChipTop(t)}, tr("LIVE"), {t.live, t.background}, t.small);
    float mainX = x + timeW;
    float mainW = card.max.x - pad - mainX;
    float ty = card.min.y + pad * 0.8f;
    TextStyle name{Face::display, t.subtitle, Weight::bold, isPause(s.kind) || s.change.cancelled ? t.muted : t.text,
                   2};
    ty += text(c, sessionTitle(s), name, {ImVec2{mainX, ty}, mainW}) + t.gap * 0.15f;
    RoomPart room = roomPart(c, p, s, mainW);
    if (room.height > 0) {
        ty += text(c, room.label, room.style, {ImVec2{mainX, ty}, mainW});
    }
    ty += metaLine({view, c}, s, room, ImVec2{mainX, ty}, card.max.x - pad) + t.gapXs();
    cardTalks({view, c}, s, withTalks, ImVec2{mainX, ty}, mainW);
}

void drawUpcoming(const KioskView& view, const PageConfig& page, int screen, Canvas& c) {
    const Theme& t = c.t();
    const Program& p = view.p();
    std::vector<Index> later;
    auto list = items(view, page, &later);
    std::size_t own = list.size();
    Screens planned = screens({view, c}, page, list, later);
    if (screen < 0 || static_cast<std::size_t>(screen) >= planned.plan.size()) return;
    Rect content = contentRect(c);
    TextStyle heading{Face::text, t.small, Weight::regular, t.muted, 1};
    text(c, upcomingTitle(view, page, screen, {list, own}, planned), heading, {content.min, content.w()});
    Rect area = listArea(c);

    float y = area.min.y;
    float timeW = timeWidth(c);
    auto [first, last] = planned.plan[static_cast<std::size_t>(screen)];
    for (std::size_t i = first; i < last; ++i) {
        const Session& s = p.sessions[list[i]];
        float itemH = std::min(itemHeight(c, p, s, s.time.contains(view.now), planned.withTalks), area.max.y - y);
        sessionCard({view, c}, list[i], Rect{ImVec2{area.min.x, y}, ImVec2{area.max.x, y + itemH}}, timeW,
                    planned.withTalks);
        y += itemH + t.gapM();
    }
}

// "09:30 to 11:10: 3 sessions (1 live)".
std::string describeUpcoming(const KioskView& view, const PageConfig& page, int screen, Canvas& c) {
    std::vector<Index> sessions = upcomingOn(view, page, screen, c);
    if (sessions.empty()) return "nothing";
    const Program& p = view.p();
    int live = 0;
    for (Index s : sessions) live += p.sessions[s].time.contains(view.now);
    std::string out = dayAndTime(view, p.sessions[sessions.front()].time.start);
    Instant last = p.sessions[sessions.back()].time.start;
    if (last != p.sessions[sessions.front()].time.start) out += " to " + dayAndTime(view, last);
    out += ": " + std::to_string(sessions.size()) + (sessions.size() == 1 ? " session" : " sessions");
    if (live > 0) out += " (" + std::to_string(live) + " live)";
    return out;
}

}  // namespace

const PageType upcomingPage{upcomingScreens, drawUpcoming, describeUpcoming};

}  // namespace hallboard::ui
