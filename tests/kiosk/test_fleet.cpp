// The fleet's status files and `hallboard fleet`'s judgement (kiosk/fleet.hpp): the
// status round-trips through JSON, hostile files are reported one by one, and the
// kiosks come out in the order to act on: errors, stale, old program, ok.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>

#include "kiosk/fleet.hpp"
#include "base/json_reader.hpp"
#include "base/sha256.hpp"
#include "support.hpp"

using namespace hallboard;
using hallboard::test::TempDir;
using hallboard::test::utc;

namespace {

const std::string kHashA = sha256Hex("program A");
const std::string kHashB = sha256Hex("program B");

KioskStatus statusOf(const std::string& name, const std::string& written, const std::string& programHash = kHashA) {
    KioskStatus s;
    s.name = name;
    s.page = "now-next 1/2";
    s.programPath = "/srv/hallboard/programs/program.json";
    s.programSha256 = programHash;
    s.programLoadedAt = "2026-11-25T08:00:00Z";
    s.configPath = "/etc/hallboard/kiosk.json";
    s.configSha256 = sha256Hex("config");
    s.uptimeSeconds = 3600.5;
    s.rssBytes = 48LL * 1024 * 1024;
    s.screenWidth = 1920;
    s.screenHeight = 1080;
    s.version = "0.1.0";
    s.writtenAt = utc(written);
    return s;
}

FleetEntry entryOf(const KioskStatus& s) {
    FleetEntry e;
    e.file = statusFileName(s.name);
    e.status = s;
    return e;
}

void write(const std::string& path, const std::string& text) {
    std::ofstream(path, std::ios::binary) << text;
}

std::vector<std::string> namesInOrder(const FleetReport& r) {
    std::vector<std::string> names;
    for (const auto& e : r.entries) names.push_back(e.status ? e.status->name : e.file);
    return names;
}

}  // namespace

TEST_CASE("SHA-256 is the standard digest", "[fleet]") {
    CHECK(sha256Hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    CHECK(sha256Hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
}

TEST_CASE("a kiosk's status survives its JSON", "[fleet]") {
    KioskStatus s = statusOf("hall-a", "2026-11-25T09:00:00Z");
    s.showing = "last-good";
    s.problem = "program.json: line 3, column 1: error: syntax error";
    s.lastRejected = Rejection{"/srv/p.json", "program", "line 3: syntax error", "2026-11-25T08:59:00Z"};
    s.conflicts = {"program.sync-conflict-20261125-085900-ABCDEFG.json"};
    s.clockHealth = "the clock says 1970";
    s.panel = "blank";
    s.panelNote = "Wayland: the compositor does not offer wlr-output-power-management; drawn black";
    s.cec = "standby: no TV answered";
    std::string error;
    auto back = parseStatus(statusJson(s), error);
    INFO(error);
    REQUIRE(back);
    CHECK(*back == s);
}

TEST_CASE("the fleet says a panel switched off or drawn black for quiet hours", "[fleet]") {
    KioskStatus on = statusOf("hall-a", "2026-11-25T09:00:00Z");
    KioskStatus off = statusOf("hall-b", "2026-11-25T09:00:00Z");
    off.panel = "off";
    off.cec = "standby sent, acked";
    KioskStatus blank = statusOf("hall-c", "2026-11-25T09:00:00Z");
    blank.panel = "blank";
    blank.panelNote = "Wayland: the compositor does not offer wlr-output-power-management; drawn black";
    std::vector<FleetEntry> entries;
    for (const KioskStatus& s : {on, off, blank}) {
        FleetEntry e;
        e.file = s.name + ".status.json";
        e.status = s;
        entries.push_back(e);
    }
    FleetReport r = assessFleet(entries, utc("2026-11-25T09:00:30Z"), {});
    std::string text = fleetText(r);
    INFO(text);
    CHECK(text.find("hall-b: ") != std::string::npos);
    CHECK(text.find(", panel off") != std::string::npos);
    CHECK(text.find(", panel blank") != std::string::npos);
    CHECK(text.find(", panel on") == std::string::npos);  // the usual state is not said
    // Why it is drawn black, and what HDMI-CEC did.
    CHECK(text.find(", panel blank (Wayland: the compositor does not offer wlr-output-power-management") !=
          std::string::npos);
    CHECK(text.find(", panel off, HDMI-CEC standby sent, acked") != std::string::npos);
    CHECK(text.find("hall-a: ") != std::string::npos);
    CHECK(text.find("HDMI-CEC") == text.rfind("HDMI-CEC"));  // said for hall-b alone
    // A status of an older kiosk, with no panel, reads as on.
    std::string error;
    auto old =
        parseStatus(R"({"format": "hallboard-status", "name": "x", "written_at": "2026-11-25T09:00:00Z"})", error);
    REQUIRE(old);
    CHECK(old->panel == "on");
}

TEST_CASE("status files that are not statuses are refused with the reason", "[fleet]") {
    std::string good = statusJson(statusOf("hall-a", "2026-11-25T09:00:00Z"));
    struct Case {
        std::string text, reason;
    };
    std::vector<Case> cases = {
        {"", "empty"},
        {"not json at all", "line 1"},
        {"[1, 2, 3]", "object"},
        {R"({"format": "hallboard-program", "name": "x", "written_at": "2026-11-25T09:00:00Z"})",
         "not a Hallboard status file"},
        {R"({"format": "hallboard-status", "name": 42, "written_at": "2026-11-25T09:00:00Z"})", "/name"},
        {R"({"format": "hallboard-status", "name": "x", "written_at": "yesterday"})", "/written_at"},
        {R"({"format": "hallboard-status", "name": "x", "written_at": "2026-11-25T09:00:00"})", "/written_at"},
        {R"({"format": "hallboard-status", "name": "x", "written_at": "2026-11-25T09:00:00Z", "rss_bytes": -5})",
         "rss_bytes"},
        {R"({"format": "hallboard-status", "name": "x", "written_at": "2026-11-25T09:00:00Z", "screen": {"width": 1e300}})",
         "width"},
        {R"({"format": "hallboard-status", "name": "x", "written_at": "2026-11-25T09:00:00Z", "program": {"sha256": "zz"}})",
         "sha256"},
        {R"({"format": "hallboard-status", "name": "x", "written_at": "2026-11-25T09:00:00Z", "showing": "everything"})",
         "/showing"},
    };
    for (const auto& c : cases) {
        std::string error;
        INFO(c.text);
        CHECK_FALSE(parseStatus(c.text, error));
        CHECK_THAT(error, Catch::Contains(c.reason));
    }
    std::string error;
    CHECK(parseStatus(good, error));
}

TEST_CASE("the fleet is ordered errors, stale, old program, ok", "[fleet]") {
    Instant now = utc("2026-11-25T09:10:00Z");
    KioskStatus healthy = statusOf("d-healthy", "2026-11-25T09:09:30Z");
    KioskStatus broken = statusOf("c-broken", "2026-11-25T09:09:50Z");
    broken.problem = "program.json: line 1, column 2: error: syntax error";
    broken.lastRejected = Rejection{"program.json", "program", "syntax error", "2026-11-25T09:05:00Z"};
    KioskStatus stopped = statusOf("b-stopped", "2026-11-25T09:00:00Z");
    KioskStatus older = statusOf("a-older", "2026-11-25T09:09:40Z", kHashB);
    FleetOptions options;
    options.staleAfter = Duration{180};
    FleetReport r = assessFleet({entryOf(healthy), entryOf(older), entryOf(stopped), entryOf(broken)}, now, options);
    CHECK(namesInOrder(r) == std::vector<std::string>{"c-broken", "b-stopped", "a-older", "d-healthy"});
    CHECK(r.entries[0].state == FleetState::error);
    CHECK(r.entries[1].state == FleetState::stale);
    CHECK(r.entries[1].ageSeconds == 600);
    CHECK(r.entries[2].state == FleetState::oldProgram);
    CHECK(r.entries[3].state == FleetState::ok);
    CHECK(r.referenceSha256 == kHashA);
    CHECK(r.referenceFrom == "the majority (3 of 4)");
    CHECK_FALSE(r.allWell());
    std::string text = fleetText(r);
    CHECK_THAT(text, Catch::Contains("1 error, 1 stale, 1 on an old program, 1 ok"));
    CHECK_THAT(text, Catch::Contains("stale: last written 10 min 0 s ago"));
    CHECK_THAT(text, Catch::Contains("last rejected program program.json"));
    CHECK(text.find("ERROR c-broken") < text.find("STALE b-stopped"));
    CHECK(text.find("STALE b-stopped") < text.find("OLD   a-older"));
    CHECK(text.find("OLD   a-older") < text.find("OK    d-healthy"));

    SECTION("a rejection that is the kiosk's problem too is told once") {
        broken.problem = "program.json: line 1, column 2: error: syntax error";
        broken.lastRejected->reason = broken.problem;
        std::string once = fleetText(assessFleet({entryOf(broken)}, now, options));
        auto count = [&](const std::string& needle) {
            std::size_t n = 0;
            for (std::size_t at = once.find(needle); at != std::string::npos; at = once.find(needle, at + 1)) ++n;
            return n;
        };
        CHECK(count("syntax error") == 1);
        CHECK_THAT(once,
                   Catch::Contains("last rejected program program.json at 2026-11-25T09:05:00Z (the problem above)"));
    }
    SECTION("a stale threshold above the oldest age: nobody is stale") {
        options.staleAfter = Duration{3600};
        FleetReport later = assessFleet({entryOf(healthy), entryOf(stopped)}, now, options);
        CHECK(later.allWell());
        CHECK_THAT(fleetText(later), Catch::EndsWith("All well.\n"));
    }
    SECTION("--program names the reference: the majority's copy is then old") {
        options.programSha256 = kHashB;
        options.programFrom = "--program new.json";
        FleetReport byFile = assessFleet({entryOf(healthy), entryOf(older)}, now, options);
        CHECK(namesInOrder(byFile) == std::vector<std::string>{"d-healthy", "a-older"});
        CHECK(byFile.entries[0].state == FleetState::oldProgram);
        CHECK(byFile.entries[1].state == FleetState::ok);
    }
}

TEST_CASE("a fleet split evenly between two programs has no majority and says so", "[fleet]") {
    Instant now = utc("2026-11-25T09:10:00Z");
    FleetReport r = assessFleet({entryOf(statusOf("a", "2026-11-25T09:09:30Z", kHashA)),
                                 entryOf(statusOf("b", "2026-11-25T09:09:30Z", kHashB))},
                                now, FleetOptions{});
    CHECK(r.referenceSha256.empty());
    CHECK(r.fleetProblem);
    CHECK_FALSE(r.allWell());
    REQUIRE(r.notes.size() == 1);
    CHECK_THAT(r.notes[0], Catch::Contains("no majority"));
}

TEST_CASE("two status files with one kiosk name are both errors", "[fleet]") {
    Instant now = utc("2026-11-25T09:10:00Z");
    FleetEntry a = entryOf(statusOf("door", "2026-11-25T09:09:30Z"));
    FleetEntry b = a;
    b.file = "door-copy.status.json";
    FleetReport r = assessFleet({a, b}, now, FleetOptions{});
    CHECK(r.entries[0].state == FleetState::error);
    CHECK(r.entries[1].state == FleetState::error);
    CHECK_THAT(r.entries[0].problems.front(), Catch::Contains("is in 2 status files"));
}

TEST_CASE("a status written far in the future is an error, not a fresh kiosk", "[fleet]") {
    FleetReport r =
        assessFleet({entryOf(statusOf("a", "2026-11-26T09:00:00Z"))}, utc("2026-11-25T09:10:00Z"), FleetOptions{});
    CHECK(r.entries[0].state == FleetState::error);
    CHECK_THAT(r.entries[0].problems.front(), Catch::Contains("in the future"));
}

TEST_CASE("a folder of hostile status files is read file by file", "[fleet]") {
    TempDir dir;
    write(dir.file("good.status.json"), statusJson(statusOf("good", "2026-11-25T09:09:30Z")));
    write(dir.file("garbage.json"), "\x01\x02 not json");
    write(dir.file("huge.json"), std::string(kStatusFileLimit + 10, ' '));
    write(dir.file("wrong-types.json"), R"({"format": "hallboard-status", "name": ["x"], "written_at": 5})");
    std::filesystem::create_symlink(dir.file("good.status.json"), dir.file("link.json"));
    std::filesystem::create_directory(dir.file("folder.json"));
    write(dir.file(".good.status.json.tmp-123"), "half written");
    write(dir.file("good.sync-conflict-20261125-090102-ABCDEFG.status.json"), "{}");
    write(dir.file("notes.txt"), "not a status");

    std::vector<std::string> notes;
    std::string error;
    auto entries = readStatusDir(dir.path.string(), notes, error);
    REQUIRE(entries);
    FleetReport r = assessFleet(std::move(*entries), utc("2026-11-25T09:10:00Z"), FleetOptions{});
    std::vector<std::string> files;
    for (const auto& e : r.entries) files.push_back(e.file);
    CHECK(files == std::vector<std::string>{"folder.json", "garbage.json",
                                            "good.sync-conflict-20261125-090102-ABCDEFG.status.json", "huge.json",
                                            "link.json", "wrong-types.json", "good.status.json"});
    auto problemOf = [&](const std::string& file) {
        for (const auto& e : r.entries)
            if (e.file == file) return e.problems.empty() ? std::string() : e.problems.front();
        return std::string("(missing)");
    };
    CHECK_THAT(problemOf("folder.json"), Catch::Contains("directory"));
    CHECK_THAT(problemOf("huge.json"), Catch::Contains("more than the 65536 bytes a status file may have"));
    CHECK_THAT(problemOf("link.json"), Catch::Contains("symbolic link"));
    CHECK_THAT(problemOf("wrong-types.json"), Catch::Contains("/name"));
    CHECK_THAT(problemOf("garbage.json"), Catch::Contains("not a usable status"));
    CHECK_THAT(problemOf("good.sync-conflict-20261125-090102-ABCDEFG.status.json"),
               Catch::Contains("two kiosks share the name \"good\""));
    CHECK(notes.empty());
    CHECK_THAT(fleetJson(r), Catch::Contains("\"state\": \"error\""));

    std::string missing;
    CHECK_FALSE(readStatusDir(dir.file("nowhere"), notes, missing));
    CHECK_THAT(missing, Catch::Contains("no such folder"));
}

TEST_CASE("status file names are safe whatever the kiosk is called", "[fleet]") {
    CHECK(statusFileName("hall-a.door_2") == "hall-a.door_2.status.json");
    CHECK(statusFileName("../../etc/passwd") == "_.._.._etc_passwd.status.json");
    CHECK(statusFileName("") == "_.status.json");
    CHECK(statusFileName("Salle 3 (\xc3\xa9)") == "Salle_3_____.status.json");  // é is two bytes
}

TEST_CASE("Syncthing's conflict copies beside a program are found", "[fleet]") {
    TempDir dir;
    write(dir.file("program.json"), "{}");
    write(dir.file("program.sync-conflict-20261125-090102-ABCDEFG.json"), "{}");
    write(dir.file("other.sync-conflict-20261125-090102-ABCDEFG.json"), "{}");
    CHECK(isSyncConflict("program.sync-conflict-20261125-090102-ABCDEFG.json"));
    CHECK_FALSE(isSyncConflict("program.json"));
    CHECK(conflictCopiesOf(dir.file("program.json")) ==
          std::vector<std::string>{"program.sync-conflict-20261125-090102-ABCDEFG.json"});
}

TEST_CASE("a Syncthing conflict copy of a status file says two kiosks share the name, never that it can be deleted",
          "[fleet]") {
    TempDir dir;
    // Two imaged Pis, both "raspberrypi", write raspberrypi.status.json: Syncthing keeps
    // one write as the file and the other as a conflict copy.
    write(dir.file("raspberrypi.status.json"), statusJson(statusOf("raspberrypi", "2026-11-25T09:09:30Z")));
    write(dir.file("raspberrypi.status.sync-conflict-20261125-090931-ABCDEFG.json"),
          statusJson(statusOf("raspberrypi", "2026-11-25T09:09:31Z")));
    write(dir.file("hall-b.status.json"), statusJson(statusOf("hall-b", "2026-11-25T09:09:30Z")));
    write(dir.file("program.sync-conflict-20261125-090931-ABCDEFG.json"), "{}");  // not a status: ignored
    std::vector<std::string> notes;
    std::string error;
    auto entries = readStatusDir(dir.path.string(), notes, error);
    REQUIRE(entries);
    FleetReport r = assessFleet(std::move(*entries), utc("2026-11-25T09:10:00Z"), FleetOptions{});
    CHECK_FALSE(r.allWell());
    std::string text = fleetText(r);
    INFO(text);
    CHECK_THAT(text, Catch::Contains("two kiosks share the name \"raspberrypi\""));
    CHECK_THAT(text, Catch::Contains("raspberrypi.status.sync-conflict-20261125-090931-ABCDEFG.json"));
    REQUIRE(notes.size() == 1);  // the program's copy alone is safe to delete
    CHECK_THAT(notes[0], Catch::Contains("1 Syncthing conflict copy"));
    CHECK_THAT(notes[0], Catch::Contains("other than kiosks' status"));
    CHECK(conflictOriginal("raspberrypi.status.sync-conflict-20261125-090931-ABCDEFG.json") ==
          "raspberrypi.status.json");
}

TEST_CASE("a kiosk without a fleet name on a default host name is warned about at start", "[fleet]") {
    for (const char* host :
         {"raspberrypi", "RaspberryPi", "debian", "localhost", "localhost.localdomain", "ubuntu", ""}) {
        INFO(host);
        CHECK(isDefaultHostName(host));
        CHECK_THAT(fleetNameWarning("", host), Catch::Contains("no \"fleet\": {\"name\"}"));
        CHECK(fleetNameWarning("hall-a-door", host).empty());  // a name set: nothing to say
    }
    for (const char* host : {"hall-a-door", "raspberrypi-hall-b", "kiosk-12"}) {
        INFO(host);
        CHECK_FALSE(isDefaultHostName(host));
        CHECK(fleetNameWarning("", host).empty());
    }
}

TEST_CASE("a kiosk showing an emergency says so in its status, and the fleet prints it", "[fleet]") {
    KioskStatus s = statusOf("lobby", "2026-11-25T09:00:00Z");
    s.page = "emergency";
    s.emergency = EmergencyStatus{"evacuate", true, "2026-11-25T08:59:58Z", "Fire alarm: leave the building"};
    std::string error;
    auto back = parseStatus(statusJson(s), error);
    INFO(error);
    REQUIRE(back);
    CHECK(*back == s);
    REQUIRE(back->emergency);
    CHECK(back->emergency->drill);
    KioskStatus calm = statusOf("hall-b", "2026-11-25T09:00:00Z");
    auto calmBack = parseStatus(statusJson(calm), error);
    REQUIRE(calmBack);
    CHECK_FALSE(calmBack->emergency);
    std::string text = fleetText(assessFleet({entryOf(s), entryOf(calm)}, utc("2026-11-25T09:00:30Z"), FleetOptions{}));
    CHECK_THAT(text, Catch::Contains("emergency shown since 2026-11-25T08:59:58Z (evacuate, drill): Fire alarm: leave "
                                     "the building"));
    CHECK(text.find("emergency shown") > text.find("lobby"));  // under the kiosk that shows it
    CHECK(text.find("emergency shown", text.find("emergency shown") + 1) == std::string::npos);
}

TEST_CASE("a kiosk's full and filling rooms are in its status, and the fleet prints them under it", "[fleet]") {
    KioskStatus s = statusOf("lobby", "2026-11-25T09:00:00Z");
    s.rooms = {{"Main room", "full", "2026-11-25T07:40:00Z"}, {"Room B", "filling", ""}};
    std::string error;
    auto back = parseStatus(statusJson(s), error);
    INFO(error);
    REQUIRE(back);
    CHECK(*back == s);
    REQUIRE(back->rooms.size() == 2);
    CHECK(back->rooms[0].since == "2026-11-25T07:40:00Z");
    // A status without rooms (an older kiosk's) reads as none.
    Json old = Json::parse(statusJson(statusOf("old", "2026-11-25T09:00:00Z")));
    old.erase("rooms");
    auto oldBack = parseStatus(old.dump(), error);
    REQUIRE(oldBack);
    CHECK(oldBack->rooms.empty());
    // Too many is not a status.
    Json many = Json::parse(statusJson(s));
    for (int i = 0; i < 600; ++i) many["rooms"].push_back({{"room", "r"}, {"state", "full"}, {"since", ""}});
    CHECK_FALSE(parseStatus(many.dump(), error));
    CHECK_THAT(error, Catch::Contains("/rooms"));

    KioskStatus calm = statusOf("hall-b", "2026-11-25T09:00:00Z");
    std::string text = fleetText(assessFleet({entryOf(s), entryOf(calm)}, utc("2026-11-25T09:00:30Z"), FleetOptions{}));
    CHECK_THAT(text, Catch::Contains("      rooms: Main room full since 2026-11-25T07:40:00Z, Room B filling\n"));
    CHECK(text.find("rooms: ") > text.find("lobby"));
    CHECK(text.find("rooms: ", text.find("rooms: ") + 1) == std::string::npos);  // hall-b: all open, nothing said
}
