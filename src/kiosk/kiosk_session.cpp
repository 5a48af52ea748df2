// See kiosk_session.hpp.
#include "base/files.hpp"
#include "kiosk/kiosk_session.hpp"

#include <cstdio>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

#include "base/i18n.hpp"
#include "model/overrides.hpp"

namespace hallboard {

bool releaseFreedMemory() {
#if defined(__GLIBC__)
    ::malloc_trim(0);  // every arena, also the loader thread's
    return true;
#else
    return false;
#endif
}

Clock makeClock(const ClockConfig& config, const TimeZone& zone) {
    auto parsed = parseTimestamp(config.at);
    switch (config.mode) {
    case ClockMode::fixed: return parsed ? Clock::fixed(resolve(*parsed, zone)) : Clock::system();
    case ClockMode::replay: return parsed ? Clock::replay(resolve(*parsed, zone), config.speed) : Clock::system();
    case ClockMode::system:
    default: return Clock::system();
    }
}

std::shared_ptr<const Wayfinding> loadWayfinding(const KioskConfig& config, const Program& program,
                                                 std::vector<Diagnostic>& diagnostics) {
    if (config.venue.empty() || !config.here) return nullptr;
    VenueLoad venue = loadVenueFile(config.venue, program);
    diagnostics.insert(diagnostics.end(), venue.diagnostics.begin(), venue.diagnostics.end());
    if (!venue.ok()) {
        diagnostics.push_back({Severity::warning, config.venue, "", std::string("not used: ") + kNoDirectionsNote});
        return nullptr;
    }
    // The configuration's own file is not known here; the venue names the place.
    auto plan =
        planWayfinding(std::move(*venue.venue), program, *config.here, config.stepFree, {config.venue, diagnostics});
    if (!plan) return nullptr;
    return std::make_shared<const Wayfinding>(std::move(*plan));
}

std::optional<KioskSession> KioskSession::load(const std::string& configPath, const std::string& programOverride,
                                               std::vector<Diagnostic>& diagnostics) {
    ConfigLoad config = loadKioskConfig(configPath);
    diagnostics.insert(diagnostics.end(), config.diagnostics.begin(), config.diagnostics.end());
    if (!config.ok()) return std::nullopt;
    auto session = fromConfig(std::move(*config.config), programOverride, diagnostics);
    if (session) {
        session->configPath = absolutePath(configPath);
        session->configSha256 = config.sha256;
    }
    return session;
}

std::optional<KioskSession> KioskSession::fromConfig(KioskConfig config, const std::string& programOverride,
                                                     std::vector<Diagnostic>& diagnostics) {
    if (!programOverride.empty()) config.program = absolutePath(programOverride);
    ProgramLoad load = loadProgramFile(config.program);
    diagnostics.insert(diagnostics.end(), load.diagnostics.begin(), load.diagnostics.end());
    if (!load.ok()) return std::nullopt;
    std::optional<OverridesLoad> changes;
    if (!config.overrides.empty()) {
        changes = loadOverridesFile(config.overrides);
        diagnostics.insert(diagnostics.end(), changes->diagnostics.begin(), changes->diagnostics.end());
    }
    auto session = assemble(std::move(config), std::move(*load.program), changes ? &*changes : nullptr, diagnostics);
    if (session) session->programSha256 = load.sha256;
    return session;
}

std::optional<KioskSession> KioskSession::assemble(KioskConfig config, Program program, const OverridesLoad* changes,
                                                   std::vector<Diagnostic>& diagnostics) {
    if (changes && (!changes->ok() || !applyOverrides(program, *changes->overrides, config.overrides, diagnostics)))
        return std::nullopt;
    std::vector<Announcement> announcements;
    if (changes) {
        auto resolved = resolveAnnouncements(changes->overrides->announcements, program.conference.zone,
                                             config.overrides, diagnostics);
        if (!resolved) return std::nullopt;
        announcements = std::move(*resolved);
    }
    KioskSession s;
    s.announcements = std::move(announcements);
    if (changes && changes->emergency)
        s.emergency = resolveEmergency(*changes->emergency, program.conference.zone, config.overrides, diagnostics);
    s.program = std::make_unique<Program>(std::move(program));
    s.scheduler = std::make_unique<Scheduler>(*s.program);
    s.clock = makeClock(config.clock, s.program->conference.zone);
    for (const auto& name : config.rooms) {
        if (auto room = findRoom(*s.program, name)) {
            s.rooms.push_back(*room);
        } else {
            diagnostics.push_back({Severity::warning, config.program, "/rooms",
                                   "the config's room \"" + name + "\" is not in the program; ignored"});
        }
    }
    for (std::size_t i = 0; i < config.rotation.size(); ++i)
        for (const auto& name : config.rotation[i].rooms)
            if (!findRoom(*s.program, name))
                diagnostics.push_back({Severity::warning, config.program, "/rotation/" + std::to_string(i) + "/rooms",
                                       "room \"" + name + "\" is not in the program; ignored"});
    std::size_t before = diagnostics.size();
    s.wayfinding = loadWayfinding(config, *s.program, diagnostics);
    for (std::size_t i = before; i < diagnostics.size(); ++i)
        if (diagnostics[i].severity == Severity::error) {
            s.wayfindingProblem = format(diagnostics[i]);
            break;
        }
    if (s.wayfindingProblem.empty()) s.wayfindingProblem = config.hereProblem;  // a facing that is no direction
    // Directions asked for and none to give: the badge says what follows, once.
    if (!s.wayfinding && !config.venue.empty() && config.here)
        s.wayfindingProblem = (s.wayfindingProblem.empty() ? config.venue + ": not used" : s.wayfindingProblem) + " (" +
                              kNoDirectionsNote + ")";
    s.config = std::move(config);
    return s;
}

std::string KioskSession::clockNote() const {
    if (clock.mode() == Clock::Mode::system) return {};
    char speed[32];
    std::snprintf(speed, sizeof speed, "%g", clock.speed());
    if (clock.mode() == Clock::Mode::fixed) return {};  // previews and screenshots show what the kiosk shows
    // TRANSLATORS: a small note for staff in the header while the clock replays a day; %s is the speed (10).
    return trf(tr("Replay clock at %s× speed"), speed);
}

void useSessionLanguage(const KioskSession& session) {
    useLanguage(session.config.language, session.config.clockFormat);
}

}  // namespace hallboard
