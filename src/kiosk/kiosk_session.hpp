// What a running kiosk holds: the configuration, the program with its scheduler, the
// clock, the rooms to show. Loaded as a unit; a failed load leaves the previous one.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "kiosk/clock.hpp"
#include "kiosk/kiosk_config.hpp"
#include "model/overrides.hpp"
#include "model/program_json.hpp"
#include "model/scheduler.hpp"
#include "model/venue.hpp"

namespace hallboard {

struct KioskSession {
    KioskConfig config;
    std::string configPath;
    std::unique_ptr<Program> program;  // stable address: the scheduler points at it
    std::unique_ptr<Scheduler> scheduler;
    Clock clock = Clock::system();
    std::vector<Index> rooms;                 // the global room filter, resolved
    std::vector<Announcement> announcements;  // from the overrides file, resolved
    std::optional<Emergency> emergency;       // the takeover in the overrides file, resolved (model/emergency.hpp)
    // SHA-256 of the program and configuration texts this was made from (the fleet
    // status, kiosk/fleet.hpp); empty when there was none (the clock alone).
    std::string programSha256, configSha256;
    // Directions from this kiosk to the rooms (config "venue" and "here"); null without a
    // venue, or when it cannot be used (the rest of the kiosk is unaffected).
    std::shared_ptr<const Wayfinding> wayfinding;
    std::string wayfindingProblem;  // why there are no directions (or no map), for the staff badge
    // Set only for the clock shown for want of any usable program (kiosk/last_good.hpp):
    // the file whose "time_zone" the clock shows (the program named, the last good
    // copy's), or empty when none named one and the clock is in this machine's zone.
    std::optional<std::string> fallbackZoneFrom;

    // Loads the config, then the program it names (or `programOverride`). Every
    // diagnostic goes to `diagnostics`; empty optional when either cannot be used.
    static std::optional<KioskSession> load(const std::string& configPath, const std::string& programOverride,
                                            std::vector<Diagnostic>& diagnostics);
    // A session from a config already in memory (tests, defaults).
    static std::optional<KioskSession> fromConfig(KioskConfig config, const std::string& programOverride,
                                                  std::vector<Diagnostic>& diagnostics);
    // A session from parts already read: the overrides (if any) applied to the program,
    // the configured rooms resolved. Empty when the overrides cannot be applied.
    static std::optional<KioskSession> assemble(KioskConfig config, Program program, const OverridesLoad* overrides,
                                                std::vector<Diagnostic>& diagnostics);

    // "replay from ... at 10x" for staff; empty on the system clock.
    std::string clockNote() const;
};

// The session's language for every word and date from here on (base/i18n.hpp: one
// choice per process). Set when a session starts or is swapped in, before its search
// index and directory are built, and never while drawing: a German kiosk's index held
// English words ("Untitled talk") from the start until the first reload.
void useSessionLanguage(const KioskSession& session);

// Gives the heap memory freed since the last call back to the system (glibc keeps it
// otherwise: after a 60 MB program is replaced by a small one, the kiosk would stay at
// its peak). Call after the old session is gone. Returns false where there is no way.
bool releaseFreedMemory();

// What follows when the venue cannot be used, said once after its errors (the log, the
// staff badge, `hallboard screenshot`), never once per page or per error.
inline constexpr const char* kNoDirectionsNote = "no directions on screen; the rest of the kiosk is unaffected";

// The directions the configuration asks for ("venue", "here", "step_free") from the venue
// file; null when none are asked for or the venue cannot be used (said in `diagnostics`).
std::shared_ptr<const Wayfinding> loadWayfinding(const KioskConfig& config, const Program& program,
                                                 std::vector<Diagnostic>& diagnostics);

// The clock a configuration asks for; times without offset are conference time.
Clock makeClock(const ClockConfig& config, const TimeZone& zone);

}  // namespace hallboard
