// The kiosk's sleep (platform/event_wait.hpp). On a video driver whose SDL wait polls
// every millisecond (dummy here, kmsdrm on a Pi) it sleeps in poll(2) until an event or
// the deadline, and an event pushed from another thread wakes it long before that.
#include <catch2/catch.hpp>

#include <sys/resource.h>

#include <chrono>
#include <thread>

#include "platform/event_wait.hpp"

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
        while (SDL_PollEvent(&e) == 1) {
        }
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
