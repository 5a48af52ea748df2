// Never dark after a restart: the last good config, program and overrides are kept in
// a state directory and shown when the files are broken at start-up; with nothing kept,
// the kiosk still starts, on its configuration or its defaults, with the reason.
#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <unistd.h>

#include "base/json_reader.hpp"
#include "kiosk/last_good.hpp"
#include "support.hpp"

using namespace hallboard;
namespace fs = std::filesystem;

namespace {

using test::TempDir;  // tests/support.hpp: mkdtemp, removed after

std::string readAll(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
}

void write(const std::string& path, const std::string& text) {
    std::ofstream(path, std::ios::binary | std::ios::trunc) << text;
}

std::string program(const std::string& title) {
    return test::programJson("Europe/Berlin",
                             R"("rooms": [{"id": "r", "name": "Hall"}],
        "people": [{"id": "ada", "name": "Ada", "photo": "ada.png"}],
        "sessions": [{"id": "s1", "title": ")" +
                                 title + R"(", "start": "2026-06-08T09:00", "end": "2026-06-08T10:00", "room": "r",
                      "talks": [{"title": "A talk", "speakers": ["ada"]}]}])");
}

// A start as the kiosk makes it: the session from startSession, and, once it has drawn
// a frame without fault, the files it came from saved as the last good copy.
StartUp shownStart(const std::string& config, const LastGood& lastGood, std::vector<Diagnostic>& diags) {
    StartUp start = startSession(config, "", lastGood, diags);
    std::string error;
    if (start.from == StartUp::From::files && !lastGood.dir().empty()) lastGood.save(start.session, error);
    return start;
}

// A kiosk's files: config, program and overrides side by side, and a state directory.
struct Kiosk {
    TempDir files, state;
    std::string config = files.file("kiosk.json");
    std::string programFile = files.file("program.json");
    std::string overrides = files.file("overrides.json");
    Kiosk() {
        write(
            config,
            R"({"program": "program.json", "overrides": "overrides.json", "clock": {"mode": "fixed", "at": "2026-06-08T09:30"}})");
        write(programFile, program("Opening"));
        write(overrides, R"({"changes": [{"session": "Opening", "note": "bring coffee"}]})");
    }
};

}  // namespace

TEST_CASE("good files start the kiosk and are kept as the last good set") {
    Kiosk k;
    LastGood lastGood(k.state.path.string());
    std::vector<Diagnostic> diags;
    StartUp start = startSession(k.config, "", lastGood, diags);
    INFO(test::allDiagnostics(diags));
    CHECK(start.from == StartUp::From::files);
    CHECK(start.problem.empty());
    // Not before it was shown (#26.1): a program that aborts the kiosk at its first frame
    // must not become the copy the restart falls back on.
    CHECK_FALSE(fs::exists(lastGood.bundlePath()));
    std::string error;
    CHECK(lastGood.save(start.session, error));  // what the loop does after a frame drawn without fault
    CHECK(fs::is_regular_file(lastGood.bundlePath()));
}

TEST_CASE("a broken program at start-up shows the last good one, with the reason for staff") {
    Kiosk k;
    LastGood lastGood(k.state.path.string());
    std::vector<Diagnostic> diags;
    shownStart(k.config, lastGood, diags);

    // A power cut during the copy: the program on disk is cut short.
    write(k.programFile, program("Changed").substr(0, 120));
    diags.clear();
    StartUp start = shownStart(k.config, lastGood, diags);
    REQUIRE(start.from == StartUp::From::lastGood);
    const Program& p = *start.session.program;
    REQUIRE(p.sessions.size() == 1);
    CHECK(p.sessions[0].title == "Opening");
    CHECK(p.sessions[0].change.note == "bring coffee");  // the overrides came along
    CHECK(start.problem.find("program.json") != std::string::npos);
    CHECK(start.problem.find("invalid JSON") != std::string::npos);
    CHECK(start.problem.find("showing the last good program, saved 20") != std::string::npos);
    // It watches the real files (to recover) and finds photos beside them.
    CHECK(start.session.config.program == k.programFile);
    CHECK(start.session.config.overrides == k.overrides);
    CHECK(start.session.configPath == k.config);
    CHECK(fs::path(p.baseDir) == k.files.path);
    CHECK(start.session.clock.mode() == Clock::Mode::fixed);  // the config came along too

    // The broken file never replaced the bundle: a second restart still has it.
    diags.clear();
    CHECK(shownStart(k.config, lastGood, diags).from == StartUp::From::lastGood);
}

TEST_CASE("a missing or broken config at start-up also shows the last good set") {
    Kiosk k;
    LastGood lastGood(k.state.path.string());
    std::vector<Diagnostic> diags;
    shownStart(k.config, lastGood, diags);
    fs::remove(k.config);
    StartUp gone = shownStart(k.config, lastGood, diags);
    CHECK(gone.from == StartUp::From::lastGood);
    CHECK(gone.problem.find("kiosk.json") != std::string::npos);
    write(k.config, "{\"program\": ");
    CHECK(shownStart(k.config, lastGood, diags).from == StartUp::From::lastGood);
    // Broken overrides: the same.
    write(k.config, R"({"program": "program.json", "overrides": "overrides.json"})");
    write(k.overrides, R"({"changes": [{"session": "No such session", "cancelled": true}]})");
    StartUp overrides = shownStart(k.config, lastGood, diags);
    CHECK(overrides.from == StartUp::From::lastGood);
    CHECK(overrides.problem.find("overrides.json") != std::string::npos);
}

TEST_CASE("with nothing kept, the kiosk starts on its configuration or its defaults, never dark") {
    Kiosk k;
    LastGood lastGood(k.state.path.string());
    write(k.programFile, "");
    std::vector<Diagnostic> diags;
    StartUp start = shownStart(k.config, lastGood, diags);
    CHECK(start.from == StartUp::From::configOnly);
    CHECK(start.session.program->sessions.empty());
    CHECK(start.session.clock.mode() == Clock::Mode::fixed);  // the configuration's clock
    CHECK(start.session.config.program == k.programFile);     // watched, to recover
    CHECK(start.problem.find("program.json") != std::string::npos);

    fs::remove(k.config);
    StartUp bare = shownStart(k.config, LastGood{}, diags);
    CHECK(bare.from == StartUp::From::defaults);
    CHECK(bare.session.program->sessions.empty());
    CHECK_FALSE(bare.problem.empty());
}

TEST_CASE("a damaged bundle is ignored, and a set that no longer loads is never saved") {
    Kiosk k;
    LastGood lastGood(k.state.path.string());
    std::vector<Diagnostic> diags;
    StartUp start = shownStart(k.config, lastGood, diags);
    std::string saved = readAll(lastGood.bundlePath());

    // The program breaks between its load and the save: the old bundle stays.
    write(k.programFile, "{");
    std::string error;
    CHECK_FALSE(lastGood.save(start.session, error));
    CHECK(error.find("changed since") != std::string::npos);
    CHECK(readAll(lastGood.bundlePath()) == saved);

    // A bundle that is not one is reported and skipped.
    write(lastGood.bundlePath(), "[1, 2, 3]");
    diags.clear();
    StartUp after = shownStart(k.config, lastGood, diags);
    CHECK(after.from == StartUp::From::configOnly);
    CHECK(test::hasDiagnostic(diags, Severity::warning, "", "is unreadable: not a Hallboard last good bundle"));
}

namespace {

// One floor: the kiosk and the Hall's door 30 m apart.
const char* const kVenue = R"({"floors": [{"id": "g", "name": "Ground", "width_px": 400, "height_px": 200}],
    "points": [{"id": "kiosk", "floor": "g", "x": 50, "y": 100}, {"id": "hall-door", "floor": "g", "x": 350, "y": 100}],
    "links": [{"from": "kiosk", "to": "hall-door"}], "rooms": {"Hall": "hall-door"}})";

// The kiosk's files with a venue and where the kiosk stands.
struct KioskWithVenue : Kiosk {
    std::string venue = files.file("venue.json");
    KioskWithVenue() {
        write(config, R"({"program": "program.json", "overrides": "overrides.json", "venue": "venue.json",
                          "here": {"point": "kiosk", "facing": "E"}, "clock": {"mode": "fixed", "at": "2026-06-08T09:30"}})");
        write(venue, kVenue);
    }
};

}  // namespace

TEST_CASE("a venue file broken between two starts: the directions come from its last good copy, and staff see why") {
    KioskWithVenue k;
    LastGood lastGood(k.state.path.string());
    std::vector<Diagnostic> diags;
    StartUp first = shownStart(k.config, lastGood, diags);
    INFO(test::allDiagnostics(diags));
    REQUIRE(first.session.wayfinding);
    CHECK(first.session.wayfindingProblem.empty());
    CHECK(fs::is_regular_file(lastGood.venuePath()));

    // Cut short by a copy that did not finish: the program is fine, the venue is not.
    write(k.venue, std::string(kVenue).substr(0, 90));
    diags.clear();
    StartUp second = shownStart(k.config, lastGood, diags);
    CHECK(second.from == StartUp::From::files);  // the program and config are the files'
    REQUIRE(second.session.wayfinding);
    REQUIRE(second.session.wayfinding->to(0));
    CHECK(second.session.wayfinding->to(0)->arrow == Arrow::ahead);  // east, and the kiosk faces east
    const std::string& problem = second.session.wayfindingProblem;
    CHECK(problem.find("venue.json") != std::string::npos);
    CHECK(problem.find("invalid JSON") != std::string::npos);
    CHECK(problem.find("showing the last good venue, saved 20") != std::string::npos);
    CHECK(problem.find("no directions") == std::string::npos);
    CHECK(test::hasDiagnostic(diags, Severity::warning, "", "showing the last good venue"));
    CHECK_FALSE(
        test::hasDiagnostic(diags, Severity::warning, "", "no directions on screen"));  // it has them, from the copy

    // Gone altogether, after a restart that did not overwrite the copy with the broken file.
    fs::remove(k.venue);
    diags.clear();
    StartUp third = shownStart(k.config, lastGood, diags);
    REQUIRE(third.session.wayfinding);
    CHECK(third.session.wayfindingProblem.find("file not found") != std::string::npos);

    // Fixed: directions from the file again, and no problem to show.
    write(k.venue, kVenue);
    diags.clear();
    StartUp fixed = shownStart(k.config, lastGood, diags);
    REQUIRE(fixed.session.wayfinding);
    CHECK(fixed.session.wayfindingProblem.empty());

    // The configuration now names another venue file that is broken: the copy is of a
    // different file and is not used for it.
    write(k.config, R"({"program": "program.json", "venue": "other-venue.json", "here": {"point": "kiosk"}})");
    diags.clear();
    StartUp other = shownStart(k.config, lastGood, diags);
    CHECK_FALSE(other.session.wayfinding);
    CHECK(other.session.wayfindingProblem.find("other-venue.json") != std::string::npos);
    CHECK(other.session.wayfindingProblem.find("last good venue") == std::string::npos);
}

TEST_CASE("a last good venue that no longer places the program's rooms gives no directions and says so") {
    KioskWithVenue k;
    LastGood lastGood(k.state.path.string());
    std::vector<Diagnostic> diags;
    REQUIRE(shownStart(k.config, lastGood, diags).session.wayfinding);

    // The venue breaks, and the program now has other rooms: the copy's "Hall" is gone.
    write(k.venue, "{\"floors\": ");
    std::string renamed = program("Opening");
    renamed.replace(renamed.find("\"Hall\""), 6, "\"Aula\"");
    write(k.programFile, renamed);
    diags.clear();
    StartUp start = shownStart(k.config, lastGood, diags);
    INFO(test::allDiagnostics(diags));
    CHECK(start.from == StartUp::From::files);
    REQUIRE(start.session.program->rooms.size() == 1);
    CHECK(start.session.program->rooms[0].name == "Aula");
    CHECK_FALSE(start.session.wayfinding);  // no directions rather than wrong ones
    const std::string& problem = start.session.wayfindingProblem;
    CHECK(problem.find("venue.json") != std::string::npos);
    CHECK(problem.find("no longer fits the program shown") != std::string::npos);
    CHECK(problem.find("unknown room \"Hall\"") != std::string::npos);
    CHECK(problem.find("no directions on screen; the rest of the kiosk is unaffected") != std::string::npos);
    CHECK(test::hasDiagnostic(diags, Severity::warning, "", "no longer fits the program shown"));
}

TEST_CASE("a zero-filled last good bundle is reported as unreadable, never as no copy saved") {
    Kiosk k;
    LastGood lastGood(k.state.path.string());
    std::vector<Diagnostic> diags;
    REQUIRE(startSession(k.config, "", lastGood, diags).from == StartUp::From::files);
    // A power cut after the rename reached the card but before the data did: zeros.
    write(lastGood.bundlePath(), std::string(4096, '\0'));
    write(k.programFile, "{");
    diags.clear();
    StartUp start = startSession(k.config, "", lastGood, diags);
    CHECK(start.from == StartUp::From::configOnly);
    INFO(start.problem);
    CHECK_THAT(start.problem, Catch::Contains("the saved copy in " + lastGood.bundlePath() + " is unreadable"));
    CHECK_THAT(start.problem, Catch::Contains("4096 zero bytes"));
    CHECK(test::hasDiagnostic(diags, Severity::warning, "",
                              "the saved copy in " + lastGood.bundlePath() + " is unreadable"));

    // Cut short, or not a bundle at all: the same, with the reason.
    write(lastGood.bundlePath(), R"({"format": "hallboard-last-good", "config": "{)");
    diags.clear();
    CHECK_THAT(startSession(k.config, "", lastGood, diags).problem, Catch::Contains("is unreadable: "));
    write(lastGood.bundlePath(), "");
    diags.clear();
    CHECK_THAT(startSession(k.config, "", lastGood, diags).problem,
               Catch::Contains("is unreadable: the file is empty"));
    // None at all stays "none": nothing said about a saved copy.
    fs::remove(lastGood.bundlePath());
    diags.clear();
    CHECK_THAT(startSession(k.config, "", lastGood, diags).problem, !Catch::Contains("saved copy"));
}

TEST_CASE("a last good copy whose write fails part way leaves the old copy whole, no temporary, and names the errno") {
    Kiosk k;
    LastGood lastGood(k.state.path.string());
    std::vector<Diagnostic> diags;
    StartUp start = startSession(k.config, "", lastGood, diags);
    REQUIRE(start.from == StartUp::From::files);
    std::string saved;
    REQUIRE(lastGood.save(start.session, saved));  // as the kiosk does once it drew a frame
    const std::string before = readAll(lastGood.bundlePath());
    std::string bigger = program("Opening");  // a longer talk title: its bundle does not fit
    bigger.replace(bigger.find("A talk"), 6, "A talk " + std::string(250, 'x'));
    write(k.programFile, bigger);
    auto session = KioskSession::load(k.config, "", diags);
    INFO(test::allDiagnostics(diags));
    REQUIRE(session);
    std::string error;
    {
        test::FileSizeLimit full(before.size() + 100);
        CHECK_FALSE(lastGood.save(*session, error));
    }
    CHECK_THAT(error, Catch::Contains("File too large (EFBIG)"));
    CHECK(readAll(lastGood.bundlePath()) == before);
    CHECK(test::namesIn(k.state.path) == std::vector<std::string>{"last-good.json"});
    // The same write with room succeeds.
    CHECK(lastGood.save(*session, error));
    CHECK(readAll(lastGood.bundlePath()) != before);
    CHECK(test::namesIn(k.state.path) == std::vector<std::string>{"last-good.json"});
}

TEST_CASE("the temporaries a power cut left in the state folder are removed at start, nothing else") {
    Kiosk k;
    LastGood lastGood(k.state.path.string());
    write(k.state.file("last-good.json"), "{}");
    write(k.state.file("last-good.json.tmp-4242"), "half a bundle");                    // an earlier version's
    write(k.state.file(".last-good.json.hallboard-tmp-4243-Ab12Cd"), "half a bundle");  // this version's
    write(k.state.file(".last-good-venue.json.hallboard-tmp-77-zzzzzz"), "");
    write(k.state.file("notes.txt.tmp-1"), "not ours");
    write(k.state.file("last-good.json.tmp-x"), "not a pid");
    std::vector<std::string> lines = lastGood.removeStaleTemporaries();
    CHECK(lines.size() == 3);
    CHECK(test::namesIn(k.state.path) ==
          std::vector<std::string>{"last-good.json", "last-good.json.tmp-x", "notes.txt.tmp-1"});
}

TEST_CASE("a kiosk restarted from another folder on a relative --config watches the files it saved, by absolute path") {
    Kiosk k;
    TempDir elsewhere;
    LastGood lastGood(k.state.path.string());
    const fs::path was = fs::current_path();
    struct Back {
        fs::path to;
        ~Back() { fs::current_path(to); }
    } back{was};
    fs::current_path(k.files.path);
    std::vector<Diagnostic> diags;
    StartUp start = startSession("kiosk.json", "", lastGood, diags);
    REQUIRE(start.from == StartUp::From::files);
    std::string error;
    REQUIRE(lastGood.save(start.session, error));  // as the kiosk does once it drew a frame
    Json bundle = Json::parse(readAll(lastGood.bundlePath()));
    CHECK(bundle["config_path"] == k.config);
    CHECK(bundle["program_path"] == k.programFile);
    CHECK(bundle["overrides_path"] == k.overrides);

    // Restarted by hand from another folder with the same relative --config: that names
    // no file there, so the last good copy shows, watching the files it came from.
    fs::current_path(elsewhere.path);
    diags.clear();
    StartUp again = startSession("kiosk.json", "", lastGood, diags);
    REQUIRE(again.from == StartUp::From::lastGood);
    CHECK(again.session.config.program == k.programFile);
    CHECK(again.session.config.overrides == k.overrides);
}

TEST_CASE("with no usable program and no last good copy, the clock is in the zone a file named, and a fixed clock "
          "reads its time there") {
    Kiosk k;  // a fixed clock at 2026-06-08T09:30
    LastGood lastGood(k.state.path.string());
    // Refused (a session's start is no time) but it names its zone.
    write(k.programFile, test::programJson("Asia/Tokyo", R"("rooms": [{"id": "r", "name": "Hall"}],
        "sessions": [{"id": "s1", "title": "Opening", "start": "at nine", "end": "2026-06-08T10:00", "room": "r"}])"));
    std::vector<Diagnostic> diags;
    StartUp start = startSession(k.config, "", lastGood, diags);
    REQUIRE(start.from == StartUp::From::configOnly);
    CHECK(start.session.program->conference.zone.name() == "Asia/Tokyo");
    REQUIRE(start.session.fallbackZoneFrom);
    CHECK(*start.session.fallbackZoneFrom == k.programFile);
    CHECK(start.session.clock.now() == test::utc("2026-06-08T00:30"));  // 09:30 in Tokyo

    // A program that is not JSON at all: the last good copy's zone, though the copy no
    // longer loads.
    write(k.programFile, "{");
    Json bundle = {{"format", "hallboard-last-good"},
                   {"version", 1},
                   {"config", "{}"},
                   {"program", test::programJson("America/New_York", R"("rooms": [{"id": "r"}])")}};
    write(lastGood.bundlePath(), bundle.dump());
    diags.clear();
    start = startSession(k.config, "", lastGood, diags);
    REQUIRE(start.from == StartUp::From::configOnly);
    CHECK(start.session.program->conference.zone.name() == "America/New_York");
    CHECK_THAT(*start.session.fallbackZoneFrom, Catch::Contains("the last good copy in " + lastGood.bundlePath()));
    CHECK(start.session.clock.now() == test::utc("2026-06-08T13:30"));

    // No file names one: the machine's zone, said as such (empty).
    fs::remove(lastGood.bundlePath());
    diags.clear();
    start = startSession(k.config, "", lastGood, diags);
    REQUIRE(start.session.fallbackZoneFrom);
    CHECK(start.session.fallbackZoneFrom->empty());
    // A kiosk showing a program has none of this.
    write(k.programFile, program("Opening"));
    diags.clear();
    CHECK_FALSE(startSession(k.config, "", lastGood, diags).session.fallbackZoneFrom);
}

TEST_CASE("an emergency is the overrides file's as it is now, never the last good copy's") {
    // Saved with an evacuation on; the evacuation is ended (taken out of the file) and the
    // program breaks before the next start: the restart shows the last good program, but
    // not the evacuation that has ended. Seen on the merged #31.1: it came back.
    Kiosk k;
    write(k.overrides, R"({"emergency": {"title": "Fire alarm", "kind": "evacuate"}})");
    LastGood lastGood(k.state.path.string());
    std::vector<Diagnostic> diags;
    StartUp first = shownStart(k.config, lastGood, diags);
    REQUIRE(first.from == StartUp::From::files);
    REQUIRE(first.session.emergency);

    write(k.overrides, R"({"changes": []})");
    write(k.programFile, program("Changed").substr(0, 120));
    diags.clear();
    StartUp ended = shownStart(k.config, lastGood, diags);
    REQUIRE(ended.from == StartUp::From::lastGood);
    CHECK_FALSE(ended.session.emergency);

    // And one begun since the copy was saved shows at the restart.
    write(k.overrides, R"({"emergency": {"title": "Shelter in place", "kind": "shelter"}})");
    diags.clear();
    StartUp begun = shownStart(k.config, lastGood, diags);
    REQUIRE(begun.from == StartUp::From::lastGood);
    REQUIRE(begun.session.emergency);
    CHECK(begun.session.emergency->title == "Shelter in place");

    // An overrides file that cannot be read now keeps what the copy says (an emergency is
    // never dropped for a broken file).
    write(k.overrides, R"({"emergency": {"title": "Shel)");
    diags.clear();
    StartUp broken = shownStart(k.config, lastGood, diags);
    REQUIRE(broken.from == StartUp::From::lastGood);
    CHECK(broken.session.emergency.has_value() == first.session.emergency.has_value());
}
