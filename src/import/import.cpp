// Format detection and the import pipeline: read each input into its own program,
// merge them in order, check the result. See import.hpp.
#include "import/import.hpp"

#include "model/program_json.hpp"
#include "base/text.hpp"
#include "import/builder.hpp"
#include "import/scan.hpp"
#include "import/text_layout.hpp"

namespace hallboard::import {

namespace {

struct FormatName {
    Format format;
    std::string_view name;
};

constexpr FormatName kFormats[] = {
    {Format::hallboard, "hallboard"},      {Format::daySchedule, "day-schedule"}, {Format::paperList, "paper-list"},
    {Format::sessionPage, "session-page"}, {Format::arxivListing, "arxiv"},       {Format::awardPage, "awards"},
    {Format::frabXml, "frab-xml"},         {Format::vocJson, "voc-json"},         {Format::ical, "ical"},
};

std::string_view skipBomAndSpace(std::string_view text) {
    if (text.size() >= 3 && text.substr(0, 3) == "\xEF\xBB\xBF") text.remove_prefix(3);
    return trimView(text);
}

// The line tests of format detection, on trimmed lines. Each comment gives the regular
// expression the test stands for (searched in the line).

// ^arXiv:\d{4}\.\d{4,5}
bool isArxivIdLine(std::string_view line) {
    scan::Cursor c(line);
    return c.literal("arXiv:") && c.digits(4, 4) && c.optional('.') && c.digits(4, 5);
}

// ^#\d+\s+\S
bool isPaperEntryLine(std::string_view line) {
    scan::Cursor c(line);
    return c.optional('#') && c.digits(1) && c.spaces() && !c.atEnd();
}

// ^Authors?:
bool isAuthorsLine(std::string_view line) {
    scan::Cursor c(line);
    if (!c.literal("Author")) return false;
    c.optional('s');
    return c.optional(':');
}

// ^(Moderator|Chair)s?:   ignoring case
bool isModeratorLine(std::string_view line) {
    scan::Cursor c(line);
    if (!c.literalNoCase("moderator") && !c.literalNoCase("chair")) return false;
    c.oneOf("sS");
    return c.optional(':');
}

// ^(Mon|Tue|Wed|Thu|Fri|Sat|Sun)[a-z]*\.?,?\s+\d{1,2}\s+[A-Z][a-z]+\.?\s+\d{1,2}:\d{2}.*[-—–]
// A session page's slot, "Tue 30 Aug. 14:15 - 14:33 PDT". The bracket takes single
// bytes: '-' and the bytes of the UTF-8 dashes, E2 80 93 and E2 80 94.
bool isSlotLine(std::string_view line) {
    scan::Cursor c(line);
    if (!scan::weekdayDate(c) || !c.spaces() || !c.digits(1, 2) || !c.optional(':') || !c.digits(2, 2)) return false;
    for (char ch : c.rest()) {
        if (scan::isLineBreak(ch)) return false;
        if (ch == '-' || ch == '\xE2' || ch == '\x80' || ch == '\x93' || ch == '\x94') return true;
    }
    return false;
}

// (Mon|Tue|Wed|Thu|Fri|Sat|Sun)[a-z]*\.?,?\s+\d{1,2}\s+[A-Z][a-z]+\.?\s+\d{1,2}:\d{2}\s*[aApP]\.?\s?[mM]\.?\s*$
// A day schedule's heading ends in "Tue 6 Apr 09:30 a.m.". Tried from every weekday in
// the line (the pattern was searched, not anchored at the start). An attempt reads one
// weekday, day, month and time and fails at the first character that does not fit, so a
// character is read by at most a few attempts: linear in the line.
bool endsWithTimedHeading(std::string_view line) {
    for (std::size_t p = 0; p + 3 <= line.size(); ++p) {
        scan::Cursor c(line, p);
        if (scan::weekdayDate(c) && c.spaces() && scan::timeToEnd(c, true)) return true;
    }
    return false;
}

// \b(Award|Prize|Mention)\s*$   ignoring case
bool endsWithAwardWord(std::string_view line) {
    std::string_view core = scan::trimEnd(line);
    for (std::string_view word : {"award", "prize", "mention"}) {
        if (!scan::endsWithNoCase(core, word)) continue;
        std::size_t at = core.size() - word.size();
        return at == 0 || !scan::isWordChar(core[at - 1]);
    }
    return false;
}

}  // namespace

std::string_view formatName(Format f) {
    for (const auto& n : kFormats)
        if (n.format == f) return n.name;
    return "auto";
}

std::optional<Format> parseFormat(std::string_view name) {
    if (name == "auto") return Format::automatic;
    for (const auto& n : kFormats)
        if (n.name == name) return n.format;
    return std::nullopt;
}

Format detectFormat(std::string_view content) {
    std::string_view text = skipBomAndSpace(content);
    if (text.empty()) return Format::automatic;
    if (text.front() == '<')
        return text.find("<schedule") != std::string_view::npos ? Format::frabXml : Format::automatic;
    if (text.front() == '{') {
        if (text.find("\"hallboard-program\"") != std::string_view::npos) return Format::hallboard;
        if (text.find("\"schedule\"") != std::string_view::npos) return Format::vocJson;
        if (text.find("\"conference\"") != std::string_view::npos) return Format::hallboard;
        return Format::automatic;
    }
    if (startsWith(text, "BEGIN:VCALENDAR")) return Format::ical;

    int nArxiv = 0, nEntries = 0, nAuthors = 0, nAwards = 0, nModerator = 0, nSlots = 0, nHeadings = 0;
    auto lines = splitLines(text);
    for (std::size_t i = 0; i < lines.size(); ++i) {
        std::string_view line = trimView(lines[i]);
        if (isArxivIdLine(line)) ++nArxiv;
        if (isPaperEntryLine(line)) ++nEntries;
        if (isAuthorsLine(line)) ++nAuthors;
        if (isModeratorLine(line)) ++nModerator;
        if (isSlotLine(line)) ++nSlots;
        if (endsWithTimedHeading(line)) ++nHeadings;
        if (endsWithAwardWord(line) && i + 1 < lines.size() && trimView(lines[i + 1]) == "|") ++nAwards;
    }
    if (nArxiv > 0) return Format::arxivListing;
    if (nEntries > 0 && nAuthors > 0) return Format::paperList;
    if (nAwards > 0) return Format::awardPage;
    if (nModerator > 0 || nSlots >= 2) return Format::sessionPage;
    if (nHeadings > 0) return Format::daySchedule;
    return Format::automatic;
}

namespace {

// One input read by its format's reader into a program of its own. Throws InputError
// when it cannot be (unknown format, unreadable, nothing in it that can be placed).
Program readInput(const Input& input, Context& ctx) {
    InputSummary& summary = ctx.summary;
    std::optional<Program> program;
    ProgramBuilder builder;
    switch (summary.format) {
    case Format::automatic:
        throw InputError("", "cannot tell what format this is; name it with --format (hallboard, day-schedule, "
                             "paper-list, session-page, arxiv, awards, frab-xml, voc-json, ical)");
    case Format::hallboard: {
        ProgramLoad load = parseProgram(input.content, input.file);
        for (auto& d : load.diagnostics) ctx.report.add(d);
        if (!load.ok()) throw InputError("", "the program cannot be read (see above)");
        summary.events = summary.kept = load.program->sessions.size() + load.program->talks.size();
        program = std::move(load.program);
        break;
    }
    case Format::daySchedule: readDaySchedule(input.content, builder, ctx); break;
    case Format::paperList: readPaperList(input.content, builder, ctx); break;
    case Format::sessionPage: readSessionPage(input.content, builder, ctx); break;
    case Format::arxivListing: readArxivListing(input.content, builder, ctx); break;
    case Format::awardPage: readAwardPage(input.content, builder, ctx); break;
    case Format::frabXml: readFrabXml(input.content, builder, ctx); break;
    case Format::vocJson: readVocJson(input.content, builder, ctx); break;
    case Format::ical: readICalendar(input.content, builder, ctx); break;
    }
    if (!program) program = builder.finish();
    if (summary.events == 0)
        throw InputError("", "nothing to import: no sessions, talks or events found in this input");
    if (summary.kept == 0)
        throw InputError("", "nothing to import: none of its " + std::to_string(summary.events) +
                                 " events could be placed (each is reported above)");
    return std::move(*program);
}

}  // namespace

Result importInputs(const std::vector<Input>& inputs, const Options& options) {
    Result result;
    if (!options.timeZone.empty() && !TimeZone::find(options.timeZone)) {
        result.diagnostics.push_back(
            {Severity::error, "--timezone", "",
             "unknown time zone \"" + options.timeZone + "\" (expected an IANA name such as \"Europe/Berlin\")"});
        return result;
    }
    ProgramBuilder merged;
    bool failed = false;
    for (const Input& input : inputs) {
        Diagnostics report(input.file);
        InputSummary summary;
        summary.file = input.file;
        summary.format = options.format == Format::automatic ? detectFormat(input.content) : options.format;
        Context ctx{options, report, summary};
        std::optional<Program> program;
        try {
            program = readInput(input, ctx);
        } catch (const InputError& e) {
            report.error(e.where(), e.what());
            failed = summary.failed = true;
        } catch (const std::exception& e) {
            report.error("", std::string("could not be imported: ") + e.what());
            failed = summary.failed = true;
        }
        // Whatever the format and its escapes (XML's &#0;, HTML entities), no text leaves an
        // import that the kiosk's reader would have to clean: one pass over the result.
        if (program && !failed) cleanProgramText(*program, report);
        if (program && !failed) summary.merged = mergeProgram(merged, *program, report);
        result.inputs.push_back(summary);
        for (const auto& d : report.items()) result.diagnostics.push_back(d);
    }
    if (failed) return result;

    Program program = merged.finish();
    if (!options.name.empty()) {
        program.conference.name = options.name;
        program.conference.shortName.clear();
    }
    Diagnostics checks("the result");
    checkProgram(program, checks);
    for (const auto& d : checks.items()) result.diagnostics.push_back(d);
    result.program = std::move(program);
    return result;
}

}  // namespace hallboard::import
