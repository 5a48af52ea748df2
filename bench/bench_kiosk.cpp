// Kiosk figures, in SDL's software renderer (what this machine has; a Pi's GPU path is
// faster): time to first frame, frame time during a transition at 1920x1080, CPU for a
// minute of rotation, resident memory.
//
// The minute is replayed frame by frame as the loop would wake: a clock tick every
// second (the worst case; the kiosk itself wakes once a minute for the clock) and 30
// frames a second during each page transition. CPU time is measured, not estimated.
#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <vector>

#include "kiosk/kiosk_session.hpp"
#include "measure.hpp"
#include "platform/kiosk_app.hpp"
#include "platform/kiosk_renderer.hpp"
#include "ui/kiosk_screen.hpp"

using namespace hallboard;
using Steady = std::chrono::steady_clock;
using Ms = std::chrono::milliseconds;

namespace {}  // namespace

int main(int argc, char** argv) {
    std::string config = argc > 1 ? argv[1] : std::string(HALLBOARD_SOURCE_DIR) + "/config/kiosk.json";
    std::printf("Hallboard kiosk benchmark (software renderer, 1920x1080, %s)\n", config.c_str());

    auto t0 = Steady::now();
    std::vector<Diagnostic> diags;
    auto session = KioskSession::load(config, "", diags);
    if (!session) {
        for (const auto& d : diags) std::cerr << format(d) << "\n";
        return 1;
    }
    session->clock = Clock::fixed(resolve(*parseTimestamp("2021-04-06T09:45"), session->program->conference.zone));
    platform::KioskRenderer kiosk(1920, 1080, std::cerr);
    kiosk.prepare(platform::makeView(*session, session->clock.now()));
    std::vector<Ms> durations;
    for (const auto& p : session->config.rotation) durations.push_back(p.duration);
    Rotation rotation(durations, session->config.transitionDuration);
    Instant now = session->clock.now();
    ui::KioskView view = platform::makeView(*session, now);
    ui::Canvas layout = kiosk.layoutCanvas();
    auto count = [&](std::size_t i) { return ui::screensFor(view, i, layout); };
    rotation.update(Steady::now(), count);
    kiosk.frame(view, rotation.frame(Steady::now()));
    double firstFrame = std::chrono::duration<double, std::milli>(Steady::now() - t0).count();
    std::printf("  first frame (load, fonts, draw)   %7.1f ms   (target < 300 ms)\n", firstFrame);

    // Transition frames: now & next fading into upcoming.
    std::vector<double> frameMs;
    for (int i = 0; i < 60; ++i) {
        Rotation::Frame f;
        f.previous = Rotation::Slot{0, 0};
        f.current = Rotation::Slot{1, 0};
        f.transition = (i % 20) / 20.0;
        auto s = Steady::now();
        kiosk.frame(view, f);
        frameMs.push_back(std::chrono::duration<double, std::milli>(Steady::now() - s).count());
    }
    std::sort(frameMs.begin(), frameMs.end());
    std::printf("  transition frame, 1920x1080       %7.1f ms median, %.1f ms p95   (target p95 < 16 ms on a GPU)\n",
                frameMs[frameMs.size() / 2], frameMs[frameMs.size() * 95 / 100]);

    // One minute of rotation, waking as the loop does (here on every 1-second tick, the
    // worst case, and at every rotation change), drawing only when the frame key changes.
    double cpu0 = bench::cpuSeconds();
    int frames = 0, wakes = 0;
    const Rotation::Steady start = Steady::now();
    const Rotation::Steady end = start + std::chrono::seconds{60};
    std::optional<platform::FrameKey> shown;
    for (Rotation::Steady wake = start; wake < end; ++wakes) {
        Instant t = now + std::chrono::duration_cast<Duration>(wake - start);
        view = platform::makeView(*session, t);
        rotation.update(wake, count);
        Rotation::Frame f = rotation.frame(wake);
        platform::FrameKey key = platform::frameKey(t, f, kiosk.size(), session->program.get());
        if (!shown || !(key == *shown)) {
            kiosk.frame(view, f);
            ++frames;
            shown = key;
        }
        auto nextTick =
            start + std::chrono::seconds{std::chrono::duration_cast<std::chrono::seconds>(wake - start).count() + 1};
        wake = std::min(nextTick, rotation.nextChange(wake, kiosk.transitionFrameInterval()));
    }
    double cpu = bench::cpuSeconds() - cpu0;
    std::printf("  one minute of rotation            %7.2f s CPU, %d wakes, %d frames drawn = %.2f%% of one core   "
                "(target < 1%%)\n",
                cpu, wakes, frames, cpu / 60.0 * 100.0);
    std::printf("  resident memory                   %7.1f MB   (target < 40 MB)\n", bench::residentMb());
    std::printf("  glyph atlas textures              %7.1f MB\n",
                static_cast<double>(kiosk.statistics().textTextureBytes) / 1048576.0);
    std::printf("  picture textures                  %7.1f MB\n",
                static_cast<double>(kiosk.images().textureBytes()) / 1048576.0);
    std::printf("  cached screens                    %7.1f MB\n",
                static_cast<double>(kiosk.statistics().layerBytes) / 1048576.0);

    // The text engine's caches: the now & next page drawn afresh 20 times (the minute
    // moves on each time, so the cached screen is not reused), with and without them.
    // With them, a string drawn before is neither shaped nor rasterised again.
    auto pageFrames = [&](bool caching, const char* what) {
        platform::TextEngine* engine = kiosk.textEngine();
        engine->setCaching(caching);
        auto before = engine->stats();
        std::vector<double> ms;
        for (int i = 0; i < 20; ++i) {
            Instant t = now + std::chrono::minutes{1000 + i};
            ui::KioskView v = platform::makeView(*session, t);
            Rotation::Frame f;
            f.current = Rotation::Slot{0, 0};
            auto s = Steady::now();
            kiosk.frame(v, f);
            ms.push_back(std::chrono::duration<double, std::milli>(Steady::now() - s).count());
        }
        std::sort(ms.begin(), ms.end());
        auto after = engine->stats();
        std::printf(
            "  now & next page drawn, %-10s %7.1f ms median, %.1f ms p95; %llu lines shaped, %llu glyphs rasterised\n",
            what, ms[ms.size() / 2], ms[ms.size() * 95 / 100], (after.shaped - before.shaped) / 20,
            (after.rasterised - before.rasterised) / 20);
        engine->setCaching(true);
    };
    pageFrames(true, "cached");
    pageFrames(false, "uncached");
    // The fade above in a window (SDL's dummy video driver, software renderer; last, as it
    // adds a window's screens to the memory): the kiosk blends the new page's cached
    // screen onto what the window shows, once a frame. (The dummy driver's present copies
    // nothing; X11's puts the window's pixels through shared memory.)
    {
        SDL_SetHint(SDL_HINT_VIDEODRIVER, "dummy");
        SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0");
        if (SDL_InitSubSystem(SDL_INIT_VIDEO) == 0) {
            platform::WindowPtr window(SDL_CreateWindow("bench", 0, 0, 1920, 1080, SDL_WINDOW_HIDDEN));
            platform::RendererPtr renderer(window ? SDL_CreateRenderer(window.get(), -1, SDL_RENDERER_SOFTWARE)
                                                  : nullptr);
            if (renderer) {
                platform::KioskRenderer windowed(window.get(), renderer.get(), std::cerr);
                windowed.prepare(platform::makeView(*session, session->clock.now()));
                std::vector<double> ms;
                for (int round = 0; round < 3; ++round) {
                    Rotation::Frame whole;
                    whole.current = Rotation::Slot{0, 0};
                    windowed.frame(view, whole);
                    windowed.present();
                    for (int i = 1; i <= 8; ++i) {  // 0.6 s at 12 frames a second
                        Rotation::Frame f;
                        f.previous = Rotation::Slot{0, 0};
                        f.current = Rotation::Slot{1, 0};
                        f.transition = i / 8.0;
                        auto s = Steady::now();
                        windowed.frame(view, f);
                        windowed.present();
                        if (i > 1) ms.push_back(std::chrono::duration<double, std::milli>(Steady::now() - s).count());
                    }
                }
                std::sort(ms.begin(), ms.end());
                std::printf("  fade frame in a window, 1920x1080 %7.1f ms median, %.1f ms p95 (blended onto the "
                            "screen: %llu)\n",
                            ms[ms.size() / 2], ms[ms.size() * 95 / 100], windowed.statistics().incrementalFadeFrames);
            }
        }
    }

    return 0;
}
