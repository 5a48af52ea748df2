// See wayfinding.hpp.
#include "ui/wayfinding.hpp"

#include <algorithm>
#include <cmath>

#include "base/text.hpp"
#include "model/wording.hpp"

namespace hallboard::ui {

namespace {

constexpr float kPi = 3.14159265358979f;

ImVec2 turned(ImVec2 center, float x, float y, float radians) {
    float s = std::sin(radians), co = std::cos(radians);
    return ImVec2{center.x + x * co - y * s, center.y + x * s + y * co};
}

// Where a floor's map is drawn: its corners, its size and its scale from the venue's pixels.
struct MapArea {
    ImVec2 at, end, size;
    float scale = 1;
    ImVec2 place(const Venue& v, std::size_t p) const {
        return ImVec2{at.x + static_cast<float>(v.points[p].x) * scale,
                      at.y + static_cast<float>(v.points[p].y) * scale};
    }
};

// The way's part on `floor`: its lines with round joints, and a ring (the stairs or lift)
// where it leaves or joins the floor.
void drawWayOn(Canvas& c, const Venue& v, const std::vector<std::size_t>& pts, std::size_t floor, const MapArea& m) {
    const Theme& t = c.t();
    float thick = std::max(3.0f, 7 * t.unit);
    ImU32 way = c.col(t.live);
    for (std::size_t i = 1; i < pts.size(); ++i) {
        if (v.points[pts[i - 1]].floor != floor || v.points[pts[i]].floor != floor) continue;
        c.list->AddLine(m.place(v, pts[i - 1]), m.place(v, pts[i]), way, thick);
        c.list->AddCircleFilled(m.place(v, pts[i]), thick * 0.5f, way, 16);  // round joints
    }
    for (std::size_t i = 1; i < pts.size(); ++i) {
        bool leaves = v.points[pts[i - 1]].floor == floor && v.points[pts[i]].floor != floor;
        bool joins = v.points[pts[i - 1]].floor != floor && v.points[pts[i]].floor == floor;
        if (leaves) c.list->AddCircle(m.place(v, pts[i - 1]), thick * 1.6f, way, 24, thick * 0.6f);
        if (joins) c.list->AddCircle(m.place(v, pts[i]), thick * 1.6f, way, 24, thick * 0.6f);
    }
}

// A marker's label: a pill above the marker at `p` (below it at the map's top edge).
struct Marker {
    ImVec2 at;
    float size;
};
void markerTag(Canvas& c, const MapArea& m, Marker mark, const std::string& s, ImU32 background) {
    const ImVec2 p = mark.at;
    const float marker = mark.size;
    const Theme& t = c.t();
    TextStyle label{Face::text, t.small, Weight::bold, t.onAccent, 1};
    float tw = std::min(measure(c, s, label.face, label.px, label.weight), m.size.x * 0.6f);
    // Tall enough for Arabic's descenders (the final yeh of a room's name hung below
    // a pill of 1.3 lines), the line centred in it.
    float h = std::round(t.small * 1.55f);
    float x = std::clamp(p.x - tw * 0.5f - t.gapXs(), m.at.x, std::max(m.at.x, m.end.x - tw - t.gapL()));
    float y = p.y - marker - h - t.gapXxs();
    if (y < m.at.y) y = p.y + marker + t.gapXxs();
    fillRect(c, ImVec2{x, y}, ImVec2{x + tw + t.gapL(), y + h}, background, h * 0.3f);
    text(c, s, label, {ImVec2{x + t.gapXs(), y + (h - std::round(t.small * label.leading)) * 0.5f}, tw + 1});
}

// The markers on `floor`: the room's, and the screen's own with the way it faces.
// The part of a route on one of its floors, to `destination`.
struct FloorRoute {
    const Wayfinding& w;
    const RoomDirections& d;
    std::size_t floor;
    const std::string& destination;
};

void drawMarkers(Canvas& c, const FloorRoute& route, const MapArea& m) {
    const auto& [w, d, floor, destination] = route;
    const Theme& t = c.t();
    const Venue& v = w.venue;
    bool here = v.points[w.here].floor == floor;
    bool there = v.points[d.route.points.back()].floor == floor;
    float marker = std::max(8.0f, 16 * t.unit);
    // On a small map a label would hide the way: the caption above names the markers.
    bool labels = m.size.x >= t.small * 18;
    if (there) {
        ImVec2 p = m.place(v, d.route.points.back());
        c.list->AddCircleFilled(p, marker, c.col(t.alert), 32);
        c.list->AddCircle(p, marker, c.col(IM_COL32_WHITE), 32, std::max(1.5f, 3 * t.unit));
        if (labels) markerTag(c, m, {p, marker}, isolate(destination), c.col(t.alert));
    }
    if (here) {
        ImVec2 p = m.place(v, w.here);
        c.list->AddCircleFilled(p, marker, c.col(t.accent), 32);
        c.list->AddCircle(p, marker, c.col(IM_COL32_WHITE), 32, std::max(1.5f, 3 * t.unit));
        // The way the screen faces, as a small arrow on the marker.
        auto facing = static_cast<Arrow>(static_cast<int>(std::lround(std::fmod(w.facingDegrees, 360.0) / 45.0)) % 8);
        arrowGlyph(c, p, marker * 1.2f, facing, c.col(IM_COL32_WHITE));
        if (labels) markerTag(c, m, {p, marker}, tr("You are here"), c.col(t.accent));
    }
}

// One floor drawn into `box`: its map (or a plain floor), the part of the route on it,
// and the markers. Returns the bottom of the map (the top of `box` when nothing fits).
float floorPanel(Canvas& c, const FloorRoute& route, Rect box) {
    const auto& [w, d, floor, destination] = route;
    const Theme& t = c.t();
    const Floor& f = w.venue.floors[floor];
    TextStyle caption{Face::text, t.small, Weight::bold, t.text, 1};
    float capH = t.lineHeight(t.small) + t.gapXs();
    Rect area{ImVec2{box.min.x, box.min.y + capH}, box.max};
    if (area.w() < 8 || area.h() < 8) return box.min.y;
    MapArea m;
    m.scale = std::min(area.w() / static_cast<float>(f.width), area.h() / static_cast<float>(f.height));
    m.size = ImVec2{static_cast<float>(f.width) * m.scale, static_cast<float>(f.height) * m.scale};
    // At the box's left edge, as the heading over the maps and the legend under them are:
    // centred, a map narrower than its box started at a third edge of its own.
    m.at = ImVec2{std::round(area.min.x), area.min.y};
    m.end = ImVec2{m.at.x + m.size.x, m.at.y + m.size.y};
    // The floor's name over its map's left edge.
    text(c, f.name, caption, {ImVec2{m.at.x, box.min.y}, box.max.x - m.at.x});
    std::optional<Image> image;
    if (!f.image.empty() && c.images) image = c.images->load(f.image, m.size);
    if (image) {
        c.list->AddImage(image->texture, m.at, m.end, ImVec2{0, 0}, ImVec2{1, 1}, c.col(IM_COL32_WHITE));
    } else {
        // No picture (missing, broken, still loading): the floor's outline, and the way.
        fillRect(c, m.at, m.end, t.surfaceRaised, t.radius * 0.3f);
        c.list->AddRect(m.at, m.end, c.col(t.muted), t.radius * 0.3f, 0, std::max(1.0f, 2 * t.unit));
    }
    drawWayOn(c, w.venue, d.route.points, floor, m);
    drawMarkers(c, {w, d, floor, destination}, m);
    return m.end.y;
}

}  // namespace

bool stepFreeAsked(const KioskView& view) {
    const browse::Browser* b = view.browse.browser;
    return b && b->browsing() && b->stepFreeWay();
}

const RoomDirections* directionsTo(const KioskView& view, Index room) {
    return view.wayfinding ? view.wayfinding->to(room, stepFreeAsked(view)) : nullptr;
}

bool noStepFreeWay(const KioskView& view, Index room) {
    return view.wayfinding && stepFreeAsked(view) && view.wayfinding->to(room) && !view.wayfinding->to(room, true);
}

void arrowGlyph(Canvas& c, ImVec2 center, float size, std::optional<Arrow> arrow, ImU32 color) {
    if (!arrow) {
        c.list->AddCircleFilled(center, size * 0.28f, color, 24);
        return;
    }
    float r = static_cast<float>(arrowDegrees(*arrow)) * kPi / 180.0f;
    float h = size * 0.5f;
    // Pointing up before turning: a head and a shaft, both convex.
    ImVec2 head[3] = {turned(center, 0, -h, r), turned(center, h * 0.8f, -h * 0.05f, r),
                      turned(center, -h * 0.8f, -h * 0.05f, r)};
    c.list->AddConvexPolyFilled(head, 3, color);
    ImVec2 shaft[4] = {turned(center, -h * 0.3f, -h * 0.1f, r), turned(center, h * 0.3f, -h * 0.1f, r),
                       turned(center, h * 0.3f, h, r), turned(center, -h * 0.3f, h, r)};
    c.list->AddConvexPolyFilled(shaft, 4, color);
}

float directionsWidth(Canvas& c, const KioskView& view, Index room, float px) {
    const RoomDirections* d = directionsTo(view, room);
    if (!d) return 0;
    return px * 1.1f + px * 0.35f + measure(c, directionsLabel(*d), Face::text, px, Weight::bold);
}

float directionsTag(Canvas& c, const KioskView& view, Index room, const TextBox& box, const TextStyle& style) {
    const ImVec2 pos = box.pos;
    const float width = box.width, px = style.px;
    const ImU32 color = style.color;
    const int maxLines = style.maxLines;
    const RoomDirections* d = directionsTo(view, room);
    if (!d || width < px * 2) return 0;
    float icon = px * 1.1f;
    arrowGlyph(c, ImVec2{pos.x + icon * 0.5f, pos.y + px * 0.62f}, icon, d->arrow, c.col(color));
    TextStyle st{Face::text, px, Weight::bold, color, 1};
    float x = pos.x + icon + px * 0.35f;
    float space = pos.x + width - x;
    std::string label = directionsLabel(*d);
    if (!d->arrow || measure(c, label, st.face, st.px, st.weight) <= space) {
        text(c, label, st, {ImVec2{x, pos.y}, space});
        return std::round(px * kLeading);
    }
    // Too narrow for one line: the minutes, then the floor under them (or the minutes
    // alone when there is one line: the arrow still says which way).
    std::string minutes = trf(tr("%d min"), d->minutes);
    text(c, minutes, st, {ImVec2{x, pos.y}, space});
    if (maxLines < 2) return std::round(px * kLeading);
    text(c, floorWord(d->route.levels), st, {ImVec2{x, pos.y + std::round(px * kLeading)}, space});
    return std::round(px * 2.5f);
}

bool wayIcon(Canvas& c, const KioskView& view, WayIcon icon, ImVec2 min, float size) {
    const std::string& path = icon == WayIcon::stairs ? view.icons.stairs
                              : icon == WayIcon::lift ? view.icons.lift
                                                      : view.icons.accessible;
    if (path.empty() || !c.images || size < 4) return false;
    std::optional<Image> image = c.images->load(path, ImVec2{size, size});
    if (!image) return false;
    c.list->AddImage(image->texture, min, ImVec2{min.x + size, min.y + size}, ImVec2{0, 0}, ImVec2{1, 1},
                     c.col(IM_COL32_WHITE));
    return true;
}

// Without stairs: said for every room, so a wheelchair user never has to guess.
static std::string stepFreeSentence(const RoomDirections& d) {
    if (d.stepFree()) {
        return d.route.usesLift ? tr("Step-free, by the lift") : tr("Step-free all the way");
    } else if (d.stepFreeRoute) {
        int minutes = walkingMinutes(d.stepFreeRoute->seconds);
        return d.stepFreeRoute->usesLift ? trf(tr("Step-free: %d min by the lift"), minutes)
                                         : trf(tr("Step-free: %d min by another way"), minutes);
    } else {
        return tr("No step-free way from here: please ask a volunteer");
    }
}

float drawRouteSteps(Canvas& c, const KioskView& view, Index room, ImVec2 pos, float width) {
    const RoomDirections* d = directionsTo(view, room);
    if (!d) return 0;
    const Theme& t = c.t();
    const Venue& v = view.wayfinding->venue;
    float icon = std::round(t.body * 1.3f);
    float indent = icon + t.gapL();
    TextStyle st{Face::text, t.body, Weight::regular, t.text, 2};
    float y = pos.y;
    // One line: its mark in the square on the left, the words beside it.
    auto line = [&](const std::string& words, auto&& mark, const TextStyle& style) {
        float h = text(c, words, style, {ImVec2{pos.x + indent, y}, width - indent});
        mark(ImVec2{pos.x, y + std::max(0.0f, (std::round(style.px * kLeading) - icon) * 0.5f)});
        y += std::max(h, icon) + t.gap * 0.45f;
    };
    auto dot = [&](ImVec2 at) {
        c.list->AddCircleFilled(ImVec2{at.x + icon * 0.5f, at.y + icon * 0.5f}, icon * 0.16f, c.col(t.live), 16);
    };
    const std::string& roomName = view.p().rooms[room].name;
    std::vector<RouteStep> steps = routeSteps(v, d->route);
    if (steps.empty()) {
        line(trf(tr("%s is right here."), isolate(roomName).c_str()), dot, st);
    }
    for (std::size_t i = 0; i < steps.size(); ++i) {
        const RouteStep& step = steps[i];
        std::string words = stepText(v, step, i + 1 == steps.size(), roomName);
        line(
            words,
            [&](ImVec2 at) {
                if (step.kind == LinkKind::walk) {
                    if (i == 0)
                        arrowGlyph(c, ImVec2{at.x + icon * 0.5f, at.y + icon * 0.5f}, icon * 0.8f, d->arrow,
                                   c.col(t.live));
                    else
                        dot(at);
                } else if (!wayIcon(c, view, step.kind == LinkKind::lift ? WayIcon::lift : WayIcon::stairs, at, icon)) {
                    dot(at);
                }
            },
            st);
    }
    std::string access = stepFreeSentence(*d);
    y += t.gapXxs();
    line(
        access,
        [&](ImVec2 at) {
            if (!wayIcon(c, view, WayIcon::accessible, at, icon)) dot(at);
        },
        TextStyle{Face::text, t.body, Weight::bold, t.text, 2});
    return y - pos.y;
}

float drawNoStepFreeWay(Canvas& c, const KioskView& view, ImVec2 pos, float width) {
    const Theme& t = c.t();
    float icon = std::round(t.body * 1.3f);
    float indent = icon + t.gapL();
    TextStyle st{Face::text, t.body, Weight::bold, t.text, 0};
    float h = text(c, tr("No step-free way from here: please ask a volunteer"), st,
                   {ImVec2{pos.x + indent, pos.y}, width - indent});
    ImVec2 at{pos.x, pos.y + std::max(0.0f, (t.lineHeight(t.body) - icon) * 0.5f)};
    if (!wayIcon(c, view, WayIcon::accessible, at, icon))
        c.list->AddCircleFilled(ImVec2{at.x + icon * 0.5f, at.y + icon * 0.5f}, icon * 0.16f, c.col(t.alert), 16);
    return std::max(h, icon);
}

namespace {

float headerHeight(const Theme& t) {
    return t.lineHeight(t.body) + t.gapS();
}
float captionHeight(const Theme& t) {
    return t.lineHeight(t.small) + t.gapXs();
}

// "● You are here   ● Main room", the dots in the markers' colours.
void legend(Canvas& c, const std::string& destination, ImVec2 at, float width) {
    const Theme& t = c.t();
    TextStyle st{Face::text, t.small, Weight::bold, t.text, 1};
    float dot = t.small * 0.3f;
    float x = at.x;
    for (int i = 0; i < 2; ++i) {
        std::string label = i == 0 ? std::string(tr("You are here")) : isolate(destination);
        float left = at.x + width - x;
        if (left < t.small * 3) return;
        c.list->AddCircleFilled(ImVec2{x + dot, at.y + t.small * 0.62f}, dot, c.col(i == 0 ? t.accent : t.alert), 16);
        x += dot * 2 + t.gapXs();
        float w = std::min(measure(c, label, st.face, st.px, st.weight), at.x + width - x);
        text(c, label, st, {ImVec2{x, at.y}, w + 1});
        x += w + t.gap;
    }
}

}  // namespace

float routeMapHeight(Canvas& c, const KioskView& view, Index room, float width) {
    const RoomDirections* d = directionsTo(view, room);
    if (!d || d->route.points.empty()) return 0;
    const Theme& t = c.t();
    const Wayfinding& w = *view.wayfinding;
    const Floor& f = w.venue.floors[w.venue.points[w.here].floor];
    bool two = f.level != w.venue.floors[w.venue.points[d->route.points.back()].floor].level ||
               w.venue.points[w.here].floor != w.venue.points[d->route.points.back()].floor;
    float mapW = two ? (width - t.gap) * 0.5f : width;
    return headerHeight(t) + captionHeight(t) + mapW * static_cast<float>(f.height) / static_cast<float>(f.width) +
           t.gapS() + captionHeight(t);
}

bool routeMap(Canvas& c, const KioskView& view, Index room, Rect box) {
    const RoomDirections* d = directionsTo(view, room);
    if (!d || d->route.points.empty() || box.w() < 40 || box.h() < 40) return false;
    const Wayfinding& w = *view.wayfinding;
    const Theme& t = c.t();
    TextStyle head{Face::text, t.body, Weight::bold, t.text, 2};  // a long name wraps rather than cut the minutes
    float y = box.min.y;
    float icon = t.body * 1.1f;
    arrowGlyph(c, ImVec2{box.min.x + icon * 0.5f, y + t.body * 0.62f}, icon, d->arrow, c.col(t.live));
    // The name isolated: an Arabic or Hebrew name must not take the minutes into its run.
    std::string line = trf(tr("To %s: %s"), isolate(view.p().rooms[room].name).c_str(), directionsLabel(*d).c_str());
    if (w.stepFree || stepFreeAsked(view)) line += std::string(" · ") + tr("step-free");
    y += text(c, line, head, {ImVec2{box.min.x + icon + t.gapS(), y}, box.w() - icon - t.gapS()}) + t.gapS();
    return mapsAlong(c, view, *d, view.p().rooms[room].name, Rect{ImVec2{box.min.x, y}, box.max});
}

bool mapsAlong(Canvas& c, const KioskView& view, const RoomDirections& d, const std::string& destination, Rect box) {
    if (!view.wayfinding || d.route.points.empty() || box.w() < 40 || box.h() < 40) return false;
    const Wayfinding& w = *view.wayfinding;
    std::size_t from = w.venue.points[w.here].floor;
    std::size_t to = w.venue.points[d.route.points.back()].floor;
    const Theme& t = c.t();
    // The maps, then the legend right under them.
    float legendH = captionHeight(t);
    Rect rest{box.min, ImVec2{box.max.x, box.max.y - legendH - t.gapS()}};
    auto legendUnder = [&](float mapBottom) {
        float ly = std::min(box.max.y - legendH, mapBottom + t.gapS()) + t.gapXs();
        legend(c, destination, ImVec2{box.min.x, ly}, box.w());
    };
    if (from == to) {
        legendUnder(floorPanel(c, {w, d, from, destination}, rest));
        return true;
    }
    // Two floors: beside each other or one above the other, whichever draws them larger.
    const Floor& f = w.venue.floors[from];
    float fw = static_cast<float>(f.width), fh = static_cast<float>(f.height);
    float caption = t.small * 1.3f;
    float besideScale = std::min((rest.w() - t.gap) * 0.5f / fw, (rest.h() - caption) / fh);
    float aboveScale = std::min(rest.w() / fw, ((rest.h() - t.gap) * 0.5f - caption) / fh);
    bool beside = besideScale > aboveScale;
    Rect a = rest, b = rest;
    if (beside) {
        a.max.x = rest.min.x + (rest.w() - t.gap) * 0.5f;
        b.min.x = a.max.x + t.gap;
    } else {
        a.max.y = rest.min.y + (rest.h() - t.gap) * 0.5f;
        b.min.y = a.max.y + t.gap;
    }
    float bottomA = floorPanel(c, {w, d, from, destination}, a);
    float bottomB = floorPanel(c, {w, d, to, destination}, b);
    legendUnder(std::max(bottomA, bottomB));
    return true;
}

}  // namespace hallboard::ui
