// Shapes real exports have that the earlier readers got wrong (issue "every export
// right"): iCalendar property parameters around TZID, frab's "Title - speakers"
// summaries with nicknames, UID@host against the XML's guid, tracks that sound like
// breaks, and links with Unicode spaces. Fixtures are made to the shape, not copied.
#include <catch2/catch.hpp>

#include <sstream>

#include "cli/commands.hpp"
#include "base/text.hpp"
#include "import_support.hpp"

using namespace hallboard;
using namespace hallboard::test;

namespace {

import::Result importText(const std::string& name, const std::string& text,
                          import::Options options = {}){if (options.referenceYear == 0) options.referenceYear = 2026;
return import::importInputs({{name, text}}, options);
}  // namespace

std::vector<std::string> speakerNames(const Program& p, const Talk& t) {
    std::vector<std::string> out;
    for (Index s : t.speakers) out.push_back(p.people[s].name);
    return out;
}

const Session& sessionOf(const Program& p, const Talk& t) {
    REQUIRE(t.session);
    return p.sessions[*t.session];
}

}  // namespace

TEST_CASE("an iCalendar whose TZID carries parameters is read in its named zone, never as UTC") {
    auto r = importFiles({kImportFixtures + "frab-congress.ics"});
    INFO(allDiagnostics(r.diagnostics));
    REQUIRE(r.program);
    REQUIRE(r.inputs.size() == 1);
    CHECK(r.inputs[0].zone == "Europe/Berlin");
    CHECK(r.inputs[0].zoneSource.find("no times") == std::string::npos);
    CHECK(r.program->conference.zone.name() == "Europe/Berlin");
    const Talk* snowden = talkTitled(*r.program, "3 Years After Snowden: Is Germany fighting State Surveillance?");
    REQUIRE(snowden);
    // 21:15 in Berlin in December is 20:15 UTC.
    CHECK(formatIso(TimeZone::utc(), sessionOf(*r.program, *snowden).time.start) == "2016-12-29T20:15:00+00:00");
    // DTSTART;VALUE=DATE-TIME;TZID=... (parameters in the other order) and a quoted TZID.
    const Talk* fedi = talkTitled(*r.program, "Federated timelines - a tour");
    REQUIRE(fedi);
    CHECK(formatIso(TimeZone::utc(), sessionOf(*r.program, *fedi).time.start) == "2016-12-29T21:30:00+00:00");
    const Talk* lightning = talkTitled(*r.program, "Lightning talks");
    REQUIRE(lightning);
    CHECK(formatIso(TimeZone::utc(), sessionOf(*r.program, *lightning).time.start) == "2016-12-29T22:15:00+00:00");
}

TEST_CASE("an iCalendar with only named-zone times and an unknown zone asks, never decides UTC") {
    std::string ics =
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\n"
        "BEGIN:VEVENT\r\nUID:1\r\nSUMMARY:Opening\r\nDTSTART;X-FOO=\"a;b:c\";TZID=Mars/Olympus_Mons:20261010T090000\r\n"
        "DTEND;TZID=Mars/Olympus_Mons:20261010T093000\r\nLOCATION:Hall\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n";
    auto r = importText("mars.ics", ics);
    INFO(allDiagnostics(r.diagnostics));
    CHECK_FALSE(r.program);
    CHECK(hasDiagnostic(r.diagnostics, Severity::error, "", "Pass --timezone"));
}

TEST_CASE("frab's summaries name the speakers after the last \" - \", nicknames and folded lines included") {
    auto r = importFiles({kImportFixtures + "frab-congress.ics"});
    INFO(allDiagnostics(r.diagnostics));
    REQUIRE(r.program);
    const Program& p = *r.program;
    const Talk* snowden = talkTitled(p, "3 Years After Snowden: Is Germany fighting State Surveillance?");
    REQUIRE(snowden);
    CHECK(speakerNames(p, *snowden) == std::vector<std::string>{"anna", "Andre Meister"});
    // A title with its own " - " keeps it: only the last one parts title from names.
    const Talk* fedi = talkTitled(p, "Federated timelines - a tour");
    REQUIRE(fedi);
    CHECK(speakerNames(p, *fedi) == std::vector<std::string>{"h01ger"});
    // "&" parts two names; an ATTENDEE whose CN lists two people gives both.
    const Talk* lightning = talkTitled(p, "Lightning talks");
    REQUIRE(lightning);
    auto names = speakerNames(p, *lightning);
    std::sort(names.begin(), names.end());
    CHECK(names == std::vector<std::string>{"Ada Lovelace", "Charles Babbage", "Grace Hopper", "Mary Somerville"});
}

TEST_CASE("a CN written surname first stays one person") {
    std::string ics =
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nX-WR-TIMEZONE:Europe/Rome\r\n"
        "BEGIN:VEVENT\r\nUID:1\r\nSUMMARY:Keynote\r\nDTSTART:20261010T090000\r\nDTEND:20261010T100000\r\n"
        "ATTENDEE;CN=\"Lovelace, Ada\":mailto:ada@example.org\r\nLOCATION:Hall\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n";
    auto r = importText("rome.ics", ics);
    INFO(allDiagnostics(r.diagnostics));
    REQUIRE(r.program);
    const Talk* t = talkTitled(*r.program, "Keynote");
    REQUIRE(t);
    CHECK(speakerNames(*r.program, *t) == std::vector<std::string>{"Lovelace, Ada"});
}

TEST_CASE("a frab XML and its own .ics whose UIDs carry @host give one talk per event") {
    auto r = importFiles({kImportFixtures + "frab-congress.xml", kImportFixtures + "frab-congress.ics"});
    INFO(allDiagnostics(r.diagnostics));
    REQUIRE(r.program);
    // Two events in the XML, the same two and a third in the .ics.
    CHECK(r.program->talks.size() == 3);
    CHECK(
        hasDiagnostic(r.diagnostics, Severity::note, "", "merged with the same talk of an earlier input (same guid)"));
}

TEST_CASE("a track named like a break is not a break when its event has speakers or a type") {
    auto r = importFiles({kImportFixtures + "frab-congress.xml"});
    INFO(allDiagnostics(r.diagnostics));
    REQUIRE(r.program);
    const Talk* fedi = talkTitled(*r.program, "Federated timelines - a tour");
    REQUIRE(fedi);
    CHECK(sessionOf(*r.program, *fedi).kind != SessionKind::social);
    CHECK_FALSE(isPause(sessionOf(*r.program, *fedi).kind));

    // With no type and nobody presenting, the track still says what the event is.
    std::string ics =
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nX-WR-TIMEZONE:Europe/Rome\r\n"
        "BEGIN:VEVENT\r\nUID:1\r\nSUMMARY:Evening at the harbour\r\nCATEGORIES:Social\r\nDTSTART:20261010T190000\r\n"
        "DTEND:20261010T220000\r\nLOCATION:Harbour\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n";
    auto social = importText("social.ics", ics);
    INFO(allDiagnostics(social.diagnostics));
    REQUIRE(social.program);
    REQUIRE(social.program->sessions.size() == 1);
    CHECK(social.program->sessions[0].kind == SessionKind::social);
}

TEST_CASE("links are trimmed of every Unicode space, and a scheme alone is no link") {
    std::string ics = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nX-WR-TIMEZONE:Europe/Rome\r\n"
                      "BEGIN:VEVENT\r\nUID:1\r\nSUMMARY:Keynote\r\nDTSTART:20261010T090000\r\nDTEND:20261010T100000\r\n"
                      "URL:\xC2\xA0http://bit.example/x\xC2\xA0\xE2\x80\x8B\r\nLOCATION:Hall\r\nEND:VEVENT\r\n"
                      "BEGIN:VEVENT\r\nUID:2\r\nSUMMARY:Closing\r\nDTSTART:20261010T170000\r\nDTEND:20261010T180000\r\n"
                      "URL:http://\r\nLOCATION:Hall\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n";
    auto r = importText("links.ics", ics);
    INFO(allDiagnostics(r.diagnostics));
    REQUIRE(r.program);
    const Talk* keynote = talkTitled(*r.program, "Keynote");
    REQUIRE(keynote);
    REQUIRE(keynote->links.size() == 1);
    CHECK(keynote->links[0].url == "http://bit.example/x");
    const Talk* closing = talkTitled(*r.program, "Closing");
    REQUIRE(closing);
    CHECK(closing->links.empty());
    CHECK(hasDiagnostic(r.diagnostics, Severity::note, "", "a web address without a host"));
}

TEST_CASE("zone evidence the file holds: a malformed VTIMEZONE line, and GEO coordinates") {
    std::string malformed =
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nVTIMEZONE: Europe/Rome\r\n"
        "BEGIN:VEVENT\r\nUID:1\r\nSUMMARY:Keynote\r\nDTSTART:20261010T090000\r\nDTEND:20261010T100000\r\n"
        "LOCATION:Aula Magna\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n";
    auto r = importText("rome.ics", malformed);
    INFO(allDiagnostics(r.diagnostics));
    REQUIRE(r.program);
    CHECK(r.inputs[0].zone == "Europe/Rome");

    auto withGeo = [](const std::string& geo1, const std::string& geo2) {
        return "BEGIN:VCALENDAR\r\nVERSION:2.0\r\n"
               "BEGIN:VEVENT\r\nUID:1\r\nSUMMARY:Keynote\r\nDTSTART:20260710T090000\r\nDTEND:20260710T100000\r\n"
               "GEO:" +
               geo1 +
               "\r\nLOCATION:Hall A\r\nEND:VEVENT\r\n"
               "BEGIN:VEVENT\r\nUID:2\r\nSUMMARY:Closing\r\nDTSTART:20260710T170000\r\nDTEND:20260710T180000\r\n"
               "GEO:" +
               geo2 + "\r\nLOCATION:Hall A\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n";
    };
    // A campsite in Brandenburg, 60 km from Berlin.
    auto camp = importText("camp.ics", withGeo("52.9;13.3", "52.9;13.31"));
    INFO(allDiagnostics(camp.diagnostics));
    REQUIRE(camp.program);
    CHECK(camp.inputs[0].zone == "Europe/Berlin");
    CHECK(hasDiagnostic(camp.diagnostics, Severity::note, "", "lie nearest to Berlin"));
    // Events whose coordinates lie in two zones: nothing is inferred, the import asks.
    auto split = importText("split.ics", withGeo("52.9;13.3", "40.4;-3.7"));
    INFO(allDiagnostics(split.diagnostics));
    CHECK_FALSE(split.program);
    CHECK(hasDiagnostic(split.diagnostics, Severity::note, "", "lie in several zones"));
}

TEST_CASE("the import's report closes with what the organiser must check") {
    TempDir temp;
    cli::ImportOptions options;
    options.inputs = {kImportFixtures + "frab-congress.xml", kImportFixtures + "frab-congress.ics"};
    options.output = temp.file("program.json");
    options.quiet = true;
    options.importOptions.referenceYear = 2026;
    std::ostringstream out, err;
    int code = cli::importCommand(options, out, err);
    INFO(out.str() << err.str());
    REQUIRE(code == 0);
    // The last line: zone and why, people with a biography and a photo, talks without a
    // speaker, sessions by kind.
    std::string text = out.str();
    std::string last = text.substr(text.rfind('\n', text.size() - 2) + 1);
    CHECK(startsWith(last, "check: times in Europe/Berlin (named in the input"));
    CHECK(last.find("7 people, 0 with a biography, 0 with a photo; 0 talks without a speaker; sessions by kind:") !=
          std::string::npos);
}
