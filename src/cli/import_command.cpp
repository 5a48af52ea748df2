// `hallboard import INPUT... -o PROGRAM.json`: converts and merges inputs, prints a
// report that accounts for every input event, writes the program atomically.
#include <cerrno>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <ostream>
#include <sstream>
#include <unistd.h>

#include "cli/commands.hpp"
#include "core/program_json.hpp"
#include "core/scheduler.hpp"
#include "core/text.hpp"

namespace hallboard::cli {

namespace {

bool writeAtomically(const std::string& path, const std::string& content, std::string& error) {
    namespace fs = std::filesystem;
    fs::path target(path);
    fs::path tmp = target;
    tmp += ".tmp-" + std::to_string(::getpid());
    {
        errno = 0;
        std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
        if (!out) {
            error = "cannot write " + tmp.string() + ": " + (errno ? systemMessage(errno) : std::string("the system gave no reason"));
            return false;
        }
        out << content;
        out.flush();
        if (!out) {
            error = "writing " + tmp.string() + " failed: " + (errno ? systemMessage(errno) : std::string("the system gave no reason"));
            std::error_code ec;
            std::filesystem::remove(tmp, ec);
            return false;
        }
    }
    std::error_code ec;
    fs::rename(tmp, target, ec);  // atomic on one file system: readers see old or new, never half
    if (ec) {
        error = "cannot replace " + path + ": " + systemMessage(ec.value());
        fs::remove(tmp, ec);
        return false;
    }
    return true;
}

std::string plural(std::size_t n, std::string_view one, std::string_view many) {
    return std::to_string(n) + " " + std::string(n == 1 ? one : many);
}

std::string plural(std::size_t n, const char* word) { return plural(n, word, std::string(word) + "s"); }

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

    // Per input: how it was read, where every event went, and the zone with its reason.
    for (const auto& s : result.inputs) {
        if (s.failed) {
            out << "read " << s.file << " as " << import::formatName(s.format) << ": not imported (the error is below)\n";
            continue;
        }
        out << "read " << s.file << " as " << import::formatName(s.format) << ": " << plural(s.events, "event") << ", "
            << s.kept << " kept";
        if (s.merged) out << " (" << s.merged << " merged into talks of an earlier input)";
        if (s.leftOut) out << ", " << s.leftOut << " left out (each is reported below)";
        out << "\n";
        if (!s.zone.empty()) out << "  time zone " << s.zone << ": " << s.zoneSource << "\n";
    }
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
    if (!writeAtomically(options.output, serializeProgram(program), error)) {
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
    out << plural(notes, "guess", "guesses") << (options.quiet ? " (not shown)" : "") << ", " << plural(warnings, "warning")
        << " (on stderr)\n";
    return 0;
}

}  // namespace hallboard::cli
