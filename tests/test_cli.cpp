// The text subcommands, driven through the same argv parsing as the binary.
#include <catch2/catch.hpp>
#include <cstdlib>
#include <ctime>
#include <sstream>
#include <vector>

#include "cli/commands.hpp"
#include "cli_support.hpp"

using namespace hallboard;
using hallboard::test::hallboardRun;
using hallboard::test::Run;

namespace {


const std::string kFixtures = HALLBOARD_FIXTURES;
const std::string kData = std::string(HALLBOARD_SOURCE_DIR) + "/data/";

}  // namespace

TEST_CASE("check: a good program prints its summary and exits 0") {
    Run r = hallboardRun({"check", kFixtures + "/two-rooms.json"});
    INFO(r.err);
    CHECK(r.code == 0);
    CHECK(r.out.find("two-rooms.json: OK") != std::string::npos);
    CHECK(r.out.find("sessions    6") != std::string::npos);
    CHECK(r.out.find("talks       8 (7 in sessions, 1 without a slot)") != std::string::npos);
    CHECK(r.out.find("days        2: Tuesday 6 April 2021, Thursday 8 April 2021") != std::string::npos);
    CHECK(r.err.empty());
}

TEST_CASE("check: the bundled samples load") {
    for (const char* name : {"mlsys2021.json", "mlsys2022.json", "mlsys2023-papers.json", "arxiv-systems-ml.json"}) {
        Run r = hallboardRun({"check", kData + name});
        INFO(name << "\n" << r.err);
        CHECK(r.code == 0);
        CHECK(r.err.find("error") == std::string::npos);
    }
}

TEST_CASE("check: a broken program exits 1 with file, place and reason") {
    Run r = hallboardRun({"check", kFixtures + "/broken.json"});
    CHECK(r.code == 1);
    CHECK(r.err.find("broken.json: line 4, column") != std::string::npos);
    CHECK(r.err.find("error: invalid JSON") != std::string::npos);
    CHECK(r.err.find("not loaded") != std::string::npos);
}

TEST_CASE("now: live and next per room at a given conference time") {
    Run r = hallboardRun({"now", kFixtures + "/two-rooms.json", "--at", "2021-04-06T09:45"});
    INFO(r.err);
    REQUIRE(r.code == 0);
    CHECK(r.out.find("Tuesday 6 April 2021, 09:45 PDT (America/Los_Angeles)") != std::string::npos);
    CHECK(r.out.find("Day 1 of 2") != std::string::npos);
    CHECK(r.out.find("now   09:30-10:50  Oral session: Session 1: Search and Devices  (15 min in, 1 h 05 min left)") !=
          std::string::npos);
    CHECK(r.out.find("talk 09:30-09:56  ModularNAS") != std::string::npos);
    CHECK(r.out.find("next  10:50  Break  (in 1 h 05 min)") != std::string::npos);
    CHECK(r.out.find("Room B") != std::string::npos);
}

TEST_CASE("now: an instant in UTC shows in conference time, whatever the machine's zone") {
    setenv("TZ", "Asia/Tokyo", 1);
    tzset();
    Run r = hallboardRun({"now", kFixtures + "/two-rooms.json", "--at", "2021-04-06T16:45Z", "--room", "main"});
    unsetenv("TZ");
    tzset();
    REQUIRE(r.code == 0);
    CHECK(r.out.find("09:45 PDT") != std::string::npos);
    CHECK(r.out.find("Room B") == std::string::npos);
}

TEST_CASE("now: before and after the conference") {
    Run before = hallboardRun({"now", kFixtures + "/two-rooms.json", "--at", "2021-04-03T08:00"});
    CHECK(before.out.find("The conference starts in 3 days") != std::string::npos);
    Run after = hallboardRun({"now", kFixtures + "/two-rooms.json", "--at", "2021-04-09T08:00"});
    CHECK(after.out.find("see you next year") != std::string::npos);
}

TEST_CASE("now: bad options say what was expected") {
    Run room = hallboardRun({"now", kFixtures + "/two-rooms.json", "--room", "Kitchen"});
    CHECK(room.code == 2);
    CHECK(room.err.find("no room \"Kitchen\"") != std::string::npos);
    CHECK(room.err.find("\"main\" \"b\"") != std::string::npos);
    Run time = hallboardRun({"now", kFixtures + "/two-rooms.json", "--at", "tuesday"});
    CHECK(time.code == 2);
    CHECK(time.err.find("--at: expected a time") != std::string::npos);
    Run broken = hallboardRun({"now", kFixtures + "/broken.json"});
    CHECK(broken.code == 1);
}

TEST_CASE("every subcommand has --help") {
    for (const char* sub : {"check", "now", "import", "run", "screenshot"}) {
        Run r = hallboardRun({sub, "--help"});
        CHECK(r.code == 0);
        CHECK(r.out.find("program") != std::string::npos);
    }
    Run top = hallboardRun({"--help"});
    CHECK(top.code == 0);
    for (const char* sub : {"check", "now", "import", "run", "screenshot"}) CHECK(top.out.find(sub) != std::string::npos);
}
