// The all-rooms board: one row per room with what is on now and what comes next, for
// the big lobby screen. Every room on one screen when the rows fit at reading size;
// otherwise as many screens as it takes (two columns of rows on a wide screen first).
#include <algorithm>
#include <cmath>

#include "core/overrides.hpp"
#include "ui/pages.hpp"

namespace hallboard::ui {

namespace {

struct Board {
    Rect content;
    int columns = 1;
    int rowsPerColumn = 1;
    float rowH = 0;
    int perScreen() const { return columns * rowsPerColumn; }
};

// Two lines a row (the title, then the time and the talk or the next item) at the body
// size; rooms in a column at the left. Wide screens take two columns of rows when one
// column would need more screens.
Board boardFor(const PageConfig& page, Canvas& c, std::size_t rooms) {
    const Theme& t = c.t();
    Board b;
    b.content = contentRect(c);
    float header = t.small * 1.6f;
    b.rowH = std::round(t.body * 1.3f * 2 + t.gap * 0.9f);
    float gap = t.gap * 0.35f;
    int rows = std::max(1, static_cast<int>(std::floor((b.content.h() - header + gap) / (b.rowH + gap))));
    b.rowsPerColumn = rows;
    // A column must leave the room name and both items a readable width.
    bool wide = b.content.w() >= t.body * 48;
    if (wide && rooms > static_cast<std::size_t>(rows)) b.columns = 2;
    if (page.itemsPerPage > 0) b.rowsPerColumn = std::max(1, std::min(rows, page.itemsPerPage / b.columns));
    return b;
}

void roomRow(const KioskView& view, const RoomStatus& r, Canvas& c, Rect row, bool shade) {
    const Theme& t = c.t();
    const Program& p = view.p();
    if (shade) fillRect(c, row.min, row.max, t.surface, t.radius * 0.5f);
    if (auto s = r.live ? r.live : r.next) touchTarget(c, row, {browse::Action::Kind::session, *s});
    float pad = t.gap * 0.6f;
    Rect in{ImVec2{row.min.x + pad, row.min.y + t.gap * 0.45f}, ImVec2{row.max.x - pad, row.max.y - t.gap * 0.45f}};
    float roomW = std::round(in.w() * 0.22f);
    float nowW = std::round((in.w() - roomW) * 0.55f);
    float nextX = in.min.x + roomW + nowW + t.gap;
    float nextW = in.max.x - nextX;
    float line = std::round(t.body * 1.3f);

    TextStyle room{Face::display, t.body, Weight::bold, t.accent, 2};
    text(c, p.rooms[r.room].name, room, in.min, roomW - t.gap, in.h());

    float x = in.min.x + roomW;
    float w = nowW - t.gap;
    TextStyle title{Face::text, t.body, Weight::bold, t.text, 1};
    TextStyle meta{Face::text, t.body, Weight::regular, t.muted, 1};
    if (r.live) {
        const Session& s = p.sessions[*r.live];
        bool pause = isPause(s.kind);
        std::string shown = r.liveTalk && p.talks[*r.liveTalk].title != s.title ? headline(p.talks[*r.liveTalk]) : sessionTitle(s);
        TextStyle live = title;
        live.color = pause ? t.pause : t.text;
        text(c, shown, live, ImVec2{x, in.min.y}, w);
        std::string change = changeLine(p, s, r.room);
        std::string detail = change.empty() ? "until " + shortTime(view, s.time.start + (s.time.end - s.time.start)) : change;
        TextStyle d = meta;
        if (!change.empty()) d.color = t.alert;
        text(c, detail, d, ImVec2{x, in.min.y + line}, w);
    } else {
        text(c, r.away ? changeLine(p, p.sessions[*r.away], r.room) : "Nothing on now", meta, ImVec2{x, in.min.y}, w);
    }
    if (r.next) {
        const Session& n = p.sessions[*r.next];
        TextStyle when{Face::text, t.body, Weight::bold, t.accent, 1};
        text(c, dayAndTime(view, n.time.start), when, ImVec2{nextX, in.min.y}, nextW);
        text(c, sessionTitle(n), TextStyle{Face::text, t.body, Weight::regular, t.text, 1}, ImVec2{nextX, in.min.y + line}, nextW);
    } else {
        text(c, "No more today", meta, ImVec2{nextX, in.min.y}, nextW);
    }
}

}  // namespace

int roomsScreens(const KioskView& view, const PageConfig& page, Canvas& c) {
    std::vector<Index> rooms = pageRooms(view, page);
    if (rooms.empty()) return 0;
    DayStatus day = view.s().dayAt(view.now);
    if (day.phase != Phase::during && day.phase != Phase::between) return 0;
    Board b = boardFor(page, c, rooms.size());
    auto per = static_cast<std::size_t>(b.perScreen());
    return static_cast<int>((rooms.size() + per - 1) / per);
}

std::vector<Index> boardRoomsOn(const KioskView& view, const PageConfig& page, int screen, Canvas& c) {
    std::vector<Index> rooms = pageRooms(view, page);
    if (rooms.empty() || screen < 0) return {};
    Board b = boardFor(page, c, rooms.size());
    auto per = static_cast<std::size_t>(b.perScreen());
    std::size_t first = static_cast<std::size_t>(screen) * per;
    if (first >= rooms.size()) return {};
    std::size_t last = std::min(rooms.size(), first + per);
    return std::vector<Index>(rooms.begin() + static_cast<std::ptrdiff_t>(first), rooms.begin() + static_cast<std::ptrdiff_t>(last));
}

void drawRooms(const KioskView& view, const PageConfig& page, int screen, Canvas& c) {
    std::vector<Index> rooms = pageRooms(view, page);
    if (rooms.empty()) return;
    const Theme& t = c.t();
    Board b = boardFor(page, c, rooms.size());
    std::vector<Index> shown = boardRoomsOn(view, page, screen, c);
    if (shown.empty()) return;
    auto statuses = view.s().roomsAt(view.now, shown);

    float colGap = t.gap * 1.5f;
    float colW = (b.content.w() - colGap * static_cast<float>(b.columns - 1)) / static_cast<float>(b.columns);
    TextStyle heading{Face::text, t.small, Weight::bold, t.muted, 1};
    for (int col = 0; col < b.columns; ++col) {
        float x = b.content.min.x + static_cast<float>(col) * (colW + colGap);
        float pad = t.gap * 0.6f;
        float roomW = std::round((colW - 2 * pad) * 0.22f);
        float nowW = std::round((colW - 2 * pad - roomW) * 0.55f);
        text(c, "ROOM", heading, ImVec2{x + pad, b.content.min.y}, roomW);
        text(c, "NOW", heading, ImVec2{x + pad + roomW, b.content.min.y}, nowW);
        text(c, "NEXT", heading, ImVec2{x + pad + roomW + nowW + t.gap, b.content.min.y}, colW - roomW - nowW);
    }
    float top = b.content.min.y + t.small * 1.6f;
    for (std::size_t i = 0; i < statuses.size(); ++i) {
        int col = static_cast<int>(i) / b.rowsPerColumn;
        int row = static_cast<int>(i) % b.rowsPerColumn;
        float x = b.content.min.x + static_cast<float>(col) * (colW + colGap);
        float y = top + static_cast<float>(row) * (b.rowH + t.gap * 0.35f);
        roomRow(view, statuses[i], c, Rect{ImVec2{x, y}, ImVec2{x + colW, y + b.rowH}}, row % 2 == 0);
    }
}

}  // namespace hallboard::ui
