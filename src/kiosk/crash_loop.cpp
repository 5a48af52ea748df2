// See crash_loop.hpp.
#include "kiosk/crash_loop.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <cerrno>
#include <charconv>
#include <filesystem>
#include <fstream>

#include "base/files.hpp"
#include "base/text.hpp"

namespace hallboard {

namespace fs = std::filesystem;

namespace {

constexpr std::size_t kMaxRead = 4096;  // a record is a few lines; more is not ours

std::optional<StartRecord::Mark> readMark(std::string_view rest) {
    std::size_t space = rest.find(' ');
    if (space == std::string_view::npos || space == 0 || space > 64) return std::nullopt;
    StartRecord::Mark m;
    m.boot = std::string(rest.substr(0, space));
    for (char c : m.boot)
        if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || c == '-')) return std::nullopt;
    std::string_view numbers = rest.substr(space + 1);
    const char* last = numbers.data() + numbers.size();
    auto [end, ec] = std::from_chars(numbers.data(), last, m.ms);
    if (ec != std::errc() || m.ms < 0) return std::nullopt;
    if (end != last) {  // "<boot> <ms> <pid>"
        if (*end != ' ') return std::nullopt;
        auto [pidEnd, pidEc] = std::from_chars(end + 1, last, m.pid);
        if (pidEc != std::errc() || pidEnd != last || m.pid <= 0) return std::nullopt;
    }
    return m;
}

std::string markText(const StartRecord::Mark& m) {
    return m.boot + " " + std::to_string(m.ms) + (m.pid > 0 ? " " + std::to_string(m.pid) : std::string());
}

// The process of a running mark is still there, and is a hallboard (a pid is reused).
bool stillRunning(long long pid) {
    if (pid <= 0 || pid == ::getpid()) return false;
    std::ifstream comm("/proc/" + std::to_string(pid) + "/comm");
    std::string name;
    std::getline(comm, name);
    return name.rfind("hallboard", 0) == 0;
}

bool recent(const StartRecord::Mark& m, const std::string& boot, long long ms) {
    return m.boot == boot && m.ms <= ms && ms - m.ms < StartRecord::kWindow.count();
}

std::string readBootId() {
    std::ifstream in("/proc/sys/kernel/random/boot_id");
    std::string id;
    std::getline(in, id);
    return readMark(id + " 0") ? id : std::string("unknown");
}

long long bootMilliseconds() {
    timespec ts{};
    if (::clock_gettime(CLOCK_BOOTTIME, &ts) != 0 && ::clock_gettime(CLOCK_MONOTONIC, &ts) != 0) return 0;
    return static_cast<long long>(ts.tv_sec) * 1000 + ts.tv_nsec / 1000000;
}

}  // namespace

StartRecord StartRecord::parse(std::string_view text) {
    StartRecord r;
    text = text.substr(0, kMaxRead);
    while (!text.empty()) {
        std::size_t eol = text.find('\n');
        std::string_view line = text.substr(0, eol);
        text = eol == std::string_view::npos ? std::string_view() : text.substr(eol + 1);
        if (line.rfind("failure ", 0) == 0) {
            if (auto m = readMark(line.substr(8)); m && r.failures.size() < 64) r.failures.push_back(*m);
        } else if (line.rfind("running ", 0) == 0) {
            if (auto m = readMark(line.substr(8))) r.running = *m;
        }
    }
    return r;
}

std::string StartRecord::text() const {
    std::string t = "# hallboard: starts that did not end cleanly (crash-loop guard); safe to delete\n";
    for (const Mark& m : failures) t += "failure " + markText(m) + "\n";
    if (running) t += "running " + markText(*running) + "\n";
    return t;
}

StartDecision decideStart(const StartRecord& previous, const std::string& boot, long long ms, bool previousAlive,
                          long long pid) {
    StartDecision d;
    for (const auto& m : previous.failures)
        if (recent(m, boot, ms)) d.record.failures.push_back({m.boot, m.ms, 0});
    // A run of this boot that did not end cleanly: crashed, killed by the watchdog or
    // for its memory. One from before a reboot ended with the power, not by itself;
    // one still running is another kiosk sharing the directory.
    if (previous.running && previous.running->boot == boot && !previousAlive)
        d.record.failures.push_back({boot, ms, 0});
    while (d.record.failures.size() > static_cast<std::size_t>(StartRecord::kFailures))
        d.record.failures.erase(d.record.failures.begin());
    d.record.running = StartRecord::Mark{boot, ms, pid};
    d.failures = static_cast<int>(d.record.failures.size());
    d.safeMode = d.failures >= StartRecord::kFailures;
    if (d.safeMode)
        d.reason = "safe mode: the kiosk stopped unexpectedly " + std::to_string(d.failures) +
                   " times within a minute (a crash, the watchdog or the memory limit; the log has each); showing the "
                   "clock until the files change";
    return d;
}

StartGuard::StartGuard(std::string dir) : dir_(std::move(dir)) {
    start(readBootId(), bootMilliseconds());
}

StartGuard::StartGuard(std::string dir, std::string boot, long long ms) : dir_(std::move(dir)) {
    start(std::move(boot), ms);
}

std::string StartGuard::path() const {
    return dir_.empty() ? std::string() : dir_ + "/starts";
}

void StartGuard::start(std::string boot, long long ms) {
    if (dir_.empty()) {
        problem_ = "no state directory: failed starts are not counted";
        return;
    }
    // The one bounded reader (base/files): a regular file only, never blocking on a FIFO
    // put in its place; what is missing or unreadable reads as no record.
    BoundedRead read = readBounded(path(), kMaxRead, true);
    StartRecord previous = StartRecord::parse(read.bytes.value_or(std::string()));
    bool alive = previous.running && stillRunning(previous.running->pid);
    decision_ = decideStart(previous, boot, ms, alive, ::getpid());
    std::error_code ec;
    fs::create_directories(dir_, ec);
    if (!writeDurably(path(), decision_.record.text(), problem_)) {
        // Not counted, so never safe mode on a guess.
        decision_.safeMode = false;
        decision_.reason.clear();
    }
}

void StartGuard::cleanExit() {
    if (dir_.empty() || !problem_.empty()) return;
    writeDurably(path(), StartRecord{}.text(), problem_);  // asked to stop: the count starts again
}

StartUp safeModeSession(const std::string& configPath, const std::string& programOverride, const std::string& reason) {
    KioskConfig config = KioskConfig::defaults();
    // Watched, not read: the configuration's program path, so that a fixed program is
    // loaded at once. Reading the configuration is JSON only; what crashed came later.
    ConfigLoad named = loadKioskConfig(configPath);
    if (named.ok()) config.program = named.config->program;
    if (!programOverride.empty()) config.program = programOverride;
    Program empty;
    empty.conference.name = "Hallboard";
    try {
        if (auto zone = TimeZone::find(date::current_zone()->name())) empty.conference.zone = *zone;
    } catch (const std::exception&) {}
    std::vector<Diagnostic> ignored;
    auto session = KioskSession::assemble(std::move(config), std::move(empty), nullptr, ignored);
    session->configPath = configPath;
    return {std::move(*session), StartUp::From::defaults, reason, {}};
}

}  // namespace hallboard
