// Schedule exports: frab XML, C3VOC/pretalx JSON (old and 2.0), iCalendar; real files
// and hand-written ones with what real files get wrong.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "cli/commands.hpp"
#include "base/json_reader.hpp"
#include "model/day_changes.hpp"
#include "model/language.hpp"
#include "model/program_json.hpp"
#include "model/scheduler.hpp"
#include "model/wording.hpp"
#include "import/builder.hpp"
#include "import_support.hpp"

using namespace hallboard;
using namespace hallboard::test;

TEST_CASE("exports are recognised by their content") {
    CHECK(import::detectFormat(readFile(kFormats + "voc-frab-camp2019.schedule.json")) == import::Format::vocJson);
    CHECK(import::detectFormat(readFile(kFormats + "voc-pretalx-rc3.schedule.json")) == import::Format::vocJson);
    CHECK(import::detectFormat(readFile(kFormats + "voc-hub-schedule2.json")) == import::Format::vocJson);
    CHECK(import::detectFormat(readFile(kImportFixtures + "frab-oddities.xml")) == import::Format::frabXml);
    CHECK(import::detectFormat(readFile(kImportFixtures + "oddities.ics")) == import::Format::ical);
    CHECK(import::detectFormat("\xEF\xBB\xBF  {\"format\": \"hallboard-program\"}") == import::Format::hallboard);
}

TEST_CASE("the real frab export imports all 79 events") {
    auto r = importFiles({kFormats + "voc-frab-camp2019.schedule.json"});
    INFO(allDiagnostics(r.diagnostics));
    REQUIRE(r.program);
    const Program& p = *r.program;
    CHECK(r.inputs[0].events == 79);
    CHECK(r.inputs[0].kept == 79);
    CHECK(p.sessions.size() == 79);
    CHECK(p.conference.zone.name() == "Europe/Berlin");
    CHECK(p.rooms.size() == 2);
    // The talk that crosses midnight keeps its real end.
    const Session* late = sessionTitled(p, "Achtung, Datenpannen!");
    REQUIRE(late);
    CHECK(late->time.start == utc("2019-08-22T21:00"));
    CHECK(late->time.length() == std::chrono::minutes{90});
    CHECK(Scheduler(p).dayAt(late->time.end - std::chrono::minutes{1}).number == 2);  // still day 2 after midnight
}

TEST_CASE("the talks' languages come from the exports, as BCP 47 tags") {
    auto camp = importFiles({kFormats + "voc-frab-camp2019.schedule.json"});
    REQUIRE(camp.program);
    const Program& p = *camp.program;
    CHECK(programLanguages(p) == std::vector<std::string>{"de", "en"});
    std::size_t german = 0;
    for (const Talk& t : p.talks) german += t.language == "de";
    CHECK(german == 24);  // as many as the export marks "de"
    const Session* s = sessionTitled(p, "20 Jahre Camp");
    REQUIRE(s);
    REQUIRE(s->talks.size() == 1);
    CHECK(effectiveLanguage(p, p.talks[s->talks[0]]) == "de");
    // Kept through the program file.
    ProgramLoad again = parseProgram(serializeProgram(p), "camp.json");
    REQUIRE(again.ok());
    CHECK(programLanguages(*again.program) == std::vector<std::string>{"de", "en"});
    // `check` says which.
    hallboard::test::TempDir dir;
    std::string file = dir.file("camp.json");
    std::ofstream(file) << serializeProgram(p);
    std::ostringstream out, err;
    cli::CheckOptions options;
    options.program = file;
    CHECK(cli::check(options, out, err) == 0);
    CHECK(out.str().find("  languages   2: de, en (a badge on each session)") != std::string::npos);

    auto rc3 = importFiles({kFormats + "voc-pretalx-rc3.schedule.json"});
    REQUIRE(rc3.program);
    CHECK(programLanguages(*rc3.program) == std::vector<std::string>{"de", "en"});
    // frab XML's <language>.
    auto xml = importFiles({kImportFixtures + "pentabarf-classic.xml"});
    REQUIRE(xml.program);
    CHECK(programLanguages(*xml.program) == std::vector<std::string>{"en"});
}

TEST_CASE("the real pretalx export imports all 48 events, offsets only") {
    auto r = importFiles({kFormats + "voc-pretalx-rc3.schedule.json"});
    INFO(allDiagnostics(r.diagnostics));
    REQUIRE(r.program);
    const Program& p = *r.program;
    CHECK(r.inputs[0].events == 48);
    CHECK(p.sessions.size() == 48);
    // No zone name: the offsets give a fixed zone, and the report says how to do better.
    CHECK(p.conference.zone.name() == "Etc/GMT-1");
    CHECK(hasDiagnostic(r.diagnostics, Severity::note, "", "the offsets give Etc/GMT-1"));
    // Room names with "/" and umlauts survive.
    bool found = false;
    for (const Room& room : p.rooms) found |= room.name == "ChaosTrawler Stubnitz/Gängeviertel Hamburg";
    CHECK(found);
    const Talk* gluon = talkTitled(p, "Der faule Admin automatisiert: Gluon auf echter Hardware testen");
    REQUIRE(gluon);
    CHECK(gluon->abstract.find("Freifunk") != std::string::npos);
    CHECK(gluon->abstract.find('\r') == std::string::npos);
    CHECK(gluon->speakers.size() == 2);
    // Free-text types map to kinds.
    const Session& s = p.sessions[*gluon->session];
    CHECK(s.kind == SessionKind::oral);  // "Talk 30 min + 10min Q&A"
}

TEST_CASE("the timezone option gives a real zone to an export with offsets only") {
    import::Options options;
    options.timeZone = "Europe/Berlin";
    auto r = importFiles({kFormats + "voc-pretalx-rc3.schedule.json"}, options);
    REQUIRE(r.program);
    CHECK(r.program->conference.zone.name() == "Europe/Berlin");
}

TEST_CASE("schedule 2.0: flat events, participants, track slugs with colours") {
    auto r = importFiles({kFormats + "voc-hub-schedule2.json"});
    INFO(allDiagnostics(r.diagnostics));
    REQUIRE(r.program);
    const Program& p = *r.program;
    REQUIRE(p.sessions.size() == 2);
    const Session& opening = p.sessions[0];
    CHECK(opening.kind == SessionKind::opening);
    REQUIRE(opening.track);
    CHECK(p.tracks[*opening.track].name == "CCC");
    CHECK(p.tracks[*opening.track].color->hex() == "#f2f006");
    const Talk& t = p.talks[opening.talks[0]];
    CHECK(t.speakers.size() == 2);  // the CONTRIBUTOR is not a speaker
    CHECK(opening.time.length() == std::chrono::minutes{30});
}

TEST_CASE("frab XML with what real files get wrong") {
    auto r = importFiles({kImportFixtures + "frab-oddities.xml"});
    INFO(allDiagnostics(r.diagnostics));
    REQUIRE(r.program);
    const Program& p = *r.program;
    CHECK(accountsForEveryEvent(r));
    CHECK(r.inputs[0].events == 6);
    CHECK(r.inputs[0].kept == 5);
    CHECK(hasDiagnostic(r.diagnostics, Severity::warning, "event 106", "left out: \"Broken start\" has no start time"));

    const Session* opening = sessionTitled(p, "Opening Ceremony");
    REQUIRE(opening);
    CHECK(opening->kind == SessionKind::opening);
    const Talk& welcome = p.talks[opening->talks[0]];
    CHECK(welcome.abstract == "Welcome & hello!\n\nSecond paragraph with a link.");  // escaped HTML
    CHECK(p.people[welcome.speakers[0]].name == "Jürgen Müller");
    CHECK(p.people[welcome.speakers[1]].name == "田中 花子");
    REQUIRE(welcome.links.size() == 1);
    CHECK(welcome.links[0].kind == "slides");

    const Session* late = sessionTitled(p, "Late talk 🌙 crossing midnight");
    REQUIRE(late);
    CHECK(late->time.end == utc("2026-08-19T23:00"));  // 01:00 CEST
    const Session* after = sessionTitled(p, "After-midnight session");
    REQUIRE(after);
    CHECK(after->time.start == utc("2026-08-20T00:00"));  // 02:00 the next calendar day
    CHECK(after->kind == SessionKind::workshop);

    // Same guid twice: both kept, reported.
    CHECK(hasDiagnostic(r.diagnostics, Severity::warning, "event 105", "appears more than once; both events kept"));
    const Session* art = sessionTitled(p, "Art installation (same guid as event 102)");
    REQUIRE(art);
    CHECK(art->time.length() == std::chrono::hours{26});  // durations may exceed 24 hours

    // No title, no room name: kept and reported.
    CHECK(hasDiagnostic(r.diagnostics, Severity::warning, "event 104", "without a title"));
    CHECK(hasDiagnostic(r.diagnostics, Severity::warning, "event 104", "(unnamed room)"));
    CHECK(hasDiagnostic(r.diagnostics, Severity::note, "event 104", "type \"Podcast\""));
}

TEST_CASE("an event dated outside the years Hallboard handles says so, in frab XML and C3VOC JSON") {
    auto replaced = [](std::string text, const std::string& from, const std::string& to) {
        for (std::size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size()))
            text.replace(at, from.size(), to);
        return text;
    };
    SECTION("frab XML: the day and its events in 1850") {
        std::string xml = replaced(readFile(kImportFixtures + "frab-oddities.xml"), "2026-08-19", "1850-08-19");
        auto r = import::importInputs({{"frab.xml", xml}}, {});
        INFO(allDiagnostics(r.diagnostics));
        CHECK(hasDiagnostic(r.diagnostics, Severity::warning, "event 101",
                            "has no start time that can be read: year 1850 is outside the years Hallboard handles"));
    }
    SECTION("schedule 2.0: an event starting in 1850") {
        std::string json = replaced(readFile(kFormats + "voc-hub-schedule2.json"), "\"2024-12-27T10:30:00+01:00\"",
                                    "\"1850-12-27T10:30:00+01:00\"");
        auto r = import::importInputs({{"schedule.json", json}}, {});
        INFO(allDiagnostics(r.diagnostics));
        CHECK(hasDiagnostic(r.diagnostics, Severity::warning, "/schedule/events/0",
                            "has no start time that can be read: year 1850 is outside"));
    }
    SECTION("a start that is no date at all says only that") {
        std::string json =
            replaced(readFile(kFormats + "voc-hub-schedule2.json"), "\"2024-12-27T10:30:00+01:00\"", "\"soon\"");
        auto r = import::importInputs({{"schedule.json", json}}, {});
        CHECK(hasDiagnostic(r.diagnostics, Severity::warning, "/schedule/events/0",
                            "has no start time that can be read"));
        CHECK_FALSE(hasDiagnostic(r.diagnostics, Severity::warning, "/schedule/events/0", "year"));
    }
}

TEST_CASE("broken XML names its line") {
    import::Input input{"bad.xml", "<?xml version=\"1.0\"?>\n<schedule>\n  <day>\n</schedule>\n"};
    auto r = import::importInputs({input}, {});
    CHECK_FALSE(r.program);
    CHECK(hasDiagnostic(r.diagnostics, Severity::error, "line 4", "invalid XML"));
}

TEST_CASE("iCalendar with what real exports get wrong") {
    auto r = importFiles({kImportFixtures + "oddities.ics"});
    INFO(allDiagnostics(r.diagnostics));
    REQUIRE(r.program);
    const Program& p = *r.program;
    CHECK(accountsForEveryEvent(r));
    CHECK(r.inputs[0].events == 6);
    CHECK(r.inputs[0].kept == 5);
    CHECK(hasDiagnostic(r.diagnostics, Severity::warning, "", "\"Event without a start\" has no start time"));
    CHECK(p.conference.name == "Fixture Calendar");
    CHECK(p.conference.zone.name() == "Europe/Berlin");

    // Folded lines unfold; escapes decode; the VALARM's description is not the event's.
    const Talk* folded = talkTitled(p, "Folded title that continues on the next line");
    REQUIRE(folded);
    CHECK(folded->abstract == "Line one\nLine two with a comma, and a semicolon; done.");
    CHECK(p.rooms[*p.sessions[*folded->session].room].name == "Room A, first floor");
    CHECK(p.sessions[*folded->session].time.start == utc("2026-10-20T08:00"));

    // A repeated UID does not collapse two events.
    const Talk* second = talkTitled(p, "Second event with the same UID (UTC time)");
    REQUIRE(second);
    CHECK(p.sessions[*second->session].time.start == utc("2026-10-20T09:00"));
    CHECK(p.sessions[*second->session].time.length() == std::chrono::minutes{90});
    CHECK(second->abstract.find("seventy-five octets") != std::string::npos);  // a long line never folded
    CHECK(hasDiagnostic(r.diagnostics, Severity::warning, "", "UID same@fixture is used by more than one event"));

    // A TZID that is no real zone falls back to its VTIMEZONE's offset.
    const Talk* custom = talkTitled(p, "Zone only known by its VTIMEZONE");
    REQUIRE(custom);
    CHECK(p.sessions[*custom->session].time.start == utc("2026-10-20T13:00"));
    CHECK(hasDiagnostic(r.diagnostics, Severity::warning, "", "TZID \"Custom Office Time\" is no known zone"));
    // A continuation line that lost its leading space is joined, with a warning.
    CHECK(custom->abstract ==
          "First line of a description whose next line\nlost its leading space when it was folded.");

    // Floating times are conference time; Unicode survives.
    const Talk* floating = talkTitled(p, "Floating time: Grüße 👋 und 東京");
    REQUIRE(floating);
    CHECK(p.sessions[*floating->session].time.start == utc("2026-10-20T14:00"));
    // An all-day event spans the day.
    const Talk* excursion = talkTitled(p, "Excursion day");
    REQUIRE(excursion);
    CHECK(p.sessions[*excursion->session].time.length() == std::chrono::hours{24});
}

TEST_CASE("iCalendar: a VTIMEZONE offset that is no UTC offset is ignored with a warning, not used") {
    std::string ics = readFile(kImportFixtures + "oddities.ics");
    std::size_t at = ics.find("TZOFFSETTO:+0100");
    REQUIRE(at != std::string::npos);
    ics.replace(at, 16, "TZOFFSETTO:+9900");
    auto r = import::importInputs({{"odd.ics", ics}}, {});
    INFO(allDiagnostics(r.diagnostics));
    REQUIRE(r.program);
    CHECK(hasDiagnostic(r.diagnostics, Severity::warning, "line 11", "TZOFFSETTO \"+9900\" is no UTC offset; ignored"));
    CHECK(hasDiagnostic(r.diagnostics, Severity::warning, "", "its times are read in the conference zone"));
}

TEST_CASE("iCalendar with CRLF line ends reads the same as with LF") {
    std::string lf = readFile(kImportFixtures + "oddities.ics");
    std::string crlf;
    for (char c : lf) {
        if (c == '\n') crlf += '\r';
        crlf += c;
    }
    import::Options options;
    options.referenceYear = 2026;
    auto a = import::importInputs({{"lf.ics", lf}}, options);
    auto b = import::importInputs({{"crlf.ics", crlf}}, options);
    REQUIRE(a.program);
    REQUIRE(b.program);
    CHECK(serializeProgram(*a.program) == serializeProgram(*b.program));
}

TEST_CASE("an input that is nothing known is an error naming --format") {
    auto r = import::importInputs({{"notes.txt", "Remember to buy milk.\n"}}, {});
    CHECK_FALSE(r.program);
    CHECK(hasDiagnostic(r.diagnostics, Severity::error, "", "--format"));
    import::Options badZone;
    badZone.timeZone = "Mars/Base";
    auto z = import::importInputs({{"x.ics", "BEGIN:VCALENDAR\nEND:VCALENDAR\n"}}, badZone);
    CHECK_FALSE(z.program);
    CHECK(hasDiagnostic(z.diagnostics, Severity::error, "", "Mars/Base"));
}

TEST_CASE("hallboard import writes a program that hallboard check accepts") {
    TempDir temp;
    std::string out = temp.file("program.json");
    cli::ImportOptions options;
    options.inputs = {kFormats + "voc-frab-camp2019.schedule.json"};
    options.output = out;
    options.quiet = true;
    std::ostringstream o, e;
    int code = cli::importCommand(options, o, e);
    INFO(o.str() << e.str());
    REQUIRE(code == 0);
    CHECK(o.str().find("79 events, 79 kept") != std::string::npos);
    CHECK(o.str().find("wrote " + out + ": 5 days, 2 rooms, 79 sessions") != std::string::npos);
    auto load = loadProgramFile(out);
    REQUIRE(load.ok());
    CHECK(load.errors() == 0);
}

TEST_CASE("events with the same title at different times stay separate") {
    std::string xml =
        R"(<schedule><conference><title>T</title><time_zone_name>Europe/Berlin</time_zone_name></conference>
      <day index="1" date="2026-08-19"><room name="A">
        <event id="1"><date>2026-08-19T11:00:00+02:00</date><duration>00:30</duration><title>Lightning Talks</title></event>
        <event id="2"><date>2026-08-19T11:00:00+02:00</date><duration>00:30</duration><title>Lightning Talks</title></event>
      </room></day>
      <day index="2" date="2026-08-20"><room name="A">
        <event id="3"><date>2026-08-20T11:00:00+02:00</date><duration>00:30</duration><title>Lightning Talks</title></event>
      </room></day></schedule>)";
    auto r = import::importInputs({{"same.xml", xml}}, {});
    INFO(allDiagnostics(r.diagnostics));
    REQUIRE(r.program);
    CHECK(r.program->sessions.size() == 3);  // even the exact duplicate: one input never merges with itself
    CHECK(r.program->talks.size() == 3);
    for (const Session& s : r.program->sessions) CHECK(s.talks.size() == 1);

    // Across inputs, the same title at another time is another talk too.
    auto twice = import::importInputs({{"a.xml", xml}, {"b.xml", xml}}, {});
    REQUIRE(twice.program);
    CHECK(twice.program->talks.size() == 3);
}

TEST_CASE("20,000 imported items with one title get distinct ids, each base counted on") {
    import::ProgramBuilder builder;
    for (int i = 0; i < 20000; ++i) {
        Talk talk;
        talk.title = "Lightning talk";
        builder.addTalk(std::move(talk), std::nullopt);
    }
    const Program& p = builder.program();
    std::set<std::string> ids;
    for (const Talk& t : p.talks) ids.insert(t.id);
    CHECK(ids.size() == 20000);
    CHECK(p.talks[0].id == "lightning-talk");
    CHECK(p.talks[1].id == "lightning-talk-2");
    CHECK(p.talks[19999].id == "lightning-talk-20000");

    // Linear: at most two look-ups per id (the base, then the next suffix), where trying
    // base-2, base-3, ... for every item made 200 million.
    import::ProgramBuilder::IdSet same;
    for (int i = 0; i < 20000; ++i) import::ProgramBuilder::uniqueId("Lightning talk", "talk", same);
    CHECK(same.size() == 20000);
    CHECK(same.probes() <= 2 * 20000);

    // A suffixed id that is also some item's own base is skipped, not reused.
    import::ProgramBuilder::IdSet used;
    CHECK(import::ProgramBuilder::uniqueId("a", "x", used) == "a");
    CHECK(import::ProgramBuilder::uniqueId("a-3", "x", used) == "a-3");
    CHECK(import::ProgramBuilder::uniqueId("a", "x", used) == "a-2");
    CHECK(import::ProgramBuilder::uniqueId("a", "x", used) == "a-4");
    CHECK(import::ProgramBuilder::uniqueId("a-2", "x", used) == "a-2-2");
    CHECK(import::ProgramBuilder::uniqueId("", "talk", used) == "talk");
    CHECK(import::ProgramBuilder::uniqueId("", "talk", used) == "talk-2");
}

// The rooms come in the export's own order: the parsed document sorts object keys, which
// put "(unnamed room)" and "Assembly:" corners before the main halls.
static std::vector<std::string> roomNames(const Program& p) {
    std::vector<std::string> names;
    for (const Room& r : p.rooms) names.push_back(r.name);
    return names;
}

TEST_CASE("imported rooms keep the order the export lists them in, an unnamed room last") {
    SECTION("pretalx: each day's rooms as the file writes them") {
        auto r = importFiles({kFormats + "voc-pretalx-rc3.schedule.json"});
        REQUIRE(r.program);
        CHECK(roomNames(*r.program) ==
              std::vector<std::string>{"r3s - Monheim/Rhein", "backspace / franconian.net - Bamberg",
                                       "Chaos-West TV - Ennepetal", "ChaosTrawler Stubnitz/Gängeviertel Hamburg",
                                       "hacc München / about:future - München"});
    }
    SECTION("schedule 2.0: the conference's room list, with seats") {
        auto r = importFiles({kFormats + "voc-hub-schedule2.json"});
        REQUIRE(r.program);
        CHECK(roomNames(*r.program) == std::vector<std::string>{"Saal 1", "Saal ZIGZAG"});
        CHECK(r.program->rooms[0].capacity == 3025);
        CHECK(r.program->rooms[1].capacity == 965);
    }
    SECTION("a congress: main halls first as listed, assemblies after, the unnamed room last") {
        std::string text = R"({"schedule": {"version": "1", "conference": {"title": "Congress", "acronym": "c",
          "time_zone_name": "Europe/Berlin", "days": [{"index": 1, "date": "2026-12-27",
          "day_start": "2026-12-27T10:00:00+01:00", "day_end": "2026-12-28T03:00:00+01:00", "rooms": {
            "Saal 1": [{"id": 1, "guid": "g1", "title": "Opening", "date": "2026-12-27T10:30:00+01:00", "start": "10:30", "duration": "00:30", "room": "Saal 1", "type": "lecture", "persons": []}],
            "Saal GLITCH": [{"id": 2, "guid": "g2", "title": "Glitch talk", "date": "2026-12-27T11:00:00+01:00", "start": "11:00", "duration": "00:40", "room": "Saal GLITCH", "type": "lecture", "persons": []}],
            "Assembly:Freiwurst": [{"id": 3, "guid": "g3", "title": "Sausage", "date": "2026-12-27T12:00:00+01:00", "start": "12:00", "duration": "01:00", "room": "Assembly:Freiwurst", "type": "workshop", "persons": []}],
            "": [{"id": 4, "guid": "g4", "title": "Somewhere", "date": "2026-12-27T12:00:00+01:00", "start": "12:00", "duration": "01:00", "room": "", "type": "meetup", "persons": []}],
            "Assembly:Anarchist Bakery": [{"id": 5, "guid": "g5", "title": "Bread", "date": "2026-12-27T13:00:00+01:00", "start": "13:00", "duration": "01:00", "room": "Assembly:Anarchist Bakery", "type": "workshop", "persons": []}]
          }}]}}})";
        auto r = import::importInputs({{"congress.json", text}}, import::Options{});
        INFO(allDiagnostics(r.diagnostics));
        REQUIRE(r.program);
        CHECK(roomNames(*r.program) == std::vector<std::string>{"Saal 1", "Saal GLITCH", "Assembly:Freiwurst",
                                                                "Assembly:Anarchist Bakery", "(unnamed room)"});
        // Sessions still point at their own rooms after the reorder.
        for (const Session& s : r.program->sessions) {
            REQUIRE(s.room);
            if (s.title == "Bread") CHECK(r.program->rooms[*s.room].name == "Assembly:Anarchist Bakery");
            if (s.title == "Opening") CHECK(r.program->rooms[*s.room].name == "Saal 1");
            if (s.title == "Somewhere") CHECK(r.program->rooms[*s.room].name == "(unnamed room)");
        }
    }
    SECTION("a calendar lists no room order: the busiest room first") {
        std::string text = "BEGIN:VCALENDAR\nVERSION:2.0\nPRODID:test\n"
                           "BEGIN:VEVENT\nUID:a\nDTSTART:20261010T090000Z\nDTEND:20261010T100000Z\nSUMMARY:"
                           "Side\nLOCATION:Side room\nEND:VEVENT\n"
                           "BEGIN:VEVENT\nUID:b\nDTSTART:20261010T090000Z\nDTEND:20261010T100000Z\nSUMMARY:Main "
                           "one\nLOCATION:Main hall\nEND:VEVENT\n"
                           "BEGIN:VEVENT\nUID:c\nDTSTART:20261010T100000Z\nDTEND:20261010T110000Z\nSUMMARY:Main "
                           "two\nLOCATION:Main hall\nEND:VEVENT\n"
                           "END:VCALENDAR\n";
        import::Options options;
        options.timeZone = "Europe/Berlin";
        auto r = import::importInputs({{"cal.ics", text}}, options);
        INFO(allDiagnostics(r.diagnostics));
        REQUIRE(r.program);
        CHECK(roomNames(*r.program) == std::vector<std::string>{"Main hall", "Side room"});
    }
}

TEST_CASE("the exports' recording opt-outs and rooms' seats and descriptions come through to the program") {
    SECTION("pretalx (rC3): the three talks whose speakers said do_not_record, and no other") {
        auto r = importFiles({kFormats + "voc-pretalx-rc3.schedule.json"});
        REQUIRE(r.program);
        std::set<std::string> notRecorded;
        for (const Talk& t : r.program->talks)
            if (t.doNotRecord) notRecorded.insert(t.guid);
        CHECK(notRecorded == std::set<std::string>{"79bf0ee0-a609-56b5-ae23-378aa01d844c",
                                                   "aeb09df2-a151-55b0-968f-9786d6b96e73",
                                                   "1e8baa54-4bc0-5b55-9fa9-c3a1c28b370c"});
        // Written out and read back: still said.
        ProgramLoad again = parseProgram(serializeProgram(*r.program), "program.json");
        REQUIRE(again.ok());
        std::size_t n = 0;
        for (const Talk& t : again.program->talks) n += t.doNotRecord;
        CHECK(n == 3);
    }
    SECTION("frab (camp 2019): every talk recorded") {
        auto r = importFiles({kFormats + "voc-frab-camp2019.schedule.json"});
        REQUIRE(r.program);
        CHECK(std::none_of(r.program->talks.begin(), r.program->talks.end(),
                           [](const Talk& t) { return t.doNotRecord || t.doNotStream; }));
    }
    SECTION("schedule 2.0: seats and descriptions, a translated one in English") {
        auto r = importFiles({kFormats + "voc-hub-schedule2.json"});
        REQUIRE(r.program);
        CHECK(r.program->rooms[0].description == "Lecture hall in CCH central, Level +2 to +4");
        CHECK(r.program->rooms[1].description == "Lecture hall Z in CCH East, Level +3");
        // stream_id is a name in C3VOC's streaming, not an address: no stream_url from it.
        CHECK(r.program->rooms[0].streamUrl.empty());
    }
    SECTION("C3VOC JSON: do_not_stream as the schema allows it, a boolean or a word") {
        std::string json = readFile(kFormats + "voc-frab-camp2019.schedule.json");
        std::size_t first = json.find("\"do_not_record\": false");
        REQUIRE(first != std::string::npos);
        json.replace(first, std::string("\"do_not_record\": false").size(),
                     "\"do_not_record\": true, \"do_not_stream\": \"true\"");
        auto r = import::importInputs({{"schedule.json", json}}, {});
        REQUIRE(r.program);
        std::size_t recorded = 0, streamed = 0;
        for (const Talk& t : r.program->talks) {
            recorded += t.doNotRecord;
            streamed += t.doNotStream;
        }
        CHECK(recorded == 1);
        CHECK(streamed == 1);
    }
    SECTION("frab XML: <recording><optout>true</optout></recording>, as the schema has it") {
        std::string xml = readFile(kImportFixtures + "frab-congress.xml");
        std::size_t links = xml.find("<links></links>");
        REQUIRE(links != std::string::npos);
        xml.insert(links, "<recording><license>CC BY 4.0</license><optout>true</optout></recording>\n        ");
        auto r = import::importInputs({{"schedule.xml", xml}}, {});
        INFO(allDiagnostics(r.diagnostics));
        REQUIRE(r.program);
        const Talk* snowden = talkTitled(*r.program, "3 Years After Snowden: Is Germany fighting State Surveillance?");
        const Talk* fedi = talkTitled(*r.program, "Federated timelines - a tour");
        REQUIRE(snowden);
        REQUIRE(fedi);
        CHECK(snowden->doNotRecord);
        CHECK_FALSE(fedi->doNotRecord);
    }
}

TEST_CASE("schedule 2.0's room features.recording: a room that does not record makes its talks not recorded") {
    auto byRoom = [](const Program& p, const std::string& room) {
        std::vector<const Talk*> out;
        for (const Talk& t : p.talks)
            if (t.session && p.sessions[*t.session].room && p.rooms[*p.sessions[*t.session].room].name == room)
                out.push_back(&t);
        return out;
    };
    // The real export: every room RECORD_BY_DEFAULT, no talk says otherwise: all recorded.
    auto real = importFiles({kFormats + "voc-hub-schedule2.json"});
    REQUIRE(real.program);
    REQUIRE(byRoom(*real.program, "Saal 1").size() == 1);
    REQUIRE(byRoom(*real.program, "Saal ZIGZAG").size() == 1);
    CHECK(std::none_of(real.program->talks.begin(), real.program->talks.end(),
                       [](const Talk& t) { return t.doNotRecord; }));

    // The same file with Saal 1 not recorded by default and Saal ZIGZAG not able to record
    // (in schedule.json's lower-case spelling).
    Json doc = Json::parse(readFile(kFormats + "voc-hub-schedule2.json"));
    Json& rooms = doc["schedule"]["conference"]["rooms"];
    for (Json& room : rooms) {
        if (room["name"] == "Saal 1") room["features"]["recording"] = "NOT_RECORDED_BY_DEFAULT";
        if (room["name"] == "Saal ZIGZAG") room["features"]["recording"] = "recording_not_possible";
    }
    SECTION("talks that say nothing follow their room") {
        auto r = import::importInputs({{"schedule.json", doc.dump()}}, {});
        INFO(allDiagnostics(r.diagnostics));
        REQUIRE(r.program);
        CHECK(byRoom(*r.program, "Saal 1").front()->doNotRecord);
        CHECK(byRoom(*r.program, "Saal ZIGZAG").front()->doNotRecord);
        for (const char* other : {"Saal GLITCH", "Stage HUFF", "Stage YELL"})
            for (const Talk* t : byRoom(*r.program, other)) CHECK_FALSE(t->doNotRecord);
    }
    SECTION("a talk that says do_not_record: false is recorded in a room that only does not by default") {
        for (Json& event : doc["schedule"]["events"]) event["do_not_record"] = false;
        auto r = import::importInputs({{"schedule.json", doc.dump()}}, {});
        REQUIRE(r.program);
        CHECK_FALSE(byRoom(*r.program, "Saal 1").front()->doNotRecord);
        CHECK(byRoom(*r.program, "Saal ZIGZAG").front()->doNotRecord);  // not possible there, whatever it says
    }
}

TEST_CASE("an export's own cancellation (C3VOC state CANCELED, iCalendar STATUS:CANCELLED) is the program's") {
    SECTION("schedule 2.0: the opening marked CANCELED, written out and read back, listed as the program's") {
        Json doc = Json::parse(readFile(kFormats + "voc-hub-schedule2.json"));
        for (Json& event : doc["schedule"]["events"])
            if (event["title"] == "38C3: Opening Ceremony") event["state"] = "CANCELED";
        auto r = import::importInputs({{"schedule.json", doc.dump()}}, {});
        INFO(allDiagnostics(r.diagnostics));
        REQUIRE(r.program);
        ProgramLoad again = parseProgram(serializeProgram(*r.program), "program.json");
        REQUIRE(again.ok());
        const Program& p = *again.program;
        std::size_t cancelled = 0;
        for (const Session& s : p.sessions) {
            cancelled += s.change.cancelled;
            if (s.title == "38C3: Opening Ceremony") {
                CHECK(s.change.cancelled);
                CHECK(s.change.cancelledInProgram);
                CHECK(changeLine(p, s) == "Cancelled · in the program");
            }
        }
        CHECK(cancelled == 1);
        // On the changes of its day.
        bool listed = false;
        for (const Session& s : p.sessions)
            if (s.change.cancelled)
                for (const ChangedItem& c : changesOn(p, conferenceDayOf(p.conference, s.time.start)))
                    listed = listed || &p.sessions[c.session] == &s;
        CHECK(listed);
    }
    SECTION("iCalendar: STATUS:CANCELLED") {
        std::string ics = readFile(kImportFixtures + "frab-congress.ics");
        std::size_t federated = ics.find("SUMMARY:Federated timelines");
        REQUIRE(federated != std::string::npos);
        ics.insert(federated, "STATUS:CANCELLED\n");
        auto r = import::importInputs({{"schedule.ics", ics}}, {});
        INFO(allDiagnostics(r.diagnostics));
        REQUIRE(r.program);
        std::size_t cancelled = 0;
        for (const Session& s : r.program->sessions) {
            cancelled += s.change.cancelledInProgram;
            if (s.change.cancelledInProgram) CHECK(s.title.find("Federated timelines") == 0);
        }
        CHECK(cancelled == 1);
    }
}
