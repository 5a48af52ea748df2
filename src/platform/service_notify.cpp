// See service_notify.hpp.
#include "platform/service_notify.hpp"

#include <systemd/sd-daemon.h>

namespace hallboard::platform {

namespace {
// A wake a little before the ping's time still pings: the loop's sleep is rounded to
// milliseconds and may end early.
constexpr std::chrono::milliseconds kSlack{20};
}  // namespace

ServiceNotifier::ServiceNotifier() {
    uint64_t usec = 0;
    if (sd_watchdog_enabled(0, &usec) > 0 && usec > 0)
        pingInterval_ = std::chrono::milliseconds{std::max<uint64_t>(usec / 2000, 1)};
}

void ServiceNotifier::alive(Steady now, const std::string& status) {
    if (!ready_) {
        ready_ = true;
        status_ = status;
        lastPing_ = now;
        std::string message = "READY=1\nSTATUS=" + status;
        if (pingInterval_) message += "\nWATCHDOG=1";
        sd_notify(0, message.c_str());
        return;
    }
    if (pingInterval_ && now + kSlack >= lastPing_ + *pingInterval_) {
        lastPing_ = now;
        sd_notify(0, "WATCHDOG=1");
    }
}

void ServiceNotifier::pingNow(Steady now) {
    if (!ready_ || !pingInterval_) return;
    lastPing_ = now;
    sd_notify(0, "WATCHDOG=1");
}

std::optional<ServiceNotifier::Steady> ServiceNotifier::nextPing() const {
    if (!ready_ || !pingInterval_) return std::nullopt;
    return lastPing_ + *pingInterval_;
}

void ServiceNotifier::status(const std::string& text) {
    if (!ready_ || text == status_) return;
    status_ = text;
    sd_notify(0, ("STATUS=" + text).c_str());
}

}  // namespace hallboard::platform
