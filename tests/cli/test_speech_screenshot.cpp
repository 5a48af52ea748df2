// Speech through the kiosk's own path (accessibility.speech): the "read aloud" button on
// every browse screen, and what the voice is given to say when a visitor presses the
// speak key, played by `hallboard screenshot --input` as the kiosk would play it.
#include <catch2/catch.hpp>

#include <fstream>

#include <nlohmann/json.hpp>

#include "cli_support.hpp"
#include "support.hpp"

using namespace hallboard;
using hallboard::test::hallboardRun;
using hallboard::test::Run;
using hallboard::test::TempDir;

namespace {

const std::string kSrc = HALLBOARD_SOURCE_DIR;

std::string config(const TempDir& dir, const std::string& language, bool speech) {
    std::string path = dir.file("kiosk-" + language + (speech ? "-speech" : "") + ".json");
    std::ofstream(path) << R"({"program": ")" << kSrc << R"(/data/mlsys2021.json", "venue": ")" << kSrc
                        << R"(/data/mlsys2021.venue.json", "here": {"point": "lobby-kiosk", "facing": "N"},)"
                        << R"( "clock": {"mode": "fixed", "at": "2021-04-06T08:05"}, "language": ")" << language
                        << R"(", "accessibility": {"speech": )" << (speech ? "true" : "false") << "}}";
    return path;
}

std::string script(const TempDir& dir) {
    std::string path = dir.file("speak.txt");
    // Keys only: search, the first result, then the speak key (F1).
    std::ofstream(path) << "type deep learning hardware\nkey down\nkey enter\nwait 0.5\nkey speak\n";
    return path;
}

// The text runs of a layout record that hold `needle`.
int runsWith(const std::string& layout, const std::string& needle) {
    std::ifstream in(layout);
    nlohmann::json doc = nlohmann::json::parse(in);
    int n = 0;
    for (const nlohmann::json& run : doc["runs"])
        if (run["text"].get<std::string>().find(needle) != std::string::npos) ++n;
    return n;
}

}  // namespace

TEST_CASE("with speech on, every browse screen shows read aloud, and the speak key reads the talk") {
    TempDir dir;
    const std::pair<const char*, const char*> languages[] = {
        {"en", "Read aloud"}, {"de", "Vorlesen"}, {"fr", "Lire à voix haute"}, {"es", "Leer en voz alta"}};
    const std::pair<const char*, const char*> room[] = {{"en", "Room: Main room."},
                                                        {"de", "Raum: Main room."},
                                                        {"fr", "Salle : Main room."},
                                                        {"es", "Sala: Main room."}};
    for (std::size_t i = 0; i < 4; ++i) {
        auto [language, button] = languages[i];
        for (const char* size : {"800x480", "1080x1920"}) {
            INFO(language << " at " << size);
            std::string layout = dir.file("talk.json");
            Run r = hallboardRun({"screenshot", "--config", config(dir, language, true), "--size", size, "--input",
                                  script(dir), "-o", dir.file("talk.png"), "--layout", layout});
            INFO(r.err << r.out);
            REQUIRE(r.code == 0);
            CHECK(r.out.find("after the script: talk \"Directions for Deep Learning Hardware\"") != std::string::npos);
            std::string said = std::string("read aloud (") + language + "): Directions for Deep Learning Hardware.";
            CHECK(r.out.find(said) != std::string::npos);
            CHECK(r.out.find(room[i].second) != std::string::npos);
            CHECK(r.out.find("William Dally.") != std::string::npos);
            CHECK(runsWith(layout, button) == 1);
        }
    }
}

TEST_CASE("with speech off (the default), no read aloud button and nothing said") {
    TempDir dir;
    std::string layout = dir.file("talk.json");
    Run r = hallboardRun({"screenshot", "--config", config(dir, "en", false), "--size", "1920x1080", "--input",
                          script(dir), "-o", dir.file("talk.png"), "--layout", layout});
    INFO(r.err << r.out);
    REQUIRE(r.code == 0);
    CHECK(r.out.find("after the script: talk \"Directions for Deep Learning Hardware\"") != std::string::npos);
    CHECK(r.out.find("read aloud") == std::string::npos);
    CHECK(runsWith(layout, "Read aloud") == 0);
}
