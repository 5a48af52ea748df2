// Directions on the pages (model/venue.hpp): an arrow drawn with ImGui shapes (never a
// font glyph: every font has one, drawn differently) with "2 min · upstairs" beside each
// room, and the floor map with the way from the kiosk to a room. Without a venue
// (view.wayfinding null) nothing here draws and every page is as it was.
#pragma once

#include "model/venue.hpp"
#include "ui/canvas.hpp"
#include "ui/kiosk_view.hpp"

namespace hallboard::ui {

// The directions to `room`, or null (no venue, the room not in it). While a visitor
// asks for the step-free way (stepFreeAsked), the step-free directions: null for a room
// with no way without stairs (noStepFreeWay).
const RoomDirections* directionsTo(const KioskView& view, Index room);
// A visitor browsing asked for the step-free way (browse::Browser::stepFreeWay).
bool stepFreeAsked(const KioskView& view);
// The visitor asked for the step-free way and `room`, which has directions, has none.
bool noStepFreeWay(const KioskView& view, Index room);
// "No step-free way from here: please ask a volunteer" with the accessibility icon, at
// `pos` within `width`. Returns the height used.
float drawNoStepFreeWay(Canvas& c, const KioskView& view, ImVec2 pos, float width);

// An arrow in a square of side `size` centred on `center`, turned as `arrow` says; a dot
// when there is no arrow (the room is here).
void arrowGlyph(Canvas& c, ImVec2 center, float size, std::optional<Arrow> arrow, ImU32 color);

// The width "↗ 2 min · upstairs" takes at `px` (the arrow one line high); 0 without
// directions to the room.
float directionsWidth(Canvas& c, const KioskView& view, Index room, float px);
// Draws it in the box (from its top left, within its width) at the style's size and
// colour; returns its height (0 when nothing). Too narrow for one line: "2 min" over
// "upstairs" (with the style's maxLines 2), else "2 min".
float directionsTag(Canvas& c, const KioskView& view, Index room, const TextBox& box, const TextStyle& style);

// The pictures of assets/icons/ (view.icons) in a square of side `size` at `min`: false
// when the file is not there or not loaded yet (the caller draws its own mark or none).
enum class WayIcon { stairs, lift, accessible };
bool wayIcon(Canvas& c, const KioskView& view, WayIcon icon, ImVec2 min, float size);

// The way to `room` step by step with an icon each ("Take the stairs up to First floor"),
// then how to get there without stairs (the accessibility icon), from `pos` within
// `width`. Returns the height used; 0 without directions to the room.
float drawRouteSteps(Canvas& c, const KioskView& view, Index room, ImVec2 pos, float width);

// The floor map (or the two floors, beside each other or one above the other as the box
// is shaped) with the way from "You are here" to the room drawn on it. A map image that
// cannot be shown leaves a plain floor of its size: the way is drawn all the same.
// Draws nothing without directions to the room; returns whether it drew.
bool routeMap(Canvas& c, const KioskView& view, Index room, Rect box);
// The maps of routeMap without its heading, for any way from the kiosk (the way out in an
// emergency: ui/emergency.hpp), its end named `destination` on the markers and legend.
bool mapsAlong(Canvas& c, const KioskView& view, const RoomDirections& d, const std::string& destination, Rect box);
// The height routeMap needs at `width` with its floors beside each other; 0 without
// directions to the room.
float routeMapHeight(Canvas& c, const KioskView& view, Index room, float width);

}  // namespace hallboard::ui
