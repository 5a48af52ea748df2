// Readable from the hallway: every page of every bundled program, rendered headless by
// the real renderer at the five screen sizes, read back from its layout record
// (`hallboard screenshot --layout`). No informative text under the reading floor, nothing
// under the caption floor, every run inside its clip and the screen, no two runs on top
// of each other; and the floor itself is physical (kiosk/legibility.hpp).
#include <catch2/catch.hpp>
#include <algorithm>
#include <cfloat>
#include <cstring>
#include <map>
#include <filesystem>
#include <fstream>

#include <nlohmann/json.hpp>

#include "cli_support.hpp"
#include "kiosk/legibility.hpp"
#include "support.hpp"

using namespace hallboard;
using hallboard::test::hallboardRun;
using hallboard::test::Run;
using hallboard::test::TempDir;
using json = nlohmann::json;

namespace {

const std::string kData = std::string(HALLBOARD_SOURCE_DIR) + "/data/";
const std::string kConfig = std::string(HALLBOARD_SOURCE_DIR) + "/config/kiosk.json";
const char* const kSizes[] = {"800x480", "1280x720", "1920x1080", "1080x1920", "3840x2160"};

struct Box {
    float x0, y0, x1, y1;
};
Box box(const json& a) {
    return {a[0].get<float>(), a[1].get<float>(), a[2].get<float>(), a[3].get<float>()};
}

// One screenshot's layout record; null when the page has nothing to show then.
std::optional<json> layoutOf(const std::string& program, const std::string& at, const std::string& page,
                             const std::string& size, int screen = 0, const std::string& config = kConfig) {
    static const TempDir dir;
    std::string png = dir.file("shot.png"), layout = dir.file("layout.json");
    Run r = hallboardRun({"screenshot", "--config", config, "--program", kData + program, "--at", at, "--page", page,
                          "--size", size, "--screen", std::to_string(screen), "-o", png, "--layout", layout});
    if (r.code == 1 && r.err.find("nothing to show") != std::string::npos) return std::nullopt;
    INFO(r.err);
    REQUIRE(r.code == 0);
    std::ifstream in(layout);
    return json::parse(in);
}

// The floor, inside the clip and the screen, apart from each other.
void checkRecord(const json& doc, const std::string& what) {
    INFO(what);
    float textPx = doc["reading"]["text_px"].get<float>(), anyPx = doc["reading"]["any_px"].get<float>();
    float w = doc["size"][0].get<float>(), h = doc["size"][1].get<float>();
    const json& runs = doc["runs"];
    REQUIRE(!runs.empty());
    for (const json& run : runs) {
        Box b = box(run["box"]), c = box(run["clip"]);
        INFO(run["page"].get<std::string>() << ": \"" << run["text"].get<std::string>() << "\" "
                                            << run["px"].get<float>() << " px at " << b.x0 << "," << b.y0);
        float px = run["px"].get<float>();
        CHECK(px >= anyPx - 0.5f);
        if (run["informative"].get<bool>()) CHECK(px >= textPx - 0.5f);
        CHECK(b.x0 >= c.x0 - 1);
        CHECK(b.y0 >= c.y0 - 1);
        CHECK(b.x1 <= c.x1 + 1);
        CHECK(b.y1 <= c.y1 + 1);
        CHECK(b.x0 >= -1);
        CHECK(b.y0 >= -1);
        CHECK(b.x1 <= w + 1);
        CHECK(b.y1 <= h + 1);
    }
    for (std::size_t i = 0; i < runs.size(); ++i)
        for (std::size_t j = i + 1; j < runs.size(); ++j) {
            Box a = box(runs[i]["box"]), b = box(runs[j]["box"]);
            bool apart = a.x1 <= b.x0 + 2 || b.x1 <= a.x0 + 2 || a.y1 <= b.y0 + 2 || b.y1 <= a.y0 + 2;
            INFO("\"" << runs[i]["text"].get<std::string>() << "\" overlaps \"" << runs[j]["text"].get<std::string>()
                      << "\"");
            CHECK(apart);
        }
}

// Every screen of a page at every size (first and last screen when there are several).
int checkPage(const std::string& program, const std::string& at, const std::string& page) {
    int shown = 0;
    for (const char* size : kSizes) {
        auto doc = layoutOf(program, at, page, size);
        if (!doc) continue;
        ++shown;
        std::string what = program + " " + page + " at " + size + " (" + at + ")";
        checkRecord(*doc, what + ", screen 1");
        int screens = (*doc)["screens"].get<int>();
        if (screens > 1) {
            auto last = layoutOf(program, at, page, size, screens - 1);
            REQUIRE(last);
            checkRecord(*last, what + ", screen " + std::to_string(screens));
        }
    }
    return shown;
}

}  // namespace

TEST_CASE("the reading floor is physical: 3 m on a 43-inch panel, either way up") {
    DisplayConfig d;
    ReadingSize landscape = readingSize(d, 1.0, 1920, 1080), portrait = readingSize(d, 1.0, 1080, 1920);
    CHECK(landscape.textPx >= 29);  // the 10-foot UI's body text at 1080p
    CHECK(landscape.anyPx >= 23);   // and nothing smaller
    CHECK(portrait.textPx == landscape.textPx);
    CHECK(readingSize(d, 1.0, 3840, 2160).textPx == Approx(landscape.textPx * 2).margin(1));
    d.viewingDistanceMetres = 6;  // twice as far: twice as large
    CHECK(readingSize(d, 1.0, 1920, 1080).textPx == Approx(landscape.textPx * 2).margin(1));
    d.viewingDistanceMetres = 3;
    d.diagonalInches = 86;  // the same pixels on a panel twice as large: half the pixels
    CHECK(readingSize(d, 1.0, 1920, 1080).textPx == Approx(landscape.textPx / 2).margin(1));
    d.diagonalInches = 7;  // a 7" panel read at arm's length keeps a pixel floor
    d.viewingDistanceMetres = 0.5;
    CHECK(readingSize(d, 1.0, 800, 480).textPx >= kMinTextPx);
    CHECK(readingSize(d, 1.25, 800, 480).textPx > readingSize(d, 1.0, 800, 480).textPx);
    CHECK(readingSize(d, 0.5, 800, 480).textPx == readingSize(d, 1.0, 800, 480).textPx);  // scale never shrinks
}

TEST_CASE("a display's own report of its size is used only when believable") {
    CHECK(!reportedDiagonal(1920, 1080, 96.0f));  // an X server that does not know the panel
    CHECK(!reportedDiagonal(1920, 1080, 72.0f));
    CHECK(!reportedDiagonal(1920, 1080, 0.0f));
    CHECK(!reportedDiagonal(1920, 1080, 5000.0f));  // under 4 inches
    auto tv = reportedDiagonal(1920, 1080, 51.2f);  // a 43-inch TV's EDID
    REQUIRE(tv);
    CHECK(*tv == Approx(43).margin(0.2));
    DisplayConfig d;
    CHECK(readingSize(d, 1.0, 1920, 1080, tv).diagonalFrom == "the display");
    d.diagonalInches = 55;
    CHECK(readingSize(d, 1.0, 1920, 1080, tv).diagonalFrom == "the configuration");
}

TEST_CASE("every page of the MLSys 2021 day keeps the reading floor at every size") {
    for (const char* page : {"now-next", "rooms", "upcoming"})
        CHECK(checkPage("mlsys2021.json", "2021-04-06T09:45", page) == 5);
    CHECK(checkPage("mlsys2021.json", "2021-04-06T08:50", "speakers") == 5);  // the invited talk, on now
    CHECK(checkPage("mlsys2021.json", "2021-04-06T08:00", "now-next") == 5);  // the door sign before the first session
    CHECK(checkPage("mlsys2021.json", "2021-04-03T12:00", "countdown") == 5);
    CHECK(checkPage("mlsys2021.json", "2021-04-07T09:00", "closing") == 5);
    CHECK(checkPage("mlsys2021.json", "2021-04-06T09:45", "welcome") == 5);
}

TEST_CASE("every page of the MLSys 2022 awards keeps the reading floor at every size") {
    for (const char* page : {"now-next", "upcoming", "awards"})  // the 2022 sample names no speakers
        CHECK(checkPage("mlsys2022.json", "2022-08-30T14:40", page) == 5);
}

TEST_CASE("the paper lists keep the reading floor at every size") {
    CHECK(checkPage("mlsys2023-papers.json", "2023-06-05T10:00", "welcome") == 5);
    CHECK(checkPage("arxiv-systems-ml.json", "2024-01-10T10:00", "welcome") == 5);
}

TEST_CASE("the 40-room, 900-talk stress program keeps the reading floor on every page at every size") {
    // Mid-morning of the first day: rooms live and between sessions, long titles, 25 authors.
    for (const char* page : {"now-next", "rooms", "upcoming", "speakers", "awards"})
        CHECK(checkPage("stress-40-rooms.json", "2027-06-14T10:40", page) == 5);
}

TEST_CASE("upcoming wraps a long talk title to a second line rather than cutting it") {
    // Portrait and landscape: the MLSys 2021 day has titles of 90 characters.
    for (const char* size : {"1080x1920", "1920x1080"}) {
        auto doc = layoutOf("mlsys2021.json", "2021-04-06T09:45", "upcoming", size);
        REQUIRE(doc);
        bool micro = false;
        for (const json& run : (*doc)["runs"]) {
            INFO(size << ": " << run["text"].get<std::string>());
            CHECK(!run["cut"].get<bool>());
            micro = micro || run["text"].get<std::string>().find("MicroNets") != std::string::npos;
        }
        CHECK(micro);
    }
}

TEST_CASE("announcements: a banner on every page and a page of their own, at the reading floor at every size") {
    TempDir dir;
    std::filesystem::copy_file(std::string(HALLBOARD_SOURCE_DIR) + "/config/overrides.example.json",
                               dir.file("overrides.json"));
    std::string config = dir.file("kiosk.json");
    std::ofstream(config) << R"({"program": "program.json", "overrides": "overrides.json", "clock": {"mode": "system"},
        "rotation": [{"page": "now-next", "seconds": 20}, {"page": "announcements", "seconds": 15}]})";
    auto has = [](const json& doc, const std::string& needle) {
        for (const json& run : doc["runs"])
            if (run["text"].get<std::string>().find(needle) != std::string::npos) return true;
        return false;
    };
    for (const char* size : kSizes) {
        INFO(size);
        // 09:00: the urgent keynote overflow leads the banner, two announcements in turn.
        auto nowNext = layoutOf("mlsys2021.json", "2021-04-06T09:00", "now-next", size, 0, config);
        REQUIRE(nowNext);
        checkRecord(*nowNext, std::string("now-next with the banner at ") + size);
        CHECK(has(*nowNext, "Keynote overflow  ·  "));  // the banner: title and text on one line
        auto page = layoutOf("mlsys2021.json", "2021-04-06T09:00", "announcements", size, 0, config);
        REQUIRE(page);
        checkRecord(*page, std::string("announcements at ") + size);
        CHECK(has(*page, "Keynote overflow"));
        CHECK(!has(*page, "Keynote overflow  ·  "));  // no banner on the page that shows them all
        // 10:00: the overflow's window is over; only the Wi-Fi is left, no "1 / 2".
        auto later = layoutOf("mlsys2021.json", "2021-04-06T10:00", "now-next", size, 0, config);
        REQUIRE(later);
        CHECK(!has(*later, "Keynote overflow"));
        CHECK(has(*later, "Wi-Fi"));
        CHECK(!has(*later, "1 / 2"));
    }
}

TEST_CASE("the multi-script program keeps the reading floor on every page at every size") {
    // Arabic, Hebrew, Hindi, Thai, Chinese, Japanese, Korean, Greek and Russian with emoji,
    // through the text engine: its measures are the ones drawn, so nothing overflows.
    for (const char* page : {"now-next", "rooms", "upcoming", "speakers", "awards"})
        CHECK(checkPage("multiscript.json", "2025-03-12T09:20", page) == 5);
}

TEST_CASE("every page in German, French and Spanish keeps the reading floor at 800x480 and 1920x1080") {
    // The kiosk's own words in each shipped language (German runs longest), through the
    // same checks as English: at the floor, inside clip and screen, none on another.
    struct Words {
        const char* language;
        const char* next;     // the now & next card's NEXT
        const char* longDay;  // the header's date
        const char* left;     // the time left under the progress bar, in its long or short forms
    };
    const Words languages[] = {{"de", "DANACH", "Dienstag, 6. April 2021", "Vortrag "},
                               {"fr", "ENSUITE", "mardi 6 avril 2021", "exposé "},
                               {"es", "DESPUÉS", "martes, 6 de abril de 2021", "charla "}};
    TempDir dir;
    for (const Words& words : languages) {
        std::string config = dir.file(std::string("kiosk-") + words.language + ".json");
        std::ofstream(config) << R"({"program": "program.json", "clock": {"mode": "system"}, "language": ")"
                              << words.language
                              << R"(", "rotation": [{"page": "now-next"}, {"page": "rooms"}, {"page": "upcoming"},
                                 {"page": "speakers"}, {"page": "awards"}]})";
        auto has = [](const json& doc, const std::string& needle, bool whole = false) {
            for (const json& run : doc["runs"])
                if (run["text"].get<std::string>().find(needle) != std::string::npos &&
                    (!whole || !run["cut"].get<bool>()))
                    return true;
            return false;
        };
        struct Shot {
            const char* program;
            const char* at;
            const char* page;
        };
        const Shot shots[] = {
            {"mlsys2021.json", "2021-04-06T09:45", "now-next"}, {"mlsys2021.json", "2021-04-06T09:45", "rooms"},
            {"mlsys2021.json", "2021-04-06T09:45", "upcoming"}, {"mlsys2021.json", "2021-04-06T08:50", "speakers"},
            {"mlsys2022.json", "2022-08-30T14:40", "awards"},   {"mlsys2021.json", "2021-04-03T12:00", "countdown"},
            {"mlsys2021.json", "2021-04-07T09:00", "closing"},  {"mlsys2021.json", "2021-04-06T09:45", "welcome"}};
        for (const char* size : {"800x480", "1920x1080"})
            for (const Shot& shot : shots) {
                std::string what = std::string(words.language) + " " + shot.page + " at " + size;
                INFO(what);
                auto doc = layoutOf(shot.program, shot.at, shot.page, size, 0, config);
                REQUIRE(doc);
                checkRecord(*doc, what);
                if (std::string(shot.page) == "now-next") {
                    CHECK(has(*doc, words.next, true));
                    CHECK(has(*doc, words.longDay, true));
                    CHECK(has(*doc, words.left, true));  // never cut, as in English
                    CHECK(!has(*doc, "NEXT"));           // no English left behind
                }
            }
    }
}

TEST_CASE("now & next keeps every room's name whole: the name column widens for a long one") {
    // "Grand Auditorium Émilie du Châtelet" had become "Grand Auditorium…" at 800x480.
    std::ifstream in(kData + "stress-40-rooms.json");
    json program = json::parse(in);
    std::vector<std::string> names;
    for (const json& room : program["rooms"]) names.push_back(room["name"].get<std::string>());
    for (const char* size : kSizes)
        for (int screen : {0, 1}) {
            auto doc = layoutOf("stress-40-rooms.json", "2027-06-14T10:15", "now-next", size, screen);
            REQUIRE(doc);
            std::string all;
            for (const json& run : (*doc)["runs"]) {
                std::string text = run["text"].get<std::string>();
                all += text + " ";
                if (!run["cut"].get<bool>()) continue;
                std::string shown = text.substr(0, text.rfind("…"));
                INFO(size << " screen " << screen << ": \"" << text << "\" is cut");
                for (const std::string& name : names) CHECK(name.rfind(shown, 0) != 0);
            }
            INFO(size);
            if (screen == 0) CHECK(all.find("Châtelet") != std::string::npos);
            // One size for the whole column: the lines of names at the left edge.
            float smallest = FLT_MAX, largest = 0;
            float width = (*doc)["size"][0].get<float>();
            for (const json& run : (*doc)["runs"]) {
                std::string text = run["text"].get<std::string>();
                bool ofName = text.size() >= 4 && std::any_of(names.begin(), names.end(), [&](const std::string& n) {
                                  return n.find(text) != std::string::npos;
                              });
                if (!ofName || box(run["box"]).x0 > width * 0.12f) continue;
                smallest = std::min(smallest, run["px"].get<float>());
                largest = std::max(largest, run["px"].get<float>());
            }
            INFO("screen " << screen << ": names from " << smallest << " to " << largest << " px");
            CHECK(largest > 0);
            CHECK(largest - smallest <= 0.5f);
        }
}

TEST_CASE("a portrait award card sets a long title whole and lets the abstract give way") {
    // "Sparse Quantisation with Persistent Memory: An Empirical Comparison of Eleven ..."
    // was cut after three lines at 1080x1920, over an abstract at full length.
    for (int screen : {0, 1, 2}) {
        auto doc = layoutOf("stress-40-rooms.json", "2027-06-14T10:15", "awards", "1080x1920", screen);
        if (!doc) continue;
        for (const json& run : (*doc)["runs"]) {
            std::string text = run["text"].get<std::string>();
            INFO("screen " << screen << ": \"" << text << "\"");
            if (run["px"].get<float>() >
                (*doc)["reading"]["text_px"].get<float>() * 1.15f)  // the titles, not the abstracts
                CHECK_FALSE(run["cut"].get<bool>());
        }
    }
}

TEST_CASE("the rooms board keeps the rooms still running at its top and the rooms done for the day on one line") {
    // At a congress's late afternoon, 18 rooms with nothing more that day each kept a row
    // (a dash and "Nothing more today") among the 20 still running: two more screens.
    std::ifstream in(kData + "stress-40-rooms.json");
    json program = json::parse(in);
    std::map<std::string, std::string> lastEnd;  // room id -> its last end that day
    for (const json& s : program["sessions"]) {
        std::string start = s["start"].get<std::string>();
        if (start.compare(0, 10, "2027-06-14") != 0 || !s.contains("room")) continue;
        std::string end = s.value("end", start);
        lastEnd[s["room"].get<std::string>()] = std::max(lastEnd[s["room"].get<std::string>()], end);
    }
    std::vector<std::string> running, done;
    for (const json& room : program["rooms"]) {
        auto it = lastEnd.find(room["id"].get<std::string>());
        (it != lastEnd.end() && it->second > "2027-06-14T17:00" ? running : done)
            .push_back(room["name"].get<std::string>());
    }
    REQUIRE(running.size() == 20);
    REQUIRE(done.size() == 20);
    for (const char* size : kSizes) {
        INFO(size);
        auto first = layoutOf("stress-40-rooms.json", "2027-06-14T17:00", "rooms", size);
        REQUIRE(first);
        int screens = (*first)["screens"].get<int>();
        std::size_t perScreen = 0;  // running rooms on the first screen: rows a screen
        for (const json& run : (*first)["runs"])
            perScreen += std::count(running.begin(), running.end(), run["text"].get<std::string>());
        REQUIRE(perScreen > 0);
        std::string all;
        for (int screen = 0; screen < screens; ++screen) {
            auto doc =
                screen == 0 ? first : layoutOf("stress-40-rooms.json", "2027-06-14T17:00", "rooms", size, screen);
            REQUIRE(doc);
            for (const json& run : (*doc)["runs"]) all += run["text"].get<std::string>() + "\n";
        }
        // The names on the shared line keep their words together with no-break spaces.
        for (auto at = all.find("\u00A0"); at != std::string::npos; at = all.find("\u00A0", at))
            all.replace(at, 2, " ");
        // One line says it, once, after every running room.
        auto line = all.find("Nothing more today");
        REQUIRE(line != std::string::npos);
        CHECK(all.find("Nothing more today", line + 1) == std::string::npos);
        for (const std::string& name : running) {
            auto at = all.find(name + "\n");
            INFO(name);
            CHECK(at != std::string::npos);
            CHECK(at < line);
        }
        // The room done first is named on that line.
        CHECK(all.find(done.front(), line) != std::string::npos);
        // The 20 running rooms and one line: as many screens as 21 rows take.
        CHECK(screens == static_cast<int>((21 + perScreen - 1) / perScreen));
    }
}
