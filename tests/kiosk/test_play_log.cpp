// Proof of play (#31.7): plays from what is on screen, their CSV lines (cleaned, quoted,
// never a formula), a day's file appended durably and read back with a line cut short by
// a power cut, and the folder's totals per screen, day and slide.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "base/files.hpp"
#include "kiosk/play_log.hpp"
#include "support.hpp"

using namespace hallboard;
using namespace std::chrono_literals;
namespace fs = std::filesystem;

namespace {

Instant utc(const std::string& text) {
    return resolve(*parseTimestamp(text), TimeZone::utc());
}

fs::path freshFolder(const std::string& name) {
    fs::path dir = fs::temp_directory_path() / ("hallboard-plays-" + name + "-" + std::to_string(::getpid()));
    fs::remove_all(dir);
    fs::create_directories(dir);
    return dir;
}

std::string slurp(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

}  // namespace

TEST_CASE("a play lasts from the frame that showed it to the frame that showed something else") {
    PlayLog log;
    auto t0 = std::chrono::steady_clock::now();
    Instant wall = utc("2026-06-08T09:00:00Z");
    CHECK_FALSE(log.update({"now-next", 1, ""}, t0, wall));
    CHECK_FALSE(log.update({"now-next", 1, ""}, t0 + 5s, wall + 5s));  // the same: no play yet
    auto first = log.update({"slide", 0, "ACME Corp"}, t0 + 15s, wall + 15s);
    REQUIRE(first);
    CHECK(first->shown.page == "now-next");
    CHECK(first->start == wall);
    CHECK(first->seconds == Approx(15.0));
    // The wall clock set back by an hour in between stretches nothing: seconds are steady.
    auto second = log.update({"now-next", 2, ""}, t0 + 27s, wall - 1h);
    REQUIRE(second);
    CHECK(second->shown.title == "ACME Corp");
    CHECK(second->seconds == Approx(12.0));
    auto last = log.finish(t0 + 30s);
    REQUIRE(last);
    CHECK(last->shown.screen == 2);
    CHECK_FALSE(log.finish(t0 + 31s));
}

TEST_CASE("a play's CSV line is cleaned, quoted where it must be, never a formula, and reads back") {
    Play play{utc("2026-06-08T09:00:00Z"), 12.34, {"slide", 0, "=HYPERLINK(\"x\"),\x01\nSponsor"}};
    std::string line = playCsvLine(play, "hall-a");
    CHECK(line.find('\x01') == std::string::npos);
    CHECK(line.find("\n") == line.size() - 1);  // one line
    CHECK(line.rfind("2026-06-08T09:00:00Z,12.3,hall-a,slide,0,\"'=HYPERLINK(\"\"x\"\")", 0) == 0);
    PlaysRead read = parsePlays(std::string(kPlaysHeader) + line);
    CHECK(read.skipped == 0);
    REQUIRE(read.rows.size() == 1);
    CHECK(read.rows[0].kiosk == "hall-a");
    CHECK(read.rows[0].play.start == play.start);
    CHECK(read.rows[0].play.seconds == Approx(12.3));
    CHECK(read.rows[0].play.shown.title.rfind("'=HYPERLINK(\"x\"),", 0) == 0);
    // Broken lines are counted, not read: a line cut short (no end), a stray quote, a
    // negative time, a missing field.
    PlaysRead bad = parsePlays(std::string(kPlaysHeader) + line + "2026-06-08T09:00:12Z,-3,hall-a,slide,0,x\n" +
                               "2026-06-08T09:00:12Z,3,hall-a,slide,0\n" + "2026-06-08T09:00:12Z,3,hall-a,\"sl,0,x\n" +
                               "2026-06-08T09:00:15Z,2.0,hall-a,now-ne");
    CHECK(bad.rows.size() == 1);
    CHECK(bad.skipped == 4);
}

TEST_CASE("plays files are named per screen and day, and nothing else is taken for one") {
    CHECK(playsFileName("hall a/door", *parseDate("2026-06-08")) == "hall_a_door.plays-2026-06-08.csv");
    CHECK(playsFileDay("hall-a.plays-2026-06-08.csv") == parseDate("2026-06-08"));
    CHECK_FALSE(playsFileDay("hall-a.status.json"));
    CHECK_FALSE(playsFileDay(".hall-a.plays-2026-06-08.csv"));
    CHECK_FALSE(playsFileDay("hall-a.plays-2026-13-45.csv"));
    CHECK_FALSE(playsFileDay("plays-2026-06-08.csv.tmp"));
}

TEST_CASE("the kiosk appends each play to the day's file, and the folder sums a slide's seconds per screen per day") {
    fs::path dir = freshFolder("sum");
    std::ostringstream log;
    const TimeZone zone = TimeZone::utc();
    auto t0 = std::chrono::steady_clock::now();
    Instant day1 = utc("2026-06-08T23:59:00Z");
    for (const char* kiosk : {"hall-a", "hall-b"}) {
        PlayRecorder rec(dir.string(), kiosk, log);
        rec.update({"slide", 0, "ACME Corp"}, t0, day1, zone);
        rec.update({"now-next", 1, ""}, t0 + 20s, day1 + 20s, zone);
        rec.update({"slide", 0, "ACME Corp"}, t0 + 40s, day1 + 40s, zone);
        // The next play starts after midnight: it goes in the next day's file.
        rec.update({"slide", 0, "Lunch"}, t0 + 70s, day1 + 70s, zone);
        rec.finish(t0 + 80s, zone);
    }
    CHECK(log.str().empty());
    CHECK(fs::exists(dir / "hall-a.plays-2026-06-08.csv"));
    CHECK(fs::exists(dir / "hall-a.plays-2026-06-09.csv"));
    std::string text = slurp(dir / "hall-a.plays-2026-06-08.csv");
    CHECK(text.rfind(std::string(kPlaysHeader), 0) == 0);
    CHECK(text.find(std::string(kPlaysHeader), 1) == std::string::npos);  // the header once

    // A power cut in the middle of a line: the line is skipped and said, the rest counted.
    { std::ofstream(dir / "hall-b.plays-2026-06-08.csv", std::ios::app) << "2026-06-08T23:59:50Z,4.0,hall-b,sli"; }
    // What is not a plays file is passed over.
    { std::ofstream(dir / "hall-a.status.json") << "{}"; }
    PlaysFolder folder = readPlaysFolder(dir.string());
    REQUIRE(folder.problems.size() == 1);
    CHECK(folder.problems[0].find("hall-b.plays-2026-06-08.csv: 1 line is no play") != std::string::npos);
    auto find = [&](const std::string& day, const std::string& kiosk, const std::string& title) {
        for (const PlayTotal& t : folder.totals)
            if (t.day == day && t.kiosk == kiosk && t.title == title) return t;
        return PlayTotal{};
    };
    CHECK(find("2026-06-08", "hall-a", "ACME Corp").seconds == Approx(50.0));  // 20 s, then 30 s
    CHECK(find("2026-06-08", "hall-a", "ACME Corp").plays == 2);
    CHECK(find("2026-06-08", "hall-b", "ACME Corp").seconds == Approx(50.0));
    CHECK(find("2026-06-09", "hall-a", "Lunch").seconds == Approx(10.0));
    CHECK(find("2026-06-08", "hall-a", "").page == "now-next");
    fs::remove_all(dir);
}

TEST_CASE("a plays file that is no regular file or too large is refused, and the kiosk says so once") {
    fs::path dir = freshFolder("refuse");
    fs::create_directory(dir / "k.plays-2026-06-08.csv");  // a folder in the file's place
    std::ostringstream log;
    PlayRecorder rec(dir.string(), "k", log);
    auto t0 = std::chrono::steady_clock::now();
    Instant wall = utc("2026-06-08T09:00:00Z");
    for (int i = 0; i < 4; ++i) rec.update({"now-next", i, ""}, t0 + i * 1s, wall + i * 1s, TimeZone::utc());
    std::string said = log.str();
    CHECK(said.find("proof of play") != std::string::npos);
    CHECK(said.find("proof of play", said.find("proof of play") + 1) == std::string::npos);  // once
    // A file at its size limit takes no more.
    std::string error;
    fs::path full = dir / "full.csv";
    REQUIRE(appendDurably(full.string(), "0123456789\n", "h\n", 20, error));
    CHECK_FALSE(appendDurably(full.string(), "0123456789\n", "h\n", 20, error));
    CHECK(error.find("past 20 bytes") != std::string::npos);
    CHECK(slurp(full) == "h\n0123456789\n");
    // Never through a symbolic link.
    fs::create_symlink(full, dir / "link.csv");
    CHECK_FALSE(appendDurably((dir / "link.csv").string(), "x\n", "", 1000, error));
    CHECK(slurp(full) == "h\n0123456789\n");
    fs::remove_all(dir);
}
