// Changes on the day: late sessions, cancelled talks, moved sessions, and what the
// scheduler makes of them; every bad change named with its place and reason.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <unistd.h>

#include "kiosk/kiosk_session.hpp"
#include "model/overrides.hpp"
#include "model/scheduler.hpp"
#include "model/wording.hpp"
#include "support.hpp"

using namespace hallboard;
using namespace hallboard::test;
using std::chrono::minutes;

static const std::string kFixtures = HALLBOARD_FIXTURES;

namespace {

std::vector<Diagnostic> applyFails(Program& p, const std::string& json) {
    OverridesLoad load = parseOverrides(json, "overrides.json");
    if (!load.ok()) return load.diagnostics;
    std::vector<Diagnostic> diags;
    CHECK_FALSE(applyOverrides(p, *load.overrides, "overrides.json", diags));
    return diags;
}

Index sessionId(const Program& p, const std::string& id) {
    for (Index i = 0; i < p.sessions.size(); ++i)
        if (p.sessions[i].id == id) return i;
    FAIL("no session " << id);
    return 0;
}

Index talkId(const Program& p, const std::string& id) {
    for (Index i = 0; i < p.talks.size(); ++i)
        if (p.talks[i].id == id) return i;
    FAIL("no talk " << id);
    return 0;
}

}  // namespace

TEST_CASE("a session running late in a room moves with its talks, and now & next follows") {
    Program p = twoRooms();
    applyOk(p, R"({"changes": [{"room": "Main Hall", "at": "2021-04-06T09:40", "late_minutes": 10}]})");
    const Session& s1 = p.sessions[sessionId(p, "s1")];
    CHECK(s1.time.start == at(p, "2021-04-06T09:40"));
    CHECK(s1.time.end == at(p, "2021-04-06T11:00"));
    CHECK(s1.change.late == minutes{10});
    CHECK(p.talks[talkId(p, "modularnas")].slot.start == at(p, "2021-04-06T09:40"));
    CHECK(changeLine(p, s1) == "Running 10 min late");

    Scheduler s(p);
    // At 09:35 the session has not started yet: it is next, in 5 minutes.
    RoomStatus early = s.roomAt(0, at(p, "2021-04-06T09:35"));
    CHECK_FALSE(early.live);
    REQUIRE(early.next);
    CHECK(p.sessions[*early.next].id == "s1");
    CHECK(early.untilNext == minutes{5});
    // At 09:55 the first talk is still on (it runs until 09:56 now, not 09:46).
    RoomStatus mid = s.roomAt(0, at(p, "2021-04-06T09:55"));
    REQUIRE(mid.liveTalk);
    CHECK(p.talks[*mid.liveTalk].id == "modularnas");
}

TEST_CASE("a talk running late moves the talks after it and the session's end") {
    Program p = twoRooms();
    Instant fluidWas = p.talks[talkId(p, "fluid")].slot.start;
    Instant modularWas = p.talks[talkId(p, "modularnas")].slot.start;
    applyOk(p, R"({"changes": [{"talk": "fluid", "late_minutes": 15}]})");
    CHECK(p.talks[talkId(p, "modularnas")].slot.start == modularWas);
    CHECK(p.talks[talkId(p, "fluid")].slot.start == fluidWas + minutes{15});
    CHECK(p.talks[talkId(p, "micronets")].change.late == minutes{15});
    CHECK(p.sessions[sessionId(p, "s1")].time.end == at(p, "2021-04-06T11:05"));
    CHECK(changeLine(p.talks[talkId(p, "fluid")]) == "Running 15 min late");
}

TEST_CASE("a cancelled talk is skipped by now & next but kept, marked, in the session") {
    Program p = twoRooms();
    applyOk(p, R"({"changes": [{"talk": "Fluid", "cancelled": true, "note": "speaker ill"}]})");
    const Talk& fluid = p.talks[talkId(p, "fluid")];
    CHECK(fluid.change.cancelled);
    CHECK(changeLine(fluid) == "Cancelled · speaker ill");
    Scheduler s(p);
    RoomStatus r = s.roomAt(0, at(p, "2021-04-06T09:45"));
    REQUIRE(r.nextTalk);
    CHECK(p.talks[*r.nextTalk].id == "micronets");
    RoomStatus during = s.roomAt(0, fluid.slot.start + minutes{1});
    CHECK_FALSE(during.liveTalk);
    REQUIRE(during.live);  // the session itself goes on
}

TEST_CASE("a cancelled session is never live or next, its room says so") {
    Program p = twoRooms();
    applyOk(p, R"({"changes": [{"session": "s1", "cancelled": true}]})");
    Scheduler s(p);
    RoomStatus before = s.roomAt(0, at(p, "2021-04-06T09:20"));
    REQUIRE(before.next);
    CHECK(p.sessions[*before.next].id == "coffee");
    REQUIRE(before.away);
    CHECK(p.sessions[*before.away].id == "s1");
    RoomStatus during = s.roomAt(0, at(p, "2021-04-06T10:00"));
    CHECK_FALSE(during.live);
    REQUIRE(during.away);
    CHECK(changeLine(p, p.sessions[*during.away]) == "Cancelled");
    // Agendas still list it, so people learn it is off.
    auto agenda = s.startingBetween(at(p, "2021-04-06T09:00"), at(p, "2021-04-06T10:00"));
    CHECK(std::find(agenda.begin(), agenda.end(), sessionId(p, "s1")) != agenda.end());
    // ... also while it would be on.
    auto live = s.liveOrStartingBefore(at(p, "2021-04-06T10:00"), at(p, "2021-04-06T10:30"));
    CHECK(std::find(live.begin(), live.end(), sessionId(p, "s1")) != live.end());
    // Once it would have ended, the old room forgets it.
    CHECK_FALSE(s.roomAt(0, at(p, "2021-04-06T10:55")).away);
}

TEST_CASE("a moved session is live in its new room, and the old room points there") {
    Program p = twoRooms();
    applyOk(p, R"({"changes": [{"session": "Session 9", "move_to": "main hall"}]})");
    const Session& thu = p.sessions[sessionId(p, "thu")];
    CHECK(thu.room == Index{0});
    CHECK(thu.change.movedFrom == Index{1});
    CHECK(changeLine(p, thu) == "Moved to Main Hall");
    Scheduler s(p);
    RoomStatus b = s.roomAt(1, at(p, "2021-04-08T09:30"));
    CHECK_FALSE(b.live);
    REQUIRE(b.away);
    CHECK(*b.away == sessionId(p, "thu"));
    RoomStatus main = s.roomAt(0, at(p, "2021-04-08T09:30"));
    REQUIRE(main.live);
    CHECK(*main.live == sessionId(p, "thu"));
    // The agenda lists both sessions on in the Main Hall, not only the one its sign shows.
    applyOk(p, R"({"changes": [{"session": "b1", "move_to": "main"}]})");
    Scheduler again(p);
    auto agenda = again.liveOrStartingBefore(at(p, "2021-04-06T10:00"), at(p, "2021-04-06T10:30"));
    CHECK(std::find(agenda.begin(), agenda.end(), sessionId(p, "s1")) != agenda.end());
    CHECK(std::find(agenda.begin(), agenda.end(), sessionId(p, "b1")) != agenda.end());
    // The evening before, Room B already tells people where it will be.
    RoomStatus eve = s.roomAt(1, at(p, "2021-04-07T18:00"));
    REQUIRE(eve.away);
    CHECK_FALSE(eve.next);
}

TEST_CASE("moving a session back where it was clears the note") {
    Program p = twoRooms();
    applyOk(p, R"({"changes": [{"session": "s1", "move_to": "b"}, {"session": "s1", "move_to": "Main Hall"}]})");
    const Session& s1 = p.sessions[sessionId(p, "s1")];
    CHECK(s1.room == Index{0});
    CHECK_FALSE(s1.change.movedFrom);
    CHECK(changeLine(p, s1).empty());
}

TEST_CASE("bad changes are errors with the file, the change and the reason, the program is untouched") {
    Program p = twoRooms();
    Instant was = p.sessions[sessionId(p, "s1")].time.start;
    SECTION("an unknown room lists the rooms there are") {
        auto diags = applyFails(p, R"({"changes": [{"session": "s1", "late_minutes": 5},
                                                   {"room": "Hall Z", "at": "2021-04-06T10:00", "late_minutes": 5}]})");
        CHECK(hasDiagnostic(diags, Severity::error, "/changes/1/room",
                            "no room \"Hall Z\" in the program (rooms: Main Hall, Room B)"));
        CHECK(p.sessions[sessionId(p, "s1")].time.start == was);  // the good change was not half applied
    }
    SECTION("no session at that time") {
        auto diags = applyFails(p, R"({"changes": [{"room": "b", "at": "2021-04-06T18:00", "cancelled": true}]})");
        CHECK(hasDiagnostic(diags, Severity::error, "/changes/0/at", "no session in Room B at Tue 6 Apr 18:00"));
    }
    SECTION("an unknown talk") {
        auto diags = applyFails(p, R"({"changes": [{"talk": "nope", "cancelled": true}]})");
        CHECK(hasDiagnostic(diags, Severity::error, "/changes/0/talk", "no talk with the id or title \"nope\""));
    }
    SECTION("a title shared by several sessions asks for the id") {
        p.sessions[sessionId(p, "thu")].title = "Posters";
        auto diags = applyFails(p, R"({"changes": [{"session": "posters", "cancelled": true}]})");
        CHECK(hasDiagnostic(diags, Severity::error, "/changes/0/session", "2 sessions have the title \"posters\""));
    }
    SECTION("a change that says nothing") {
        auto diags = applyFails(p, R"({"changes": [{"session": "s1"}]})");
        CHECK(hasDiagnostic(diags, Severity::error, "/changes/0", "say what changed"));
    }
    SECTION("a change about nothing") {
        auto diags = applyFails(p, R"({"changes": [{"late_minutes": 5}]})");
        CHECK(hasDiagnostic(diags, Severity::error, "/changes/0", "say what changed with one of"));
    }
    SECTION("a talk cannot move alone") {
        auto diags = applyFails(p, R"({"changes": [{"talk": "fluid", "move_to": "b"}]})");
        CHECK(hasDiagnostic(diags, Severity::error, "/changes/0/move_to", "moves with its session"));
    }
    SECTION("a talk without a slot cannot be late") {
        auto diags = applyFails(p, R"({"changes": [{"talk": "accepted", "late_minutes": 5}]})");
        CHECK(hasDiagnostic(diags, Severity::error, "/changes/0/late_minutes", "has no time slot"));
    }
    SECTION("broken JSON and typos") {
        auto diags = applyFails(p, R"({"changes": [{"session": "s1", "late_minutes": 5,}]})");
        CHECK(hasDiagnostic(diags, Severity::error, "line 1", ""));
        OverridesLoad typo =
            parseOverrides(R"({"changes": [{"session": "s1", "late_minute": 5, "note": "x"}]})", "o.json");
        REQUIRE(typo.ok());
        CHECK(hasDiagnostic(typo.diagnostics, Severity::warning, "/changes/0/late_minute", ""));
    }
}

TEST_CASE("the kiosk applies the overrides its config names, a bad file keeps nothing half done") {
    namespace fs = std::filesystem;
    TempDir temp;
    const fs::path& dir = temp.path;
    fs::copy_file(kFixtures + "/two-rooms.json", dir / "program.json", fs::copy_options::overwrite_existing);
    std::ofstream(dir / "kiosk.json") << R"({"program": "program.json", "overrides": "changes.json"})";
    std::vector<Diagnostic> diags;

    SECTION("no file yet: the program as published, and a note") {
        auto session = KioskSession::load((dir / "kiosk.json").string(), "", diags);
        REQUIRE(session);
        CHECK(hasDiagnostic(diags, Severity::note, "", "no overrides file"));
    }
    SECTION("a good file is applied before the scheduler is built") {
        std::ofstream(dir / "changes.json") << R"({"changes": [{"session": "s1", "cancelled": true}]})";
        auto session = KioskSession::load((dir / "kiosk.json").string(), "", diags);
        REQUIRE(session);
        const Program& p = *session->program;
        CHECK(p.sessions[sessionId(p, "s1")].change.cancelled);
        CHECK_FALSE(session->scheduler->roomAt(0, at(p, "2021-04-06T10:00")).live);
    }
    SECTION("a truncated file is an error: the kiosk keeps what it has") {
        std::ofstream(dir / "changes.json") << R"({"changes": [{"session": "s1", "canc)";
        auto session = KioskSession::load((dir / "kiosk.json").string(), "", diags);
        CHECK_FALSE(session);
        CHECK(hasDiagnostic(diags, Severity::error, "line 1", ""));
        CHECK(diags.back().file.find("changes.json") != std::string::npos);
    }
}

TEST_CASE("late minutes are bounded one by one and in sum, with the path and the range") {
    Program p = twoRooms();
    auto huge = applyFails(p, R"({"changes": [{"session": "s1", "late_minutes": 1e300}]})");
    CHECK(hasDiagnostic(huge, Severity::error, "/changes/0/late_minutes", "from -720 to 720 minutes, found 1e+300"));
    auto half = applyFails(p, R"({"changes": [{"session": "s1", "late_minutes": 2.5}]})");
    CHECK(hasDiagnostic(half, Severity::error, "/changes/0/late_minutes", "expected a whole number"));
    // Each within the bound, together past it: a session and its talks.
    auto sum = applyFails(p, R"({"changes": [{"session": "s1", "late_minutes": 500},
                                             {"talk": "fluid", "late_minutes": -300}]})");
    CHECK(hasDiagnostic(sum, Severity::error, "/changes/1/late_minutes",
                        "the changes to session \"Session 1: Search and Devices\" and its talks move it by 800 minutes "
                        "in all; at most 720"));
    CHECK(p.sessions[sessionId(p, "s1")].change.late == Duration{});  // nothing applied
    applyOk(p, R"({"changes": [{"session": "s1", "late_minutes": 400}, {"session": "b1", "late_minutes": 400}]})");
    auto year = applyFails(p, R"({"changes": [{"room": "main", "at": "0000-04-06T10:00", "late_minutes": 5}]})");
    CHECK(hasDiagnostic(year, Severity::error, "/changes/0/at", "year 0000 is outside"));
}

TEST_CASE("an overrides path that is not a file is an error, not \"no overrides\"") {
    namespace fs = std::filesystem;
    TempDir dir;
    fs::create_directories(dir.path / "changes.json");
    auto directory = loadOverridesFile(dir.file("changes.json"));
    CHECK_FALSE(directory.ok());
    CHECK(hasDiagnostic(directory.diagnostics, Severity::error, "", "is a directory"));
    fs::create_symlink(dir.file("loop.json"), dir.file("loop.json"));
    auto loop = loadOverridesFile(dir.file("loop.json"));
    CHECK_FALSE(loop.ok());
    CHECK(hasDiagnostic(loop.diagnostics, Severity::error, "", "too many levels of symbolic links"));
    auto none = loadOverridesFile(dir.file("none.json"));
    CHECK(none.ok());
    CHECK(hasDiagnostic(none.diagnostics, Severity::note, "", "no overrides file"));
}

TEST_CASE("the overrides fuzzer's regression inputs are refused and change nothing") {
    std::size_t seen = 0;
    for (const auto& entry : std::filesystem::directory_iterator(std::string(HALLBOARD_FIXTURES) + "/fuzz")) {
        std::string name = entry.path().filename().string();
        if (name.rfind("overrides-", 0) != 0) continue;
        ++seen;
        Program p = twoRooms();
        std::vector<Diagnostic> diags;
        OverridesLoad load = loadOverridesFile(entry.path().string());
        bool applied = load.ok() && applyOverrides(p, *load.overrides, name, diags);
        INFO(name << "\n" << allDiagnostics(load.diagnostics) << allDiagnostics(diags));
        CHECK_FALSE(applied);
        for (const Session& s : p.sessions) CHECK(s.change.late == Duration{});
    }
    CHECK(seen >= 2);
}
