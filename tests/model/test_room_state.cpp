// Room state (#31.2): "rooms" in the overrides file (full, filling, open), checked like
// the rest, applied to the program; and where else to go from a full room, nearest first.
#include <catch2/catch.hpp>
#include <fstream>
#include <iterator>

#include "model/overrides.hpp"
#include "model/program_json.hpp"
#include "model/room_state.hpp"
#include "support.hpp"

using namespace hallboard;
using namespace hallboard::test;

namespace {

// Seven rooms at 10:00-11:00: "a" is the full one; "b" open, "c" filling up, "d" a
// coffee break, "e" full too, "f" starting at 10:30 (inside a's slot), "g" at 11:30
// (after it).
Program sevenRooms() {
    auto loaded = load(programJson("Europe/Berlin", R"(
      "rooms": [{"id": "a"}, {"id": "b"}, {"id": "c"}, {"id": "d"}, {"id": "e"}, {"id": "f"}, {"id": "g"}],
      "sessions": [
        {"id": "sa", "title": "Full talk", "start": "2027-03-10T10:00", "end": "2027-03-10T11:00", "room": "a"},
        {"id": "sb", "title": "In B", "start": "2027-03-10T10:00", "end": "2027-03-10T11:00", "room": "b",
         "talks": [{"id": "tb1", "title": "B first", "start": "2027-03-10T10:00", "end": "2027-03-10T10:30"},
                   {"id": "tb2", "title": "B second", "start": "2027-03-10T10:30", "end": "2027-03-10T11:00"}]},
        {"id": "sc", "title": "In C", "start": "2027-03-10T10:00", "end": "2027-03-10T11:00", "room": "c"},
        {"id": "sd", "kind": "break", "start": "2027-03-10T10:00", "end": "2027-03-10T11:00", "room": "d"},
        {"id": "se", "title": "In E", "start": "2027-03-10T10:00", "end": "2027-03-10T11:00", "room": "e"},
        {"id": "sf", "title": "In F", "start": "2027-03-10T10:30", "end": "2027-03-10T11:30", "room": "f"},
        {"id": "sg", "title": "In G", "start": "2027-03-10T11:30", "end": "2027-03-10T12:30", "room": "g"}])"));
    INFO(allDiagnostics(loaded));
    REQUIRE(loaded.ok());
    return std::move(*loaded.program);
}

OverridesLoad parse(const std::string& json) {
    return parseOverrides(json, "overrides.json");
}

bool apply(Program& p, const std::string& json, std::vector<Diagnostic>& diags) {
    OverridesLoad o = parse(json);
    INFO(allDiagnostics(o.diagnostics));
    REQUIRE(o.ok());
    return applyOverrides(p, *o.overrides, "overrides.json", diags);
}

const char* kStates = R"({"rooms": {"a": {"state": "full", "since": "2027-03-10T10:05"}, "c": {"state": "filling"},
                                    "e": {"state": "FULL"}, "b": {"state": "open"}}})";

std::vector<std::string> roomsOf(const Program& p, const std::vector<Alternative>& list) {
    std::vector<std::string> out;
    for (const Alternative& a : list) out.push_back(p.rooms[a.room].id);
    return out;
}

}  // namespace

TEST_CASE("room states in the overrides file reach the program's rooms, with the time they were said") {
    Program p = sevenRooms();
    std::vector<Diagnostic> diags;
    REQUIRE(apply(p, kStates, diags));
    CHECK(p.rooms[0].state.occupancy == Occupancy::full);
    REQUIRE(p.rooms[0].state.since);
    CHECK(*p.rooms[0].state.since == at(p, "2027-03-10T10:05"));
    CHECK(p.rooms[2].state.occupancy == Occupancy::filling);
    CHECK_FALSE(p.rooms[2].state.since);
    CHECK(p.rooms[4].state.occupancy == Occupancy::full);  // the word in any case
    CHECK(p.rooms[1].state.occupancy == Occupancy::open);
    CHECK(crowded(p, 0));
    CHECK(crowded(p, 2));
    CHECK_FALSE(crowded(p, 1));
}

TEST_CASE("a room state that is wrong is an error with its place, and an unknown room names the known ones") {
    Program p = sevenRooms();
    std::vector<Diagnostic> diags;
    CHECK_FALSE(apply(p, R"({"rooms": {"Hall Z": {"state": "full"}}})", diags));
    CHECK(hasDiagnostic(diags, Severity::error, "/rooms/Hall Z", "no room \"Hall Z\" in the program (rooms: a, b, c"));
    CHECK(p.rooms[0].state.occupancy == Occupancy::open);  // nothing applied
    // A wrong state word, a wrong time, a list instead of an object, an unknown key.
    auto bad = parse(R"({"rooms": {"a": {"state": "packed"}}})");
    CHECK_FALSE(bad.ok());
    CHECK(hasDiagnostic(bad.diagnostics, Severity::error, "/rooms/a/state",
                        "expected \"full\", \"filling\" or \"open\""));
    auto time = parse(R"({"rooms": {"a": {"state": "full", "since": "ten past"}}})");
    CHECK(hasDiagnostic(time.diagnostics, Severity::error, "/rooms/a/since", "expected a time"));
    auto list = parse(R"({"rooms": [{"a": "full"}]})");
    CHECK(hasDiagnostic(list.diagnostics, Severity::error, "/rooms", "expected an object of rooms"));
    auto typo = parse(R"({"rooms": {"a": {"state": "full", "sinse": "2027-03-10T10:05"}}})");
    CHECK(typo.ok());
    CHECK(hasDiagnostic(typo.diagnostics, Severity::warning, "/rooms/a", "sinse"));
    // A change that fails leaves the rooms' states as they were too.
    CHECK_FALSE(
        apply(p, R"({"rooms": {"a": {"state": "full"}}, "changes": [{"session": "nope", "cancelled": true}]})", diags));
    CHECK(p.rooms[0].state.occupancy == Occupancy::open);
}

TEST_CASE("where else to go from a full room: the same slot in rooms not full, nearest first, then by start") {
    Program p = sevenRooms();
    std::vector<Diagnostic> diags;
    REQUIRE(apply(p, kStates, diags));
    Scheduler s(p);
    Instant now = at(p, "2027-03-10T10:15");
    // Without a venue: by start, then the rooms' order. Not "a" itself, not "e" (full),
    // not "d" (a break), not "g" (after a's slot).
    auto plain = alternativesTo(s, 0, now, nullptr);
    CHECK(roomsOf(p, plain) == std::vector<std::string>{"b", "c", "f"});
    CHECK_FALSE(plain[0].minutes);
    CHECK(plain[1].filling);  // c is filling up: offered, and said
    REQUIRE(plain[0].talk);
    CHECK(p.talks[*plain[0].talk].id == "tb1");  // the talk on now in B
    // With a venue: nearest first (walking minutes from this kiosk), the earlier start
    // between equals, rooms it cannot reach last.
    Wayfinding w;
    w.rooms.resize(p.rooms.size());
    auto walk = [&](Index room, int minutes) {
        RoomDirections d;
        d.minutes = minutes;
        w.rooms[room] = d;
    };
    walk(1, 5);  // b
    walk(2, 2);  // c
    walk(5, 2);  // f
    auto near = alternativesTo(s, 0, now, &w);
    CHECK(roomsOf(p, near) == std::vector<std::string>{"c", "f", "b"});
    REQUIRE(near[0].minutes);
    CHECK(*near[0].minutes == 2);
    w.rooms[1].reset();  // b out of the venue: after the others
    walk(2, 9);
    CHECK(roomsOf(p, alternativesTo(s, 0, now, &w)) == std::vector<std::string>{"f", "c", "b"});
    // At most `max`, and nothing from a room with nothing more today.
    CHECK(alternativesTo(s, 0, now, &w, 1).size() == 1);
    CHECK(alternativesTo(s, 0, at(p, "2027-03-10T13:00"), &w).empty());
    // Later in B, its second talk is the one on.
    auto later = alternativesTo(s, 0, at(p, "2027-03-10T10:40"), nullptr);
    REQUIRE(later.size() >= 1);
    REQUIRE(later[0].talk);
    CHECK(p.talks[*later[0].talk].id == "tb2");
}

TEST_CASE("docs/overrides.md's room state example is accepted and applied to the bundled program") {
    std::ifstream in(std::string(HALLBOARD_SOURCE_DIR) + "/docs/overrides.md");
    std::string doc((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    ProgramLoad program = loadProgramFile(std::string(HALLBOARD_SOURCE_DIR) + "/data/mlsys2021.json");
    REQUIRE(program.ok());
    int examples = 0;
    for (auto open = doc.find("```json\n"); open != std::string::npos; open = doc.find("```json\n", open)) {
        open += 8;
        auto close = doc.find("```", open);
        REQUIRE(close != std::string::npos);
        OverridesLoad example = parseOverrides(doc.substr(open, close - open), "overrides.md");
        INFO(doc.substr(open, close - open) << allDiagnostics(example.diagnostics));
        REQUIRE(example.ok());
        CHECK(example.diagnostics.empty());
        Program p = *program.program;
        std::vector<Diagnostic> diags;
        CHECK(applyOverrides(p, *example.overrides, "overrides.md", diags));
        CHECK(p.rooms[0].state.occupancy == Occupancy::full);
        ++examples;
    }
    CHECK(examples == 1);
}
