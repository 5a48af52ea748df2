// `hallboard import INPUT... -o PROGRAM.json`: converts and merges inputs, prints a
// report that accounts for every input event, writes the program atomically.
#include <algorithm>
#include <cstdio>
#include <map>
#include <filesystem>
#include <ostream>
#include <sstream>

#include "cli/commands.hpp"
#include "base/files.hpp"
#include "model/program_json.hpp"
#include "model/scheduler.hpp"
#include "base/text.hpp"

namespace hallboard::cli {

namespace {

std::string plural(std::size_t n, std::string_view one, std::string_view many) {
    return std::to_string(n) + " " + std::string(n == 1 ? one : many);
}

std::string plural(std::size_t n, const char* word) {
    return plural(n, word, std::string(word) + "s");
}

// The closing line: what an organiser should look at before the program goes on the
// screens. "check: times in Europe/Berlin (named in the input (...)); 412 people, 380
// with a biography, 12 with a photo; 3 talks without a speaker; sessions by kind: 560
// oral, 12 break".
std::string checkLine(const Program& program, const std::vector<import::InputSummary>& inputs) {
    std::string zoneWhy;
    for (const auto& s : inputs)
        if (!s.failed && s.zone == program.conference.zone.name()) {
            zoneWhy = s.zoneSource;
            break;
        }
    std::size_t bios = 0, photos = 0, noSpeaker = 0;
    for (const Person& p : program.people) {
        bios += !trim(p.bio).empty();
        photos += !trim(p.photo).empty();
    }
    for (const Talk& t : program.talks) noSpeaker += t.speakers.empty();
    std::map<std::string, std::size_t> kinds;
    for (const Session& s : program.sessions) ++kinds[std::string(toString(s.kind))];
    std::vector<std::pair<std::string, std::size_t>> byCount(kinds.begin(), kinds.end());
    std::stable_sort(byCount.begin(), byCount.end(), [](const auto& a, const auto& b) { return a.second > b.second; });
    std::string line = "check: times in " + program.conference.zone.name() +
                       (zoneWhy.empty() ? "" : " (" + zoneWhy + ")") + "; " +
                       plural(program.people.size(), "person", "people") + ", " + std::to_string(bios) +
                       " with a biography, " + std::to_string(photos) + " with a photo; " + plural(noSpeaker, "talk") +
                       " without a speaker; sessions by kind:";
    for (std::size_t i = 0; i < byCount.size(); ++i)
        line += (i ? ", " : " ") + std::to_string(byCount[i].second) + " " + byCount[i].first;
    if (byCount.empty()) line += " none";
    return line;
}

// Per input: how it was read, where every event went, and the zone with its reason.
void reportInputs(const std::vector<import::InputSummary>& inputs, std::ostream& out) {
    for (const auto& s : inputs) {
        if (s.failed) {
            out << "read " << s.file << " as " << import::formatName(s.format)
                << ": not imported (the error is below)\n";
            continue;
        }
        out << "read " << s.file << " as " << import::formatName(s.format) << ": " << plural(s.events, "event") << ", "
            << s.kept << " kept";
        if (s.merged) out << " (" << s.merged << " merged into talks of an earlier input)";
        if (s.leftOut) out << ", " << s.leftOut << " left out (each is reported below)";
        out << "\n";
        if (!s.zone.empty()) out << "  time zone " << s.zone << ": " << s.zoneSource << "\n";
    }
}

}  // namespace

int importCommand(const ImportOptions& options, std::ostream& out, std::ostream& err) {
    std::vector<import::Input> inputs;
    for (const std::string& path : options.inputs) {
        std::string error;
        auto text = readWholeFile(path, error, InputKind::import);
        if (!text) {
            err << path << ": error: " << error << "\n";
            return 1;
        }
        inputs.push_back({path, std::move(*text)});
    }
    import::Result result = import::importInputs(inputs, options.importOptions);

    reportInputs(result.inputs, out);
    std::size_t notes = 0, warnings = 0, errors = 0;
    for (const Diagnostic& d : result.diagnostics) {
        (d.severity == Severity::note ? notes : d.severity == Severity::warning ? warnings : errors)++;
        if (d.severity == Severity::note && options.quiet) continue;
        err << format(d) << "\n";
    }
    if (!result.program) {
        err << "nothing written: " << plural(errors, "error") << "\n";
        return 1;
    }
    const Program& program = *result.program;
    std::string error;
    // What a power cut left of an earlier import's temporary goes first; the program is
    // then written durably (base/files.hpp): the old file or the new one, never half.
    std::vector<std::string> problems;
    for (const std::string& removed : removeStaleTemporaries(options.output, &problems))
        err << "hallboard import: removed " << removed << ", a temporary file a power cut left behind\n";
    for (const std::string& problem : problems) err << "hallboard import: " << problem << "\n";
    if (!writeDurably(options.output, serializeProgram(program), error)) {
        err << options.output << ": error: " << error << "\n";
        return 1;
    }
    Scheduler scheduler(program);
    std::size_t scheduled = 0;
    for (const Talk& t : program.talks) scheduled += t.session.has_value();
    out << "wrote " << options.output << ": " << plural(scheduler.days().size(), "day") << ", "
        << plural(program.rooms.size(), "room") << ", " << plural(program.sessions.size(), "session") << ", "
        << plural(program.talks.size(), "talk") << " (" << scheduled << " scheduled), "
        << plural(program.people.size(), "person", "people") << ", " << plural(program.awards.size(), "award") << "\n";
    out << plural(notes, "guess", "guesses") << (options.quiet ? " (not shown)" : "") << ", "
        << plural(warnings, "warning") << " (on stderr)\n";
    out << checkLine(program, result.inputs) << "\n";
    return 0;
}

}  // namespace hallboard::cli
