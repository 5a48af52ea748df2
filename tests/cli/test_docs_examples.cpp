// The examples the documentation shows for the fields of #31 (room state, the emergency,
// exits, the timer and changes pages, the takeover's languages) and the shipped
// config/overrides.example.json: each is a file `hallboard check` accepts (exit 0), run
// as a user would, on the bundled MLSys 2021 sample.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>

#include "cli_support.hpp"
#include "support.hpp"

using namespace hallboard;
using namespace hallboard::test;

namespace {

const std::string kSource = HALLBOARD_SOURCE_DIR;
const std::string kProgram = kSource + "/data/mlsys2021.json";

std::string slurp(const std::string& path) {
    std::ifstream in(path);
    REQUIRE(in);
    return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

void write(const std::string& path, const std::string& text) {
    std::ofstream(path) << text;
}

// The fenced ```json and ```jsonc blocks of a document, from `after` (a heading) on.
std::vector<std::string> jsonBlocks(const std::string& doc, const std::string& after = {}) {
    std::vector<std::string> out;
    std::size_t from = after.empty() ? 0 : doc.find(after);
    REQUIRE(from != std::string::npos);
    for (std::size_t open = doc.find("```json", from); open != std::string::npos; open = doc.find("```json", open)) {
        open = doc.find('\n', open) + 1;
        std::size_t close = doc.find("```", open);
        REQUIRE(close != std::string::npos);
        out.push_back(doc.substr(open, close - open));
        open = close + 3;
    }
    return out;
}

// The first block of the section under `heading` (up to the next "## ").
std::string blockUnder(const std::string& doc, const std::string& heading) {
    std::size_t at = doc.find(heading);
    REQUIRE(at != std::string::npos);
    std::size_t end = doc.find("\n## ", at + heading.size());
    auto blocks = jsonBlocks(doc.substr(at, end == std::string::npos ? std::string::npos : end - at));
    REQUIRE_FALSE(blocks.empty());
    return blocks.front();
}

std::string replacedAll(std::string text, const std::string& from, const std::string& to) {
    for (std::size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size()))
        text.replace(at, from.size(), to);
    return text;
}

Run checkOverrides(const TempDir& dir, const std::string& overrides) {
    write(dir.file("overrides.json"), overrides);
    return hallboardRun({"check", kProgram, "--overrides", dir.file("overrides.json")});
}

}  // namespace

TEST_CASE("docs/overrides.md's room state and emergency examples pass `hallboard check`") {
    std::string doc = slurp(kSource + "/docs/overrides.md");
    TempDir dir;
    Run rooms = checkOverrides(dir, blockUnder(doc, "## Room state"));
    INFO(rooms.out << rooms.err);
    CHECK(rooms.code == 0);
    CHECK_THAT(rooms.out, Catch::Contains("Main room: full"));
    Run emergency = checkOverrides(dir, blockUnder(doc, "## Emergency takeover"));
    INFO(emergency.out << emergency.err);
    CHECK(emergency.code == 0);
    CHECK_THAT(emergency.out, Catch::Contains("Fire alarm: leave the building"));
}

TEST_CASE("config/overrides.example.json has rooms and a drill to uncomment, and both pass `hallboard check`") {
    std::string example = slurp(kSource + "/config/overrides.example.json");
    TempDir dir;
    Run as = checkOverrides(dir, example);
    INFO(as.out << as.err);
    CHECK(as.code == 0);
    CHECK_THAT(as.out, Catch::Contains("Main room: full"));
    // The drill as its comment says: a comma after the rooms, the // taken out.
    std::size_t rooms = example.find("\"rooms\": {");
    REQUIRE(rooms != std::string::npos);
    std::size_t roomsEnd = example.find("\n  }", rooms);
    REQUIRE(roomsEnd != std::string::npos);
    std::string drill = example.substr(0, roomsEnd + 4) + "," + example.substr(roomsEnd + 4);
    std::size_t emergency = drill.find("// \"emergency\"");
    REQUIRE(emergency != std::string::npos);
    std::string tail = replacedAll(drill.substr(emergency), "  // ", "  ");
    drill = drill.substr(0, emergency) + replacedAll(tail, "// \"emergency\"", "\"emergency\"");
    Run withDrill = checkOverrides(dir, drill);
    INFO(drill << withDrill.out << withDrill.err);
    CHECK(withDrill.code == 0);
    CHECK_THAT(withDrill.out, Catch::Contains("Fire alarm: leave the building"));
}

TEST_CASE("docs/venue.md's example venue, with its exit, passes `hallboard check` and leads out") {
    std::string venue = jsonBlocks(slurp(kSource + "/docs/venue.md"), "## 3. The file").front();
    CHECK_THAT(venue, Catch::Contains("\"kind\": \"exit\""));
    TempDir dir;
    std::filesystem::create_directory(dir.file("maps"));
    std::filesystem::copy_file(kSource + "/assets/maps/mlsys2021-ground.png", dir.file("maps/ground.png"));
    std::filesystem::copy_file(kSource + "/assets/maps/mlsys2021-first.png", dir.file("maps/first.png"));
    write(dir.file("venue.json"), venue);
    write(dir.file("kiosk.json"), R"({"program": ")" + kProgram + R"(", "venue": "venue.json",
        "here": {"point": "lobby-kiosk", "facing": "N"}})");
    Run run = hallboardRun({"check", "-c", dir.file("kiosk.json")});
    INFO(run.out << run.err);
    CHECK(run.code == 0);
    CHECK_THAT(run.out, Catch::Contains("nearest exit \"Entrance\""));
    CHECK(run.err.find("venue.json") == std::string::npos);  // nothing to say of the venue (the sample has its own)
}

TEST_CASE("docs/configuration.md's configurations and pages (timer, changes, emergency_languages) pass `check`") {
    std::string doc = slurp(kSource + "/docs/configuration.md");
    TempDir dir;
    int configs = 0, pages = 0;
    bool timer = false, changes = false, languages = false;
    for (std::string block : jsonBlocks(doc)) {
        std::size_t first = block.find_first_not_of(" \n");
        if (first == std::string::npos || block[first] == '"') continue;  // a few keys out of a file
        block = replacedAll(block, "\"../", "\"" + kSource + "/");
        if (block.find("\"page\"") < block.find("\"program\"")) {  // rotation entries
            block = R"({"program": ")" + kProgram + R"(", "rotation": [)" + block + "]}";
            ++pages;
        } else {
            ++configs;
        }
        timer = timer || block.find("\"page\": \"timer\"") != std::string::npos;
        changes = changes || block.find("\"page\": \"changes\"") != std::string::npos;
        languages = languages || block.find("\"emergency_languages\"") != std::string::npos;
        write(dir.file("kiosk.json"), block);
        Run run = hallboardRun({"check", "-c", dir.file("kiosk.json")});
        INFO(block << run.out << run.err);
        CHECK(run.code == 0);
    }
    CHECK(configs >= 3);
    CHECK(pages >= 2);
    CHECK(timer);
    CHECK(changes);
    CHECK(languages);
}
