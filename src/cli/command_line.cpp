// Parses `hallboard SUBCOMMAND ...` with CLI11 and runs the subcommand.
#include <CLI/CLI.hpp>
#include <ostream>
#include <sstream>

#include "base/language_scope.hpp"
#include "cli/commands.hpp"
#include "cli/window_commands.hpp"
#include "kiosk/kiosk_config.hpp"
#include "platform/image_file.hpp"
#include "platform/kiosk_app.hpp"
#include "platform/wayland_power.hpp"
#include "platform/x11_dpms.hpp"

namespace hallboard::cli {

namespace {

// Every subcommand's options, bound to CLI11 by the add* functions below (so they stay
// put: made once, never moved), and the subcommands, to see which was given.
struct Commands {
    CheckOptions checkOptions;
    NowOptions nowOptions;
    ImportOptions importOptions;
    std::string formatText = "auto";
    FleetCommandOptions fleetOptions;
    RoomStateOptions roomStateOptions;
    platform::RunOptions runOptions;
    std::string runSize;
    ScreenshotOptions shot;
    std::string shotSize = "1920x1080";
    RotationOptions rotationOptions;
    std::string rotationSize = "1920x1080";
    CLI::App* checkCmd = nullptr;
    CLI::App* nowCmd = nullptr;
    CLI::App* importCmd = nullptr;
    CLI::App* fleetCmd = nullptr;
    CLI::App* roomStateCmd = nullptr;
    CLI::App* shotCmd = nullptr;
    CLI::App* rotationCmd = nullptr;
};

CLI::App* addCheck(CLI::App& app, Commands& c) {
    CheckOptions& checkOptions = c.checkOptions;
    auto* checkCmd =
        app.add_subcommand("check", "Load a program file (or a kiosk configuration and the files it names), "
                                    "print a summary and every warning.\n"
                                    "Exit 0 if it loads, 1 if it cannot be used.");
    checkCmd->add_option("program", checkOptions.program,
                         "Program file (hallboard-program JSON); default with --config: its program");
    checkCmd->add_option("-c,--config", checkOptions.config,
                         "Also check this kiosk configuration, its slides' pictures and its overrides file");
    checkOptions.imageProblem = platform::imageProblem;
    checkOptions.imageSize = platform::imageSize;
    checkOptions.waylandOutputPower = platform::compositorSwitchesOutputsOff;
    checkOptions.x11WhyNotOff = platform::x11WhyNotOff;
    checkCmd->add_option("--overrides", checkOptions.overrides, "Also check this overrides file (changes on the day)");
    checkCmd->add_option("--venue", checkOptions.venue,
                         "Also check this venue file (floors, maps, rooms: docs/venue.md)");
    return checkCmd;
}

CLI::App* addNow(CLI::App& app, Commands& c) {
    NowOptions& nowOptions = c.nowOptions;
    auto* nowCmd = app.add_subcommand("now", "Print the conference day and what is live and next in each room.");
    nowCmd->add_option("program", nowOptions.program, "Program file (hallboard-program JSON)")->required();
    nowCmd->add_option("--at", nowOptions.at,
                       "Instead of now: conference wall time 2021-04-06T09:45, or an instant with Z or an offset");
    nowCmd->add_option("--room", nowOptions.rooms, "Only this room (id or name); repeat for more");
    nowCmd->add_option("--overrides", nowOptions.overrides, "Apply this overrides file (changes on the day) first");
    return nowCmd;
}

CLI::App* addImport(CLI::App& app, Commands& c) {
    ImportOptions& importOptions = c.importOptions;
    auto* importCmd = app.add_subcommand(
        "import", "Convert conference programs into one hallboard-program: text copied from conference pages "
                  "(day schedule, paper list, session page, arXiv listing, award page), frab schedule.xml, "
                  "pretalx/frab schedule.json, iCalendar. Several inputs are merged.");
    // No CLI::ExistingFile: the reader says what is wrong with a path (a symlink loop, a
    // directory, a FIFO) better than "File does not exist".
    importCmd->add_option("inputs", importOptions.inputs, "Input files")->required();
    importCmd->add_option("-o,--output", importOptions.output, "Program file to write")->required();
    importCmd->add_option("--format", c.formatText,
                          "Input format: auto, hallboard, day-schedule, paper-list, session-page, arxiv, awards, "
                          "frab-xml, voc-json, ical");
    importCmd->add_option("--year", importOptions.importOptions.year, "Year for dates written without one");
    importCmd->add_option("--timezone", importOptions.importOptions.timeZone,
                          "The venue's IANA zone (e.g. Europe/Brussels); needed when an input does not say where "
                          "the conference is, and wins over what it says");
    importCmd->add_option("--base-url", importOptions.importOptions.baseUrl,
                          "Where the export came from: resolves its relative links (/system/att/1.pdf)");
    importCmd
        ->add_option("--photos", importOptions.importOptions.photosDir,
                     "Folder with downloaded copies of speaker photos the export links on the web (by file name)")
        ->check(CLI::ExistingDirectory);
    importCmd->add_option("--name", importOptions.importOptions.name, "Conference name");
    importCmd->add_option("--room", importOptions.importOptions.room, "Room for layouts that name none");
    importCmd->add_option("--reference-year", importOptions.importOptions.referenceYear,
                          "Dates without a year take the latest matching year up to this one (default: this year)");
    importCmd->add_flag("-q,--quiet", importOptions.quiet, "Do not list guesses, only warnings and errors");
    return importCmd;
}

CLI::App* addFleet(CLI::App& app, Commands& c) {
    FleetCommandOptions& fleetOptions = c.fleetOptions;
    auto* fleetCmd = app.add_subcommand(
        "fleet", "Print the fleet at a glance from the kiosks' status files (config \"fleet\": {\"status_dir\"}): "
                 "errors first, then stale kiosks, kiosks on an old program, then the rest.\n"
                 "Exit 0 when all is well, 1 when a kiosk needs attention, 2 on a usage error.");
    fleetCmd->add_option("dir", fleetOptions.dir, "The folder the kiosks write their status into")->required();
    fleetCmd->add_flag("--json", fleetOptions.json, "Print JSON for scripts instead of text");
    fleetCmd
        ->add_option("--stale-after", fleetOptions.staleAfterSeconds,
                     "Seconds without a new status before a kiosk counts as stopped (default 180)")
        ->check(CLI::Range(1.0, 7.0 * 24 * 3600));
    fleetCmd->add_option("--program", fleetOptions.program,
                         "The program every kiosk should show (default: the one most kiosks show)");
    fleetCmd->add_flag("--plays", fleetOptions.plays,
                       "Proof of play: sum the kiosks' plays files (<name>.plays-<day>.csv) per screen, day and page "
                       "or slide, in seconds");
    return fleetCmd;
}

CLI::App* addRoomState(CLI::App& app, Commands& c) {
    RoomStateOptions& o = c.roomStateOptions;
    auto* cmd = app.add_subcommand(
        "room-state", "Say that a room is full, filling up or open again: sets its state in the overrides file "
                      "(docs/overrides.md, \"Room state\"), which every kiosk watching it shows within seconds. "
                      "Checks the room against the program and the new file as the kiosk reads it, then replaces "
                      "the file in one step. The rest of the file is kept, but not its comments.\n"
                      "Exit 0 when written, 1 when nothing was written, 2 on a usage error.");
    cmd->add_option("room", o.room, "The room's id or name")->required();
    cmd->add_option("state", o.state, "full, filling or open")->required();
    cmd->add_option("-c,--config", o.config, "A kiosk configuration: its program and its overrides file");
    cmd->add_option("--overrides", o.overrides, "The overrides file to edit (created when there is none)");
    cmd->add_option("--program", o.program, "The program to check the room against (with --overrides)");
    return cmd;
}

// `hallboard [run] [--config FILE] ...`: the kiosk's options work with and without
// `run`, so they are given to both.
void addRun(CLI::App& app, Commands& c) {
    platform::RunOptions& runOptions = c.runOptions;
    auto* runCmd = app.add_subcommand("run", "Run the kiosk: fullscreen rotation of the program's pages.");
    for (CLI::App* kiosk : {runCmd, &app}) {
        kiosk->add_option("-c,--config", runOptions.config,
                          "Kiosk configuration (default: $HALLBOARD_CONFIG, else config/kiosk.json, see README)");
        kiosk->add_option("-p,--program", runOptions.program, "Program file, instead of the configuration's");
        kiosk->add_flag("-w,--window", runOptions.windowed, "In a window instead of fullscreen");
        kiosk->add_option("--size", c.runSize, "Window size, WxH");
        kiosk->add_flag("--software", runOptions.software, "Use SDL's software renderer");
        kiosk->add_option("--exit-after", runOptions.exitAfter, "Quit after this many seconds (smoke tests)")
            ->check(CLI::Range(0.0, 366.0 * 24 * 3600));
        kiosk->add_option("--input", runOptions.input,
                          "Play an input script (tap, swipe, type, key, wait) as a visitor would");
        kiosk->add_option("--state-dir", runOptions.stateDir,
                          "Where the last good program is kept for the next start (default: $HALLBOARD_STATE_DIR, "
                          "systemd's $STATE_DIRECTORY, ~/.local/state/hallboard)");
        kiosk->add_flag("--log-pages", runOptions.logPages,
                        "Log each page switch with its wall-clock instant (to check screens in step)");
    }
}

CLI::App* addScreenshot(CLI::App& app, Commands& c) {
    ScreenshotOptions& shot = c.shot;
    auto* shotCmd = app.add_subcommand("screenshot", "Render what the kiosk shows to a PNG, with no display.");
    shotCmd->add_option("-c,--config", shot.config, "Kiosk configuration (default: config/kiosk.json)");
    shotCmd->add_option("-p,--program", shot.program, "Program file, instead of the configuration's");
    shotCmd->add_option("--at", shot.at, "Conference wall time 2021-04-06T09:45, or an instant with Z or an offset");
    shotCmd->add_option(
        "--page", shot.page,
        "now-next, rooms, upcoming, awards, speakers, announcements, slide:N (the Nth slide page, from 1), countdown, "
        "closing or welcome (default: the rotation's)");
    shotCmd->add_option("--screen", shot.screen, "Which screen of a page that needs several (from 0)");
    shotCmd->add_option("--size", c.shotSize, "WxH, e.g. 1920x1080, 1080x1920, 800x480");
    shotCmd->add_option("--theme", shot.theme, "dark or light, instead of the configuration's");
    shotCmd->add_option("--transition", shot.transition, "0..1: render mid-transition from the previous page");
    shotCmd->add_option("--input", shot.input,
                        "Play an input script first (tap 50% 40%, swipe left, type pipemare, key enter, wait 2)");
    shotCmd->add_option("-o,--output", shot.output, "PNG file to write")->required();
    shotCmd->add_option("--layout", shot.layout,
                        "Also write every text run drawn (page, text, px, box, informative) to this JSON file");
    return shotCmd;
}

CLI::App* addRotation(CLI::App& app, Commands& c) {
    RotationOptions& rotationOptions = c.rotationOptions;
    auto* rotationCmd = app.add_subcommand(
        "rotation", "Print the rotation's next cycle: each page and screen, its seconds, what it shows, the cycle's "
                    "total, the longest wait for now & next, and every cut.\n"
                    "Exit 0 within the bounds (cycle.max_seconds, cycle.home_every_seconds), 3 outside them.");
    rotationCmd->add_option("-c,--config", rotationOptions.config, "Kiosk configuration (default: config/kiosk.json)");
    rotationCmd->add_option("-p,--program", rotationOptions.program, "Program file, instead of the configuration's");
    rotationCmd->add_option("--at", rotationOptions.at,
                            "Conference wall time 2021-04-06T09:45, or an instant with Z or an offset (default: the "
                            "configuration's clock)");
    rotationCmd->add_option("--size", c.rotationSize, "The screen it is laid out for, WxH (default 1920x1080)");
    return rotationCmd;
}

// "1920x1080" into `w` and `h`; nothing given keeps them. False (said on `err`) when it
// is no size a screen can have.
bool parseSize(const std::string& text, int& w, int& h, std::ostream& err) {
    if (text.empty()) return true;
    int x = 0, y = 0;
    char sep = 0;
    std::istringstream in(text);
    if (!(in >> x >> sep >> y) || (sep != 'x' && sep != 'X') || x < 160 || y < 120 || x > 16384 || y > 16384) {
        err << "--size: expected WxH such as 1920x1080, found \"" << text << "\"\n";
        return false;
    }
    if (std::string why = screenTooLarge(x, y); !why.empty()) {
        err << "--size: " << why << "\n";
        return false;
    }
    w = x;
    h = y;
    return true;
}

// The parsed subcommand, run.
int runCommand(Commands& c, std::ostream& out, std::ostream& err) {
    if (*c.checkCmd) {
        if (c.checkOptions.program.empty() && c.checkOptions.config.empty()) {
            err << "check: give a program file or --config FILE\n";
            return 2;
        }
        return check(c.checkOptions, out, err);
    }
    if (*c.importCmd) {
        auto format = import::parseFormat(c.formatText);
        if (!format) {
            err << "--format: unknown format \"" << c.formatText << "\"\n";
            return 2;
        }
        c.importOptions.importOptions.format = *format;
        return importCommand(c.importOptions, out, err);
    }
    if (*c.nowCmd) return now(c.nowOptions, out, err);
    if (*c.fleetCmd) return fleet(c.fleetOptions, out, err);
    if (*c.roomStateCmd) return roomState(c.roomStateOptions, out, err);
    if (*c.shotCmd) {
        if (!parseSize(c.shotSize, c.shot.width, c.shot.height, err)) return 2;
        return takeScreenshot(c.shot, out, err);
    }
    if (*c.rotationCmd) {
        if (!parseSize(c.rotationSize, c.rotationOptions.width, c.rotationOptions.height, err)) return 2;
        return printRotation(c.rotationOptions, out, err);
    }
    // `run`, or no subcommand: the kiosk.
    if (!parseSize(c.runSize, c.runOptions.width, c.runOptions.height, err)) return 2;
    return platform::runKiosk(c.runOptions, err);
}

}  // namespace

int run(int argc, const char* const* argv, std::ostream& out, std::ostream& err) {
    // A command sets the language it speaks in (the configuration's): the process is
    // left as it was, for whatever runs in it next (base/i18n.hpp LanguageScope).
    LanguageScope language;
    CLI::App app{"Hallboard: an offline conference kiosk and signage program.\n"
                 "Without a subcommand, runs the kiosk with the default configuration.",
                 "hallboard"};
    app.require_subcommand(0, 1);
    app.set_help_all_flag("--help-all", "Help for every subcommand");

    Commands commands;
    commands.checkCmd = addCheck(app, commands);
    commands.nowCmd = addNow(app, commands);
    commands.importCmd = addImport(app, commands);
    commands.fleetCmd = addFleet(app, commands);
    commands.roomStateCmd = addRoomState(app, commands);
    addRun(app, commands);
    commands.shotCmd = addScreenshot(app, commands);
    commands.rotationCmd = addRotation(app, commands);

    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        int code = app.exit(e, out, err);
        // `hallboard fleet` is for scripts: its usage errors are exit 2, as documented.
        return code != 0 && commands.fleetCmd->parsed() ? 2 : code;
    }
    return runCommand(commands, out, err);
}

}  // namespace hallboard::cli
