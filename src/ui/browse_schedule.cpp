// The schedule (a day's sessions, filtered by room, track and language, "now" marked and in view),
// one session with its talks, and one room with the way there and its day.
#include <algorithm>
#include <cmath>

#include "model/language.hpp"
#include "model/wording.hpp"
#include "base/text.hpp"
#include "ui/browse_screens.hpp"
#include "ui/pages.hpp"
#include "ui/wayfinding.hpp"

namespace hallboard::ui::browse_ui {

namespace {

using K = Action::Kind;

std::vector<Index> unscheduledTalks(const Program& p) {
    std::vector<Index> out;
    for (Index t = 0; t < p.talks.size(); ++t)
        if (!p.talks[t].session) out.push_back(t);
    return out;
}

// A session is in a language when it, or one of its talks, is given in it.
bool inLanguage(const Program& p, const Session& s, const std::vector<std::string>& languages, std::size_t language) {
    if (language == Action::all || language >= languages.size()) return true;
    const std::string& tag = languages[language];
    if (s.language == tag) return true;
    return std::any_of(s.talks.begin(), s.talks.end(),
                       [&](Index t) { return effectiveLanguage(p, p.talks[t]) == tag; });
}

// The language filter's label: the language's name with its own word beside it ("German
// (Deutsch)") when that fits the stepper, else the name, else the code ("DE").
std::string languageFilterLabel(Ctx& x, float w, float h, const std::string& tag) {
    const Program& p = x.p();
    for (bool endonym : {true, false})
        if (std::string label = languageLabel(p, tag, endonym); stepperLabelFits(x, w, h, label)) return label;
    return languageBadge(p, tag);
}

bool inTrack(const Program& p, const Session& s, std::size_t track) {
    if (track == Action::all) return true;
    if (s.track == track) return true;
    return std::any_of(s.talks.begin(), s.talks.end(), [&](Index t) { return p.talks[t].track == track; });
}

// Steps through "all" and then every index below `count`.
Action stepAction(K kind, std::size_t current, std::size_t count, int dir) {
    std::size_t n = count + 1;  // "all" is position 0
    std::size_t pos = current == Action::all ? 0 : current + 1;
    pos = (pos + n + static_cast<std::size_t>(dir > 0 ? 1 : n - 1)) % n;
    return Action{kind, pos == 0 ? Action::all : pos - 1};
}

// What a visitor needs to know of a session besides its time and title, parts kept whole:
// its kind, room, track, language and number of talks, joined by " · " and broken onto
// another line between parts, never cut inside one (only a part wider than the line alone
// is, with "…"). The language by name ("German") in every row alike, even when that takes
// another line; by its code ("DE") only when the name is wider than a line of its own.
// `languages`: the program has more than one (asked once for the whole list).
// `showRoom`: false on a room's own page, where every row is that room.
std::vector<std::string> sessionMeta(Ctx& x, const Session& s, float width, bool languages, bool showRoom = true) {
    const Theme& t = x.t();
    const Program& p = x.p();
    std::string tag = languages ? sessionLanguage(p, s) : std::string();
    std::string language = languageText(tag);
    if (measure(x.c, language, Face::text, t.small, Weight::regular) > width) language = badgeText(tag);
    std::vector<std::string> parts{std::string(displayName(s.kind))};
    if (s.room && showRoom) parts.push_back(isolate(p.rooms[*s.room].name));
    if (s.track) parts.push_back(isolate(p.tracks[*s.track].name));
    if (!language.empty()) parts.push_back(language);
    if (!s.talks.empty()) parts.push_back(isolated(trf(trn("%zu talk", "%zu talks", s.talks.size()), s.talks.size())));
    const std::string dot = "  ·  ";
    std::vector<std::string> lines;
    for (const std::string& part : parts) {
        if (!lines.empty() && measure(x.c, lines.back() + dot + part, Face::text, t.small, Weight::regular) <= width)
            lines.back() += dot + part;
        else
            lines.push_back(part);
    }
    return lines;
}

// A session row's lines: the title on one line, or two when it needs them (a long title on
// a portrait screen), and the meta lines.
struct RowLines {
    int titleLines = 1;
    std::vector<std::string> meta;
};

TextStyle rowTitleStyle(const Theme& t, ImU32 ink, int lines) {
    return TextStyle{Face::display, t.body * 1.1f, Weight::bold, ink, lines, t.small};
}

RowLines sessionRowLines(Ctx& x, const Session& s, float width, bool languages, bool showRoom = true) {
    RowLines out;
    out.meta = sessionMeta(x, s, width, languages, showRoom);
    // Every row of the day is measured each frame: the cheap measure first, the layout
    // (which may shrink the title to fit) only for a title wider than the line.
    TextStyle title = rowTitleStyle(x.t(), x.t().text, 1);
    std::string text = sessionTitle(s);
    if (measure(x.c, text, title.face, title.px, title.weight) > width && layout(x.c, text, title, width).truncated)
        out.titleLines = 2;
    return out;
}

float sessionRowHeight(const Theme& t, const RowLines& lines) {
    float extra = t.small * 1.35f * static_cast<float>(lines.meta.size() > 1 ? lines.meta.size() - 1 : 0) +
                  t.body * 1.1f * 1.3f * static_cast<float>(lines.titleLines - 1);
    return std::max(thumb(t), std::round(t.body * 1.35f + t.small * 1.35f * 2 + t.gap * 0.9f + extra));
}

// The width beside the times that a session row's title and meta lines have.
float sessionTextWidth(Ctx& x, const List& list) {
    const Theme& t = x.t();
    float timeW = measure(x.c, localClockSample(), Face::display, t.subtitle, Weight::bold) + t.gap;
    return list.area.w() - 2 * t.gapXl() - 8 * t.unit - timeW;
}

void sessionRow(Ctx& x, const List& list, float contentY, Index si, const RowLines& lines) {
    const Theme& t = x.t();
    const Program& p = x.p();
    const Session& s = p.sessions[si];
    float h = sessionRowHeight(t, lines);
    Rect row{ImVec2{list.area.min.x, list.top() + contentY},
             ImVec2{list.area.max.x, list.top() + contentY + h - t.gapXs()}};
    Action open{K::session, si};
    x.target(row, open, true, true);
    if (!list.visible(contentY, h)) return;
    bool live = s.time.contains(x.view.now) && !s.change.cancelled;
    bool over = s.time.end <= x.view.now;
    fillRect(x.c, row.min, row.max, x.pressed(open) ? t.surfaceRaised : t.surface, t.radius * 0.6f);
    ImU32 bar = live ? t.live : isPause(s.kind) ? t.pause : t.track;
    if (s.track && p.tracks[*s.track].color && !live) bar = toImU32(*p.tracks[*s.track].color);
    fillRect(x.c, row.min, ImVec2{row.min.x + std::max(4.0f, 8 * t.unit), row.max.y}, bar, t.radius * 0.6f);
    float pad = t.gapXl();
    float timeW = measure(x.c, localClockSample(), Face::display, t.subtitle, Weight::bold) + t.gap;
    ImVec2 at{row.min.x + pad + 8 * t.unit, row.min.y + t.gapS()};
    ImU32 ink = over || s.change.cancelled ? t.muted : t.text;
    TextStyle time{Face::display, t.subtitle, Weight::bold, live ? t.live : ink, 1};
    text(x.c, shortTime(x.view, s.time.start), time, {at, timeW});
    TextStyle until{Face::text, t.small, Weight::regular, t.muted, 1};
    float endY = at.y + t.subtitle * 1.3f;
    // Live in words, not only in colour (#30.7): the LIVE chip under the end, or in its
    // place where the row has no room under it.
    // A chip wider than the column ("EN DIRECTO") is left out rather than drawn over the title.
    bool chipBelow = live && endY + t.small * 2.8f < row.max.y;
    float chipPx = t.small * 0.85f;
    bool chipFits = measure(x.c, tr("LIVE"), Face::text, chipPx, Weight::regular) + std::round(chipPx * 0.55f) * 2 <=
                    timeW - t.gapM();
    bool chipInstead = live && !chipBelow && chipFits;
    if (!chipInstead) text(x.c, "– " + shortTime(x.view, s.time.end), until, {ImVec2{at.x, endY}, timeW});
    if (chipBelow || chipInstead)
        chip(x.c, ImVec2{at.x, chipBelow ? endY + t.small * 1.4f : endY}, tr("LIVE"), {t.live, t.background}, chipPx);
    float tx = at.x + timeW, tw = row.max.x - pad - tx;
    // Nowhere in the time column (French "EN DIRECT", Spanish "EN DIRECTO" at 800x480):
    // the chip starts the title's line, and the title follows it.
    float chipW = 0;
    if (live && !chipBelow && !chipInstead) {
        TextStyle title = rowTitleStyle(t, ink, 1);
        float chipY = at.y + std::max(0.0f, (title.px * kLeading - chipPx * 1.69f) * 0.5f);
        chipW = chip(x.c, ImVec2{tx, chipY}, tr("LIVE"), {t.live, t.background}, chipPx) + t.gapS();
    }
    float y =
        at.y +
        text(x.c, sessionTitle(s), rowTitleStyle(t, ink, lines.titleLines), {ImVec2{tx + chipW, at.y}, tw - chipW}) +
        t.gap * 0.1f;
    TextStyle metaStyle{Face::text, t.small, Weight::regular, t.muted, 1};
    for (const std::string& line : lines.meta) y += text(x.c, line, metaStyle, {ImVec2{tx, y}, tw});
    if (std::string change = changeLine(p, s); !change.empty()) {
        changeNote(x.c, change, ImVec2{tx, y}, tw, t.small);
    } else if (!s.chairs.empty()) {
        text(x.c, trf(trn("Chair: %s", "Chairs: %s", s.chairs.size()), peopleLine(p, s.chairs, 3).c_str()), metaStyle,
             {ImVec2{tx, y}, tw});
    } else if (!s.talks.empty()) {
        text(x.c, titleOrOpening(p.talks[s.talks[0]]) + (s.talks.size() > 1 ? "  ·  …" : ""), metaStyle,
             {ImVec2{tx, y}, tw});
    }
}

// "Now 10:20": a line across the list where the present falls.
void nowLine(Ctx& x, const List& list, float contentY) {
    const Theme& t = x.t();
    float y = list.top() + contentY + t.small * 0.7f;
    if (!list.visible(contentY, t.small * 1.6f)) return;
    TextStyle st{Face::text, t.small, Weight::bold, t.live, 1};
    std::string label = trf(tr("NOW  %s"), shortTime(x.view, x.view.now).c_str());
    float w = measure(x.c, label, Face::text, t.small, Weight::bold);
    text(x.c, label, st, {ImVec2{list.area.min.x, y - t.small * 0.65f}, w + 2});
    fillRect(x.c, ImVec2{list.area.min.x + w + t.gapM(), y - 1.5f * t.unit - 1},
             ImVec2{list.area.max.x, y + 1.5f * t.unit + 1}, t.live);
}

// A day's session rows from content offset `cy`, the NOW line where the present falls
// when `today`: between what has started and what is still to come (after them all
// when everything has started). `nowAt` gets the offset the list opens at: the first
// session on now that began in the last 90 minutes, else the NOW line. A session on
// for longer (an all-day workshop) is not what a visitor means by "now": opening at it
// put hundreds of rows between the view and the present. `showRoom`: false on a room's
// own page. Returns the offset under the rows.
struct DayRows {
    const std::vector<Index>& sessions;
    bool today;
};
float sessionRows(Ctx& x, const ListAt& at, const DayRows& day, std::optional<float>& nowAt, bool showRoom = true) {
    const List& list = at.list;
    float cy = at.y;
    const std::vector<Index>& sessions = day.sessions;
    const bool today = day.today;
    const Theme& t = x.t();
    const Program& p = x.p();
    float metaW = sessionTextWidth(x, list);
    bool languages = programLanguages(p).size() > 1;  // asked once for the list
    const Instant now = x.view.now;
    const Instant recent = now - std::chrono::minutes{90};
    bool lineDrawn = false;
    for (Index s : sessions) {
        const TimeRange& time = p.sessions[s].time;
        RowLines lines = sessionRowLines(x, p.sessions[s], metaW, languages, showRoom);
        if (today && !nowAt && time.end > now && time.start >= recent) nowAt = cy;
        if (today && !lineDrawn && time.start > now) {
            if (!nowAt) nowAt = cy;
            nowLine(x, list, cy);
            cy += t.small * 1.6f;
            lineDrawn = true;
        }
        sessionRow(x, list, cy, s, lines);
        cy += sessionRowHeight(t, lines);
    }
    if (today && !lineDrawn && !sessions.empty()) {  // everything today has started
        if (!nowAt) nowAt = cy;
        nowLine(x, list, cy);
        cy += t.small * 1.6f;
    }
    return cy;
}

// With directions to `room`: its floor maps with the way there, beside the page's list on
// a landscape screen (the whole height: two floors stand one above the other when that
// draws them larger) or under it on a portrait one (side by side across the width).
// Returns what is left for the list; all of `area` without directions.
Rect routeMapBeside(Ctx& x, Rect area, Index room) {
    if (!directionsTo(x.view, room)) return area;
    const Theme& t = x.t();
    Rect mapArea = area;
    if (area.h() > area.w() && t.reach) {
        // Within reach (theme.hpp): the map over the list, whose buttons stay low.
        float mapH = std::min(area.h() * 0.45f, routeMapHeight(x.c, x.view, room, area.w()));
        mapArea.max.y = area.min.y + mapH;
        area.min.y = mapArea.max.y + t.gap;
    } else if (area.h() > area.w()) {
        float mapH = std::min(area.h() * 0.45f, routeMapHeight(x.c, x.view, room, area.w()));
        mapArea.min.y = area.max.y - mapH;
        area.max.y = mapArea.min.y - t.gap;
    } else {
        float sideW = std::min(area.w() * 0.45f, area.h() * 1.3f);
        mapArea.min.x = area.max.x - sideW;
        area.max.x = mapArea.min.x - t.gap * 1.5f;
    }
    routeMap(x.c, x.view, room, mapArea);
    return area;
}

// What the schedule's page shows: which day (past the days, the accepted papers without
// a slot), the program's languages, and the filters' height and place.
struct ScheduleState {
    std::vector<Index> papers;
    std::vector<std::string> languages;
    std::size_t pages = 0, day = 0;
    bool paperPage = false, byLanguage = false, narrow = false;
    float h = 0;
};

// The day at the top left: a stepper through the days (and the papers), or the date as a
// heading when there is nothing else to page to.
void dayHeading(Ctx& x, Rect area, const ScheduleState& st, float dayW) {
    const Theme& t = x.t();
    const auto& days = x.view.s().days();
    float y = area.min.y, h = st.h;
    std::size_t day = st.day, pages = st.pages;
    std::string dayLabel = st.paperPage
                               ? tr("Papers without a time slot")
                               : localShortDate(days[day]) +
                                     (days.size() > 1 ? "  ·  " + trf(tr("Day %zu of %zu"), day + 1, days.size()) : "");
    if (pages == 0) dayLabel = tr("No sessions");
    if (pages > 1) {
        stepper(x, Rect{ImVec2{area.min.x, y}, ImVec2{area.min.x + dayW, y + h}}, dayLabel,
                {Action{K::day, day > 0 ? day - 1 : 0}, Action{K::day, day + 1}, day > 0, day + 1 < pages});
    } else {
        // One day and nothing else to page to: the date as a heading, not a stepper
        // with no arrows.
        if (pages == 1 && !st.paperPage) dayLabel = localLongDate(days[day]);
        TextStyle heading{Face::display, t.subtitle, Weight::bold, t.text, 1, t.body};
        TextBlock b = layout(x.c, dayLabel, heading, dayW);
        drawBlock(x.c, b, heading, {ImVec2{area.min.x, y + (h - b.height) * 0.5f}});
    }
}

// Three filters too narrow for a language's name on a portrait screen (or for its code
// on any): rooms and tracks share the row, the language gets a row of its own below
// them. On a short landscape screen the row is worth more to the list: a name that
// does not fit a third shows as its code there. Decided by every language, so the
// stepper stays under the finger while it steps through them.
bool languageOwnRow(Ctx& x, Rect area, const ScheduleState& st, float slots, float filterW) {
    if (!(st.narrow && !st.paperPage && st.byLanguage && slots > 2)) return false;
    const Program& p = x.p();
    bool portrait = area.h() > area.w();
    bool languageRow = !stepperLabelFits(x, filterW, st.h, tr("Languages"));
    for (const std::string& tag : st.languages)
        if (!languageRow &&
            !stepperLabelFits(x, filterW, st.h, portrait ? languageLabel(p, tag) : languageBadge(p, tag)))
            languageRow = true;
    return languageRow;
}

// Where the filters go: from `fx`, `slots` of `filterW` each, the language on a row of
// its own when `languageRow`.
struct FilterRow {
    float fx = 0, slots = 1, filterW = 0;
    bool languageRow = false;
};

FilterRow filterRow(Ctx& x, Rect area, const ScheduleState& st, float dayW) {
    const Theme& t = x.t();
    FilterRow f;
    f.fx = st.narrow ? area.min.x : area.min.x + dayW + t.gap;
    // The room slot is kept even with one room, so the filters stay where they were.
    f.slots = 1.0f + (x.p().tracks.empty() ? 0.0f : 1.0f) + (st.byLanguage ? 1.0f : 0.0f);
    f.filterW = (area.max.x - f.fx - t.gap * (f.slots - 1)) / f.slots;
    f.languageRow = languageOwnRow(x, area, st, f.slots, f.filterW);
    if (f.languageRow) f.filterW = (area.max.x - f.fx - t.gap) / 2;
    return f;
}

// The height of the day and the filters' rows.
float scheduleControlsHeight(Ctx& x, Rect area, const ScheduleState& st, float dayW) {
    const Program& p = x.p();
    float rows = 1;
    if (st.narrow && !st.paperPage && (p.rooms.size() > 1 || !p.tracks.empty() || st.byLanguage)) {
        rows += 1;
        if (st.byLanguage && filterRow(x, area, st, dayW).languageRow) rows += 1;
    }
    return rows * st.h + (rows - 1) * x.t().gap * 0.4f;
}

// The filters: the room, the track and the language (when the program has more than
// one), beside the day when they fit there, below it on a narrow screen; their first row
// at `y`. Returns the top of their last row.
float filterSteppers(Ctx& x, Rect area, const ScheduleState& st, float dayW, float y) {
    const Theme& t = x.t();
    const Program& p = x.p();
    float h = st.h;
    FilterRow row = filterRow(x, area, st, dayW);
    float fx = row.fx, filterW = row.filterW;
    bool languageRow = row.languageRow;
    float fy = st.narrow ? y + h + t.gapS() : y;
    bool tracks = !p.tracks.empty();
    if (!st.paperPage && p.rooms.size() > 1) {
        std::size_t room = x.browser.room();
        std::string label = room == Action::all || room >= p.rooms.size() ? tr("All rooms") : p.rooms[room].name;
        stepper(
            x, Rect{ImVec2{fx, fy}, ImVec2{fx + filterW, fy + h}}, label,
            {stepAction(K::room, room, p.rooms.size(), -1), stepAction(K::room, room, p.rooms.size(), 1), true, true});
    }
    float nextX = fx + filterW + t.gap;
    if (!st.paperPage && tracks) {
        std::size_t track = x.browser.track();
        std::string label = track == Action::all || track >= p.tracks.size() ? tr("All tracks") : p.tracks[track].name;
        stepper(x, Rect{ImVec2{nextX, fy}, ImVec2{nextX + filterW, fy + h}}, label,
                {stepAction(K::track, track, p.tracks.size(), -1), stepAction(K::track, track, p.tracks.size(), 1),
                 true, true});
        nextX += filterW + t.gap;
    }
    if (!st.paperPage && st.byLanguage) {
        std::size_t language = x.browser.language();
        float languageW = filterW;
        if (languageRow) {
            fy += h + t.gapS();
            nextX = fx;
            languageW = area.max.x - fx;
        }
        std::string label = language == Action::all || language >= st.languages.size()
                                ? tr("Languages")
                                : languageFilterLabel(x, languageW, h, st.languages[language]);
        stepper(x, Rect{ImVec2{nextX, fy}, ImVec2{nextX + languageW, fy + h}}, label,
                {stepAction(K::language, language, st.languages.size(), -1),
                 stepAction(K::language, language, st.languages.size(), 1), true, true});
    }
    return fy;
}

// The list: the papers without a slot, or the day's sessions through the filters, with
// the line at now on today's. Returns its height; `nowAt` gets where now is.
float scheduleRows(Ctx& x, const List& list, const ScheduleState& st, std::optional<float>& nowAt) {
    const Theme& t = x.t();
    const Program& p = x.p();
    const auto& days = x.view.s().days();
    float cy = 0;
    if (st.paperPage) {
        for (Index ti : st.papers) {
            talkRow(x, {list, cy}, ti);
            cy += talkRowHeight(t);
        }
    } else if (!days.empty()) {
        std::vector<Index> sessions;
        for (Index s : x.view.s().sessionsOn(days[st.day])) {
            const Session& session = p.sessions[s];
            if (x.browser.room() != Action::all && session.room != x.browser.room()) continue;
            if (!inTrack(p, session, x.browser.track())) continue;
            if (!inLanguage(p, session, st.languages, x.browser.language())) continue;
            sessions.push_back(s);
        }
        bool today = x.view.s().today(x.view.now) == days[st.day];
        cy = sessionRows(x, {list, cy}, {sessions, today}, nowAt);
        if (sessions.empty()) {
            TextStyle quiet{Face::text, t.body, Weight::regular, t.muted, 2};
            cy += text(x.c, tr("No sessions on this day with these filters."), quiet,
                       {ImVec2{list.area.min.x, list.top()}, list.area.w()});
        }
    }
    return cy;
}

}  // namespace

void drawSchedule(Ctx& x, Rect area) {
    const Theme& t = x.t();
    const Program& p = x.p();
    const auto& days = x.view.s().days();
    ScheduleState st;
    st.papers = unscheduledTalks(p);
    // The days, then "Papers" for accepted papers without a slot, when there are any.
    st.pages = days.size() + (st.papers.empty() ? 0 : 1);
    if (x.c.facts) x.c.facts->days = std::max<std::size_t>(1, st.pages);
    st.day = std::min(x.browser.day(), st.pages > 0 ? st.pages - 1 : 0);
    st.paperPage = st.day >= days.size();
    // Filters: the day, the room, the track.
    st.h = thumb(t);
    // Languages: a filter only when the program has more than one.
    st.languages = programLanguages(p);
    st.byLanguage = st.languages.size() > 1;
    // Filters beside the day when they fit there; below it on a narrow screen, and when
    // there are three of them (rooms, tracks, languages), each then a third of the width.
    st.narrow = area.w() < st.h * 15 || (st.byLanguage && !p.tracks.empty() && p.rooms.size() > 1);
    float dayW = st.narrow ? area.w() : area.w() * 0.42f;
    // The day and the filters over the list, or within reach (theme.hpp) under it.
    float controlsH = scheduleControlsHeight(x, area, st, dayW);
    Rect controls = area;
    if (t.reach) controls.min.y = area.max.y - controlsH;
    dayHeading(x, controls, st, dayW);
    filterSteppers(x, area, st, dayW, controls.min.y);
    Rect listArea{ImVec2{area.min.x, area.min.y + controlsH + t.gapXl()}, area.max};
    if (t.reach) listArea = Rect{area.min, ImVec2{area.max.x, controls.min.y - t.gapXl()}};
    List list = beginList(x, listArea);
    std::optional<float> nowAt;
    float cy = scheduleRows(x, list, st, nowAt);
    endList(x, list, cy, nowAt);
}

void drawSession(Ctx& x, Rect area, Index si) {
    const Theme& t = x.t();
    const Program& p = x.p();
    if (si >= p.sessions.size()) return;
    const Session& s = p.sessions[si];
    if (s.room) area = routeMapBeside(x, area, *s.room);
    List list = beginList(x, area);
    float cy = 0;
    auto block = [&](const std::string& str, const TextStyle& st) {
        cy = paragraph(x, {list, cy}, str, st, t.gapXs());
    };
    block(sessionLabel(s), TextStyle{Face::text, t.small, Weight::regular, t.accent, 1});
    block(sessionTitle(s), TextStyle{Face::display, t.title, Weight::bold, t.text, 0});
    std::string when = localShortDate(localDay(p.conference.zone, s.time.start)) + ", " +
                       shortTime(x.view, s.time.start) + "–" + shortTime(x.view, s.time.end);
    if (s.room) when += "  ·  " + isolate(p.rooms[*s.room].name);
    if (s.track) when += "  ·  " + isolate(p.tracks[*s.track].name);
    // The line wraps, so the language by name, in its own words too ("German (Deutsch)").
    if (std::string language = languageLabel(p, sessionLanguage(p, s), true); !language.empty())
        when += "  ·  " + language;
    std::string status = whenText(x.view, s.time);
    if (s.time.contains(x.view.now) ||
        (s.time.start > x.view.now && s.time.start - x.view.now < std::chrono::hours{12}))
        when += "  ·  " + status;
    block(when, TextStyle{Face::text, t.body, Weight::regular, s.time.contains(x.view.now) ? t.live : t.muted, 0});
    if (s.room) cy = stepFreeButton(x, list, roomButton(x, list, cy, *s.room), *s.room);
    if (std::string change = changeLine(p, s); !change.empty())
        block(change, TextStyle{Face::text, t.body, Weight::bold, t.alert, 0});
    if (!s.chairs.empty())
        block(trf(trn("Chair: %s", "Chairs: %s", s.chairs.size()), peopleLine(p, s.chairs).c_str()),
              TextStyle{Face::text, t.body, Weight::regular, t.muted, 0});
    block(s.description, TextStyle{Face::text, t.body, Weight::regular, t.text, 0});
    cy += t.gapM();
    for (Index ti : s.talks) {
        talkRow(x, {list, cy}, ti);
        cy += talkRowHeight(t);
    }
    if (s.talks.empty() && !isPause(s.kind))
        block(tr("No talks are listed for this session."), TextStyle{Face::text, t.body, Weight::regular, t.muted, 0});
    endList(x, list, cy);
}

float roomButton(Ctx& x, const List& list, float contentY, Index room) {
    const Theme& t = x.t();
    const Program& p = x.p();
    if (room >= p.rooms.size()) return contentY;
    float h = thumb(t);
    TextStyle name{Face::text, t.body, Weight::bold, t.text, 1, t.small};
    float pad = t.gapXl();
    float chevronW = measure(x.c, "›", Face::text, t.body, Weight::bold);
    float tagW = directionsWidth(x.c, x.view, room, t.small);
    float nameW = measure(x.c, p.rooms[room].name, name.face, name.px, name.weight);
    float w = std::min(list.area.w(), pad * 2 + nameW + (tagW > 0 ? t.gap + tagW : 0) + t.gapXl() + chevronW);
    Rect r{ImVec2{list.area.min.x, list.top() + contentY}, ImVec2{list.area.min.x + w, list.top() + contentY + h}};
    Action open{K::place, room};
    x.target(r, open, true, true);
    if (list.visible(contentY, h)) {
        fillRect(x.c, r.min, r.max, x.pressed(open) ? t.track : t.surfaceRaised, h * 0.5f);
        float inner = w - pad * 2 - t.gapXl() - chevronW;
        // The name first; the way there beside it while both fit, else the name alone.
        float shownTag = tagW > 0 && nameW + t.gap + tagW <= inner ? tagW : 0;
        // A pixel to spare: the button is as wide as the name, and the widths taken back
        // out of it can leave a hair less than the name's own ("Main…" at 1920x1080).
        float nameSpace = inner - (shownTag > 0 ? shownTag + t.gap : 0) + 1;
        TextBlock b = layout(x.c, p.rooms[room].name, name, nameSpace);
        drawBlock(x.c, b, name, {ImVec2{r.min.x + pad, r.min.y + (h - b.height) * 0.5f}});
        if (shownTag > 0)
            directionsTag(
                x.c, x.view, room,
                {ImVec2{r.min.x + pad + b.width + t.gap, r.min.y + (h - t.small * kLeading) * 0.5f}, shownTag + 1},
                TextStyle{Face::text, t.small, Weight::bold, t.text, 1});
        text(x.c, "›", TextStyle{Face::text, t.body, Weight::bold, t.text, 1},
             {ImVec2{r.max.x - pad - chevronW, r.min.y + (h - t.body * kLeading) * 0.5f}, chevronW + 1});
    }
    return contentY + h + t.gapM();
}

namespace {

// Where else to go from a crowded room: a button a talk, nearest first.
float alternativeButtons(Ctx& x, const List& list, float cy, Index room) {
    const Theme& t = x.t();
    auto others = alternativesTo(x.view.s(), room, x.view.now, x.view.wayfinding, 4);
    if (others.empty())
        return paragraph(x, {list, cy}, tr("Nothing else is on right now."),
                         TextStyle{Face::text, t.body, Weight::regular, t.muted, 0}, t.gapXs());
    cy = paragraph(x, {list, cy}, tr("ALSO ON NOW"), TextStyle{Face::text, t.small, Weight::bold, t.accent, 1},
                   t.gapXs());
    TextStyle st{Face::text, t.body, Weight::regular, t.text, 0};
    float pad = t.gapL();
    for (const Alternative& a : others) {
        TextBlock b = layout(x.c, alternativeLine(x.view, a), st, list.area.w() - 2 * pad);
        float h = std::max(thumb(t), b.height + pad);
        Rect r{ImVec2{list.area.min.x, list.top() + cy}, ImVec2{list.area.max.x, list.top() + cy + h}};
        Action open{K::session, a.session};
        x.target(r, open, true, true);
        if (list.visible(cy, h)) {
            fillRect(x.c, r.min, r.max, x.pressed(open) ? t.track : t.surfaceRaised, t.radius * 0.5f);
            drawBlock(x.c, b, st, {ImVec2{r.min.x + pad, r.min.y + (h - b.height) * 0.5f}});
        }
        cy += h + t.gapXs();
    }
    return cy;
}

// The room's stream as a QR code that scans, under a heading; nothing when it has none.
float streamPanel(Ctx& x, const List& list, float cy, Index room) {
    const Theme& t = x.t();
    const browse::QrCode* qr = streamCode(x.p(), room);
    if (!qr) return cy;
    float side = std::min(list.area.w() * 0.6f, t.body * 9);
    if (side <= 80 || !qrScans(t, *qr, side)) return cy;
    cy = paragraph(x, {list, cy}, tr("Watch the stream"), TextStyle{Face::text, t.body, Weight::bold, t.text, 0},
                   t.gapXs());
    if (list.visible(cy, side)) drawQrCode(x.c, *qr, ImVec2{list.area.min.x, list.top() + cy}, side);
    return cy + side + t.gapM();
}

}  // namespace

float roomNotes(Ctx& x, const List& list, float cy, Index room, bool stream) {
    const Theme& t = x.t();
    const Program& p = x.p();
    if (room >= p.rooms.size()) return cy;
    const Room& r = p.rooms[room];
    if (std::string state = occupancyLabel(p, room); !state.empty()) {
        if (r.state.since) state += "  ·  " + trf(tr("since %s"), shortTime(x.view, *r.state.since).c_str());
        cy = paragraph(x, {list, cy}, state, TextStyle{Face::text, t.body, Weight::bold, t.alert, 0}, t.gapXs());
        cy = alternativeButtons(x, list, cy, room);
    }
    std::string about = r.capacity
                            ? trf(trn("%d seat", "%d seats", static_cast<unsigned long>(*r.capacity)), *r.capacity)
                            : std::string();
    if (!r.description.empty()) about += (about.empty() ? "" : "  ·  ") + r.description;
    cy = paragraph(x, {list, cy}, about, TextStyle{Face::text, t.body, Weight::regular, t.muted, 0}, t.gapS());
    return stream ? streamPanel(x, list, cy, room) : cy;
}

namespace {

// The room's page's head: its name, its state and what the program says of it, the way there.
float roomHead(Ctx& x, const List& list, Index room) {
    const Theme& t = x.t();
    float cy =
        paragraph(x, {list, 0}, tr("ROOM"), TextStyle{Face::text, t.small, Weight::regular, t.accent, 1}, t.gapXs());
    cy = paragraph(x, {list, cy}, x.p().rooms[room].name, TextStyle{Face::display, t.title, Weight::bold, t.text, 0},
                   t.gapXs());
    // The stream's code up here for a full room (watch it instead), else at the end.
    cy = roomNotes(x, list, cy, room, crowded(x.p(), room));
    if (directionsTo(x.view, room)) {
        // A few lines, drawn also when scrolled away (the list clips them): their height
        // is only known once drawn.
        cy += drawRouteSteps(x.c, x.view, room, ImVec2{list.area.min.x, list.top() + cy}, list.area.w()) + t.gapM();
    }
    return cy;
}

}  // namespace

float stepFreeButton(Ctx& x, const List& list, float contentY, Index room) {
    const Theme& t = x.t();
    const Wayfinding* w = x.view.wayfinding;
    if (!w || w->stepFree || !w->to(room)) return contentY;
    bool on = x.browser.stepFreeWay();
    std::string label = on ? tr("Step-free way: on") : tr("Step-free way");
    float h = thumb(t);
    float pad = t.gapXl();
    float icon = std::round(t.body * 1.3f);
    TextStyle st{Face::text, t.body, Weight::bold, on ? t.onAccent : t.text, 1, t.small};
    float w0 = pad * 2 + icon + t.gapM() + measure(x.c, label, st.face, st.px, st.weight);
    float bw = std::min(list.area.w(), std::max(h * 2, w0));
    Rect r{ImVec2{list.area.min.x, list.top() + contentY}, ImVec2{list.area.min.x + bw, list.top() + contentY + h}};
    Action toggle{K::stepFree};
    x.target(r, toggle, true, true);
    if (list.visible(contentY, h)) {
        ImU32 fill = on ? t.accent : t.surfaceRaised;
        fillRect(x.c, r.min, r.max, x.pressed(toggle) ? mix(fill, t.text, 0.25f) : fill, h * 0.5f);
        // The accessibility symbol (assets/icons), then the words: either says what it does.
        ImVec2 at{r.min.x + pad, r.min.y + (h - icon) * 0.5f};
        wayIcon(x.c, x.view, WayIcon::accessible, at, icon);
        float tx = at.x + icon + t.gapM();
        // A pixel to spare: the width taken back out of the button can leave a hair less
        // than the label's own (as roomButton's name).
        TextBlock b = layout(x.c, label, st, r.max.x - pad - tx + 1);
        drawBlock(x.c, b, st, {ImVec2{tx, r.min.y + (h - b.height) * 0.5f}});
    }
    contentY += h + t.gapM();
    if (noStepFreeWay(x.view, room))
        contentY +=
            drawNoStepFreeWay(x.c, x.view, ImVec2{list.area.min.x, list.top() + contentY}, list.area.w()) + t.gapM();
    return contentY;
}

void drawRoom(Ctx& x, Rect area, Index room) {
    const Theme& t = x.t();
    const Program& p = x.p();
    if (room >= p.rooms.size()) return;
    area = routeMapBeside(x, area, room);
    List list = beginList(x, area);
    float cy = 0;
    auto block = [&](const std::string& str, const TextStyle& st) {
        cy = paragraph(x, {list, cy}, str, st, t.gapXs());
    };
    cy = roomHead(x, list, room);
    cy = stepFreeButton(x, list, cy, room);
    // Its day: today, or the next day with sessions (the last one after the conference).
    // What is on and still to come first, what is over under it: the live session is in
    // view without scrolling; the room's next day when nothing more is on today.
    const auto& days = x.view.s().days();
    if (days.empty()) {
        endList(x, list, cy);
        return;
    }
    auto inRoom = [&](LocalDay d) {
        std::vector<Index> out;
        for (Index s : x.view.s().sessionsOn(d))
            if (p.sessions[s].room == room) out.push_back(s);
        return out;
    };
    std::size_t dayIndex = todayIndex(x.view);
    LocalDay day = days[dayIndex];
    std::vector<Index> ahead, over;
    for (Index s : inRoom(day)) (p.sessions[s].time.end > x.view.now ? ahead : over).push_back(s);
    bool today = x.view.s().today(x.view.now) == day;
    TextStyle heading{Face::display, t.subtitle, Weight::bold, t.text, 2};
    TextStyle quiet{Face::text, t.body, Weight::regular, t.muted, 2};
    block(today ? std::string(tr("Today in this room")) : localLongDate(day), heading);
    std::optional<float> nowAt;
    cy = sessionRows(x, {list, cy}, {ahead, today}, nowAt, false);
    if (ahead.empty()) {
        block(over.empty() ? tr("Nothing in this room on this day.") : tr("Nothing more in this room today."), quiet);
        // The room's next day with sessions, if the conference has one.
        for (std::size_t d = dayIndex + 1; d < days.size(); ++d) {
            std::vector<Index> next = inRoom(days[d]);
            if (next.empty()) continue;
            block(localLongDate(days[d]), heading);
            std::optional<float> none;
            cy = sessionRows(x, {list, cy}, {next, false}, none, false);
            break;
        }
    }
    if (!over.empty()) {
        block(today ? std::string(tr("Earlier today")) : std::string(tr("Earlier")), heading);
        std::optional<float> none;
        cy = sessionRows(x, {list, cy}, {over, false}, none, false);
    }
    if (!crowded(p, room)) cy = streamPanel(x, list, cy + t.gapM(), room);
    endList(x, list, cy, nowAt);
}

}  // namespace hallboard::ui::browse_ui
