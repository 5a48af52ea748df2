// The signals a kiosk under systemd meets, handled so that none of them ends it by
// surprise: SIGPIPE is ignored (a write to a closed pipe or socket, a log reader gone,
// fails with EPIPE instead of killing the process), and SIGHUP, whose default is to end
// the process, asks for the files to be read again (`systemctl reload`, `kill -HUP`).
// SIGTERM and SIGINT stay SDL's: they end the loop cleanly (SDL_QUIT).
#pragma once

#include "base/files.hpp"

namespace hallboard::platform {

// Installs the handlers for as long as it lives (one at a time); the old ones come back
// after. The handler only counts and writes to an eventfd (both async-signal-safe),
// which a sleeping loop polls (platform/event_wait.hpp).
class ProcessSignals {
public:
    ProcessSignals();
    ~ProcessSignals();
    ProcessSignals(const ProcessSignals&) = delete;
    ProcessSignals& operator=(const ProcessSignals&) = delete;

    // Readable once a SIGHUP came and until takeHangup(); -1 without an eventfd.
    int wakeFd() const { return fd_.get(); }
    // True once for each SIGHUP (or several that came together) since the last call.
    bool takeHangup();

private:
    FileDescriptor fd_;
};

}  // namespace hallboard::platform
