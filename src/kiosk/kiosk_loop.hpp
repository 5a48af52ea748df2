// The kiosk loop's decisions, as small pure functions the loop (platform/kiosk_loop.cpp)
// calls and tests call alone: what a finished reload changes, and when to wake next.
// No SDL, no ImGui: time comes in as values.
#pragma once

#include <chrono>
#include <optional>
#include <string>

#include "kiosk/kiosk_session.hpp"
#include "kiosk/live_reload.hpp"
#include "kiosk/rotation.hpp"

namespace hallboard {

struct ReloadApplied {
    bool swapped = false;  // a new session is in: the program (and its address) changed
    std::string log;       // one line for the log
};

// A session that loaded replaces `current` (keeping the running clock when its
// settings did not change) and re-plans `rotation` when the pages (times, caps), the
// cycle's limits or the transition changed; a rejected one leaves both as they were:
// the last good program stays on screen.
ReloadApplied applyReload(KioskSession& current, Rotation& rotation, LiveReload::Outcome&& outcome);

// The emergency of an overrides file read ahead of its reload (LiveReload::takeEmergency)
// into `current`, resolved in its conference's zone; the reading's diagnostics and the
// resolving's go to `diagnostics`. True when the emergency changed.
bool applyEmergency(KioskSession& current, const LiveReload::EmergencyRead& read, std::vector<Diagnostic>& diagnostics);

// What the loop says about the emergency, once a change: the overrides file's emergency is
// read at its rename, again when the change has settled, and by the whole reload, and
// each finds the same mistakes. `fresh` takes the lines of one read and gives those to
// log (all of them when they differ from the last read's, else none); `fromReload`
// takes the emergency's own (places under "/emergency" in `overrides`) out of a whole
// reload's diagnostics, to be given to `fresh` in turn.
class EmergencyNotes {
public:
    std::vector<std::string> fresh(std::vector<std::string> lines);
    static std::vector<Diagnostic> fromReload(std::vector<Diagnostic>& diagnostics, const std::string& overrides);

private:
    std::vector<std::string> said_;
};

// Real time until the conference clock next shows another minute, or something in the
// program starts or ends, or an announcement appears or goes.
std::chrono::milliseconds untilNextChange(const Clock& clock, const Scheduler& scheduler, Instant now,
                                          const std::vector<Announcement>& announcements = {},
                                          const std::optional<Emergency>& emergency = std::nullopt);

// The emergency takeover's own words take each of the kiosk's emergency languages in turn
// for this long (kiosk_config.hpp takeoverLanguages).
inline constexpr double kEmergencyTurnSeconds = 8.0;
// The turn shown `seconds` into the loop, of `turns`.
int emergencyTurnAt(double seconds, int turns);

// Whether the frame shows a page that counts seconds (the room timer, in view or in a
// transition): its picture then changes every second rather than every minute.
bool showsSeconds(const KioskConfig& config, const Rotation::Frame& frame);
// What a picture changes by: the minute of `now`, or its second when `seconds`.
long long shownTick(Instant now, bool seconds);

// When the voice says the idle warning (accessibility.speech): once a visit, as the
// warning appears; again only after the visitor has answered it (the countdown gone).
class IdleWarningVoice {
public:
    // The whole seconds left to say, at the wake the warning appears; none otherwise.
    std::optional<int> update(bool browsing, double idleLeft);

private:
    bool said_ = false;
};

// Everything that may need the screen redrawn at a certain time; the loop sleeps until
// the earliest of them (or an event comes).
struct WakeReasons {
    using Steady = std::chrono::steady_clock::time_point;
    using Ms = std::chrono::milliseconds;
    Steady now;
    Steady rotationChange;              // the next page switch or transition frame
    Ms clockChange{60000};              // untilNextChange
    Ms watchInterval{1000};             // how often the files are looked at
    Ms frameInterval{16};               // a transition or list-motion frame
    bool moving = false;                // a list glides
    std::optional<double> idleLeft;     // browsing: seconds until the rotation returns
    double fadeOutSeconds = 0.8;        // the visit fades out over its last moments
    std::optional<Steady> scriptEvent;  // the next event of an input script
    std::optional<Steady> exitAt;       // --exit-after
    std::optional<Steady> hideCursorAt;
    std::optional<Steady> emergencyTurn;  // the emergency takeover's next language
    // systemd's watchdog: the loop pings at half its interval, however long the screen
    // stays the same (a fixed clock, quiet hours: nothing else wakes it for a day).
    std::optional<Steady> watchdogPing;
};

// The earliest reason. Always after `now` when every reason is: a reason that never
// comes (a fixed clock's Ms::max()) is "not within a day", not an overflow.
WakeReasons::Steady nextWake(const WakeReasons& w);

// The reasons the schedule alone gives at `now`: the rotation's next switch or
// transition frame, the conference clock's next minute or session boundary (none on a
// fixed clock; a few times a second while a page counting seconds is in view), the file
// watch every `intervals.watch` and a transition's frames every `intervals.frame`. The
// loop adds touch, scripts and --exit-after.
struct WakeIntervals {
    WakeReasons::Ms watch, frame;
};
WakeReasons scheduledWake(WakeReasons::Steady now, const Rotation& rotation, const KioskSession& session,
                          Instant clockNow, WakeIntervals intervals);

}  // namespace hallboard
