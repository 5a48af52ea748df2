// `hallboard import` cleans what no screen can show and what reads as other text (#26.1,
// #26.9): a NUL or a bidi override in a JSON export, an iCalendar file or a frab XML
// file never reaches the program it writes, and each is reported with where it was.
#include <catch2/catch.hpp>

#include <functional>

#include "base/text.hpp"
#include "import_support.hpp"

using namespace hallboard;
using namespace hallboard::test;

namespace {

import::Result importText(const std::string& name, const std::string& text){import::Options options;
options.referenceYear = 2026;
return import::importInputs({{name, text}}, options);
}  // namespace

// Every text of the result that cleanText would still change.
std::vector<std::string> unfitTexts(const Program& p) {
    std::vector<std::string> out;
    auto check = [&](const std::string& s) {
        std::string copy = s;
        if (cleanText(copy).changed()) out.push_back(excerpt(s));
    };
    for (const std::string* s : {&p.conference.name, &p.conference.venue}) check(*s);
    for (const Room& r : p.rooms) check(r.name);
    for (const Person& person : p.people) check(person.name);
    for (const Session& s : p.sessions) {
        check(s.title);
        check(s.description);
    }
    for (const Talk& t : p.talks) {
        check(t.title);
        check(t.abstract);
    }
    return out;
}

bool warned(const import::Result& r, const std::string& where, const std::string& what) {
    return hasDiagnostic(r.diagnostics, Severity::warning, where, what);
}

}  // namespace

TEST_CASE("import from a C3VOC JSON export cleans NUL escapes and lone surrogates, and warns where") {
    std::string text = R"({"schedule": {"version": "1", "conference": {"title": "Camp\u0000", "acronym": "camp",
        "start": "2026-08-21", "end": "2026-08-21", "daysCount": 1, "timeslot_duration": "00:15", "time_zone_name": "Europe/Berlin",
        "days": [{"index": 0, "date": "2026-08-21", "day_start": "2026-08-21T06:00:00+02:00", "day_end": "2026-08-22T05:59:00+02:00",
          "rooms": {"Hall\u0000 A": [{"guid": "g1", "id": 1, "date": "2026-08-21T10:00:00+02:00", "start": "10:00", "duration": "00:30",
            "room": "Hall\u0000 A", "slug": "x", "title": "Opening \ud800 talk", "subtitle": "", "track": "", "type": "talk",
            "language": "en", "abstract": "never\u0000 shown", "description": "", "persons": [{"public_name": "Ada\u0000"}], "links": []}]}}]}}})";
    import::Result r = importText("camp.json", text);
    INFO(allDiagnostics(r.diagnostics));
    REQUIRE(r.program);
    CHECK(unfitTexts(*r.program).empty());
    CHECK(warned(r, "line 5", "\\uD800 (the first half of a surrogate pair"));
    CHECK(warned(r, "/schedule/conference/title", "U+0000 (NUL, a control character)"));
    CHECK(warned(r, "abstract", "U+0000"));
}

TEST_CASE("import from iCalendar cleans a raw NUL byte and a bidi override, and warns where") {
    std::string ics = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nX-WR-TIMEZONE:Europe/Berlin\r\nBEGIN:VEVENT\r\nUID:a@x\r\n"
                      "DTSTART;TZID=Europe/Berlin:20261020T100000\r\nDTEND;TZID=Europe/Berlin:20261020T104500\r\n"
                      "SUMMARY:Keynote " +
                      std::string("\0", 1) +
                      "at \xE2\x80\xAE"
                      "01:11\r\n"
                      "LOCATION:Room\x01 A\r\nDESCRIPTION:a\xC2\x85"
                      "b\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n";
    import::Result r = importText("cal.ics", ics);
    INFO(allDiagnostics(r.diagnostics));
    REQUIRE(r.program);
    CHECK(unfitTexts(*r.program).empty());
    REQUIRE(r.program->sessions.size() == 1);
    CHECK(r.program->sessions[0].title == "Keynote \uFFFDat 01:11");
    CHECK(r.program->rooms[0].name == "Room\uFFFD A");
    CHECK(warned(r, "/sessions/0/title", "U+0000 (NUL, a control character)"));
    CHECK(warned(r, "/rooms/0/name", "U+0001"));
    for (const auto& d : r.diagnostics)
        if (d.message.find("U+") != std::string::npos) CHECK(d.file == "cal.ics");  // the input that held it
}

TEST_CASE("import from frab XML cleans character references to controls") {
    std::string xml = R"(<?xml version="1.0"?><schedule><conference><title>Conf&#1;</title><acronym>c</acronym>
        <start>2026-10-20</start><end>2026-10-20</end><days>1</days><time_zone_name>Europe/Berlin</time_zone_name></conference>
        <day index="1" date="2026-10-20" start="2026-10-20T06:00:00+02:00" end="2026-10-21T05:59:00+02:00">
        <room name="Hall"><event guid="g1" id="1"><date>2026-10-20T10:00:00+02:00</date><start>10:00</start><duration>00:30</duration>
        <room>Hall</room><title>Opening&#x202E;01:11</title><type>talk</type><language>en</language>
        <abstract>x&#xFFFE;y</abstract><persons/></event></room></day></schedule>)";
    import::Result r = importText("frab.xml", xml);
    INFO(allDiagnostics(r.diagnostics));
    REQUIRE(r.program);
    CHECK(unfitTexts(*r.program).empty());
    REQUIRE(r.program->sessions.size() == 1);
    CHECK(r.program->sessions[0].title == "Opening01:11");
    CHECK(warned(r, "title", "U+202E (a bidi embedding or override)"));
}
