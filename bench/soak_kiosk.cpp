// Soak: three conference days replayed headless, fast. Every step advances the
// conference by a minute and the rotation by a page (far more drawing than a real
// kiosk does), and every six conference hours the program is loaded again as a live
// update would. Reports resident memory after warming up and at the end: it must stay
// flat over days of running.
//   hallboard_soak [DAYS] [PROGRAM.json]   (with a program: its whole span, reloaded as above)
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <iostream>
#include <string>

#include "kiosk/kiosk_session.hpp"
#include "measure.hpp"
#include "platform/kiosk_app.hpp"
#include "platform/kiosk_renderer.hpp"
#include "synthetic_program.hpp"
#include "ui/kiosk_screen.hpp"

using namespace hallboard;
using Steady = std::chrono::steady_clock;

namespace {

std::string programFile;  // set: soak on this program instead of the synthetic one

// A fresh session, as a reload would produce: the given program file, or a synthetic
// program of 10 rooms.
KioskSession makeSession(int days) {
    if (!programFile.empty()) {
        KioskSession s;
        s.config = KioskConfig::defaults();
        s.program = std::make_unique<Program>(loadProgramFile(programFile).program.value());
        s.scheduler = std::make_unique<Scheduler>(*s.program);
        return s;
    }
    bench::SyntheticSpec spec;
    spec.rooms = 10;
    spec.days = days;
    spec.talks = 10 * days * 8 * 5;  // eight sessions of five talks a room a day
    KioskSession s;
    s.config = KioskConfig::defaults();
    s.program = std::make_unique<Program>(
        parseProgram(serializeProgram(bench::syntheticProgram(spec)), "soak.json").program.value());
    s.program->awards.push_back({"best", "Best Paper Award", 3, "", std::nullopt});
    s.program->people.push_back({"speaker", "Ana Gonçalves", "Universidade", "A bio. " + std::string(400, 'x'), ""});
    s.program->talks[5].speakers.push_back(static_cast<Index>(s.program->people.size() - 1));
    s.scheduler = std::make_unique<Scheduler>(*s.program);
    return s;
}

}  // namespace

int main(int argc, char** argv) {
    int days = argc > 1 ? std::max(1, std::atoi(argv[1])) : 3;
    if (argc > 2) programFile = argv[2];
    platform::KioskRenderer kiosk(1920, 1080, std::cerr);
    KioskSession session = makeSession(days);
    std::vector<std::chrono::milliseconds> durations;
    for (const auto& p : session.config.rotation) durations.push_back(p.duration);
    Rotation rotation(durations, std::chrono::milliseconds{0});
    Instant start = *session.scheduler->firstStart() - std::chrono::hours{2};
    Instant end = *session.scheduler->lastEnd() + std::chrono::hours{2};
    Rotation::Steady steady = Steady::now();

    auto t0 = Steady::now();
    double warm = 0, third = 0;
    const long total = std::chrono::duration_cast<std::chrono::minutes>(end - start).count();
    long frames = 0, reloads = 0;
    for (Instant now = start; now < end; now += std::chrono::minutes{1}, ++frames) {
        if (frames > 0 && frames % (6 * 60) == 0) {  // a live update every six conference hours
            session = makeSession(days);
            ++reloads;
        }
        kiosk.prepare(platform::makeView(session, session.clock.now()));
        ui::KioskView view = platform::makeView(session, now);
        auto count = [&](std::size_t i) {
            ui::Canvas layout = kiosk.layoutCanvas();
            return ui::screensFor(view, i, layout);
        };
        steady += std::chrono::seconds{20};  // one page further every step
        rotation.update(steady, count);
        kiosk.frame(view, rotation.frame(steady));
        if (frames == 200) warm = bench::residentMb();
        if (frames == total / 3) third = bench::residentMb();  // caches full by now
    }
    double seconds = std::chrono::duration<double>(Steady::now() - t0).count();
    double last = bench::residentMb();
    std::printf("Hallboard soak: %d conference days replayed headless at 1920x1080\n", days);
    std::printf("  frames drawn                %8ld (one per conference minute, a page switch each), %ld reloads\n",
                frames, reloads);
    std::printf("  time                        %8.1f s (%.1f ms a frame)\n", seconds,
                seconds * 1000.0 / static_cast<double>(frames));
    std::printf("  resident after 200 frames   %8.1f MB\n", warm);
    std::printf("  resident a third of the way %8.1f MB (caches full)\n", third);
    std::printf("  resident at the end         %8.1f MB   (over the last two thirds: %+.1f MB)\n", last, last - third);
    std::printf("  glyph atlas textures        %8.1f MB (bounded cache)\n",
                static_cast<double>(kiosk.statistics().textTextureBytes) / 1048576.0);
    return last - third > 2.0 ? 1 : 0;
}
