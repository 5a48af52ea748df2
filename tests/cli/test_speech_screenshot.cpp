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

TEST_CASE("with speech on, the idle warning is said once, in the kiosk's language, through the loop's own seam "
          "(#30.5)") {
    TempDir dir;
    std::string path = dir.file("idle.txt");
    // Enter opens the schedule; then nothing: at 10 s of a 30 s visit the warning shows.
    std::ofstream(path) << "key enter\nwait 25\n";
    const std::pair<const char*, const char*> warnings[] = {{"en", "Back to the overview in 20 seconds."},
                                                            {"de", "Zurück zur Übersicht in 20 Sekunden."},
                                                            {"fr", "Retour à l’accueil dans 20 secondes."},
                                                            {"es", "Vuelta al inicio en 20 segundos."}};
    for (auto [language, warning] : warnings) {
        for (bool speech : {true, false}) {
            INFO(language << (speech ? ", speech on" : ", speech off"));
            std::string kiosk = config(dir, language, speech);
            {
                std::ifstream in(kiosk);
                std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
                text.insert(text.rfind('}'), R"(, "idle_return_seconds": 30)");
                std::ofstream(kiosk) << text;
            }
            Run r = hallboardRun(
                {"screenshot", "--config", kiosk, "--size", "800x480", "--input", path, "-o", dir.file("idle.png")});
            INFO(r.err << r.out);
            REQUIRE(r.code == 0);
            CHECK(r.out.find("after the script: schedule") != std::string::npos);  // still browsing: 5 s left
            std::size_t n = 0;
            for (std::size_t at = r.out.find("read aloud ("); at != std::string::npos;
                 at = r.out.find("read aloud (", at + 1))
                ++n;
            CHECK(n == (speech ? 1u : 0u));
            if (speech)
                CHECK(r.out.find(std::string("read aloud (") + language + "): " + warning) != std::string::npos);
        }
    }
}
