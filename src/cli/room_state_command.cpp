// `hallboard room-state ROOM full|filling|open`: a steward at a terminal says a room is
// full. Edits the overrides file's `rooms` (docs/overrides.md, "Room state"), keeping the
// rest of it; checks the room against the program and the whole new file as the kiosk
// would before it writes it, through the one durable writer (base/files.hpp), so a kiosk
// watching the file reloads a complete one.
#include <chrono>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <ostream>

#include "base/files.hpp"
#include "base/json_reader.hpp"
#include "base/text.hpp"
#include "cli/commands.hpp"
#include "kiosk/kiosk_config.hpp"
#include "model/overrides.hpp"
#include "model/program_json.hpp"
#include "model/scheduler.hpp"

namespace hallboard::cli {

namespace {

using Ordered = nlohmann::ordered_json;

// The program and the overrides file the options name (a configuration's, or the files
// given); false with the reason printed.
bool resolveFiles(const RoomStateOptions& o, std::string& program, std::string& overrides, std::ostream& err) {
    program = o.program;
    overrides = o.overrides;
    if (!o.config.empty()) {
        ConfigLoad config = loadKioskConfig(o.config);
        if (!config.ok()) {
            for (const auto& d : config.diagnostics) err << format(d) << "\n";
            return false;
        }
        if (program.empty()) program = config.config->program;
        if (overrides.empty()) overrides = config.config->overrides;
        if (overrides.empty()) {
            err << "room-state: " << o.config << " names no overrides file (\"overrides\": \"overrides.json\")\n";
            return false;
        }
    }
    if (program.empty() || overrides.empty()) {
        err << "room-state: give --config FILE, or --overrides FILE with --program FILE\n";
        return false;
    }
    return true;
}

// The overrides file as it is (an empty object when there is none yet), read with its
// keys in order; the kiosk's own check first: a file the kiosk rejects is not edited.
std::optional<Ordered> readCurrent(const std::string& path, std::ostream& err) {
    OverridesLoad load = loadOverridesFile(path);
    if (!load.ok()) {
        for (const auto& d : load.diagnostics) err << format(d) << "\n";
        err << "room-state: " << path << " has errors; fix them first (hallboard check --overrides)\n";
        return std::nullopt;
    }
    FileRead read = readInputFile(path, InputKind::overrides);
    if (read.missing || !read.text || trim(*read.text).empty()) return Ordered::object();
    return Ordered::parse(read.text->begin(), read.text->end(), nullptr, true, /*ignore_comments=*/true);
}

// "rooms" with `room` set to `state` (or left out for "open"), keyed as the file had it,
// else by the room's name. Returns the state it had ("open" when not listed).
std::string setState(Ordered& root, const Program& program, Index room, Occupancy state, const std::string& since) {
    Ordered& rooms = root["rooms"];
    if (!rooms.is_object()) rooms = Ordered::object();
    std::string key = program.rooms[room].name, was = "open";
    for (auto it = rooms.begin(); it != rooms.end(); ++it)
        if (findRoom(program, it.key()) == room) {
            key = it.key();
            if (it->is_object() && it->contains("state") && (*it)["state"].is_string())
                was = (*it)["state"].get<std::string>();
            rooms.erase(it);
            break;
        }
    if (state != Occupancy::open) rooms[key] = Ordered{{"state", std::string(occupancyName(state))}, {"since", since}};
    if (rooms.empty()) root.erase("rooms");
    return was;
}

}  // namespace

int roomState(const RoomStateOptions& o, std::ostream& out, std::ostream& err) {
    auto state = parseOccupancy(o.state);
    if (!state) {
        err << "room-state: expected full, filling or open, found \"" << excerpt(o.state) << "\"\n";
        return 2;
    }
    std::string programPath, overridesPath;
    if (!resolveFiles(o, programPath, overridesPath, err)) return 2;
    ProgramLoad program = loadProgramFile(programPath);
    if (!program.ok()) {
        for (const auto& d : program.diagnostics)
            if (d.severity == Severity::error) err << format(d) << "\n";
        return 1;
    }
    const Program& p = *program.program;
    auto room = findRoom(p, o.room);
    if (!room) {
        std::string rooms;
        for (const Room& r : p.rooms) rooms += (rooms.empty() ? "" : ", ") + r.name;
        err << "room-state: no room \"" << excerpt(o.room) << "\" in " << programPath << " (rooms: " << rooms << ")\n";
        return 1;
    }
    std::optional<Ordered> root = readCurrent(overridesPath, err);
    if (!root) return 1;
    if (!root->is_object()) {
        err << "room-state: " << overridesPath << " is not a JSON object\n";
        return 1;
    }
    Instant now = o.now ? *o.now : std::chrono::time_point_cast<Duration>(std::chrono::system_clock::now());
    std::string was = setState(*root, p, *room, *state, formatWallTime(p.conference.zone, now));
    std::string text = root->dump(2) + "\n";
    // What is written is what the kiosk accepts: checked as it will read it.
    OverridesLoad check = parseOverrides(text, overridesPath);
    Program applied = p;
    std::vector<Diagnostic> diags = check.diagnostics;
    if (!check.ok() || !applyOverrides(applied, *check.overrides, overridesPath, diags)) {
        for (const auto& d : diags) err << format(d) << "\n";
        return 1;
    }
    std::string error;
    if (!writeDurably(overridesPath, text, error)) {
        err << "room-state: " << error << "\n";
        return 1;
    }
    out << p.rooms[*room].name << ": " << occupancyName(*state) << " (was " << was << "); wrote " << overridesPath
        << "\n";
    return 0;
}

}  // namespace hallboard::cli
