// `hallboard import`: turns what organisers already have into a hallboard-program.
//
// Formats: the conference-site text layouts (a day schedule, an accepted-paper list, a
// session page, an arXiv listing, an award page), frab/Pentabarf schedule.xml, C3VOC
// schedule.json as frab and pretalx export it (and "schedule 2.0"), and iCalendar.
// Several inputs merge into one program. Every guess and problem is reported with its
// place in the input, and every input event is either in the program or in the report.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "base/diagnostics.hpp"
#include "model/program.hpp"

namespace hallboard::import {

enum class Format {
    automatic,
    hallboard,     // a hallboard-program (merged like any other input)
    daySchedule,   // conference site: "Oral: Session 1 ... Tue 6 Apr 09:30 a.m."
    paperList,     // "#12 Title [PDF]" / "Authors: ..."
    sessionPage,   // session title, room, "Moderator:", "Tue 30 Aug. 14:15 - 14:33 PDT" slots
    arxivListing,  // abstract, "arXiv:NNNN.NNNNN", "Created: date"
    awardPage,     // "Outstanding Paper Award" / "|" / "[ Room ] abstract |"
    frabXml,
    vocJson,  // C3VOC schedule.json (frab, pretalx) and schedule 2.0
    ical,
};

std::string_view formatName(Format f);
std::optional<Format> parseFormat(std::string_view name);  // "frab-xml", "ical", ...
Format detectFormat(std::string_view content);

struct Options {
    Format format = Format::automatic;
    std::optional<int> year;  // pins years a text omits
    std::string timeZone;     // IANA name; for inputs that give none (or only an offset)
    std::string name;         // conference name, overrides what the inputs say
    std::string room;         // room for layouts that name none
    std::string baseUrl;      // resolves relative links ("/system/att/1.pdf"); else the export's own
    std::string photosDir;    // local copies of speaker photos the export links on the web
    int referenceYear = 0;    // "near our era": latest matching year up to this; 0 = this year
};

struct InputSummary {
    std::string file;
    Format format = Format::automatic;
    std::size_t events = 0;   // sessions and talks (or calendar events) found in the input
    std::size_t kept = 0;     // of those, in the program
    std::size_t leftOut = 0;  // of those, reported as left out
    std::size_t merged = 0;   // of those kept, merged into a talk of an earlier input
    bool failed = false;      // the input could not be imported (its error is in the diagnostics)
    std::string zone;         // the input's time zone, and how it was decided
    std::string zoneSource;   // "--timezone", "named in the input (<time_zone_name>)", "inferred from ..."
};

struct Result {
    std::optional<Program> program;
    std::vector<InputSummary> inputs;
    std::vector<Diagnostic> diagnostics;  // notes (guesses), warnings, errors; with file and place
};

struct Input {
    std::string file;     // shown in messages
    std::string content;  // the bytes
};

Result importInputs(const std::vector<Input>& inputs, const Options& options);

}  // namespace hallboard::import
