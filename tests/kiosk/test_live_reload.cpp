// Live updates: a changed program is picked up, a broken, truncated or missing one is
// rejected with its reason while the last good one stays, and a good file recovers.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <future>
#include <sys/stat.h>
#include <unistd.h>

#include "kiosk/kiosk_loop.hpp"
#include "kiosk/live_reload.hpp"
#include "support.hpp"

using namespace hallboard;
using namespace std::chrono_literals;
namespace fs = std::filesystem;

namespace {

using Steady = std::chrono::steady_clock::time_point;

using test::TempDir;

void write(const std::string& path, const std::string& text) {
    std::ofstream(path, std::ios::binary | std::ios::trunc) << text;
    // File times have coarse resolution on some file systems: make each write visible.
    static int tick = 0;
    fs::last_write_time(path, fs::file_time_type::clock::now() + std::chrono::seconds{++tick});
}

std::string program(const std::string& title) {
    return test::programJson("Europe/Berlin",
                             R"("rooms": [{"id": "r"}], "sessions": [{"title": ")" + title +
                                 R"(", "start": "2026-06-08T09:00", "end": "2026-06-08T10:00", "room": "r"}])");
}

// Polls as the loop would, with settle time passing, until the change is noticed and a
// load starts; then waits for the load however long it takes, and takes its outcome.
// Settling is counted in simulated time and the load is awaited, not counted in polls:
// on a slow machine (a Pi, an emulator) a load outlasted the 400 polls of 5 ms this
// once allowed, and the outcome was missed.
std::optional<LiveReload::Outcome> waitForOutcome(LiveReload& r, Steady& now) {
    for (int i = 0; i < 100 && !r.loading(); ++i) {  // 10 s of simulated time to settle
        now += 100ms;
        if (auto o = r.poll(now)) return o;
    }
    if (!r.loading()) return std::nullopt;  // the change was never noticed
    r.waitForLoad();
    return r.poll(now += 100ms);
}

}  // namespace

TEST_CASE("a file watcher reports a change once it has settled") {
    TempDir dir;
    std::string f = dir.file("p.json");
    write(f, "one");
    FileWatcher w(f, 500ms);
    Steady t{};
    CHECK_FALSE(w.poll(t));
    write(f, "two, longer");
    CHECK_FALSE(w.poll(t += 100ms));  // just changed: maybe still being written
    CHECK_FALSE(w.poll(t += 300ms));
    CHECK(w.poll(t += 300ms));  // unchanged for 600 ms: report
    CHECK_FALSE(w.poll(t += 1000ms));
    fs::remove(f);
    CHECK_FALSE(w.poll(t += 100ms));
    CHECK(w.poll(t += 600ms));  // deleted counts as a change
}

TEST_CASE("an atomic replace is seen even with the same size and time (rsync -a)") {
    TempDir dir;
    std::string f = dir.file("p.json");
    std::string staged = dir.file(".p.json.tmp");
    write(f, "version A");
    auto time = fs::last_write_time(f);
    FileWatcher w(f, 300ms);
    Steady t{};
    std::ofstream(staged, std::ios::binary) << "version B";  // same length
    fs::last_write_time(staged, time);                       // same time, as rsync -a keeps it
    fs::rename(staged, f);
    CHECK_FALSE(w.poll(t += 100ms));
    CHECK(w.poll(t += 400ms));
}

TEST_CASE("a file still being written is reported only when it stops changing") {
    TempDir dir;
    std::string f = dir.file("p.json");
    write(f, "a");
    FileWatcher w(f, 500ms);
    Steady t{};
    for (int i = 0; i < 5; ++i) {  // an rsync writing in bursts
        write(f, std::string(static_cast<std::size_t>(10 * (i + 1)), 'x'));
        CHECK_FALSE(w.poll(t += 300ms));
    }
    CHECK(w.poll(t += 600ms));
}

TEST_CASE("live reload swaps in a good program and keeps the last good one otherwise") {
    TempDir dir;
    std::string programPath = dir.file("program.json");
    std::string configPath = dir.file("kiosk.json");
    write(programPath, program("First version"));
    write(configPath,
          R"({"program": "program.json", "clock": {"mode": "replay", "at": "2026-06-08T09:00", "speed": 60}})");
    std::vector<Diagnostic> diags;
    auto session = KioskSession::load(configPath, "", diags);
    REQUIRE(session);
    LiveReload reload(configPath, "", *session, 200ms);
    Steady now{};
    CHECK_FALSE(reload.poll(now += 100ms));

    SECTION("a good change is loaded in the background and handed over") {
        write(programPath, program("Second version"));
        auto outcome = waitForOutcome(reload, now);
        REQUIRE(outcome);
        REQUIRE(outcome->session);
        CHECK(outcome->session->program->sessions[0].title == "Second version");
        CHECK(reload.problem().empty());
        // The replay keeps running: the new session gets the old clock.
        carryClock(*session, *outcome->session);
        // One instant for both: two readings of the real clock a slow machine's moment
        // apart are 60x that apart in the replay.
        Steady real = std::chrono::steady_clock::now();
        CHECK(outcome->session->clock.nowAt({}, real) == session->clock.nowAt({}, real));
    }
    SECTION("broken JSON is rejected with file, line and reason") {
        write(programPath, "{\n  \"format\": \"hallboard-program\",\n  \"conference\": {\n");
        auto outcome = waitForOutcome(reload, now);
        REQUIRE(outcome);
        CHECK_FALSE(outcome->session);
        CHECK(reload.problem().find("program.json: line 4") != std::string::npos);
        CHECK(reload.problem().find("ends early") != std::string::npos);
        // Recovery is automatic when a good file arrives.
        write(programPath, program("Fixed version"));
        auto fixed = waitForOutcome(reload, now);
        REQUIRE(fixed);
        REQUIRE(fixed->session);
        CHECK(fixed->session->program->sessions[0].title == "Fixed version");
        CHECK(reload.problem().empty());
    }
    SECTION("a deleted program is rejected; its return is picked up") {
        fs::remove(programPath);
        auto outcome = waitForOutcome(reload, now);
        REQUIRE(outcome);
        CHECK_FALSE(outcome->session);
        CHECK(reload.problem().find("file not found") != std::string::npos);
        write(programPath, program("Back again"));
        auto back = waitForOutcome(reload, now);
        REQUIRE(back);
        REQUIRE(back->session);
    }
    SECTION("an empty (truncated) file is rejected") {
        write(programPath, "");
        auto outcome = waitForOutcome(reload, now);
        REQUIRE(outcome);
        CHECK_FALSE(outcome->session);
        CHECK(reload.problem().find("empty") != std::string::npos);
    }
    SECTION("a changed configuration is loaded too, and a bad one rejected") {
        write(configPath, R"({"program": "program.json", "rotation": [{"page": "now-next", "seconds": 5}]})");
        auto outcome = waitForOutcome(reload, now);
        REQUIRE(outcome);
        REQUIRE(outcome->session);
        CHECK(outcome->session->config.rotation.size() == 1);
        write(configPath, R"({"program": "program.json", "rotation": [{"page": "weather"}]})");
        auto bad = waitForOutcome(reload, now);
        REQUIRE(bad);
        CHECK_FALSE(bad->session);
        CHECK(reload.problem().find("/rotation/0/page") != std::string::npos);
    }
    SECTION("the overrides file the config names is watched: applied, rejected, recovered, removed") {
        write(configPath, R"({"program": "program.json", "overrides": "changes.json"})");
        auto outcome = waitForOutcome(reload, now);
        REQUIRE(outcome);
        REQUIRE(outcome->session);
        std::string changes = dir.file("changes.json");
        write(changes, R"({"changes": [{"room": "r", "at": "2026-06-08T09:00", "late_minutes": 20}]})");
        auto late = waitForOutcome(reload, now);
        REQUIRE(late);
        REQUIRE(late->session);
        CHECK(late->session->program->sessions[0].change.late == std::chrono::minutes{20});
        write(changes, R"({"changes": [{"room": "Hall Z", "at": "2026-06-08T09:00", "late_minutes": 20}]})");
        auto bad = waitForOutcome(reload, now);
        REQUIRE(bad);
        CHECK_FALSE(bad->session);
        CHECK(reload.problem().find("changes.json: /changes/0/room: error: no room \"Hall Z\"") != std::string::npos);
        fs::remove(changes);  // deleting it undoes every change
        auto gone = waitForOutcome(reload, now);
        REQUIRE(gone);
        REQUIRE(gone->session);
        CHECK(gone->session->program->sessions[0].change.late == std::chrono::minutes{0});
        CHECK(reload.problem().empty());
    }
}

TEST_CASE("a FIFO at the program path is rejected at once, and a good file after it is loaded") {
    TempDir dir;
    std::string programPath = dir.file("program.json");
    std::string configPath = dir.file("kiosk.json");
    write(programPath, program("First version"));
    write(configPath, R"({"program": "program.json"})");
    std::vector<Diagnostic> diags;
    auto session = KioskSession::load(configPath, "", diags);
    REQUIRE(session);
    LiveReload reload(configPath, "", *session, 200ms);
    Steady now{};
    fs::remove(programPath);
    REQUIRE(::mkfifo(programPath.c_str(), 0644) == 0);
    // A blocking open would wait for a writer forever: the loader thread would never
    // finish, no outcome would come, and the future's destructor would hang the exit.
    auto fifo = waitForOutcome(reload, now);
    REQUIRE(fifo);
    CHECK_FALSE(fifo->session);
    CHECK(reload.problem() == programPath + ": error: is a FIFO (named pipe), not a regular file");
    CHECK(LiveReload::rejectionLine(*fifo) == "hallboard: rejected the program " + programPath +
                                                  " (the error is above); still showing the last good program");
    fs::remove(programPath);
    write(programPath, program("After the FIFO"));
    auto good = waitForOutcome(reload, now);
    REQUIRE(good);
    REQUIRE(good->session);
    CHECK(good->session->program->sessions[0].title == "After the FIFO");
}

TEST_CASE("a rejected reload names the file at fault, not the one that changed") {
    TempDir dir;
    std::string programPath = dir.file("program.json");
    std::string configPath = dir.file("kiosk.json");
    std::string changes = dir.file("changes.json");
    write(programPath, program("Keynote"));
    write(changes, R"({"changes": [{"session": "Keynote", "cancelled": true}]})");
    write(configPath, R"({"program": "program.json", "overrides": "changes.json"})");
    std::vector<Diagnostic> diags;
    auto session = KioskSession::load(configPath, "", diags);
    INFO(test::allDiagnostics(diags));
    REQUIRE(session);
    LiveReload reload(configPath, "", *session, 200ms);
    Steady now{};
    // The program changes; the session the overrides name is gone: the overrides are at fault.
    write(programPath, program("Renamed keynote"));
    auto outcome = waitForOutcome(reload, now);
    REQUIRE(outcome);
    REQUIRE_FALSE(outcome->session);
    CHECK(outcome->trigger == programPath);
    CHECK(outcome->rejected == changes);
    CHECK(outcome->rejectedKind == "overrides file");
    CHECK(LiveReload::rejectionLine(*outcome) == "hallboard: rejected the overrides file " + changes +
                                                     " (the error is above; after a change to " + programPath +
                                                     "); still showing the last good program");
    CHECK(reload.problem().find("changes.json: /changes/0/session: error: no session") != std::string::npos);
    // A broken configuration is named as the configuration.
    write(configPath, R"({"program": "program.json", "rotation": 7})");
    auto config = waitForOutcome(reload, now);
    REQUIRE(config);
    CHECK(config->rejectedKind == "configuration");
    CHECK(config->rejected == configPath);
}

TEST_CASE("a change to the venue file brings directions without a restart, and a broken one takes them away") {
    TempDir dir;
    std::string programPath = dir.file("program.json");
    std::string configPath = dir.file("kiosk.json");
    std::string venuePath = dir.file("venue.json");
    write(programPath, program("Keynote"));
    // First a venue that places only a room the program lacks: no directions, the program shows.
    auto venue = [](const std::string& room) {
        return R"({"floors": [{"id": "g", "width_px": 100, "height_px": 100}],
                   "points": [{"id": "k", "floor": "g", "x": 10, "y": 50}, {"id": "d", "floor": "g", "x": 90, "y": 50}],
                   "links": [{"from": "k", "to": "d"}], "rooms": {")" +
               room + R"(": "d"}})";
    };
    write(venuePath, venue("Hall Z"));
    write(configPath, R"({"program": "program.json", "venue": "venue.json", "here": {"point": "k", "facing": "E"}})");
    std::vector<Diagnostic> diags;
    auto session = KioskSession::load(configPath, "", diags);
    REQUIRE(session);
    CHECK_FALSE((session->wayfinding && session->wayfinding->to(0)));
    CHECK_FALSE(session->wayfindingProblem.empty());
    LiveReload reload(configPath, "", *session, 200ms);
    Steady now{};

    write(venuePath, venue("r"));
    auto fixed = waitForOutcome(reload, now);
    REQUIRE(fixed);
    REQUIRE(fixed->session);
    CHECK(fixed->trigger == venuePath);
    REQUIRE(fixed->session->wayfinding);
    REQUIRE(fixed->session->wayfinding->to(0));
    CHECK(fixed->session->wayfinding->to(0)->arrow == Arrow::ahead);  // due east, facing east

    write(venuePath, "{ broken");
    auto broken = waitForOutcome(reload, now);
    REQUIRE(broken);
    REQUIRE(broken->session);  // the program is fine: the kiosk goes on, without directions
    CHECK_FALSE(broken->session->wayfinding);
    CHECK(test::hasDiagnostic(broken->diagnostics, Severity::error, "line 1", ""));
}

TEST_CASE("slides live-reload with the configuration: a new slide comes in, a broken one keeps the last good") {
    TempDir dir;
    std::string programPath = dir.file("program.json");
    std::string configPath = dir.file("kiosk.json");
    write(programPath, program("Talks"));
    write(configPath, R"({"program": "program.json", "rotation": [{"page": "now-next"},
        {"page": "slide", "title": "Wi-Fi", "text": "Network MLSys"}]})");
    std::vector<Diagnostic> diags;
    auto session = KioskSession::load(configPath, "", diags);
    REQUIRE(session);
    REQUIRE(session->config.rotation[1].slide);
    LiveReload reload(configPath, "", *session, 200ms);
    Steady now{};
    CHECK_FALSE(reload.poll(now += 100ms));

    // The organiser adds the lunch menu for noon and moves the Wi-Fi slide's text.
    write(configPath, R"({"program": "program.json", "rotation": [{"page": "now-next"},
        {"page": "slide", "title": "Wi-Fi", "text": "Network MLSys-2"},
        {"page": "slide", "image": "lunch.png", "daily": {"from": "11:30", "until": "14:00"}}]})");
    auto outcome = waitForOutcome(reload, now);
    REQUIRE(outcome);
    REQUIRE(outcome->session);
    const auto& rotation = outcome->session->config.rotation;
    REQUIRE(rotation.size() == 3);
    CHECK(rotation[1].slide->text == "Network MLSys-2");
    REQUIRE(rotation[2].slide);
    CHECK(rotation[2].slide->image == (dir.path / "lunch.png").string());  // beside the config
    CHECK(rotation[2].slide->daily);

    // A typo in a slide: rejected with its place; the kiosk keeps what it shows.
    write(configPath, R"({"program": "program.json", "rotation": [{"page": "now-next"},
        {"page": "slide", "image": "lunch.png", "fit": "stretch"}]})");
    auto rejected = waitForOutcome(reload, now);
    REQUIRE(rejected);
    CHECK_FALSE(rejected->session);
    CHECK(reload.problem().find("/rotation/1/fit") != std::string::npos);
}

TEST_CASE("a reload asked for (SIGHUP) reads the files again though the watch saw no change") {
    TempDir dir;
    std::string programPath = dir.file("program.json");
    std::string configPath = dir.file("kiosk.json");
    write(programPath, program("First version"));
    write(configPath, R"({"program": "program.json"})");
    std::vector<Diagnostic> diags;
    auto session = KioskSession::load(configPath, "", diags);
    REQUIRE(session);
    LiveReload reload(configPath, "", *session, 200ms);
    Steady now{};
    CHECK_FALSE(reload.poll(now += 100ms));
    // Same size, same inode, the old time put back: an edit the watch cannot see.
    auto before = fs::last_write_time(programPath);
    {
        std::fstream f(programPath, std::ios::in | std::ios::out | std::ios::binary);
        std::string text = program("First version");
        f.seekp(static_cast<std::streamoff>(text.find("First")));
        f << "Fixed";
    }
    fs::last_write_time(programPath, before);
    for (int i = 0; i < 20; ++i) CHECK_FALSE(reload.poll(now += 100ms));
    CHECK_FALSE(reload.loading());

    reload.requestReload("SIGHUP");
    CHECK_FALSE(reload.poll(now += 100ms));  // the load starts at once, in the background
    REQUIRE(reload.loading());
    reload.waitForLoad();
    auto outcome = reload.poll(now += 100ms);
    REQUIRE(outcome);
    REQUIRE(outcome->session);
    CHECK(outcome->requestedBy == "SIGHUP");
    CHECK(outcome->session->program->sessions[0].title == "Fixed version");
    // Asked once, read once.
    for (int i = 0; i < 20; ++i) CHECK_FALSE(reload.poll(now += 100ms));
    CHECK_FALSE(reload.loading());
}

TEST_CASE("the folder's notifier names what was renamed into place or closed after writing") {
    TempDir dir;
    std::string f = dir.file("o.json");
    write(f, "one");
    DirectoryNotifier n;
    REQUIRE(n.fd() >= 0);
    n.watch({f});
    std::ofstream(dir.file("o.new.json")) << "three";
    fs::rename(dir.file("o.new.json"), f);
    std::vector<std::string> names = n.completed();
    CHECK(std::find(names.begin(), names.end(), "o.json") != names.end());
    CHECK(n.completed().empty());  // drained
}

TEST_CASE("an emergency renamed into the overrides file is read at the next poll, ahead of the settled reload") {
    TempDir dir;
    std::string programPath = dir.file("program.json");
    std::string overridesPath = dir.file("overrides.json");
    std::string configPath = dir.file("kiosk.json");
    write(programPath, program("Opening"));
    write(overridesPath, R"({"changes": []})");
    write(configPath, R"({"program": "program.json", "overrides": "overrides.json"})");
    std::vector<Diagnostic> diags;
    auto session = KioskSession::load(configPath, "", diags);
    INFO(test::allDiagnostics(diags));
    REQUIRE(session);
    LiveReload reload(configPath, "", *session, 600ms);
    Steady now{};
    CHECK_FALSE(reload.poll(now += 10ms));
    // A change that cannot be applied beside it: the reload will be refused, not the emergency.
    std::ofstream(dir.file("overrides.new.json")) << R"({"changes": [{"room": "nowhere", "at": "2026-06-08T09:00",
        "late_minutes": 5}], "emergency": {"title": "Fire", "kind": "evacuat"}})";
    fs::rename(dir.file("overrides.new.json"), overridesPath);
    CHECK_FALSE(reload.poll(now += 10ms));  // one poll: no settling for the emergency
    CHECK_FALSE(reload.loading());          // the whole reload waits for the change to settle
    auto read = reload.takeEmergency();
    REQUIRE(read);
    REQUIRE(read->entry);
    CHECK(read->entry->kind == EmergencyKind::notice);  // the typo: shown as a notice
    CHECK(test::hasDiagnostic(read->diagnostics, Severity::error, "/emergency/kind", "evacuat"));
    std::vector<Diagnostic> said;
    CHECK(applyEmergency(*session, *read, said));
    REQUIRE(session->emergency);
    CHECK(session->emergency->title == "Fire");
    CHECK_FALSE(applyEmergency(*session, *read, said));  // the same again: no change
    // The whole reload follows once the change has settled, and is refused for the change;
    // the session keeps its emergency.
    auto outcome = waitForOutcome(reload, now);
    REQUIRE(outcome);
    CHECK_FALSE(outcome->session);
    CHECK(session->emergency);
    // Taken out of the file: none.
    std::ofstream(dir.file("overrides.new.json")) << R"({"changes": []})";
    fs::rename(dir.file("overrides.new.json"), overridesPath);
    reload.poll(now += 10ms);
    read = reload.takeEmergency();
    REQUIRE(read);
    CHECK_FALSE(read->entry);
    CHECK(applyEmergency(*session, *read, said));
    CHECK_FALSE(session->emergency);
}

namespace {

// A load that reads the files at once, then takes its time (a Pi, a large program) until
// the test lets it finish.
struct SlowLoad {
    std::promise<void> read, finish;
    std::shared_future<void> finished = finish.get_future().share();
    LiveReload::Loader loader() {
        return [this](const std::string& config, const std::string& program, std::vector<Diagnostic>& diags) {
            auto session = KioskSession::load(config, program, diags);
            read.set_value();
            finished.wait();
            return session;
        };
    }
};

// As the kiosk's loop takes a poll: the reload in first, then the emergency read over it.
void takeAsTheLoopDoes(LiveReload& reload, std::optional<LiveReload::Outcome> outcome, KioskSession& current) {
    Rotation rotation = Rotation::fromConfig(current.config);
    if (outcome) applyReload(current, rotation, std::move(*outcome));
    std::vector<Diagnostic> said;
    if (auto read = reload.takeEmergency()) applyEmergency(current, *read, said);
}

}  // namespace

TEST_CASE("a reload that read the overrides file before an emergency was renamed in does not take the emergency away") {
    // Seen in CI: an evacuation on screen vanished without a word when a reload begun
    // a moment before its rename was handed over, and taking it out then changed nothing.
    TempDir dir;
    std::string programPath = dir.file("program.json");
    std::string overridesPath = dir.file("overrides.json");
    std::string configPath = dir.file("kiosk.json");
    write(programPath, program("Opening"));
    const bool inAtStart = GENERATE(false, true);
    const std::string withEmergency = R"({"emergency": {"title": "Fire", "kind": "evacuate"}})";
    const std::string without = R"({"announcements": []})";
    write(overridesPath, inAtStart ? withEmergency : without);
    write(configPath, R"({"program": "program.json", "overrides": "overrides.json"})");
    std::vector<Diagnostic> diags;
    auto session = KioskSession::load(configPath, "", diags);
    REQUIRE(session);
    REQUIRE(bool(session->emergency) == inAtStart);
    LiveReload reload(configPath, "", *session, 600ms);
    SlowLoad slow;
    reload.useLoader(slow.loader());
    // An edit of the program settles and its reload begins; it has read the files.
    write(programPath, program("Opening, moved"));
    Steady now{};
    for (int i = 0; i < 100 && !reload.loading(); ++i) reload.poll(now += 100ms);
    REQUIRE(reload.loading());
    slow.read.get_future().wait();
    // The steward's change renamed into place while it loads: read at once.
    write(dir.file("overrides.new.json"), inAtStart ? without : withEmergency);
    fs::rename(dir.file("overrides.new.json"), overridesPath);
    takeAsTheLoopDoes(reload, reload.poll(now += 10ms), *session);
    CHECK(bool(session->emergency) == !inAtStart);
    // The load finishes with what it read before the rename.
    slow.finish.set_value();
    reload.waitForLoad();
    auto outcome = reload.poll(now += 10ms);
    REQUIRE(outcome);
    REQUIRE(outcome->session);
    CHECK(outcome->session->program->sessions[0].title == "Opening, moved");
    CHECK(bool(outcome->session->emergency) == inAtStart);  // older than the rename
    takeAsTheLoopDoes(reload, std::move(outcome), *session);
    CHECK(session->program->sessions[0].title == "Opening, moved");
    CHECK(bool(session->emergency) == !inAtStart);  // the rename still holds
}

TEST_CASE("an emergency read during a reload that names another overrides file is not put over the new file") {
    // The configuration moves the overrides to another file; while that reload loads, an
    // evacuation is renamed into the old file, which the new configuration no longer names.
    TempDir dir;
    std::string configPath = dir.file("kiosk.json");
    write(dir.file("program.json"), program("Opening"));
    write(dir.file("old.json"), R"({"announcements": []})");
    write(dir.file("new.json"), R"({"announcements": []})");
    write(configPath, R"({"program": "program.json", "overrides": "old.json"})");
    std::vector<Diagnostic> diags;
    auto session = KioskSession::load(configPath, "", diags);
    REQUIRE(session);
    LiveReload reload(configPath, "", *session, 600ms);
    SlowLoad slow;
    reload.useLoader(slow.loader());
    write(configPath, R"({"program": "program.json", "overrides": "new.json"})");
    Steady now{};
    for (int i = 0; i < 100 && !reload.loading(); ++i) reload.poll(now += 100ms);
    REQUIRE(reload.loading());
    slow.read.get_future().wait();
    write(dir.file("old.new.json"), R"({"emergency": {"title": "Fire", "kind": "evacuate"}})");
    fs::rename(dir.file("old.new.json"), dir.file("old.json"));
    takeAsTheLoopDoes(reload, reload.poll(now += 10ms), *session);
    CHECK(session->emergency);  // read at once: the old file is the one the kiosk still runs on
    slow.finish.set_value();
    reload.waitForLoad();
    auto outcome = reload.poll(now += 10ms);
    REQUIRE(outcome);
    REQUIRE(outcome->session);
    takeAsTheLoopDoes(reload, std::move(outcome), *session);
    CHECK(session->config.overrides == fs::path(dir.file("new.json")).lexically_normal().string());
    CHECK_FALSE(session->emergency);  // the new file has none: the old file's is not put back
}
