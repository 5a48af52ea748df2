#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <set>

#include "model/program_json.hpp"
#include "model/wording.hpp"
#include "support.hpp"

using namespace hallboard;
using namespace hallboard::test;

static const std::string kFixtures = HALLBOARD_FIXTURES;

TEST_CASE("a hand-written program loads into typed structures") {
    ProgramLoad load = loadProgramFile(kFixtures + "/two-rooms.json");
    INFO(allDiagnostics(load));
    REQUIRE(load.ok());
    CHECK(load.diagnostics.empty());
    const Program& p = *load.program;

    CHECK(p.displayName() == "MLSys 2021");
    CHECK(p.conference.zone.name() == "America/Los_Angeles");
    CHECK(p.conference.dayChange == std::chrono::hours{5});
    REQUIRE(p.conference.primary);
    CHECK(p.conference.primary->hex() == "#1b3a6b");
    CHECK(p.days.size() == 2);
    CHECK(p.rooms.size() == 2);
    CHECK(p.sessions.size() == 6);
    CHECK(p.talks.size() == 8);
    CHECK(p.awards.size() == 1);

    const Session& s1 = p.sessions[2];
    CHECK(s1.time.start == utc("2021-04-06T16:30"));
    CHECK(s1.time.end == utc("2021-04-06T17:50"));  // from "duration": "01:20"
    REQUIRE(s1.track);
    CHECK(p.tracks[*s1.track].name == "Systems");
    CHECK(p.sessions[0].chairs.size() == 1);
    CHECK(p.people[p.sessions[0].chairs[0]].name == "Alex Dimakis");
    CHECK(sessionTitle(p.sessions[3]) == "Break");

    const Talk& dally = p.talks[0];
    REQUIRE(dally.speakers.size() == 1);
    CHECK(p.people[dally.speakers[0]].affiliation == "NVIDIA");

    const Talk& nas = p.talks[1];
    CHECK(nas.authors == std::vector<std::string>{"Yunfeng Lin", "Guilin Li"});
    REQUIRE(nas.links.size() == 2);
    CHECK(nas.links[0].kind == "arxiv");
    CHECK(nas.links[1].kind == "web");
    CHECK(effectiveTrack(p, nas) == s1.track);

    const Talk& accepted = p.talks.back();
    CHECK_FALSE(accepted.session);
    CHECK(accepted.authors[0] == "Ana Gonçalves");
    CHECK(p.talks[p.awards[0].talk].id == "fluid");
}

TEST_CASE("talks without their own times share their session on whole minutes") {
    ProgramLoad load = loadProgramFile(kFixtures + "/two-rooms.json");
    REQUIRE(load.ok());
    const Program& p = *load.program;
    // Session 1: 09:30-10:50, three untimed talks -> 26:40 each, cut on minutes.
    const auto& s1 = p.sessions[2].talks;
    CHECK(p.talks[s1[0]].slot.start == at(p, "2021-04-06T09:30"));
    CHECK(p.talks[s1[0]].slot.end == at(p, "2021-04-06T09:56"));
    CHECK(p.talks[s1[1]].slot.end == at(p, "2021-04-06T10:23"));
    CHECK(p.talks[s1[2]].slot.end == at(p, "2021-04-06T10:50"));
    CHECK_FALSE(p.talks[s1[0]].hasOwnSlot);

    // Posters 09:30-12:00: p1 has 10:00-10:30; p2 and p3 share 10:30-12:00.
    const auto& b1 = p.sessions[4].talks;
    CHECK(p.talks[b1[0]].hasOwnSlot);
    CHECK(p.talks[b1[1]].slot.start == at(p, "2021-04-06T10:30"));
    CHECK(p.talks[b1[1]].slot.end == at(p, "2021-04-06T11:15"));
    CHECK(p.talks[b1[2]].slot.end == at(p, "2021-04-06T12:00"));
}

TEST_CASE("writing and reading a program gives the same program") {
    ProgramLoad first = loadProgramFile(kFixtures + "/two-rooms.json");
    REQUIRE(first.ok());
    std::string text = serializeProgram(*first.program);
    ProgramLoad second = parseProgram(text, "written.json");
    INFO(allDiagnostics(second));
    REQUIRE(second.ok());
    CHECK(second.diagnostics.empty());
    CHECK(serializeProgram(*second.program) == text);
    CHECK(text.find("\"start\": \"2021-04-06T09:30\"") != std::string::npos);  // wall time, no offset
    CHECK(text.find("Gonçalves") != std::string::npos);                        // UTF-8 kept as is
    const Program& a = *first.program;
    const Program& b = *second.program;
    REQUIRE(a.talks.size() == b.talks.size());
    for (std::size_t i = 0; i < a.talks.size(); ++i) {
        CHECK(a.talks[i].slot.start == b.talks[i].slot.start);
        CHECK(a.talks[i].hasOwnSlot == b.talks[i].hasOwnSlot);
    }
}

TEST_CASE("the repeated hour is written with its offset so it reads back the same") {
    auto load = test::load(programJson("Europe/Berlin", R"("rooms": [{"id": "r"}], "sessions": [
        {"id": "late", "title": "Second 02:30", "start": "2021-10-31T02:30+01:00", "end": "2021-10-31T03:30", "room": "r"}])"));
    REQUIRE(load.ok());
    std::string text = serializeProgram(*load.program);
    CHECK(text.find("\"start\": \"2021-10-31T02:30:00+01:00\"") != std::string::npos);
    auto again = parseProgram(text, "again.json");
    REQUIRE(again.ok());
    CHECK(again.program->sessions[0].time.start == utc("2021-10-31T01:30"));
}

TEST_CASE("broken JSON names the line and column") {
    ProgramLoad load = loadProgramFile(kFixtures + "/broken.json");
    REQUIRE_FALSE(load.ok());
    REQUIRE(load.diagnostics.size() == 1);
    const Diagnostic& d = load.diagnostics[0];
    CHECK(d.severity == Severity::error);
    CHECK(d.file.find("broken.json") != std::string::npos);
    CHECK(d.where == "line 4, column 30");  // where "time_zone" starts: the missing comma
    CHECK(d.message.find("invalid JSON") != std::string::npos);
}

TEST_CASE("a file cut off mid-write says so") {
    auto load = test::load(R"({"format": "hallboard-program", "version": 1, "conference": {"name": "X", "time)");
    REQUIRE_FALSE(load.ok());
    CHECK(hasDiagnostic(load, Severity::error, "line 1", "ends early"));
    auto empty = test::load("  \n");
    REQUIRE_FALSE(empty.ok());
    CHECK(hasDiagnostic(empty, Severity::error, "", "empty"));
}

TEST_CASE("a number beyond a double is an error, not a crash (found by fuzzing)") {
    auto load = test::load(programJson("UTC", R"("rooms": [{"id": "r", "capacity": 888880000000000E0645}])"));
    REQUIRE_FALSE(load.ok());
    CHECK(hasDiagnostic(load, Severity::error, "", "invalid JSON"));
    CHECK(hasDiagnostic(load, Severity::error, "", "number overflow"));
}

TEST_CASE("a wrong field gives its JSON path and what was expected") {
    auto load = test::load(programJson("UTC", R"("rooms": [{"id": "r"}], "sessions": [
        {"id": "a", "start": "2021-04-06T09:00", "end": "2021-04-06T10:00", "room": "r"},
        {"id": "b", "start": 930, "end": "2021-04-06T10:00", "room": "r"}])"));
    REQUIRE_FALSE(load.ok());
    CHECK(hasDiagnostic(load, Severity::error, "/sessions/1/start", "expected a string, found a number"));

    auto badTime = test::load(programJson("UTC", R"("sessions": [{"start": "Tue 9:30", "end": "x"}])"));
    REQUIRE_FALSE(badTime.ok());
    CHECK(hasDiagnostic(badTime, Severity::error, "/sessions/0/start", "expected a time like"));

    auto notList = test::load(programJson("UTC", R"("rooms": {"id": "r"})"));
    CHECK(hasDiagnostic(notList, Severity::error, "/rooms", "expected a list, found an object"));
}

TEST_CASE("the conference zone is required and must be a real zone") {
    auto missing = test::load(R"({"format": "hallboard-program", "version": 1, "conference": {"name": "X"}})");
    REQUIRE_FALSE(missing.ok());
    CHECK(hasDiagnostic(missing, Severity::error, "/conference/time_zone", "IANA"));
    auto unknown = test::load(programJson("Europe/Atlantis", ""));
    REQUIRE_FALSE(unknown.ok());
    CHECK(hasDiagnostic(unknown, Severity::error, "/conference/time_zone", "Europe/Atlantis"));
}

TEST_CASE("the format and version are checked") {
    auto newer = test::load(R"({"format": "hallboard-program", "version": 2, "conference": {"time_zone": "UTC"}})");
    REQUIRE_FALSE(newer.ok());
    CHECK(hasDiagnostic(newer, Severity::error, "/version", "newer than this Hallboard reads"));
    auto frab = test::load(R"({"schedule": {"version": "1", "conference": {}}})");
    REQUIRE_FALSE(frab.ok());
    CHECK(hasDiagnostic(frab, Severity::error, "/", "hallboard import"));
    auto unversioned = test::load(R"({"conference": {"name": "X", "time_zone": "UTC"}, "sessions": []})");
    REQUIRE(unversioned.ok());
    CHECK(hasDiagnostic(unversioned, Severity::warning, "/format", "missing"));
    CHECK(hasDiagnostic(unversioned, Severity::warning, "/version", "missing"));
}

TEST_CASE("unknown keys are warned about with their path, not fatal") {
    auto load = test::load(programJson("UTC", R"("rooms": [{"id": "r", "seats": 300}], "sessions": [
        {"id": "a", "tittle": "Typo", "start": "2021-04-06T09:00", "end": "2021-04-06T10:00", "room": "r"}])"));
    REQUIRE(load.ok());
    CHECK(hasDiagnostic(load, Severity::warning, "/rooms/0/seats", "unknown key"));
    CHECK(hasDiagnostic(load, Severity::warning, "/sessions/0/tittle", "unknown key \"tittle\""));
}

TEST_CASE("a missing file, photo or logo is named") {
    auto none = loadProgramFile("/nonexistent/dir/program.json");
    REQUIRE_FALSE(none.ok());
    CHECK(none.diagnostics[0].message == "file not found");

    TempDir temp;
    const auto& dir = temp.path;
    std::ofstream(dir / "present.jpg") << "x";
    std::ofstream(dir / "program.json") << programJson("UTC", R"("people": [
        {"id": "a", "name": "Has Photo", "photo": "present.jpg"},
        {"id": "b", "name": "Lost Photo", "photo": "photos/missing.jpg"}])",
                                                       R"("logo": "logo.png")");
    auto load = loadProgramFile((dir / "program.json").string());
    REQUIRE(load.ok());
    CHECK(hasDiagnostic(load, Severity::warning, "/people/1/photo", "photos/missing.jpg"));
    CHECK_FALSE(hasDiagnostic(load, Severity::warning, "/people/0/photo", ""));
    CHECK(hasDiagnostic(load, Severity::warning, "/conference/logo", "logo.png"));
}

TEST_CASE("diagnostics print as file: place: severity: message") {
    Diagnostic d{Severity::error, "data/p.json", "/sessions/3/start", "expected a time"};
    CHECK(format(d) == "data/p.json: /sessions/3/start: error: expected a time");
    Diagnostic w{Severity::warning, "", "", "odd"};
    CHECK(format(w) == "<input>: warning: odd");
}

TEST_CASE("program numbers and times are range-checked: versions, durations, years, lengths") {
    auto session = [](const std::string& fields) {
        return test::load(
            programJson("UTC", R"("rooms": [{"id": "r"}], "sessions": [{"id": "s", "room": "r", )" + fields + "}]"));
    };
    // A duration that once gave "talk ends in 53932497440640 days" (and overflowed).
    auto huge = session(R"("start": "2021-04-06T09:00", "duration": "999999999999999999")");
    INFO(allDiagnostics(huge));
    REQUIRE_FALSE(huge.ok());
    CHECK(hasDiagnostic(huge, Severity::error, "/sessions/0/duration",
                        "\"999999999999999999\" is too long: sessions last at most 31 days"));
    auto hours = session(R"("start": "2021-04-06T09:00", "duration": "99999:00")");
    REQUIRE_FALSE(hours.ok());
    CHECK(hasDiagnostic(hours, Severity::error, "/sessions/0/duration",
                        "session lasts 4166 days; a session lasts at most 31 days"));
    auto tenYears = session(R"("start": "2021-04-06T09:00", "end": "2031-04-06T09:00")");
    REQUIRE_FALSE(tenYears.ok());
    CHECK(hasDiagnostic(tenYears, Severity::error, "/sessions/0/end", "at most 31 days (is a date wrong?)"));
    auto threeDays = session(R"("start": "2021-04-06T09:00", "end": "2021-04-09T09:00")");
    REQUIRE(threeDays.ok());
    CHECK(hasDiagnostic(threeDays, Severity::warning, "/sessions/0/end", "session lasts 3 days, more than 24 h"));
    auto day = session(R"("start": "2021-04-06T09:00", "end": "2021-04-07T09:00")");
    REQUIRE(day.ok());
    CHECK_FALSE(hasDiagnostic(day, Severity::warning, "/sessions/0/end", "lasts"));

    // Year 0000 showed as "Friday 31 December -1".
    auto yearZero = session(R"("start": "0000-01-01T09:00", "end": "0000-01-01T10:00")");
    REQUIRE_FALSE(yearZero.ok());
    CHECK(hasDiagnostic(yearZero, Severity::error, "/sessions/0/start",
                        "year 0000 is outside the years Hallboard handles (1970 to 2200)"));
    auto farDay = test::load(programJson("UTC", R"("days": [{"date": "9999-12-31"}])"));
    REQUIRE_FALSE(farDay.ok());
    CHECK(hasDiagnostic(farDay, Severity::error, "/days/0/date", "year 9999 is outside"));
    CHECK(session(R"("start": "2200-12-31T09:00", "end": "2200-12-31T10:00")").ok());

    // version: 1e308 was cast to int.
    auto v308 = test::load(R"({"format": "hallboard-program", "version": 1e308, "conference": {"time_zone": "UTC"}})");
    REQUIRE_FALSE(v308.ok());
    CHECK(
        hasDiagnostic(v308, Severity::error, "/version", "format version 1e+308, newer than this Hallboard reads (1)"));
    auto vHalf = test::load(R"({"format": "hallboard-program", "version": 0.5, "conference": {"time_zone": "UTC"}})");
    REQUIRE_FALSE(vHalf.ok());
    CHECK(hasDiagnostic(vHalf, Severity::error, "/version", "expected a whole number from 1 to 1, found 0.5"));
}

TEST_CASE("20,000 sessions sharing one id all get distinct ids, in one pass") {
    std::string sessions;
    for (int i = 0; i < 20000; ++i)
        sessions +=
            std::string(i ? "," : "") + R"({"id": "x", "start": "2021-04-06T09:00", "end": "2021-04-06T10:00"})";
    // Also an id a suffix would produce, listed first: "x-2" is taken, so the first
    // duplicate of "x" becomes "x-3".
    auto load = test::load(programJson("UTC", R"("sessions": [{"id": "x-2", "start": "2021-04-06T09:00",
        "end": "2021-04-06T10:00"},)" + sessions + "]"));
    REQUIRE(load.ok());
    const auto& s = load.program->sessions;
    REQUIRE(s.size() == 20001);
    std::set<std::string> ids;
    for (const Session& one : s) ids.insert(one.id);
    CHECK(ids.size() == 20001);
    CHECK(s[0].id == "x-2");
    CHECK(s[1].id == "x");
    CHECK(s[2].id == "x-3");
    CHECK(s[20000].id == "x-20001");
    CHECK(hasDiagnostic(load, Severity::warning, "/sessions/2/id",
                        "duplicate session id \"x\"; this one is kept as \"x-3\""));
}

TEST_CASE("the program fuzzer's regression inputs are errors with their place") {
    std::size_t seen = 0;
    for (const auto& entry : std::filesystem::directory_iterator(std::string(HALLBOARD_FIXTURES) + "/fuzz")) {
        std::string name = entry.path().filename().string();
        if (name.rfind("program-", 0) != 0) continue;
        ++seen;
        auto load = loadProgramFile(entry.path().string());
        INFO(name << "\n" << allDiagnostics(load));
        CHECK_FALSE(load.ok());
        CHECK(hasDiagnostic(load, Severity::error, "/", ""));  // a JSON path, not just "the file"
    }
    CHECK(seen >= 4);
}

static std::string readFileText(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
}

TEST_CASE("rooms_order puts rooms first in its order, short names and seats read and write back") {
    std::string text = readFileText(kFixtures + "/two-rooms.json");
    auto at = text.find(R"("rooms": [{"id": "main", "name": "Main Hall"}, {"id": "b", "name": "Room B"}],)");
    REQUIRE(at != std::string::npos);
    text.replace(
        at, std::string(R"("rooms": [{"id": "main", "name": "Main Hall"}, {"id": "b", "name": "Room B"}],)").size(),
        R"("rooms": [{"id": "main", "name": "Main Hall", "capacity": 1200},
                              {"id": "b", "name": "Assembly: Room B", "short_name": "Room B"}],
                    "rooms_order": ["Assembly: Room B", "nowhere", "b"],)");
    ProgramLoad load = parseProgram(text, "two-rooms.json");
    INFO(allDiagnostics(load));
    REQUIRE(load.ok());
    CHECK(hasDiagnostic(load, Severity::warning, "/rooms_order/1", "no room \"nowhere\""));
    CHECK(hasDiagnostic(load, Severity::warning, "/rooms_order/2", "named twice"));
    const Program& p = *load.program;
    REQUIRE(p.rooms.size() == 2);
    CHECK(p.rooms[0].id == "b");
    CHECK(p.rooms[0].shortName == "Room B");
    CHECK(p.rooms[1].id == "main");
    CHECK(p.rooms[1].capacity == 1200);
    // Every session still in its own room.
    for (const Session& s : p.sessions) {
        REQUIRE(s.room);
        CHECK(p.rooms[*s.room].id == ((s.id == "b1" || s.id == "thu") ? "b" : "main"));
    }
    // Written and read back: the same rooms, order, names and seats.
    ProgramLoad again = parseProgram(serializeProgram(p), "again.json");
    REQUIRE(again.ok());
    REQUIRE(again.program->rooms.size() == 2);
    CHECK(again.program->rooms[0].shortName == "Room B");
    CHECK(again.program->rooms[1].capacity == 1200);
    CHECK(again.program->sessions[0].room == p.sessions[0].room);
    // Seats are range-checked.
    std::string bad = text;
    bad.replace(bad.find("1200"), 4, "-5");
    ProgramLoad refused = parseProgram(bad, "bad.json");
    CHECK_FALSE(refused.ok());
}

TEST_CASE("a room's seats, description and stream, a talk's recording, stream, interpretation and captions") {
    auto load = test::load(programJson("Europe/Berlin", R"(
      "rooms": [{"id": "main", "name": "Main Hall", "capacity": 3025, "description": "Level +2, by the lifts",
                 "stream_url": "https://streaming.example.org/main"},
                {"id": "b", "capacity": 100000, "stream_url": "javascript:void0"},
                {"id": "c", "stream_url": "https://example.org/a b"}],
      "sessions": [{"id": "s", "title": "S", "start": "2027-03-10T10:00", "end": "2027-03-10T11:00", "room": "main",
        "talks": [{"id": "t", "title": "T", "do_not_record": true, "do_not_stream": true,
                   "interpretation": ["DE", "fr", "de", "klingon!"], "captions": true},
                  {"id": "u", "title": "U"}]}])"));
    INFO(allDiagnostics(load));
    REQUIRE(load.ok());
    const Program& p = *load.program;
    CHECK(p.rooms[0].capacity == 3025);
    CHECK(p.rooms[0].description == "Level +2, by the lifts");
    CHECK(p.rooms[0].streamUrl == "https://streaming.example.org/main");
    CHECK(p.rooms[1].capacity == 100000);
    // Only http(s) addresses, with no spaces: others are warnings and left out.
    CHECK(p.rooms[1].streamUrl.empty());
    CHECK(hasDiagnostic(load, Severity::warning, "/rooms/1/stream_url", "http:// or https://"));
    CHECK(p.rooms[2].streamUrl.empty());
    CHECK(hasDiagnostic(load, Severity::warning, "/rooms/2/stream_url", "a space"));
    const Talk& t = p.talks[0];
    CHECK(t.doNotRecord);
    CHECK(t.doNotStream);
    CHECK(t.captions);
    CHECK(t.interpretation == std::vector<std::string>{"de", "fr"});  // in its usual case, once each
    CHECK(hasDiagnostic(load, Severity::warning, "/sessions/0/talks/0/interpretation/3", "not a language tag"));
    CHECK_FALSE(p.talks[1].doNotRecord);
    CHECK(p.talks[1].interpretation.empty());
    // Written and read back the same.
    ProgramLoad again = parseProgram(serializeProgram(p), "again.json");
    REQUIRE(again.ok());
    const Program& q = *again.program;
    CHECK(q.rooms[0].description == p.rooms[0].description);
    CHECK(q.rooms[0].streamUrl == p.rooms[0].streamUrl);
    CHECK(q.talks[0].doNotRecord);
    CHECK(q.talks[0].doNotStream);
    CHECK(q.talks[0].captions);
    CHECK(q.talks[0].interpretation == t.interpretation);
    CHECK_FALSE(q.talks[1].doNotRecord);
    // Seats from 1 to 100,000; a description a sign can show.
    for (const char* seats : {"0", "100001", "12.5"}) {
        INFO(seats);
        CHECK_FALSE(
            test::load(programJson("UTC", std::string(R"("rooms": [{"id": "r", "capacity": )") + seats + "}]")).ok());
    }
    auto longer =
        test::load(programJson("UTC", R"("rooms": [{"id": "r", "description": ")" + std::string(700, 'x') + "\"}]"));
    REQUIRE(longer.ok());
    CHECK(longer.program->rooms[0].description.size() <= Room::kMaxDescription + 3);
    CHECK(hasDiagnostic(longer, Severity::warning, "/rooms/0/description", "700 bytes"));
    std::string far = "https://example.org/" + std::string(2000, 'a');
    auto huge = test::load(programJson("UTC", R"("rooms": [{"id": "r", "stream_url": ")" + far + "\"}]"));
    REQUIRE(huge.ok());
    CHECK(huge.program->rooms[0].streamUrl.empty());
}

TEST_CASE("docs/program-format.md's example of the exports' room and talk fields is a program without warnings") {
    std::string doc = readFileText(std::string(HALLBOARD_SOURCE_DIR) + "/docs/program-format.md");
    auto open = doc.find("```jsonc\n\"rooms\": [{\"id\": \"saal-1\"");
    REQUIRE(open != std::string::npos);
    open += 9;
    auto close = doc.find("```", open);
    REQUIRE(close != std::string::npos);
    auto load = test::load(programJson("Europe/Berlin", doc.substr(open, close - open)));
    INFO(allDiagnostics(load));
    REQUIRE(load.ok());
    CHECK(load.warnings() == 0);
    CHECK(load.program->rooms[0].streamUrl == "https://streaming.example.org/saal-1");
    CHECK(load.program->talks[0].captions);
}
