// See event_wait.hpp.
#include "platform/event_wait.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <poll.h>
#include <sys/eventfd.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdint>
#include <cstring>

namespace hallboard::platform {

namespace {

// Reads a non-blocking descriptor until it has nothing more: a level-triggered poll
// would otherwise wake at once again.
void drain(int fd) {
    char buffer[1024];
    while (::read(fd, buffer, sizeof buffer) > 0) {}
}

}  // namespace

EventWaiter::EventWaiter() {
    const char* driver = SDL_GetCurrentVideoDriver();
    std::string name = driver ? driver : "";
    native_ = name == "x11" || name == "wayland";
    if (native_) {
        wakeType_ = SDL_RegisterEvents(1);
        if (wakeType_ != static_cast<Uint32>(-1)) controlFd_ = FileDescriptor(::eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC));
        return;
    }
    wakeFd_ = FileDescriptor(::eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC));
    if (!wakeFd_) {
        native_ = true;  // no eventfd: SDL's own wait, polling as it does
        return;
    }
    SDL_AddEventWatch(&EventWaiter::onEvent, this);
}

EventWaiter::~EventWaiter() {
    if (wakeFd_) SDL_DelEventWatch(&EventWaiter::onEvent, this);
    if (watcher_.joinable()) {
        stop_ = true;
        std::uint64_t one = 1;
        [[maybe_unused]] ssize_t written = ::write(controlFd_.get(), &one, sizeof one);
        watcher_.join();
    }
}

void EventWaiter::rearm(bool changed) {
    if (!native_ || !controlFd_) return;
    if (!watcher_.joinable()) {
        if (interruptFd_ < 0 && watchFd_ < 0) return;
        armed_ = true;
        watcher_ = std::thread(&EventWaiter::watch, this);
        return;
    }
    bool wasArmed = armed_.exchange(true);
    if (changed || !wasArmed) {
        std::uint64_t one = 1;
        [[maybe_unused]] ssize_t written = ::write(controlFd_.get(), &one, sizeof one);
    }
}

void EventWaiter::watch() {
    // The watching thread: while armed, a readable descriptor pushes one event and
    // disarms it (the loop drains the descriptor, then waits and so re-arms it). A
    // descriptor poll calls invalid is left out until the descriptors change.
    bool invalid[2] = {false, false};
    for (;;) {
        bool armed = armed_.load();
        int watched[2] = {interruptFd_.load(), watchFd_.load()};
        pollfd fds[3] = {{controlFd_.get(), POLLIN, 0}, {-1, POLLIN, 0}, {-1, POLLIN, 0}};
        for (int i = 0; i < 2; ++i)
            if (armed && !invalid[i]) fds[i + 1].fd = watched[i];
        if (::poll(fds, 3, -1) < 0) {
            if (errno == EINTR) continue;
            return;
        }
        if ((fds[0].revents & POLLIN) != 0) {
            drain(controlFd_.get());
            if (stop_) return;
            invalid[0] = invalid[1] = false;
            continue;
        }
        bool readable = false;
        for (int i = 0; i < 2; ++i) {
            if ((fds[i + 1].revents & POLLNVAL) != 0)
                invalid[i] = true;
            else if (fds[i + 1].revents != 0)
                readable = true;
        }
        if (!readable) continue;
        armed_ = false;
        SDL_Event e{};
        e.type = wakeType_;
        SDL_PushEvent(&e);  // thread-safe; wakes SDL's wait in the video driver
    }
}

bool EventWaiter::waitNative(SDL_Event& e, int timeoutMs) {
    rearm(false);
    if (SDL_WaitEventTimeout(&e, timeoutMs) != 1) return false;
    // The watching thread's wake: a signal to handle, a file renamed into place.
    return wakeType_ == 0 || e.type != wakeType_;
}

int EventWaiter::onEvent(void* self, SDL_Event* e) {
    // Any thread; the event is queued right after this returns.
    auto* waiter = static_cast<EventWaiter*>(self);
    if (SDL_ThreadID() != waiter->owner_) {
        // From another thread (photos decoded in the background): remembered until it is
        // seen in the queue (by type and the time stamp SDL gave it before this call).
        waiter->foreignType_ = e->type;
        waiter->foreignStamp_ = e->common.timestamp;
        waiter->foreignAt_ = std::max<long long>(1, std::chrono::duration_cast<std::chrono::milliseconds>(
                                                        std::chrono::steady_clock::now().time_since_epoch())
                                                        .count());
    }
    std::uint64_t one = 1;
    [[maybe_unused]] ssize_t written = ::write(waiter->wakeFd_.get(), &one, sizeof one);
    return 0;
}

void EventWaiter::closeInputs() {
    inputs_.clear();
}

void EventWaiter::scanInputs() {
    // Input devices come and go (a touch screen plugged in): read the folder again when
    // it changed.
    struct stat st {};
    long long stamp = ::stat("/dev/input", &st) == 0
                          ? static_cast<long long>(st.st_mtim.tv_sec) * 1000000000LL + st.st_mtim.tv_nsec
                          : -2;
    if (stamp == inputsStamp_) return;
    inputsStamp_ = stamp;
    closeInputs();
    DIR* dir = ::opendir("/dev/input");
    if (!dir) return;
    while (const dirent* entry = ::readdir(dir)) {
        if (std::strncmp(entry->d_name, "event", 5) != 0) continue;
        std::string path = std::string("/dev/input/") + entry->d_name;
        FileDescriptor fd = openFile(path, O_RDONLY | O_NONBLOCK);
        if (fd) inputs_.push_back(std::move(fd));  // a device SDL cannot read either is left out
    }
    ::closedir(dir);
}

bool EventWaiter::wait(SDL_Event& e, int timeoutMs) {
    if (native_) return waitNative(e, timeoutMs);
    using Clock = std::chrono::steady_clock;
    const auto deadline = Clock::now() + std::chrono::milliseconds{timeoutMs};
    for (;;) {
        drain(wakeFd_.get());  // what was pushed until now is in the queue, or comes with the pump
        SDL_PumpEvents();      // input devices, window events, SIGTERM as SDL_QUIT
        if (SDL_PeepEvents(&e, 1, SDL_GETEVENT, SDL_FIRSTEVENT, SDL_LASTEVENT) == 1) {
            if (e.type == foreignType_.load() && e.common.timestamp == foreignStamp_.load()) foreignAt_ = 0;  // it came
            return true;
        }
        auto now = Clock::now();
        auto left = std::chrono::ceil<std::chrono::milliseconds>(deadline - now).count();
        if (left <= 0) return false;
        // The watch runs on the pushing thread just before the event is queued: an event
        // announced by another thread may take a moment to arrive (longer on a busy
        // machine, while that thread waits for a core). Until it comes the waiter looks
        // again every 2 ms, for at most kArrivalMs, rather than sleep to the deadline past it.
        constexpr long long kArrivalMs = 500;
        long long at = foreignAt_.load();
        long long since = std::chrono::duration_cast<std::chrono::milliseconds>(now.time_since_epoch()).count() - at;
        if (at != 0 && since < kArrivalMs) left = std::min<long long>(left, 2);
        scanInputs();
        std::vector<pollfd> fds;
        fds.push_back({wakeFd_.get(), POLLIN, 0});
        fds.push_back({interruptFd_, POLLIN, 0});  // -1: ignored by poll
        fds.push_back({watchFd_, POLLIN, 0});
        for (const FileDescriptor& fd : inputs_) fds.push_back({fd.get(), POLLIN, 0});
        if (::poll(fds.data(), fds.size(), static_cast<int>(left)) <= 0) continue;  // the time, or a signal
        // A signal to handle, a file renamed into place: back to the loop.
        if ((fds[1].revents & POLLIN) != 0 || (fds[2].revents & POLLIN) != 0) return false;
        for (std::size_t i = 3; i < fds.size(); ++i) {
            if ((fds[i].revents & (POLLERR | POLLHUP | POLLNVAL)) != 0)
                inputsStamp_ = -1;  // gone: read the folder again
            else if ((fds[i].revents & POLLIN) != 0)
                drain(fds[i].fd);
        }
    }
}

}  // namespace hallboard::platform
