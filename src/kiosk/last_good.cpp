// See last_good.hpp.
#include "kiosk/last_good.hpp"

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <unistd.h>

#include "base/files.hpp"
#include "base/json_reader.hpp"
#include "base/sha256.hpp"
#include "base/text.hpp"
#include "model/emergency.hpp"
#include "model/overrides.hpp"

namespace hallboard {

namespace fs = std::filesystem;

namespace {

std::string parentDir(const std::string& path) {
    return fs::path(path).parent_path().string();
}

// The bundle's fields, read back.
struct Bundle {
    std::string configPath, programPath, overridesPath, saved;
    std::string config, program, overrides;
};

std::optional<KioskSession> sessionFrom(const Bundle& b, std::vector<Diagnostic>& diagnostics) {
    std::string label = "the last good copy of ";
    ConfigLoad config = parseKioskConfig(b.config, label + b.configPath, parentDir(b.configPath));
    if (!config.ok()) {
        diagnostics.insert(diagnostics.end(), config.diagnostics.begin(), config.diagnostics.end());
        return std::nullopt;
    }
    config.config->program = b.programPath;
    config.config->overrides = b.overridesPath;
    ProgramLoad program = parseProgram(b.program, label + b.programPath, parentDir(b.programPath));
    for (const Diagnostic& d : program.diagnostics)
        if (d.severity == Severity::error) diagnostics.push_back(d);
    if (!program.ok()) return std::nullopt;
    std::optional<OverridesLoad> overrides;
    if (!b.overridesPath.empty()) overrides = parseOverrides(b.overrides, label + b.overridesPath);
    auto session = KioskSession::assemble(std::move(*config.config), std::move(*program.program),
                                          overrides ? &*overrides : nullptr, diagnostics);
    if (session) {
        session->configPath = b.configPath;
        session->configSha256 = config.sha256;  // of the copies: what is shown
        session->programSha256 = program.sha256;
    }
    return session;
}

std::string nowIso() {
    auto now = std::chrono::time_point_cast<Duration>(std::chrono::system_clock::now());
    return formatIso(TimeZone::utc(), now);
}

// The conference's zone as a program's text names it ("conference": {"time_zone"}), if
// that much of it reads: a program refused for another reason still says its zone.
std::optional<TimeZone> zoneNamedIn(const std::string& programText) {
    try {
        Json j = parseJsonText(programText);
        if (!j.is_object() || !j.contains("conference") || !j["conference"].is_object()) return std::nullopt;
        const Json& conference = j["conference"];
        if (!conference.contains("time_zone") || !conference["time_zone"].is_string()) return std::nullopt;
        return TimeZone::find(conference["time_zone"].get<std::string>());
    } catch (const std::exception&) {
        return std::nullopt;
    }
}

// The zone for the clock shown with no usable program: the program file's (named by
// `programPath`), else the last good copy's, each if it names a zone that exists.
std::optional<std::pair<TimeZone, std::string>> fallbackZone(const std::string& programPath, const LastGood& lastGood) {
    if (!programPath.empty())
        if (auto text = readInputFile(programPath, InputKind::program).text)
            if (auto zone = zoneNamedIn(*text)) return std::make_pair(*zone, programPath);
    if (lastGood.dir().empty()) return std::nullopt;
    auto bundle = readInputFile(lastGood.bundlePath(), InputKind::state).text;
    if (!bundle) return std::nullopt;
    try {
        Json j = parseJsonText(*bundle);
        if (j.is_object() && j.contains("program") && j["program"].is_string())
            if (auto zone = zoneNamedIn(j["program"].get<std::string>()))
                return std::make_pair(*zone, "the last good copy in " + lastGood.bundlePath());
    } catch (const std::exception&) {}
    return std::nullopt;
}

bool wantsDirections(const KioskSession& s) {
    return s.program && !s.config.venue.empty() && s.config.here;
}

// Directions for `s` from a venue text read from `venuePath` (or a copy of it: `label`
// names which); map images are looked for beside the real file.
std::optional<Wayfinding> planVenue(const std::string& text, const std::string& venuePath, const std::string& label,
                                    const KioskSession& s, std::vector<Diagnostic>& diagnostics) {
    VenueLoad venue = parseVenue(text, label, parentDir(venuePath), *s.program);
    diagnostics.insert(diagnostics.end(), venue.diagnostics.begin(), venue.diagnostics.end());
    if (!venue.ok()) return std::nullopt;
    return planWayfinding(std::move(*venue.venue), *s.program, *s.config.here, s.config.stepFree,
                          {s.configPath, diagnostics});
}

bool hasError(const std::vector<Diagnostic>& diagnostics) {
    return std::any_of(diagnostics.begin(), diagnostics.end(),
                       [](const Diagnostic& d) { return d.severity == Severity::error; });
}

std::string firstError(const std::vector<Diagnostic>& diagnostics) {
    for (const Diagnostic& d : diagnostics)
        if (d.severity == Severity::error) return format(d);
    return "not usable";
}

}  // namespace

std::string LastGood::bundlePath() const {
    return dir_.empty() ? std::string() : (fs::path(dir_) / "last-good.json").string();
}

LastGood::Source LastGood::sourceOf(const KioskSession& session) {
    return {session.configPath, session.config.program, session.config.overrides, session.configSha256,
            session.programSha256};
}

// The files may have changed since they were loaded: keep only the texts that were
// shown. Their digests say so without parsing a large program a second time while the
// screen is up (at the limits that second copy cost 100 MB of the unit's memory);
// the overrides, which have no digest, are read again on their own.
static bool asShown(const Bundle& b, const LastGood::Source& source, std::string& error) {
    const char* changed = "the files changed since they were loaded; the previous last good copy stays";
    if (!source.programSha256.empty() && !source.configSha256.empty()) {
        if (sha256Hex(b.program) != source.programSha256 || sha256Hex(b.config) != source.configSha256) {
            error = changed;
            return false;
        }
        if (!b.overridesPath.empty() && !parseOverrides(b.overrides, b.overridesPath).ok()) {
            error = changed;
            return false;
        }
    } else {
        std::vector<Diagnostic> check;
        if (!sessionFrom(b, check)) {
            error = changed;
            return false;
        }
    }
    return true;
}

bool LastGood::save(const Source& source, std::string& error) const {
    if (dir_.empty()) {
        error = "no state directory";
        return false;
    }
    Bundle b;
    // Absolute paths: a kiosk restarted from another working folder (a relative
    // --config) must watch the same files.
    b.configPath = absolutePath(source.configPath);
    b.programPath = absolutePath(source.programPath);
    b.overridesPath = absolutePath(source.overridesPath);
    b.saved = nowIso();
    auto read = [&](const std::string& path, std::string& into, InputKind kind) {
        std::string why;
        auto text = readWholeFile(path, why, kind);
        if (!text)
            error = path + ": " + why;
        else
            into = std::move(*text);
        return text.has_value();
    };
    if (b.configPath.empty() || !read(b.configPath, b.config, InputKind::config) ||
        !read(b.programPath, b.program, InputKind::program)) {
        if (error.empty()) error = "the session was not loaded from a config file";
        return false;
    }
    // A missing overrides file is no change at all; it stays an empty set of changes.
    if (!b.overridesPath.empty() && !read(b.overridesPath, b.overrides, InputKind::overrides)) {
        error.clear();
        b.overrides = "{\"changes\": []}";
    }
    if (!asShown(b, source, error)) return false;
    Json bundle = {{"format", "hallboard-last-good"},
                   {"version", 1},
                   {"saved", b.saved},
                   {"config_path", b.configPath},
                   {"program_path", b.programPath},
                   {"overrides_path", b.overridesPath},
                   {"config", b.config},
                   {"program", b.program},
                   {"overrides", b.overrides}};
    return writeDurably(bundlePath(), bundle.dump(-1, ' ', false, Json::error_handler_t::replace), error, {0644, true});
}

std::vector<std::string> LastGood::removeStaleTemporaries() const {
    std::vector<std::string> lines;
    if (dir_.empty()) return lines;
    for (const std::string& target : {bundlePath(), venuePath()})
        for (const std::string& removed : hallboard::removeStaleTemporaries(target, &lines))
            lines.push_back("removed " + removed + ", a temporary file a power cut left behind");
    return lines;
}

std::string LastGood::venuePath() const {
    return dir_.empty() ? std::string() : (fs::path(dir_) / "last-good-venue.json").string();
}

// Directions from the file; a copy only when nothing about it was an error (a map
// that cannot be drawn is one), and only a copy that plans as the file did.
static void saveVenueCopy(const std::string& copyPath, const KioskSession& session,
                          std::vector<Diagnostic>& diagnostics) {
    const std::string& file = session.config.venue;
    if (!session.wayfindingProblem.empty()) return;
    std::string why;
    auto text = readWholeFile(file, why, InputKind::config);
    std::vector<Diagnostic> check;
    if (!text || !planVenue(*text, file, file, session, check) || hasError(check)) {
        diagnostics.push_back(
            {Severity::warning, copyPath, "", "last good venue not saved: " + file + " changed since it was loaded"});
        return;
    }
    Json copy = {{"format", "hallboard-last-good-venue"},
                 {"version", 1},
                 {"saved", nowIso()},
                 {"venue_path", file},
                 {"venue", *text}};
    std::string error;
    if (!writeDurably(copyPath, copy.dump(-1, ' ', false, Json::error_handler_t::replace), error, {0644, true}))
        diagnostics.push_back({Severity::warning, copyPath, "", "last good venue not saved: " + error});
}

bool LastGood::keepVenue(KioskSession& session, std::vector<Diagnostic>& diagnostics) const {
    if (dir_.empty() || !wantsDirections(session)) return false;
    const std::string& file = session.config.venue;
    if (session.wayfinding) {
        saveVenueCopy(venuePath(), session, diagnostics);
        return false;
    }
    // No directions from the file: the copy of that same file, if one was saved.
    std::string why;
    auto bundle = readWholeFile(venuePath(), why, InputKind::state);
    if (!bundle) return false;
    std::string saved, text;
    try {
        Json j = parseJsonText(*bundle);
        if (!j.is_object() || j.value("format", "") != "hallboard-last-good-venue" || !j.contains("venue") ||
            !j["venue"].is_string() || j.value("venue_path", "") != file)
            return false;  // none of this file (the config names another venue now)
        saved = j.value("saved", "");
        text = j["venue"].get<std::string>();
    } catch (const std::exception& e) {
        diagnostics.push_back({Severity::warning, venuePath(), "", std::string("unusable, ignored: ") + e.what()});
        return false;
    }
    std::string problem = session.wayfindingProblem;
    if (auto cut = problem.rfind(std::string(" (") + kNoDirectionsNote + ")"); cut != std::string::npos)
        problem.resize(cut);
    std::vector<Diagnostic> copyDiagnostics;
    auto plan = planVenue(text, file, "the last good copy of " + file, session, copyDiagnostics);
    if (!plan) {
        std::string reason = firstError(copyDiagnostics);
        session.wayfindingProblem = problem + "; the last good venue (saved " + saved +
                                    ") no longer fits the program shown: " + reason + " (" + kNoDirectionsNote + ")";
        diagnostics.push_back(
            {Severity::warning, file, "",
             "the last good venue (saved " + saved + ") no longer fits the program shown: " + reason});
        return false;
    }
    session.wayfinding = std::make_shared<const Wayfinding>(std::move(*plan));
    session.wayfindingProblem = problem + " (showing the last good venue, saved " + saved + ")";
    // The copy gives directions after all: the file's "no directions on screen" is no
    // longer true, and would contradict the line below.
    std::erase_if(diagnostics, [&](const Diagnostic& d) {
        return d.file == file && d.message == std::string("not used: ") + kNoDirectionsNote;
    });
    diagnostics.push_back(
        {Severity::warning, file, "", "showing the last good venue, saved " + saved + ", until it is fixed"});
    return true;
}

std::optional<KioskSession> LastGood::load(std::vector<Diagnostic>& diagnostics, std::string* savedAt,
                                           std::string* unreadable) const {
    if (dir_.empty()) return std::nullopt;
    // A bundle that is there but cannot be used is said so, never taken for none saved:
    // a zero-filled file is what a power cut leaves of a write that was not synced.
    auto refuse = [&](const std::string& why) -> std::optional<KioskSession> {
        std::string line = "the saved copy in " + bundlePath() + " is unreadable: " + why;
        diagnostics.push_back({Severity::warning, bundlePath(), "", line});
        if (unreadable) *unreadable = line;
        return std::nullopt;
    };
    FileRead read = readInputFile(bundlePath(), InputKind::state);
    if (read.missing) return std::nullopt;
    if (!read.text) {
        BoundedRead raw = readBounded(bundlePath(), inputLimit(InputKind::state));
        if (raw.bytes && !raw.bytes->empty() && raw.bytes->find_first_not_of('\0') == std::string::npos)
            return refuse("it holds " + std::to_string(raw.bytes->size()) +
                          " zero bytes and nothing else (a write cut short by a power failure?)");
        return refuse(read.error);
    }
    const std::string& text = *read.text;
    if (trimView(text).empty()) return refuse(text.empty() ? "the file is empty" : "the file holds only white space");
    Bundle b;
    try {
        Json j = parseJsonText(text);
        if (!j.is_object() || j.value("format", "") != "hallboard-last-good")
            throw std::runtime_error("not a Hallboard last good bundle (no \"format\": \"hallboard-last-good\")");
        auto field = [&](const char* key) {
            return j.contains(key) && j[key].is_string() ? j[key].get<std::string>() : "";
        };
        b = {field("config_path"), field("program_path"), field("overrides_path"), field("saved"),
             field("config"),      field("program"),      field("overrides")};
    } catch (const std::exception& e) {
        return refuse(e.what());
    }
    std::size_t before = diagnostics.size();
    auto session = sessionFrom(b, diagnostics);
    if (!session) {
        std::vector<Diagnostic> found(diagnostics.begin() + static_cast<std::ptrdiff_t>(before), diagnostics.end());
        return refuse("its copies no longer load: " + firstError(found));
    }
    if (savedAt) *savedAt = b.saved;
    return session;
}

namespace {

// The emergency of the overrides file as it is now, not the saved copy's: an evacuation
// ended since must not come back with a restart, and one begun since must show. A file
// that cannot be read now keeps the copy's (an emergency is never dropped for that).
void emergencyAsOnDisk(KioskSession& session, std::vector<Diagnostic>& diagnostics) {
    if (session.config.overrides.empty()) return;
    OverridesLoad read = loadOverridesFile(session.config.overrides);
    if (!read.emergencyKnown) return;
    session.emergency.reset();
    if (read.emergency)
        session.emergency =
            resolveEmergency(*read.emergency, session.program->conference.zone, session.config.overrides, diagnostics);
}

}  // namespace

StartUp startSession(const std::string& configPath, const std::string& programOverride, const LastGood& lastGood,
                     std::vector<Diagnostic>& diagnostics) {
    auto firstError = [&](std::size_t from) {
        for (std::size_t i = from; i < diagnostics.size(); ++i)
            if (diagnostics[i].severity == Severity::error) return format(diagnostics[i]);
        return std::string("not loaded");
    };
    std::size_t before = diagnostics.size();
    if (auto session = KioskSession::load(configPath, programOverride, diagnostics)) {
        // Not saved as the last good copy yet: only once it has drawn a frame.
        lastGood.keepVenue(*session, diagnostics);
        return {std::move(*session), StartUp::From::files, {}, {}};
    }
    std::string problem = firstError(before);

    std::string savedAt, unreadable;
    std::vector<Diagnostic> saved;
    if (auto session = lastGood.load(saved, &savedAt, &unreadable)) {
        if (!programOverride.empty())
            session->config.program = absolutePath(programOverride);  // watch what was asked for
        lastGood.keepVenue(*session, diagnostics);
        emergencyAsOnDisk(*session, diagnostics);
        return {std::move(*session),
                StartUp::From::lastGood,
                problem + " (showing the last good program, saved " + savedAt + ")",
                {}};
    }
    diagnostics.insert(diagnostics.end(), saved.begin(), saved.end());

    // Nothing saved: the configuration if it loads, else the defaults, with no program.
    // The welcome screen shows the clock and the badge says what to fix.
    ConfigLoad config = loadKioskConfig(configPath);
    StartUp::From from = config.ok() ? StartUp::From::configOnly : StartUp::From::defaults;
    KioskConfig kioskConfig = config.ok() ? std::move(*config.config) : KioskConfig::defaults();
    if (!programOverride.empty()) kioskConfig.program = absolutePath(programOverride);
    Program empty;
    empty.conference.name = "Hallboard";
    // The clock in the conference's zone when a file names it (the program, even one
    // refused for another reason, or the last good copy); else in the machine's, and the
    // screen says so. A fixed or replay clock reads its time in the same zone.
    std::string zoneFrom;
    if (auto named = fallbackZone(kioskConfig.program, lastGood)) {
        empty.conference.zone = named->first;
        zoneFrom = named->second;
    } else {
        try {
            if (auto zone = TimeZone::find(date::current_zone()->name()))
                empty.conference.zone = *zone;  // the machine's clock
        } catch (const std::exception&) {}
    }
    std::vector<Diagnostic> ignored;
    auto session = KioskSession::assemble(std::move(kioskConfig), std::move(empty), nullptr, ignored);
    session->configPath = absolutePath(configPath);
    session->fallbackZoneFrom = zoneFrom;
    if (!unreadable.empty()) problem += "; " + unreadable;
    return {std::move(*session), from, problem, unreadable};
}

}  // namespace hallboard
