// Sleeping until the next SDL event or a deadline, on every video driver.
//
// SDL_WaitEventTimeout sleeps in the video driver only where the driver can wait (x11,
// wayland). Elsewhere, and so on kmsdrm (a Raspberry Pi without a desktop), dummy and
// offscreen, SDL 2.26 pumps and sleeps 1 ms in turn until the timeout: the thread woke
// about 900 times a second however long the kiosk had asked to sleep. There the waiter
// sleeps in poll(2) instead, on
//   - an eventfd that an SDL event watch writes when an event is pushed, from any thread
//     (photos decoded in the background, an input script's events), and
//   - its own descriptors of the input devices SDL reads (/dev/input/event*): each open
//     descriptor has its own queue, which it drains; SDL's own are left as they are,
// and pumps SDL's events when it wakes.
#pragma once

#include <atomic>
#include <string>
#include <vector>

#include <SDL.h>

#include "base/files.hpp"

namespace hallboard::platform {

class EventWaiter {
public:
    EventWaiter();
    ~EventWaiter();
    EventWaiter(const EventWaiter&) = delete;
    EventWaiter& operator=(const EventWaiter&) = delete;

    // SDL_WaitEventTimeout's contract: true with the next event in `e`, false when
    // `timeoutMs` passed without one.
    bool wait(SDL_Event& e, int timeoutMs);
    // True where SDL's own wait sleeps (x11, wayland).
    bool native() const { return native_; }
    // Also ends a wait (returning false, as a timeout) while `fd` is readable: a signal
    // handler's eventfd (process_signals.hpp); its owner drains it. Where SDL's own wait
    // sleeps it is not polled: the loop's own wakes, at least one a second, see to it.
    void interruptOn(int fd) { interruptFd_ = fd; }
    // The same for a second descriptor: the file watch's (kiosk/file_watch.hpp
    // DirectoryNotifier), which its owner drains when the loop polls it.
    void alsoInterruptOn(int fd) { watchFd_ = fd; }

private:
    static int onEvent(void* self, SDL_Event* e);
    void scanInputs();
    void closeInputs();

    bool native_ = false;
    FileDescriptor wakeFd_;
    int interruptFd_ = -1;
    int watchFd_ = -1;
    SDL_threadID owner_ = SDL_ThreadID();  // the thread that waits
    // The last event announced by another thread and not yet seen in the queue: when
    // (steady milliseconds; 0: none), its type and SDL's time stamp.
    std::atomic<long long> foreignAt_{0};
    std::atomic<Uint32> foreignType_{0}, foreignStamp_{0};
    std::vector<FileDescriptor> inputs_;
    long long inputsStamp_ = -1;  // /dev/input's change time when inputs_ was read
};

}  // namespace hallboard::platform
