// systemd's side of a kiosk (packaging/hallboard.service: Type=notify, WatchdogSec=):
// readiness once the first frame is on the screen, and the watchdog's ping from the
// loop while it runs, through libsystemd's sd_notify. Without $NOTIFY_SOCKET (a kiosk
// started by hand, the tests) every call does nothing.
#pragma once

#include <chrono>
#include <optional>
#include <string>

namespace hallboard::platform {

class ServiceNotifier {
public:
    using Steady = std::chrono::steady_clock::time_point;

    // Reads the watchdog's interval ($WATCHDOG_USEC, for this process: $WATCHDOG_PID).
    ServiceNotifier();
    // How often the loop must ping: half the watchdog's interval (systemd's advice);
    // empty without a watchdog.
    std::optional<std::chrono::milliseconds> pingInterval() const { return pingInterval_; }
    bool readySent() const { return ready_; }

    // After each frame presented and on each wake of a loop that has presented one:
    // READY=1 the first time (with STATUS=`status`), then WATCHDOG=1 when a ping is due.
    void alive(Steady now, const std::string& status);
    // WATCHDOG=1 now, due or not (once ready, with a watchdog): before a step that may
    // take a while, such as changing the way to the screen, so it has the whole interval.
    void pingNow(Steady now);
    // When the loop must be awake for the next ping; empty before readiness or without
    // a watchdog.
    std::optional<Steady> nextPing() const;
    // A status line for `systemctl status` (sent when it changes).
    void status(const std::string& text);

private:
    std::optional<std::chrono::milliseconds> pingInterval_;
    bool ready_ = false;
    Steady lastPing_{};
    std::string status_;
};

}  // namespace hallboard::platform
