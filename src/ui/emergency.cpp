// See emergency.hpp.
#include "ui/emergency.hpp"

#include <algorithm>
#include <cmath>

#include "base/i18n.hpp"
#include "base/text.hpp"
#include "base/unicode_text.hpp"
#include "model/wording.hpp"
#include "ui/wayfinding.hpp"

namespace hallboard::ui {

namespace {

// Red with white text (7.2:1), amber with black (11:1): AA and more, far off.
constexpr ImU32 kRed = IM_COL32(176, 0, 32, 255);
constexpr ImU32 kAmber = IM_COL32(255, 176, 0, 255);
constexpr ImU32 kBlack = IM_COL32(0, 0, 0, 255);
constexpr ImU32 kWhite = IM_COL32(255, 255, 255, 255);

struct Colours {
    ImU32 ground, ink;
};

Colours coloursOf(EmergencyKind kind) {
    return kind == EmergencyKind::evacuate ? Colours{kRed, kWhite} : Colours{kAmber, kBlack};
}

// What the way out says in words: the minutes, the steps, the step-free way.
struct WayWords {
    std::string head;                // "Nearest exit: 2 min · downstairs"
    std::vector<std::string> lines;  // the steps, then the step-free way
    std::string destination;         // the exit's name, for the map
};

std::string stepFreeWay(const Wayfinding& w) {
    const RoomDirections& d = *w.exit;
    if (!d.route.usesStairs)
        return d.route.usesLift ? tr("Step-free, by the lift: only if the stewards say the lift is safe")
                                : tr("Step-free all the way");
    if (!w.exitStepFree) return tr("No step-free way out from here: wait by the stairs and tell a steward");
    int minutes = walkingMinutes(w.exitStepFree->route.seconds);
    return w.exitStepFree->route.usesLift
               ? trf(tr("Step-free: %d min by the lift, only if the stewards say the lift is safe"), minutes)
               : trf(tr("Step-free: %d min by another way"), minutes);
}

WayWords wayWords(const Wayfinding& w) {
    const RoomDirections& d = *w.exit;
    const VenuePoint& exit = w.venue.points[d.route.points.back()];
    WayWords out;
    out.destination = exit.name.empty() ? std::string(tr("Exit")) : exit.name;
    out.head = trf(tr("Nearest exit: %s"), directionsLabel(d).c_str());
    std::vector<RouteStep> steps = routeSteps(w.venue, d.route);
    for (std::size_t i = 0; i < steps.size(); ++i)
        out.lines.push_back(stepText(w.venue, steps[i], i + 1 == steps.size(), out.destination));
    // A lift only when nothing else reaches an exit (Wayfinding::exit): said, with the caveat.
    if (d.route.usesStairs && d.route.usesLift)
        out.lines.push_back(tr("This way takes a lift: only if the stewards say the lift is safe"));
    out.lines.push_back(stepFreeWay(w));
    return out;
}

// The largest size up to `style.px` at which each unbreakable piece of `s` (between the
// line breaks the text layout may take: spaces, and between any two ideographs) fits
// `width`, measured at each size tried, as the text engine sets it: the text layout
// shrinks text to fit its lines, but a single word wider than the line is cut ("EVA…").
float wordsFit(Canvas& c, std::string_view s, const TextStyle& style, float width) {
    std::vector<std::string_view> pieces;
    std::size_t from = 0;
    for (const LineBreak& b : lineBreaks(s)) {
        std::string_view piece = s.substr(from, b.at - from);
        while (!piece.empty() && (piece.back() == ' ' || piece.back() == '\n')) piece.remove_suffix(1);
        if (!piece.empty()) pieces.push_back(piece);
        from = b.at;
    }
    float px = style.px;
    for (int tries = 0; tries < 8; ++tries) {
        float widest = 0;
        for (std::string_view piece : pieces)
            widest = std::max(widest, measure(c, piece, style.face, px, style.weight));
        if (widest <= width || px <= style.minPx) break;
        px = std::max(style.minPx, std::floor(px * std::min(0.99f, width / widest)));
    }
    return px;
}

// The band at the top: the kind in words, and "DRILL" in a box of its own. Returns its height.
float kindBand(const KioskView& view, Canvas& c, const Colours& k, Rect area) {
    const Theme& t = c.t();
    const Emergency& e = *view.emergency;
    // Read from across a hall: as large as a twelfth of the screen's height, smaller only
    // where the width (beside DRILL) asks for it.
    float px = std::max(t.title, std::floor(area.h() / 12.0f));
    TextStyle st{Face::display, px, Weight::bold, k.ink, 1, t.body};
    std::string kind = localUpper(emergencyKindWords(e.kind));
    float drillW = 0;
    if (e.drill) {
        std::string drill = localUpper(tr("Drill: this is an exercise"));
        TextStyle ds{Face::display, t.subtitle, Weight::bold, k.ground, 2, t.body};
        float w = std::min(measure(c, drill, ds.face, ds.px, ds.weight) + t.gap, area.w() * 0.5f);
        TextBlock b = layout(c, drill, ds, w - t.gap);
        float h = b.height + t.gapM();
        ImVec2 at{area.max.x - w, area.min.y};
        fillRect(c, at, ImVec2{at.x + w, at.y + h}, k.ink, t.radius * 0.4f);
        drawBlock(c, b, ds, {ImVec2{at.x + t.gapM(), at.y + t.gap * 0.25f}});
        drillW = w + t.gap;
    }
    st.px = wordsFit(c, kind, st, area.w() - drillW);
    return text(c, kind, st, {area.min, area.w() - drillW});
}

// The organiser's title and text in `area`, as large as they fit. Returns the height used.
float organiserWords(const KioskView& view, Canvas& c, const Colours& k, Rect area, bool room) {
    const Theme& t = c.t();
    const Emergency& e = *view.emergency;
    std::string title = e.title.empty() ? emergencyKindWords(e.kind) : e.title;
    float y = area.min.y;
    // As large as two lines of it fill the title's part of the area (shrunk to fit three
    // lines there), never smaller than the display size.
    float big = std::max(room ? t.display * 1.6f : t.display, std::floor(area.h() * 0.55f / (2 * kLeading)));
    // Whole rather than large: shrunk down to the body size (the reading floor) before a
    // line is cut (a 32-character Chinese title was cut at 800x480 at the title size).
    TextStyle ts{Face::display, big, Weight::bold, k.ink, 3, t.body};
    ts.px = wordsFit(c, title, ts, area.w());
    y += text(c, title, ts, {ImVec2{area.min.x, y}, area.w(), area.h() * 0.55f}) + t.gapL();
    if (!e.text.empty()) {
        TextStyle body{Face::text, room ? t.title : t.subtitle, Weight::regular, k.ink, 0, t.body};
        y += text(c, e.text, body, {ImVec2{area.min.x, y}, area.w(), area.max.y - y}) + t.gapL();
    }
    return y - area.min.y;
}

// The way out in words with a big arrow. Returns the height used.
float wayOut(const KioskView& view, Canvas& c, const Colours& k, const WayWords& words, Rect area) {
    const Theme& t = c.t();
    const RoomDirections& d = *view.wayfinding->exit;
    float icon = std::round(std::clamp(std::floor(area.h() / 8.0f), t.title, t.display) * 1.6f);
    fillRect(c, area.min, ImVec2{area.min.x + icon + t.gapS(), area.min.y + icon + t.gapS()}, k.ink, t.radius * 0.4f);
    arrowGlyph(c, ImVec2{area.min.x + (icon + t.gapS()) * 0.5f, area.min.y + (icon + t.gapS()) * 0.5f}, icon * 0.8f,
               d.arrow, c.col(k.ground));
    float x = area.min.x + icon + t.gap;
    TextStyle head{Face::display, std::clamp(std::floor(area.h() / 8.0f), t.title, t.display), Weight::bold, k.ink, 2,
                   t.body};
    float y = area.min.y;
    y += text(c, words.head, head, {ImVec2{x, y}, area.max.x - x}) + t.gapXs();
    y = std::max(y, area.min.y + icon + t.gapL());
    // As large as the organiser's text: the step-free way is what a wheelchair user reads
    // from where they are, and the steps are the way itself.
    TextStyle st{Face::text, t.subtitle, Weight::regular, k.ink, 3, t.body};
    // Short of room, the steps go (the arrow and the map show the way) and the step-free
    // way stays: the one thing a wheelchair user cannot see on the map.
    float need = 0;
    for (const std::string& line : words.lines) need += layout(c, line, st, area.w()).height + t.gap * 0.25f;
    std::vector<std::string> lines = words.lines;
    if (need > area.max.y - y && lines.size() > 1) lines.erase(lines.begin(), lines.end() - 1);
    for (const std::string& line : lines) {
        if (y + st.minPx * kLeading > area.max.y) break;  // the layout shrinks it to the floor
        y += text(c, line, st, {ImVec2{area.min.x, y}, area.w(), area.max.y - y}) + t.gap * 0.25f;
    }
    return y - area.min.y;
}

// The height the way's map takes at this width (ui/wayfinding.cpp mapsAlong: each floor
// as wide as the box, two floors one above the other, the legend, the padding): a tall
// screen's map box is no taller, and the words take the rest.
float wayMapHeight(const KioskView& view, const Theme& t, float width) {
    const Wayfinding& w = *view.wayfinding;
    std::size_t from = w.venue.points[w.here].floor;
    std::size_t to = w.venue.points[w.exit->route.points.back()].floor;
    const Floor& f = w.venue.floors[from];
    if (f.width <= 0 || f.height <= 0) return 0;
    float caption = t.lineHeight(t.small) + t.gapXs();
    float one = caption + (width - 2 * t.gapM()) * static_cast<float>(f.height) / static_cast<float>(f.width);
    float maps = from == to ? one : 2 * one + t.gap;
    return maps + t.gapS() + caption + 2 * t.gapM();
}

// The floor map with the way, on the theme's own ground so its colours read as on the pages.
void wayMap(const KioskView& view, Canvas& c, const WayWords& words, Rect box) {
    const Theme& t = c.t();
    if (box.w() < t.body * 6 || box.h() < t.body * 5) return;
    fillRect(c, box.min, box.max, t.background, t.radius * 0.5f);
    float pad = t.gapM();
    mapsAlong(c, view, *view.wayfinding->exit, words.destination,
              Rect{ImVec2{box.min.x + pad, box.min.y + pad}, ImVec2{box.max.x - pad, box.max.y - pad}});
}

// Portrait (or square): the words, the way, then the map under them, its box as tall as
// the map (at most half the body); the words take the height the map does not need.
void portrait(const KioskView& view, Canvas& c, const Colours& k, const WayWords& words, Rect body) {
    const Theme& t = c.t();
    float mapH = std::min(body.h() * 0.5f, wayMapHeight(view, t, body.w()) * 1.05f);
    float wordsBottom = std::max(body.min.y + body.h() * 0.35f, body.max.y - mapH - t.gapS());
    float top = body.min.y;
    float used =
        organiserWords(view, c, k, Rect{body.min, ImVec2{body.max.x, top + (wordsBottom - top) * 0.5f}}, false);
    float way = wayOut(view, c, k, words, Rect{ImVec2{body.min.x, top + used}, ImVec2{body.max.x, wordsBottom}});
    // What the words leave over goes above and below the map, not all under it.
    float mapTop = top + used + way + t.gapS();
    mapTop += std::max(0.0f, (body.max.y - mapTop - mapH) * 0.5f);
    wayMap(view, c, words, Rect{ImVec2{body.min.x, mapTop}, ImVec2{body.max.x, std::min(body.max.y, mapTop + mapH)}});
}

}  // namespace

std::string emergencyKindWords(EmergencyKind kind) {
    switch (kind) {
    case EmergencyKind::evacuate: return tr("Evacuate");
    case EmergencyKind::shelter: return tr("Shelter in place");
    case EmergencyKind::notice:
    default: return tr("Notice");
    }
}

void drawEmergency(const KioskView& view, Canvas& c) {
    if (c.record) {
        c.record->page = "emergency";
        c.record->screen = view.emergencyTurn;
    }
    const Theme& t = c.t();
    const Emergency& e = *view.emergency;
    Colours k = coloursOf(e.kind);
    fillRect(c, ImVec2{0, 0}, ImVec2{c.origin.x + c.size.x + 8, c.origin.y + c.size.y + 8}, k.ground);
    Rect all{ImVec2{c.origin.x + t.margin, c.origin.y + t.margin},
             ImVec2{c.origin.x + c.size.x - t.margin, c.origin.y + c.size.y - t.margin}};
    // The stewards' line at the bottom, always.
    TextStyle foot{Face::text, t.subtitle, Weight::bold, k.ink, 2, t.body};
    TextBlock stewards = layout(c, tr("Follow the stewards' directions."), foot, all.w());
    float footTop = all.max.y - stewards.height;
    drawBlock(c, stewards, foot, {ImVec2{all.min.x, footTop}});
    float y = all.min.y + kindBand(view, c, k, all) + t.gapL();
    c.list->AddLine(ImVec2{all.min.x, y}, ImVec2{all.max.x, y}, k.ink, std::max(2.0f, 3 * t.unit));
    y += t.gapXl();
    Rect body{ImVec2{all.min.x, y}, ImVec2{all.max.x, footTop - t.gapL()}};
    bool route = e.kind == EmergencyKind::evacuate && view.wayfinding && view.wayfinding->exit;
    if (!route) {
        organiserWords(view, c, k, body, true);
        return;
    }
    WayWords words = wayWords(*view.wayfinding);
    bool beside = body.w() > body.h() * 1.2f;
    if (beside) {
        // Landscape: the words on the left, the map on the right.
        float split = body.min.x + body.w() * 0.5f;
        Rect left{body.min, ImVec2{split - t.gapM(), body.max.y}};
        float used =
            organiserWords(view, c, k, Rect{left.min, ImVec2{left.max.x, left.min.y + left.h() * 0.5f}}, false);
        wayOut(view, c, k, words, Rect{ImVec2{left.min.x, left.min.y + used}, left.max});
        // The map's box as tall as the map at this width, not a dark band under it.
        // At least half the body: the map's height is reckoned from the first floor's shape.
        float mapH =
            std::clamp(wayMapHeight(view, t, body.max.x - split - t.gapM()) * 1.05f, body.h() * 0.5f, body.h());
        wayMap(view, c, words, Rect{ImVec2{split + t.gapM(), body.min.y}, ImVec2{body.max.x, body.min.y + mapH}});
        return;
    }
    portrait(view, c, k, words, body);
}

}  // namespace hallboard::ui
