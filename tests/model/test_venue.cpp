// Wayfinding (model/venue): reading a venue file hostilely, routes, arrows and words.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>

#include <sys/stat.h>

#include "kiosk/kiosk_config.hpp"
#include "kiosk/kiosk_session.hpp"
#include "model/venue.hpp"
#include "model/wording.hpp"
#include "support.hpp"

using namespace hallboard;
using namespace hallboard::test;

namespace {

Program threeRooms() {
    ProgramLoad load = test::load(programJson("Europe/Berlin", R"("rooms": [
        {"id": "a", "name": "Hall A"}, {"id": "b", "name": "Hall B"}, {"id": "c", "name": "Hall C"}])"));
    REQUIRE(load.ok());
    return std::move(*load.program);
}

// A PNG's first bytes: enough for the header check (pngSize); the UI decodes the rest.
void writePngHeader(const std::string& path, int width, int height) {
    unsigned char bytes[33] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n', 0, 0, 0, 13, 'I', 'H', 'D', 'R'};
    for (int i = 0; i < 4; ++i) {
        bytes[16 + i] = static_cast<unsigned char>(width >> (24 - 8 * i));
        bytes[20 + i] = static_cast<unsigned char>(height >> (24 - 8 * i));
    }
    std::ofstream(path, std::ios::binary).write(reinterpret_cast<const char*>(bytes), sizeof bytes);
}

// Two floors of 1000 x 500 px at 0.1 m a pixel. Ground: the kiosk in the middle, a
// corridor east and west, stairs at the east end, a lift at the west end (ten times
// slower to walk to). First floor: Hall A above the stairs, Hall C above the lift.
// Hall B is on the ground floor, north of the kiosk.
std::string venueJson(const std::string& extraPoints = "", const std::string& rooms = "") {
    return R"({
      "floors": [
        {"id": "g", "name": "Ground", "level": 0, "width_px": 1000, "height_px": 500, "metres_per_pixel": 0.1},
        {"id": "f1", "name": "First", "level": 1, "width_px": 1000, "height_px": 500, "metres_per_pixel": 0.1}
      ],
      "points": [
        {"id": "kiosk", "floor": "g", "x": 500, "y": 250},
        {"id": "east", "floor": "g", "x": 900, "y": 250},
        {"id": "west", "floor": "g", "x": 100, "y": 250},
        {"id": "b-door", "floor": "g", "x": 500, "y": 50},
        {"id": "up-east", "floor": "f1", "x": 900, "y": 250},
        {"id": "up-west", "floor": "f1", "x": 100, "y": 250},
        {"id": "a-door", "floor": "f1", "x": 900, "y": 100},
        {"id": "c-door", "floor": "f1", "x": 100, "y": 100})" +
           extraPoints + R"(
      ],
      "links": [
        {"from": "kiosk", "to": "east"}, {"from": "kiosk", "to": "west"}, {"from": "kiosk", "to": "b-door"},
        {"from": "east", "to": "up-east", "kind": "stairs"},
        {"from": "west", "to": "up-west", "kind": "lift"},
        {"from": "up-east", "to": "a-door"}, {"from": "up-west", "to": "c-door"},
        {"from": "up-east", "to": "up-west"}
      ],
      "rooms": {"Hall A": "a-door", "b": "b-door", "Hall C": "c-door")" +
           rooms + R"(}
    })";
}

// The same venue with its lift taken away: the first floor is only up the stairs.
std::string venueWithoutLift() {
    std::string json = venueJson();
    const std::string lift = R"({"from": "west", "to": "up-west", "kind": "lift"},)";
    json.replace(json.find(lift), lift.size(), "");
    return json;
}

VenueLoad parse(const std::string& json, const Program& program, const std::string& dir = "/srv/venue") {
    return parseVenue(json, "venue.json", dir, program);
}

Wayfinding plan(const Program& program, const std::string& point, double facing, bool stepFree = false) {
    VenueLoad load = parse(venueJson(), program);
    INFO(allDiagnostics(load.diagnostics));
    REQUIRE(load.ok());
    std::vector<Diagnostic> diags;
    auto w = planWayfinding(std::move(*load.venue), program, {point, facing}, stepFree, {"kiosk.json", diags});
    INFO(allDiagnostics(diags));
    REQUIRE(w);
    return std::move(*w);
}

}  // namespace

TEST_CASE("a venue places every program room on a floor, by id or by name") {
    Program program = threeRooms();
    VenueLoad load = parse(venueJson(), program);
    INFO(allDiagnostics(load.diagnostics));
    REQUIRE(load.ok());
    const Venue& v = *load.venue;
    CHECK(v.floors.size() == 2);
    CHECK(v.floors[1].level == 1);
    REQUIRE(v.pointOfRoom(0));
    CHECK(v.points[*v.pointOfRoom(0)].id == "a-door");
    CHECK(v.points[*v.pointOfRoom(1)].id == "b-door");  // named by its id "b"
    CHECK(v.points[*v.pointOfRoom(2)].floor == 1);
    // No image given: a warning, and the floor is drawn plain.
    CHECK(hasDiagnostic(load.diagnostics, Severity::warning, "/floors/0/image", "no map image"));
    CHECK(v.floors[0].image.empty());
}

TEST_CASE("routes take the quickest way: stairs, unless step-free, then the lift") {
    Program program = threeRooms();
    VenueLoad load = parse(venueJson(), program);
    REQUIRE(load.ok());
    const Venue& v = *load.venue;
    std::size_t kiosk = *v.findPoint("kiosk"), aDoor = *v.findPoint("a-door");

    auto stairs = findRoute(v, kiosk, aDoor, false);
    REQUIRE(stairs);
    CHECK(stairs->usesStairs);
    CHECK_FALSE(stairs->usesLift);
    CHECK(stairs->levels == 1);
    // 40 m along the corridor, a flight of stairs, 15 m to the door.
    CHECK(stairs->seconds == Approx(55.0 / kWalkMetresPerSecond + kStairsSecondsPerLevel));
    CHECK(v.points[stairs->points.front()].id == "kiosk");
    CHECK(v.points[stairs->points.back()].id == "a-door");

    auto lift = findRoute(v, kiosk, aDoor, true);
    REQUIRE(lift);
    CHECK_FALSE(lift->usesStairs);
    CHECK(lift->usesLift);
    // West 40 m, the lift, 80 m east along the first floor, 15 m to the door.
    CHECK(lift->seconds == Approx(135.0 / kWalkMetresPerSecond + kLiftWaitSeconds + kLiftSecondsPerLevel));
    CHECK(lift->seconds > stairs->seconds);

    // Hall C is over the lift: the lift wins there even without step-free.
    auto c = findRoute(v, kiosk, *v.findPoint("c-door"), false);
    REQUIRE(c);
    CHECK(c->usesLift);
    CHECK_FALSE(c->usesStairs);
}

TEST_CASE("a room reached only by stairs has no step-free route") {
    Program program = threeRooms();
    VenueLoad load = parse(venueWithoutLift(), program);
    INFO(allDiagnostics(load.diagnostics));
    REQUIRE(load.ok());
    std::vector<Diagnostic> diags;
    auto w = planWayfinding(std::move(*load.venue), program, {"kiosk", 0}, true, {"kiosk.json", diags});
    REQUIRE(w);
    CHECK(w->to(0) == nullptr);  // Hall A: upstairs, no lift
    CHECK(w->to(1) != nullptr);  // Hall B: this floor
    CHECK(hasDiagnostic(diags, Severity::warning, "/step_free", "\"Hall A\" cannot be reached without stairs"));
}

TEST_CASE("a route is told step by step: walks, stairs or lift to a floor, the last walk to the room") {
    Program program = threeRooms();
    VenueLoad load = parse(venueJson(), program);
    REQUIRE(load.ok());
    const Venue& v = *load.venue;
    std::size_t kiosk = *v.findPoint("kiosk"), aDoor = *v.findPoint("a-door");

    auto stairs = findRoute(v, kiosk, aDoor, false);
    REQUIRE(stairs);
    REQUIRE(stairs->links.size() + 1 == stairs->points.size());
    for (std::size_t i = 0; i < stairs->links.size(); ++i) {
        const VenueLink& l = v.links[stairs->links[i]];
        std::size_t a = stairs->points[i], b = stairs->points[i + 1];
        CHECK(((l.from == a && l.to == b) || (l.from == b && l.to == a)));  // each link joins its two points
    }
    std::vector<RouteStep> steps = routeSteps(v, *stairs);
    REQUIRE(steps.size() == 3);
    CHECK(steps[0].kind == LinkKind::walk);
    CHECK(steps[0].metres == Approx(40.0));
    CHECK(steps[0].floor == 0);
    CHECK(steps[1].kind == LinkKind::stairs);
    CHECK(steps[1].levels == 1);
    CHECK(steps[1].floor == 1);
    CHECK(steps[2].kind == LinkKind::walk);
    CHECK(steps[2].metres == Approx(15.0));
    CHECK(stepText(v, steps[0], false, "Hall A") == "Walk about 40 m");
    CHECK(stepText(v, steps[1], false, "Hall A") == "Take the stairs up to First");
    CHECK(stepText(v, steps[2], true, "Hall A") == "About 15 m to Hall A");
    // A right-to-left name is isolated: "15 m" stays outside its run.
    CHECK(stepText(v, steps[2], true, "אולם ירושלים") == "About 15 m to \u2068אולם ירושלים\u2069");

    // Step-free: west, the lift, the first floor's corridor east.
    auto lift = findRoute(v, kiosk, aDoor, true);
    REQUIRE(lift);
    steps = routeSteps(v, *lift);
    REQUIRE(steps.size() == 3);
    CHECK(steps[1].kind == LinkKind::lift);
    CHECK(stepText(v, steps[1], false, "Hall A") == "Take the lift up to First");
    CHECK(steps[2].metres == Approx(95.0));
    CHECK(stepText(v, steps[2], true, "Hall A") == "About 95 m to Hall A");

    // On this floor: one walk, however short; the kiosk's own spot: nothing to say.
    auto b = findRoute(v, kiosk, *v.findPoint("b-door"), false);
    REQUIRE(b);
    steps = routeSteps(v, *b);
    REQUIRE(steps.size() == 1);
    CHECK(steps[0].kind == LinkKind::walk);
    CHECK(stepText(v, steps[0], true, "Hall B") == "About 20 m to Hall B");
    auto here = findRoute(v, kiosk, kiosk, false);
    REQUIRE(here);
    CHECK(routeSteps(v, *here).empty());
}

TEST_CASE("route steps leave out a few metres beside the stairs and join flights in a row") {
    Program program = threeRooms();
    // A second floor up, and Hall B's door a step from the stairs' top on the first floor.
    std::string json = venueJson(R"(,
        {"id": "up2", "floor": "f2", "x": 900, "y": 250},
        {"id": "top", "floor": "f2", "x": 880, "y": 250})",
                                 "");
    json.replace(json.find(R"("metres_per_pixel": 0.1}
      ],)"),
                 std::string(R"("metres_per_pixel": 0.1}
      ],)")
                     .size(),
                 R"("metres_per_pixel": 0.1},
        {"id": "f2", "name": "Second", "level": 2, "width_px": 1000, "height_px": 500, "metres_per_pixel": 0.1}
      ],)");
    json.replace(json.find(R"({"from": "up-east", "to": "up-west"})"),
                 std::string(R"({"from": "up-east", "to": "up-west"})").size(),
                 R"({"from": "up-east", "to": "up-west"}, {"from": "up-east", "to": "up2", "kind": "stairs"},
        {"from": "up2", "to": "top"})");
    VenueLoad load = parse(json, program);
    INFO(allDiagnostics(load.diagnostics));
    REQUIRE(load.ok());
    const Venue& v = *load.venue;
    auto route = findRoute(v, *v.findPoint("kiosk"), *v.findPoint("top"), false);
    REQUIRE(route);
    std::vector<RouteStep> steps = routeSteps(v, *route);
    // 40 m east and two flights as one; the last 2 m from the stairs are not worth a line.
    REQUIRE(steps.size() == 2);
    CHECK(steps[0].kind == LinkKind::walk);
    CHECK(steps[1].kind == LinkKind::stairs);
    CHECK(steps[1].levels == 2);
    CHECK(v.floors[steps[1].floor].name == "Second");
    CHECK(stepText(v, steps[1], false, "x") == "Take the stairs up to Second");
    // Walked the other way: down two floors.
    auto down = findRoute(v, *v.findPoint("top"), *v.findPoint("kiosk"), false);
    REQUIRE(down);
    steps = routeSteps(v, *down);
    REQUIRE(steps.size() == 2);
    CHECK(steps[0].kind == LinkKind::stairs);
    CHECK(steps[0].levels == -2);
    CHECK(stepText(v, steps[0], false, "x") == "Take the stairs down to Ground");
    CHECK(stepText(v, steps[1], true, "Hall B") == "About 40 m to Hall B");
}

TEST_CASE("a room up the stairs also has its step-free way, and says when it has none") {
    Program program = threeRooms();
    Wayfinding w = plan(program, "kiosk", 0);
    REQUIRE(w.to(0));
    CHECK_FALSE(w.to(0)->stepFree());  // Hall A: up the stairs is quickest
    REQUIRE(w.to(0)->stepFreeRoute);
    CHECK(w.to(0)->stepFreeRoute->usesLift);
    CHECK_FALSE(w.to(0)->stepFreeRoute->usesStairs);
    CHECK(w.to(0)->stepFreeRoute->seconds > w.to(0)->route.seconds);
    REQUIRE(w.to(1));
    CHECK(w.to(1)->stepFree());  // Hall B: this floor
    CHECK_FALSE(w.to(1)->stepFreeRoute);

    // Without the lift there is no way up but the stairs.
    VenueLoad load = parse(venueWithoutLift(), program);
    REQUIRE(load.ok());
    std::vector<Diagnostic> diags;
    auto stairsOnly = planWayfinding(std::move(*load.venue), program, {"kiosk", 0}, false, {"kiosk.json", diags});
    REQUIRE(stairsOnly);
    REQUIRE(stairsOnly->to(0));
    CHECK_FALSE(stairsOnly->to(0)->stepFree());
    CHECK_FALSE(stairsOnly->to(0)->stepFreeRoute);
}

TEST_CASE("on request, each room's step-free directions: the lift's way with its own arrow and minutes, the same "
          "way where it has no stairs, none where only stairs go (#30.6)") {
    Program program = threeRooms();
    Wayfinding w = plan(program, "kiosk", 0);
    // Hall A: up the stairs (east) is quickest; without them, west to the lift.
    REQUIRE(w.to(0, true));
    const RoomDirections& a = *w.to(0, true);
    CHECK(a.route.usesLift);
    CHECK_FALSE(a.route.usesStairs);
    CHECK(a.stepFree());
    CHECK(a.minutes == walkingMinutes(w.to(0)->stepFreeRoute->seconds));
    CHECK(a.route.points == w.to(0)->stepFreeRoute->points);
    REQUIRE(a.arrow);
    REQUIRE(w.to(0)->arrow);
    CHECK(*w.to(0)->arrow == Arrow::right);  // the stairs' way starts east
    CHECK(*a.arrow == Arrow::left);          // the lift's west
    CHECK(w.to(0, false) == w.to(0));
    // Hall B, on this floor: its own way, the same.
    REQUIRE(w.to(1, true));
    CHECK(w.to(1, true)->route.points == w.to(1)->route.points);
    CHECK(w.to(1, true)->minutes == w.to(1)->minutes);
    // Out of range: none, either way.
    CHECK_FALSE(w.to(99, true));

    // Without the lift, Hall A has directions but no step-free ones.
    VenueLoad load = parse(venueWithoutLift(), program);
    REQUIRE(load.ok());
    std::vector<Diagnostic> diags;
    auto stairsOnly = planWayfinding(std::move(*load.venue), program, {"kiosk", 0}, false, {"kiosk.json", diags});
    REQUIRE(stairsOnly);
    CHECK(stairsOnly->to(0));
    CHECK_FALSE(stairsOnly->to(0, true));
    CHECK(stairsOnly->to(1, true));
}

TEST_CASE("the arrow turns with the way the kiosk faces, in eight directions") {
    Program program = threeRooms();
    // Hall B is due north of the kiosk; Hall A's way starts due east.
    struct Case {
        double facing;
        Arrow toB, toA;
    };
    const Case cases[] = {
        {0, Arrow::ahead, Arrow::right},  {45, Arrow::aheadLeft, Arrow::aheadRight},
        {90, Arrow::left, Arrow::ahead},  {135, Arrow::backLeft, Arrow::aheadLeft},
        {180, Arrow::back, Arrow::left},  {225, Arrow::backRight, Arrow::backLeft},
        {270, Arrow::right, Arrow::back}, {315, Arrow::aheadRight, Arrow::backRight},
    };
    for (const Case& c : cases) {
        INFO("facing " << c.facing);
        Wayfinding w = plan(program, "kiosk", c.facing);
        REQUIRE(w.to(1));
        REQUIRE(w.to(1)->arrow);
        CHECK(*w.to(1)->arrow == c.toB);
        REQUIRE(w.to(0)->arrow);
        CHECK(*w.to(0)->arrow == c.toA);
    }
    CHECK(toString(Arrow::backLeft) == "back-left");
    CHECK(arrowDegrees(Arrow::left) == 270);
}

TEST_CASE("a screen on a wall a step from its corridor points along the corridor, not back at the step") {
    Program program = threeRooms();
    // The screen hangs on the south side of the kiosk's spot, 1.5 m from it; its readers
    // look south at it. Hall B is north, the stairs to Hall A east, the lift to Hall C west.
    std::string json = venueJson(R"(, {"id": "wall", "floor": "g", "x": 500, "y": 265})");
    const std::string links = R"("links": [)";
    json.insert(json.find(links) + links.size(), R"({"from": "wall", "to": "kiosk"}, )");
    VenueLoad load = parse(json, program);
    INFO(allDiagnostics(load.diagnostics));
    REQUIRE(load.ok());
    std::vector<Diagnostic> diags;
    auto w = planWayfinding(std::move(*load.venue), program, {"wall", 180}, false, {"kiosk.json", diags});
    REQUIRE(w);
    for (Index r = 0; r < 3; ++r) REQUIRE(w->to(r));
    CHECK(w->to(0)->arrow == Arrow::left);   // Hall A: east, by the stairs
    CHECK(w->to(1)->arrow == Arrow::back);   // Hall B: north, behind the reader
    CHECK(w->to(2)->arrow == Arrow::right);  // Hall C: west, by the lift

    // The stairs themselves a step away: the arrow points at them.
    std::string near = venueJson(R"(, {"id": "by-stairs", "floor": "g", "x": 890, "y": 250})");
    near.insert(near.find(links) + links.size(), R"({"from": "by-stairs", "to": "east"}, )");
    VenueLoad nearLoad = parse(near, program);
    REQUIRE(nearLoad.ok());
    auto n = planWayfinding(std::move(*nearLoad.venue), program, {"by-stairs", 0}, false, {"kiosk.json", diags});
    REQUIRE(n);
    REQUIRE(n->to(0));
    CHECK(n->to(0)->arrow == Arrow::right);  // 1 m east to the stairs, facing north
}

TEST_CASE("minutes and a word for the floor beside each room") {
    Program program = threeRooms();
    Wayfinding w = plan(program, "kiosk", 0);
    REQUIRE(w.to(0));
    CHECK(floorWord(w.to(0)->route.levels) == "upstairs");
    CHECK(w.to(0)->minutes == 2);  // 66 s
    CHECK(directionsLabel(*w.to(0)) == "2 min · upstairs");
    CHECK(directionsLabel(*w.to(1)) == "1 min · this floor");  // 20 m

    Wayfinding fromAbove = plan(program, "a-door", 0);
    CHECK(floorWord(fromAbove.to(1)->route.levels) == "downstairs");
    CHECK_FALSE(fromAbove.to(0)->arrow);  // standing at the door
    CHECK(directionsLabel(*fromAbove.to(0)) == "here");

    CHECK(floorWord(2) == "2 floors up");
    CHECK(floorWord(-3) == "3 floors down");
    CHECK(walkingMinutes(0) == 1);
    CHECK(walkingMinutes(61) == 2);
    CHECK(walkingMinutes(1e300) > 0);
    CHECK(parseFacing("SW") == 225);
    CHECK_FALSE(parseFacing("north"));
}

TEST_CASE("a venue file's mistakes are errors with the file and the place") {
    Program program = threeRooms();
    // `usable`: a wrong entry of "rooms" leaves only itself out; other mistakes the file.
    auto errorOf = [&](const std::string& json, bool usable = false) {
        VenueLoad load = parse(json, program);
        CHECK(load.ok() == usable);
        for (const Diagnostic& d : load.diagnostics)
            if (d.severity == Severity::error) {
                CHECK(d.file == "venue.json");
                return d.where + ": " + d.message;
            }
        return std::string("no error");
    };
    using Catch::Matchers::Contains;
    CHECK_THAT(errorOf(venueJson("", R"(, "Hall Z": "kiosk")"), true),
               Contains("/rooms/Hall Z: unknown room \"Hall Z\""));
    // The program's rooms beside it, where a typo shows.
    CHECK_THAT(errorOf(venueJson("", R"(, "Hall Z": "kiosk")"), true),
               Contains("no room with that id or name (rooms: Hall A, Hall B, Hall C); this entry is left out"));
    CHECK_THAT(errorOf(venueJson("", R"(, "a/b~c": "kiosk")"), true), Contains("/rooms/a~1b~0c: unknown room"));
    // Hall B by its name and by its id "b": keys are read in order, "Hall B" before "b".
    CHECK_THAT(errorOf(venueJson("", R"(, "Hall B": "kiosk")"), true),
               Contains("/rooms/b: the room \"b\" is placed twice; the first place is kept"));
    std::string lostPoint = venueJson();
    lostPoint.replace(lostPoint.find(R"("Hall C": "c-door")"), 18, R"("Hall C": "c-dor")");
    CHECK_THAT(errorOf(lostPoint, true), Contains("/rooms/Hall C: unknown point \"c-dor\"; this entry is left out"));
    // Many wrong rooms: the wrong file, refused whole.
    std::string many;
    for (int i = 0; i < 30; ++i) many += ", \"Hall " + std::to_string(100 + i) + "\": \"kiosk\"";
    VenueLoad manyLoad = parse(venueJson("", many), program);
    CHECK_FALSE(manyLoad.ok());
    CHECK(hasDiagnostic(manyLoad.diagnostics, Severity::error, "/rooms/Hall 120", "more than 20 wrong rooms"));
    CHECK_THAT(
        errorOf(venueJson(R"(, {"id": "far", "floor": "g", "x": 1200, "y": 10})")),
        Contains("/points/8: the point \"far\" at (1200, 10) is off the map of \"g\", which is 1000x500 pixels"));
    CHECK_THAT(errorOf(venueJson(R"(, {"id": "odd", "floor": "basement", "x": 1, "y": 1})")),
               Contains("/points/8/floor: unknown floor \"basement\""));
    CHECK_THAT(errorOf(venueJson(R"(, {"id": "kiosk", "floor": "g", "x": 1, "y": 1})")),
               Contains("/points/8/id: a second point with the id \"kiosk\""));
    // A room whose door nobody linked.
    std::string island = venueJson(R"(, {"id": "island", "floor": "g", "x": 1, "y": 1})");
    island.replace(island.find(R"("Hall C": "c-door")"), 18, R"("Hall C": "island")");
    CHECK_THAT(errorOf(island), Contains("/rooms/Hall C: the room \"Hall C\" at point \"island\" cannot be reached"));
    // Placed by its id ("b"): the path is the key as written, so a search of the file finds it.
    std::string islandB = venueJson(R"(, {"id": "island", "floor": "g", "x": 1, "y": 1})");
    islandB.replace(islandB.find(R"("b": "b-door")"), 13, R"("b": "island")");
    CHECK_THAT(errorOf(islandB), Contains("/rooms/b: the room \"Hall B\" at point \"island\" cannot be reached"));
    std::string walkUp = venueJson();
    walkUp.replace(walkUp.find(R"("kind": "stairs")"), 16, R"("kind": "walk")");
    CHECK_THAT(errorOf(walkUp), Contains("/links/3/kind: a walk between two floors"));
    std::string badLink = venueJson();
    badLink.replace(badLink.find(R"("to": "east")"), 12, R"("to": "nowhere")");
    CHECK_THAT(errorOf(badLink), Contains("/links/0/to: unknown point \"nowhere\""));
    CHECK_THAT(errorOf(R"({"floors": [], "points": [], "links": [], "rooms": {}})"),
               Contains("/floors: the venue needs at least one floor"));
    CHECK_THAT(
        errorOf(
            R"({"floors": [{"id": "g", "width_px": 1e300, "height_px": 10}], "points": [], "links": [], "rooms": {}})"),
        Contains("/floors/0/width_px: expected a whole number from 16 to 8192"));
    CHECK_THAT(errorOf("{\"floors\": [}"), Contains("line 1"));
    CHECK_THAT(
        errorOf(venueJson().replace(venueJson().find("\"metres_per_pixel\": 0.1"), 23, "\"metres_per_pixel\": -1")),
        Contains("/floors/0/metres_per_pixel"));
}

TEST_CASE("a missing or broken map image is an error that keeps the directions") {
    Program program = threeRooms();
    TempDir dir;
    writePngHeader(dir.file("ground.png"), 1000, 500);
    writePngHeader(dir.file("small.png"), 100, 50);
    std::ofstream(dir.file("text.png")) << "not a picture at all, just text";
    std::filesystem::create_directory(dir.path / "folder.png");
    REQUIRE(::mkfifo(dir.file("pipe.png").c_str(), 0644) == 0);  // must not wait for a writer
    auto withImages = [&](const std::string& first) {
        std::string json = venueJson();
        json.replace(json.find("\"level\": 0,"), 11, "\"level\": 0, \"image\": \"ground.png\",");
        json.replace(json.find("\"level\": 1,"), 11, "\"level\": 1, \"image\": \"" + first + "\",");
        return parse(json, program, dir.path.string());
    };
    VenueLoad good = withImages("ground.png");
    INFO(allDiagnostics(good.diagnostics));
    REQUIRE(good.ok());
    CHECK(good.venue->floors[1].image == std::filesystem::absolute(dir.file("ground.png")).lexically_normal().string());
    CHECK(good.diagnostics.empty());

    struct Case {
        const char* image;
        const char* problem;
    };
    for (Case c : {Case{"missing.png", "file not found"}, Case{"text.png", "not a PNG"},
                   Case{"small.png", "is 100x50 pixels, but the floor says 1000x500"},
                   Case{"folder.png", "not a regular file"}, Case{"pipe.png", "not a regular file"}}) {
        INFO(c.image);
        VenueLoad bad = withImages(c.image);
        REQUIRE(bad.ok());  // the venue stands: arrows and minutes need no picture
        CHECK(hasDiagnostic(bad.diagnostics, Severity::error, "/floors/1/image", c.problem));
        CHECK(bad.venue->floors[1].image.empty());
        CHECK_THAT(bad.venue->floors[1].imageProblem, Catch::Matchers::Contains(c.problem));
        CHECK_FALSE(bad.venue->floors[0].image.empty());
        std::vector<Diagnostic> diags;
        auto w = planWayfinding(std::move(*bad.venue), program, {"kiosk", 0}, false, {"kiosk.json", diags});
        REQUIRE(w);
        CHECK(w->to(0));
    }
}

TEST_CASE("the configuration says where the kiosk stands, and a bad venue leaves the kiosk without directions") {
    TempDir dir;
    std::ofstream(dir.file("program.json")) << programJson("Europe/Berlin", R"("rooms": [
        {"id": "a", "name": "Hall A"}, {"id": "b", "name": "Hall B"}, {"id": "c", "name": "Hall C"}])");
    std::ofstream(dir.file("venue.json")) << venueJson();
    auto session = [&](const std::string& config, std::vector<Diagnostic>& diags) {
        std::ofstream(dir.file("kiosk.json")) << config;
        return KioskSession::load(dir.file("kiosk.json"), "", diags);
    };
    std::vector<Diagnostic> diags;
    auto s = session(R"({"program": "program.json", "venue": "venue.json", "here": {"point": "kiosk", "facing": "E"},
                         "step_free": true})",
                     diags);
    INFO(allDiagnostics(diags));
    REQUIRE(s);
    REQUIRE(s->wayfinding);
    CHECK(s->config.here->facingDegrees == 90);
    CHECK(s->wayfinding->stepFree);
    REQUIRE(s->wayfinding->to(0));
    CHECK(s->wayfinding->to(0)->route.usesLift);
    CHECK(s->wayfindingProblem.empty());

    std::ofstream(dir.file("venue.json")) << venueJson("", R"(, "Hall Z": "kiosk")");
    diags.clear();
    s = session(R"({"program": "program.json", "venue": "venue.json", "here": {"point": "kiosk"}})", diags);
    REQUIRE(s);  // the program still shows
    CHECK(hasDiagnostic(diags, Severity::error, "/rooms/Hall Z", "unknown room"));
    // Only that entry is left out: the rooms the file places right keep their directions.
    REQUIRE(s->wayfinding);
    CHECK(s->wayfinding->to(0));
    CHECK(s->wayfinding->to(1));
    CHECK(s->wayfinding->to(2));
    // Staff see why on the badge.
    CHECK(s->wayfindingProblem == dir.file("venue.json") +
                                      ": /rooms/Hall Z: error: unknown room \"Hall Z\": the program has "
                                      "no room with that id or name (rooms: Hall A, Hall B, Hall C); "
                                      "this entry is left out");
    // A misspelt room: it goes without directions (a warning names it), the others keep theirs.
    std::string typo = venueJson();
    typo.replace(typo.find(R"("Hall C": "c-door")"), 18, R"("Hall Q": "c-door")");
    std::ofstream(dir.file("venue.json"), std::ios::trunc) << typo;
    diags.clear();
    s = session(R"({"program": "program.json", "venue": "venue.json", "here": {"point": "kiosk"}})", diags);
    REQUIRE(s);
    REQUIRE(s->wayfinding);
    CHECK(s->wayfinding->to(0));
    CHECK(s->wayfinding->to(1));
    CHECK_FALSE(s->wayfinding->to(2));
    CHECK(hasDiagnostic(diags, Severity::warning, "/rooms", "\"Hall C\" is not in the venue"));

    std::ofstream(dir.file("venue.json")) << venueJson();
    diags.clear();
    s = session(R"({"program": "program.json", "venue": "venue.json", "here": {"point": "lobby"}})", diags);
    REQUIRE(s);
    CHECK_FALSE(s->wayfinding);
    CHECK(hasDiagnostic(diags, Severity::error, "/here/point", "unknown point \"lobby\""));

    diags.clear();
    s = session(R"({"program": "program.json"})", diags);
    REQUIRE(s);
    CHECK_FALSE(s->wayfinding);  // no venue: the kiosk as it always was

    // A facing that is no direction: the configuration loads without "here", the screen
    // shows everything but directions, and staff see why on the badge.
    ConfigLoad bad =
        parseKioskConfig(R"({"program": "p.json", "here": {"point": "x", "facing": "up"}})", "kiosk.json", ".");
    REQUIRE(bad.ok());
    CHECK_FALSE(bad.config->here);
    CHECK(hasDiagnostic(bad.diagnostics, Severity::warning, "/here/facing", "expected N, NE"));
    CHECK(bad.config->hereProblem ==
          "kiosk.json: /here/facing: warning: expected N, NE, E, SE, S, SW, W, NW or degrees "
          "from north, found \"up\"; this screen shows no directions until it is fixed");
    bad = parseKioskConfig(R"({"program": "p.json", "here": {"point": "x", "facing": 400}})", "kiosk.json", ".");
    REQUIRE(bad.ok());
    CHECK(hasDiagnostic(bad.diagnostics, Severity::warning, "/here/facing", "from 0 to 360"));

    diags.clear();
    s = session(R"({"program": "program.json", "venue": "venue.json", "here": {"point": "kiosk", "facing": "North"}})",
                diags);
    REQUIRE(s);
    CHECK(s->program);  // the program and every page are there
    CHECK_FALSE(s->wayfinding);
    CHECK(s->wayfindingProblem.find("/here/facing: warning: expected N, NE") != std::string::npos);
    CHECK_FALSE(hasDiagnostic(diags, Severity::warning, "/here", "not where this kiosk stands"));
}

TEST_CASE("the bundled MLSys 2021 venue has two floors and directions from the default kiosk") {
    std::vector<Diagnostic> diags;
    auto session = KioskSession::load(std::string(HALLBOARD_SOURCE_DIR) + "/config/kiosk.json", "", diags);
    INFO(allDiagnostics(diags));
    REQUIRE(session);
    for (const Diagnostic& d : diags) CHECK(d.file.find("venue") == std::string::npos);  // the venue is clean
    REQUIRE(session->wayfinding);
    const Wayfinding& w = *session->wayfinding;
    CHECK(w.venue.floors.size() >= 2);
    for (const Floor& f : w.venue.floors) CHECK_FALSE(f.image.empty());
    for (Index r = 0; r < session->program->rooms.size(); ++r) {
        INFO(session->program->rooms[r].name);
        REQUIRE(w.to(r));
        CHECK(w.to(r)->arrow);
    }
}

TEST_CASE("the multi-script sample has three floors and a way to each of its eight rooms") {
    std::vector<Diagnostic> diags;
    auto session = KioskSession::load(std::string(HALLBOARD_SOURCE_DIR) + "/config/world-scripts.json", "", diags);
    INFO(allDiagnostics(diags));
    REQUIRE(session);
    for (const Diagnostic& d : diags) CHECK(d.file.find("venue") == std::string::npos);  // the venue is clean
    REQUIRE(session->wayfinding);
    const Wayfinding& w = *session->wayfinding;
    REQUIRE(w.venue.floors.size() == 3);
    for (const Floor& f : w.venue.floors) CHECK_FALSE(f.image.empty());
    REQUIRE(session->program->rooms.size() == 8);
    std::set<int> levels;
    for (Index r = 0; r < 8; ++r) {
        INFO(session->program->rooms[r].name);
        REQUIRE(w.to(r));
        levels.insert(w.to(r)->route.levels);
        CHECK(w.to(r)->stepFreeRoute.has_value() == w.to(r)->route.usesStairs);  // the lift serves every floor
    }
    CHECK(levels == std::set<int>{-1, 0, 1});  // downstairs, this floor and upstairs
}

TEST_CASE("a venue of thousands of points reads and routes end to end") {
    Program program = threeRooms();
    // A corridor of 5000 points, 1 px apart at 1 m a pixel, Hall A at its far end.
    std::string points, links;
    for (int i = 0; i < 5000; ++i) {
        points += (i ? ", " : "") + std::string(R"({"id": "p)") + std::to_string(i) + R"(", "floor": "g", "x": )" +
                  std::to_string(i) + R"(, "y": 1})";
        if (i)
            links += (i > 1 ? ", " : "") + std::string(R"({"from": "p)") + std::to_string(i - 1) + R"(", "to": "p)" +
                     std::to_string(i) + "\"}";
    }
    std::string json = R"({"floors": [{"id": "g", "width_px": 5000, "height_px": 16, "metres_per_pixel": 1}],
        "points": [)" + points +
                       R"(], "links": [)" + links + R"(], "rooms": {"Hall A": "p4999", "Hall B": "p0"}})";
    VenueLoad load = parse(json, program);
    INFO(allDiagnostics(load.diagnostics));
    REQUIRE(load.ok());
    std::vector<Diagnostic> diags;
    auto w = planWayfinding(std::move(*load.venue), program, {"p0", 90}, false, {"kiosk.json", diags});
    REQUIRE(w);
    REQUIRE(w->to(0));
    CHECK(w->to(0)->route.points.size() == 5000);
    CHECK(w->to(0)->minutes == walkingMinutes(4999 / kWalkMetresPerSecond));  // 70 min along the corridor
    CHECK(w->to(0)->arrow == Arrow::ahead);                                   // due east, facing east
    CHECK(directionsLabel(*w->to(1)) == "here");
}

namespace {

// The test venue with a door out at each end of the ground floor's corridor: east 5 m
// past the stairs, west 10 m past the lift.
std::string venueWithExits() {
    std::string json = venueJson(R"(, {"id": "out-east", "floor": "g", "x": 950, "y": 250, "kind": "exit"},
        {"id": "out-west", "floor": "g", "x": 0, "y": 250, "kind": "exit", "name": "West door"})");
    const std::string links = R"("links": [)";
    json.insert(json.find(links) + links.size(),
                R"({"from": "east", "to": "out-east"}, {"from": "west", "to": "out-west"}, )");
    return json;
}

Wayfinding planIn(const std::string& json, const Program& program, const std::string& point, double facing,
                  bool stepFree = false) {
    VenueLoad load = parse(json, program);
    INFO(allDiagnostics(load.diagnostics));
    REQUIRE(load.ok());
    std::vector<Diagnostic> diags;
    auto w = planWayfinding(std::move(*load.venue), program, {point, facing}, stepFree, {"kiosk.json", diags});
    INFO(allDiagnostics(diags));
    REQUIRE(w);
    return std::move(*w);
}

std::string lastPoint(const Wayfinding& w, const RoomDirections& d) {
    return w.venue.points[d.route.points.back()].id;
}

}  // namespace

TEST_CASE("venue points of kind exit: the way out goes to the nearest, with an arrow from the screen's facing") {
    Program program = threeRooms();
    VenueLoad load = parse(venueWithExits(), program);
    INFO(allDiagnostics(load.diagnostics));
    REQUIRE(load.ok());
    CHECK(load.venue->points[*load.venue->findPoint("out-east")].exit);
    CHECK_FALSE(load.venue->points[*load.venue->findPoint("east")].exit);
    // From the kiosk facing north: 45 m east beats 50 m west; the arrow says right.
    Wayfinding w = planIn(venueWithExits(), program, "kiosk", 0);
    CHECK(w.exits == 2);
    REQUIRE(w.exit);
    CHECK(lastPoint(w, *w.exit) == "out-east");
    CHECK(w.exit->arrow == Arrow::right);
    CHECK(w.exit->minutes == 1);
    CHECK_FALSE(w.exit->route.usesStairs);
    CHECK_FALSE(w.exitStepFree);  // no stairs on the way: nothing else to say
    // The same screen facing east: ahead. Facing south: left.
    CHECK(planIn(venueWithExits(), program, "kiosk", 90).exit->arrow == Arrow::ahead);
    CHECK(planIn(venueWithExits(), program, "kiosk", 180).exit->arrow == Arrow::left);
    // A screen by the west door: the west door.
    CHECK(lastPoint(w, *planIn(venueWithExits(), program, "west", 0).exit) == "out-west");
}

TEST_CASE("the way out upstairs takes the stairs, never the lift, and the step-free way out says it takes the lift") {
    Program program = threeRooms();
    // From Hall C's door on the first floor: the lift beside it would be quicker, but a
    // lift is no way out; the stairs at the far end are.
    Wayfinding w = planIn(venueWithExits(), program, "c-door", 0);
    REQUIRE(w.exit);
    CHECK(w.exit->route.usesStairs);
    CHECK_FALSE(w.exit->route.usesLift);
    CHECK(lastPoint(w, *w.exit) == "out-east");
    REQUIRE(w.exitStepFree);
    CHECK(w.exitStepFree->route.usesLift);  // said in words on the screen
    CHECK_FALSE(w.exitStepFree->route.usesStairs);
    CHECK(lastPoint(w, *w.exitStepFree) == "out-west");
    // Without the lift there is no step-free way out: none, and the screen says so.
    std::string noLift = venueWithExits();
    const std::string lift = R"({"from": "west", "to": "up-west", "kind": "lift"},)";
    noLift.replace(noLift.find(lift), lift.size(), "");
    Wayfinding stairsOnly = planIn(noLift, program, "c-door", 0);
    REQUIRE(stairsOnly.exit);
    CHECK_FALSE(stairsOnly.exitStepFree);
    // Without the stairs the lift is the only way down: taken, and marked.
    std::string noStairs = venueWithExits();
    const std::string stairs = R"({"from": "east", "to": "up-east", "kind": "stairs"},)";
    noStairs.replace(noStairs.find(stairs), stairs.size(), "");
    Wayfinding liftOnly = planIn(noStairs, program, "c-door", 0);
    REQUIRE(liftOnly.exit);
    CHECK(liftOnly.exit->route.usesLift);
}

TEST_CASE("a venue without an exit has no way out to show, and an unknown point kind is a warning") {
    Program program = threeRooms();
    Wayfinding w = planIn(venueJson(), program, "kiosk", 0);
    CHECK(w.exits == 0);
    CHECK_FALSE(w.exit);
    CHECK_FALSE(w.exitStepFree);
    std::string typo = venueJson(R"(, {"id": "door", "floor": "g", "x": 950, "y": 250, "kind": "exitt"})");
    VenueLoad load = parse(typo, program);
    REQUIRE(load.ok());  // the venue still gives directions
    CHECK(hasDiagnostic(load.diagnostics, Severity::warning, "/points/8/kind", "unknown kind \"exitt\""));
    CHECK_FALSE(load.venue->points[*load.venue->findPoint("door")].exit);
}
