// See fleet.hpp.
#include "kiosk/fleet.hpp"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <map>

#include "base/json_reader.hpp"
#include "base/text.hpp"

namespace hallboard {

namespace fs = std::filesystem;

namespace {

// "2026-11-25T09:00:00Z".
std::string isoUtc(Instant t) {
    std::string text = formatIso(TimeZone::utc(), t);
    if (text.size() > 6 && text.compare(text.size() - 6, 6, "+00:00") == 0) text.replace(text.size() - 6, 6, "Z");
    return text;
}

Json rejectionJson(const Rejection& r) {
    return {{"file", r.file}, {"kind", r.kind}, {"reason", r.reason}, {"at", r.at}};
}

// A status as JSON, also the "status" of a kiosk in `hallboard fleet --json`.
Json statusObject(const KioskStatus& s) {
    Json j;
    j["format"] = kStatusFormat;
    j["name"] = s.name;
    j["written_at"] = isoUtc(s.writtenAt);
    j["interval_seconds"] = s.intervalSeconds;
    j["page"] = s.page;
    j["showing"] = s.showing;
    j["program"] = {{"path", s.programPath}, {"sha256", s.programSha256}, {"loaded_at", s.programLoadedAt}};
    j["config"] = {{"path", s.configPath}, {"sha256", s.configSha256}};
    j["problem"] = s.problem;
    j["last_rejected"] = s.lastRejected ? rejectionJson(*s.lastRejected) : Json(nullptr);
    j["conflicts"] = s.conflicts;
    j["clock"] = {{"mode", s.clockMode}, {"health", s.clockHealth}};
    j["uptime_seconds"] = s.uptimeSeconds;
    j["rss_bytes"] = s.rssBytes;
    j["screen"] = {{"width", s.screenWidth}, {"height", s.screenHeight}};
    j["panel"] = s.panel;
    j["panel_note"] = s.panelNote.empty() ? Json(nullptr) : Json(s.panelNote);
    j["cec"] = s.cec.empty() ? Json(nullptr) : Json(s.cec);
    j["version"] = s.version;
    j["emergency"] = s.emergency ? Json{{"kind", s.emergency->kind},
                                        {"drill", s.emergency->drill},
                                        {"since", s.emergency->since},
                                        {"title", s.emergency->title}}
                                 : Json(nullptr);
    j["rooms"] = Json::array();
    for (const RoomStateStatus& r : s.rooms)
        j["rooms"].push_back({{"room", r.room}, {"state", r.state}, {"since", r.since}});
    return j;
}

std::string dump(const Json& j, int indent) {
    return j.dump(indent, ' ', false, Json::error_handler_t::replace);
}

// "2 min 10 s", "45 s", "3 h 05 min".
std::string ageText(long long seconds) {
    char buf[64];
    if (seconds < 0) return "in the future";
    if (seconds < 120)
        std::snprintf(buf, sizeof buf, "%lld s", seconds);
    else if (seconds < 7200)
        std::snprintf(buf, sizeof buf, "%lld min %lld s", seconds / 60, seconds % 60);
    else if (seconds < 3 * 86400)
        std::snprintf(buf, sizeof buf, "%lld h %02lld min", seconds / 3600, seconds / 60 % 60);
    else
        std::snprintf(buf, sizeof buf, "%lld days", seconds / 86400);
    return buf;
}

std::string shortHash(const std::string& sha) {
    return sha.empty() ? std::string("none") : sha.substr(0, 12);
}

// The program every kiosk should be on: the one more kiosks show than any other. A tie
// leaves none (and says so).
void chooseReference(FleetReport& report, const FleetOptions& options) {
    if (!options.programSha256.empty()) {
        report.referenceSha256 = options.programSha256;
        report.referenceFrom = options.programFrom.empty() ? std::string("--program") : options.programFrom;
        return;
    }
    std::map<std::string, int> counts;
    int total = 0;
    for (const auto& e : report.entries)
        if (e.status && !e.status->programSha256.empty()) {
            ++counts[e.status->programSha256];
            ++total;
        }
    if (counts.empty()) return;
    auto best = std::max_element(counts.begin(), counts.end(),
                                 [](const auto& a, const auto& b) { return a.second < b.second; });
    int ties = static_cast<int>(
        std::count_if(counts.begin(), counts.end(), [&](const auto& c) { return c.second == best->second; }));
    if (ties > 1) {
        report.notes.push_back("no majority: the " + std::to_string(total) + " kiosks show " +
                               std::to_string(counts.size()) +
                               " different programs, none on more than the others (give --program FILE)");
        report.fleetProblem = true;
        return;
    }
    report.referenceSha256 = best->first;
    report.referenceFrom = "the majority (" + std::to_string(best->second) + " of " + std::to_string(total) + ")";
}

void judge(FleetEntry& e, const FleetReport& report, const FleetOptions& options) {
    if (!e.status) {
        e.state = FleetState::error;
        return;
    }
    const KioskStatus& s = *e.status;
    std::vector<std::string> errors, others;
    if (s.showing != "files")
        errors.push_back(s.showing == "last-good" ? "shows its last good copy: the files are refused"
                                                  : "shows only the clock: nothing usable loaded");
    if (!s.problem.empty()) errors.push_back(s.problem);
    if (s.clockHealth != "ok") errors.push_back("clock: " + s.clockHealth);
    long long age = std::chrono::duration_cast<Duration>(report.now - s.writtenAt).count();
    e.ageSeconds = age;
    const long long staleAfter = options.staleAfter.count();
    if (age < -staleAfter)
        errors.push_back("written " + ageText(-age) + " in the future (this machine's clock or the kiosk's is wrong)");
    bool stale = age > staleAfter;
    if (stale)
        others.push_back("stale: last written " + ageText(age) + " ago (stopped, hung or not syncing; stale after " +
                         ageText(staleAfter) + ")");
    bool old = !report.referenceSha256.empty() && s.programSha256 != report.referenceSha256;
    if (old)
        others.push_back("old program: " + shortHash(s.programSha256) + ", the fleet's is " +
                         shortHash(report.referenceSha256) + " (" + report.referenceFrom + ")");
    e.state = !errors.empty() ? FleetState::error
              : stale         ? FleetState::stale
              : old           ? FleetState::oldProgram
                              : FleetState::ok;
    e.problems.insert(e.problems.end(), errors.begin(), errors.end());
    e.problems.insert(e.problems.end(), others.begin(), others.end());
}

bool endsWith(std::string_view text, std::string_view suffix) {
    return text.size() >= suffix.size() && text.substr(text.size() - suffix.size()) == suffix;
}

}  // namespace

std::string sanitizedName(std::string_view name) {
    std::string out;
    for (char c : name.substr(0, 100)) {
        bool keep = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' ||
                    c == '_' || c == '.';
        out += keep ? c : '_';
    }
    if (out.empty() || out.front() == '.') out.insert(out.begin(), '_');  // never hidden, never ".."
    return out;
}

std::string utcText(Instant t) {
    return isoUtc(t);
}

std::string statusJson(const KioskStatus& status) {
    return dump(statusObject(status), 1) + "\n";
}

namespace {

// A status file's head: its format, the kiosk's name, when it was written and how often,
// the page shown and what it shows.
void readStatusHead(ObjectReader& top, KioskStatus& s) {
    if (std::string format = top.string("format"); format != kStatusFormat)
        throw InputError("/format", "not a Hallboard status file (format \"" + excerpt(format, 40) + "\", expected \"" +
                                        std::string(kStatusFormat) + "\")");
    s.name = top.requiredString("name", "the kiosk's name");
    if (s.name.size() > 200) throw InputError("/name", "longer than 200 bytes");
    std::string written = top.requiredString("written_at", "when the status was written (ISO 8601)");
    auto parsed = parseTimestamp(written);
    if (!parsed || !parsed->offset)
        throw InputError("/written_at",
                         "expected an instant like 2026-11-25T09:00:00Z, found \"" + excerpt(written, 40) + "\"");
    s.writtenAt = resolve(*parsed, TimeZone::utc());
    if (auto n = top.integerIn("interval_seconds", 1, 86400, "seconds")) s.intervalSeconds = static_cast<int>(*n);
    s.page = top.string("page");
    s.showing = top.string("showing", "files");
    if (s.showing != "files" && s.showing != "last-good" && s.showing != "clock")
        throw InputError("/showing",
                         "expected \"files\", \"last-good\" or \"clock\", found \"" + excerpt(s.showing, 40) + "\"");
}

// The program and configuration the kiosk loaded, with their SHA-256 checked.
void readStatusFiles(ObjectReader& top, KioskStatus& s, Diagnostics& diags) {
    if (const Json* program = top.find("program")) {
        ObjectReader p(*program, "/program", diags);
        s.programPath = p.string("path");
        s.programSha256 = p.string("sha256");
        s.programLoadedAt = p.string("loaded_at");
        p.finish();
    }
    if (const Json* config = top.find("config")) {
        ObjectReader c(*config, "/config", diags);
        s.configPath = c.string("path");
        s.configSha256 = c.string("sha256");
        c.finish();
    }
    for (const std::string* hash : {&s.programSha256, &s.configSha256})
        if (!hash->empty() && (hash->size() != 64 || hash->find_first_not_of("0123456789abcdef") != std::string::npos))
            throw InputError(hash == &s.programSha256 ? "/program/sha256" : "/config/sha256",
                             "expected 64 hex digits (SHA-256)");
}

// Its health: the problem, the last file refused, conflicts, the clock, uptime, memory,
// screen and version.
// Full and filling rooms (older kiosks write none): at most kStatusMaxRooms.
void readStatusRooms(ObjectReader& top, KioskStatus& s, Diagnostics& diags) {
    if (!top.find("rooms")) return;
    const Json::array_t& rooms = top.array("rooms");
    if (rooms.size() > kStatusMaxRooms)
        throw InputError("/rooms", "more than " + std::to_string(kStatusMaxRooms) + " rooms");
    for (std::size_t i = 0; i < rooms.size(); ++i) {
        ObjectReader r(rooms[i], "/rooms/" + std::to_string(i), diags);
        s.rooms.push_back({r.string("room"), r.string("state"), r.string("since")});
        r.finish();
    }
}

void readStatusHealth(ObjectReader& top, KioskStatus& s, Diagnostics& diags) {
    s.problem = top.string("problem");
    if (const Json* rejected = top.find("last_rejected")) {
        ObjectReader r(*rejected, "/last_rejected", diags);
        s.lastRejected = Rejection{r.string("file"), r.string("kind"), r.string("reason"), r.string("at")};
        r.finish();
    }
    s.conflicts = top.stringList("conflicts");
    if (const Json* clock = top.find("clock")) {
        ObjectReader c(*clock, "/clock", diags);
        s.clockMode = c.string("mode", "system");
        s.clockHealth = c.string("health", "ok");
        c.finish();
    }
    if (auto n = top.numberIn("uptime_seconds", 0, 1e10, "seconds")) s.uptimeSeconds = *n;
    if (auto n = top.integerIn("rss_bytes", 0, 1LL << 48, "bytes")) s.rssBytes = *n;
    if (const Json* screen = top.find("screen")) {
        ObjectReader sc(*screen, "/screen", diags);
        if (auto n = sc.integerIn("width", 0, 65536, "pixels")) s.screenWidth = static_cast<int>(*n);
        if (auto n = sc.integerIn("height", 0, 65536, "pixels")) s.screenHeight = static_cast<int>(*n);
        sc.finish();
    }
    s.panel = top.string("panel", "on");
    s.panelNote = top.string("panel_note");
    s.cec = top.string("cec");
    s.version = top.string("version");
    if (const Json* emergency = top.find("emergency")) {
        ObjectReader e(*emergency, "/emergency", diags);
        s.emergency =
            EmergencyStatus{e.string("kind"), e.boolean("drill").value_or(false), e.string("since"), e.string("title")};
        e.finish();
    }
    readStatusRooms(top, s, diags);
}

}  // namespace

std::optional<KioskStatus> parseStatus(std::string_view text, std::string& error) {
    Diagnostics diags;  // unknown keys (a newer kiosk's) are fine: warnings, not read
    KioskStatus s;
    bool ok = readJsonDocument(text, diags, [&](const Json& root) {
        ObjectReader top(root, "", diags);
        readStatusHead(top, s);
        readStatusFiles(top, s, diags);
        readStatusHealth(top, s, diags);
        top.finish();
    });
    if (!ok) {
        for (const Diagnostic& d : diags.items())
            if (d.severity == Severity::error) {
                error = d.where.empty() ? d.message : d.where + ": " + d.message;
                break;
            }
        return std::nullopt;
    }
    return s;
}

std::string statusFileName(std::string_view name) {
    return sanitizedName(name) + std::string(kStatusSuffix);
}

bool isSyncConflict(std::string_view fileName) {
    return fileName.find(".sync-conflict-") != std::string_view::npos;
}

std::vector<std::string> conflictCopiesOf(const std::string& path) {
    std::vector<std::string> found;
    fs::path p(path);
    std::string stem = p.stem().string();
    std::error_code ec;
    fs::directory_iterator it(p.parent_path().empty() ? fs::path(".") : p.parent_path(), ec), end;
    for (std::size_t seen = 0; !ec && it != end && seen < kFleetMaxFiles; it.increment(ec), ++seen) {
        std::string name = it->path().filename().string();
        if (isSyncConflict(name) && startsWith(name, stem + ".sync-conflict-")) found.push_back(name);
    }
    std::sort(found.begin(), found.end());
    if (found.size() > 20) found.resize(20);
    return found;
}

bool isDefaultHostName(std::string_view hostName) {
    std::string name;
    for (char c : hostName) name += static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
    if (std::size_t dot = name.find('.'); dot != std::string::npos) name.resize(dot);  // "localhost.localdomain"
    static constexpr std::string_view kDefaults[] = {
        "raspberrypi", "raspberry", "pi",      "debian", "localhost", "ubuntu",    "raspbian", "dietpi",
        "armbian",     "orangepi",  "rockpi",  "odroid", "kiosk",     "linux",     "host",     "hostname",
        "box",         "pc",        "default", "fedora", "alarm",     "archlinux", "hallboard"};
    return name.empty() || std::find(std::begin(kDefaults), std::end(kDefaults), name) != std::end(kDefaults);
}

std::string fleetNameWarning(std::string_view configuredName, std::string_view hostName) {
    if (!configuredName.empty() || !isDefaultHostName(hostName)) return {};
    return "this kiosk has no \"fleet\": {\"name\"} and the machine's host name \"" + excerpt(hostName, 60) +
           "\" is the default of an installed image: every kiosk made from that image has it, and in the fleet's "
           "status "
           "folder they would overwrite one status file (\"hallboard fleet\" shows them as one kiosk). Set \"fleet\": "
           "{\"name\": \"hall-a-door\"} in the configuration, or give the machine its own name (sudo hostnamectl "
           "set-hostname hall-a-door)";
}

std::string conflictOriginal(std::string_view fileName) {
    std::size_t at = fileName.find(".sync-conflict-");
    if (at == std::string_view::npos) return std::string(fileName);
    // ".sync-conflict-" then a date, a time and a device id: up to the next '.' or the end.
    std::size_t tagEnd = fileName.find('.', at + 1);
    std::string original(fileName.substr(0, at));
    if (tagEnd != std::string_view::npos) original += fileName.substr(tagEnd);
    return original;
}

std::string_view toString(FleetState state) {
    switch (state) {
    case FleetState::error: return "error";
    case FleetState::stale: return "stale";
    case FleetState::oldProgram: return "old-program";
    case FleetState::ok:
    default: return "ok";
    }
}

bool FleetReport::allWell() const {
    return !fleetProblem &&
           std::all_of(entries.begin(), entries.end(), [](const FleetEntry& e) { return e.state == FleetState::ok; });
}

FleetEntry readStatusFile(const std::string& path) {
    FleetEntry e;
    e.file = fs::path(path).filename().string();
    std::error_code ec;
    if (fs::is_symlink(fs::symlink_status(path, ec))) {
        e.problems.push_back("is a symbolic link: not followed (a kiosk writes its own status file)");
        e.state = FleetState::error;
        return e;
    }
    FileRead read = readInputFile(path, InputKind::status);
    if (!read.text) {
        e.problems.push_back(read.error);
        e.state = FleetState::error;
        return e;
    }
    std::string error;
    e.status = parseStatus(*read.text, error);
    if (!e.status) {
        e.problems.push_back("not a usable status: " + excerpt(error, 300));
        e.state = FleetState::error;
    }
    return e;
}

// A Syncthing conflict copy of a kiosk's status file: two kiosks with one name.
static FleetEntry sharedNameEntry(const std::string& dir, const std::string& name,
                                  const std::vector<FleetEntry>& entries) {
    std::string original = conflictOriginal(name);
    // The kiosk's name: from the copy, else from the file it is a copy of, else the file name's.
    std::string kiosk;
    FleetEntry copy = readStatusFile((fs::path(dir) / name).string());
    if (copy.status) kiosk = copy.status->name;
    for (const FleetEntry& e : entries)
        if (kiosk.empty() && e.file == original && e.status) kiosk = e.status->name;
    if (kiosk.empty()) kiosk = original.substr(0, original.size() - kStatusSuffix.size());
    FleetEntry e;
    e.file = name;
    e.state = FleetState::error;
    e.problems.push_back("two kiosks share the name \"" + excerpt(kiosk, 60) +
                         "\": Syncthing kept this conflict copy of " + excerpt(original, 100) +
                         " because two machines wrote it; give each kiosk its own \"fleet\": {\"name\"} (deleting the "
                         "copy does not help: the next write makes another)");
    return e;
}

std::optional<std::vector<FleetEntry>> readStatusDir(const std::string& dir, std::vector<std::string>& notes,
                                                     std::string& error) {
    std::error_code ec;
    if (!fs::is_directory(dir, ec)) {
        error = dir + ": " + (fs::exists(fs::symlink_status(dir, ec)) ? "is not a folder" : "no such folder");
        return std::nullopt;
    }
    fs::directory_iterator it(dir, ec), end;
    if (ec) {
        error = dir + ": cannot be read: " + systemMessage(ec.value());
        return std::nullopt;
    }
    std::vector<std::string> names, statusConflicts;
    std::size_t conflicts = 0;
    bool truncated = false;
    for (; it != end && !ec; it.increment(ec)) {
        std::string name = it->path().filename().string();
        if (name.empty() || name.front() == '.' || !endsWith(name, ".json")) continue;  // temporary files, others
        if (names.size() + statusConflicts.size() >= kFleetMaxFiles) {
            truncated = true;
            break;
        }
        if (isSyncConflict(name)) {
            // A conflict copy of a status file: two machines wrote the same file, that is
            // two kiosks with one name. Not safe to delete: the next write makes another.
            if (endsWith(conflictOriginal(name), kStatusSuffix))
                statusConflicts.push_back(name);
            else
                ++conflicts;
            continue;
        }
        names.push_back(name);
    }
    if (conflicts > 0)
        notes.push_back(std::to_string(conflicts) + " Syncthing conflict cop" + (conflicts == 1 ? "y" : "ies") +
                        " (*.sync-conflict-*) of files other than kiosks' status ignored: they can be deleted");
    if (truncated) notes.push_back("more than " + std::to_string(kFleetMaxFiles) + " files: only the first were read");
    std::sort(names.begin(), names.end());
    std::sort(statusConflicts.begin(), statusConflicts.end());
    std::vector<FleetEntry> entries;
    for (const std::string& name : names) entries.push_back(readStatusFile((fs::path(dir) / name).string()));
    for (const std::string& name : statusConflicts) entries.push_back(sharedNameEntry(dir, name, entries));
    return entries;
}

FleetReport assessFleet(std::vector<FleetEntry> entries, Instant now, const FleetOptions& options) {
    FleetReport report;
    report.now = now;
    report.staleAfter = options.staleAfter;
    report.entries = std::move(entries);
    if (report.entries.empty()) {
        report.notes.push_back(
            "no status files: no kiosk has written here yet (check \"fleet\": {\"status_dir\"} and the sync)");
        report.fleetProblem = true;
    }
    chooseReference(report, options);
    for (auto& e : report.entries) judge(e, report, options);
    // Two files that say they are the same kiosk: one of them is a copy, or two kiosks
    // share a name and overwrite each other's status.
    std::map<std::string, std::vector<FleetEntry*>> byName;
    for (auto& e : report.entries)
        if (e.status) byName[e.status->name].push_back(&e);
    for (auto& [name, same] : byName)
        if (same.size() > 1)
            for (FleetEntry* e : same) {
                e->problems.insert(e->problems.begin(),
                                   "the name \"" + excerpt(name, 60) + "\" is in " + std::to_string(same.size()) +
                                       " status files: give each kiosk its own \"fleet\": {\"name\"}");
                e->state = FleetState::error;
            }
    std::stable_sort(report.entries.begin(), report.entries.end(), [](const FleetEntry& a, const FleetEntry& b) {
        if (a.state != b.state) return static_cast<int>(a.state) < static_cast<int>(b.state);
        auto key = [](const FleetEntry& e) { return e.status ? e.status->name : e.file; };
        return key(a) < key(b);
    });
    return report;
}

namespace {

// What a kiosk's signs say of rooms, a line under it: a FULL forgotten at a door is seen
// here. Empty when every room is open.
std::string roomsLine(const KioskStatus& s) {
    if (s.rooms.empty()) return {};
    std::string line;
    for (std::size_t i = 0; i < s.rooms.size() && i < 8; ++i) {
        const RoomStateStatus& r = s.rooms[i];
        line += (line.empty() ? "" : ", ") + excerpt(r.room, 60) + " " + excerpt(r.state, 10) +
                (r.since.empty() ? "" : " since " + excerpt(r.since, 40));
    }
    if (s.rooms.size() > 8) line += " and " + std::to_string(s.rooms.size() - 8) + " more";
    return "      rooms: " + line + "\n";
}

}  // namespace

std::string fleetText(const FleetReport& r) {
    std::size_t counts[4] = {};
    for (const auto& e : r.entries) ++counts[static_cast<int>(e.state)];
    std::string out = "Fleet in " + r.dir + " at " + isoUtc(r.now) + ": " + std::to_string(r.entries.size()) +
                      " kiosk" + (r.entries.size() == 1 ? "" : "s") + ", " + std::to_string(counts[0]) + " error, " +
                      std::to_string(counts[1]) + " stale, " + std::to_string(counts[2]) + " on an old program, " +
                      std::to_string(counts[3]) + " ok\n";
    if (!r.referenceSha256.empty())
        out += "Program " + shortHash(r.referenceSha256) + " from " + r.referenceFrom + "\n";
    for (const auto& n : r.notes) out += "Note: " + n + "\n";
    static constexpr const char* kLabel[] = {"ERROR", "STALE", "OLD", "OK"};
    for (const auto& e : r.entries) {
        char head[32];
        std::snprintf(head, sizeof head, "%-6s", kLabel[static_cast<int>(e.state)]);
        out += head;
        if (!e.status) {
            out += excerpt(e.file, 120) + "\n";
        } else {
            const KioskStatus& s = *e.status;
            out += excerpt(s.name, 60) + ": " + (s.page.empty() ? std::string("?") : excerpt(s.page, 60)) +
                   ", program " + shortHash(s.programSha256);
            if (!s.programLoadedAt.empty()) out += " loaded " + excerpt(s.programLoadedAt, 40);
            out += ", written " + (e.ageSeconds ? ageText(*e.ageSeconds) + " ago" : std::string("?"));
            char more[160];
            std::snprintf(more, sizeof more, ", up %s, %.0f MiB, %dx%d, %s clock",
                          ageText(static_cast<long long>(s.uptimeSeconds)).c_str(),
                          static_cast<double>(s.rssBytes) / (1024.0 * 1024.0), s.screenWidth, s.screenHeight,
                          excerpt(s.clockMode, 20).c_str());
            out += more;
            if (s.panel != "on") out += ", panel " + excerpt(s.panel, 20);
            if (!s.panelNote.empty()) out += " (" + excerpt(s.panelNote, 100) + ")";
            if (!s.cec.empty()) out += ", HDMI-CEC " + excerpt(s.cec, 80);
            if (!s.version.empty()) out += ", v" + excerpt(s.version, 30);
            out += " [" + excerpt(e.file, 80) + "]\n";
        }
        if (e.status && e.status->emergency) {
            const EmergencyStatus& em = *e.status->emergency;
            out += "      emergency shown since " + excerpt(em.since, 40) + " (" + excerpt(em.kind, 20) +
                   (em.drill ? ", drill" : "") + ")" + (em.title.empty() ? "" : ": " + excerpt(em.title, 120)) + "\n";
        }
        if (e.status) out += roomsLine(*e.status);
        for (const auto& p : e.problems) out += "      " + excerpt(p, 400) + "\n";
        if (e.status && e.status->lastRejected) {
            const Rejection& rj = *e.status->lastRejected;
            // The reason once: it is often the kiosk's problem, listed just above.
            bool said = std::find(e.problems.begin(), e.problems.end(), rj.reason) != e.problems.end();
            out += "      last rejected " + (rj.kind.empty() ? std::string("file") : excerpt(rj.kind, 30)) + " " +
                   excerpt(rj.file, 200) + (rj.at.empty() ? "" : " at " + excerpt(rj.at, 40)) +
                   (said ? std::string(" (the problem above)") : ": " + excerpt(rj.reason, 400)) + "\n";
        }
        if (e.status && !e.status->conflicts.empty())
            out += "      conflict copies beside its files (not shown, ignored): " +
                   excerpt(e.status->conflicts.front(), 120) +
                   (e.status->conflicts.size() > 1 ? " and " + std::to_string(e.status->conflicts.size() - 1) + " more"
                                                   : "") +
                   "\n";
    }
    out += r.allWell() ? "All well.\n" : "Needs attention.\n";
    return out;
}

std::string fleetJson(const FleetReport& r) {
    Json j;
    j["dir"] = r.dir;
    j["now"] = isoUtc(r.now);
    j["stale_after_seconds"] = r.staleAfter.count();
    j["all_well"] = r.allWell();
    j["reference"] =
        r.referenceSha256.empty() ? Json(nullptr) : Json{{"sha256", r.referenceSha256}, {"from", r.referenceFrom}};
    j["notes"] = r.notes;
    Json kiosks = Json::array();
    for (const auto& e : r.entries) {
        Json k;
        k["file"] = e.file;
        k["name"] = e.status ? Json(e.status->name) : Json(nullptr);
        k["state"] = toString(e.state);
        k["problems"] = e.problems;
        k["age_seconds"] = e.ageSeconds ? Json(*e.ageSeconds) : Json(nullptr);
        k["status"] = e.status ? statusObject(*e.status) : Json(nullptr);
        kiosks.push_back(std::move(k));
    }
    j["kiosks"] = std::move(kiosks);
    return dump(j, 1) + "\n";
}

}  // namespace hallboard
