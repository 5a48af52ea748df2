// The all-rooms board: one row per room with what is on now and what comes next, for
// the big lobby screen. Every room on one screen when the rows fit at reading size;
// otherwise as many screens as it takes, never smaller type.
#include <algorithm>
#include <cmath>

#include "model/overrides.hpp"
#include "model/wording.hpp"
#include "ui/pages.hpp"
#include "ui/wayfinding.hpp"

namespace hallboard::ui {

namespace {

// Wide screens: one line a room (room | now | next). Narrow ones: two lines, the next
// item under the current one.
struct Board {
    Rect content;
    bool oneLine = true;
    int rows = 1;  // rooms a screen
    float rowH = 0, rowGap = 0, header = 0;
    float roomW = 0, nowW = 0;  // column widths; next takes the rest
    float tagW = 0;             // the way there, in the room column (wayfinding); 0: none
    int titleLines = 1;         // two when every room fits on one screen with titles of two lines
    bool tagBelow = false;      // one line a room, but the way there under the name
    // One line a room: false on a screen where no room has anything on now (before the
    // day's first talks): no NOW column, what comes next takes its width.
    bool nowColumn = true;
};

// The board's rows: the rooms with something on or still to come today, in the rooms'
// order, then one line for all the rooms with nothing more today (a congress's evening
// had 13 such rows before the halls that were still running). When no room has anything
// more today (the night between two days), every room keeps its row with tomorrow's first.
struct BoardRooms {
    std::vector<Index> rows;  // a row each
    std::vector<Index> done;  // together on the last line; empty: no such line
    std::size_t lines() const { return rows.size() + (done.empty() ? 0 : 1); }
};

BoardRooms boardRooms(const KioskView& view, const PageConfig& page) {
    BoardRooms b;
    std::vector<Index> rooms = pageRooms(view, page);
    auto statuses = view.s().roomsAt(view.now, rooms);
    LocalDay today = view.s().today(view.now);
    const Conference& conference = view.p().conference;
    for (const RoomStatus& r : statuses) {
        bool more =
            r.live || r.away || (r.next && conferenceDayOf(conference, view.p().sessions[*r.next].time.start) == today);
        (more ? b.rows : b.done).push_back(r.room);
    }
    // A line for one room saves nothing; and a night with every room done keeps them all.
    if (b.done.size() < 2 || b.rows.empty()) {
        b.rows = rooms;
        b.done.clear();
    }
    return b;
}

// The widest "↗ 2 min" of the rooms: the arrow and the minutes without the floor's word.
float compactTagWidth(const KioskView& view, const std::vector<Index>& rooms, Canvas& c) {
    const Theme& t = c.t();
    float compact = 0;
    for (Index r : rooms)
        if (const RoomDirections* d = directionsTo(view, r))
            compact =
                std::max(compact, t.small * 1.45f + t.gapXs() +
                                      measure(c, trf(tr("%d min"), d->minutes), Face::text, t.small, Weight::bold));
    return compact;
}

Board boardFor(const KioskView& view, const BoardRooms& lines, const PageConfig& page, Canvas& c) {
    const Theme& t = c.t();
    const std::vector<Index>& rooms = lines.rows;
    const std::size_t count = lines.lines();
    Board b;
    b.content = contentRect(c);
    b.oneLine = b.content.w() >= t.body * 40;
    float line = t.lineHeight(t.body);
    b.header = b.oneLine ? t.lineHeight(t.caption) + t.gapS() : 0;
    b.rowH = std::round((b.oneLine ? line : 2 * line) + t.gapM());
    b.rowGap = 0;  // alternate rows are shaded: no gap needed to tell them apart
    b.rows = std::max(1, static_cast<int>(std::floor((b.content.h() - b.header + b.rowGap) / (b.rowH + b.rowGap))));
    if (page.itemsPerPage > 0) b.rows = std::min(b.rows, page.itemsPerPage);
    // A few rooms: rows with titles of two lines when all of them still fit on one
    // screen, so a long title wraps instead of being cut beside empty space.
    {
        float tallH = std::round((b.oneLine ? 2 : 4) * line + t.gapM());
        auto tallRows = static_cast<std::size_t>(std::floor((b.content.h() - b.header) / tallH));
        if (count <= tallRows && (page.itemsPerPage <= 0 || count <= static_cast<std::size_t>(page.itemsPerPage))) {
            b.titleLines = 2;
            b.rowH = tallH;
            b.rows = std::max(1, static_cast<int>(count));
        }
    }
    float inner = b.content.w() - 2 * t.gapL();
    // The room column as wide as the longest name needs, within limits.
    float longest = 0;
    for (Index r : rooms)
        longest = std::max(longest, measure(c, view.p().rooms[r].name, Face::display, t.body, Weight::bold));
    for (Index r : rooms) b.tagW = std::max(b.tagW, directionsWidth(c, view, r, t.small));
    // One line a room: the way there beside the name; two lines: under it.
    float need =
        b.oneLine ? longest + b.tagW + t.gap * 2 : std::max(longest, b.tagW) + t.gap * (b.tagW > 0 ? 1.5f : 1.0f);
    b.roomW = std::round(std::clamp(need, inner * 0.12f, inner * (b.oneLine ? (b.tagW > 0 ? 0.38f : 0.26f) : 0.4f)));
    // Names and the way beside them not fitting (world scripts at 800x480: "قاعة…" beside
    // "1 min · this floor"), while every room fits the screen at two lines a room: the
    // way goes under the name, and neither is cut.
    if (b.oneLine && b.tagW > 0 && need > b.roomW + 0.5f) {
        float tallRow = std::round(2 * line + t.gapM());
        if (static_cast<float>(count) * tallRow <= b.content.h() - b.header &&
            (page.itemsPerPage <= 0 || static_cast<int>(count) <= page.itemsPerPage)) {
            b.tagBelow = true;
            b.rowH = tallRow;
            b.rows = static_cast<int>(count);
            b.roomW = std::round(std::clamp(std::max(longest, b.tagW) + t.gap * 1.5f, inner * 0.12f, inner * 0.3f));
        } else {
            // No room for that: the arrow and the minutes only ("↗ 2 min"), so that the
            // names are not cut for the floor's word; the room's page says the rest.
            b.tagW = compactTagWidth(view, rooms, c);
            need = longest + b.tagW + t.gap * 2;
            b.roomW = std::round(std::clamp(need, inner * 0.12f, inner * 0.38f));
        }
    }
    b.nowW = std::round((inner - b.roomW) * (b.oneLine ? 0.55f : 1.0f));
    return b;
}

// What is on: the talk when the session has several, else the session.
std::string nowTitle(const Program& p, const RoomStatus& r) {
    const Session& s = p.sessions[*r.live];
    if (r.liveTalk && p.talks[*r.liveTalk].title != s.title) return headline(p.talks[*r.liveTalk]);
    return sessionTitle(s);
}

// A title with a note kept whole at its right ("until 11:10"): the title is cut first.
// Returns the title's height.
float titleWithNote(Canvas& c, const Styled& titled, const Styled& noted, const TextBox& box) {
    const std::string &title = titled.text, &note = noted.text;
    const TextStyle &style = titled.style, &noteStyle = noted.style;
    const ImVec2 pos = box.pos;
    const float width = box.width;
    const Theme& t = c.t();
    float noteW = note.empty() ? 0 : measure(c, note, noteStyle.face, noteStyle.px, noteStyle.weight);
    float titleW = width - (noteW > 0 ? noteW + t.gapM() : 0);
    float h = text(c, title, style, {pos, titleW});
    if (noteW > 0) text(c, note, noteStyle, {ImVec2{pos.x + width - noteW, pos.y}, noteW + 1});
    return h;
}

// A row's room column at `at`: the name, and the way there beside it or under it.
void roomCell(const PageDraw& d, const RoomStatus& r, const Board& b, ImVec2 at, float line) {
    const KioskView& view = d.view;
    Canvas& c = d.c;
    const Theme& t = c.t();
    const Program& p = view.p();
    TextStyle room{Face::display, t.body, Weight::bold, t.accent, b.oneLine ? b.titleLines : 2};
    if (b.tagW > 0 && directionsTo(view, r.room)) {
        float tagW = std::min(b.tagW, b.roomW * 0.7f);
        if (b.oneLine && !b.tagBelow) {
            // As far from the NOW column as from the name: a full gap each side.
            text(c, roomLabel(c, p, r.room, {room, b.roomW - tagW - t.gap * 1.5f}), room,
                 {at, b.roomW - tagW - t.gap * 1.5f});
            directionsTag(c, view, r.room,
                          {ImVec2{at.x + b.roomW - tagW - t.gap, at.y + (t.body - t.small) * 0.6f}, tagW},
                          TextStyle{Face::text, t.small, Weight::bold, t.text, 1});
        } else {
            room.maxLines = 1;
            text(c, roomLabel(c, p, r.room, {room, b.roomW - t.gapM()}), room, {at, b.roomW - t.gapM()});
            directionsTag(c, view, r.room, {ImVec2{at.x, at.y + line}, b.roomW - t.gapM()},
                          TextStyle{Face::text, t.small, Weight::bold, t.text, 1});
        }
    } else {
        text(c, roomLabel(c, p, r.room, {room, b.roomW - t.gapM()}), room, {at, b.roomW - t.gapM()});
    }
}

// The width of next's time and the gap after it: as wide as its zeros would be ("11:30"
// is narrower than "09:30"), so that the titles of the rows start in one column.
float whenWidth(Canvas& c, const std::string& when) {
    const Theme& t = c.t();
    std::string zeros = when;
    for (char& ch : zeros)
        if (ch >= '1' && ch <= '9') ch = '0';
    return std::max(measure(c, when, Face::text, t.body, Weight::bold),
                    measure(c, zeros, Face::text, t.body, Weight::bold)) +
           t.gapM();
}

// Something in the row's NOW place: a talk, a move away, or a full room's queue.
bool hasNow(const Program& p, const RoomStatus& r) {
    return r.live || r.away || !occupancyLabel(p, r.room).empty();
}

// "until 11:10": the note beside what is on, as drawn and as measured for the columns.
std::string untilEnd(const KioskView& view, const Session& s) {
    return trf(tr("until %s"), shortTime(view, s.time.end).c_str());
}

// The row's NOW cell at `at`, `width` wide; returns its height.
float nowCell(const PageDraw& d, const RoomStatus& r, ImVec2 at, float width, const TextStyle& title) {
    const KioskView& view = d.view;
    Canvas& c = d.c;
    const Theme& t = c.t();
    const Program& p = view.p();
    float line = t.lineHeight(t.body);
    TextStyle muted{Face::text, t.body, Weight::regular, t.muted, 1};
    TextStyle alert{Face::text, t.body, Weight::bold, t.alert, 1};
    if (r.live) {
        const Session& s = p.sessions[*r.live];
        std::string change = changeLine(p, s, r.room);
        TextStyle live = title;
        if (isPause(s.kind)) live.color = t.pause;
        // A full room says so where the end time goes: in words, in the alert colour.
        // The walk there is in that room's own row.
        std::string state = fullSeeInstead(view, r.room, false);
        if (state.empty() || measure(c, state, Face::text, t.body, Weight::bold) > width * 0.6f)
            state = occupancyLabel(p, r.room);
        if (!state.empty()) change = change.empty() ? state : state + "  ·  " + change;
        TextStyle note = change.empty() ? muted : alert;
        std::string until = change.empty() ? untilEnd(view, s) : change;
        return std::max(line, titleWithNote(c, {nowTitle(p, r), live}, {until, note}, {at, width}));
    }
    if (r.away) {
        text(c, changeLine(p, p.sessions[*r.away], r.room), alert, {at, width});
    } else if (std::string state = occupancyLabel(p, r.room); !state.empty()) {
        // Full between talks too: the queue for the next one.
        std::string see = fullSeeInstead(view, r.room, false);
        if (measure(c, see, Face::text, t.body, Weight::bold) > width) see = state;
        text(c, see, alert, {at, width});
    } else {
        text(c, "—", muted, {at, width});
    }
    return line;
}

void roomRow(const PageDraw& d, const RoomStatus& r, const Board& b, Rect row, bool shade) {
    const KioskView& view = d.view;
    Canvas& c = d.c;
    const Theme& t = c.t();
    const Program& p = view.p();
    if (shade) fillRect(c, row.min, row.max, t.surface, t.radius * 0.5f);
    if (auto s = r.live ? r.live : r.next) touchTarget(c, row, {browse::Action::Kind::session, *s});
    float pad = t.gapL();
    // The room's column opens the room's page (the way there, its day).
    touchTarget(c, Rect{row.min, ImVec2{row.min.x + pad + b.roomW - t.gapM(), row.max.y}},
                {browse::Action::Kind::place, r.room});
    float line = t.lineHeight(t.body);
    ImVec2 at{row.min.x + pad, row.min.y + t.gap * 0.25f};
    roomCell({view, c}, r, b, at, line);

    // Titles of two lines when every room fits at that (the way under the name, or not).
    TextStyle title{Face::text, t.body, Weight::regular, t.text, b.tagBelow ? 2 : b.titleLines};
    float x = at.x + b.roomW;
    // Two lines a room with nothing on now: what comes next from the first line, its
    // title on both ("NEXT 09:30" says what it is). One line a room: on a screen without
    // a NOW column, next starts where now would.
    bool next1st = b.oneLine ? !b.nowColumn : !hasNow(p, r);
    float nowH = next1st ? 0 : nowCell(d, r, ImVec2{x, at.y}, b.nowW - t.gap, title);
    if (next1st && !b.oneLine) title.maxLines = 2 * b.titleLines;
    // Next: its time (and day when not today), then its title.
    ImVec2 nextAt = b.oneLine ? ImVec2{x + (next1st ? 0 : b.nowW), at.y} : ImVec2{x, at.y + nowH};
    float nextW = b.oneLine ? row.max.x - pad - nextAt.x : b.nowW - t.gap;
    if (r.next) {
        const Session& n = p.sessions[*r.next];
        std::string when = (b.oneLine ? std::string() : std::string(tr("NEXT")) + " ") + dayAndTime(view, n.time.start);
        float whenW = whenWidth(c, when);
        text(c, when, TextStyle{Face::text, t.body, Weight::bold, t.accent, 1}, {nextAt, whenW});
        text(c, sessionTitle(n), title, {ImVec2{nextAt.x + whenW, nextAt.y}, nextW - whenW});
    } else {
        text(c, tr("Nothing more today"), TextStyle{Face::text, t.body, Weight::regular, t.muted, 1}, {nextAt, nextW});
    }
}

// One line a room: NOW and NEXT share what the room column leaves in the proportion
// that cuts the fewest titles on this screen, NOW's 55 % unless another cuts fewer (a
// keynote on and fourteen rooms empty until 09:30: the talks to come had been cut
// beside a column of "—"). The notes beside what is on are taken as "until 09:30".
void shareColumns(const PageDraw& d, const std::vector<RoomStatus>& statuses, Board& b) {
    if (!b.oneLine || !b.nowColumn || b.titleLines > 1 || b.tagBelow) return;
    Canvas& c = d.c;
    const Theme& t = c.t();
    const Program& p = d.view.p();
    const float rest = b.content.w() - 2 * t.gapL() - b.roomW;
    std::size_t fewest = statuses.size() * 2 + 1;
    for (float share : {0.55f, 0.5f, 0.45f, 0.4f, 0.35f}) {
        float nowW = std::round(rest * share);
        std::size_t cut = 0;
        for (const RoomStatus& r : statuses) {
            if (r.live) {
                std::string until = untilEnd(d.view, p.sessions[*r.live]);
                float need = measure(c, nowTitle(p, r), Face::text, t.body, Weight::regular) + t.gapM() +
                             measure(c, until, Face::text, t.body, Weight::regular);
                cut += need > nowW - t.gap ? 1 : 0;
            }
            if (r.next) {
                const Session& n = p.sessions[*r.next];
                float need = whenWidth(c, dayAndTime(d.view, n.time.start)) +
                             measure(c, sessionTitle(n), Face::text, t.body, Weight::regular);
                cut += need > rest - nowW ? 1 : 0;
            }
        }
        if (cut < fewest) {
            fewest = cut;
            b.nowW = nowW;
        }
    }
}

int roomsScreens(const KioskView& view, const PageConfig& page, Canvas& c) {
    BoardRooms lines = boardRooms(view, page);
    if (lines.lines() == 0) return 0;
    DayStatus day = view.s().dayAt(view.now);
    if (day.phase != Phase::during && day.phase != Phase::between) return 0;
    Board b = boardFor(view, lines, page, c);
    return Paging{lines.lines(), static_cast<std::size_t>(b.rows)}.screens();
}

}  // namespace

std::vector<Index> boardRoomsOn(const KioskView& view, const PageConfig& page, int screen, Canvas& c) {
    BoardRooms lines = boardRooms(view, page);
    if (lines.lines() == 0) return {};
    Board b = boardFor(view, lines, page, c);
    auto [first, last] = Paging{lines.lines(), static_cast<std::size_t>(b.rows)}.range(screen);
    std::vector<Index> on;
    for (std::size_t i = first; i < last; ++i) {
        if (i < lines.rows.size())
            on.push_back(lines.rows[i]);
        else
            on.insert(on.end(), lines.done.begin(), lines.done.end());
    }
    return on;
}

namespace {

void drawRooms(const KioskView& view, const PageConfig& page, int screen, Canvas& c) {
    BoardRooms lines = boardRooms(view, page);
    if (lines.lines() == 0) return;
    const Theme& t = c.t();
    Board b = boardFor(view, lines, page, c);
    auto [first, last] = Paging{lines.lines(), static_cast<std::size_t>(b.rows)}.range(screen);
    if (first == last) return;
    std::vector<Index> shown;
    for (std::size_t i = first; i < std::min(last, lines.rows.size()); ++i) shown.push_back(lines.rows[i]);
    bool doneLine = last > lines.rows.size();
    auto statuses = view.s().roomsAt(view.now, shown);
    const Program& p = view.p();
    b.nowColumn = std::any_of(statuses.begin(), statuses.end(), [&](const RoomStatus& r) { return hasNow(p, r); });
    shareColumns({view, c}, statuses, b);
    float pad = t.gapL();
    if (b.oneLine) {  // column heads: decoration, the rows say what they are
        TextStyle head{Face::text, t.caption, Weight::bold, t.muted, 1};
        head.decoration = true;
        float x = b.content.min.x + pad;
        float nowW = b.nowColumn ? b.nowW : 0;
        text(c, tr("ROOM"), head, {ImVec2{x, b.content.min.y}, b.roomW});
        if (b.nowColumn) text(c, tr("NOW"), head, {ImVec2{x + b.roomW, b.content.min.y}, b.nowW});
        text(c, tr("NEXT"), head, {ImVec2{x + b.roomW + nowW, b.content.min.y}, b.content.w() - b.roomW - nowW});
    }
    float y = b.content.min.y + b.header;
    for (std::size_t i = 0; i < statuses.size(); ++i) {
        roomRow({view, c}, statuses[i], b, Rect{ImVec2{b.content.min.x, y}, ImVec2{b.content.max.x, y + b.rowH}},
                i % 2 == 0);
        y += b.rowH + b.rowGap;
    }
    if (doneLine) {
        // "Nothing more today" in the room column, the rooms' names beside it. The line
        // is the board's last: its names wrap into the space left under it (the room
        // pages and the schedule have any that do not fit).
        float line = t.lineHeight(t.body);
        ImVec2 at{b.content.min.x + pad, y + t.gap * 0.25f};
        ImVec2 namesAt = b.oneLine ? ImVec2{at.x + b.roomW, at.y} : ImVec2{at.x, at.y + line};
        float namesW = b.content.max.x - pad - namesAt.x;
        int room = std::max(1, static_cast<int>(std::floor((b.content.max.y - namesAt.y - t.gap * 0.25f) / line)));
        std::string names;
        for (Index r : lines.done) {
            // Each name kept on one line ("Room" and "3.01" had parted): no-break spaces.
            std::string name = roomShortName(view.p(), r), kept;
            for (char ch : name) kept += ch == ' ' ? std::string("\u00A0") : std::string(1, ch);
            names += (names.empty() ? "" : "  ·  ") + kept;
        }
        TextStyle muted{Face::text, t.body, Weight::regular, t.muted, room};
        TextBlock block = layout(c, names, muted, namesW);
        float bottom = std::max(y + b.rowH, namesAt.y + block.height + t.gap * 0.25f);
        if (statuses.size() % 2 == 0)
            fillRect(c, ImVec2{b.content.min.x, y}, ImVec2{b.content.max.x, bottom}, t.surface, t.radius * 0.5f);
        TextStyle label{Face::text, t.body, Weight::bold, t.muted, b.oneLine ? 1 : 2};
        float labelW = b.oneLine ? b.roomW - t.gapM() : b.content.w() - 2 * pad;
        text(c, tr("Nothing more today"), label, {at, labelW});
        drawBlock(c, block, muted, {namesAt});
    }
}

std::string describeRooms(const KioskView& view, const PageConfig& page, int screen, Canvas& c) {
    return roomNames(view.p(), boardRoomsOn(view, page, screen, c));
}

}  // namespace

const PageType roomsPage{roomsScreens, drawRooms, describeRooms};

}  // namespace hallboard::ui
