// Warnings about what a program means: nothing is dropped silently.
#include <catch2/catch.hpp>

#include "support.hpp"
#include "model/wording.hpp"

using namespace hallboard;
using namespace hallboard::test;

TEST_CASE("an unknown room is added and the session kept") {
    auto load = test::load(programJson("UTC", R"("rooms": [{"id": "a", "name": "Hall A"}], "sessions": [
        {"id": "s", "start": "2021-04-06T09:00", "end": "2021-04-06T10:00", "room": "Ballroom"},
        {"id": "t", "start": "2021-04-06T11:00", "end": "2021-04-06T12:00", "room": "Hall A"}])"));
    REQUIRE(load.ok());
    CHECK(hasDiagnostic(load, Severity::warning, "/sessions/0/room", "unknown room \"Ballroom\""));
    const Program& p = *load.program;
    REQUIRE(p.rooms.size() == 2);
    CHECK(p.rooms[*p.sessions[0].room].name == "Ballroom");
    CHECK(*p.sessions[1].room == 0);  // found by its name
}

TEST_CASE("an unknown speaker becomes a person without a bio") {
    auto load = test::load(programJson("UTC", R"("rooms": [{"id": "r"}], "sessions": [
        {"id": "s", "start": "2021-04-06T09:00", "end": "2021-04-06T10:00", "room": "r",
         "talks": [{"title": "T", "speakers": ["Jane Doe"]}]}])"));
    REQUIRE(load.ok());
    CHECK(hasDiagnostic(load, Severity::warning, "/sessions/0/talks/0/speakers/0", "unknown person \"Jane Doe\""));
    const Program& p = *load.program;
    REQUIRE(p.people.size() == 1);
    CHECK(p.people[0].id == "jane-doe");
    CHECK(authorLine(p, p.talks[0]) == "Jane Doe");
}

TEST_CASE("duplicate ids are renamed, and references mean the first") {
    auto load = test::load(programJson("UTC", R"("rooms": [{"id": "r", "name": "First"}, {"id": "r", "name": "Second"}],
        "sessions": [{"id": "s", "start": "2021-04-06T09:00", "end": "2021-04-06T10:00", "room": "r"}])"));
    REQUIRE(load.ok());
    CHECK(hasDiagnostic(load, Severity::warning, "/rooms/1/id", "duplicate room id \"r\""));
    const Program& p = *load.program;
    CHECK(p.rooms[1].id == "r-2");
    CHECK(p.rooms[*p.sessions[0].room].name == "First");
}

TEST_CASE("a talk outside its session is reported with both times") {
    auto load = test::load(programJson("UTC", R"("rooms": [{"id": "r"}], "sessions": [
        {"id": "s", "start": "2021-04-06T09:00", "end": "2021-04-06T10:00", "room": "r",
         "talks": [{"title": "In", "start": "2021-04-06T09:00", "end": "2021-04-06T09:30"},
                   {"title": "Late", "start": "2021-04-06T09:50", "end": "2021-04-06T10:20"}]}])"));
    REQUIRE(load.ok());
    CHECK(hasDiagnostic(load, Severity::warning, "/sessions/0/talks/1",
                        "\"Late\" (09:50-10:20) lies outside its session (09:00-10:00)"));
    CHECK_FALSE(hasDiagnostic(load, Severity::warning, "/sessions/0/talks/0", ""));
}

TEST_CASE("overlapping sessions in one room are reported, in other rooms they are fine") {
    auto load = test::load(programJson("UTC", R"("rooms": [{"id": "a", "name": "Hall A"}, {"id": "b"}], "sessions": [
        {"id": "long", "title": "Long", "start": "2021-04-06T09:00", "end": "2021-04-06T12:00", "room": "a"},
        {"id": "x", "title": "Inside", "start": "2021-04-06T10:00", "end": "2021-04-06T10:30", "room": "a"},
        {"id": "y", "title": "Also inside", "start": "2021-04-06T11:00", "end": "2021-04-06T11:30", "room": "a"},
        {"id": "after", "title": "After", "start": "2021-04-06T12:00", "end": "2021-04-06T13:00", "room": "a"},
        {"id": "other", "title": "Other room", "start": "2021-04-06T09:00", "end": "2021-04-06T12:00", "room": "b"}])"));
    REQUIRE(load.ok());
    CHECK(hasDiagnostic(load, Severity::warning, "/sessions/1",
                        "\"Inside\" overlaps \"Long\" (/sessions/0) in room \"Hall A\" from 10:00 to 10:30"));
    CHECK(hasDiagnostic(load, Severity::warning, "/sessions/2", "\"Also inside\" overlaps \"Long\""));
    CHECK_FALSE(hasDiagnostic(load, Severity::warning, "/sessions/3", "overlaps"));  // back to back is fine
    CHECK_FALSE(hasDiagnostic(load, Severity::warning, "/sessions/4", "overlaps"));
}

TEST_CASE("a talk without a title gets an honest headline") {
    auto load = test::load(
        programJson("UTC", R"("talks": [{"authors": ["Yunfeng Lin", "Guilin Li"]}, {"abstract": "No names."}])"));
    REQUIRE(load.ok());
    CHECK(
        hasDiagnostic(load, Severity::warning, "/talks/0/title", "shown as \"Untitled paper by Yunfeng Lin et al.\""));
    CHECK(headline(load.program->talks[1]) == "Untitled paper");  // a talk without a session is a paper
}

TEST_CASE("an empty program loads with a warning") {
    auto load = test::load(programJson("UTC", ""));
    REQUIRE(load.ok());
    CHECK(hasDiagnostic(load, Severity::warning, "", "no sessions and no talks"));
}

TEST_CASE("sessions on days that are not listed are reported") {
    auto load = test::load(programJson("UTC", R"("days": [{"date": "2021-04-06"}], "rooms": [{"id": "r"}], "sessions": [
        {"id": "s", "start": "2021-04-07T09:00", "end": "2021-04-07T10:00", "room": "r"}])"));
    REQUIRE(load.ok());
    CHECK(
        hasDiagnostic(load, Severity::warning, "/sessions/0/start", "2021-04-07, which is not one of the listed days"));
}

TEST_CASE("impossible or missing ends are repaired with a warning") {
    auto load = test::load(programJson("UTC", R"("rooms": [{"id": "r"}], "sessions": [
        {"id": "backwards", "start": "2021-04-06T10:00", "end": "2021-04-06T09:00", "room": "r"},
        {"id": "open", "start": "2021-04-06T12:00", "room": "r"}])"));
    REQUIRE(load.ok());
    CHECK(hasDiagnostic(load, Severity::warning, "/sessions/0/end", "ends at or before its start"));
    CHECK(hasDiagnostic(load, Severity::warning, "/sessions/1", "no end or duration; assuming 60 min"));
    CHECK(load.program->sessions[1].time.length() == std::chrono::hours{1});
}

TEST_CASE("wall times in the daylight-saving gap or overlap are warned about") {
    auto load = test::load(programJson("Europe/Berlin", R"("rooms": [{"id": "r"}], "sessions": [
        {"id": "gap", "start": "2021-03-28T02:30", "end": "2021-03-28T04:00", "room": "r"},
        {"id": "twice", "start": "2021-10-31T02:30", "end": "2021-10-31T04:00", "room": "r"}])"));
    REQUIRE(load.ok());
    CHECK(hasDiagnostic(load, Severity::warning, "/sessions/0/start", "does not exist in Europe/Berlin"));
    CHECK(hasDiagnostic(load, Severity::warning, "/sessions/1/start", "happens twice in Europe/Berlin"));
    CHECK(load.program->sessions[1].time.length() == std::chrono::minutes{150});  // 02:30 CEST to 04:00 CET
}

TEST_CASE("an award for an unknown talk is reported and left out") {
    auto load = test::load(programJson("UTC", R"("talks": [{"id": "t", "title": "T"}],
        "awards": [{"name": "Best Paper", "talk": "t"}, {"name": "Best Poster", "talk": "nope"}])"));
    REQUIRE(load.ok());
    CHECK(load.program->awards.size() == 1);
    CHECK(hasDiagnostic(load, Severity::warning, "/awards/1/talk", "unknown talk \"nope\"; left out"));
}

TEST_CASE("an unknown session kind or colour is reported and defaulted") {
    auto load = test::load(programJson("UTC", R"("tracks": [{"id": "t", "color": "blue"}], "rooms": [{"id": "r"}],
        "sessions": [{"id": "s", "title": "S", "kind": "lightning", "start": "2021-04-06T09:00", "end": "2021-04-06T10:00", "room": "r"}])"));
    REQUIRE(load.ok());
    CHECK(hasDiagnostic(load, Severity::warning, "/sessions/0/kind", "unknown session kind \"lightning\""));
    CHECK(hasDiagnostic(load, Severity::warning, "/tracks/0/color", "expected a colour"));
    CHECK(load.program->sessions[0].kind == SessionKind::other);
}
