// Now & next: one card per room with what is on (session, the talk inside it, a progress
// bar, time left) and what comes next ("in 12 min"). One room alone becomes a door sign.
// Many rooms are spread over several screens rather than shrunk below reading size.
#include <algorithm>
#include <cmath>
#include <optional>

#include "model/language.hpp"
#include "model/wording.hpp"
#include "base/text.hpp"
#include "ui/pages.hpp"
#include "ui/wayfinding.hpp"

namespace hallboard::ui {

namespace {

float compactRowHeight(const Theme& t);

// A touch on a room's card opens what is on there, else what comes next; on the room's
// name (`name`, on top), the room's page: the way there and its day.
void roomTarget(Canvas& c, const RoomStatus& r, Rect area, Rect name) {
    if (auto s = r.live ? r.live : r.next) touchTarget(c, area, {browse::Action::Kind::session, *s});
    touchTarget(c, name, {browse::Action::Kind::place, r.room});
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
        int fit = std::max(1, static_cast<int>(std::floor((l.content.h() + t.gapS()) / (row + t.gapS()))));
        if (page.itemsPerPage > 0) fit = std::min(fit, page.itemsPerPage);
        l.perScreen = fit;
    }
    float gap = l.compact ? t.gapS() : t.gap;
    int rows = std::min(l.perScreen, static_cast<int>(rooms));
    l.rowH = (l.content.h() + gap) / static_cast<float>(std::max(rows, l.compact ? l.perScreen : 1)) - gap;
    // Rooms that all fit on one screen share its height (up to a title's second line
    // more a row): long titles then wrap instead of being cut beside empty space.
    if (l.compact && static_cast<int>(rooms) < l.perScreen)
        l.rowH = std::min((l.content.h() + gap) / static_cast<float>(rooms) - gap,
                          compactRowHeight(t) + std::round(t.body * 1.15f * kLeading));
    return l;
}

std::string leftText(const RoomStatus& r) {
    return trf(tr("%s left"), localDuration(r.remaining).c_str());
}

// Whether a session is one talk of the same name (as schedule exports make them).
bool singleTalk(const Program& p, const Session& s) {
    return s.talks.size() == 1 && p.talks[s.talks[0]].title == s.title;
}

// A room's name in its column: large, shrinking to body size over up to three lines on
// a card and on a (taller) portrait compact row, two on a landscape compact row, one
// line fewer when the way there goes under it.
TextStyle roomNameStyle(const KioskView& view, const Theme& t, Index room, bool compact) {
    int lines = (compact && !t.portrait ? 2 : 3) - (directionsTo(view, room) ? 1 : 0);
    return TextStyle{Face::display, t.subtitle, Weight::bold, t.accent, lines, t.body};
}

// The name column of a screen's rows: its share of a row's inner width and one size for
// every name in it (shrunk one by one, the column had names in three sizes). The
// design's share (`base`) when every name fits there at full size; else a little wider
// (up to 8 % more) for the largest size all of them fit at; else as much wider as it
// takes, up to a third, for every name to be whole ("Grand Auditorium Émilie du
// Châtelet" at 800x480 had become "Grand Auditorium…"). What is on gives up the width.
struct NameColumn {
    float share = 0.2f;
    float px = 0;  // 0: the style's own
};
NameColumn nameColumnFor(const PageDraw& d, const std::vector<RoomStatus>& rooms, ImVec2 inner, float base,
                         bool compact) {
    const KioskView& view = d.view;
    Canvas& c = d.c;
    const Theme& t = c.t();
    const float widest = std::max(base, 1.0f / 3.0f), roomy = base + 0.08f;
    std::optional<NameColumn> best;  // whole, the largest size, within `roomy`
    NameColumn col{base, 0};
    for (float share = base;; share = std::min(widest, share + 0.02f)) {
        bool whole = true, full = true;
        float px = FLT_MAX;
        for (const RoomStatus& r : rooms) {
            TextStyle style = roomNameStyle(view, t, r.room, compact);
            TextBlock b = layout(c, view.p().rooms[r.room].name, style, inner.x * share - t.gap, inner.y);
            whole = whole && !b.truncated;
            full = full && b.px >= style.px - 0.5f;
            px = std::min(px, b.px);
        }
        col = NameColumn{share, px == FLT_MAX ? 0 : px};
        if (whole && share <= roomy + 0.001f) {
            if (full) return col;
            if (!best || col.px > best->px + 0.5f) best = col;
        }
        if (share > roomy + 0.001f && best) return *best;
        if ((whole && share > roomy + 0.001f) || share >= widest) return col;
    }
}

// A room's name in the column's one size.
TextStyle roomNameIn(const KioskView& view, const Theme& t, Index room, bool compact, const NameColumn& col) {
    TextStyle style = roomNameStyle(view, t, room, compact);
    if (col.px > 0) {
        style.px = std::min(style.px, col.px);
        style.minPx = std::min(style.minPx, style.px);
    }
    return style;
}

// A track's name for a line of `px` text, cut with "…" to `width` (the stripe beside it
// is its colour).
std::string trackWord(Canvas& c, const Program& p, Index track, float px, float width) {
    TextStyle style{Face::text, px, Weight::regular, 0, 1};
    TextBlock fit = layout(c, isolate(p.tracks[track].name), style, std::max(width, px * 3));
    return fit.lines.empty() ? std::string() : fit.lines[0];
}

// Compact rows: the room on the left; then what is on (title, talk, time left, a thin
// progress bar) and what is next, beside it in landscape, below it in portrait.
float compactRowHeight(const Theme& t) {
    float now = t.body * 1.15f * 1.3f + t.small * 1.3f + std::max(3.0f, 5 * t.unit) + t.gap * 0.9f;
    return t.portrait ? now + t.small * 1.45f + t.gapXs() : now;
}

// A compact row's card and its room column: the track of what is on (else next) as a
// stripe in its colour down the row's edge, as on the schedule's rows; the room's name,
// with the way there under it. Returns the row's inner rectangle.
Rect compactRoom(const KioskView& view, const RoomStatus& r, Canvas& c, Rect row, const NameColumn& names) {
    const Theme& t = c.t();
    const Program& p = view.p();
    fillRect(c, row.min, row.max, t.surface, t.radius * 0.6f);
    // The stripe is the track of the session the row leads with, whose line names it too
    // (compactLive, compactNextOnly): not by colour alone (#30.7). A cancelled or moved
    // session leads with what changed, and has none.
    if (auto shown = r.live ? r.live : r.away ? std::nullopt : r.next; shown && p.sessions[*shown].track)
        fillRect(c, row.min, ImVec2{row.min.x + std::max(4.0f, 8 * t.unit), row.max.y},
                 trackColor(t, p, *p.sessions[*shown].track), t.radius * 0.6f);
    float pad = t.gapXl();
    Rect in{ImVec2{row.min.x + pad, row.min.y + t.gap * 0.45f}, ImVec2{row.max.x - pad, row.max.y - t.gap * 0.45f}};
    float roomW = in.w() * names.share;
    roomTarget(c, r, row, Rect{row.min, ImVec2{in.min.x + roomW - t.gapM(), row.max.y}});
    TextStyle room = roomNameIn(view, t, r.room, true, names);
    if (directionsTo(view, r.room)) {  // the way there under the name
        float nameH =
            text(c, roomLabel(c, p, r.room, {room, roomW - t.gap, in.h()}), room, {in.min, roomW - t.gap, in.h()});
        directionsTag(c, view, r.room, {ImVec2{in.min.x, in.min.y + nameH}, roomW - t.gap},
                      TextStyle{Face::text, t.small, Weight::bold, t.text, 1});
    } else {
        text(c, roomLabel(c, p, r.room, {room, roomW - t.gap, in.h()}), room, {in.min, roomW - t.gap, in.h()});
    }
    return in;
}

// What is on, at `at` and `w` wide: its title, a line of detail (what changed, the talk,
// its people) with the time left, and the progress bar. Returns the bar's top.
float compactLive(const PageDraw& d, const RoomStatus& r, const TextBox& box, float barH, int titleLines) {
    const ImVec2 at = box.pos;
    const float w = box.width;
    const KioskView& view = d.view;
    Canvas& c = d.c;
    const Theme& t = c.t();
    const Program& p = view.p();
    float x = at.x, y = at.y;
    const Session& s = p.sessions[*r.live];
    bool pause = isPause(s.kind);
    TextStyle title{Face::display, t.body * 1.15f, Weight::bold, pause ? t.pause : t.text, titleLines};
    float titleH = text(c, sessionTitle(s), title, {ImVec2{x, y}, w});
    y += std::max(std::round(t.body * 1.15f * 1.3f), titleH + std::round(t.body * 1.15f * 0.05f));
    std::string detail;
    std::string change = changeLine(p, s, r.room);
    if (!change.empty())
        detail = change;
    else if (r.liveTalk && !singleTalk(p, s))
        detail = headline(p.talks[*r.liveTalk]);
    else if (!s.talks.empty())
        detail = authorLine(p, p.talks[s.talks[0]], 3);
    if (detail.empty()) detail = std::string(displayName(s.kind));
    // A full room and a talk not recorded, in words, first.
    if (r.liveTalk && p.talks[*r.liveTalk].doNotRecord) detail = std::string(tr("NOT RECORDED")) + "  ·  " + detail;
    std::string state = occupancyLabel(p, r.room);
    // Its language beside the time left, by name where it fits ("German · 25 min left"),
    // and its track, whose colour the row's stripe is ("Security · 25 min left").
    std::string left = leftText(r);
    if (std::string tag = sessionLanguage(p, s); !tag.empty()) {
        std::string name = languageLabel(p, tag);
        if (!name.empty() && measure(c, name, Face::text, t.small, Weight::regular) > w * 0.25f) name = badgeText(tag);
        if (!name.empty() && !languageLabel(p, tag).empty()) left = name + "  ·  " + left;
    }
    if (s.track) left = trackWord(c, p, *s.track, t.small, w * 0.3f) + "  ·  " + left;
    float leftW = measure(c, left, Face::text, t.small, Weight::regular);
    if (!state.empty()) {
        // Where to go instead of a full room first; alone when the rest does not fit.
        std::string see = fullSeeInstead(view, r.room);
        std::string marked = r.liveTalk && p.talks[*r.liveTalk].doNotRecord ? see + "  ·  " + tr("NOT RECORDED") : see;
        float room = w - leftW - t.gap;
        auto fits = [&](const std::string& line) {
            return measure(c, line, Face::text, t.small, Weight::bold) <= room;
        };
        if (see.empty() || !fits(see))
            detail = state + "  ·  " + detail;
        else if (fits(see + "  ·  " + detail))
            detail = see + "  ·  " + detail;
        else
            detail = fits(marked) ? marked : see;
        change = state;  // bold, in the alert colour
    }
    TextStyle sub{Face::text, t.small, change.empty() ? Weight::regular : Weight::bold,
                  change.empty() ? t.muted : t.alert, 1};
    text(c, detail, sub, {ImVec2{x, y}, w - leftW - t.gap});
    text(c, left, sub, {ImVec2{x + w - leftW, y}, leftW + 1});
    y += std::round(t.small * 1.3f) + t.gapXxs();
    progressBar(c, ImVec2{x, y}, ImVec2{x + w, y + barH}, static_cast<float>(r.elapsed), pause ? t.pause : t.live);
    return y;
}

// What should be on and is not (cancelled or moved), muted, with what changed. Returns
// where the progress bar's place is.
float compactAway(const KioskView& view, const RoomStatus& r, Canvas& c, ImVec2 at, float w) {
    const Theme& t = c.t();
    const Program& p = view.p();
    float y = at.y;
    const Session& a = p.sessions[*r.away];
    TextStyle title{Face::display, t.body * 1.15f, Weight::bold, t.muted, 1, t.body};
    text(c, shortTime(view, a.time.start) + "  " + isolate(sessionTitle(a)), title, {ImVec2{at.x, y}, w});
    y += std::round(t.body * 1.15f * 1.3f);
    changeNote(c, changeLine(p, a, r.room), ImVec2{at.x, y}, w, t.small);
    y += std::round(t.small * 1.3f) + t.gapXxs();
    return y;
}

// Nothing on: what comes next takes the whole row (`w` from `at`), not a corner beside an
// empty one.
void compactNextOnly(const PageDraw& d, const RoomStatus& r, ImVec2 at, float w, int titleLines) {
    const KioskView& view = d.view;
    Canvas& c = d.c;
    const Theme& t = c.t();
    const Program& p = view.p();
    const Session& n = p.sessions[*r.next];
    std::string change = changeLine(p, n, r.room);
    std::string when =
        std::string(tr("NEXT")) + "  ·  " + dayAndTime(view, n.time.start) + "  ·  " + untilText(r.untilNext);
    when = withLanguage(c, p, sessionLanguage(p, n), when, {TextStyle{Face::text, t.small}, w});
    if (n.track) when += "  ·  " + trackWord(c, p, *n.track, t.small, w * 0.3f);  // the stripe's, in words
    TextStyle label{Face::text, t.small, Weight::bold, change.empty() ? t.accent : t.alert, 1};
    text(c, change.empty() ? when : when + "  ·  " + change, label, {at, w});
    TextStyle title{Face::display, t.body * 1.15f, Weight::bold, t.text, titleLines};
    text(c, sessionTitle(n), title, {ImVec2{at.x, at.y + std::round(t.small * 1.3f)}, w});
}

// What is next beside what is on: a line under it at `at` (`w` wide) in portrait, the
// row's last column (`nextW` wide, at the top of `in`) in landscape.
void compactNext(const PageDraw& d, const RoomStatus& r, Rect in, const TextBox& line, float nextW) {
    const ImVec2 at = line.pos;
    const float w = line.width;
    const KioskView& view = d.view;
    Canvas& c = d.c;
    const Theme& t = c.t();
    const Program& p = view.p();
    TextStyle label{Face::text, t.small, Weight::regular, t.accent, 1};
    TextStyle quiet{Face::text, t.small, Weight::regular, t.muted, 1};
    if (t.portrait) {
        if (r.next) {
            const Session& n = p.sessions[*r.next];
            std::string change = changeLine(p, n, r.room);
            text(c,
                 std::string(tr("NEXT")) + "  " + dayAndTime(view, n.time.start) + "  ·  " + isolate(sessionTitle(n)) +
                     (change.empty() ? "" : "  ·  " + change),
                 change.empty() ? label : TextStyle{Face::text, t.small, Weight::bold, t.alert, 1}, {at, w});
        } else {
            text(c, tr("No more sessions here today"), quiet, {at, w});
        }
        return;
    }
    ImVec2 pos{in.max.x - nextW, in.min.y};
    if (r.next) {
        const Session& n = p.sessions[*r.next];
        std::string change = changeLine(p, n, r.room);
        float h = change.empty()
                      ? text(c, dayAndTime(view, n.time.start) + "  ·  " + untilText(r.untilNext), label, {pos, nextW})
                      : changeNote(c, shortTime(view, n.time.start) + "  ·  " + change, pos, nextW, t.small);
        TextStyle title{Face::text, t.body, Weight::regular, t.text, 1};
        text(c, sessionTitle(n), title, {ImVec2{pos.x, pos.y + h}, nextW});
    } else {
        // Two lines: the row has them beside what is on ("No more sessions here…" was cut
        // with the second line empty, at 800x480).
        TextStyle twoLines = quiet;
        twoLines.maxLines = 2;
        text(c, tr("No more sessions here today"), twoLines, {pos, nextW, in.h()});
    }
}

void drawCompactRow(const KioskView& view, const RoomStatus& r, Canvas& c, Rect row, const NameColumn& names) {
    const Theme& t = c.t();
    Rect in = compactRoom(view, r, c, row, names);
    float roomW = in.w() * names.share;
    float nextW = t.portrait ? 0.0f : in.w() * 0.3f;
    float x = in.min.x + roomW;
    float w = in.max.x - x - (nextW > 0 ? nextW + t.gap : 0);
    float y = in.min.y;
    float barH = std::max(3.0f, 5 * t.unit);
    // A second line for the title when the row was given room for it (layoutFor).
    int titleLines = row.h() >= compactRowHeight(t) + std::round(t.body * 1.15f * kLeading) - 1 ? 2 : 1;
    if (r.live) {
        y = compactLive({view, c}, r, {ImVec2{x, y}, w}, barH, titleLines);
    } else if (r.away) {
        y = compactAway(view, r, c, ImVec2{x, y}, w);
    } else if (r.next) {
        compactNextOnly({view, c}, r, ImVec2{x, y}, in.max.x - x, titleLines);
        return;
    } else {
        TextStyle quiet{Face::text, t.body, Weight::regular, t.muted, 1};
        text(c, tr("Nothing more here today"), quiet, {ImVec2{x, y}, in.max.x - x});
        return;
    }
    y += barH + t.gapXs();
    compactNext({view, c}, r, in, {ImVec2{x, y}, w}, nextW);
}

// Talks of a session that start after `after`, cancelled ones too (marked: a talk that
// is off must not just vanish), one a line with its time, a title on two lines when the
// list has room for it. As many as fit in `height`, then "+ N more". The talks shown go
// to `listed`. Returns the height used.
struct TalksAfter {
    const Session& session;
    Instant after;
};
float talkList(const PageDraw& d, const TalksAfter& of, const TextBox& box, float px,
               std::vector<Index>* listed = nullptr) {
    const Session& s = of.session;
    const Instant after = of.after;
    const ImVec2 pos = box.pos;
    const float width = box.width, height = box.maxHeight;
    const KioskView& view = d.view;
    Canvas& c = d.c;
    const Theme& t = c.t();
    const Program& p = view.p();
    float line = std::round(px * kLeading), pitch = std::round(px * 1.4f);
    float slotW = measure(c, localClockSample(), Face::text, px, Weight::regular) + t.gapXl();
    std::vector<Index> talks;
    for (Index ti : s.talks)
        if (p.talks[ti].slot.start > after) talks.push_back(ti);
    float y = 0;
    for (std::size_t i = 0; i < talks.size(); ++i) {
        const Talk& talk = p.talks[talks[i]];
        std::size_t left = talks.size() - i;
        if (y + pitch > height || (left > 1 && y + 2 * pitch > height)) {
            TextStyle more{Face::text, px, Weight::regular, t.muted, 1};
            text(c, trf(tr("+ %zu more"), left), more, {ImVec2{pos.x + slotW, pos.y + y}, width - slotW});
            return y + pitch;
        }
        std::string title = talk.change.cancelled ? trf(tr("Cancelled: %s"), headline(talk).c_str()) : headline(talk);
        // Two lines when the rest still fits one a line below it.
        bool two = measure(c, title, Face::text, px, Weight::regular) > width - slotW &&
                   y + line + pitch * static_cast<float>(left) <= height;
        TextStyle slot{Face::text, px, Weight::regular, talk.change.cancelled ? t.alert : t.muted, 1};
        TextStyle titleStyle{Face::text, px, Weight::regular, talk.change.cancelled ? t.alert : t.text, two ? 2 : 1};
        text(c, shortTime(view, talk.slot.start), slot, {ImVec2{pos.x, pos.y + y}, slotW});
        float h = text(c, title, titleStyle, {ImVec2{pos.x + slotW, pos.y + y}, width - slotW});
        float used = std::max(pitch, h + (pitch - line));
        touchTarget(c, Rect{ImVec2{pos.x, pos.y + y}, ImVec2{pos.x + width, pos.y + y + used}},
                    {browse::Action::Kind::talk, talks[i]});
        if (listed) listed->push_back(talks[i]);
        y += used;
    }
    return y;
}

// The time left, as long as the width allows: "talk ends in 10 min · session 1 h 25 min
// left", else the shorter forms, never cut.
std::string timeLeft(Canvas& c, const RoomStatus& r, bool hasTalk, float width, float px) {
    std::vector<std::string> forms;
    if (hasTalk) {
        std::string talk = localDuration(r.talkRemaining), session = localDuration(r.remaining);
        forms.push_back(trf(tr("talk ends in %s  ·  session %s left"), talk.c_str(), session.c_str()));
        forms.push_back(trf(tr("talk %s  ·  session %s"), talk.c_str(), session.c_str()));
        forms.push_back(trf(tr("talk ends in %s"), talk.c_str()));
    }
    forms.push_back(leftText(r));
    forms.push_back(localDuration(r.remaining));
    for (const auto& f : forms)
        if (measure(c, f, Face::text, px, Weight::regular) <= width) return f;
    return forms.back();
}

// The "now" half when nothing is on: what should be on and is not (cancelled or moved),
// else "Nothing on right now". Returns where it ended.
float drawNothingOn(const PageDraw& d, const RoomStatus& r, Rect box, float titlePx, float second) {
    const KioskView& view = d.view;
    Canvas& c = d.c;
    const Theme& t = c.t();
    const Program& p = view.p();
    float y = box.min.y;
    if (r.away && p.sessions[*r.away].time.start <= view.now) {  // cancelled or moved, and it would be on now
        const Session& a = p.sessions[*r.away];
        y += changeNote(c, changeLine(p, a, r.room), ImVec2{box.min.x, y}, box.w(), second) + t.gapS();
        TextStyle title{Face::display, titlePx, Weight::bold, t.muted, 3};
        y += text(c, sessionTitle(a), title, {ImVec2{box.min.x, y}, box.w(), box.max.y - y - t.body * 2}) + t.gapXs();
        TextStyle when{Face::text, t.body, Weight::regular, t.muted, 1};
        return y + text(c,
                        std::string(displayName(a.kind)) + "  ·  " + shortTime(view, a.time.start) + "–" +
                            shortTime(view, a.time.end),
                        when, {ImVec2{box.min.x, y}, box.w()});
    }
    TextStyle quiet{Face::display, second, Weight::regular, t.muted, 2};
    return y + text(c, tr("Nothing on right now"), quiet, {ImVec2{box.min.x, y}, box.w()});
}

// After the chips over what is on, while they fit `room`: FULL or FILLING UP (the alert
// colour, and the word), then NOT RECORDED for the talk on now (else the session's only
// one). Returns the width taken; `recordMarked` says whether NOT RECORDED found room.
float markChips(const PageDraw& d, const RoomStatus& r, ImVec2 at, float room, bool& recordMarked) {
    const KioskView& view = d.view;
    Canvas& c = d.c;
    const Theme& t = c.t();
    const Program& p = view.p();
    float used = 0;
    auto add = [&](const std::string& label, ImU32 background, ImU32 ink) {
        float w = measure(c, label, Face::text, t.body, Weight::bold) + 2 * std::round(t.body * 0.55f);
        if (label.empty() || used + t.gapS() + w > room) return false;
        used += t.gapS() + chip(c, ImVec2{at.x + used + t.gapS(), at.y}, label, {background, ink}, t.body);
        return true;
    };
    add(occupancyLabel(p, r.room), t.alert, t.onAlert);
    std::optional<Index> talk = r.liveTalk;
    if (!talk && r.live && p.sessions[*r.live].talks.size() == 1) talk = p.sessions[*r.live].talks[0];
    if (talk && p.talks[*talk].doNotRecord) recordMarked = add(tr("NOT RECORDED"), t.surfaceRaised, t.text);
    return used;
}

// The line of chips over what is on: LIVE (NOW for a break), the track in its colour and
// the language (when the program has several), for the visitor choosing where to go (the
// live talk's, else the session's), then the kind and the times. Returns its height.
float nowChips(const PageDraw& d, const RoomStatus& r, Rect box, const Session& s, bool& recordMarked) {
    const KioskView& view = d.view;
    Canvas& c = d.c;
    const Theme& t = c.t();
    const Program& p = view.p();
    float y = box.min.y;
    bool pause = isPause(s.kind);
    ImU32 tone = pause ? t.pause : t.live;
    float chipW = chip(c, ImVec2{box.min.x, y}, pause ? tr("NOW") : tr("LIVE"), {tone, t.background}, t.body);
    std::optional<Index> track = r.liveTalk ? effectiveTrack(p, p.talks[*r.liveTalk]) : s.track;
    if (float w = trackChip(c, p, track, {ImVec2{box.min.x + chipW + t.gapS(), y}, box.w() * 0.3f}, t.body))
        chipW += t.gapS() + w;
    // The language by name when its chip leaves the times room beside the chips, else by code.
    const std::string& tag = r.liveTalk ? effectiveLanguage(p, p.talks[*r.liveTalk]) : sessionLanguage(p, s);
    std::string language = languageLabel(p, tag);
    std::string times = shortTime(view, s.time.start) + "–" + shortTime(view, s.time.end);
    float chipPad = 2 * std::round(t.body * 0.55f);
    if (!language.empty() && chipW + t.gap * 1.0f + chipPad +
                                     measure(c, language, Face::text, t.body, Weight::regular) +
                                     measure(c, times, Face::text, t.body, Weight::regular) >
                                 box.w())
        language = languageBadge(p, tag);
    if (!language.empty())
        chipW +=
            t.gapS() + chip(c, ImVec2{box.min.x + chipW + t.gapS(), y}, language, {t.surfaceRaised, t.text}, t.body);
    chipW +=
        markChips({view, c}, r, ImVec2{box.min.x + chipW, y},
                  box.w() - chipW - t.gapL() - measure(c, times, Face::text, t.body, Weight::regular), recordMarked);
    TextStyle kind{Face::text, t.body, Weight::regular, t.muted, 1};
    std::string label = sessionLabel(s) + "  ·  " + times;
    // Beside the chips on a narrow card, the times matter more than the kind.
    if (measure(c, label, Face::text, t.body, Weight::regular) > box.w() - chipW - t.gapL()) label = times;
    float chipH = t.chipHeight(t.body);
    text(c, label, kind,
         {ImVec2{box.min.x + chipW + t.gapL(), y + (chipH - t.lineHeight(t.body)) * 0.5f}, box.w() - chipW - t.gapL()});
    return chipH;
}

// Under the session's title (`titleH` tall, above `y`): the live talk's title when it is
// not the session's own (`hasTalk`), and its people, within `available`. A touch on them
// opens the talk. A talk not recorded says so before its people when the chips had no
// room for it (`recordMarked`). Returns where they end.
// Where the lines go and what is above them.
struct LiveLines {
    bool hasTalk;
    float second;  // the talk's title's size
    float y, titleH, available;
    bool recordMarked;
};
float liveTalkLines(const PageDraw& d, const RoomStatus& r, Rect box, const LiveLines& at) {
    const bool hasTalk = at.hasTalk, recordMarked = at.recordMarked;
    const float second = at.second, titleH = at.titleH;
    float y = at.y, available = at.available;
    const KioskView& view = d.view;
    Canvas& c = d.c;
    const Theme& t = c.t();
    const Program& p = view.p();
    const Talk& talk = p.talks[*r.liveTalk];
    touchTarget(c, Rect{ImVec2{box.min.x, y - titleH - t.gap * 0.35f}, ImVec2{box.max.x, y + available}},
                {browse::Action::Kind::talk, *r.liveTalk});
    if (hasTalk) {
        TextStyle talkStyle{Face::text, second, Weight::regular, t.text, 2};
        float h = text(c, headline(talk), talkStyle, {ImVec2{box.min.x, y}, box.w(), available});
        y += h + t.gap * 0.15f;
        available -= h;
    }
    TextStyle whoStyle{Face::text, t.body, Weight::regular, t.muted, 1};
    std::string mark = talk.doNotRecord && !recordMarked ? std::string(tr("Not recorded")) + "  ·  " : "";
    float markW = mark.empty() ? 0 : measure(c, mark, Face::text, t.body, Weight::regular);
    std::string who = mark + fittedAuthorLine(c, p, talk, 4, {whoStyle, box.w() - markW});
    if (!who.empty() && available > t.body * kLeading) {
        y += text(c, who, whoStyle, {ImVec2{box.min.x, y}, box.w()});
    }
    return y;
}

// A full room's card says where to go instead, when the line holds it (a door sign lists
// every such place), with "Not recorded" when the chips had no room for it (the line
// takes the place the talk's people would say it in). Returns the height used.
float seeInsteadNote(const PageDraw& d, const RoomStatus& r, ImVec2 at, float w, bool& recordMarked) {
    const KioskView& view = d.view;
    Canvas& c = d.c;
    const Program& p = view.p();
    std::string see = fullSeeInstead(view, r.room);
    if (see.empty() || measure(c, see, Face::text, c.t().body, Weight::bold) > w) return 0;
    std::optional<Index> talk = r.liveTalk;
    if (!talk && r.live && p.sessions[*r.live].talks.size() == 1) talk = p.sessions[*r.live].talks[0];
    if (!recordMarked && talk && p.talks[*talk].doNotRecord) {
        // Both, the walk left out when that makes them fit (the other card shows it).
        for (const std::string& place : {see, fullSeeInstead(view, r.room, false)}) {
            std::string marked = place + "  ·  " + tr("Not recorded");
            if (measure(c, marked, Face::text, c.t().body, Weight::bold) <= w) {
                see = marked;
                recordMarked = true;
                break;
            }
        }
    }
    return changeNote(c, see, at, w, c.t().body) + c.t().gap * 0.3f;
}

// The "now" half of a card, within `box`. The talks it lists under THEN go to `listed`
// (the "next" half does not repeat them). `large`: a door sign.
// `barFollows`: the progress bar comes right after the content instead of at the box's
// foot (a tall door sign, where what follows takes the rest). Returns where it ended.
struct NowCard {
    bool large = false;       // a door sign
    bool barFollows = false;  // the bar right after the content
};
float drawNow(const PageDraw& d, const RoomStatus& r, Rect box, const NowCard& card, std::vector<Index>& listed) {
    const bool large = card.large, barFollows = card.barFollows;
    const KioskView& view = d.view;
    Canvas& c = d.c;
    const Theme& t = c.t();
    const Program& p = view.p();
    float y = box.min.y;
    float titlePx = large ? t.display : t.subtitle;  // the session's title
    float second = large ? t.subtitle : t.body;      // the talk in it
    if (!r.live) return drawNothingOn({view, c}, r, box, titlePx, second);
    const Session& s = p.sessions[*r.live];
    ImU32 tone = isPause(s.kind) ? t.pause : t.live;
    bool recordMarked = false;
    float chipH = nowChips({view, c}, r, box, s, recordMarked);
    y += chipH + t.gapM();
    if (float h = changeNote(c, changeLine(p, s, r.room), ImVec2{box.min.x, y}, box.w(), t.body)) y += h + t.gapXs();
    if (!large) y += seeInsteadNote({view, c}, r, ImVec2{box.min.x, y}, box.w(), recordMarked);

    float barH = std::max(6.0f, std::round(10 * t.unit * (large ? 1.4f : 1.0f)));
    float footer = t.lineHeight(t.body) + barH + t.gapXl();
    float available = box.max.y - y - footer;

    bool hasTalk = r.liveTalk.has_value() && !(s.talks.size() == 1 && p.talks[s.talks[0]].title == s.title);
    // Large, a size smaller before it is cut ("Session 1: Search and…" at 800x480).
    TextStyle title{Face::display, titlePx, Weight::bold, t.text, hasTalk ? 2 : 3, large ? t.title : 0};
    float titleH =
        text(c, sessionTitle(s), title, {ImVec2{box.min.x, y}, box.w(), available * (hasTalk ? 0.5f : 1.0f)});
    y += titleH + t.gap * 0.35f;
    available = box.max.y - y - footer;
    if (r.liveTalk && available > t.body * kLeading)
        y = liveTalkLines({view, c}, r, box, {hasTalk, second, y, titleH, available, recordMarked});
    // The rest of the session, while there is room for it.
    Instant after = r.liveTalk ? p.talks[*r.liveTalk].slot.start : view.now;
    bool more = std::any_of(s.talks.begin(), s.talks.end(), [&](Index ti) { return p.talks[ti].slot.start > after; });
    float room = box.max.y - footer - y - t.gap;
    if (more && room > t.body * 1.4f * 2.5f) {
        y += t.gapL();
        TextStyle then{Face::text, t.body, Weight::bold, t.accent, 1};
        y += text(c, tr("THEN"), then, {ImVec2{box.min.x, y}, box.w()}) + t.gapXxs();
        y += talkList({view, c}, {s, after}, {ImVec2{box.min.x, y}, box.w(), box.max.y - footer - y - t.gapXs()},
                      t.body, &listed);
    }
    // Progress of the session, and time left of the talk (or session).
    float barY = barFollows ? std::min(y + t.gap, box.max.y - footer + t.gapM()) : box.max.y - footer + t.gapM();
    progressBar(c, ImVec2{box.min.x, barY}, ImVec2{box.max.x, barY + barH}, static_cast<float>(r.elapsed), tone);
    TextStyle small{Face::text, t.body, Weight::regular, t.muted, 1};
    float leftY = barY + barH + t.gapXs();
    return leftY + text(c, timeLeft(c, r, r.liveTalk && hasTalk, box.w(), t.body), small,
                        {ImVec2{box.min.x, leftY}, box.w(), FLT_MAX, Align::right});
}

// On a door sign with room to spare: the sessions after the next one here today, a
// line each.
void laterHere(const KioskView& view, const RoomStatus& r, Canvas& c, const Session& next, Rect box) {
    const Theme& t = c.t();
    const Program& p = view.p();
    float line = std::round(t.body * 1.4f);
    if (box.h() < t.gap * 1.5f + line * 3) return;
    Index room[] = {r.room};
    LocalDay today = localDay(p.conference.zone, next.time.start);
    std::vector<Index> later;
    for (Index i : view.s().startingBetween(next.time.start + std::chrono::seconds{1},
                                            next.time.start + std::chrono::hours{16}, room))
        if (localDay(p.conference.zone, p.sessions[i].time.start) == today) later.push_back(i);
    if (later.empty()) return;
    float y = box.min.y + t.gap * 1.5f;
    TextStyle head{Face::text, t.body, Weight::bold, t.accent, 1};
    y += text(c, tr("LATER HERE"), head, {ImVec2{box.min.x, y}, box.w()}) + t.gapXxs();
    float slotW = measure(c, localClockSample(), Face::text, t.body, Weight::regular) + t.gapXl();
    for (Index i : later) {
        if (y + line > box.max.y) break;
        const Session& s = p.sessions[i];
        TextStyle when{Face::text, t.body, Weight::regular, t.muted, 1};
        TextStyle title{Face::text, t.body, Weight::regular, isPause(s.kind) ? t.pause : t.text, 1};
        text(c, shortTime(view, s.time.start), when, {ImVec2{box.min.x, y}, slotW});
        text(c, sessionTitle(s), title, {ImVec2{box.min.x + slotW, y}, box.w() - slotW});
        touchTarget(c, Rect{ImVec2{box.min.x, y}, ImVec2{box.max.x, y + line}}, {browse::Action::Kind::session, i});
        y += line;
    }
}

// The next session here, from `y` down in `box`: its title, what changed, its kind, end
// and language, its track, its talks when there is room, and on a door sign the sessions
// after it.
struct Below {
    float y, available;  // from here down, this much
};
void drawNextSession(const PageDraw& d, const RoomStatus& r, Rect box, bool large, Below below) {
    float y = below.y;
    const float available = below.available;
    const KioskView& view = d.view;
    Canvas& c = d.c;
    const Theme& t = c.t();
    const Program& p = view.p();
    const Session& n = p.sessions[*r.next];
    bool listTalks = !n.talks.empty() && !singleTalk(p, n);
    TextStyle title{Face::display, large ? t.title : t.subtitle, Weight::bold, t.text, 3};
    float h = text(c, sessionTitle(n), title, {ImVec2{box.min.x, y}, box.w(), available});
    y += h + t.gapXxs();
    float line = t.lineHeight(t.body);
    if (y + line < box.max.y)
        if (float ch = changeNote(c, changeLine(p, n, r.room), ImVec2{box.min.x, y}, box.w(), t.body))
            y += ch + t.gapXxs();
    if (y + line < box.max.y) {
        TextStyle kind{Face::text, t.body, Weight::regular, t.muted, 1};
        std::string meta =
            std::string(displayName(n.kind)) + "  ·  " + trf(tr("until %s"), shortTime(view, n.time.end).c_str());
        meta = withLanguage(c, p, sessionLanguage(p, n), meta, {TextStyle{Face::text, t.body}, box.w()});
        y += text(c, meta, kind, {ImVec2{box.min.x, y}, box.w()});
        // Under it, the track in its colour, when there is room.
        float chipH = line + 2 * std::round(t.body * 0.22f);
        if (n.track && y + t.gapXs() + chipH <= box.max.y &&
            trackChip(c, p, n.track, {ImVec2{box.min.x, y + t.gapXs()}, box.w()}, t.body) > 0)
            y += t.gapXs() + chipH;
    }
    if (listTalks && box.max.y - y > t.body * 1.4f * 2.5f)
        y += t.gapXl() + talkList({view, c}, {n, n.time.start - std::chrono::seconds{1}},
                                  {ImVec2{box.min.x, y + t.gapXl()}, box.w(), box.max.y - y - t.gapXl()}, t.body);
    if (large) laterHere(view, r, c, n, Rect{ImVec2{box.min.x, y}, box.max});
}

// The "next" half: the next session here (with its talks when there is room), else the
// next talk of the live session if the "now" half did not list it.
void drawNext(const PageDraw& d, const RoomStatus& r, Rect box, bool large, const std::vector<Index>& listed) {
    const KioskView& view = d.view;
    Canvas& c = d.c;
    const Theme& t = c.t();
    const Program& p = view.p();
    float y = box.min.y;
    TextStyle label{Face::text, t.body, Weight::bold, t.accent, 2};
    std::string head = tr("NEXT");
    std::optional<Index> nextTalkInSession;
    if (r.nextTalk && r.live && std::find(listed.begin(), listed.end(), *r.nextTalk) == listed.end())
        nextTalkInSession = r.nextTalk;
    // "NEXT · 11:10 · in 1 h 25 min"; on a narrow card the "in …" part whole on a line of
    // its own rather than wrapped in the middle ("in 1 h 25" over "min").
    auto withUntil = [&](const std::string& when, const std::string& until) {
        std::string one = head + "  ·  " + when + "  ·  " + until;
        TextStyle single = label;
        single.maxLines = 1;
        return layout(c, one, single, box.w()).truncated ? head + "  ·  " + when + "\n" + until : one;
    };
    if (r.next) {
        const Session& n = p.sessions[*r.next];
        head = withUntil(dayAndTime(view, n.time.start), untilText(r.untilNext));
    } else if (nextTalkInSession) {
        const Talk& nt = p.talks[*nextTalkInSession];
        head = withUntil(shortTime(view, nt.slot.start), untilText(nt.slot.start - view.now));
    }
    // A session planned here but cancelled or moved, before the next one: say so first.
    if (r.away && p.sessions[*r.away].time.start > view.now) {
        const Session& a = p.sessions[*r.away];
        std::string what =
            shortTime(view, a.time.start) + "  " + isolate(sessionTitle(a)) + "  ·  " + changeLine(p, a, r.room);
        TextStyle note{Face::text, t.body, Weight::bold, t.alert, 2};
        y += text(c, what, note, {ImVec2{box.min.x, y}, box.w()}) + t.gapL();
    }
    y += text(c, head, label, {ImVec2{box.min.x, y}, box.w()}) + t.gapXs();
    float available = box.max.y - y;
    if (r.next) {
        drawNextSession({view, c}, r, box, large, {y, available});
    } else if (nextTalkInSession) {
        TextStyle title{Face::text, large ? t.subtitle : t.body, Weight::regular, t.text, 3};
        text(c, headline(p.talks[*nextTalkInSession]), title, {ImVec2{box.min.x, y}, box.w(), available});
    } else {
        TextStyle quiet{Face::text, large ? t.subtitle : t.body, Weight::regular, t.muted, 2};
        text(c, tr("No more sessions here today"), quiet, {ImVec2{box.min.x, y}, box.w(), available});
    }
}

void drawRoomCard(const KioskView& view, const RoomStatus& r, Canvas& c, Rect card, const NameColumn& names) {
    const Theme& t = c.t();
    fillRect(c, card.min, card.max, t.surface, t.radius);
    float pad = t.gap * 1.1f;
    Rect inner{ImVec2{card.min.x + pad, card.min.y + pad}, ImVec2{card.max.x - pad, card.max.y - pad}};
    // The name's part of the card: its line across the top (portrait), its column (landscape).
    Rect nameArea = t.portrait
                        ? Rect{card.min, ImVec2{card.max.x, inner.min.y + t.lineHeight(t.subtitle) + t.gap * 0.25f}}
                        : Rect{card.min, ImVec2{inner.min.x + inner.w() * names.share - t.gapM(), card.max.y}};
    roomTarget(c, r, card, nameArea);
    const std::string& roomName = view.p().rooms[r.room].name;
    std::vector<Index> listed;
    if (t.portrait) {
        TextStyle room{Face::display, t.subtitle, Weight::bold, t.accent, 1, t.body};
        float tagW = std::min(directionsWidth(c, view, r.room, t.small), inner.w() * 0.5f);
        float h = text(c, roomName, room, {inner.min, inner.w() - (tagW > 0 ? tagW + t.gap : 0)});
        if (tagW > 0)
            directionsTag(c, view, r.room,
                          {ImVec2{inner.max.x - tagW, inner.min.y + (t.subtitle - t.small) * 0.6f}, tagW + 1},
                          TextStyle{Face::text, t.small, Weight::bold, t.text, 1});
        float y = inner.min.y + h + t.gapM();
        float nowH = (inner.max.y - y) * 0.62f;
        drawNow({view, c}, r, Rect{ImVec2{inner.min.x, y}, ImVec2{inner.max.x, y + nowH}}, {}, listed);
        float sep = y + nowH + t.gapL();
        fillRect(c, ImVec2{inner.min.x, sep}, ImVec2{inner.max.x, sep + std::max(1.0f, t.unit * 2)}, t.track);
        drawNext({view, c}, r, Rect{ImVec2{inner.min.x, sep + t.gapL()}, inner.max}, false, listed);
        return;
    }
    float roomW = inner.w() * names.share;
    float nextW = inner.w() * 0.3f;
    TextStyle room = roomNameIn(view, t, r.room, false, names);
    float nameH = text(c, roomName, room, {inner.min, roomW - t.gap, inner.h()});
    directionsTag(c, view, r.room, {ImVec2{inner.min.x, inner.min.y + nameH + t.gapXs()}, roomW - t.gap},
                  TextStyle{Face::text, t.small, Weight::bold, t.text, 2});
    Rect now{ImVec2{inner.min.x + roomW, inner.min.y}, ImVec2{inner.max.x - nextW - t.gap * 1.5f, inner.max.y}};
    drawNow({view, c}, r, now, {}, listed);
    float sepX = inner.max.x - nextW - t.gap * 0.75f;
    fillRect(c, ImVec2{sepX, inner.min.y}, ImVec2{sepX + std::max(1.0f, t.unit * 2), inner.max.y}, t.track);
    drawNext({view, c}, r, Rect{ImVec2{inner.max.x - nextW, inner.min.y}, inner.max}, false, listed);
}

// One room: a door sign, large. While something is on (or should be, and is not): now
// beside next. Before the first session and between sessions the coming one is the
// whole sign, not a side note to "nothing on".
void drawDoorSign(const KioskView& view, const RoomStatus& r, Canvas& c, Rect area) {
    const Theme& t = c.t();
    TextStyle room{Face::display, t.display, Weight::bold, t.accent, 1, t.title};
    // The way there at the end of the name's line.
    float tagW = std::min(directionsWidth(c, view, r.room, t.subtitle), area.w() * 0.45f);
    float nameH = text(c, view.p().rooms[r.room].name, room, {area.min, area.w() - (tagW > 0 ? tagW + t.gap : 0)});
    if (tagW > 0)
        directionsTag(c, view, r.room,
                      {ImVec2{area.max.x - tagW, area.min.y + (nameH - t.subtitle * kLeading) * 0.5f}, tagW + 1},
                      TextStyle{Face::text, t.subtitle, Weight::bold, t.text, 1});
    float y = area.min.y + nameH + t.gap;
    Rect card{ImVec2{area.min.x, y}, area.max};
    fillRect(c, card.min, card.max, t.surface, t.radius);
    roomTarget(c, r, card, Rect{area.min, ImVec2{area.max.x, area.min.y + nameH}});
    float pad = t.gap * 1.6f;
    Rect inner{ImVec2{card.min.x + pad, card.min.y + pad}, ImVec2{card.max.x - pad, card.max.y - pad}};
    std::vector<Index> listed;
    bool awayNow = r.away && view.p().sessions[*r.away].time.start <= view.now;
    // A full room (or one filling up): where else to go takes the place of what is next,
    // when there is somewhere else (a talk on elsewhere, the stream). With nowhere, what
    // comes next here keeps its place: the queue for it is what the visitor can join.
    bool full = crowded(view.p(), r.room) && (streamCode(view.p(), r.room) ||
                                              !alternativesTo(view.s(), r.room, view.now, view.wayfinding, 1).empty());
    if (!r.live && !awayNow && !full) {
        drawNext({view, c}, r, inner, true, listed);
        return;
    }
    auto first = [&](Rect box, bool barFollows) {
        return r.live || awayNow ? drawNow({view, c}, r, box, {true, barFollows}, listed)
                                 : (drawNext({view, c}, r, box, true, listed), box.max.y);
    };
    auto second = [&](Rect box) {
        if (full)
            whereElse(view, c, r.room, box, t.body);
        else
            drawNext({view, c}, r, box, true, listed);
    };
    float line = std::max(1.0f, t.unit * 2);
    if (t.portrait) {  // now above next, each as tall as it needs
        float nowH = inner.h() * (full ? 0.5f : 0.62f);
        float used = first(Rect{inner.min, ImVec2{inner.max.x, inner.min.y + nowH}}, true);
        float sep = std::min(used, inner.min.y + nowH) + t.gap;
        fillRect(c, ImVec2{inner.min.x, sep}, ImVec2{inner.max.x, sep + line}, t.track);
        second(Rect{ImVec2{inner.min.x, sep + t.gap}, inner.max});
    } else {  // now beside next
        float nowW = inner.w() * (full ? 0.5f : 0.6f);
        first(Rect{inner.min, ImVec2{inner.min.x + nowW, inner.max.y}}, false);
        float sep = inner.min.x + nowW + t.gap * 1.5f;
        fillRect(c, ImVec2{sep, inner.min.y}, ImVec2{sep + line, inner.max.y}, t.track);
        second(Rect{ImVec2{sep + t.gap * 1.5f, inner.min.y}, inner.max});
    }
}

int nowNextScreens(const KioskView& view, const PageConfig& page, Canvas& c) {
    std::vector<Index> rooms = pageRooms(view, page);
    if (rooms.empty()) return 0;
    DayStatus day = view.s().dayAt(view.now);
    if (day.phase != Phase::during && day.phase != Phase::between) return 0;
    Layout l = layoutFor(page, c, rooms.size());
    return Paging{rooms.size(), static_cast<std::size_t>(l.perScreen)}.screens();
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
    const Theme& t = c.t();
    ImVec2 inner = l.compact ? ImVec2{l.content.w() - 2 * t.gapXl(), l.rowH - 2 * t.gap * 0.45f}  // the rows' padding
                             : ImVec2{l.content.w() - 2 * t.gap * 1.1f, l.rowH - 2 * t.gap * 1.1f};
    NameColumn names =
        t.portrait && !l.compact
            ? NameColumn{0, 0}  // the name goes across the top of a portrait card
            : nameColumnFor({view, c}, statuses, inner, l.compact ? (t.portrait ? 0.26f : 0.17f) : 0.2f, l.compact);
    float y = l.content.min.y;
    for (const RoomStatus& r : statuses) {
        Rect row{ImVec2{l.content.min.x, y}, ImVec2{l.content.max.x, y + l.rowH}};
        if (l.compact) {
            drawCompactRow(view, r, c, row, names);
            y += l.rowH + c.t().gap * 0.4f;
        } else {
            drawRoomCard(view, r, c, row, names);
            y += l.rowH + c.t().gap;
        }
    }
}

std::string describeNowNext(const KioskView& view, const PageConfig& page, int screen, Canvas& c) {
    return roomNames(view.p(), nowNextRoomsOn(view, page, screen, c));
}

}  // namespace

std::vector<Index> nowNextRoomsOn(const KioskView& view, const PageConfig& page, int screen, Canvas& c) {
    std::vector<Index> rooms = pageRooms(view, page);
    if (rooms.empty() || screen < 0) return {};
    Layout l = layoutFor(page, c, rooms.size());
    return Paging{rooms.size(), static_cast<std::size_t>(l.perScreen)}.slice(rooms, screen);
}

const PageType nowNextPage{nowNextScreens, drawNowNext, describeNowNext};

}  // namespace hallboard::ui
