// One talk: what it is, who gives it, when and where ("in 25 min", "Live now"), its
// award, the whole abstract, and a QR code to take it away (its link, or a calendar
// entry). The people are buttons to their directory page.
#include <algorithm>
#include <cmath>

#include "browse/take_away.hpp"
#include "model/language.hpp"
#include "model/wording.hpp"
#include "base/text.hpp"
#include "ui/browse_screens.hpp"
#include "ui/pages.hpp"
#include "ui/wayfinding.hpp"

namespace hallboard::ui::browse_ui {

namespace {

using K = Action::Kind;

// The code's modules on white with their quiet zone (ui/room_notes.cpp, shared with the
// room's stream).
void drawQr(Canvas& c, const browse::QrCode& qr, ImVec2 min, float side) {
    drawQrCode(c, qr, min, side);
}

// The size of a module of `qr` drawn in `side` pixels (drawQr's arithmetic), in pixels.
float qrModulePx(const browse::QrCode& qr, float side) {
    return std::floor(side / static_cast<float>(qr.size + 8));
}

// Whether a phone reads the code from arm's length: modules of at least 0.5 mm on the
// configured panel (ISO/IEC 18004 leaves it to the reader; phone cameras lose codes
// below that at 30-40 cm). A calendar entry is a big code: on a 7" 800x480 panel its
// modules came out at 0.38 mm. One that would not scan is not drawn.
constexpr double kQrModuleMm = 0.5;
bool scans(Ctx& x, const browse::QrCode& qr, float side) {
    float module = qrModulePx(qr, side);
    double perMm = x.t().reading.pixelsPerMm;
    bool ok = module >= 1 && (perMm <= 0 || module / perMm >= kQrModuleMm);
    if (ok && x.c.facts) x.c.facts->qrModuleMm = perMm > 0 ? static_cast<float>(module / perMm) : 0.0f;
    return ok;
}

void codeUnderHeading(Ctx& x, Rect in, const browse::QrCode* qr, const Styled& heading, const Styled& caption);

// The QR panel: a title, the code, what it holds, filling `box`. Returns false (and draws
// nothing) where `box` has no room for it; with `draw` false, only says whether it has.
bool drawTakeAway(Ctx& x, Rect box, Index ti, bool draw = true) {
    const Theme& t = x.t();
    if (!x.view.browse.catalog) return false;
    const auto& code = x.view.browse.catalog->takeAway(ti);
    const auto& away = code.away;
    const auto& qr = code.qr;
    float pad = t.gap;
    Rect in{ImVec2{box.min.x + pad, box.min.y + pad}, ImVec2{box.max.x - pad, box.max.y - pad}};
    // A wide panel (portrait screens, under a map) with no room for a code that scans:
    // no panel ("Scan…" beside an empty square had been seen at 800x480).
    bool wide = in.w() > in.h() * 1.5f;
    if (wide && away && (!qr || in.h() <= 80 || !scans(x, *qr, in.h()))) return false;
    if (!draw) return true;
    fillRect(x.c, box.min, box.max, t.surface, t.radius);
    TextStyle head{Face::text, t.body, Weight::bold, t.text, t.large ? 0 : 2, t.small};
    // Large text (theme.hpp) takes the lines it needs.
    TextStyle small{Face::text, t.small, Weight::regular, t.muted, t.large ? 0 : 2};
    if (!away) {
        text(x.c, tr("Take it with you"), head, {in.min, in.w()});
        text(x.c, tr("This paper has no link and no time slot in the program."), small,
             {ImVec2{in.min.x, in.min.y + t.body * 1.5f}, in.w()});
        return true;
    }
    bool link = away->kind == browse::TakeAway::Kind::link;
    std::string heading =
        link ? trf(tr("Scan for %s"), tr(away->label.c_str())) : std::string(tr("Scan to add it to your calendar"));
    std::string caption =
        link ? away->payload : tr("Works offline: the event goes straight into your phone’s calendar.");
    if (wide) {
        // The code on the left, the words beside it.
        float side = in.h();
        drawQr(x.c, *qr, in.min, side);
        float tx = in.min.x + side + pad, tw = in.max.x - tx;
        float y = in.min.y + text(x.c, heading, head, {ImVec2{tx, in.min.y}, tw}) + t.gapM();
        // As many lines as the panel holds: four cut "…into your phone’s…" at 800x480.
        text(x.c, caption, TextStyle{Face::text, t.small, Weight::regular, t.muted, 0},
             {ImVec2{tx, y}, tw, in.max.y - y});
        return true;
    }
    codeUnderHeading(x, in, qr ? &*qr : nullptr, {heading, head}, {caption, small});
    return true;
}

// A narrow panel: the heading, the code under it, the caption under the code.
void codeUnderHeading(Ctx& x, Rect in, const browse::QrCode* qr, const Styled& headed, const Styled& captioned) {
    const std::string &heading = headed.text, &caption = captioned.text;
    const TextStyle &head = headed.style, &small = captioned.style;
    const Theme& t = x.t();
    float y = in.min.y;
    // Room for the caption's lines (up to three) under the code: two cut "…into your
    // phone’s…" on a narrow panel.
    TextStyle captionStyle{Face::text, t.small, Weight::regular, t.muted, t.large ? 0 : 3};
    TextBlock captionBlock = layout(x.c, caption, captionStyle, in.w());
    float captionH = captionBlock.height + t.gapM();
    float headH = layout(x.c, heading, head, in.w()).height + t.gapM();
    float side = std::min(in.w(), in.max.y - y - headH - captionH);
    // Large text on a small panel: the code before the words about it.
    if (t.large && qr && (side <= 80 || !scans(x, *qr, side))) {
        captionBlock = TextBlock{};
        side = std::min(in.w(), in.max.y - y - headH);
    }
    if (!qr || side <= 80 || !scans(x, *qr, side)) {
        // No code that scans: the panel says where the talk is written down instead of
        // "Scan…" above nothing; when not even that fits whole (large text on the 7-inch
        // panel), it says nothing rather than half a sentence.
        std::string why = tr("This screen is too small for a code your phone can read.");
        if (headH + layout(x.c, why, small, in.w()).height > in.h() + 0.5f) return;
        text(x.c, tr("Take it with you"), head, {in.min, in.w()});
        text(x.c, why, small, {ImVec2{in.min.x, in.min.y + headH}, in.w(), in.max.y - in.min.y - headH});
        return;
    }
    y += text(x.c, heading, head, {ImVec2{in.min.x, y}, in.w()}) + t.gapM();
    {
        drawQr(x.c, *qr, ImVec2{in.min.x + (in.w() - side) * 0.5f, y}, side);
        y += side + t.gapM();
    }
    drawBlock(x.c, captionBlock, captionStyle, {ImVec2{in.min.x, y}});
}

// Where a talk's parts go: its words, the QR panel and, with directions to its room, the
// floor map with the way there, beside the code (landscape) or above it (portrait).
struct TalkAreas {
    Rect text, qr, map;
    std::optional<Index> room;
    bool inList = false;  // the map and the code go in the list, after the words (wayInList)
};

TalkAreas talkAreas(Ctx& x, Rect area, const Talk& talk) {
    const Theme& t = x.t();
    const Program& p = x.p();
    bool portrait = area.h() > area.w();
    TalkAreas a{area, area, Rect{}, std::nullopt};
    if (talk.session && p.sessions[*talk.session].room && directionsTo(x.view, *p.sessions[*talk.session].room))
        a.room = p.sessions[*talk.session].room;
    if (portrait) {
        // Across the bottom: the code on the left, what it holds beside it.
        float qrH = std::min(area.h() * (a.room ? 0.2f : 0.3f), area.w() * 0.5f);
        float mapH = a.room ? std::min(area.h() * 0.32f, routeMapHeight(x.c, x.view, *a.room, area.w())) : 0.0f;
        float textH = area.h() - qrH - t.gap - (a.room ? mapH + t.gap : 0.0f);
        // Within reach (theme.hpp) the words with their buttons go at the bottom, the
        // code and the map over them.
        float y = t.reach ? area.min.y : area.min.y + textH + t.gap;
        a.text.min.y = t.reach ? area.max.y - textH : area.min.y;
        a.text.max.y = a.text.min.y + textH;
        if (a.room) {
            a.map = Rect{ImVec2{area.min.x, t.reach ? y + qrH + t.gap : y}, ImVec2{area.max.x, 0}};
            a.map.max.y = a.map.min.y + mapH;
        }
        a.qr.min.y = t.reach || !a.room ? y : y + mapH + t.gap;
        a.qr.max.y = a.qr.min.y + qrH;
    } else if (a.room) {
        // The right part: the map over the most of it, the code in a short panel below.
        float sideW = std::min(area.w() * 0.45f, area.h() * 1.2f);
        a.text.max.x = area.max.x - sideW - t.gap * 1.5f;
        // The code's panel keeps room for a code that scans (about 110 px of modules).
        float codePanel = std::max(area.h() * 0.3f, 110.0f + t.gap * 3);
        float wanted = routeMapHeight(x.c, x.view, *a.room, sideW);
        float mapH = std::min(area.h() - codePanel, wanted);
        // Large text on a short screen (the 7-inch 800x480 panel): no room beside the words
        // for a map that reads (its column had stayed empty). The words take the width; the
        // map follows the room's buttons in the list, and the code the abstract.
        if (t.large && mapH < wanted * 0.6f) {
            a.inList = true;
            a.text = area;
            return a;
        }
        a.map = Rect{ImVec2{area.max.x - sideW, area.min.y}, ImVec2{area.max.x, area.min.y + mapH}};
        a.qr = Rect{ImVec2{area.max.x - sideW, a.map.max.y + t.gap}, area.max};
    } else {
        float qrW = std::min(area.w() * 0.34f, area.h() * 0.85f);
        a.text.max.x = area.max.x - qrW - t.gap * 1.5f;
        a.qr.min.x = area.max.x - qrW;
        a.qr.max.y = std::min(area.max.y, area.min.y + qrW + t.body * 4);
    }
    return a;
}

// In the list at `cy` (TalkAreas::inList): the way to `room` on its floor maps, no taller
// than the list, so that it is seen whole when scrolled to. Returns the offset under it.
float wayInList(Ctx& x, const List& list, float cy, Index room) {
    const Theme& t = x.t();
    float h = std::min(routeMapHeight(x.c, x.view, room, list.area.w()), list.area.h());
    Rect box{ImVec2{list.area.min.x, list.top() + cy}, ImVec2{list.area.max.x, list.top() + cy + h}};
    if (h > 0 && list.visible(cy, h)) routeMap(x.c, x.view, room, box);
    return h > 0 ? cy + h + t.gapL() : cy;
}

// In the list at `cy`: the take-away panel, its code beside its words, as tall as the
// list, where a code that scans fits. Returns the offset under it.
float takeAwayInList(Ctx& x, const List& list, float cy, Index ti) {
    const Theme& t = x.t();
    float h = list.area.h();
    Rect box{ImVec2{list.area.min.x, list.top() + cy}, ImVec2{list.area.max.x, list.top() + cy + h}};
    if (!drawTakeAway(x, box, ti, false)) return cy;
    if (list.visible(cy, h)) drawTakeAway(x, box, ti);
    return cy + h + t.gapL();
}

// The people, each a button to their page, at content offset `cy`; authors of a paper
// alike. Returns the offset under them.
float peopleButtons(Ctx& x, const List& list, float cy, const Talk& talk) {
    const Theme& t = x.t();
    const Program& p = x.p();
    float w = list.area.w();
    std::vector<std::string> names;
    for (Index sp : talk.speakers) names.push_back(p.people[sp].name);
    if (names.empty()) names = talk.authors;
    if (names.empty() || !x.view.browse.directory) return cy;
    float h = thumb(t);
    float bx = 0;
    for (const std::string& name : names) {
        auto entry = browse::findEntry(*x.view.browse.directory, name);
        float bw = std::min(w, measure(x.c, name, Face::text, t.body, Weight::bold) + t.gap * 1.6f);
        if (bx > 0 && bx + bw > w) {
            bx = 0;
            cy += h + t.gapXs();
        }
        Rect r{ImVec2{list.area.min.x + bx, list.top() + cy}, ImVec2{list.area.min.x + bx + bw, list.top() + cy + h}};
        if (entry) {
            Action open{K::person, *entry};
            x.target(r, open, true, true);
            if (list.visible(cy, h)) {
                fillRect(x.c, r.min, r.max, x.pressed(open) ? t.track : t.surfaceRaised, h * 0.5f);
                TextStyle st{Face::text, t.body, Weight::bold, t.text, 1, t.small};
                TextBlock b = layout(x.c, name, st, bw - t.gap);
                drawBlock(x.c, b, st, {ImVec2{r.min.x + (bw - b.width) * 0.5f, r.min.y + (h - b.height) * 0.5f}});
            }
        }
        bx += bw + t.gapS();
    }
    cy += h + t.gapL();
    return cy;
}

// When and where, at content offset `cy`: the date, time and room, how soon, the session,
// the room's button and what changed. Returns the offset under it.
float talkWhen(Ctx& x, const List& list, float cy, const Talk& talk, const Session& s) {
    const Theme& t = x.t();
    const Program& p = x.p();
    auto block = [&](const std::string& str, const TextStyle& st) {
        cy = paragraph(x, {list, cy}, str, st, t.gap * 0.35f);
    };
    std::string when = localShortDate(localDay(p.conference.zone, talk.slot.start)) + ", " +
                       shortTime(x.view, talk.slot.start) + "–" + shortTime(x.view, talk.slot.end);
    if (s.room) when += "  ·  " + isolate(p.rooms[*s.room].name);
    bool live = talk.slot.contains(x.view.now) && !talk.change.cancelled;
    block(when, TextStyle{Face::text, t.body, Weight::bold, t.text, 0});
    // The line above has the date and time: this one only says how soon.
    std::string status;
    if (!talk.change.cancelled && !s.change.cancelled) {
        if (live)
            status = tr("Live now");
        else if (talk.slot.end <= x.view.now)
            status = tr("Ended");
        else if (Duration until = talk.slot.start - x.view.now; until < std::chrono::hours{12})
            status = trf(tr("Starts in %s"), localDuration(until, true).c_str());
    }
    block(status, TextStyle{Face::text, t.body, Weight::bold, live ? t.live : t.muted, 0});
    block(trf(tr("In %s"), isolate(sessionTitle(s)).c_str()),
          TextStyle{Face::text, t.body, Weight::regular, t.muted, 0});
    if (s.room) cy = stepFreeButton(x, list, roomButton(x, list, cy, *s.room), *s.room);
    std::string change = changeLine(talk);
    if (change.empty()) change = changeLine(p, s);
    if (!change.empty()) block(change, TextStyle{Face::text, t.body, Weight::bold, t.alert, 0});
    // Recorded? Streamed? Interpreted, captioned? In words, one line.
    std::string access;
    for (const std::string& note : accessNotes(talk)) access += (access.empty() ? "" : "  ·  ") + note;
    block(access, TextStyle{Face::text, t.body, Weight::bold, t.text, 0});
    // Its room full while it is on (or about to be): where else to go.
    if (s.room && crowded(p, *s.room) && talk.slot.end > x.view.now &&
        talk.slot.start - x.view.now < std::chrono::minutes{30})
        cy = roomNotes(x, list, cy, *s.room, false);
    return cy;
}

}  // namespace

void drawTalk(Ctx& x, Rect area, Index ti) {
    const Theme& t = x.t();
    const Program& p = x.p();
    if (ti >= p.talks.size()) return;
    const Talk& talk = p.talks[ti];
    TalkAreas areas = talkAreas(x, area, talk);
    if (!areas.inList) drawTakeAway(x, areas.qr, ti);
    if (areas.room && !areas.inList) routeMap(x.c, x.view, *areas.room, areas.map);

    List list = beginList(x, areas.text);
    float w = list.area.w();
    float cy = 0;
    auto block = [&](const std::string& str, const TextStyle& st) {
        cy = paragraph(x, {list, cy}, str, st, t.gap * 0.35f);
    };
    std::optional<Index> sessionIndex = talk.session;
    const Session* s = sessionIndex ? &p.sessions[*sessionIndex] : nullptr;
    std::string label = s ? sessionLabel(*s) : std::string(tr("ACCEPTED PAPER"));
    label = withLanguage(x.c, p, effectiveLanguage(p, talk), label, {TextStyle{Face::text, t.small}, w});
    block(label, TextStyle{Face::text, t.small, Weight::regular, t.accent, 1});
    // The track, as a chip in its colour, as on now & next.
    if (auto track = effectiveTrack(p, talk)) {
        float chipH = t.chipHeight(t.small);
        if (list.visible(cy, chipH)) trackChip(x.c, p, track, {ImVec2{list.area.min.x, list.top() + cy}, w}, t.small);
        cy += chipH + t.gap * 0.35f;
    }
    std::string named = nameFromAbstract(talk);
    block(named.empty() ? titleOrOpening(talk, 400) : named,
          TextStyle{Face::display, t.title, Weight::bold, t.text, 0});
    if (!named.empty()) block(tr(kFromAbstract), TextStyle{Face::text, t.small, Weight::regular, t.muted, 1});
    cy = peopleButtons(x, list, cy, talk);
    if (s) cy = talkWhen(x, list, cy, talk, *s);
    if (areas.inList && areas.room) cy = wayInList(x, list, cy, *areas.room);
    for (const Award& a : p.awards)
        if (a.talk == ti) {
            if (list.visible(cy, t.body * 1.6f))
                chip(x.c, ImVec2{list.area.min.x, list.top() + cy}, a.name, {t.accent, t.onAccent}, t.body * 0.9f);
            cy += t.body * 1.6f + t.gapS();
        }
    cy += t.gapS();
    block(talk.abstract.empty() ? std::string(tr("No abstract in the program.")) : talk.abstract,
          TextStyle{Face::text, t.body, Weight::regular, talk.abstract.empty() ? t.muted : t.text, 0, 0, 1.4f});
    block(talk.note, TextStyle{Face::text, t.small, Weight::regular, t.muted, 0});
    if (areas.inList) cy = takeAwayInList(x, list, cy, ti);
    endList(x, list, cy);
}

}  // namespace hallboard::ui::browse_ui
