// The `hallboard` subcommands that need no window. Each takes its options and the
// streams to write to, and returns the process exit code, so tests call them directly.
#pragma once

#include <functional>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "model/announcements.hpp"
#include "model/emergency.hpp"
#include "model/program.hpp"
#include "model/venue.hpp"
#include "import/import.hpp"

namespace hallboard::cli {

struct CheckOptions {
    std::string program;    // empty with `config`: the configuration's program
    std::string overrides;  // optional: changes on the day to check against the program
    std::string venue;      // optional: a venue file (wayfinding) to check against the program
    std::string config;     // optional: a kiosk configuration, its slides' pictures too
    // Where the kiosk stands (from the configuration's "here" and "step_free"): with a
    // venue, check prints the way from there to every room.
    std::optional<KioskPlace> here;
    bool stepFree = false;
    // Why the picture at a path cannot be shown, empty when it can: the platform's
    // hostile-input check and decode (platform/image_file.hpp), given by the command line
    // (this library links no SDL and no decoder). Unset: pictures are not looked at.
    std::function<std::string(const std::string& path)> imageProblem;
    // A picture's width and height from its header (the same platform check); unset or
    // empty: not known, and a slide's picture is not measured against the screen.
    std::function<std::optional<std::pair<int, int>>(const std::string& path)> imageSize;
    // Whether the Wayland compositor at $WAYLAND_DISPLAY offers wlr-output-power-management
    // (platform/wayland_power.hpp); none, or unset, when none is reachable to ask.
    std::function<std::optional<bool>()> waylandOutputPower;
    // Under X11: empty when the X server on a display ($DISPLAY) can switch its display off
    // through DPMS, else why not (platform/x11_dpms.hpp x11WhyNotOff); unset: not asked.
    std::function<std::string(const std::string& display)> x11WhyNotOff;
};
int check(const CheckOptions& options, std::ostream& out, std::ostream& err);

struct NowOptions {
    std::string program;
    std::string at;                  // empty: the system clock
    std::vector<std::string> rooms;  // ids or names; empty: all
    std::string overrides;           // optional: changes on the day to apply first
};

// Loads `path`, applies its changes to `program` and resolves its announcements (into
// `announcements` when given) and its emergency (into `emergency`); prints what went
// wrong to `err`. False on error: what the kiosk would reject, or a mistake in the
// emergency (which the kiosk shows all the same).
bool applyOverridesFile(Program& program, const std::string& path, std::ostream& err,
                        std::vector<Announcement>* announcements = nullptr,
                        std::optional<Emergency>* emergency = nullptr);
int now(const NowOptions& options, std::ostream& out, std::ostream& err);

struct ImportOptions {
    std::vector<std::string> inputs;
    std::string output;
    bool quiet = false;  // hide notes (guesses), keep warnings
    import::Options importOptions;
};
int importCommand(const ImportOptions& options, std::ostream& out, std::ostream& err);

struct FleetCommandOptions {
    std::string dir;  // the status folder
    bool json = false;
    double staleAfterSeconds = 180;  // 1 s to a week
    std::string program;             // the program every kiosk should show; empty: the majority's
    std::optional<Instant> now;      // tests; empty: the system clock
    bool plays = false;              // proof of play: the seconds shown per screen, day and page or slide
};
// Exit 0 when every kiosk is well, 1 when any needs attention, 2 on a usage error.
int fleet(const FleetCommandOptions& options, std::ostream& out, std::ostream& err);

struct RoomStateOptions {
    std::string room;            // id or name
    std::string state;           // full, filling, open
    std::string config;          // a kiosk configuration: its program and its overrides file
    std::string overrides;       // or the overrides file ...
    std::string program;         // ... and the program to check the room against
    std::optional<Instant> now;  // tests; empty: the system clock (the "since")
};
// Sets a room's state in the overrides file (docs/overrides.md, "Room state"), keeping the
// rest of the file (its comments are lost: the file is written back as plain JSON).
// Exit 0 when written, 1 when the room or a file is wrong (nothing written), 2 on a usage error.
int roomState(const RoomStateOptions& options, std::ostream& out, std::ostream& err);

// "--at" values: conference wall time "2021-04-06T09:45", or with "Z" / an offset.
// Empty optional when the text is not a time.
std::optional<Instant> parseAt(const std::string& text, const TimeZone& zone);

// Parses argv and runs the subcommand. `main` is only this call.
int run(int argc, const char* const* argv, std::ostream& out, std::ostream& err);

}  // namespace hallboard::cli
