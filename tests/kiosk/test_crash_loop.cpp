// A crash loop is not dark: starts that find the last run unfinished are counted in the
// state directory, and the third within a minute starts in safe mode; clean ends, old
// failures and failures before a reboot do not count; a torn or hostile record reads as
// what it can.
#include <catch2/catch.hpp>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <future>
#include <filesystem>
#include <fstream>

#include "kiosk/crash_loop.hpp"
#include "support.hpp"

using namespace hallboard;

namespace {
const std::string kBoot = "0b5f6a3e-1c2d-4e5f-8a9b-0c1d2e3f4a5b";
const std::string kOtherBoot = "11111111-2222-3333-4444-555555555555";
}  // namespace

TEST_CASE("the third unfinished run within a minute starts the kiosk in safe mode") {
    StartRecord none;
    StartDecision first = decideStart(none, kBoot, 10'000);
    CHECK(first.failures == 0);
    CHECK_FALSE(first.safeMode);
    REQUIRE(first.record.running);
    // Each start finds the one before it unfinished (it crashed 10 s after starting).
    StartDecision second = decideStart(StartRecord::parse(first.record.text()), kBoot, 22'000);
    CHECK(second.failures == 1);
    CHECK_FALSE(second.safeMode);
    StartDecision third = decideStart(StartRecord::parse(second.record.text()), kBoot, 34'000);
    CHECK(third.failures == 2);
    CHECK_FALSE(third.safeMode);
    StartDecision fourth = decideStart(StartRecord::parse(third.record.text()), kBoot, 46'000);
    CHECK(fourth.failures == 3);
    CHECK(fourth.safeMode);
    CHECK(fourth.reason.find("safe mode") == 0);
    CHECK(fourth.reason.find("3 times within a minute") != std::string::npos);
}

TEST_CASE("clean ends, failures older than a minute and failures before a reboot do not count") {
    StartRecord r;
    r.failures = {{kBoot, 1'000}, {kBoot, 30'000}};
    SECTION("a clean end leaves no running mark: the next start adds no failure") {
        StartDecision d = decideStart(r, kBoot, 40'000);
        CHECK(d.failures == 2);
        CHECK_FALSE(d.safeMode);
    }
    SECTION("an unfinished run, but the oldest failure is more than a minute old") {
        r.running = StartRecord::Mark{kBoot, 50'000};
        StartDecision d = decideStart(r, kBoot, 62'000);
        CHECK(d.failures == 2);  // 30 s and now
        CHECK_FALSE(d.safeMode);
    }
    SECTION("marks of another boot: a power cut, not a crash") {
        r.failures = {{kOtherBoot, 1'000}, {kOtherBoot, 2'000}};
        r.running = StartRecord::Mark{kOtherBoot, 3'000};
        StartDecision d = decideStart(r, kBoot, 4'000);
        CHECK(d.failures == 0);
        CHECK_FALSE(d.safeMode);
    }
    SECTION("the running mark's process is still there: another kiosk on the same directory, not a crash") {
        r.running = StartRecord::Mark{kBoot, 35'000, 4242};
        StartDecision alive = decideStart(r, kBoot, 40'000, true, 4343);
        CHECK(alive.failures == 2);
        REQUIRE(alive.record.running);
        CHECK(alive.record.running->pid == 4343);
        CHECK(decideStart(r, kBoot, 40'000, false, 4343).failures == 3);
    }
    SECTION("a clock that went back (a mark from the future) is not counted") {
        r.failures = {{kBoot, 90'000}, {kBoot, 95'000}};
        r.running = StartRecord::Mark{kBoot, 99'000};
        StartDecision d = decideStart(r, kBoot, 5'000);
        CHECK(d.failures == 1);
    }
}

TEST_CASE("a torn or hostile start record reads as what it can") {
    StartRecord r = StartRecord::parse("failure " + kBoot + " 1000\nfailure " + kBoot +
                                       " 12x\nfailure ../../etc 5\nrunning " + kBoot + " 20000\nfailure " + kBoot +
                                       " -3\n" + std::string(10000, '\0') + "failure " + kBoot + " 7\n");
    REQUIRE(r.failures.size() == 1);
    CHECK(r.failures[0].ms == 1000);
    REQUIRE(r.running);
    CHECK(r.running->ms == 20000);
    CHECK(StartRecord::parse("").failures.empty());
    StartRecord withPid = StartRecord::parse("running " + kBoot + " 20000 77\n");
    REQUIRE(withPid.running);
    CHECK(withPid.running->pid == 77);
    CHECK(StartRecord::parse(withPid.text()).running->pid == 77);
    CHECK_FALSE(StartRecord::parse("running " + kBoot + " 20000 -4\n").running);
    CHECK_FALSE(StartRecord::parse("running " + kBoot + " 20000 7 8\n").running);
    CHECK_FALSE(StartRecord::parse("running " + kBoot).running);  // torn mid-line
}

TEST_CASE("the start guard keeps its record in the state directory, durably, across starts") {
    test::TempDir dir;
    std::string state = dir.file("state");
    {
        StartGuard a(state, kBoot, 1'000);
        CHECK(a.problem().empty());
        CHECK_FALSE(a.decision().safeMode);
        // no cleanExit: it crashed
    }
    { StartGuard b(state, kBoot, 3'000); }
    { StartGuard c(state, kBoot, 5'000); }
    StartGuard d(state, kBoot, 7'000);
    CHECK(d.decision().safeMode);
    StartGuard e(state, kBoot, 9'000);  // d crashed too: still safe mode
    CHECK(e.decision().safeMode);
    e.cleanExit();  // stopped on purpose (systemctl restart): the count starts again
    StartGuard f(state, kBoot, 11'000);
    CHECK(f.decision().failures == 0);
    CHECK_FALSE(f.decision().safeMode);
    { StartGuard g(state, kBoot, 13'000); }
    { StartGuard h(state, kBoot, 15'000); }
    StartGuard i(state, kBoot, 80'000);  // two crashes, then a minute later: they are over
    CHECK(i.decision().failures == 1);
    CHECK_FALSE(i.decision().safeMode);
    // No temporary left behind.
    int files = 0;
    for ([[maybe_unused]] auto& entry : std::filesystem::directory_iterator(state)) ++files;
    CHECK(files == 1);
    // Without a state directory nothing is counted, and no safe mode on a guess.
    StartGuard none("", kBoot, 1'000);
    CHECK_FALSE(none.decision().safeMode);
    CHECK_FALSE(none.problem().empty());
}

TEST_CASE("a FIFO where the start record should be never blocks the start: it reads as no record") {
    // The record was read with std::ifstream, which waits on a FIFO for a writer that
    // never comes: the kiosk would never start. The one bounded reader refuses it.
    test::TempDir dir;
    std::string state = dir.file("state");
    std::filesystem::create_directories(state);
    std::string record = StartGuard(state, kBoot, 1'000).path();
    std::filesystem::remove(record);
    REQUIRE(::mkfifo(record.c_str(), 0600) == 0);
    auto started = std::async(std::launch::async, [&] { return StartGuard(state, kBoot, 3'000).decision().failures; });
    bool ready = started.wait_for(std::chrono::seconds{5}) == std::future_status::ready;
    if (!ready) {  // a writer for the blocked reader, so that the test ends
        int fd = ::open(record.c_str(), O_WRONLY | O_NONBLOCK);
        if (fd >= 0) ::close(fd);
    }
    CHECK(ready);
    CHECK(started.get() == 0);  // nothing counted from a FIFO
}

TEST_CASE("safe mode shows the defaults and the clock with the reason, watching the configured program") {
    test::TempDir dir;
    std::string config = dir.file("kiosk.json");
    std::ofstream(config) << R"({"program": "program.json", "rotation": [{"page": "awards"}]})";
    StartUp s = safeModeSession(config, "", "safe mode: test");
    CHECK(s.from == StartUp::From::defaults);
    CHECK(s.problem == "safe mode: test");
    CHECK(s.session.program->sessions.empty());
    CHECK(s.session.config.program == dir.file("program.json"));
    CHECK(s.session.config.rotation.size() == KioskConfig::defaults().rotation.size());
    CHECK(s.session.configPath == config);
}
