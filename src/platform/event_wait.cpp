// See event_wait.hpp.
#include "platform/event_wait.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <poll.h>
#include <sys/eventfd.h>
#include <sys/stat.h>
#include <unistd.h>

#include <chrono>
#include <cstdint>
#include <cstring>

namespace hallboard::platform {

namespace {

// Reads a non-blocking descriptor until it has nothing more: a level-triggered poll
// would otherwise wake at once again.
void drain(int fd) {
    char buffer[1024];
    while (::read(fd, buffer, sizeof buffer) > 0) {
    }
}

}  // namespace

EventWaiter::EventWaiter() {
    const char* driver = SDL_GetCurrentVideoDriver();
    std::string name = driver ? driver : "";
    native_ = name == "x11" || name == "wayland";
    if (native_) return;
    wakeFd_ = ::eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
    if (wakeFd_ < 0) {
        native_ = true;  // no eventfd: SDL's own wait, polling as it does
        return;
    }
    SDL_AddEventWatch(&EventWaiter::onEvent, this);
}

EventWaiter::~EventWaiter() {
    if (wakeFd_ >= 0) {
        SDL_DelEventWatch(&EventWaiter::onEvent, this);
        ::close(wakeFd_);
    }
    closeInputs();
}

int EventWaiter::onEvent(void* self, SDL_Event*) {
    // Any thread; the event is queued right after this returns.
    std::uint64_t one = 1;
    [[maybe_unused]] ssize_t written = ::write(static_cast<EventWaiter*>(self)->wakeFd_, &one, sizeof one);
    return 0;
}

void EventWaiter::closeInputs() {
    for (int fd : inputs_) ::close(fd);
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
        int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
        if (fd >= 0) inputs_.push_back(fd);  // a device SDL cannot read either is left out
    }
    ::closedir(dir);
}

bool EventWaiter::wait(SDL_Event& e, int timeoutMs) {
    if (native_) return SDL_WaitEventTimeout(&e, timeoutMs) == 1;
    using Clock = std::chrono::steady_clock;
    const auto deadline = Clock::now() + std::chrono::milliseconds{timeoutMs};
    for (;;) {
        drain(wakeFd_);    // what was pushed until now is in the queue, or comes with the pump
        SDL_PumpEvents();  // input devices, window events, SIGTERM as SDL_QUIT
        if (SDL_PeepEvents(&e, 1, SDL_GETEVENT, SDL_FIRSTEVENT, SDL_LASTEVENT) == 1) return true;
        auto left = std::chrono::ceil<std::chrono::milliseconds>(deadline - Clock::now()).count();
        if (left <= 0) return false;
        scanInputs();
        std::vector<pollfd> fds;
        fds.push_back({wakeFd_, POLLIN, 0});
        for (int fd : inputs_) fds.push_back({fd, POLLIN, 0});
        if (::poll(fds.data(), fds.size(), static_cast<int>(left)) <= 0) continue;  // the time, or a signal
        for (std::size_t i = 1; i < fds.size(); ++i) {
            if ((fds[i].revents & (POLLERR | POLLHUP | POLLNVAL)) != 0) inputsStamp_ = -1;  // gone: read the folder again
            else if ((fds[i].revents & POLLIN) != 0) drain(fds[i].fd);
        }
        // The watch runs on the pushing thread just before the event is queued: a
        // moment for it to arrive.
        if ((fds[0].revents & POLLIN) != 0) SDL_Delay(1);
    }
}

}  // namespace hallboard::platform
