// Format detection and the import pipeline: read each input into its own program,
// merge them in order, check the result. See import.hpp.
#include "import/import.hpp"

#include <regex>

#include "core/program_json.hpp"
#include "core/text.hpp"
#include "import/builder.hpp"
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
    if (text.front() == '<') return text.find("<schedule") != std::string_view::npos ? Format::frabXml : Format::automatic;
    if (text.front() == '{') {
        if (text.find("\"hallboard-program\"") != std::string_view::npos) return Format::hallboard;
        if (text.find("\"schedule\"") != std::string_view::npos) return Format::vocJson;
        if (text.find("\"conference\"") != std::string_view::npos) return Format::hallboard;
        return Format::automatic;
    }
    if (startsWith(text, "BEGIN:VCALENDAR")) return Format::ical;

    static const std::regex arxiv(R"(^arXiv:\d{4}\.\d{4,5})");
    static const std::regex paperEntry(R"(^#\d+\s+\S)");
    static const std::regex authors(R"(^Authors?:)");
    static const std::regex award(R"(\b(Award|Prize|Mention)\s*$)", std::regex::icase);
    static const std::regex moderator(R"(^(Moderator|Chair)s?:)", std::regex::icase);
    static const std::regex slot(R"(^(Mon|Tue|Wed|Thu|Fri|Sat|Sun)[a-z]*\.?,?\s+\d{1,2}\s+[A-Z][a-z]+\.?\s+\d{1,2}:\d{2}.*[-—–])");
    static const std::regex heading(R"((Mon|Tue|Wed|Thu|Fri|Sat|Sun)[a-z]*\.?,?\s+\d{1,2}\s+[A-Z][a-z]+\.?\s+\d{1,2}:\d{2}\s*[aApP]\.?\s?[mM]\.?\s*$)");
    int nArxiv = 0, nEntries = 0, nAuthors = 0, nAwards = 0, nModerator = 0, nSlots = 0, nHeadings = 0;
    auto lines = splitLines(text);
    for (std::size_t i = 0; i < lines.size(); ++i) {
        std::string line = trim(lines[i]);
        if (std::regex_search(line, arxiv)) ++nArxiv;
        if (std::regex_search(line, paperEntry)) ++nEntries;
        if (std::regex_search(line, authors)) ++nAuthors;
        if (std::regex_search(line, moderator)) ++nModerator;
        if (std::regex_search(line, slot)) ++nSlots;
        if (std::regex_search(line, heading)) ++nHeadings;
        if (std::regex_search(line, award) && i + 1 < lines.size() && trim(lines[i + 1]) == "|") ++nAwards;
    }
    if (nArxiv > 0) return Format::arxivListing;
    if (nEntries > 0 && nAuthors > 0) return Format::paperList;
    if (nAwards > 0) return Format::awardPage;
    if (nModerator > 0 || nSlots >= 2) return Format::sessionPage;
    if (nHeadings > 0) return Format::daySchedule;
    return Format::automatic;
}

Result importInputs(const std::vector<Input>& inputs, const Options& options) {
    Result result;
    if (!options.timeZone.empty() && !TimeZone::find(options.timeZone)) {
        result.diagnostics.push_back({Severity::error, "--timezone", "",
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
            ProgramBuilder builder;
            switch (summary.format) {
                case Format::automatic:
                    throw InputError("", "cannot tell what format this is; name it with --format (hallboard, day-schedule, "
                                         "paper-list, session-page, arxiv, awards, frab-xml, voc-json, ical)");
                case Format::hallboard: {
                    ProgramLoad load = parseProgram(input.content, input.file);
                    for (auto& d : load.diagnostics) report.add(d);
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
        } catch (const InputError& e) {
            report.error(e.where(), e.what());
            failed = summary.failed = true;
        } catch (const std::exception& e) {
            report.error("", std::string("could not be imported: ") + e.what());
            failed = summary.failed = true;
        }
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
