// HDMI-CEC (#31.6): a TV on HDMI is put to standby when quiet hours switch the panel off,
// and woken (<Image View On>, then <Active Source>) when they end or an emergency takes
// over. Through the kernel's CEC framework (linux/cec.h, /dev/cecN: what a Raspberry Pi
// under vc4-kms-v3d exposes, and USB adapters such as Pulse-Eight's through their kernel
// drivers), not libcec: four ioctls do it, nothing more is linked, and the same path is
// tested here for real against the kernel's vivid test driver in the virtual Pi.
//
// display.cec: "auto" (the default) uses /dev/cec0 when it is there; "off"; or an
// absolute path, which must be a character device that answers as a CEC adapter. Nothing
// is sent unless blank quiet hours or an emergency ask for it. Failures (no TV answers,
// the adapter busy or gone) are logged once and never stop the kiosk; the status says the
// last outcome ("standby sent, acked", "standby: no TV answered").
#pragma once

#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <ostream>
#include <string>
#include <thread>

namespace hallboard::platform {

// The seam: the adapter's ioctls. The kernel's on a descriptor; the tests' a fake bus.
class CecAdapter {
public:
    virtual ~CecAdapter() = default;
    // ioctl(2) on the adapter: 0, or the errno value.
    virtual int control(unsigned long request, void* argument) = 0;
};

// Opens the adapter at `path` (O_RDWR, blocking: a transmit returns with its outcome): a
// character device that answers CEC_ADAP_G_CAPS and can transmit; else null and why not.
std::unique_ptr<CecAdapter> openCecAdapter(const std::string& path, std::string& why);

// What one request came to: whether the TV acknowledged it, and in words.
struct CecOutcome {
    bool acked = false;
    std::string text;
};

// Standby and wake on one adapter, in the calling thread (a transmit takes the bus's time,
// up to about a second with its retries).
class CecLink {
public:
    explicit CecLink(CecAdapter& adapter) : adapter_(adapter) {}
    CecOutcome standby();
    CecOutcome wake();

private:
    // The adapter's logical address, claimed as a playback device ("Hallboard") when it has
    // none; empty when ready, else why not.
    std::string ready();
    // Sends one message: empty when sent, else why not ("no TV answered", ...).
    std::string send(const void* message);
    CecAdapter& adapter_;
    std::uint8_t logical_ = 0xff;
    std::uint16_t physical_ = 0xffff;
};

// The kiosk's: requests go to a thread of their own, so the loop never waits on the bus.
class CecPanel {
public:
    CecPanel(std::unique_ptr<CecAdapter> adapter, std::string path);
    ~CecPanel();
    CecPanel(const CecPanel&) = delete;
    CecPanel& operator=(const CecPanel&) = delete;
    // The TV on (wake) or to standby; only a change from the last request is sent. The
    // first is sent whatever it is: a TV left in standby by a kiosk stopped in quiet
    // hours is woken when the next one starts after them.
    void set(bool on);
    // The last outcome for the status ("" before any).
    std::string state() const;
    // An outcome not yet logged (each different one once), for the loop's log.
    std::optional<std::string> toLog();
    const std::string& path() const { return path_; }

private:
    void work();
    std::unique_ptr<CecAdapter> adapter_;
    std::string path_;
    CecLink link_;
    mutable std::mutex mutex_;
    std::condition_variable wanted_;
    std::optional<bool> asked_, done_;  // the last request (on?), the last one carried out
    bool stop_ = false;
    std::string state_, logged_;
    std::thread worker_;
};

// Opens what display.cec names for the kiosk; null (and `log` told why, once) when it is
// off, absent under "auto", or refused.
std::unique_ptr<CecPanel> startCec(const std::string& setting, std::ostream& log);

}  // namespace hallboard::platform
