// See last_good.hpp.
#include "core/last_good.hpp"

#include <chrono>
#include <filesystem>
#include <fstream>
#include <unistd.h>

#include "core/json_reader.hpp"
#include "core/text.hpp"

namespace hallboard {

namespace fs = std::filesystem;

namespace {

std::string parentDir(const std::string& path) { return fs::path(path).parent_path().string(); }

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

}  // namespace

std::string LastGood::bundlePath() const { return dir_.empty() ? std::string() : (fs::path(dir_) / "last-good.json").string(); }

bool LastGood::save(const KioskSession& session, std::string& error) const {
    if (dir_.empty()) {
        error = "no state directory";
        return false;
    }
    Bundle b;
    b.configPath = session.configPath;
    b.programPath = session.config.program;
    b.overridesPath = session.config.overrides;
    b.saved = nowIso();
    auto read = [&](const std::string& path, std::string& into, InputKind kind) {
        std::string why;
        auto text = readWholeFile(path, why, kind);
        if (!text) error = path + ": " + why;
        else into = std::move(*text);
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
    // The files may have changed since they were loaded: keep only a set that loads.
    std::vector<Diagnostic> check;
    if (!sessionFrom(b, check)) {
        error = "the files changed since they were loaded; the previous last good copy stays";
        return false;
    }
    Json bundle = {{"format", "hallboard-last-good"}, {"version", 1},       {"saved", b.saved},
                   {"config_path", b.configPath},     {"program_path", b.programPath}, {"overrides_path", b.overridesPath},
                   {"config", b.config},              {"program", b.program},          {"overrides", b.overrides}};
    std::error_code ec;
    fs::create_directories(dir_, ec);
    std::string target = bundlePath();
    std::string tmp = target + ".tmp-" + std::to_string(::getpid());
    {
        std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
        out << bundle.dump(-1, ' ', false, Json::error_handler_t::replace);
        out.flush();
        if (!out) {
            error = "cannot write " + tmp;
            fs::remove(tmp, ec);
            return false;
        }
    }
    fs::rename(tmp, target, ec);  // atomic: a power cut leaves the old bundle or the new one
    if (ec) {
        error = "cannot replace " + target + ": " + ec.message();
        fs::remove(tmp, ec);
        return false;
    }
    return true;
}

std::optional<KioskSession> LastGood::load(std::vector<Diagnostic>& diagnostics, std::string* savedAt) const {
    if (dir_.empty()) return std::nullopt;
    std::string why;
    auto text = readWholeFile(bundlePath(), why, InputKind::state);
    if (!text) return std::nullopt;
    Bundle b;
    try {
        Json j = parseJsonText(*text);
        if (!j.is_object() || j.value("format", "") != "hallboard-last-good") throw std::runtime_error("not a bundle");
        auto field = [&](const char* key) { return j.contains(key) && j[key].is_string() ? j[key].get<std::string>() : ""; };
        b = {field("config_path"), field("program_path"), field("overrides_path"), field("saved"),
             field("config"),      field("program"),      field("overrides")};
    } catch (const std::exception& e) {
        diagnostics.push_back({Severity::warning, bundlePath(), "", std::string("unusable, ignored: ") + e.what()});
        return std::nullopt;
    }
    auto session = sessionFrom(b, diagnostics);
    if (session && savedAt) *savedAt = b.saved;
    return session;
}

StartUp startSession(const std::string& configPath, const std::string& programOverride, const LastGood& lastGood,
                     std::vector<Diagnostic>& diagnostics) {
    auto firstError = [&](std::size_t from) {
        for (std::size_t i = from; i < diagnostics.size(); ++i)
            if (diagnostics[i].severity == Severity::error) return format(diagnostics[i]);
        return std::string("not loaded");
    };
    std::size_t before = diagnostics.size();
    if (auto session = KioskSession::load(configPath, programOverride, diagnostics)) {
        std::string error;
        if (!lastGood.dir().empty() && !lastGood.save(*session, error))
            diagnostics.push_back({Severity::warning, lastGood.bundlePath(), "", "last good copy not saved: " + error});
        return {std::move(*session), StartUp::From::files, {}};
    }
    std::string problem = firstError(before);

    std::string savedAt;
    std::vector<Diagnostic> saved;
    if (auto session = lastGood.load(saved, &savedAt)) {
        if (!programOverride.empty()) session->config.program = programOverride;  // watch what was asked for
        return {std::move(*session), StartUp::From::lastGood, problem + " (showing the last good program, saved " + savedAt + ")"};
    }
    diagnostics.insert(diagnostics.end(), saved.begin(), saved.end());

    // Nothing saved: the configuration if it loads, else the defaults, with no program.
    // The welcome screen shows the clock and the badge says what to fix.
    ConfigLoad config = loadKioskConfig(configPath);
    StartUp::From from = config.ok() ? StartUp::From::configOnly : StartUp::From::defaults;
    KioskConfig kioskConfig = config.ok() ? std::move(*config.config) : KioskConfig::defaults();
    if (!programOverride.empty()) kioskConfig.program = programOverride;
    Program empty;
    empty.conference.name = "Hallboard";
    try {
        if (auto zone = TimeZone::find(date::current_zone()->name())) empty.conference.zone = *zone;  // the machine's clock
    } catch (const std::exception&) {
    }
    std::vector<Diagnostic> ignored;
    auto session = KioskSession::assemble(std::move(kioskConfig), std::move(empty), nullptr, ignored);
    session->configPath = configPath;
    return {std::move(*session), from, problem};
}

}  // namespace hallboard
