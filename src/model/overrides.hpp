// Changes on the day: the overrides file (documented in docs/overrides.md). Organisers
// keep the program file as published and write what changed since in a small file next
// to it: a session running late in a room, a cancelled talk, a session moved to another
// room. The kiosk watches it like the program, and applies it to its copy of the program
// before the scheduler sees it, so "now & next" follows the day as it really runs.
//
//   { "changes": [
//       { "room": "Ballroom A", "at": "2021-04-06T10:30", "late_minutes": 10 },
//       { "talk": "Pipemare: asynchronous pipeline parallel training", "cancelled": true,
//         "note": "speaker ill" },
//       { "session": "s-day2-4", "move_to": "Hall B" } ] }
//
// Every change that cannot be applied (an unknown room, a session that is not there at
// that time) is an error naming the file, the change and the reason: the kiosk keeps the
// last good program and changes rather than silently dropping one.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "model/announcements.hpp"
#include "model/emergency.hpp"
#include "base/diagnostics.hpp"
#include "model/program.hpp"

namespace hallboard {

struct OverrideChange {
    std::string where;  // JSON path of the change, for messages: "/changes/2"
    // What it is about: exactly one of a session, a talk, or a room at an instant.
    std::string session;  // id or title
    std::string talk;     // id or title
    std::string room;     // id or name; with `at`
    std::string at;       // conference wall time "2021-04-06T10:30" (or with an offset)
    // What changed: at least one.
    std::optional<int> lateMinutes;
    std::string moveTo;  // room id or name; sessions only
    bool cancelled = false;
    std::string note;
};

// A room's state from a steward at its door (`"rooms": {"Hall B": {"state": "full"}}`).
struct OverrideRoom {
    std::string where;  // "/rooms/Hall B"
    std::string room;   // id or name
    Occupancy occupancy = Occupancy::open;
    std::string since;  // conference wall time, or with an offset; may be empty
};
inline constexpr std::size_t kMaxRoomStates = 500;

// "full", "filling", "open"; the words of the file.
std::string_view occupancyName(Occupancy occupancy);
std::optional<Occupancy> parseOccupancy(std::string_view word);

struct Overrides {
    std::vector<OverrideChange> changes;
    std::vector<OverrideRoom> rooms;
    std::vector<AnnouncementEntry> announcements;  // model/announcements.hpp
};

struct OverridesLoad {
    std::optional<Overrides> overrides;
    // The emergency takeover (model/emergency.hpp), read apart from the rest: set whenever
    // the file is JSON with an "emergency", even when a change or an announcement in it is
    // wrong and `overrides` is empty. An emergency is never dropped for another mistake.
    std::optional<EmergencyEntry> emergency;
    bool emergencyKnown = false;  // the file was read as a JSON object (or is missing): `emergency` is what it says
    std::vector<Diagnostic> diagnostics;
    bool ok() const { return overrides.has_value(); }
};

OverridesLoad parseOverrides(std::string_view text, const std::string& fileName);
// A missing file is no change at all (a note, not an error): organisers create it on
// the day, and deleting it undoes every change.
OverridesLoad loadOverridesFile(const std::string& path);

// Applies every change to `program` (times, rooms, DayChange marks) and every room's
// state (Room::state). When any change
// cannot be applied, adds errors (file, change, reason), leaves `program` as it was and
// returns false.
bool applyOverrides(Program& program, const Overrides& overrides, const std::string& fileName,
                    std::vector<Diagnostic>& diagnostics);

}  // namespace hallboard
