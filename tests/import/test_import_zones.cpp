// Right times from real exports: the zone an import uses is what the input says or what
// its evidence shows, never a silent UTC; every generation of frab XML; biographies;
// iCalendar speakers and guids; links a QR code can follow.
#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <unistd.h>

#include <sstream>

#include "cli/commands.hpp"
#include "import/zone_evidence.hpp"
#include "import_support.hpp"

using namespace hallboard;
using namespace hallboard::test;
namespace fs = std::filesystem;

namespace {

std::vector<std::string> speakerNames(const Program& p, const Talk& t) {
    std::vector<std::string> out;
    for (Index s : t.speakers) out.push_back(p.people[s].name);
    return out;
}

import::Result importText(const std::string& name, const std::string& text,
                          import::Options options = {}){if (options.referenceYear == 0) options.referenceYear = 2026;
return import::importInputs({{name, text}}, options);
}  // namespace

using test::TempDir;  // a directory of its own for each test (tests/support.hpp)

// The subcommands as the binary runs them, without the command line (and its window).
struct Run {
    int code;
    std::string out, err;
};

Run runImport(std::vector<std::string> inputs, const std::string& output, const std::string& timeZone = {}) {
    cli::ImportOptions options;
    options.inputs = std::move(inputs);
    options.output = output;
    options.importOptions.timeZone = timeZone;
    options.importOptions.referenceYear = 2026;
    std::ostringstream out, err;
    int code = cli::importCommand(options, out, err);
    return {code, out.str(), err.str()};
}

Run runCheck(const std::string& program) {
    cli::CheckOptions options;
    options.program = program;
    std::ostringstream out, err;
    int code = cli::check(options, out, err);
    return {code, out.str(), err.str()};
}

void writeText(const std::string& path, const std::string& text) {
    std::ofstream(path, std::ios::binary) << text;
}

std::string vocJson(const std::string& conferenceExtra, const std::string& date1, const std::string& date2) {
    return R"({"schedule": {"version": "1", "conference": {"title": "Zone Test", "acronym": "zt")" + conferenceExtra +
           R"(, "days": [{"index": 1, "date": "2026-10-24", "rooms": {"Hall": [
             {"id": 1, "guid": "g1", "title": "Before the change", "date": ")" +
           date1 +
           R"(", "start": "10:00", "duration": "00:30", "room": "Hall", "type": "Talk", "persons": []}]}},
           {"index": 2, "date": "2026-10-25", "rooms": {"Hall": [
             {"id": 2, "guid": "g2", "title": "After the change", "date": ")" +
           date2 + R"(", "start": "10:00", "duration": "00:30", "room": "Hall", "type": "Talk", "persons": []}]}}]}}})";
}

}  // namespace

TEST_CASE("zone spellings of real exports name IANA zones") {
    CHECK(import::zoneFromName("Europe/Rome")->name() == "Europe/Rome");
    CHECK(import::zoneFromName("/mozilla.org/20050126_1/Europe/Rome")->name() == "Europe/Rome");
    CHECK(import::zoneFromName("/softwarestudio.org/Olson_20011030_5/America/New_York")->name() == "America/New_York");
    CHECK(import::zoneFromName("W. Europe Standard Time")->name() == "Europe/Berlin");
    CHECK(import::zoneFromName(" \"UTC\" ")->name() == "Etc/UTC");
    CHECK_FALSE(import::zoneFromName("Custom Office Time"));
    CHECK_FALSE(import::zoneFromName(""));

    auto brussels = import::zonesForPlace("ULB (Université Libre de Bruxelles), Brussels");
    CHECK(brussels == std::vector<std::string>{"Europe/Brussels"});
    CHECK(import::zonesForPlace("Javits Center, New York") == std::vector<std::string>{"America/New_York"});
    CHECK(import::zonesForPlace("Congress Center Leipzig").empty());     // no zone is named after Leipzig
    CHECK(import::zonesForPlace("Romeo and Juliet's balcony").empty());  // whole words only: no "Rome"
}

TEST_CASE("classic Pentabarf: events directly under <day>, the zone from the venue city") {
    auto r = importFiles({kImportFixtures + "pentabarf-classic.xml"});
    INFO(allDiagnostics(r.diagnostics));
    REQUIRE(r.program);
    const Program& p = *r.program;
    // Every <event> is accounted for: six kept, the unreadable one reported.
    CHECK(r.inputs[0].events == 7);
    CHECK(r.inputs[0].kept == 6);
    CHECK(accountsForEveryEvent(r));
    CHECK(hasDiagnostic(r.diagnostics, Severity::warning, "event 2002",
                        "left out: \"A talk whose start is unreadable\""));

    // Brussels in <city> names Europe/Brussels, and the report says so with the evidence.
    CHECK(p.conference.zone.name() == "Europe/Brussels");
    CHECK(r.inputs[0].zone == "Europe/Brussels");
    CHECK(r.inputs[0].zoneSource.find("\"Brussels\" (<city>") != std::string::npos);
    CHECK(hasDiagnostic(r.diagnostics, Severity::note, "line", "the venue \"Brussels\""));

    // Wall times in CET (UTC+1 in February), HH:MM and HH:MM:SS alike.
    const Session* welcome = sessionTitled(p, "Welcome to FOSDEM 2012");
    REQUIRE(welcome);
    CHECK(welcome->time.start == utc("2012-02-04T09:00"));
    CHECK(welcome->kind == SessionKind::keynote);
    const Session* kernel = sessionTitled(p, "The kernel report");
    REQUIRE(kernel);
    CHECK(kernel->time.start == utc("2012-02-05T08:00"));
    CHECK(kernel->time.length() == std::chrono::minutes{50});
    // 01:00 is before the 04:00 day change: the night after the first day.
    const Session* owls = sessionTitled(p, "Night owls meet-up");
    REQUIRE(owls);
    CHECK(owls->time.start == utc("2012-02-05T00:00"));
    CHECK(p.rooms[*owls->room].name == "Bar");

    // The title says "break" but the event has speakers: a talk, not a pause.
    const Session* breaking = sessionTitled(p, "Breaking the build: what eBPF break points taught us");
    REQUIRE(breaking);
    CHECK(breaking->kind == SessionKind::oral);
    CHECK_FALSE(isPause(breaking->kind));
    CHECK(sessionTitled(p, "Lunch break")->kind == SessionKind::break_);
    // A concert with performers is something to attend.
    CHECK_FALSE(isPause(sessionTitled(p, "Chiptune night")->kind));

    // The conference's title, not its slug (which is also the file's usual name).
    CHECK(p.conference.name == "FOSDEM 2012");
    CHECK(p.conference.shortName.empty());
    CHECK(p.displayName() == "FOSDEM 2012");

    // Links: trimmed; a relative path without base_url, mailto: and javascript: are left out.
    const Talk& welcomeTalk = p.talks[welcome->talks[0]];
    REQUIRE(welcomeTalk.links.size() == 1);
    CHECK(welcomeTalk.links[0].url == "http://www.fosdem.org");
    CHECK(p.talks[breaking->talks[0]].links.empty());
    CHECK(p.talks[kernel->talks[0]].links.empty());
    CHECK(hasDiagnostic(r.diagnostics, Severity::note, "",
                        "1 link left out: a relative path and the export names no base_url"));
    CHECK(hasDiagnostic(r.diagnostics, Severity::note, "", "left out: not a web address (javascript:)"));
}

TEST_CASE("relative links resolve against --base-url") {
    import::Options options;
    options.baseUrl = "https://archive.fosdem.org/2012/schedule/";
    auto r = importFiles({kImportFixtures + "pentabarf-classic.xml"}, options);
    REQUIRE(r.program);
    const Talk* t = talkTitled(*r.program, "Breaking the build: what eBPF break points taught us");
    REQUIRE(t);
    REQUIRE(t->links.size() == 1);
    CHECK(t->links[0].url ==
          "https://archive.fosdem.org/system/event_attachments/attachments/000/001/002/original/slides.pdf");
    CHECK(t->links[0].kind == "slides");
}

TEST_CASE("an export that does not say where it is fails without --timezone") {
    auto r = importFiles({kImportFixtures + "pentabarf-no-zone.xml"});
    CHECK_FALSE(r.program);
    CHECK(hasDiagnostic(r.diagnostics, Severity::error, "", "names no time zone and nothing in it says where"));

    import::Options options;
    options.timeZone = "Europe/Brussels";
    auto given = importFiles({kImportFixtures + "pentabarf-no-zone.xml"}, options);
    REQUIRE(given.program);
    CHECK(given.inputs[0].zoneSource == "--timezone");
    CHECK(sessionTitled(*given.program, "Welcome to FOSDEM 2012")->time.start == utc("2012-02-04T09:00"));
}

TEST_CASE("a failed import writes nothing and keeps the program that was there") {
    TempDir dir;
    std::string out = dir.file("program.json");
    writeText(out, "the last good program");
    Run run = runImport({kImportFixtures + "pentabarf-no-zone.xml"}, out);
    CHECK(run.code == 1);
    CHECK(run.err.find("--timezone") != std::string::npos);
    CHECK(run.err.find("nothing written") != std::string::npos);
    CHECK(run.out.find("pentabarf-no-zone.xml as frab-xml: not imported") != std::string::npos);
    CHECK(readFile(out) == "the last good program");

    // An input with no events at all fails the same way.
    std::string empty = dir.file("empty.xml");
    writeText(empty, "<schedule><conference><title>Empty</title></conference><day date=\"2026-01-01\"/></schedule>");
    Run none = runImport({empty}, out, "Europe/Berlin");
    CHECK(none.code == 1);
    CHECK(none.err.find("nothing to import") != std::string::npos);
    CHECK(readFile(out) == "the last good program");

    // With the zone, it writes, and the report says where the zone came from.
    Run ok = runImport({kImportFixtures + "pentabarf-classic.xml"}, out);
    CHECK(ok.code == 0);
    CHECK(ok.out.find("7 events, 6 kept, 1 left out") != std::string::npos);
    CHECK(ok.out.find("time zone Europe/Brussels: inferred: the venue \"Brussels\" (<city>, line 11) names it") !=
          std::string::npos);
}

TEST_CASE("pretalx frab XML: biographies, avatars, base_url, times across the clock change") {
    auto r = importFiles({kImportFixtures + "pretalx-frab-bios.xml"});
    INFO(allDiagnostics(r.diagnostics));
    REQUIRE(r.program);
    const Program& p = *r.program;
    CHECK(p.conference.zone.name() == "Europe/Berlin");
    CHECK(r.inputs[0].zoneSource.find("<time_zone_name>") != std::string::npos);
    CHECK(p.conference.name == "Example Conference 2026");
    CHECK(p.conference.shortName == "ExampleConf 2026");  // written for people: kept

    const Talk* shaping = talkTitled(p, "Shaping text for every script");
    REQUIRE(shaping);
    CHECK(shaping->guid == "e0000000-0000-0000-0000-000000000001");
    REQUIRE(shaping->speakers.size() == 1);
    const Person& noor = p.people[shaping->speakers[0]];
    CHECK(noor.name == "Noor Haddad");
    CHECK(noor.bio == "Noor maintains a shaping engine and loves Arabic type.");
    CHECK(noor.photo.empty());  // on the web; the kiosk is offline
    CHECK(hasDiagnostic(r.diagnostics, Severity::note, "", "1 speaker photo is on the web"));
    // Relative links resolve against base_url; the trailing space is gone.
    REQUIRE(shaping->links.size() == 2);
    CHECK(shaping->links[0].url == "https://pretalx.example.org/exconf-2026/talk/ABC123/");
    CHECK(shaping->links[1].url ==
          "https://pretalx.example.org/media/exconf-2026/submissions/ABC123/resources/slides.pdf");

    // 02:30 happens twice that night; the offset says which.
    const Session* night = sessionTitled(p, "Performance: the long night of live coding");
    REQUIRE(night);
    CHECK(night->time.start == utc("2026-10-25T01:30"));
    CHECK_FALSE(isPause(night->kind));
    CHECK(p.people[p.talks[night->talks[0]].speakers[0]].bio == "Lars plays synthesizers he wrote himself.");
    CHECK(sessionTitled(p, "Coffee break")->kind == SessionKind::break_);
}

TEST_CASE("speaker photos linked on the web come from a local folder") {
    TempDir dir;
    writeText(dir.file("noor_abc.png"), "not really a png, only its name matters here");
    import::Options options;
    options.photosDir = dir.path.string();
    auto r = importFiles({kImportFixtures + "pretalx-frab-bios.xml"}, options);
    REQUIRE(r.program);
    const Talk* shaping = talkTitled(*r.program, "Shaping text for every script");
    REQUIRE(shaping);
    CHECK(r.program->people[shaping->speakers[0]].photo == dir.file("noor_abc.png"));
}

TEST_CASE("iCalendar: speakers from summaries, the zone from a malformed VTIMEZONE line") {
    auto r = importFiles({kImportFixtures + "pretalx-frab-bios.ics"});
    INFO(allDiagnostics(r.diagnostics));
    REQUIRE(r.program);
    const Program& p = *r.program;
    CHECK(p.conference.name == "Example Conference 2026");  // X-WR-CALNAME
    CHECK(p.conference.zone.name() == "Europe/Berlin");
    CHECK(r.inputs[0].zoneSource.find("malformed") != std::string::npos);
    CHECK(hasDiagnostic(r.diagnostics, Severity::note, "", "summaries end in \" - Name\" in 3 of 4 events"));
    CHECK(hasDiagnostic(r.diagnostics, Severity::note, "", "the calendar's owner, not a speaker"));

    const Talk* shaping = talkTitled(p, "Shaping text for every script");
    REQUIRE(shaping);
    CHECK(speakerNames(p, *shaping) == std::vector<std::string>{"Noor Haddad"});
    CHECK(shaping->guid == "e0000000-0000-0000-0000-000000000001");
    CHECK(p.sessions[*shaping->session].time.start == utc("2026-10-24T08:00"));
    // A title with its own " - " keeps it; only the names go.
    const Talk* rust = talkTitled(p, "Rust - the good parts");
    REQUIRE(rust);
    CHECK(speakerNames(p, *rust) == std::vector<std::string>{"Mia Wong", "Tomás Ruiz"});
    CHECK(talkTitled(p, "Coffee break"));
    for (const Person& person : p.people) CHECK(person.name != "Example Conference");
    CHECK(p.tracks.size() == 1);  // CATEGORIES:Art
}

TEST_CASE("a frab XML and its own .ics merge by guid: no doubled talks, no empty sessions") {
    auto r = importFiles({kImportFixtures + "pretalx-frab-bios.xml", kImportFixtures + "pretalx-frab-bios.ics"});
    INFO(allDiagnostics(r.diagnostics));
    REQUIRE(r.program);
    const Program& p = *r.program;
    CHECK(r.inputs[1].merged == 3);
    CHECK(p.talks.size() == 4);  // three shared, one only in the calendar
    CHECK(p.sessions.size() == 4);
    for (const Session& s : p.sessions) CHECK(s.talks.size() == 1);
    const Talk* shaping = talkTitled(p, "Shaping text for every script");
    REQUIRE(shaping);
    CHECK(speakerNames(p, *shaping) == std::vector<std::string>{"Noor Haddad"});
    CHECK(p.people[shaping->speakers[0]].bio.find("shaping engine") != std::string::npos);
    CHECK(hasDiagnostic(r.diagnostics, Severity::note, "",
                        "\"Coffee break\" merged with the same talk of an earlier input (same guid)"));
}

TEST_CASE("an iCalendar in UTC that does not say where the conference is fails") {
    std::string ics =
        "BEGIN:VCALENDAR\nVERSION:2.0\nBEGIN:VEVENT\nUID:1\nDTSTART:20260801T160000Z\nDTEND:20260801T170000Z\n"
        "SUMMARY:Lockpicking 101\nLOCATION:Village\nEND:VEVENT\nEND:VCALENDAR\n";
    auto r = importText("defcon.ics", ics);
    CHECK_FALSE(r.program);
    CHECK(hasDiagnostic(r.diagnostics, Severity::error, "",
                        "times are in UTC (1 times end in \"Z\") but nothing in it says where"));

    // X-WR-TIMEZONE says where: the instants stay, the signs show Las Vegas time.
    std::string named = ics;
    named.insert(named.find("BEGIN:VEVENT"), "X-WR-TIMEZONE:America/Los_Angeles\n");
    auto ok = importText("defcon.ics", named);
    REQUIRE(ok.program);
    CHECK(ok.program->conference.zone.name() == "America/Los_Angeles");
    CHECK(ok.program->sessions[0].time.start == utc("2026-08-01T16:00"));
}

TEST_CASE("offsets without a zone name: one fixed offset, or the zones that fit every date") {
    // The same offset throughout: a fixed zone, with the evidence in the report.
    auto fixed = importText("a.json", vocJson("", "2026-10-24T10:00:00+02:00", "2026-10-25T10:00:00+02:00"));
    INFO(allDiagnostics(fixed.diagnostics));
    REQUIRE(fixed.program);
    CHECK(fixed.program->conference.zone.name() == "Etc/GMT-2");
    CHECK(fixed.inputs[0].zoneSource.find("all 2 times carry +02:00 (2026-10-24 to 2026-10-25)") != std::string::npos);

    // Clocks change between the days: only zones that changed that night fit, and
    // they agree over the event, so any of them shows the right times.
    auto changing = importText("b.json", vocJson("", "2026-10-24T10:00:00+02:00", "2026-10-25T10:00:00+01:00"));
    INFO(allDiagnostics(changing.diagnostics));
    REQUIRE(changing.program);
    const TimeZone& zone = changing.program->conference.zone;
    CHECK(zone.utcOffset(utc("2026-10-24T08:00")) == std::chrono::hours{2});
    CHECK(zone.utcOffset(utc("2026-10-25T09:00")) == std::chrono::hours{1});
    CHECK(hasDiagnostic(changing.diagnostics, Severity::note, "", "zones fit alike"));

    // A venue city settles it.
    auto city = importText("c.json",
                           vocJson(R"(, "city": "Vienna")", "2026-10-24T10:00:00+02:00", "2026-10-25T10:00:00+01:00"));
    REQUIRE(city.program);
    CHECK(city.program->conference.zone.name() == "Europe/Vienna");
}

TEST_CASE("a zone name that contradicts the file's offsets stops the import") {
    std::string text =
        vocJson(R"(, "time_zone_name": "America/New_York")", "2026-10-24T10:00:00+02:00", "2026-10-25T10:00:00+01:00");
    auto r = importText("wrong.json", text);
    CHECK_FALSE(r.program);
    CHECK(hasDiagnostic(r.diagnostics, Severity::error, "", "names America/New_York, but its times carry +02:00"));

    import::Options options;
    options.timeZone = "Europe/Paris";
    auto given = importText("wrong.json", text, options);
    REQUIRE(given.program);
    CHECK(given.program->conference.zone.name() == "Europe/Paris");
    CHECK(hasDiagnostic(given.diagnostics, Severity::note, "", "--timezone Europe/Paris wins"));
    CHECK(given.program->sessions[0].time.start == utc("2026-10-24T08:00"));
}

TEST_CASE("the real exports: zones named or inferred, with the reason") {
    auto camp = importFiles({kFormats + "voc-frab-camp2019.schedule.json"});
    REQUIRE(camp.program);
    CHECK(camp.inputs[0].zoneSource.find("named in the input") != std::string::npos);
    auto rc3 = importFiles({kFormats + "voc-pretalx-rc3.schedule.json"});
    REQUIRE(rc3.program);
    CHECK(rc3.inputs[0].zoneSource.find("inferred: all 52 times carry +01:00") != std::string::npos);
    CHECK(rc3.program->conference.name == "rC3 Channels");  // its title, not its slug
    CHECK(rc3.program->conference.shortName.empty());
}

TEST_CASE("check warns when a program is in UTC and fails when it is empty") {
    TempDir dir;
    std::string utcProgram = dir.file("utc.json");
    writeText(utcProgram, programJson("Etc/UTC", R"("rooms": [{"id": "a", "name": "A"}],
        "sessions": [{"id": "s", "title": "Talk", "room": "a", "start": "2026-05-01T10:00", "end": "2026-05-01T11:00"}])"));
    Run utcRun = runCheck(utcProgram);
    CHECK(utcRun.code == 0);
    CHECK(utcRun.err.find("every sign shows UTC times") != std::string::npos);

    std::string berlin = dir.file("berlin.json");
    writeText(berlin, programJson("Europe/Berlin", R"("rooms": [{"id": "a", "name": "A"}],
        "sessions": [{"id": "s", "title": "Talk", "room": "a", "start": "2026-05-01T10:00", "end": "2026-05-01T11:00"}])"));
    CHECK(runCheck(berlin).err.find("UTC") == std::string::npos);

    std::string empty = dir.file("empty.json");
    writeText(empty, programJson("Europe/Berlin", ""));
    Run emptyRun = runCheck(empty);
    CHECK(emptyRun.code == 1);
    CHECK(emptyRun.err.find("no sessions and no talks") != std::string::npos);
}

TEST_CASE("check --overrides rejects an announcement the kiosk would reject and lists the good ones") {
    TempDir dir;
    std::string program = dir.file("program.json");
    writeText(program, programJson("Europe/Berlin", R"("rooms": [{"id": "a", "name": "A"}],
        "sessions": [{"id": "s", "title": "Talk", "room": "a", "start": "2026-05-01T10:00", "end": "2026-05-01T11:00"}])"));
    auto checkWith = [&](const std::string& overridesText) {
        std::string overrides = dir.file("overrides.json");
        writeText(overrides, overridesText);
        cli::CheckOptions options;
        options.program = program;
        options.overrides = overrides;
        std::ostringstream out, err;
        int code = cli::check(options, out, err);
        return Run{code, out.str(), err.str()};
    };
    Run good = checkWith(R"({"announcements": [
        {"title": "Room change", "text": "Hall B after lunch.", "urgent": true,
         "from": "2026-05-01T09:00", "until": "2026-05-01T13:00"},
        {"title": "Wi-Fi", "text": "Network X.", "from": "2026-05-01T08:00"},
        {"text": "Be kind."}]})");
    CHECK(good.code == 0);
    CHECK(good.out.find("  announcement  urgent \"Room change\": 2026-05-01T09:00 to 2026-05-01T13:00\n") !=
          std::string::npos);
    CHECK(good.out.find("  announcement  \"Wi-Fi\": from 2026-05-01T08:00\n") != std::string::npos);
    CHECK(good.out.find("  announcement  \"Be kind.\": always\n") != std::string::npos);
    CHECK(good.err.find("never shows") == std::string::npos);

    // A window copied from an example, years before the program: it would never show.
    Run copied = checkWith(R"({"announcements": [{"title": "Keynote overflow", "text": "Hall B.",
        "from": "2021-04-06T08:00", "until": "2021-04-06T09:30"}, {"text": "Later.", "from": "2026-05-01T10:30"}]})");
    CHECK(copied.code == 0);
    CHECK(copied.err.find(
              "overrides.json: /announcements/0: warning: shown until 2021-04-06T09:30, outside the program "
              "(2026-05-01T10:00 to 2026-05-01T11:00): it never shows during the event") != std::string::npos);
    CHECK(copied.err.find("/announcements/1:") == std::string::npos);  // inside the program
    CHECK(copied.out.find("1 warning") != std::string::npos);

    // `until` before `from`: the kiosk rejects the file, so check fails and says where.
    Run backwards = checkWith(R"({"announcements": [{"title": "Room change", "text": "Hall B.",
        "from": "2026-05-01T09:00", "until": "2026-05-01T08:00"}]})");
    CHECK(backwards.code == 1);
    CHECK(backwards.err.find("overrides.json: /announcements/0/until: error:") != std::string::npos);
    CHECK(backwards.out.find("overrides.json: OK") == std::string::npos);
}

TEST_CASE("check --config warns about a slide that never shows while the program runs") {
    TempDir dir;
    writeText(dir.file("program.json"), programJson("Europe/Berlin", R"("rooms": [{"id": "a", "name": "A"}],
        "sessions": [{"id": "s", "title": "Talk", "room": "a", "start": "2026-05-01T10:00", "end": "2026-05-01T13:00"}])"));
    writeText(dir.file("kiosk.json"), R"json({"program": "program.json", "rotation": [{"page": "now-next"},
        {"page": "slide", "title": "Lunch", "days": ["2026-05-01"], "daily": {"from": "12:00", "until": "14:00"}},
        {"page": "slide", "title": "Lunch (copied)", "days": ["2021-04-06"], "daily": {"from": "12:00", "until": "14:00"}},
        {"page": "slide", "title": "Dinner", "daily": {"from": "18:00", "until": "21:00"}},
        {"page": "slide", "title": "Friday", "days": ["fri"]},
        {"page": "slide", "title": "Wi-Fi"}]})json");
    cli::CheckOptions options;
    options.config = dir.file("kiosk.json");
    std::ostringstream out, err;
    CHECK(cli::check(options, out, err) == 0);
    INFO(err.str());
    std::string never = ": warning: the slide never shows during the program (2026-05-01T10:00 to 2026-05-01T13:00)";
    CHECK(err.str().find("/rotation/1" + never) == std::string::npos);  // lunch, inside the program
    CHECK(err.str().find("/rotation/2" + never) != std::string::npos);  // a date copied from an example
    CHECK(err.str().find("/rotation/3" + never) != std::string::npos);  // after the last session
    CHECK(err.str().find("/rotation/4" + never) == std::string::npos);  // 2026-05-01 is a Friday
    CHECK(err.str().find("/rotation/5") == std::string::npos);          // always
    CHECK(out.str().find("2 warnings") != std::string::npos);
}
