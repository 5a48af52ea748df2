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

    // Reserved for the kiosk itself; they arrive with the window.
    auto* runCmd = app.add_subcommand("run", "Run the kiosk (not built yet in this version).");
    runCmd->allow_extras();

    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        return app.exit(e, out, err);
    }

    if (*checkCmd) return check(checkOptions, out, err);
    if (*nowCmd) return now(nowOptions, out, err);
    if (*runCmd) {
        err << "hallboard run: the kiosk window is not part of this build yet; try \"hallboard now PROGRAM\"\n";
        return 2;
    }
    return 2;
}

}  // namespace hallboard::cli
