// Text a file can hold that no screen can show, or that reads as other text (#26.1,
// #26.9): cleaned once, where text enters (base/text.cpp cleanText, through the JSON
// reader for every JSON file), with a warning that says where; the last good copy
// written only after a frame; logs that stay short when a file has thousands of warnings.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <functional>
#include <string>

#include "base/json_reader.hpp"
#include "kiosk/kiosk_config.hpp"
#include "kiosk/last_good.hpp"
#include "kiosk/live_reload.hpp"
#include "model/overrides.hpp"
#include "base/text.hpp"
#include "model/venue.hpp"
#include "support.hpp"

using namespace hallboard;
namespace fs = std::filesystem;
using namespace std::chrono_literals;

namespace {

using test::TempDir;

// Every string of a program, for "nothing unfit is left anywhere".
void eachText(const Program& p, const std::function<void(const std::string&)>& f) {
    for (const std::string* s : {&p.conference.name, &p.conference.shortName, &p.conference.venue}) f(*s);
    for (const Room& r : p.rooms) f(r.name);
    for (const Person& person : p.people) f(person.name);
    for (const Session& s : p.sessions) {
        f(s.title);
        f(s.description);
    }
    for (const Talk& t : p.talks) {
        f(t.title);
        f(t.abstract);
    }
}

bool hasNul(const Program& p) {
    bool found = false;
    eachText(p, [&](const std::string& s) { found = found || s.find('\0') != std::string::npos; });
    return found;
}

std::string nulProgram() {
    // \u0000 in a title, an abstract never shown, a room's name and the venue line.
    return test::programJson("Europe/Berlin", R"("rooms": [{"id": "r", "name": "Hall\u0000 A"}],
        "sessions": [{"id": "s1", "title": "Opening\u0000", "start": "2026-06-08T09:00", "end": "2026-06-08T10:00",
                      "room": "r", "talks": [{"title": "A talk", "abstract": "never \u0000shown"}]}])",
                             R"("venue": "Main\u0000 building")");
}

void write(const std::string& path, const std::string& text) {
    std::ofstream(path, std::ios::binary | std::ios::trunc) << text;
    static int tick = 0;
    fs::last_write_time(path, fs::file_time_type::clock::now() + std::chrono::seconds{++tick});
}

}  // namespace

TEST_CASE("cleanText replaces controls, noncharacters and broken bytes, strips bidi overrides, balances isolates") {
    auto clean = [](std::string s) {
        cleanText(s);
        return s;
    };
    const std::string fffd = "\uFFFD";
    CHECK(clean(std::string("a\0b", 3)) == "a" + fffd + "b");
    CHECK(clean("a\x01\x1b\x7f"
                "b") == "a" + fffd + fffd + fffd + "b");
    CHECK(clean("tab\tnew\nline\r") == "tab\tnew\nline\r");             // kept
    CHECK(clean("c1 \xC2\x85 \xC2\x9F") == "c1 " + fffd + " " + fffd);  // U+0085, U+009F
    CHECK(clean("non \xEF\xBF\xBE \xEF\xB7\x90 \xF4\x8F\xBF\xBF") == "non " + fffd + " " + fffd + " " + fffd);
    CHECK(clean("overlong \xC0\x80 NUL") == "overlong " + fffd + fffd + " NUL");  // C0 80: two bad bytes
    CHECK(clean("surrogate \xED\xA0\x80") == "surrogate " + fffd + fffd + fffd);
    CHECK(clean("cut \xE2\x82") == "cut " + fffd + fffd);
    // Overrides and embeddings are removed: "\u202E01:11" must not read as 11:10.
    CHECK(clean("at \u202E01:11\u202C today") == "at 01:11 today");
    CHECK(clean("\u202A\u202B\u202Dx") == "x");
    // Isolates: balanced ones stay, an end without a start goes, a start left open is closed.
    CHECK(clean("a \u2068\u05D0\u2069 b") == "a \u2068\u05D0\u2069 b");
    CHECK(clean("a \u2069 b") == "a  b");
    CHECK(clean("\u2067\u05D0 \u2066x") == "\u2067\u05D0 \u2066x\u2069\u2069");
    // Clean text is untouched and reported as such; what is found is said.
    std::string fine = "Grand Auditorium · قاعة · 会議室 🎉";
    CHECK_FALSE(cleanText(fine).changed());
    CHECK(fine == "Grand Auditorium · قاعة · 会議室 🎉");
    std::string nul("ab\0", 3);
    TextCleaning c = cleanText(nul);
    CHECK(c.replaced == 1);
    CHECK(c.describe().find("U+0000 (NUL, a control character) at character 3") != std::string::npos);
}

TEST_CASE("a NUL escape anywhere in a program is replaced at the reader with a warning at its JSON path") {
    ProgramLoad load = test::load(nulProgram());
    INFO(test::allDiagnostics(load));
    REQUIRE(load.ok());
    CHECK_FALSE(hasNul(*load.program));
    CHECK(load.program->sessions[0].title == "Opening\uFFFD");
    CHECK(load.program->rooms[0].name == "Hall\uFFFD A");
    CHECK(load.program->conference.venue == "Main\uFFFD building");
    for (const char* where :
         {"/rooms/0/name", "/sessions/0/title", "/sessions/0/talks/0/abstract", "/conference/venue"})
        CHECK(test::hasDiagnostic(load, Severity::warning, where, "U+0000 (NUL, a control character)"));
    // C1 controls, noncharacters and other C0 controls as JSON escapes too.
    ProgramLoad more = test::load(test::programJson("UTC", "", R"("venue": "a\u0085b\ufdd0c\uffffd\u0007")"));
    REQUIRE(more.ok());
    CHECK(more.program->conference.venue == "a\uFFFDb\uFFFDc\uFFFDd\uFFFD");
    CHECK(test::hasDiagnostic(more, Severity::warning, "/conference/venue", "U+0085 (a C1 control character)"));
}

TEST_CASE("a lone surrogate escape is replaced with a warning at its line and column, not the whole file refused") {
    std::string text =
        test::programJson("UTC", "", "\"venue\": \"half \\ud800 pair, \\udc00 alone, whole \\ud83c\\udf89\"");
    ProgramLoad load = test::load(text);
    INFO(test::allDiagnostics(load));
    REQUIRE(load.ok());
    CHECK(load.program->conference.venue == "half \uFFFD pair, \uFFFD alone, whole \U0001F389");
    CHECK(
        test::hasDiagnostic(load, Severity::warning, "line 2, column", "\\uD800 (the first half of a surrogate pair"));
    CHECK(test::hasDiagnostic(load, Severity::warning, "line 2, column", "\\uDC00 (the second half"));
    // A raw NUL byte is not JSON: refused with its place, never passed on.
    ProgramLoad raw = test::load(test::programJson("UTC", "", std::string("\"venue\": \"a\0b\"", 14)));
    CHECK_FALSE(raw.ok());
    CHECK(test::hasDiagnostic(raw, Severity::error, "line 2", "U+0000"));
}

TEST_CASE("bidi overrides are stripped from program text and isolates balanced, with a warning check shows") {
    // "\u202E01:11" would be drawn as "11:10": a title that reads as another time.
    ProgramLoad load = test::load(test::programJson("UTC", R"("rooms": [{"id": "r", "name": "Hall \u2067B"}],
        "sessions": [{"title": "Keynote \u202E01:11\u202C", "start": "2026-06-08T09:00", "end": "2026-06-08T10:00", "room": "r"}])"));
    INFO(test::allDiagnostics(load));
    REQUIRE(load.ok());
    CHECK(load.program->sessions[0].title == "Keynote 01:11");
    CHECK(load.program->rooms[0].name == "Hall \u2067B\u2069");
    CHECK(test::hasDiagnostic(load, Severity::warning, "/sessions/0/title", "U+202E (a bidi embedding or override)"));
    CHECK(test::hasDiagnostic(load, Severity::warning, "/rooms/0/name", "isolate"));
}

TEST_CASE("a member name in a message's path is escaped as RFC 6901 says and cut: a key cannot forge a path") {
    // Keys are not text the kiosk shows, so they are not cleaned; they reach the log, the
    // terminal and the kiosk's problem line only inside a path or a quote.
    const std::string longKey(3000, 'k');
    OverridesLoad o = parseOverrides(R"({"emergency": {"title": "Fire", "kind": "evacuate", "ti/tle": 1, ")" + longKey +
                                         R"(": 2}, "rooms": {"a/b~c": {"state": "full"}},
        "x\u202Ey": 1, "announcements": []})",
                                     "overrides.json");
    INFO(test::allDiagnostics(o.diagnostics));
    std::vector<std::string> wheres;
    for (const Diagnostic& d : o.diagnostics) wheres.push_back(d.where);
    auto has = [&](const std::string& w) { return std::find(wheres.begin(), wheres.end(), w) != wheres.end(); };
    CHECK(has("/emergency/ti~1tle"));                             // not "/emergency/ti/tle"
    CHECK(has("/emergency/" + std::string(40, 'k') + "\u2026"));  // 3000 characters: cut
    CHECK(has("/x\\u202ey"));                                     // spelled out, not turning the line
    for (const Diagnostic& d : o.diagnostics) {
        CHECK(d.where.size() < 200);
        CHECK(format(d).find("\u202E") == std::string::npos);
    }
    // The room's key: "/rooms/a~1b~0c", a path to one member, not to "c" inside "b".
    REQUIRE(o.ok());
    ProgramLoad program = test::load(test::programJson("UTC", R"("rooms": [{"id": "r"}],
        "sessions": [{"title": "T", "start": "2026-06-08T09:00", "end": "2026-06-08T10:00", "room": "r"}])"));
    REQUIRE(program.ok());
    std::vector<Diagnostic> diags;
    CHECK_FALSE(applyOverrides(*program.program, *o.overrides, "overrides.json", diags));
    bool roomPath = false;
    for (const Diagnostic& d : diags) roomPath = roomPath || d.where.rfind("/rooms/a~1b~0c", 0) == 0;
    CHECK(roomPath);
}

TEST_CASE("overrides, announcements, configuration and venue text are cleaned by the same reader") {
    OverridesLoad o = parseOverrides(R"({"changes": [{"session": "Opening", "note": "late\u0000"}],
        "announcements": [{"title": "Lunch\u0000", "text": "\u202Emoved"}]})",
                                     "overrides.json");
    INFO(test::allDiagnostics(o.diagnostics));
    REQUIRE(o.ok());
    CHECK(o.overrides->changes[0].note == "late\uFFFD");
    CHECK(o.overrides->announcements[0].title == "Lunch\uFFFD");
    CHECK(o.overrides->announcements[0].text == "moved");
    CHECK(test::hasDiagnostic(o.diagnostics, Severity::warning, "/announcements/0/title", "U+0000"));
    CHECK(test::hasDiagnostic(o.diagnostics, Severity::warning, "/changes/0/note", "U+0000"));

    ConfigLoad c =
        parseKioskConfig(R"({"program": "p\u0000.json", "fleet": {"name": "hall\u0001-1"}})", "kiosk.json", ".");
    INFO(test::allDiagnostics(c.diagnostics));
    REQUIRE(c.ok());
    CHECK(c.config->fleet.name == "hall\uFFFD-1");
    CHECK(c.config->program.find('\0') == std::string::npos);
    CHECK(test::hasDiagnostic(c.diagnostics, Severity::warning, "/fleet/name", "U+0001"));

    ProgramLoad program = test::load(test::programJson("UTC", R"("rooms": [{"id": "r", "name": "Hall"}])"));
    REQUIRE(program.ok());
    VenueLoad v = parseVenue(R"({"floors": [{"id": "g", "name": "Ground\u0000", "width_px": 400, "height_px": 200}],
        "points": [{"id": "kiosk", "name": "Kiosk\u0000", "floor": "g", "x": 50, "y": 100}, {"id": "door", "floor": "g", "x": 350, "y": 100}],
        "links": [{"from": "kiosk", "to": "door"}], "rooms": {"Hall": "door"}})",
                             "venue.json", ".", *program.program);
    INFO(test::allDiagnostics(v.diagnostics));
    REQUIRE(v.ok());
    CHECK(v.venue->floors[0].name == "Ground\uFFFD");
    CHECK(v.venue->points[0].name == "Kiosk\uFFFD");
    CHECK(test::hasDiagnostic(v.diagnostics, Severity::warning, "/floors/0/name", "U+0000"));
}

TEST_CASE("text warnings of one document are bounded: the first 50 located, then one count") {
    std::string sessions;
    for (int i = 0; i < 300; ++i)
        sessions += std::string(i ? "," : "") + R"({"title": "S\u0000)" + std::to_string(i) +
                    R"(", "start": "2026-06-08T09:00", "end": "2026-06-08T10:00", "room": "r)" + std::to_string(i) +
                    "\"}";
    std::string rooms;
    for (int i = 0; i < 300; ++i) rooms += std::string(i ? "," : "") + R"({"id": "r)" + std::to_string(i) + "\"}";
    ProgramLoad load =
        test::load(test::programJson("UTC", "\"rooms\": [" + rooms + "], \"sessions\": [" + sessions + "]"));
    REQUIRE(load.ok());
    CHECK_FALSE(hasNul(*load.program));
    std::size_t located = 0;
    for (const Diagnostic& d : load.diagnostics) located += d.message.find("U+0000") != std::string::npos;
    CHECK(located == kTextWarnings);
    CHECK(test::hasDiagnostic(load, Severity::warning, "", "250 more strings had characters replaced or removed"));
}

TEST_CASE("cleaning a document nested 100000 deep does not overflow the stack") {
    std::string deep = std::string(100000, '[') + "\"\\u0000\"" + std::string(100000, ']');
    Diagnostics diags("deep.json");
    Json root = parseJsonDocument(deep, diags);
    CHECK(diags.items().size() == 1);
    const Json* v = &root;
    while (v->is_array()) v = &(*v)[0];
    CHECK(v->get<std::string>() == "\uFFFD");
}

TEST_CASE("the last good copy is written only after the session drew a frame, never at load") {
    TempDir dir, state;
    std::string config = dir.file("kiosk.json"), programFile = dir.file("program.json");
    auto program = [](const std::string& title) {
        return test::programJson("Europe/Berlin",
                                 R"("rooms": [{"id": "r"}], "sessions": [{"title": ")" + title +
                                     R"(", "start": "2026-06-08T09:00", "end": "2026-06-08T10:00", "room": "r"}])");
    };
    write(programFile, program("First"));
    write(config, R"({"program": "program.json"})");
    LastGood lastGood(state.path.string());
    std::vector<Diagnostic> diags;
    StartUp start = startSession(config, "", lastGood, diags);
    REQUIRE(start.from == StartUp::From::files);
    CHECK_FALSE(fs::exists(lastGood.bundlePath()));  // loaded, not yet shown: not saved

    LiveReload reload(config, "", start.session, 200ms, {&lastGood, /*saveCurrent=*/true});
    reload.shownWithoutFault(start.session);
    reload.waitForSave();
    CHECK(reload.takeSaveDiagnostics().empty());
    REQUIRE(fs::exists(lastGood.bundlePath()));
    std::vector<Diagnostic> loaded;
    auto saved = lastGood.load(loaded);
    REQUIRE(saved);
    CHECK(saved->program->sessions[0].title == "First");

    // A reload that loads is handed over but not saved until it too is shown.
    write(programFile, program("Second"));
    std::chrono::steady_clock::time_point now{};
    std::optional<LiveReload::Outcome> outcome;
    for (int i = 0; i < 100 && !outcome; ++i) {
        outcome = reload.poll(now += 100ms);
        if (reload.loading()) reload.waitForLoad();
    }
    REQUIRE(outcome);
    REQUIRE(outcome->session);
    reload.waitForSave();
    loaded.clear();
    CHECK(lastGood.load(loaded)->program->sessions[0].title == "First");
    reload.shownWithoutFault(*outcome->session);
    reload.waitForSave();
    loaded.clear();
    CHECK(lastGood.load(loaded)->program->sessions[0].title == "Second");

    // Files changed between the load and the frame: the shown texts are not on disk any
    // more, and nothing else is saved in their name.
    write(programFile, program("Third"));
    std::string error;
    CHECK_FALSE(lastGood.save(*outcome->session, error));
    CHECK(error.find("changed since") != std::string::npos);
    loaded.clear();
    CHECK(lastGood.load(loaded)->program->sessions[0].title == "Second");
}

TEST_CASE("a session started from the last good copy or the clock alone is not saved again") {
    TempDir dir, state;
    std::string config = dir.file("kiosk.json");
    write(config, R"({"program": "missing.json"})");
    LastGood lastGood(state.path.string());
    std::vector<Diagnostic> diags;
    StartUp start = startSession(config, "", lastGood, diags);
    REQUIRE(start.from == StartUp::From::configOnly);
    LiveReload reload(config, "", start.session, 200ms, {&lastGood, start.from == StartUp::From::files});
    reload.shownWithoutFault(start.session);
    reload.waitForSave();
    CHECK_FALSE(fs::exists(lastGood.bundlePath()));
}

TEST_CASE("a load with 10000 warnings logs the first 50 and a summary by kind, not 10000 lines") {
    std::vector<Diagnostic> many;
    for (int i = 0; i < 7000; ++i)
        many.push_back({Severity::warning, "p.json", "/sessions/" + std::to_string(i),
                        "unknown key \"tittle" + std::to_string(i) + "\" ignored"});
    for (int i = 0; i < 3000; ++i)
        many.push_back(
            {Severity::warning, "p.json", "/talks/" + std::to_string(i) + "/title",
             "U+0000 (NUL, a control character) at character " + std::to_string(i) + " (1 replaced with U+FFFD)"});
    std::vector<std::string> lines = logLines(many);
    REQUIRE(lines.size() == kLoggedDiagnostics + 1);
    CHECK(kLoggedDiagnostics == 50);
    CHECK(lines[0] == format(many[0]));
    CHECK(lines[49] == format(many[49]));
    const std::string& summary = lines.back();
    INFO(summary);
    CHECK(summary.find("10000 messages in all (10000 warnings), the first 50 above") != std::string::npos);
    CHECK(summary.find("7000 \u00d7 unknown key \"\u2026\" ignored") != std::string::npos);
    CHECK(summary.find("3000 \u00d7 U+\u2026 (NUL, a control character) at character N (N replaced with U+\u2026)") !=
          std::string::npos);
    // A few are all logged, as they were.
    std::vector<Diagnostic> few(many.begin(), many.begin() + 50);
    CHECK(logLines(few).size() == 50);
}

TEST_CASE("a program one past the talk limit is refused with the reason, one at the limit loads (#26.2)") {
    auto talks = [](std::size_t n) {
        std::string body = "\"talks\": [";
        for (std::size_t i = 0; i < n; ++i) body += std::string(i ? "," : "") + "{\"title\": \"t\"}";
        return test::programJson("UTC", body + "]");
    };
    ProgramLoad over = test::load(talks(kMaxTalks + 1));
    CHECK_FALSE(over.ok());
    CHECK(test::hasDiagnostic(over, Severity::error, "",
                              "the program has " + std::to_string(kMaxTalks + 1) + " talks, more than the " +
                                  std::to_string(kMaxTalks) + " a kiosk holds within its memory budget"));
    ProgramLoad at = test::load(talks(kMaxTalks));
    INFO(test::allDiagnostics(at).substr(0, 2000));
    CHECK(at.ok());
    // Talks inside sessions count too.
    std::string sessions =
        "\"rooms\": [{\"id\": \"r\"}], \"sessions\": [{\"title\": \"S\", \"start\": \"2026-06-08T09:00\", "
        "\"end\": \"2026-06-08T10:00\", \"room\": \"r\", \"talks\": [";
    for (std::size_t i = 0; i <= kMaxTalks; ++i) sessions += std::string(i ? "," : "") + "{\"title\": \"t\"}";
    ProgramLoad nested = test::load(test::programJson("UTC", sessions + "]}]"));
    CHECK_FALSE(nested.ok());
    CHECK(test::hasDiagnostic(nested, Severity::error, "", "talks, more than the"));
    // The file size limit stays the reader's, named with the kind of file.
    CHECK(inputLimit(InputKind::program) == 16u * 1024 * 1024);
}

TEST_CASE("a screen past the pixel or side limit is refused by the configuration with the reason (#26.2)") {
    auto parse = [](const std::string& display) {
        return parseKioskConfig("{\"program\": \"p.json\", \"display\": " + display + "}", "kiosk.json", ".");
    };
    CHECK(parse("{\"width\": 3840, \"height\": 2160}").ok());
    CHECK(parse("{\"width\": 2160, \"height\": 3840}").ok());
    ConfigLoad big = parse("{\"width\": 3840, \"height\": 2161}");
    CHECK_FALSE(big.ok());
    CHECK(test::hasDiagnostic(
        big.diagnostics, Severity::error, "/display",
        "a screen of 3840x2161 is 8298240 pixels, more than the 8294400 (3840x2160) a kiosk draws"));
    ConfigLoad huge = parse("{\"width\": 16384, \"height\": 16384}");
    CHECK_FALSE(huge.ok());
    CHECK(test::hasDiagnostic(huge.diagnostics, Severity::error, "/display/width",
                              "from 320 to 8192 pixels, found 16384"));
    CHECK(screenTooLarge(8193, 240).find("a side longer than 8192 pixels") != std::string::npos);
    CHECK(screenTooLarge(3840, 2160).empty());
}
