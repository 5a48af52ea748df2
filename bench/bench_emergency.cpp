// The emergency takeover's latency (#31.1): from the rename of an overrides file with an
// emergency into place to the takeover's first frame on screen, in the real kiosk. The
// kiosk runs as a child (SDL's dummy video driver, software renderer, the sample with its
// venue, a screen placed in the lobby); its log says when each takeover's first frame was
// presented (wall-clock milliseconds). Each round renames a file with an emergency into
// place, waits for that line, then renames one without and waits for the kiosk to go back.
//   hallboard_bench_emergency [HALLBOARD [ROUNDS [WIDTHxHEIGHT]]]
// $HALLBOARD_BENCH_VIDEO names another SDL video driver: "x11" (under Xvfb, e.g.
// `xvfb-run -a env HALLBOARD_BENCH_VIDEO=x11 build/hallboard_bench_emergency`) measures the
// kiosk in a desktop window, where SDL's own wait sleeps; "wayland" (with $WAYLAND_DISPLAY
// a compositor's, e.g. a headless sway as tests/binary/kiosk-wayland-power.sh starts it)
// the same under Wayland.
#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::system_clock;

long long nowMs() {
    return std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now().time_since_epoch()).count();
}

std::string readAll(const fs::path& path) {
    std::ifstream in(path);
    return std::string(std::istreambuf_iterator<char>(in), {});
}

void writeThenRename(const fs::path& dir, const std::string& text) {
    fs::path next = dir / "overrides.new.json";
    std::ofstream(next) << text;
    fs::rename(next, dir / "overrides.json");
}

// Waits (at most `seconds`) until the log holds `needle` for the `count`th time; the
// position after it, or npos.
std::size_t waitFor(const fs::path& log, const std::string& needle, int count, double seconds) {
    auto end = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
    while (std::chrono::steady_clock::now() < end) {
        std::string text = readAll(log);
        std::size_t at = 0;
        int seen = 0;
        while ((at = text.find(needle, at)) != std::string::npos) {
            at += needle.size();
            if (++seen == count) return at;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds{5});
    }
    return std::string::npos;
}

std::string videoDriver() {
    const char* driver = std::getenv("HALLBOARD_BENCH_VIDEO");
    return driver && *driver ? driver : "dummy";
}

pid_t startKiosk(const std::string& hallboard, const fs::path& dir, const std::string& size) {
    pid_t pid = fork();
    if (pid != 0) return pid;
    int fd = ::open((dir / "kiosk.log").c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    dup2(fd, 1);
    dup2(fd, 2);
    setenv("SDL_VIDEODRIVER", videoDriver().c_str(), 1);
    std::string config = (dir / "kiosk.json").string(), state = (dir / "state").string();
    execl(hallboard.c_str(), hallboard.c_str(), "run", "-c", config.c_str(), "--window", "--software", "--size",
          size.c_str(), "--state-dir", state.c_str(), static_cast<char*>(nullptr));
    _exit(127);
}

}  // namespace

int main(int argc, char** argv) {
    std::string hallboard = argc > 1 ? argv[1] : HALLBOARD_BINARY;
    int rounds = argc > 2 ? std::max(1, std::atoi(argv[2])) : 20;
    std::string size = argc > 3 ? argv[3] : "1920x1080";
    fs::path dir = fs::temp_directory_path() / ("hallboard-bench-emergency-" + std::to_string(getpid()));
    fs::create_directories(dir);
    std::string src = HALLBOARD_SOURCE_DIR;
    std::ofstream(dir / "kiosk.json")
        << R"({"program": ")" << src << R"(/data/mlsys2021.json", "venue": ")" << src
        << R"(/data/mlsys2021.venue.json", "here": {"point": "lobby-kiosk", "facing": "N"},
  "overrides": "overrides.json", "clock": {"mode": "fixed", "at": "2021-04-06T09:45"}})";
    const std::string none = R"({"announcements": []})";
    std::ofstream(dir / "overrides.json") << none;
    std::printf("Hallboard emergency takeover: rename of the overrides file -> first takeover frame presented\n"
                "(%s, SDL %s driver, software renderer, %s, %d rounds)\n",
                hallboard.c_str(), videoDriver().c_str(), size.c_str(), rounds);
    pid_t pid = startKiosk(hallboard, dir, size);
    int status = 0;
    if (waitFor(dir / "kiosk.log", "first frame on screen", 1, 60) == std::string::npos) {
        std::fprintf(stderr, "the kiosk drew no first frame:\n%s\n", readAll(dir / "kiosk.log").c_str());
        kill(pid, SIGTERM);
        waitpid(pid, &status, 0);
        return 1;
    }
    std::vector<long long> latencies;
    for (int round = 1; round <= rounds; ++round) {
        std::this_thread::sleep_for(std::chrono::milliseconds{700});  // the kiosk asleep, as when it comes
        std::string emergency = R"({"emergency": {"title": "Fire alarm )" + std::to_string(round) +
                                R"(", "text": "Leave the building.", "kind": "evacuate", "drill": true}})";
        long long renamed = nowMs();
        writeThenRename(dir, emergency);
        std::size_t at = waitFor(dir / "kiosk.log", "emergency takeover on screen (evacuate, drill) at ", round, 10);
        if (at == std::string::npos) {
            std::fprintf(stderr, "round %d: no takeover frame within 10 s\n", round);
            break;
        }
        latencies.push_back(std::atoll(readAll(dir / "kiosk.log").c_str() + at) - renamed);
        writeThenRename(dir, none);
        waitFor(dir / "kiosk.log", "emergency taken out of", round, 10);
    }
    kill(pid, SIGTERM);
    waitpid(pid, &status, 0);
    fs::remove_all(dir);
    if (latencies.empty()) return 1;
    std::vector<long long> sorted = latencies;
    std::sort(sorted.begin(), sorted.end());
    auto pick = [&](double p) { return sorted[static_cast<std::size_t>(p * static_cast<double>(sorted.size() - 1))]; };
    std::printf("  rename -> first takeover frame: median %lld ms, p95 %lld ms, max %lld ms, min %lld ms (%zu rounds; "
                "target <= 1000 ms)\n",
                pick(0.5), pick(0.95), sorted.back(), sorted.front(), sorted.size());
    std::printf("  each round (ms):");
    for (long long ms : latencies) std::printf(" %lld", ms);
    std::printf("\n");
    return sorted.back() <= 1000 ? 0 : 2;
}
