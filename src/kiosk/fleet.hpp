// A fleet of kiosks that keeps itself honest, with no server of its own: each kiosk
// writes a small status file into a shared folder (carried back by Syncthing or rsync,
// docs/deployment.md), and `hallboard fleet DIR` reads the folder and says which
// kiosks need someone: errors first, then kiosks that stopped writing (stale), then
// kiosks on an old program, then the rest.
//
// This is the model: the status a kiosk writes, its JSON, reading a folder of hostile
// files (huge, not JSON, symlinks, wrong types: each reported, none fatal) and the
// judgement. The writer that fills a status in is platform/status_writer.hpp.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "base/time.hpp"

namespace hallboard {

inline constexpr std::string_view kStatusFormat = "hallboard-status";
inline constexpr std::string_view kStatusSuffix = ".status.json";
// A status file is a few hundred bytes; anything much bigger is not one.
inline constexpr std::size_t kStatusFileLimit = 64 * 1024;
// How many files `hallboard fleet` reads from one folder at most.
inline constexpr std::size_t kFleetMaxFiles = 10000;

struct Rejection {
    std::string file;    // the file that was refused
    std::string kind;    // "program", "configuration", "overrides file"
    std::string reason;  // the first error, as the log says it
    std::string at;      // when (ISO 8601, UTC)
    bool operator==(const Rejection&) const = default;
};

// The emergency takeover a kiosk shows (model/emergency.hpp), for the fleet.
struct EmergencyStatus {
    std::string kind;  // "evacuate", "shelter", "notice"
    bool drill = false;
    std::string since;  // UTC, "2026-11-25T09:00:00Z": its first frame on this screen
    std::string title;  // the organiser's title
    bool operator==(const EmergencyStatus&) const = default;
};

// A room the kiosk shows as full or filling up (the overrides file's `rooms`), for the
// fleet: a state forgotten at a door is seen at the desk.
struct RoomStateStatus {
    std::string room;   // its name in the program
    std::string state;  // "full", "filling"
    std::string since;  // UTC, "2026-11-25T09:00:00Z", as the steward said; empty: not said
    bool operator==(const RoomStateStatus&) const = default;
};
inline constexpr std::size_t kStatusMaxRooms = 500;

struct KioskStatus {
    std::string name;               // the kiosk's name (config "fleet": {"name"}, else the hostname)
    std::string page;               // what is on screen: "now-next 1/3", "welcome", "browsing"
    std::string showing = "files";  // "files", "last-good" (the files are refused) or "clock" (nothing usable)
    std::string programPath, programSha256, programLoadedAt;
    std::string configPath, configSha256;
    std::string problem;  // why the files on disk are not what is shown; empty: they are
    std::optional<Rejection> lastRejected;
    std::vector<std::string> conflicts;  // Syncthing conflict copies beside the program or config (ignored)
    std::string clockMode = "system";
    std::string clockHealth = "ok";  // "ok", else what is wrong with the clock
    double uptimeSeconds = 0;
    long long rssBytes = 0;
    int screenWidth = 0, screenHeight = 0;
    // The panel: "on"; "off" (switched off for quiet hours: DPMS on KMS); "blank" (quiet
    // hours drawn black on a panel that stays lit); "dim" (quiet hours, darkened).
    std::string panel = "on";
    // Why quiet hours draw black rather than switch the panel off ("Wayland: ..."); empty
    // otherwise.
    std::string panelNote;
    // HDMI-CEC's last outcome ("standby sent, acked", "standby: no TV answered"); empty:
    // no CEC adapter in use, or nothing sent yet.
    std::string cec;
    std::string version;
    Instant writtenAt{};
    int intervalSeconds = 60;                  // how often it writes when nothing changes
    std::optional<EmergencyStatus> emergency;  // the takeover on screen; none: not shown
    std::vector<RoomStateStatus> rooms;        // full and filling rooms, in the program's order

    bool operator==(const KioskStatus&) const = default;
};

// A kiosk's name as a file name: letters, digits, "-", "_" and "." kept, anything else
// "_", at most 100 bytes, never hidden (a leading "." gets a "_" before it).
std::string sanitizedName(std::string_view name);

// "2026-11-25T09:00:00Z": the instants a status holds.
std::string utcText(Instant t);
// The status as JSON text (one small object, ending in a newline).
std::string statusJson(const KioskStatus& status);
// Reads a status back. Empty optional with `error` set when it is not one: not JSON,
// another format, a field of the wrong type or out of range.
std::optional<KioskStatus> parseStatus(std::string_view text, std::string& error);
// The file a kiosk called `name` writes: its name with anything but letters, digits,
// '-', '_' and '.' turned into '_', then ".status.json" ("hall-a.status.json").
std::string statusFileName(std::string_view name);
// Syncthing's name for the copy it keeps when two machines changed a file at once:
// "program.sync-conflict-20261125-090102-ABCDEFG.json".
bool isSyncConflict(std::string_view fileName);
// The file a conflict copy is a copy of: "a.status.sync-conflict-20261125-090102-ABCDEFG.json"
// -> "a.status.json".
std::string conflictOriginal(std::string_view fileName);
// The conflict copies of `path` in its folder (file names, sorted; at most 20).
std::vector<std::string> conflictCopiesOf(const std::string& path);

// A host name an imaged system starts with ("raspberrypi", "debian", "localhost",
// "ubuntu", ...): every kiosk made from one image has it. Case-insensitive.
bool isDefaultHostName(std::string_view hostName);
// The start-up warning for a kiosk with no "fleet": {"name"} on a machine with such a
// host name: its status and its name in `hallboard fleet` would be every other such
// kiosk's. Empty when a name is set or the host name is the machine's own.
std::string fleetNameWarning(std::string_view configuredName, std::string_view hostName);

enum class FleetState { error, stale, oldProgram, ok };
std::string_view toString(FleetState state);  // "error", "stale", "old-program", "ok"

struct FleetEntry {
    std::string file;                   // the status file's name in the folder
    std::optional<KioskStatus> status;  // empty: the file could not be read (see problems)
    FleetState state = FleetState::ok;
    std::vector<std::string> problems;    // why it is not ok, most important first
    std::optional<long long> ageSeconds;  // since it was written
};

struct FleetOptions {
    Duration staleAfter{180};   // a status older than this: the kiosk stopped, hung or lost its sync
    std::string programSha256;  // the program every kiosk should show; empty: the majority's
    std::string programFrom;    // where that hash came from, for the report ("--program p.json")
};

struct FleetReport {
    std::string dir;
    Instant now{};
    Duration staleAfter{180};
    std::vector<FleetEntry> entries;  // in the order to read them: errors, stale, old program, ok
    std::string referenceSha256;      // the program the fleet should be on; empty: none known
    std::string referenceFrom;        // "--program p.json", "the majority (3 of 4)"
    std::vector<std::string> notes;   // about the fleet as a whole (no kiosks, no majority, conflict copies)
    bool fleetProblem = false;        // a note that is a problem (no kiosks, no majority)
    bool allWell() const;
};

// Reads one status file: a regular file (not a symlink) of at most kStatusFileLimit
// bytes holding a status. The entry's problems say what is wrong otherwise.
FleetEntry readStatusFile(const std::string& path);
// Every "*.json" in `dir` but hidden files (a writer's or Syncthing's temporary files).
// A Syncthing conflict copy of a status file is an entry in error, "two kiosks share the
// name X" (two machines write one status file), never called safe to delete; conflict
// copies of other files are counted in the notes. Empty optional with
// `error` set when `dir` is not a readable folder.
std::optional<std::vector<FleetEntry>> readStatusDir(const std::string& dir, std::vector<std::string>& notes,
                                                     std::string& error);
// Judges each entry at `now` and puts them in order. Pure: the tests drive it.
FleetReport assessFleet(std::vector<FleetEntry> entries, Instant now, const FleetOptions& options);

std::string fleetText(const FleetReport& report);
std::string fleetJson(const FleetReport& report);

}  // namespace hallboard
