// The kiosk's sleep (platform/event_wait.hpp). On a video driver whose SDL wait polls
// every millisecond (dummy here, kmsdrm on a Pi) it sleeps in poll(2) until an event or
// the deadline, and an event pushed from another thread wakes it long before that; so
// does a SIGHUP (platform/process_signals.hpp), which asks for the files to be read.
#include <catch2/catch.hpp>

#include <signal.h>
#include <sys/resource.h>
#include <unistd.h>

#include <chrono>
#include <thread>

#include "platform/event_wait.hpp"
#include "platform/process_signals.hpp"

using namespace hallboard::platform;
using namespace std::chrono_literals;

namespace {

using Steady = std::chrono::steady_clock;

// How often this thread has gone to sleep and been woken.
long threadWakeups() {
    rusage usage{};
    REQUIRE(getrusage(RUSAGE_THREAD, &usage) == 0);
    return usage.ru_nvcsw;
}

}  // namespace

TEST_CASE("the kiosk sleeps until an event or its deadline, and an event from another thread wakes it") {
    SDL_SetHint(SDL_HINT_VIDEODRIVER, "dummy");
    REQUIRE(SDL_InitSubSystem(SDL_INIT_VIDEO) == 0);
    {
        EventWaiter waiter;
        CHECK_FALSE(waiter.native());  // SDL_WaitEventTimeout would poll every 1 ms here
        SDL_Event e;
        while (SDL_PollEvent(&e) == 1) {}
        // Nothing comes: back at the deadline, having slept. SDL's own wait woke about
        // 300 times in these 300 ms.
        auto start = Steady::now();
        long before = threadWakeups();
        CHECK_FALSE(waiter.wait(e, 300));
        CHECK(Steady::now() - start >= 299ms);
        CHECK(threadWakeups() - before <= 5);

        // Photos decoded on another thread push an event: it ends the sleep, not the
        // deadline 30 s away.
        const Uint32 type = SDL_RegisterEvents(1);
        REQUIRE(type != static_cast<Uint32>(-1));
        std::thread pusher([type] {
            std::this_thread::sleep_for(100ms);
            SDL_Event pushed{};
            pushed.type = type;
            SDL_PushEvent(&pushed);
        });
        start = Steady::now();
        bool got = waiter.wait(e, 30000);
        auto took = Steady::now() - start;
        pusher.join();
        REQUIRE(got);
        CHECK(e.type == type);
        CHECK(took >= 90ms);
        CHECK(took < 10s);

        // The pushing thread held up between announcing the event and queueing it (a busy
        // machine: it waits for a core): a later watch that sleeps 80 ms stands for that.
        // The waiter keeps looking and gets the event then, not at its deadline 30 s on.
        auto slow = [](void*, SDL_Event*) -> int {
            std::this_thread::sleep_for(80ms);
            return 0;
        };
        SDL_AddEventWatch(slow, nullptr);
        std::thread late([type] {
            std::this_thread::sleep_for(50ms);
            SDL_Event pushed{};
            pushed.type = type;
            SDL_PushEvent(&pushed);
        });
        start = Steady::now();
        before = threadWakeups();
        got = waiter.wait(e, 30000);
        took = Steady::now() - start;
        late.join();
        SDL_DelEventWatch(slow, nullptr);
        REQUIRE(got);
        CHECK(e.type == type);
        CHECK(took >= 120ms);
        CHECK(took < 5s);
        // Once it came, no more looking: the next wait sleeps to its deadline.
        start = Steady::now();
        before = threadWakeups();
        CHECK_FALSE(waiter.wait(e, 300));
        CHECK(threadWakeups() - before <= 5);

        // An event already queued (an input script pushes before the loop sleeps) is
        // returned at once.
        SDL_Event queued{};
        queued.type = type;
        REQUIRE(SDL_PushEvent(&queued) == 1);
        start = Steady::now();
        REQUIRE(waiter.wait(e, 30000));
        CHECK(e.type == type);
        CHECK(Steady::now() - start < 10s);
    }
    SDL_QuitSubSystem(SDL_INIT_VIDEO);
}

TEST_CASE("SIGHUP wakes the sleeping kiosk and is counted, SIGPIPE is ignored, and the old handlers come back") {
    SDL_SetHint(SDL_HINT_VIDEODRIVER, "dummy");
    REQUIRE(SDL_InitSubSystem(SDL_INIT_VIDEO) == 0);
    struct sigaction before {};
    REQUIRE(::sigaction(SIGHUP, nullptr, &before) == 0);
    {
        ProcessSignals signals;
        REQUIRE(signals.wakeFd() >= 0);
        EventWaiter waiter;
        waiter.interruptOn(signals.wakeFd());
        SDL_Event e;
        while (SDL_PollEvent(&e) == 1) {}
        CHECK_FALSE(signals.takeHangup());
        // Both would end the process by their default action.
        REQUIRE(::raise(SIGPIPE) == 0);
        REQUIRE(::raise(SIGHUP) == 0);
        CHECK(signals.takeHangup());
        CHECK_FALSE(signals.takeHangup());  // once
        // A SIGHUP from another thread while the loop sleeps ends the sleep at once,
        // not at its deadline (or the next wake, a second on).
        std::thread sender([] {
            std::this_thread::sleep_for(100ms);
            ::kill(::getpid(), SIGHUP);
        });
        auto start = Steady::now();
        bool got = waiter.wait(e, 30000);
        auto took = Steady::now() - start;
        sender.join();
        CHECK_FALSE(got);  // no SDL event: back to the loop to handle the signal
        CHECK(took >= 90ms);
        CHECK(took < 5s);
        CHECK(signals.takeHangup());
        // Taken: the next wait sleeps to its deadline again.
        start = Steady::now();
        CHECK_FALSE(waiter.wait(e, 200));
        CHECK(Steady::now() - start >= 199ms);
    }
    struct sigaction after {};
    REQUIRE(::sigaction(SIGHUP, nullptr, &after) == 0);
    CHECK(after.sa_handler == before.sa_handler);
    SDL_QuitSubSystem(SDL_INIT_VIDEO);
}
