// The kiosk loop's decisions alone: what a reload changes, when to wake. Each kills a
// mutant that once survived the suite. (What decides whether a wake draws needs the
// window's size: test_kiosk_frames.cpp.)
#include <catch2/catch.hpp>

#include "kiosk/kiosk_loop.hpp"
#include "support.hpp"

using namespace hallboard;
using namespace std::chrono_literals;

namespace {

using Steady = std::chrono::steady_clock::time_point;

KioskSession sessionWith(std::vector<int> seconds, const std::string& sessionStart = "2026-06-08T09:00") {
    KioskConfig config = KioskConfig::defaults();
    config.rotation.resize(seconds.size());
    for (std::size_t i = 0; i < seconds.size(); ++i) config.rotation[i].duration = std::chrono::seconds{seconds[i]};
    config.clock.mode = ClockMode::replay;
    config.clock.at = "2026-06-08T08:59:30";
    config.clock.speed = 1;
    auto load = test::load(test::programJson("Europe/Berlin", R"("rooms": [{"id": "r"}], "sessions": [{"title": "Talk",
        "start": ")" + sessionStart + R"(", "end": "2026-06-08T10:00", "room": "r"}])"));
    REQUIRE(load.ok());
    std::vector<Diagnostic> diags;
    auto s = KioskSession::assemble(config, std::move(*load.program), nullptr, diags);
    REQUIRE(s);
    return std::move(*s);
}

Rotation::SubpageCount one() {
    return [](std::size_t) { return 1; };
}

}  // namespace

TEST_CASE("a rejected reload keeps the last good session and the rotation as they were") {
    KioskSession current = sessionWith({10, 20});
    const Program* shown = current.program.get();
    Rotation rotation = Rotation::fromConfig(current.config);
    LiveReload::Outcome rejected;
    rejected.trigger = "program.json";
    rejected.rejected = "overrides.json";  // the file at fault (LiveReload names it)
    rejected.rejectedKind = "overrides file";
    ReloadApplied applied = applyReload(current, rotation, std::move(rejected));
    CHECK_FALSE(applied.swapped);
    CHECK(applied.log.find("rejected the overrides file overrides.json (the error is above; after a change to "
                           "program.json)") != std::string::npos);
    CHECK(applied.log.find("still showing the last good program") != std::string::npos);
    REQUIRE(current.program);
    CHECK(current.program.get() == shown);
    CHECK(current.program->sessions.size() == 1);
    CHECK(rotation.durations() == std::vector<Rotation::Ms>{10s, 20s});
}

TEST_CASE("a reload swaps the session in and new page times take effect at once") {
    KioskSession current = sessionWith({10, 20});
    Rotation rotation = Rotation::fromConfig(current.config);
    Steady t0{};
    rotation.update(t0, one());
    rotation.next(t0 + 1s, one());  // the visitor is on page 2
    Instant clockBefore = current.clock.now();

    LiveReload::Outcome loaded;
    loaded.trigger = "kiosk.json";
    loaded.session = sessionWith({10, 45});  // same pages, page 2 now 45 s
    ReloadApplied applied = applyReload(current, rotation, std::move(loaded));
    CHECK(applied.swapped);
    CHECK(applied.log.find("reloaded") != std::string::npos);
    CHECK(rotation.durations() == std::vector<Rotation::Ms>{10s, 45s});
    REQUIRE(rotation.frame(t0 + 2s).current);
    CHECK(rotation.frame(t0 + 2s).current->page == 1);           // the page in view stays
    CHECK(rotation.nextChange(t0 + 2s, 16ms) == t0 + 1s + 45s);  // with its new time
    // The replay clock kept running: same settings, same clock.
    CHECK(current.clock.now() - clockBefore < 5s);

    // Other pages: the rotation starts over.
    LiveReload::Outcome fewer;
    fewer.session = sessionWith({30});
    applyReload(current, rotation, std::move(fewer));
    CHECK(rotation.durations() == std::vector<Rotation::Ms>{30s});
    rotation.update(t0 + 3s, one());
    CHECK(rotation.frame(t0 + 3s).current->page == 0);
}

TEST_CASE("the loop wakes when the conference clock next shows another minute, never later") {
    KioskSession s = sessionWith({10}, "2026-06-08T09:10");
    // 09:00:30 in Berlin at real speed: the next minute is 30 s away.
    Clock realSpeed = Clock::replay(test::at(*s.program, "2026-06-08T09:00:30"), 1.0);
    CHECK(untilNextChange(realSpeed, *s.scheduler, realSpeed.now()) <= 30s);
    CHECK(untilNextChange(realSpeed, *s.scheduler, realSpeed.now()) >= 29s);
    // At 10x speed, a tenth of that.
    Clock fast = Clock::replay(test::at(*s.program, "2026-06-08T09:00:30"), 10.0);
    CHECK(untilNextChange(fast, *s.scheduler, fast.now()) <= 3s);
    // A session starting in 10 s is sooner than the minute.
    Clock beforeStart = Clock::replay(test::at(*s.program, "2026-06-08T09:09:50"), 1.0);
    CHECK(untilNextChange(beforeStart, *s.scheduler, beforeStart.now()) <= 10s);
}

TEST_CASE("the next wake is the earliest reason") {
    Steady now{};
    WakeReasons w;
    w.now = now;
    w.rotationChange = now + 8s;
    w.clockChange = 30s;
    w.watchInterval = 1s;
    CHECK(nextWake(w) == now + 1s);  // the files are looked at every second
    w.watchInterval = 60s;
    CHECK(nextWake(w) == now + 8s);
    w.moving = true;
    w.frameInterval = 16ms;
    CHECK(nextWake(w) == now + 16ms);
    w.moving = false;
    // Browsing with 35.2 s left: the countdown starts at 20.5 s (kIdleWarningSeconds).
    w.idleLeft = 35.2;
    CHECK(nextWake(w) == now + 8s);
    w.idleLeft = 22.0;
    CHECK(nextWake(w) == now + 1501ms);
    w.idleLeft = 12.25;  // counting: at the next whole second
    CHECK(nextWake(w) == now + 261ms);
    w.idleLeft = 0.5;  // fading out: frame by frame
    CHECK(nextWake(w) == now + 16ms);
    w.idleLeft.reset();
    w.exitAt = now + 2s;
    CHECK(nextWake(w) == now + 2s);
    w.scriptEvent = now + 100ms;
    CHECK(nextWake(w) == now + 100ms);
}

TEST_CASE("the watchdog's ping wakes a loop that has nothing else to do") {
    // A fixed clock, a rotation of one page, the files watched every minute: nothing
    // would wake the loop for an hour, and systemd's watchdog (WatchdogSec=) would stop
    // the kiosk as hung. The loop pings at half the interval: it must be awake then.
    Steady now = std::chrono::steady_clock::now();
    WakeReasons w;
    w.now = now;
    w.rotationChange = now + 1h;
    w.clockChange = std::chrono::milliseconds::max();
    w.watchInterval = 60s;
    CHECK(nextWake(w) == now + 60s);
    w.watchdogPing = now + 15s;
    CHECK(nextWake(w) == now + 15s);
    w.watchdogPing = now - 1s;  // overdue (a long frame): at once
    CHECK(nextWake(w) == now - 1s);
    w.watchdogPing = now + 2h;  // later than the rest: the rest decides
    CHECK(nextWake(w) == now + 60s);
}

TEST_CASE("a fixed clock's 'never' is no reason to wake, not a wake in the past") {
    // untilNextChange on a fixed clock is Ms::max(); added to the steady clock's
    // nanoseconds it once wrapped to 1 ms before now, and the loop woke ~890 times a second.
    Steady now = std::chrono::steady_clock::now();
    WakeReasons w;
    w.now = now;
    w.rotationChange = now + 1h;
    w.clockChange = Clock::fixed(Instant{}).realTimeFor(Duration{60});
    REQUIRE(w.clockChange == std::chrono::milliseconds::max());
    w.watchInterval = 1s;
    CHECK(nextWake(w) == now + 1s);
    w.watchInterval = std::chrono::milliseconds::max();
    CHECK(nextWake(w) == now + 1h);
    w.rotationChange = now + 48h;
    CHECK(nextWake(w) == now + 24h);  // at most a day: nothing overflows
}

namespace {

struct Wakes {
    double perMinute = 0;
    double framesPerMinute = 0;  // wakes whose picture differs: page, screen, transition or minute
};

// The loop's schedule over `minutes` of simulated time: wakes where nextWake says, with
// the real rotation, clock and scheduler, and counts the wakes. A wake that is not after
// the one before is a busy loop: it fails at once instead of spinning.
Wakes simulate(KioskSession& s, int minutes, std::chrono::milliseconds watch, int screens, Steady start) {
    Rotation rotation = Rotation::fromConfig(s.config);
    const Instant systemStart = test::at(*s.program, "2026-06-08T08:59:30");
    auto count = [screens](std::size_t) { return screens; };
    long wakes = 0, frames = 0;
    std::optional<std::pair<Instant, std::string>> shown;
    for (Steady t = start; t < start + std::chrono::minutes{minutes};) {
        rotation.update(t, count);
        Instant now = s.clock.nowAt(systemStart + std::chrono::duration_cast<Duration>(t - start), t);
        Rotation::Frame f = rotation.frame(t);
        auto minute = std::chrono::floor<std::chrono::minutes>(now);
        std::string picture = std::to_string(f.current ? f.current->page : 99) + "/" +
                              std::to_string(f.current ? f.current->subpage : 0) + "/" + std::to_string(f.transition);
        if (!shown || shown->first != minute || shown->second != picture) {
            ++frames;
            shown.emplace(minute, picture);
        }
        Steady next = nextWake(scheduledWake(t, rotation, s, now, {watch, 16ms}));
        ++wakes;
        REQUIRE(next > t);
        REQUIRE(wakes < 100000);
        t = next;
    }
    return {static_cast<double>(wakes) / minutes, static_cast<double>(frames) / minutes};
}

}  // namespace

TEST_CASE("every clock mode sleeps until the next change: wakes a minute for each page") {
    const Steady start = std::chrono::steady_clock::now();
    struct Mode {
        const char* name;
        double changesPerMinute;  // how often the conference clock shows another minute
    };
    for (Mode mode : {Mode{"system", 1}, Mode{"fixed", 0}, Mode{"replay 10x", 10}}) {
        for (PageKind page : {PageKind::nowNext, PageKind::upcoming, PageKind::awards, PageKind::speakers,
                              PageKind::rooms, PageKind::countdown, PageKind::closing}) {
            KioskSession s = sessionWith({15});
            s.config.rotation[0].kind = page;
            s.config.transition = TransitionKind::none;
            const Instant at = test::at(*s.program, "2026-06-08T08:59:30");
            std::string name = mode.name;
            s.clock = name == "system"  ? Clock::system()
                      : name == "fixed" ? Clock::fixed(at)
                                        : Clock::replay(at, 10.0, start);
            INFO(mode.name << " clock, page " << toString(page));
            // Two screens of 15 s: the page turns 4 times a minute. Files unwatched, the
            // wakes are those turns and the clock's minutes (a session boundary here is
            // on a minute), never more.
            Wakes quiet = simulate(s, 10, 1h, 2, start);
            CHECK(quiet.perMinute >= mode.changesPerMinute);
            CHECK(quiet.perMinute <= 4 + mode.changesPerMinute + 0.2);
            CHECK(quiet.framesPerMinute >= 4);
            // The files looked at every second: once a second more, at most.
            Wakes watched = simulate(s, 10, 1s, 2, start);
            CHECK(watched.perMinute >= 60);
            CHECK(watched.perMinute <= 60 + 4 + mode.changesPerMinute + 0.2);
            CHECK(watched.framesPerMinute == quiet.framesPerMinute);
        }
    }
    // A fade of 600 ms drawn every 16 ms: 38 frames a switch, then sleep again.
    KioskSession s = sessionWith({15});
    s.clock = Clock::fixed(test::at(*s.program, "2026-06-08T08:59:30"));
    Wakes fading = simulate(s, 10, 1h, 2, start);
    CHECK(fading.perMinute <= 4 * (1 + 600 / 16 + 1));
    CHECK(fading.perMinute >= 4 * (600 / 16));
}

TEST_CASE("the idle warning is said once a visit, as it appears, and again only after it was answered") {
    IdleWarningVoice voice;
    CHECK_FALSE(voice.update(false, 5));    // not browsing: nothing to warn about
    CHECK_FALSE(voice.update(true, 45));    // browsing, the warning not yet shown
    CHECK(voice.update(true, 19.6) == 20);  // it appears: said, with its whole seconds
    CHECK_FALSE(voice.update(true, 18.9));  // once
    CHECK_FALSE(voice.update(true, 3));
    CHECK_FALSE(voice.update(true, 60));  // a touch: the visit goes on, the warning gone
    CHECK(voice.update(true, 20) == 20);  // it comes back: said again
    CHECK_FALSE(voice.update(false, 0));  // the rotation returned
    CHECK(voice.update(true, 0.2) == 1);  // a short visit (idle under 20 s): at once
    CHECK(voice.update(false, 1) == std::nullopt);
    CHECK(voice.update(true, -1) == 0);  // never a negative count
}

TEST_CASE("a room timer in view is drawn every second, and no second is skipped") {
    // A rotation of a timer and a now & next page, 30 s each, the system clock: while the
    // timer is in view (or fading) each wake's picture is its second; the loop wakes often
    // enough that consecutive pictures are consecutive seconds, and on now & next it goes
    // back to waking for minutes.
    const Steady start = std::chrono::steady_clock::now();
    KioskSession s = sessionWith({30, 30});
    s.config.rotation[0].kind = PageKind::timer;
    s.config.rotation[0].rooms = {"r"};
    s.config.transition = TransitionKind::none;
    s.clock = Clock::system();
    Rotation rotation = Rotation::fromConfig(s.config);
    const Instant systemStart = test::at(*s.program, "2026-06-08T08:59:30");
    long timerWakes = 0, otherWakes = 0, skipped = 0, timerPictures = 0;
    long long lastTick = -1;  // none
    for (Steady t = start; t < start + std::chrono::minutes{4};) {
        rotation.update(t, one());
        // A system clock read at an odd moment inside its second.
        Instant now = systemStart + std::chrono::duration_cast<Duration>(t - start + 370ms);
        Rotation::Frame f = rotation.frame(t);
        bool seconds = showsSeconds(s.config, f);
        if (seconds) {
            ++timerWakes;
            long long tick = shownTick(now, true);
            if (lastTick >= 0 && tick != lastTick) {
                ++timerPictures;
                if (tick != lastTick + 1) ++skipped;
            }
            lastTick = tick;
        } else {
            ++otherWakes;
            lastTick = -1;
        }
        Steady next = nextWake(scheduledWake(t, rotation, s, now, {1h, 16ms}));
        REQUIRE(next > t);
        t = next;
    }
    CHECK(skipped == 0);
    CHECK(timerPictures >= 4 * 29);  // two minutes of timer: every second but each visit's first
    CHECK(timerWakes <= 2 * 60 * 4 + 8);
    CHECK(otherWakes <= 2 * 4 + 8);  // now & next: its page turns and minutes only
    CHECK(shownTick(systemStart, false) == shownTick(systemStart + 29s, false));
    CHECK(shownTick(systemStart, true) + 29 == shownTick(systemStart + 29s, true));
}
