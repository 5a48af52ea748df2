// See venue.hpp.
#include "model/venue.hpp"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <filesystem>
#include <functional>
#include <limits>
#include <queue>
#include <unordered_map>

#include "base/files.hpp"
#include "base/i18n.hpp"
#include "base/json_reader.hpp"
#include "model/scheduler.hpp"
#include "base/text.hpp"

namespace hallboard {

namespace {

std::string inQuotes(std::string_view text) {
    return "\"" + excerpt(text) + "\"";
}

class VenueReader {
public:
    VenueReader(Diagnostics& diags, std::string baseDir, const Program& program)
        : diags_(diags), baseDir_(std::move(baseDir)), program_(program) {}

    Venue read(const Json& root) {
        Venue v;
        ObjectReader top(root, "", diags_);
        top.ignore("$schema");
        top.ignore("comment");
        const Json::array_t& floors = top.array("floors");
        if (floors.empty()) throw InputError("/floors", "the venue needs at least one floor");
        for (std::size_t i = 0; i < floors.size() && i < kMaxItems; ++i) v.floors.push_back(readFloor(floors[i], i, v));
        const Json::array_t& points = top.array("points");
        for (std::size_t i = 0; i < points.size() && i < kMaxItems; ++i) v.points.push_back(readPoint(points[i], i, v));
        const Json::array_t& links = top.array("links");
        for (std::size_t i = 0; i < links.size() && i < kMaxItems; ++i) v.links.push_back(readLink(links[i], i, v));
        if (floors.size() > kMaxItems || points.size() > kMaxItems || links.size() > kMaxItems)
            throw InputError("", "more than " + std::to_string(kMaxItems) + " floors, points or links");
        if (const Json* rooms = top.find("rooms"))
            readRooms(*rooms, v);
        else
            throw InputError("/rooms", "missing: which point each program room is at, {\"Main room\": \"point id\"}");
        top.finish();
        checkConnected(v);
        for (Index r = 0; r < program_.rooms.size(); ++r)
            if (!v.pointOfRoom(r))
                diags_.warn("/rooms", "the program's room " + inQuotes(program_.rooms[r].name) +
                                          " is not in the venue: it is shown without directions");
        return v;
    }

private:
    static constexpr std::size_t kMaxItems = 10000;
    static constexpr std::size_t kMaxWrongRooms = 20;

    std::string resolvePath(const std::string& path) const {
        std::filesystem::path p(path);
        return p.is_absolute() ? path : (std::filesystem::path(baseDir_) / p).lexically_normal().string();
    }

    Floor readFloor(const Json& value, std::size_t i, const Venue& v) {
        std::string path = "/floors/" + std::to_string(i);
        ObjectReader obj(value, path, diags_);
        Floor f;
        f.id = obj.requiredString("id", "the floor's id, which points name");
        for (const Floor& other : v.floors)
            if (other.id == f.id) throw InputError(path + "/id", "a second floor with the id " + inQuotes(f.id));
        f.name = obj.string("name", f.id);
        f.level = static_cast<int>(obj.integerIn("level", -20, 200, "(0 the street, 1 the floor above)").value_or(0));
        auto width = obj.integerIn("width_px", 16, 8192, "pixels");
        auto height = obj.integerIn("height_px", 16, 8192, "pixels");
        if (!width || !height)
            throw InputError(
                path + (width ? "/height_px" : "/width_px"),
                "missing: the map's size in pixels (\"width_px\" and \"height_px\"), which points are placed in");
        f.width = static_cast<int>(*width);
        f.height = static_cast<int>(*height);
        f.metresPerPixel = obj.numberIn("metres_per_pixel", 0.001, 10, "metres").value_or(0.1);
        std::string image = obj.string("image");
        obj.finish();
        if (image.empty()) {
            f.imageProblem = "no map image";
            diags_.warn(path + "/image", "no map image: the floor is drawn plain");
            return f;
        }
        std::string resolved = resolvePath(image);
        std::string error;
        auto size = pngSize(resolved, error);
        if (size && (size->first != f.width || size->second != f.height))
            error = "is " + std::to_string(size->first) + "x" + std::to_string(size->second) +
                    " pixels, but the floor says " + std::to_string(f.width) + "x" + std::to_string(f.height);
        if (!error.empty()) {
            f.imageProblem = excerpt(resolved, 200) + ": " + error;
            diags_.error(path + "/image", "the map " + f.imageProblem + "; the floor is drawn without it");
            return f;
        }
        // Absolute: the UI's images resolve relative paths against the program's folder.
        std::error_code ec;
        auto absolute = std::filesystem::absolute(resolved, ec);
        f.image = ec ? resolved : absolute.lexically_normal().string();
        return f;
    }

    VenuePoint readPoint(const Json& value, std::size_t i, const Venue& v) {
        std::string path = "/points/" + std::to_string(i);
        ObjectReader obj(value, path, diags_);
        VenuePoint p;
        p.id = obj.requiredString("id", "the point's id, which links and rooms name");
        // By a map: ten thousand points and links stay quick to read.
        if (!pointIndex_.emplace(p.id, v.points.size()).second)
            throw InputError(path + "/id", "a second point with the id " + inQuotes(p.id));
        p.name = obj.string("name");
        // A way out of the building (the emergency takeover's nearest exit); anything
        // else is a warning: the point is still a point, and the venue still works.
        std::string kind = trim(obj.string("kind"));
        p.exit = kind == "exit";
        if (!kind.empty() && !p.exit)
            diags_.warn(path + "/kind",
                        "unknown kind " + inQuotes(kind) + "; expected \"exit\" or none: read as a plain point");
        std::string floor = obj.requiredString("floor", "the id of the floor it is on");
        auto f = std::find_if(v.floors.begin(), v.floors.end(), [&](const Floor& x) { return x.id == floor; });
        if (f == v.floors.end()) throw InputError(path + "/floor", "unknown floor " + inQuotes(floor));
        p.floor = static_cast<std::size_t>(f - v.floors.begin());
        auto x = obj.numberIn("x", -1e6, 1e6, "pixels");
        auto y = obj.numberIn("y", -1e6, 1e6, "pixels");
        if (!x || !y) throw InputError(path + (x ? "/y" : "/x"), "missing: where the point is on the map, in pixels");
        if (*x < 0 || *x > f->width || *y < 0 || *y > f->height)
            throw InputError(path, "the point " + inQuotes(p.id) + " at (" + std::to_string(std::lround(*x)) + ", " +
                                       std::to_string(std::lround(*y)) + ") is off the map of " + inQuotes(f->id) +
                                       ", which is " + std::to_string(f->width) + "x" + std::to_string(f->height) +
                                       " pixels");
        p.x = *x;
        p.y = *y;
        obj.finish();
        return p;
    }

    std::size_t pointRef(ObjectReader& obj, std::string_view key) {
        std::string id = obj.requiredString(key, "a point id");
        auto found = pointIndex_.find(id);
        if (found == pointIndex_.end()) throw InputError(obj.pathOf(key), "unknown point " + inQuotes(id));
        return found->second;
    }

    VenueLink readLink(const Json& value, std::size_t i, const Venue& v) {
        std::string path = "/links/" + std::to_string(i);
        ObjectReader obj(value, path, diags_);
        VenueLink l;
        l.from = pointRef(obj, "from");
        l.to = pointRef(obj, "to");
        std::string kind = obj.string("kind", "walk");
        if (kind == "walk")
            l.kind = LinkKind::walk;
        else if (kind == "stairs")
            l.kind = LinkKind::stairs;
        else if (kind == "lift")
            l.kind = LinkKind::lift;
        else
            throw InputError(path + "/kind", "expected \"walk\", \"stairs\" or \"lift\", found " + inQuotes(kind));
        l.metres = obj.numberIn("metres", 0, 10000, "metres");
        obj.finish();
        if (l.kind == LinkKind::walk && v.points[l.from].floor != v.points[l.to].floor)
            throw InputError(path + "/kind",
                             "a walk between two floors; a link between floors is \"stairs\" or \"lift\"");
        return l;
    }

    void readRooms(const Json& value, Venue& v) {
        if (!value.is_object())
            throw InputError("/rooms", std::string("expected an object {\"room name\": \"point id\"}, found ") +
                                           std::string(jsonTypeName(value)));
        // A wrong entry (a misspelt room or point) is an error that leaves only that entry
        // out: the other rooms keep their directions, `check` fails, staff see the badge.
        std::size_t wrong = 0;
        for (const auto& [key, point] : value.items()) {
            std::string path = "/rooms/" + pointerToken(key);
            // Many wrong entries are a wrong file, not typos (and a hostile one stays small).
            if (wrong == kMaxWrongRooms)
                throw InputError(path, "more than " + std::to_string(kMaxWrongRooms) +
                                           " wrong rooms: is this the venue of another program?");
            auto room = findRoom(program_, key);
            if (!room) {
                diags_.error(path, "unknown room " + inQuotes(key) +
                                       ": the program has no room with that id or name (rooms: " + programRooms() +
                                       "); this entry is left out");
                ++wrong;
                continue;
            }
            if (!point.is_string()) {
                diags_.error(path, std::string("expected a point id, found ") + std::string(jsonTypeName(point)) +
                                       "; this entry is left out");
                ++wrong;
                continue;
            }
            auto index = pointIndex_.find(point.get<std::string>());
            if (index == pointIndex_.end()) {
                diags_.error(path, "unknown point " + inQuotes(point.get<std::string>()) + "; this entry is left out");
                ++wrong;
                continue;
            }
            if (v.pointOfRoom(*room)) {
                diags_.error(path, "the room " + inQuotes(key) + " is placed twice; the first place is kept");
                ++wrong;
                continue;
            }
            v.rooms.push_back({*room, index->second});
            roomKeys_.push_back(key);
        }
        // Rooms named, none of them the program's: the venue of another program (the
        // default configuration's with --program), not a typo. Refused: no directions.
        if (v.rooms.empty() && wrong > 0)
            throw InputError("/rooms", "none of its rooms is a room of the program (" + programRooms() +
                                           "): is this the venue of another program?");
    }

    // The program's rooms by name, for a message: a typo is easiest found beside them.
    std::string programRooms() const {
        constexpr std::size_t kShown = 12;
        std::string out;
        for (std::size_t i = 0; i < program_.rooms.size() && i < kShown; ++i)
            out += (i ? ", " : "") + excerpt(program_.rooms[i].name, 60);
        if (program_.rooms.size() > kShown)
            out += ", ... (" + std::to_string(program_.rooms.size() - kShown) + " more)";
        return out.empty() ? "none" : out;
    }

    // Every room must be reachable from every other: a room nobody can walk to is a
    // mistake in the links, not a fact about the building.
    void checkConnected(const Venue& v) {
        if (v.rooms.empty()) return;
        std::size_t first = v.rooms.front().point;
        for (std::size_t i = 0; i < v.rooms.size(); ++i) {
            const VenueRoom& r = v.rooms[i];
            if (!findRoute(v, first, r.point, false))
                // The key as the file writes it (an id or a name), so the path finds it.
                throw InputError("/rooms/" +
                                     pointerToken(i < roomKeys_.size() ? roomKeys_[i] : program_.rooms[r.room].name),
                                 "the room " + inQuotes(program_.rooms[r.room].name) + " at point " +
                                     inQuotes(v.points[r.point].id) + " cannot be reached from " +
                                     inQuotes(program_.rooms[v.rooms.front().room].name) + ": no links join them");
        }
    }

    Diagnostics& diags_;
    std::string baseDir_;
    const Program& program_;
    std::unordered_map<std::string, std::size_t> pointIndex_;
    std::vector<std::string> roomKeys_;  // each of `rooms`' keys, in the order of Venue::rooms
};

double linkSeconds(const Venue& v, const VenueLink& l) {
    const VenuePoint& a = v.points[l.from];
    const VenuePoint& b = v.points[l.to];
    double metres = 0;
    if (l.metres) {
        metres = *l.metres;
    } else if (a.floor == b.floor) {
        metres = std::hypot(a.x - b.x, a.y - b.y) * v.floors[a.floor].metresPerPixel;
    }
    double seconds = metres / kWalkMetresPerSecond;
    int levels = std::abs(v.floors[a.floor].level - v.floors[b.floor].level);
    if (l.kind == LinkKind::stairs) seconds += kStairsSecondsPerLevel * std::max(1, levels);
    if (l.kind == LinkKind::lift) seconds += kLiftWaitSeconds + kLiftSecondsPerLevel * levels;
    return seconds;
}

}  // namespace

std::optional<std::size_t> Venue::findPoint(std::string_view id) const {
    for (std::size_t i = 0; i < points.size(); ++i)
        if (points[i].id == id) return i;
    return std::nullopt;
}

std::optional<std::size_t> Venue::pointOfRoom(Index room) const {
    for (const VenueRoom& r : rooms)
        if (r.room == room) return r.point;
    return std::nullopt;
}

std::string_view toString(Arrow arrow) {
    static constexpr std::string_view kNames[] = {"ahead", "ahead-right", "right", "back-right",
                                                  "back",  "back-left",   "left",  "ahead-left"};
    return kNames[static_cast<int>(arrow)];
}

double arrowDegrees(Arrow arrow) {
    return 45.0 * static_cast<int>(arrow);
}

std::optional<double> parseFacing(std::string_view text) {
    static constexpr std::pair<std::string_view, double> kCompass[] = {
        {"N", 0}, {"NE", 45}, {"E", 90}, {"SE", 135}, {"S", 180}, {"SW", 225}, {"W", 270}, {"NW", 315}};
    for (const auto& [name, degrees] : kCompass)
        if (text == name) return degrees;
    return std::nullopt;
}

namespace {

// Dijkstra from `from` over the links a way may take: the quickest time to every point,
// and the point and link each is reached by.
struct Reach {
    std::vector<double> best;
    std::vector<std::size_t> previous, via;
};

Reach reachFrom(const Venue& venue, std::size_t from, bool noStairs, bool noLift, std::optional<std::size_t> stopAt) {
    std::size_t n = venue.points.size();
    std::vector<std::vector<std::pair<std::size_t, std::size_t>>> adjacent(n);  // (neighbour, link)
    for (std::size_t i = 0; i < venue.links.size(); ++i) {
        const VenueLink& l = venue.links[i];
        if ((noStairs && l.kind == LinkKind::stairs) || (noLift && l.kind == LinkKind::lift)) continue;
        adjacent[l.from].push_back({l.to, i});
        adjacent[l.to].push_back({l.from, i});
    }
    Reach r{std::vector<double>(n, std::numeric_limits<double>::infinity()), std::vector<std::size_t>(n, n),
            std::vector<std::size_t>(n, venue.links.size())};
    using Entry = std::pair<double, std::size_t>;
    std::priority_queue<Entry, std::vector<Entry>, std::greater<>> queue;
    r.best[from] = 0;
    queue.push({0, from});
    while (!queue.empty()) {
        auto [seconds, point] = queue.top();
        queue.pop();
        if (seconds > r.best[point]) continue;
        if (stopAt && point == *stopAt) break;
        for (auto [next, link] : adjacent[point]) {
            double t = seconds + linkSeconds(venue, venue.links[link]);
            if (t < r.best[next]) {
                r.best[next] = t;
                r.previous[next] = point;
                r.via[next] = link;
                queue.push({t, next});
            }
        }
    }
    return r;
}

// The way `reach` found from `from` to `to`, or none when `to` was not reached.
std::optional<Route> routeOf(const Venue& venue, const Reach& reach, std::size_t from, std::size_t to) {
    std::size_t n = venue.points.size();
    if (reach.best[to] == std::numeric_limits<double>::infinity()) return std::nullopt;
    Route route;
    route.seconds = reach.best[to];
    for (std::size_t p = to; p != n; p = reach.previous[p]) {
        route.points.push_back(p);
        if (reach.via[p] < venue.links.size() && p != from) {
            route.links.push_back(reach.via[p]);
            route.usesStairs |= venue.links[reach.via[p]].kind == LinkKind::stairs;
            route.usesLift |= venue.links[reach.via[p]].kind == LinkKind::lift;
        }
        if (p == from) break;
    }
    std::reverse(route.points.begin(), route.points.end());
    std::reverse(route.links.begin(), route.links.end());
    route.levels = venue.floors[venue.points[to].floor].level - venue.floors[venue.points[from].floor].level;
    return route;
}

}  // namespace

std::optional<Route> findRoute(const Venue& venue, std::size_t from, std::size_t to, bool stepFree) {
    std::size_t n = venue.points.size();
    if (from >= n || to >= n) return std::nullopt;
    return routeOf(venue, reachFrom(venue, from, stepFree, false, to), from, to);
}

std::optional<Route> nearestExit(const Venue& venue, std::size_t from, bool noStairs, bool noLift) {
    if (from >= venue.points.size()) return std::nullopt;
    Reach reach = reachFrom(venue, from, noStairs, noLift, std::nullopt);
    std::optional<std::size_t> exit;
    for (std::size_t p = 0; p < venue.points.size(); ++p)
        if (venue.points[p].exit && reach.best[p] < std::numeric_limits<double>::infinity() &&
            (!exit || reach.best[p] < reach.best[*exit]))
            exit = p;
    if (!exit) return std::nullopt;
    return routeOf(venue, reach, from, *exit);
}

std::optional<Arrow> routeArrow(const Venue& venue, const Route& route, double facingDegrees) {
    if (route.points.empty()) return std::nullopt;
    const VenuePoint& here = venue.points[route.points.front()];
    const double metresPerPixel = venue.floors[here.floor].metresPerPixel;
    // The first point at least `minMetres` from the screen, on its floor: its bearing.
    auto arrowTo = [&](double minMetres) -> std::optional<Arrow> {
        for (std::size_t i = 1; i < route.points.size(); ++i) {
            const VenuePoint& p = venue.points[route.points[i]];
            if (p.floor != here.floor) break;  // stairs or a lift right here: point at them... by where they are
            double dx = p.x - here.x, dy = p.y - here.y;
            if (std::hypot(dx, dy) < 0.5 || std::hypot(dx, dy) * metresPerPixel < minMetres) continue;
            double bearing = std::atan2(dx, -dy) * 180.0 / 3.14159265358979323846;  // clockwise from north (up)
            double relative = std::fmod(bearing - facingDegrees + 720.0 + 22.5, 360.0);
            return static_cast<Arrow>(static_cast<int>(relative / 45.0) % 8);
        }
        return std::nullopt;
    };
    // A screen on a wall is a step or two from the corridor it is read from: that step
    // would make every arrow say "back". Point along the way past the first few metres,
    // else (the room or the stairs are that close) at the first point.
    if (auto far = arrowTo(kShortWalkMetres)) return far;
    if (auto near = arrowTo(0)) return near;
    // Nothing to walk on this floor: the room is here, or the stairs or lift start here.
    return route.points.size() > 1 ? std::optional<Arrow>(Arrow::ahead) : std::nullopt;
}

std::vector<RouteStep> routeSteps(const Venue& venue, const Route& route) {
    std::vector<RouteStep> steps;
    if (route.points.size() < 2 || route.links.size() + 1 != route.points.size()) return steps;
    double walked = 0;
    auto endWalk = [&](std::size_t floor, bool beforeChange) {
        // A few metres to the stairs or from the lift are not worth a line; the last walk
        // is, however short, when it is all there is.
        if (walked >= kShortWalkMetres || (!beforeChange && steps.empty() && walked > 0))
            steps.push_back({LinkKind::walk, walked, 0, floor});
        walked = 0;
    };
    for (std::size_t i = 0; i < route.links.size(); ++i) {
        const VenueLink& l = venue.links[route.links[i]];
        const VenuePoint& a = venue.points[route.points[i]];
        const VenuePoint& b = venue.points[route.points[i + 1]];
        if (l.kind == LinkKind::walk) {
            walked += l.metres             ? *l.metres
                      : a.floor == b.floor ? std::hypot(a.x - b.x, a.y - b.y) * venue.floors[a.floor].metresPerPixel
                                           : 0;
            continue;
        }
        endWalk(a.floor, true);
        int levels = venue.floors[b.floor].level - venue.floors[a.floor].level;
        // Two flights in a row (ground to first, first to second) are one "up to the second".
        if (!steps.empty() && steps.back().kind == l.kind && steps.back().levels != 0 && levels != 0 &&
            (steps.back().levels > 0) == (levels > 0)) {
            steps.back().levels += levels;
            steps.back().floor = b.floor;
        } else {
            steps.push_back({l.kind, 0, levels, b.floor});
        }
    }
    endWalk(venue.points[route.points.back()].floor, false);
    return steps;
}

int walkingMinutes(double seconds) {
    if (!(seconds > 0)) return 1;
    return std::max(1, static_cast<int>(std::ceil(std::min(seconds, 1e6) / 60.0)));
}

VenueLoad parseVenue(std::string_view text, const std::string& fileName, const std::string& baseDir,
                     const Program& program) {
    Diagnostics diags(fileName);
    VenueLoad result;
    readJsonDocument(text, diags,
                     [&](const Json& root) { result.venue = VenueReader(diags, baseDir, program).read(root); });
    if (result.venue) result.venue->file = fileName;
    result.diagnostics = diags.items();
    return result;
}

VenueLoad loadVenueFile(const std::string& path, const Program& program) {
    return loadJsonFile<VenueLoad>(path, InputKind::config, [&](const std::string& text, const std::string& folder) {
        return parseVenue(text, path, folder, program);
    });
}

namespace {

RoomDirections directionsAlong(const Venue& venue, Route route, double facingDegrees) {
    RoomDirections d;
    d.arrow = routeArrow(venue, route, facingDegrees);
    d.minutes = walkingMinutes(route.seconds);
    d.route = std::move(route);
    return d;
}

// The way out from the kiosk (Wayfinding::exit): without a lift where there is one, by a
// lift only when nothing else reaches an exit; and without stairs where it has them.
void planExit(Wayfinding& w, const Venue& venue) {
    w.exits = static_cast<std::size_t>(
        std::count_if(venue.points.begin(), venue.points.end(), [](const VenuePoint& p) { return p.exit; }));
    if (w.exits == 0) return;
    auto way = nearestExit(venue, w.here, w.stepFree, true);
    if (!way) way = nearestExit(venue, w.here, w.stepFree, false);
    if (!way) return;
    if (way->usesStairs) {
        auto stepFree = nearestExit(venue, w.here, true, true);
        if (!stepFree) stepFree = nearestExit(venue, w.here, true, false);
        if (stepFree) w.exitStepFree = directionsAlong(venue, std::move(*stepFree), w.facingDegrees);
    }
    w.exit = directionsAlong(venue, std::move(*way), w.facingDegrees);
}

// The way without stairs as directions of its own: `d` itself when it has none, else its
// step-free route with that route's arrow and minutes; none when there is no such route.
std::optional<RoomDirections> stepFreeDirections(const Venue& venue, const RoomDirections& d, double facingDegrees) {
    if (!d.route.usesStairs) return d;
    if (!d.stepFreeRoute) return std::nullopt;
    RoomDirections out;
    out.route = *d.stepFreeRoute;
    out.arrow = routeArrow(venue, out.route, facingDegrees);
    out.minutes = walkingMinutes(out.route.seconds);
    return out;
}

}  // namespace

std::optional<Wayfinding> planWayfinding(Venue venue, const Program& program, const KioskPlace& place, bool stepFree,
                                         const ReportTo& report) {
    const std::string& configFile = report.file;
    std::vector<Diagnostic>& diagnostics = report.items;
    auto here = venue.findPoint(place.point);
    if (!here) {
        diagnostics.push_back({Severity::error, configFile, "/here/point",
                               "unknown point " + inQuotes(place.point) + " in the venue " + excerpt(venue.file, 200)});
        return std::nullopt;
    }
    Wayfinding w;
    w.here = *here;
    w.facingDegrees = place.facingDegrees;
    w.stepFree = stepFree;
    w.rooms.resize(program.rooms.size());
    w.stepFreeRooms.resize(program.rooms.size());
    for (const VenueRoom& r : venue.rooms) {
        if (r.room >= program.rooms.size()) continue;
        auto route = findRoute(venue, *here, r.point, stepFree);
        if (!route) {
            diagnostics.push_back({Severity::warning, configFile, "/step_free",
                                   "the room " + inQuotes(program.rooms[r.room].name) + " cannot be reached " +
                                       (stepFree ? "without stairs " : "") + "from " + inQuotes(place.point) +
                                       ": shown without directions"});
            continue;
        }
        RoomDirections d;
        if (route->usesStairs) d.stepFreeRoute = findRoute(venue, *here, r.point, true);
        d.arrow = routeArrow(venue, *route, place.facingDegrees);
        d.minutes = walkingMinutes(route->seconds);
        d.route = std::move(*route);
        w.stepFreeRooms[r.room] = stepFreeDirections(venue, d, place.facingDegrees);
        w.rooms[r.room] = std::move(d);
    }
    planExit(w, venue);
    w.venue = std::move(venue);
    return w;
}

std::optional<std::pair<int, int>> pngSize(const std::string& path, std::string& error) {
    // Opened without blocking (a FIFO with no writer must not wait) and checked on the
    // open descriptor, so the file cannot be swapped between the check and the read.
    BoundedRead read = readBounded(path, 24, true);
    if (read.problem == BoundedRead::Problem::open) {
        error = read.error == ENOENT ? "file not found" : "cannot be opened: " + systemMessage(read.error);
        return std::nullopt;
    }
    if (read.problem != BoundedRead::Problem::none) {
        error = "is not a regular file";
        return std::nullopt;
    }
    if (read.bytes->size() != 24) {
        error = "is too short to be a PNG";
        return std::nullopt;
    }
    const auto* header = reinterpret_cast<const unsigned char*>(read.bytes->data());
    static constexpr unsigned char kSignature[] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n',
                                                   0,    0,   0,   13,  'I',  'H',  'D',  'R'};
    if (!std::equal(std::begin(kSignature), std::end(kSignature), header)) {
        error = "is not a PNG image";
        return std::nullopt;
    }
    auto big = [&](int at) {
        return (static_cast<long>(header[at]) << 24) | (header[at + 1] << 16) | (header[at + 2] << 8) | header[at + 3];
    };
    long width = big(16), height = big(20);
    if (width <= 0 || height <= 0 || width > 8192 || height > 8192) {
        error = "has a size of " + std::to_string(width) + "x" + std::to_string(height) + " pixels; 1 to 8192 a side";
        return std::nullopt;
    }
    return std::pair<int, int>{static_cast<int>(width), static_cast<int>(height)};
}

}  // namespace hallboard
