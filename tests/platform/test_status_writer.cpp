// The kiosk's fleet status writer (platform/status_writer.hpp): where it writes, what,
// and when (at once on a change that matters, with the interval for a page turn).
#include <catch2/catch.hpp>

#include <sys/stat.h>

#include <filesystem>
#include <fstream>

#include "kiosk/fleet.hpp"
#include "base/text.hpp"
#include "platform/status_writer.hpp"
#include "support.hpp"

using namespace hallboard;
using hallboard::test::TempDir;

namespace {

KioskSession sessionIn(const TempDir& dir) {
    std::ofstream(dir.file("p.json")) << hallboard::test::programJson("Europe/Brussels", "");
    std::ofstream(dir.file("k.json"))
        << R"({"program": "p.json", "fleet": {"name": "door/1", "status_dir": "status", "interval_seconds": 5}})";
    std::vector<Diagnostic> diagnostics;
    auto session = KioskSession::load(dir.file("k.json"), "", diagnostics);
    REQUIRE(session);
    return std::move(*session);
}

KioskStatus readBack(const std::string& path) {
    std::string error;
    auto text = readWholeFile(path, error, InputKind::status);
    REQUIRE(text);
    auto status = parseStatus(*text, error);
    INFO(error);
    REQUIRE(status);
    return *status;
}

}  // namespace

TEST_CASE("the status writer writes atomically into the status folder, at once on a problem, with the interval on a "
          "page turn") {
    TempDir dir;
    std::filesystem::create_directory(dir.file("status"));
    KioskSession session = sessionIn(dir);
    std::ostringstream log;
    platform::StatusWriter writer(session, false, log);
    const std::string path = writer.path(session);
    CHECK(path == dir.file("status/door_1.status.json"));
    auto t0 = std::chrono::steady_clock::now();
    platform::StatusInputs in{"now-next 1/2", "", "", 800, 480};
    CHECK(writer.update(session, in, t0));
    KioskStatus s = readBack(path);
    CHECK(s.name == "door/1");
    CHECK(s.page == "now-next 1/2");
    CHECK(s.showing == "files");
    CHECK(s.programSha256 == session.programSha256);
    CHECK(s.programSha256.size() == 64);
    CHECK(s.configSha256 == session.configSha256);
    CHECK(s.intervalSeconds == 5);
    CHECK(s.rssBytes > 0);
    struct stat st {};
    REQUIRE(::stat(path.c_str(), &st) == 0);
    CHECK((st.st_mode & 0777) == 0644);  // readable by the sync tool whatever the umask
    // No temporary file left behind.
    CHECK(std::distance(std::filesystem::directory_iterator(dir.file("status")),
                        std::filesystem::directory_iterator()) == 1);

    in.page = "upcoming 1/1";  // a page turn: not at once
    CHECK_FALSE(writer.update(session, in, t0 + std::chrono::seconds{1}));
    CHECK(readBack(path).page == "now-next 1/2");
    CHECK(writer.update(session, in, t0 + std::chrono::seconds{5}));  // the interval
    CHECK(readBack(path).page == "upcoming 1/1");

    writer.rejected(Rejection{dir.file("p.json"), "program", "p.json: line 1: error: syntax error", {}});
    in.problem = "p.json: line 1: error: syntax error";  // at once
    CHECK(writer.update(session, in, t0 + std::chrono::seconds{6}));
    KioskStatus broken = readBack(path);
    CHECK(broken.showing == "last-good");
    REQUIRE(broken.lastRejected);
    CHECK(broken.lastRejected->kind == "program");
    CHECK_FALSE(broken.lastRejected->at.empty());
}

TEST_CASE("a status folder that cannot be written is logged once and the kiosk carries on") {
    TempDir dir;  // no status folder made
    KioskSession session = sessionIn(dir);
    std::ostringstream log;
    platform::StatusWriter writer(session, false, log);
    platform::StatusInputs in{"now-next 1/1", "", "", 800, 480};
    auto t0 = std::chrono::steady_clock::now();
    CHECK_FALSE(writer.update(session, in, t0));
    CHECK_FALSE(writer.update(session, in, t0 + std::chrono::seconds{6}));
    std::string text = log.str();
    CHECK(text.find("fleet status not written") != std::string::npos);
    CHECK(text.find("fleet status not written") == text.rfind("fleet status not written"));
    std::filesystem::create_directory(dir.file("status"));
    CHECK(writer.update(session, in, t0 + std::chrono::seconds{12}));
    CHECK_THAT(log.str(), Catch::Contains("fleet status written again"));
}

TEST_CASE("a status temporary a power cut left in the status folder is removed by the next start's first write") {
    TempDir dir;
    std::filesystem::create_directory(dir.file("status"));
    KioskSession session = sessionIn(dir);
    // What an earlier version's writer, and this one's, leave when the power goes mid-write.
    std::ofstream(dir.file("status/.door_1.status.json.tmp-4242")) << "{\"half";
    std::ofstream(dir.file("status/.door_1.status.json.hallboard-tmp-4243-aB3dEf")) << "{\"half";
    std::ofstream(dir.file("status/.other.status.json.hallboard-tmp-4244-aB3dEf")) << "another kiosk's";
    std::ostringstream log;
    platform::StatusWriter writer(session, false, log);
    CHECK(writer.update(session, platform::StatusInputs{"now-next 1/1", "", "", 800, 480},
                        std::chrono::steady_clock::now()));
    CHECK(test::namesIn(dir.file("status")) ==
          std::vector<std::string>{".other.status.json.hallboard-tmp-4244-aB3dEf", "door_1.status.json"});
    CHECK_THAT(log.str(), Catch::Contains("a temporary file a power cut left behind"));
}

TEST_CASE("the status carries the rooms the kiosk shows full or filling up, since when, written at once") {
    TempDir dir;
    std::filesystem::create_directory(dir.file("status"));
    std::ofstream(dir.file("p.json")) << hallboard::test::programJson(
        "Europe/Brussels", R"("rooms": [{"id": "main", "name": "Main room"}, {"id": "b", "name": "Room B"},
                                        {"id": "c", "name": "Room C"}])");
    std::ofstream(dir.file("o.json"))
        << R"({"rooms": {"main": {"state": "full", "since": "2026-11-25T08:40"}, "Room C": {"state": "filling"},
                         "b": {"state": "open"}}})";
    std::ofstream(dir.file("k.json")) << R"({"program": "p.json", "overrides": "o.json",
        "fleet": {"name": "door", "status_dir": "status", "interval_seconds": 60}})";
    std::vector<Diagnostic> diagnostics;
    auto session = KioskSession::load(dir.file("k.json"), "", diagnostics);
    INFO(hallboard::test::allDiagnostics(diagnostics));
    REQUIRE(session);
    std::ostringstream log;
    platform::StatusWriter writer(*session, false, log);
    auto t0 = std::chrono::steady_clock::now();
    CHECK(writer.update(*session, platform::StatusInputs{"now-next 1/1", "", "", 800, 480}, t0));
    KioskStatus s = readBack(writer.path(*session));
    REQUIRE(s.rooms.size() == 2);                                                       // the open one is not listed
    CHECK(s.rooms[0] == RoomStateStatus{"Main room", "full", "2026-11-25T07:40:00Z"});  // Brussels is UTC+1
    CHECK(s.rooms[1] == RoomStateStatus{"Room C", "filling", ""});

    // The steward opens the room: a new session, written at once, not with the minute.
    std::ofstream(dir.file("o.json")) << R"({"rooms": {}})";
    auto opened = KioskSession::load(dir.file("k.json"), "", diagnostics);
    REQUIRE(opened);
    CHECK(
        writer.update(*opened, platform::StatusInputs{"now-next 1/1", "", "", 800, 480}, t0 + std::chrono::seconds{1}));
    CHECK(readBack(writer.path(*opened)).rooms.empty());
}
