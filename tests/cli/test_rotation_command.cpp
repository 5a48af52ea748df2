// `hallboard rotation`: the cycle the kiosk would run, laid out headless, on the bundled
// sample and on a generated conference of 40 rooms, 900 talks and 900 speakers. The
// printed steps are read back and the bounds checked from them, not from the summary.
#include <catch2/catch.hpp>
#include <algorithm>
#include <fstream>
#include <map>
#include <sstream>

#include "bench/synthetic_program.hpp"
#include "cli_support.hpp"
#include "model/program_json.hpp"
#include "support.hpp"

using namespace hallboard;
using hallboard::test::hallboardRun;
using hallboard::test::Run;
using hallboard::test::TempDir;

namespace {

const std::string kConfig = std::string(HALLBOARD_SOURCE_DIR) + "/config/kiosk.json";

struct Step {
    int start = 0;  // seconds into the cycle
    double seconds = 0;
    std::string page;  // as shown: now-next, rooms, upcoming, awards, speakers, countdown, closing
    int screen = 0, of = 0;
    std::string shows;
    bool home = false;  // a home page's screen (the report's "home: PAGE: ... each visit" lines)
};

// The home pages of the report: named by its "home: rooms: all 3 screens each visit"
// lines (a home page that gave way to another is not one).
std::vector<std::string> homePages(const std::string& out) {
    std::vector<std::string> pages;
    std::istringstream in(out);
    std::string line;
    while (std::getline(in, line))
        if (line.rfind("home: ", 0) == 0 && line.find(" each visit") != std::string::npos)
            pages.push_back(line.substr(6, line.find(':', 6) - 6));
    return pages;
}

// The step lines of the report: "0:20   15    upcoming  1 of 2    09:30 to 11:10: ...".
std::vector<Step> steps(const std::string& out) {
    const std::vector<std::string> homes = homePages(out);
    std::vector<Step> list;
    std::istringstream in(out);
    std::string line;
    bool inTable = false;
    while (std::getline(in, line)) {
        if (line.rfind("start  secs", 0) == 0) {
            inTable = true;
            continue;
        }
        if (!inTable) continue;
        if (line.empty()) break;
        Step s;
        int minutes = 0, secs = 0;
        char colon = 0;
        std::string ofWord;
        std::istringstream fields(line);
        fields >> minutes >> colon >> secs >> s.seconds >> s.page >> s.screen >> ofWord >> s.of;
        REQUIRE(fields);
        s.start = minutes * 60 + secs;
        std::getline(fields >> std::ws, s.shows);
        // Without "home:" page lines (no home page now), by kind.
        s.home = homes.empty()
                     ? (s.page == "now-next" || s.page == "rooms" || s.page == "countdown" || s.page == "closing")
                     : std::find(homes.begin(), homes.end(), s.page) != homes.end();
        list.push_back(s);
    }
    return list;
}

double total(const std::vector<Step>& list) {
    double t = 0;
    for (const auto& s : list) t += s.seconds;
    return t;
}

// The longest time between the starts of two home visits, the wrap into the next
// cycle (which starts with one) included.
double longestHomeGap(const std::vector<Step>& list) {
    std::vector<double> starts;
    double at = 0;
    for (std::size_t i = 0; i < list.size(); ++i) {
        if (list[i].home && (i == 0 || !list[i - 1].home)) starts.push_back(at);
        at += list[i].seconds;
    }
    if (starts.empty()) return 0;
    double longest = at - starts.back() + starts.front();
    for (std::size_t i = 1; i < starts.size(); ++i) longest = std::max(longest, starts[i] - starts[i - 1]);
    return longest;
}

// The per-room table: "off   room" then "50 s  Room 1.07" lines (and "never Room 9"
// for a room not shown at all), seconds by room name.
std::map<std::string, double> roomWaits(const std::string& out) {
    std::map<std::string, double> waits;
    std::istringstream in(out);
    std::string line;
    bool inTable = false;
    while (std::getline(in, line)) {
        if (line.rfind("off   room", 0) == 0) {
            inTable = true;
            continue;
        }
        if (!inTable) continue;
        if (line.rfind("never ", 0) == 0) {
            waits[line.substr(6)] = 1e9;
            continue;
        }
        double secs = 0;
        std::string unit;
        std::istringstream fields(line);
        if (!(fields >> secs >> unit) || unit != "s") break;
        std::string name;
        std::getline(fields >> std::ws, name);
        auto note = name.find("  (");
        waits[name.substr(0, note)] = secs;
    }
    return waits;
}

// 40 rooms, 900 talks in one day, each talk with a speaker of its own ("Speaker 17"),
// Room 1's third session (11:40) a keynote, ten awards.
Program stressProgram() {
    bench::SyntheticSpec spec;
    spec.talks = 900;
    spec.rooms = 40;
    spec.days = 1;
    Program p = bench::syntheticProgram(spec);
    for (Index t = 0; t < p.talks.size(); ++t) {
        p.people.push_back(Person{"speaker-" + std::to_string(t + 1), "Speaker " + std::to_string(t + 1), "", "", ""});
        p.talks[t].speakers = {t};
    }
    p.sessions[2].kind = SessionKind::keynote;
    for (Index a = 0; a < 10; ++a)
        p.awards.push_back(
            Award{"award-" + std::to_string(a + 1), "Award " + std::to_string(a + 1), a * 80, "", std::nullopt});
    return p;
}

// Writes the program and a configuration of `rotation` (a JSON list) next to it.
std::string writeFiles(const TempDir& dir, const Program& program, const std::string& rotation) {
    std::ofstream(dir.file("program.json")) << serializeProgram(program);
    std::string config = dir.file("kiosk.json");
    std::ofstream(config) << R"({"program": "program.json", "clock": {"mode": "system"}, "rotation": )" << rotation
                          << "}";
    return config;
}

const std::string kLobby = R"([{"page": "now-next", "seconds": 20}, {"page": "rooms", "seconds": 20},
    {"page": "upcoming", "seconds": 15}, {"page": "awards", "seconds": 12}, {"page": "speakers", "seconds": 12}])";

}  // namespace

TEST_CASE("rotation: the bundled day's cycle, each screen with what it shows") {
    Run r = hallboardRun({"rotation", "--config", kConfig, "--at", "2021-04-06T08:50"});
    INFO(r.out << r.err);
    REQUIRE(r.code == 0);
    auto list = steps(r.out);
    REQUIRE(list.size() >= 3);
    CHECK(list[0].page == "now-next");
    CHECK(list[0].shows == "Main room");
    bool speaker = false;
    for (const auto& s : list)
        speaker = speaker || (s.page == "speakers" && s.shows == "William Dally: on now, until 09:30");
    CHECK(speaker);
    CHECK(r.out.find("cycle: " + std::to_string(list.size()) + " screens") != std::string::npos);
    CHECK(r.out.find("within the bounds") != std::string::npos);
    // An hour later the invited talk is over: no speakers page at all.
    Run later = hallboardRun({"rotation", "--config", kConfig, "--at", "2021-04-06T09:45"});
    REQUIRE(later.code == 0);
    for (const auto& s : steps(later.out)) CHECK(s.page != "speakers");
    // 09:15, with the demo announcements' banner on the pages: every screen the plan
    // counts shows something (the words were laid out without the banner, and the
    // second screen of upcoming read "nothing").
    Run banner = hallboardRun({"rotation", "--config", kConfig, "--at", "2021-04-06T09:15"});
    REQUIRE(banner.code == 0);
    bool upcoming2 = false;
    for (const auto& s : steps(banner.out)) {
        INFO(s.page << " " << s.screen << " of " << s.of);
        CHECK(s.shows != "nothing");
        upcoming2 = upcoming2 || (s.page == "upcoming" && s.screen == 2);
    }
    CHECK(upcoming2);
}

TEST_CASE("rotation: 40 rooms, 900 talks and 900 speakers keep a short cycle with now and next every minute") {
    TempDir dir;
    Program program = stressProgram();
    std::string config = writeFiles(dir, program, kLobby);
    for (const char* size : {"1920x1080", "1080x1920", "800x480"}) {
        Run r = hallboardRun({"rotation", "--config", config, "--at", "2026-06-08T10:00", "--size", size});
        INFO(size << "\n" << r.out << r.err);
        REQUIRE(r.code == 0);
        auto list = steps(r.out);
        REQUIRE(!list.empty());
        CHECK(total(list) <= 180);
        CHECK(longestHomeGap(list) <= 60);
        // Upcoming's nearest screen at least: the rooms board's visits (every room, 30 s
        // each minute) and the cards between leave the others a screen or two each.
        CHECK(r.out.find("cut: upcoming: ") != std::string::npos);
        CHECK(std::count_if(list.begin(), list.end(),
                            [](const Step& s) { return s.page == "upcoming" && s.screen == 1; }) == 1);
        // Speakers: only of talks on now or to come within three hours, keynote first.
        Instant now = test::at(program, "2026-06-08T10:00");
        int speakerScreens = 0;
        for (const auto& s : list) {
            if (s.page != "speakers") continue;
            auto colon = s.shows.find(':');
            REQUIRE(colon != std::string::npos);
            int n = std::stoi(s.shows.substr(std::string("Speaker ").size(), colon));
            const Talk& talk = program.talks[static_cast<std::size_t>(n - 1)];
            CHECK(talk.slot.end > now);
            CHECK(talk.slot.start < now + std::chrono::hours{3});
            if (speakerScreens++ == 0) CHECK(program.sessions[*talk.session].kind == SessionKind::keynote);
        }
        CHECK(speakerScreens >= 1);
    }
}

TEST_CASE("rotation: a slide whose picture is refused is left out as the kiosk leaves it out") {
    TempDir dir;
    std::ofstream(dir.file("not-a-picture.png")) << "this is text, not a PNG";
    const std::string sponsor = std::string(HALLBOARD_SOURCE_DIR) + "/assets/slides/sponsor-kestrelbyte.png";
    std::string config = writeFiles(dir, stressProgram(), R"([{"page": "now-next", "seconds": 20},
        {"page": "slide", "image": "missing.png", "seconds": 10},
        {"page": "slide", "image": "not-a-picture.png", "seconds": 10},
        {"page": "slide", "image": ")" + sponsor + R"(", "seconds": 10},
        {"page": "slide", "title": "Wi-Fi", "seconds": 10}])");
    Run r = hallboardRun({"rotation", "--config", config, "--at", "2026-06-08T10:00"});
    INFO(r.out << r.err);
    REQUIRE(r.code == 0);
    std::vector<std::string> slides;
    for (const auto& s : steps(r.out))
        if (s.page == "slide") slides.push_back(s.shows);
    CHECK(slides == std::vector<std::string>{"sponsor-kestrelbyte.png", "Wi-Fi"});
}

TEST_CASE("rotation: a cycle that breaks its bounds exits 3 and says why") {
    TempDir dir;
    std::string config = writeFiles(dir, stressProgram(), R"([{"page": "now-next", "seconds": 20},
        {"page": "speakers", "seconds": 90}])");
    Run r = hallboardRun({"rotation", "--config", config, "--at", "2026-06-08T10:00"});
    INFO(r.out << r.err);
    CHECK(r.code == 3);
    // Six screens of now & next at the 8 s minimum (48 s) and 90 s of speakers.
    CHECK(r.out.find("warning: now-next returns after up to 138 s, longer than home_every_seconds 60 s") !=
          std::string::npos);
    CHECK(r.out.find("outside the bounds (exit 3)") != std::string::npos);
    // Bad options are usage errors, as for screenshot.
    CHECK(hallboardRun({"rotation", "--config", config, "--at", "tomorrow"}).code == 2);
    CHECK(hallboardRun({"rotation", "--config", config, "--size", "big"}).code == 2);
}

TEST_CASE(
    "rotation: the bundled 40-room stress program, with the default and the lobby rotation, stays within the bounds") {
    const std::string stress = std::string(HALLBOARD_SOURCE_DIR) + "/data/stress-40-rooms.json";
    TempDir dir;
    std::string lobby = dir.file("lobby.json");
    std::ofstream(lobby) << R"({"program": ")" << stress << R"(", "clock": {"mode": "system"}, "rotation": )" << kLobby
                         << "}";
    // 800x480 holds 13 rooms within the bound (the next test); 40 need a subset there.
    for (const std::string& config : {kConfig, lobby})
        for (const char* size : {"1280x720", "1920x1080", "1080x1920", "3840x2160"}) {
            Run r = hallboardRun(
                {"rotation", "--config", config, "--program", stress, "--at", "2027-06-14T10:40", "--size", size});
            INFO(config << " at " << size << "\n" << r.out << r.err);
            REQUIRE(r.code == 0);
            auto list = steps(r.out);
            CHECK(total(list) <= 180);
            CHECK(longestHomeGap(list) <= 60);
        }
}

TEST_CASE("rotation: every one of 40 rooms is back on screen within a minute at 08:30 and 10:10 of the second day") {
    const std::string stress = std::string(HALLBOARD_SOURCE_DIR) + "/data/stress-40-rooms.json";
    for (const char* at : {"2027-06-15T08:30", "2027-06-15T10:10"})
        for (const char* size : {"1280x720", "1920x1080", "1080x1920", "3840x2160"}) {
            Run r = hallboardRun({"rotation", "--config", kConfig, "--program", stress, "--at", at, "--size", size});
            INFO(at << " at " << size << "\n" << r.out << r.err);
            REQUIRE(r.code == 0);
            auto waits = roomWaits(r.out);
            CHECK(waits.size() >= 30);  // the rooms with something on that day
            for (const auto& [room, secs] : waits) {
                INFO(room);
                CHECK(secs <= 60);
            }
            // Each home visit shows the whole rooms board: every screen of it, in order.
            auto list = steps(r.out);
            for (std::size_t i = 0; i < list.size(); ++i)
                if (list[i].page == "rooms" && (i == 0 || list[i - 1].page != "rooms"))
                    for (int k = 0; k < list[i].of; ++k) {
                        REQUIRE(i + static_cast<std::size_t>(k) < list.size());
                        CHECK(list[i + static_cast<std::size_t>(k)].page == "rooms");
                        CHECK(list[i + static_cast<std::size_t>(k)].screen == k + 1);
                    }
        }
}

TEST_CASE("rotation: a room kept off the screen longer than home_every_seconds exits 3 and names it") {
    // Now & next alone for 40 rooms: six screens of cards, each visit all of them at the
    // 8 s minimum, and the other pages between: longer than a minute.
    TempDir dir;
    std::string config = writeFiles(dir, stressProgram(), R"([{"page": "now-next", "seconds": 20},
        {"page": "upcoming", "seconds": 15}, {"page": "speakers", "seconds": 30}])");
    Run r = hallboardRun({"rotation", "--config", config, "--at", "2026-06-08T10:00", "--size", "1920x1080"});
    INFO(r.out << r.err);
    CHECK(r.code == 3);
    auto waits = roomWaits(r.out);
    REQUIRE(waits.size() == 40);
    CHECK(std::any_of(waits.begin(), waits.end(), [](const auto& w) { return w.second > 60; }));
    CHECK(r.out.find("(longer than home_every_seconds)") != std::string::npos);
    CHECK(r.out.find("warning: a room waits longer than home_every_seconds 60 s: a rooms board page") !=
          std::string::npos);
}

TEST_CASE("rotation: the 800x480 touch screen shows each of 13 rooms within a minute") {
    const std::string stress = std::string(HALLBOARD_SOURCE_DIR) + "/data/stress-40-rooms.json";
    ProgramLoad load = loadProgramFile(stress);
    REQUIRE(load.ok());
    const Program& program = *load.program;
    std::string rooms;
    for (Index r = 0; r < 13; ++r) rooms += std::string(rooms.empty() ? "" : ", ") + "\"" + program.rooms[r].id + "\"";
    TempDir dir;
    std::ifstream shipped(std::string(HALLBOARD_SOURCE_DIR) + "/config/small-touch-800x480.json");
    std::string text((std::istreambuf_iterator<char>(shipped)), {});
    auto at = text.find("\"program\":");
    auto end = text.find('\n', at);
    REQUIRE(at != std::string::npos);
    text.replace(at, end - at, "\"program\": \"" + stress + "\", \"rooms\": [" + rooms + "],");
    std::string config = dir.file("small.json");
    std::ofstream(config) << text;
    Run r = hallboardRun({"rotation", "--config", config, "--at", "2027-06-15T10:10", "--size", "800x480"});
    INFO(text << "\n" << r.out << r.err);
    REQUIRE(r.code == 0);
    auto waits = roomWaits(r.out);
    CHECK(waits.size() == 13);
    for (const auto& [room, secs] : waits) CHECK(secs <= 60);
}
