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
//
// Where SDL's own wait sleeps (x11, wayland) it cannot watch a descriptor: an emergency
// renamed into place waited for the loop's next wake (the settled reload, about 2 s). There
// a thread of the waiter's sleeps in poll(2) on the signal's and the file watch's
// descriptors and pushes an SDL event when one is readable (SDL_PushEvent is thread-safe
// and wakes SDL's wait); it pushes once, then waits until the loop asks again.
#pragma once

#include <atomic>
#include <string>
#include <thread>
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
    void interruptOn(int fd) {
        interruptFd_ = fd;
        rearm(true);
    }
    // The same for a second descriptor: the file watch's (kiosk/file_watch.hpp
    // DirectoryNotifier), which its owner drains when the loop polls it.
    void alsoInterruptOn(int fd) {
        watchFd_ = fd;
        rearm(true);
    }

private:
    static int onEvent(void* self, SDL_Event* e);
    void scanInputs();
    void closeInputs();
    bool waitNative(SDL_Event& e, int timeoutMs);
    // The watching thread (native only): started with the first descriptor to watch;
    // `changed`: the descriptors changed, it polls the new ones.
    void rearm(bool changed);
    void watch();

    bool native_ = false;
    FileDescriptor wakeFd_;
    std::atomic<int> interruptFd_{-1};
    std::atomic<int> watchFd_{-1};
    // Native: the watching thread, its control eventfd (re-armed or stopped), whether it
    // may push (again), and the event type it pushes.
    std::thread watcher_;
    FileDescriptor controlFd_;
    std::atomic<bool> armed_{false}, stop_{false};
    Uint32 wakeType_ = 0;
    SDL_threadID owner_ = SDL_ThreadID();  // the thread that waits
    // The last event announced by another thread and not yet seen in the queue: when
    // (steady milliseconds; 0: none), its type and SDL's time stamp.
    std::atomic<long long> foreignAt_{0};
    std::atomic<Uint32> foreignType_{0}, foreignStamp_{0};
    std::vector<FileDescriptor> inputs_;
    long long inputsStamp_ = -1;  // /dev/input's change time when inputs_ was read
};

}  // namespace hallboard::platform
