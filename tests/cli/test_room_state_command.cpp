// `hallboard room-state ROOM full|filling|open` (#31.2): edits the overrides file's rooms,
// keeps the rest, checks the room and the new file first, and what it writes is what a
// kiosk reloading the file applies.
#include <catch2/catch.hpp>
#include <fstream>

#include "cli_support.hpp"
#include "model/overrides.hpp"
#include "support.hpp"

using namespace hallboard;
using namespace hallboard::test;

namespace {

const std::string kProgram = std::string(HALLBOARD_FIXTURES) + "/two-rooms.json";

std::string slurp(const std::string& path) {
    std::ifstream in(path);
    return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

void write(const std::string& path, const std::string& text) {
    std::ofstream(path) << text;
}

// The program with the overrides file applied, as a kiosk reloading it does.
Program reloaded(const std::string& overrides) {
    ProgramLoad p = loadProgramFile(kProgram);
    REQUIRE(p.ok());
    OverridesLoad o = loadOverridesFile(overrides);
    INFO(allDiagnostics(o.diagnostics));
    REQUIRE(o.ok());
    std::vector<Diagnostic> diags;
    REQUIRE(applyOverrides(*p.program, *o.overrides, overrides, diags));
    return std::move(*p.program);
}

}  // namespace

TEST_CASE("room-state sets a room full in the overrides file, keeps the rest, and a kiosk's reload shows it") {
    TempDir dir;
    std::string file = dir.file("overrides.json");
    write(file, R"({
  // the stage manager's changes
  "changes": [{"session": "s1", "late_minutes": 10}],
  "announcements": [{"title": "Wi-Fi", "text": "Network MLSys"}]
})");
    Run r = hallboardRun({"room-state", "Main Hall", "full", "--overrides", file, "--program", kProgram});
    INFO(r.err);
    REQUIRE(r.code == 0);
    CHECK(r.out.find("Main Hall: full (was open); wrote " + file) != std::string::npos);
    Program p = reloaded(file);
    CHECK(p.rooms[0].state.occupancy == Occupancy::full);
    CHECK(p.rooms[0].state.since);
    // The rest of the file is kept (its comment is not: it says so in its help).
    std::string text = slurp(file);
    CHECK(text.find("\"late_minutes\": 10") != std::string::npos);
    CHECK(text.find("Network MLSys") != std::string::npos);
    CHECK(text.find("\"Main Hall\"") != std::string::npos);
    // By id, the same entry; filling, then open again: the entry goes.
    r = hallboardRun({"room-state", "main", "filling", "--overrides", file, "--program", kProgram});
    REQUIRE(r.code == 0);
    CHECK(r.out.find("(was full)") != std::string::npos);
    CHECK(reloaded(file).rooms[0].state.occupancy == Occupancy::filling);
    r = hallboardRun({"room-state", "main", "open", "--overrides", file, "--program", kProgram});
    REQUIRE(r.code == 0);
    CHECK(reloaded(file).rooms[0].state.occupancy == Occupancy::open);
    CHECK(slurp(file).find("\"rooms\"") == std::string::npos);
    CHECK(slurp(file).find("\"late_minutes\": 10") != std::string::npos);
    // No overrides file yet: made.
    std::string fresh = dir.file("new.json");
    REQUIRE(hallboardRun({"room-state", "Room B", "full", "--overrides", fresh, "--program", kProgram}).code == 0);
    CHECK(reloaded(fresh).rooms[1].state.occupancy == Occupancy::full);
}

TEST_CASE("room-state writes nothing for an unknown room, a wrong state or a file the kiosk would reject") {
    TempDir dir;
    std::string file = dir.file("overrides.json");
    write(file, R"({"changes": []})");
    Run unknown = hallboardRun({"room-state", "Hall Z", "full", "--overrides", file, "--program", kProgram});
    CHECK(unknown.code == 1);
    CHECK(unknown.err.find("no room \"Hall Z\"") != std::string::npos);
    CHECK(unknown.err.find("rooms: Main Hall, Room B") != std::string::npos);
    Run word = hallboardRun({"room-state", "Main Hall", "packed", "--overrides", file, "--program", kProgram});
    CHECK(word.code == 2);
    CHECK(word.err.find("expected full, filling or open") != std::string::npos);
    Run none = hallboardRun({"room-state", "Main Hall", "full", "--overrides", file});
    CHECK(none.code == 2);
    CHECK(slurp(file) == R"({"changes": []})");
    // A broken file is left for a person to mend, not overwritten.
    write(file, R"({"changes": [{"session": "s1"}]})");
    Run broken = hallboardRun({"room-state", "Main Hall", "full", "--overrides", file, "--program", kProgram});
    CHECK(broken.code == 1);
    CHECK(broken.err.find("fix them first") != std::string::npos);
    CHECK(slurp(file) == R"({"changes": [{"session": "s1"}]})");
}

TEST_CASE("room-state finds the program and the overrides file through a kiosk configuration") {
    TempDir dir;
    write(dir.file("kiosk.json"), R"({"program": ")" + kProgram + R"(", "overrides": "overrides.json"})");
    Run r = hallboardRun({"room-state", "Room B", "filling", "-c", dir.file("kiosk.json")});
    INFO(r.err);
    REQUIRE(r.code == 0);
    CHECK(reloaded(dir.file("overrides.json")).rooms[1].state.occupancy == Occupancy::filling);
    write(dir.file("plain.json"), R"({"program": ")" + kProgram + R"("})");
    Run none = hallboardRun({"room-state", "Room B", "full", "-c", dir.file("plain.json")});
    CHECK(none.code == 2);
    CHECK(none.err.find("names no overrides file") != std::string::npos);
}
