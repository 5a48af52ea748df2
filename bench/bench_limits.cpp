// `hallboard_bench_limits` (built with -DHALLBOARD_BENCH=ON; part of the `bench` target):
// the peak resident memory of the largest inputs Hallboard accepts, against the unit's
// MemoryMax=512M (packaging/hallboard.service). Each figure comes from a child process of
// its own (its ru_maxrss, from wait4), so one does not hide another:
//   - loading the largest accepted program (kMaxTalks talks, as large a file as
//     inputLimit(program) allows), with its scheduler;
//   - a reload of it: the new copy loaded while the old one is still shown;
//   - the largest accepted screen (kMaxScreenPixels) drawn headless with a transition.
// Figures, not pass/fail: the limits themselves are asserted by the ordinary tests
// (a program or a screen one past a limit is refused with its reason).
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iostream>
#include <string>

#include "kiosk/kiosk_config.hpp"
#include "kiosk/kiosk_session.hpp"
#include "model/program_json.hpp"
#include "model/scheduler.hpp"
#include "base/text.hpp"
#include "platform/kiosk_app.hpp"
#include "platform/kiosk_renderer.hpp"
#include "synthetic_program.hpp"

using namespace hallboard;

namespace {

// Runs `f` in a child; its peak resident memory in MB, or -1 when it failed.
double peakOfChild(const std::function<int()>& f) {
    std::fflush(stdout);
    pid_t pid = ::fork();
    if (pid == 0) std::_Exit(f());
    int status = 0;
    rusage usage{};
    if (pid < 0 || ::wait4(pid, &status, 0, &usage) != pid || !WIFEXITED(status) || WEXITSTATUS(status) != 0) return -1;
    return static_cast<double>(usage.ru_maxrss) / 1024.0;
}

constexpr double kBudgetMb = 512;  // MemoryMax= of the unit

void line(const char* what, double mb) {
    if (mb < 0)
        std::printf("  %-58s FAILED\n", what);
    else
        std::printf("  %-58s %7.0f MB peak RSS (%.0f %% of the unit's %.0f MB)\n", what, mb, mb * 100 / kBudgetMb,
                    kBudgetMb);
}

}  // namespace

int main(int argc, char** argv) {
    std::string dir = argc > 1 ? argv[1] : (std::filesystem::temp_directory_path() / "hallboard-bench-limits").string();
    std::filesystem::create_directories(dir);
    std::string file = (std::filesystem::path(dir) / "largest.json").string();
    const std::size_t fileLimit = inputLimit(InputKind::program);

    // The largest program the limits accept: kMaxTalks talks, abstracts lengthened until
    // the file is just under the size limit.
    double made = peakOfChild([&] {
        bench::SyntheticSpec spec;
        spec.talks = static_cast<int>(kMaxTalks);
        spec.rooms = 60;
        spec.days = 5;
        Program p = bench::syntheticProgram(spec);
        std::string text = serializeProgram(p);
        // Abstracts cut or lengthened until the file is just under the size limit.
        for (int round = 0;
             round < 8 && !p.talks.empty() && (text.size() > fileLimit || text.size() + (64u << 10) < fileLimit);
             ++round) {
            long long perTalk = (static_cast<long long>(fileLimit) - static_cast<long long>(text.size()) - (32 << 10)) /
                                static_cast<long long>(p.talks.size());
            for (Talk& t : p.talks) {
                if (perTalk >= 0)
                    t.abstract += std::string(static_cast<std::size_t>(perTalk), 'x');
                else
                    t.abstract.resize(t.abstract.size() > static_cast<std::size_t>(-perTalk)
                                          ? t.abstract.size() - static_cast<std::size_t>(-perTalk)
                                          : 0);
            }
            text = serializeProgram(p);
        }
        std::ofstream(file, std::ios::binary | std::ios::trunc) << text;
        return 0;
    });
    std::error_code ec;
    auto bytes = std::filesystem::file_size(file, ec);
    std::printf(
        "largest accepted program: %zu talks, %.1f MiB (limits: %zu talks, %.0f MiB); made in a child of %.0f MB\n",
        kMaxTalks, static_cast<double>(bytes) / 1048576.0, kMaxTalks, static_cast<double>(fileLimit) / 1048576.0, made);

    auto loadOnce = [&](std::optional<ProgramLoad>& into) {
        into = loadProgramFile(file);
        if (!into->ok()) {
            for (const auto& d : into->diagnostics)
                if (d.severity == Severity::error) std::fprintf(stderr, "%s\n", format(d).c_str());
            return false;
        }
        Scheduler scheduler(*into->program);
        return true;
    };
    line("load the largest program, with its scheduler", peakOfChild([&] {
             std::optional<ProgramLoad> a;
             return loadOnce(a) ? 0 : 1;
         }));
    line("reload it: a second copy loaded while the first is shown", peakOfChild([&] {
             std::optional<ProgramLoad> a, b;
             if (!loadOnce(a)) return 1;
             Scheduler first(*a->program);
             return loadOnce(b) ? 0 : 1;
         }));

    // The largest accepted screen: the sample kiosk drawn at kMaxScreenPixels, as wide as
    // a 16:9 screen of that many pixels, with a transition (two cached screens).
    int h = static_cast<int>(std::sqrt(static_cast<double>(kMaxScreenPixels) * 9.0 / 16.0));
    int w = static_cast<int>(kMaxScreenPixels / static_cast<std::size_t>(h));
    w = std::min(w, kMaxScreenSide);
    std::string config = std::string(HALLBOARD_SOURCE_DIR) + "/config/kiosk.json";
    auto screen = [&](int width, int height, bool withProgram, bool reload) {
        return peakOfChild([&, width, height, withProgram, reload] {
            std::vector<Diagnostic> diags;
            auto session = KioskSession::load(config, withProgram ? file : std::string(), diags);
            if (!session) return 1;
            platform::KioskRenderer kiosk(width, height, std::cerr);
            kiosk.prepare(platform::makeView(*session, session->clock.now()));
            Instant now = session->program->sessions.empty() ? Instant{} : session->program->sessions[0].time.start;
            ui::KioskView view = platform::makeView(*session, now);
            Rotation::Frame f;
            f.current = Rotation::Slot{0, 0};
            kiosk.frame(view, f);
            f.previous = Rotation::Slot{1, 0};
            f.current = Rotation::Slot{0, 0};
            f.transition = 0.5;
            kiosk.frame(view, f);
            if (reload) {  // the next version loaded while this one is on screen
                std::vector<Diagnostic> again;
                auto next = KioskSession::load(config, file, again);
                if (!next) return 1;
                kiosk.frame(view, f);
            }
            return 0;
        });
    };
    char what[120];
    std::snprintf(what, sizeof what, "the largest screen, %dx%d, sample program, a transition", w, h);
    line(what, screen(w, h, false, false));
    std::snprintf(what, sizeof what, "the largest screen, %dx%d, with the largest program", w, h);
    line(what, screen(w, h, true, false));
    std::snprintf(what, sizeof what, "the same while a reload loads the program again");
    line(what, screen(w, h, true, true));
    line("the same at 1920x1080", screen(1920, 1080, true, true));
    std::filesystem::remove(file, ec);
    return 0;
}
