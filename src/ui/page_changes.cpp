// Today's changes (#31.3): every session and talk of the day the overrides file changed,
// in the order they were planned: the time it was and the time it is, the room it was in
// and the room it is in, and what changed in words ("Cancelled", "Moved to Hall B",
// "Running 10 min late"), so that nothing is told by colour alone. In the rotation only
// while there are changes: with none, the page has no screens and is skipped.
#include <algorithm>
#include <cmath>

#include "model/day_changes.hpp"
#include "model/wording.hpp"
#include "ui/pages.hpp"

namespace hallboard::ui {

namespace {

std::vector<ChangedItem> todaysChanges(const KioskView& view) {
    return changesOn(view.p(), view.s().today(view.now));
}

// A row: the time column, the title (two lines at most), then the room and the change.
struct Rows {
    Rect area;          // below the heading
    float rowH = 0;     // one change
    float timeW = 0;    // the time column
    int perScreen = 1;  // rows a screen
};

Rect listArea(Canvas& c) {
    const Theme& t = c.t();
    Rect area = contentRect(c);
    area.min.y += t.lineHeight(t.small) + t.gapL();
    return area;
}

Rows rowsFor(const PageConfig& page, Canvas& c) {
    const Theme& t = c.t();
    Rows r;
    r.area = listArea(c);
    float pad = t.gapL();
    r.rowH = std::round(2 * pad + 2 * t.lineHeight(t.subtitle) + 2 * t.lineHeight(t.body) + t.gapXxs());
    // As wide as the time and the "was 09:30" under it need, in the language shown.
    r.timeW = std::max(measure(c, localClockSample(), Face::display, t.subtitle, Weight::bold),
                       measure(c, trf(tr("was %s"), localClockSample().c_str()), Face::text, t.body, Weight::regular)) +
              t.gap * 1.2f;
    r.perScreen = std::max(1, static_cast<int>(std::floor((r.area.h() + t.gapS()) / (r.rowH + t.gapS()))));
    if (page.itemsPerPage > 0) r.perScreen = std::min(r.perScreen, page.itemsPerPage);
    return r;
}

std::string titleOf(const Program& p, const ChangedItem& item) {
    return item.talk ? headline(p.talks[*item.talk]) : sessionTitle(p.sessions[item.session]);
}

std::string changeOf(const Program& p, const ChangedItem& item) {
    return item.talk ? changeLine(p.talks[*item.talk]) : changeLine(p, p.sessions[item.session]);
}

// "Room B → Hall B" for a session moved; the room's name otherwise.
std::string roomOf(const Program& p, const ChangedItem& item) {
    const Session& s = p.sessions[item.session];
    if (!s.room) return {};
    const std::string& now = p.rooms[*s.room].name;
    if (!item.talk && s.change.movedFrom && *s.change.movedFrom != *s.room)
        return isolate(p.rooms[*s.change.movedFrom].name) + " → " + isolate(now);
    return now;
}

// The time it starts now, and under it the time it was planned for when that differs.
void timeColumn(const KioskView& view, const ChangedItem& item, Canvas& c, ImVec2 at, float width) {
    const Theme& t = c.t();
    const Program& p = view.p();
    Instant start = item.talk ? p.talks[*item.talk].slot.start : p.sessions[item.session].time.start;
    bool cancelled = item.talk ? p.talks[*item.talk].change.cancelled : p.sessions[item.session].change.cancelled;
    TextStyle big{Face::display, t.subtitle, Weight::bold, cancelled ? t.muted : t.text, 1};
    float h = text(c, shortTime(view, cancelled ? item.planned : start), big, {at, width});
    if (!cancelled && start != item.planned) {
        TextStyle was{Face::text, t.body, Weight::regular, t.muted, 1};
        text(c, trf(tr("was %s"), shortTime(view, item.planned).c_str()), was, {ImVec2{at.x, at.y + h}, width});
    }
}

void drawRow(const KioskView& view, const ChangedItem& item, Canvas& c, const Rows& r, Rect row) {
    const Theme& t = c.t();
    const Program& p = view.p();
    fillRect(c, row.min, row.max, t.surface, t.radius * 0.6f);
    // The alert bar at the left edge; the words beside it say the same.
    fillRect(c, row.min, ImVec2{row.min.x + 6 * t.unit + 2, row.max.y}, t.alert, t.radius * 0.6f);
    float pad = t.gapL();
    Rect in{ImVec2{row.min.x + pad + 6 * t.unit, row.min.y + pad}, ImVec2{row.max.x - pad, row.max.y - pad}};
    timeColumn(view, item, c, in.min, r.timeW - t.gap);
    float x = in.min.x + r.timeW;
    float w = in.max.x - x;
    float y = in.min.y;
    TextStyle title{Face::display, t.subtitle, Weight::bold, t.text, 2};
    y += text(c, titleOf(p, item), title, {ImVec2{x, y}, w});
    std::string room = roomOf(p, item);
    if (!room.empty()) {
        TextStyle roomStyle{Face::text, t.body, Weight::bold, t.accent, 1};
        y += text(c, room, roomStyle, {ImVec2{x, y}, w});
    }
    TextStyle change{Face::text, t.body, Weight::bold, t.alert, 1};
    text(c, changeOf(p, item), change, {ImVec2{x, y}, w, in.max.y - y});
    touchTarget(c, row,
                item.talk ? browse::Action{browse::Action::Kind::talk, *item.talk}
                          : browse::Action{browse::Action::Kind::session, item.session});
}

int changesScreens(const KioskView& view, const PageConfig& page, Canvas& c) {
    auto items = todaysChanges(view);
    if (items.empty()) return 0;
    return Paging{items.size(), static_cast<std::size_t>(rowsFor(page, c).perScreen)}.screens();
}

void drawChanges(const KioskView& view, const PageConfig& page, int screen, Canvas& c) {
    const Theme& t = c.t();
    auto items = todaysChanges(view);
    if (items.empty()) return;
    Rows r = rowsFor(page, c);
    Rect content = contentRect(c);
    TextStyle heading{Face::text, t.small, Weight::regular, t.muted, 1};
    text(c, trf(tr("TODAY'S CHANGES · %d"), static_cast<int>(items.size())), heading, {content.min, content.w()});
    float y = r.area.min.y;
    for (const ChangedItem& item : Paging{items.size(), static_cast<std::size_t>(r.perScreen)}.slice(items, screen)) {
        Rect row{ImVec2{r.area.min.x, y}, ImVec2{r.area.max.x, y + r.rowH}};
        drawRow(view, item, c, r, row);
        y += r.rowH + t.gapS();
    }
}

std::string describeChanges(const KioskView& view, const PageConfig& page, int screen, Canvas& c) {
    auto items = todaysChanges(view);
    Rows r = rowsFor(page, c);
    std::string out;
    for (const ChangedItem& item : Paging{items.size(), static_cast<std::size_t>(r.perScreen)}.slice(items, screen)) {
        if (out.size() >= 200) break;
        out += (out.empty() ? "" : " | ") + titleOf(view.p(), item) + ": " + changeOf(view.p(), item);
    }
    return out.empty() ? "nothing" : out;
}

}  // namespace

const PageType changesPage{changesScreens, drawChanges, describeChanges};

}  // namespace hallboard::ui
