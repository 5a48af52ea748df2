// Wayfinding: the venue file (floors with their map images, points on them, the links a
// visitor can walk, and where each program room is), and the way from the kiosk to each
// room: an arrow relative to where the screen faces, the walking minutes and a word for
// the floor ("upstairs"). Documented in docs/venue.md. No window, no images decoded: a
// map image is checked by its PNG header here and drawn by the UI.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "base/diagnostics.hpp"
#include "model/program.hpp"

namespace hallboard {

enum class LinkKind { walk, stairs, lift };

struct Floor {
    std::string id, name;
    int level = 0;              // 0 the street, 1 the first floor up, -1 the basement
    std::string image;          // the map (PNG), resolved against the venue file; empty: none usable
    std::string imageProblem;   // why the map cannot be drawn (missing, not a PNG, wrong size)
    int width = 0, height = 0;  // the map's size in pixels: points are placed in it
    double metresPerPixel = 0.1;
};

struct VenuePoint {
    std::string id, name;
    std::size_t floor = 0;  // index into Venue::floors
    double x = 0, y = 0;    // pixels on the floor's map, y down; north is up the map
    bool exit = false;      // "kind": "exit": a way out of the building (the emergency takeover)
};

struct VenueLink {
    std::size_t from = 0, to = 0;  // indices into Venue::points; links go both ways
    LinkKind kind = LinkKind::walk;
    std::optional<double> metres;  // walking distance; none: measured on the map
};

struct VenueRoom {
    Index room = 0;         // the program room
    std::size_t point = 0;  // its door
};

struct Venue {
    std::string file;
    std::vector<Floor> floors;
    std::vector<VenuePoint> points;
    std::vector<VenueLink> links;
    std::vector<VenueRoom> rooms;

    std::optional<std::size_t> findPoint(std::string_view id) const;
    std::optional<std::size_t> pointOfRoom(Index room) const;
};

// Walking pace and what stairs and lifts cost, for the minutes on screen.
inline constexpr double kWalkMetresPerSecond = 1.2;
inline constexpr double kStairsSecondsPerLevel = 20;  // a flight; a few steps on one floor count as one
inline constexpr double kLiftWaitSeconds = 45;
inline constexpr double kLiftSecondsPerLevel = 5;

// Eight arrows, relative to the way the kiosk faces: `ahead` points up the screen.
enum class Arrow { ahead, aheadRight, right, backRight, back, backLeft, left, aheadLeft };
std::string_view toString(Arrow arrow);  // "ahead", "ahead-right", ...
// The arrow's angle clockwise from up the screen, in degrees (0, 45, ... 315).
double arrowDegrees(Arrow arrow);

// Where the kiosk stands and which way its screen faces (what a visitor reading it looks
// towards), in degrees clockwise from north, which is up every map.
struct KioskPlace {
    std::string point;
    double facingDegrees = 0;
    bool operator==(const KioskPlace&) const = default;
};

// "N", "NE", ... or a number of degrees; empty when neither.
std::optional<double> parseFacing(std::string_view text);

struct Route {
    std::vector<std::size_t> points;  // from the kiosk's point to the room's, both included
    std::vector<std::size_t> links;   // into Venue::links: links[i] joins points[i] and points[i + 1]
    double seconds = 0;
    int levels = 0;  // the room's level minus the kiosk's
    bool usesStairs = false, usesLift = false;
};

// The quickest way between two points (Dijkstra), or none when they are not connected
// (or, stepFree, not without stairs).
std::optional<Route> findRoute(const Venue& venue, std::size_t from, std::size_t to, bool stepFree);

// The quickest way from `from` to the nearest point of kind exit, never by stairs
// (`noStairs`) or by a lift (`noLift`) when asked; none when no exit is reached so.
std::optional<Route> nearestExit(const Venue& venue, std::size_t from, bool noStairs, bool noLift);

// The bearing of the way out of `route`, relative to `facingDegrees`, as one of eight
// arrows: towards the first point on the kiosk's floor at least kShortWalkMetres from it
// (a screen on a wall a step from its corridor points along the corridor, not at the
// step), else the first point not where the kiosk stands. None when the room is where
// the kiosk stands.
std::optional<Arrow> routeArrow(const Venue& venue, const Route& route, double facingDegrees);

// The route as a visitor walks it: stretches of walking and, between them, the stairs or
// lifts to other floors. Walks shorter than kShortWalkMetres beside stairs or a lift are
// left out ("walk 2 m to the lift" helps nobody); a route that never leaves the kiosk's
// spot has no steps.
struct RouteStep {
    LinkKind kind = LinkKind::walk;
    double metres = 0;      // walk: how far
    int levels = 0;         // stairs, lift: floors up (negative: down); 0 a few steps on one floor
    std::size_t floor = 0;  // the floor the step ends on (index into Venue::floors)
    bool operator==(const RouteStep&) const = default;
};
inline constexpr double kShortWalkMetres = 4;
std::vector<RouteStep> routeSteps(const Venue& venue, const Route& route);
// Whole minutes to walk, at least 1.
int walkingMinutes(double seconds);

// What a page shows beside a room.
struct RoomDirections {
    Route route;
    std::optional<Arrow> arrow;  // none: the room is here
    int minutes = 1;
    // When the quickest way has stairs: the quickest without them (a lift, a ramp), or
    // none when there is no way without stairs. Unused when the route has no stairs.
    std::optional<Route> stepFreeRoute;
    bool stepFree() const { return !route.usesStairs; }
};

// Directions from the kiosk to every room of the venue; indexed by program room.
struct Wayfinding {
    Venue venue;
    std::size_t here = 0;  // the kiosk's point
    double facingDegrees = 0;
    bool stepFree = false;
    std::vector<std::optional<RoomDirections>> rooms;  // program.rooms.size() entries
    // The way out in an emergency (planExit): to the nearest exit without a lift (lifts
    // are no way out in a fire), by a lift only when nothing else reaches one; none when
    // the venue has no exit this kiosk can reach.
    std::optional<RoomDirections> exit;
    // Where the way out has stairs: the nearest exit without them (it may take a lift:
    // route.usesLift says so), none when there is no way out without stairs.
    std::optional<RoomDirections> exitStepFree;
    std::size_t exits = 0;  // points of kind exit in the venue
    // The same without stairs, for a visitor who asks for the step-free way
    // (browse::Action::Kind::stepFree): the room's own directions where they have no
    // stairs, else its step-free route with that route's arrow and minutes; none for a room
    // with no way without stairs (or no directions at all).
    std::vector<std::optional<RoomDirections>> stepFreeRooms;

    const RoomDirections* to(Index room) const { return room < rooms.size() && rooms[room] ? &*rooms[room] : nullptr; }
    // `withoutStairs`: the step-free directions (stepFreeRooms), else the quickest.
    const RoomDirections* to(Index room, bool withoutStairs) const {
        if (!withoutStairs) return to(room);
        return room < stepFreeRooms.size() && stepFreeRooms[room] ? &*stepFreeRooms[room] : nullptr;
    }
};

struct VenueLoad {
    std::optional<Venue> venue;
    std::vector<Diagnostic> diagnostics;
    bool ok() const { return venue.has_value(); }
};

// Reads a venue file against the program whose rooms it places. Errors (an unknown
// room, floor or point, a point off its map, rooms that cannot reach each other) leave no
// venue; a map image that is missing or broken is an error too, but the venue is kept
// without that picture (directions still work, the map is drawn plain).
VenueLoad parseVenue(std::string_view text, const std::string& fileName, const std::string& baseDir,
                     const Program& program);
VenueLoad loadVenueFile(const std::string& path, const Program& program);

// Directions from `place` to every room; errors (an unknown point, a room that cannot be
// reached from here) go to `report` (under the configuration's file), and leave none.
std::optional<Wayfinding> planWayfinding(Venue venue, const Program& program, const KioskPlace& place, bool stepFree,
                                         const ReportTo& report);

// The size of a PNG from its header, or none with `error` set. Regular files only
// (opened without blocking: a FIFO is refused at once), 24 bytes read.
std::optional<std::pair<int, int>> pngSize(const std::string& path, std::string& error);

}  // namespace hallboard
