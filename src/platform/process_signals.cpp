// See process_signals.hpp. A signal handler can only reach state with static storage:
// the flag and the wake descriptor below are the process's one such place, set up and
// torn down by ProcessSignals.
#include "platform/process_signals.hpp"

#include <signal.h>
#include <sys/eventfd.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstdint>

namespace hallboard::platform {

namespace {

std::atomic<int> hangups{0};
std::atomic<int> signalFd{-1};
struct sigaction oldHup {
}, oldPipe{};
static_assert(std::atomic<int>::is_always_lock_free, "used from a signal handler");

extern "C" void onHangup(int) {
    int saved = errno;
    hangups.fetch_add(1);
    int fd = signalFd.load();
    if (fd >= 0) {
        std::uint64_t one = 1;
        [[maybe_unused]] ssize_t n = ::write(fd, &one, sizeof one);
    }
    errno = saved;
}

}  // namespace

ProcessSignals::ProcessSignals() {
    fd_ = FileDescriptor(::eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC));
    signalFd = fd_.get();
    struct sigaction ignore {};
    ignore.sa_handler = SIG_IGN;
    sigemptyset(&ignore.sa_mask);
    ::sigaction(SIGPIPE, &ignore, &oldPipe);
    struct sigaction hup {};
    hup.sa_handler = &onHangup;
    sigemptyset(&hup.sa_mask);
    hup.sa_flags = SA_RESTART;
    ::sigaction(SIGHUP, &hup, &oldHup);
}

ProcessSignals::~ProcessSignals() {
    ::sigaction(SIGHUP, &oldHup, nullptr);
    ::sigaction(SIGPIPE, &oldPipe, nullptr);
    signalFd = -1;
}

bool ProcessSignals::takeHangup() {
    if (fd_) {
        std::uint64_t count = 0;
        [[maybe_unused]] ssize_t n = ::read(fd_.get(), &count, sizeof count);
    }
    return hangups.exchange(0) > 0;
}

}  // namespace hallboard::platform
