// `cmake --build build --target bench`: load time, peak memory and scheduler query
// times on a synthetic program of 10,000 talks in 50 rooms over 5 days.
// Figures, not pass/fail: targets are printed beside them for the reader.
#include <sys/resource.h>
#include <malloc.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include "model/program_json.hpp"
#include "model/scheduler.hpp"
#include "measure.hpp"
#include "synthetic_program.hpp"

using namespace hallboard;
using Clock = std::chrono::steady_clock;

namespace {

double msSince(Clock::time_point t0) {
    return std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
}

struct Stats {
    double median = 0, p95 = 0;
};

template <typename F>
Stats timeEach(int runs, F&& f) {
    std::vector<double> us;
    us.reserve(static_cast<std::size_t>(runs));
    for (int i = 0; i < runs; ++i) {
        auto t0 = Clock::now();
        f(i);
        us.push_back(std::chrono::duration<double, std::micro>(Clock::now() - t0).count());
    }
    std::sort(us.begin(), us.end());
    return {us[us.size() / 2], us[us.size() * 95 / 100]};
}

}  // namespace

int main(int argc, char** argv) {
    bench::SyntheticSpec spec;
    // `hallboard_bench --write FILE`: just write the synthetic program (for screenshots
    // of a big conference), no measurements.
    if (argc == 3 && std::string(argv[1]) == "--write") {
        std::ofstream(argv[2], std::ios::binary) << serializeProgram(bench::syntheticProgram(spec));
        std::printf("wrote %s\n", argv[2]);
        return 0;
    }
    std::printf("Hallboard core benchmark: %d talks, %d rooms, %d days\n", spec.talks, spec.rooms, spec.days);
    double rssBefore = bench::peakResidentMb();

    std::string text = serializeProgram(bench::syntheticProgram(spec));
    auto path =
        std::filesystem::temp_directory_path() / ("hallboard-bench-program-" + std::to_string(::getpid()) + ".json");
    std::ofstream(path, std::ios::binary) << text;
    std::printf("  program file                %8.1f MB\n", static_cast<double>(text.size()) / 1e6);
    text.clear();
    text.shrink_to_fit();
    double rssGenerated = bench::peakResidentMb();

    // Warm the tz database so the figure is the steady cost of a (re)load.
    (void)TimeZone::locate(spec.zone).utcOffset(Instant{});
    double loadMs = 1e9;
    std::optional<Program> program;
    for (int i = 0; i < 3; ++i) {
        auto t0 = Clock::now();
        ProgramLoad load = loadProgramFile(path.string());
        loadMs = std::min(loadMs, msSince(t0));
        if (!load.ok()) {
            std::fprintf(stderr, "synthetic program failed to load\n");
            return 1;
        }
        program = std::move(load.program);
    }
    std::printf("  load + validate (best of 3) %8.1f ms   (target < 300 ms)\n", loadMs);
    malloc_trim(0);  // hand back what generating the file used, so this is the program's own cost
    std::printf("  resident with program       %8.1f MB\n", bench::residentMb());

    auto t0 = Clock::now();
    Scheduler scheduler(*program);
    std::printf("  build scheduler index       %8.2f ms\n", msSince(t0));

    Instant first = *scheduler.firstStart();
    Instant last = *scheduler.lastEnd();
    std::mt19937 rng(7);
    std::uniform_int_distribution<long long> pick(0, (last - first).count());
    std::vector<Instant> instants(20000);
    for (auto& t : instants) t = first + Duration{pick(rng)};
    const int runs = static_cast<int>(instants.size());
    std::size_t sink = 0;

    auto all = timeEach(runs, [&](int i) { sink += scheduler.roomsAt(instants[static_cast<std::size_t>(i)]).size(); });
    std::printf("  now & next, all 50 rooms    %8.2f us median, %.2f us p95   (target < 50 us)\n", all.median, all.p95);
    auto one = timeEach(
        runs, [&](int i) { sink += scheduler.roomAt(7, instants[static_cast<std::size_t>(i)]).live.has_value(); });
    std::printf("  now & next, one room        %8.2f us median, %.2f us p95\n", one.median, one.p95);
    auto upcoming = timeEach(runs, [&](int i) {
        Instant t = instants[static_cast<std::size_t>(i)];
        sink += scheduler.startingBetween(t, t + std::chrono::hours{3}).size();
    });
    std::printf("  starting in next 3 h        %8.2f us median, %.2f us p95\n", upcoming.median, upcoming.p95);
    auto day = timeEach(runs, [&](int i) {
        sink += static_cast<std::size_t>(scheduler.dayAt(instants[static_cast<std::size_t>(i)]).number);
    });
    std::printf("  conference day              %8.2f us median, %.2f us p95\n", day.median, day.p95);
    auto change =
        timeEach(runs, [&](int i) { sink += scheduler.nextChange(instants[static_cast<std::size_t>(i)]).has_value(); });
    std::printf("  next change                 %8.2f us median, %.2f us p95\n", change.median, change.p95);

    std::printf("  peak resident memory        %8.1f MB (%.1f MB before generating, %.1f MB after)\n",
                bench::peakResidentMb(), rssBefore, rssGenerated);
    std::filesystem::remove(path);

    // A live reload from this program to a small one: what the kiosk keeps without
    // releaseFreedMemory() (glibc holds freed heap), and with it.
    double withBig = bench::residentMb();
    program.reset();
    ProgramLoad small = parseProgram(R"({"format": "hallboard-program", "version": 1,
        "conference": {"name": "Small", "time_zone": "UTC"}})",
                                     "small.json");
    double swapped = bench::residentMb();
    malloc_trim(0);  // what releaseFreedMemory() does after the kiosk's swap
    std::printf("  replaced by a small program %8.1f MB resident with the big one, %.1f MB after the swap, "
                "%.1f MB after malloc_trim\n",
                withBig, swapped, bench::residentMb());

    // Duplicate ids: each base keeps its next suffix (was O(n^2): 11 s for 20,000).
    std::string same = R"({"format": "hallboard-program", "version": 1, "conference": {"time_zone": "UTC"},
        "rooms": [{"id": "r"}], "sessions": [)";
    for (int i = 0; i < 20000; ++i)
        same +=
            std::string(i ? "," : "") +
            R"({"id": "same", "title": "Same", "room": "r", "start": "2021-04-06T09:00", "end": "2021-04-06T10:00"})";
    same += "]}";
    auto t1 = Clock::now();
    ProgramLoad dup = parseProgram(same, "same.json");
    std::printf("  20,000 sessions, one id     %8.1f ms   (target < 1000 ms; %zu sessions)\n", msSince(t1),
                dup.program ? dup.program->sessions.size() : 0);
    if (!small.ok() || !dup.ok()) return 1;
    return sink == 0 ? 1 : 0;
}
