// Parses `hallboard SUBCOMMAND ...` with CLI11 and runs the subcommand.
#include <CLI/CLI.hpp>
#include <ostream>

#include "cli/commands.hpp"

namespace hallboard::cli {

int run(int argc, const char* const* argv, std::ostream& out, std::ostream& err) {
    CLI::App app{"Hallboard: an offline conference kiosk and signage program.", "hallboard"};
    app.require_subcommand(1);
    app.set_help_all_flag("--help-all", "Help for every subcommand");

    CheckOptions checkOptions;
    auto* checkCmd = app.add_subcommand("check", "Load a program file, print a summary and every warning.\n"
                                                 "Exit 0 if it loads, 1 if it cannot be used.");
    checkCmd->add_option("program", checkOptions.program, "Program file (hallboard-program JSON)")->required();

    NowOptions nowOptions;
    auto* nowCmd = app.add_subcommand("now", "Print the conference day and what is live and next in each room.");
    nowCmd->add_option("program", nowOptions.program, "Program file (hallboard-program JSON)")->required();
    nowCmd->add_option("--at", nowOptions.at,
                       "Instead of now: conference wall time 2021-04-06T09:45, or an instant with Z or an offset");
    nowCmd->add_option("--room", nowOptions.rooms, "Only this room (id or name); repeat for more");

    ImportOptions importOptions;
    std::string formatText = "auto";
    auto* importCmd = app.add_subcommand(
        "import", "Convert conference programs into one hallboard-program: text copied from conference pages "
                  "(day schedule, paper list, session page, arXiv listing, award page), frab schedule.xml, "
                  "pretalx/frab schedule.json, iCalendar. Several inputs are merged.");
    importCmd->add_option("inputs", importOptions.inputs, "Input files")->required()->check(CLI::ExistingFile);
    importCmd->add_option("-o,--output", importOptions.output, "Program file to write")->required();
    importCmd->add_option("--format", formatText,
                          "Input format: auto, hallboard, day-schedule, paper-list, session-page, arxiv, awards, "
                          "frab-xml, voc-json, ical");
    importCmd->add_option("--year", importOptions.importOptions.year, "Year for dates written without one");
    importCmd->add_option("--timezone", importOptions.importOptions.timeZone,
                          "IANA zone for inputs that name none (e.g. America/Los_Angeles)");
    importCmd->add_option("--name", importOptions.importOptions.name, "Conference name");
    importCmd->add_option("--room", importOptions.importOptions.room, "Room for layouts that name none");
    importCmd->add_option("--reference-year", importOptions.importOptions.referenceYear,
                          "Dates without a year take the latest matching year up to this one (default: this year)");
    importCmd->add_flag("-q,--quiet", importOptions.quiet, "Do not list guesses, only warnings and errors");

    // Reserved for the kiosk itself; they arrive with the window.
    auto* runCmd = app.add_subcommand("run", "Run the kiosk (not built yet in this version).");
    runCmd->allow_extras();

    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        return app.exit(e, out, err);
    }

    if (*checkCmd) return check(checkOptions, out, err);
    if (*importCmd) {
        auto format = import::parseFormat(formatText);
        if (!format) {
            err << "--format: unknown format \"" << formatText << "\"\n";
            return 2;
        }
        importOptions.importOptions.format = *format;
        return importCommand(importOptions, out, err);
    }
    if (*nowCmd) return now(nowOptions, out, err);
    if (*runCmd) {
        err << "hallboard run: the kiosk window is not part of this build yet; try \"hallboard now PROGRAM\"\n";
        return 2;
    }
    return 2;
}

}  // namespace hallboard::cli
