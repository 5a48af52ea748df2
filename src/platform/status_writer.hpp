// The kiosk's side of the fleet (kiosk/fleet.hpp): fills in its status from what the
// loop knows and what only the system can say (hostname, memory, uptime) and writes it
// into the configured folder, atomically (a temporary file, fsync, rename), every
// minute (fleet.interval_seconds) and at once when the program, a rejection, a problem
// or the clock's health changes (a page turn waits for the interval). A folder that cannot be written is logged
// once per reason; the kiosk carries on.
#pragma once

#include <chrono>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "kiosk/fleet.hpp"
#include "kiosk/kiosk_session.hpp"

namespace hallboard::platform {

// What the loop knows each wake.
struct StatusInputs {
    std::string page;         // "now-next 1/3", "welcome", "browsing"
    std::string problem;      // the reload's problem; empty when the files are what is shown
    std::string clockHealth;  // "ok", else what is wrong with the system clock
    int screenWidth = 0, screenHeight = 0;
    std::string panel = "on";              // KioskStatus::panel
    std::string panelNote = {};            // KioskStatus::panelNote
    std::string cec = {};                  // KioskStatus::cec
    const Emergency* emergency = nullptr;  // the takeover on screen; null: none
};

class StatusWriter {
public:
    using Steady = std::chrono::steady_clock::time_point;

    // `clockOnly`: the session is the clock alone (nothing usable loaded at start).
    StatusWriter(const KioskSession& session, bool clockOnly, std::ostream& log);

    // A new session was swapped in (a reload): the program is loaded now.
    void sessionChanged(const KioskSession& session);
    // A reload was refused.
    void rejected(Rejection rejection);
    // Writes when something shown changed or a minute has passed. Returns true when written.
    bool update(const KioskSession& session, const StatusInputs& inputs, Steady now);
    // The status as it would be written now (tests, the log).
    KioskStatus status(const KioskSession& session, const StatusInputs& inputs) const;
    // Where it writes; empty when the config names no status_dir.
    std::string path(const KioskSession& session) const;

private:
    std::ostream& log_;
    Steady started_;
    std::string loadedAt_;
    bool clockOnly_;
    std::optional<Rejection> lastRejected_;
    std::vector<std::string> conflicts_;  // looked for every few seconds, not every wake
    std::optional<Steady> conflictsAt_;
    std::optional<KioskStatus> written_;  // the last one written, its times left out
    Steady writtenAt_{};
    std::string lastError_;
    std::string swept_;                         // the status path whose stale temporaries were removed
    std::optional<EmergencyStatus> emergency_;  // shown, since when
    void trackEmergency(const Emergency* shown);
};

// This machine's name (gethostname), "kiosk" when it has none.
std::string hostName();
// The process's resident memory in bytes (/proc/self/statm); 0 where unknown.
long long residentBytes();

}  // namespace hallboard::platform
