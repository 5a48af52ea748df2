// See kiosk_loop.hpp.
#include "kiosk/kiosk_loop.hpp"

#include <algorithm>
#include <cmath>

namespace hallboard {

ReloadApplied applyReload(KioskSession& current, Rotation& rotation, LiveReload::Outcome&& outcome) {
    ReloadApplied applied;
    if (!outcome.session) {
        applied.log = LiveReload::rejectionLine(outcome);  // names the file at fault, not just the trigger
        return applied;
    }
    KioskSession& next = *outcome.session;
    carryClock(current, next);
    Rotation timing = Rotation::fromConfig(next.config);
    if (timing.pages() != rotation.pages() || timing.limits() != rotation.limits() ||
        timing.transition() != rotation.transition())
        rotation.setPlan(timing.pages(), timing.limits(), timing.transition());
    current = std::move(next);
    applied.swapped = true;
    applied.log =
        "hallboard: reloaded " + current.config.program + ": " + std::to_string(current.program->sessions.size()) +
        " sessions, " + std::to_string(current.program->talks.size()) + " talks (" +
        (outcome.requestedBy.empty() ? "after a change to " + outcome.trigger : "asked by " + outcome.requestedBy) +
        ")";
    return applied;
}

bool applyEmergency(KioskSession& current, const LiveReload::EmergencyRead& read,
                    std::vector<Diagnostic>& diagnostics) {
    diagnostics.insert(diagnostics.end(), read.diagnostics.begin(), read.diagnostics.end());
    std::optional<Emergency> next;
    if (read.entry && current.program)
        next = resolveEmergency(*read.entry, current.program->conference.zone, read.file, diagnostics);
    if (next == current.emergency) return false;
    current.emergency = std::move(next);
    return true;
}

std::vector<std::string> EmergencyNotes::fresh(std::vector<std::string> lines) {
    if (lines == said_) return {};
    said_ = lines;
    return lines;
}

std::vector<Diagnostic> EmergencyNotes::fromReload(std::vector<Diagnostic>& diagnostics, const std::string& overrides) {
    auto own = [&](const Diagnostic& d) {
        return !overrides.empty() && d.file == overrides && d.where.rfind("/emergency", 0) == 0;
    };
    auto split =
        std::stable_partition(diagnostics.begin(), diagnostics.end(), [&](const Diagnostic& d) { return !own(d); });
    std::vector<Diagnostic> taken(std::make_move_iterator(split), std::make_move_iterator(diagnostics.end()));
    diagnostics.erase(split, diagnostics.end());
    return taken;
}

std::chrono::milliseconds untilNextChange(const Clock& clock, const Scheduler& scheduler, Instant now,
                                          const std::vector<Announcement>& announcements,
                                          const std::optional<Emergency>& emergency) {
    long long intoMinute = now.time_since_epoch().count() % 60;
    if (intoMinute < 0) intoMinute += 60;
    std::chrono::milliseconds wait = clock.realTimeFor(Duration{60 - intoMinute});
    if (auto change = scheduler.nextChange(now)) wait = std::min(wait, clock.realTimeFor(*change - now));
    if (auto change = nextAnnouncementChange(announcements, now))
        wait = std::min(wait, clock.realTimeFor(*change - now));
    if (auto change = nextEmergencyChange(emergency, now)) wait = std::min(wait, clock.realTimeFor(*change - now));
    return wait;
}

int emergencyTurnAt(double seconds, int turns) {
    if (turns <= 1 || !(seconds > 0)) return 0;
    return static_cast<int>(std::fmod(std::floor(seconds / kEmergencyTurnSeconds), static_cast<double>(turns)));
}

namespace {

// `now + d`, at most a day ahead. A fixed clock never changes and says so with Ms::max();
// added to the steady clock's nanoseconds unchecked, that overflowed and wrapped to 1 ms
// before now, and the loop woke every millisecond (about 890 times a second).
WakeReasons::Steady after(WakeReasons::Steady now, WakeReasons::Ms d) {
    return now + std::clamp<WakeReasons::Ms>(d, WakeReasons::Ms{0}, std::chrono::hours{24});
}

}  // namespace

WakeReasons::Steady nextWake(const WakeReasons& w) {
    using Ms = WakeReasons::Ms;
    auto wake = std::min({w.rotationChange, after(w.now, w.clockChange), after(w.now, w.watchInterval)});
    if (w.moving) wake = std::min(wake, after(w.now, w.frameInterval));
    if (w.idleLeft) {
        // The idle notice counts down each second over its last kIdleWarningSeconds; the
        // return is on time.
        double left = *w.idleLeft;
        double in =
            left > kIdleWarningSeconds + 0.5 ? left - (kIdleWarningSeconds + 0.5) : left - std::floor(left) + 0.01;
        wake = std::min(wake, after(w.now, Ms{static_cast<long long>(std::max(in, 0.0) * 1000) + 1}));
        if (left <= w.fadeOutSeconds + 0.05) wake = std::min(wake, after(w.now, w.frameInterval));
    }
    for (const auto& at : {w.scriptEvent, w.exitAt, w.hideCursorAt, w.watchdogPing, w.emergencyTurn})
        if (at) wake = std::min(wake, *at);
    return wake;
}

WakeReasons scheduledWake(WakeReasons::Steady now, const Rotation& rotation, const KioskSession& session,
                          Instant clockNow, WakeIntervals intervals) {
    const WakeReasons::Ms watchInterval = intervals.watch, frameInterval = intervals.frame;
    WakeReasons w;
    w.now = now;
    w.rotationChange = rotation.nextChange(now, frameInterval);
    w.clockChange =
        untilNextChange(session.clock, *session.scheduler, clockNow, session.announcements, session.emergency);
    // Seconds on screen: the clock is read four times a second (a wake that finds the same
    // second draws nothing), so the figures never lag by more than a quarter of a second.
    if (showsSeconds(session.config, rotation.frame(now)) && session.clock.mode() != Clock::Mode::fixed)
        w.clockChange = std::min(w.clockChange, std::max(session.clock.realTimeFor(Duration{1}) / 4, frameInterval));
    w.watchInterval = watchInterval;
    w.frameInterval = frameInterval;
    return w;
}

bool showsSeconds(const KioskConfig& config, const Rotation::Frame& frame) {
    auto counts = [&](const std::optional<Rotation::Slot>& slot) {
        return slot && slot->page < config.rotation.size() && config.rotation[slot->page].kind == PageKind::timer;
    };
    return counts(frame.current) || (frame.previous && counts(frame.previous));
}

long long shownTick(Instant now, bool seconds) {
    if (seconds) return now.time_since_epoch().count();
    return std::chrono::floor<std::chrono::minutes>(now).time_since_epoch().count();
}

std::optional<int> IdleWarningVoice::update(bool browsing, double idleLeft) {
    if (!browsing || idleLeft > kIdleWarningSeconds) {
        said_ = false;
        return std::nullopt;
    }
    if (said_) return std::nullopt;
    said_ = true;
    return static_cast<int>(std::ceil(std::max(idleLeft, 0.0)));
}

}  // namespace hallboard
