// See status_writer.hpp.
#include "platform/status_writer.hpp"

#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>

#include "base/files.hpp"
#include "base/text.hpp"
#include "model/overrides.hpp"

#ifndef HALLBOARD_VERSION
#define HALLBOARD_VERSION "unknown"
#endif

namespace hallboard::platform {

namespace fs = std::filesystem;

namespace {

std::string nowIso() {
    return utcText(std::chrono::time_point_cast<Duration>(std::chrono::system_clock::now()));
}

std::string clockModeName(Clock::Mode mode) {
    switch (mode) {
    case Clock::Mode::fixed: return "fixed";
    case Clock::Mode::replay: return "replay";
    case Clock::Mode::system:
    default: return "system";
    }
}

}  // namespace

std::string hostName() {
    char name[256] = {};
    if (::gethostname(name, sizeof name - 1) != 0 || name[0] == '\0') return "kiosk";
    return name;
}

long long residentBytes() {
    std::FILE* f = std::fopen("/proc/self/statm", "re");
    if (!f) return 0;
    long long size = 0, resident = 0;
    int got = std::fscanf(f, "%lld %lld", &size, &resident);
    std::fclose(f);
    long page = ::sysconf(_SC_PAGESIZE);
    return got == 2 && page > 0 ? resident * page : 0;
}

StatusWriter::StatusWriter(const KioskSession& session, bool clockOnly, std::ostream& log)
    : log_(log), started_(std::chrono::steady_clock::now()), loadedAt_(clockOnly ? std::string() : nowIso()),
      clockOnly_(clockOnly) {
    (void)session;
}

void StatusWriter::sessionChanged(const KioskSession&) {
    loadedAt_ = nowIso();
    clockOnly_ = false;
}

void StatusWriter::rejected(Rejection rejection) {
    if (rejection.at.empty()) rejection.at = nowIso();
    lastRejected_ = std::move(rejection);
}

std::string StatusWriter::path(const KioskSession& session) const {
    const FleetConfig& fleet = session.config.fleet;
    if (fleet.statusDir.empty()) return {};
    return (fs::path(fleet.statusDir) / statusFileName(fleet.name.empty() ? hostName() : fleet.name)).string();
}

KioskStatus StatusWriter::status(const KioskSession& session, const StatusInputs& in) const {
    KioskStatus s;
    s.name = session.config.fleet.name.empty() ? hostName() : session.config.fleet.name;
    s.page = in.page;
    s.problem = in.problem;
    s.showing = clockOnly_ ? "clock" : in.problem.empty() ? "files" : "last-good";
    s.programPath = session.config.program;
    s.programSha256 = clockOnly_ ? std::string() : session.programSha256;
    s.programLoadedAt = loadedAt_;
    s.configPath = session.configPath;
    s.configSha256 = session.configSha256;
    s.lastRejected = lastRejected_;
    s.conflicts = conflicts_;
    s.clockMode = clockModeName(session.clock.mode());
    s.clockHealth = in.clockHealth.empty() ? "ok" : in.clockHealth;
    s.screenWidth = in.screenWidth;
    s.screenHeight = in.screenHeight;
    s.panel = in.panel;
    s.panelNote = in.panelNote;
    s.cec = in.cec;
    s.version = HALLBOARD_VERSION;
    s.intervalSeconds = static_cast<int>(session.config.fleet.interval.count());
    if (session.program && !clockOnly_)
        for (const Room& room : session.program->rooms) {
            if (room.state.occupancy == Occupancy::open || s.rooms.size() >= kStatusMaxRooms) continue;
            s.rooms.push_back({room.name, std::string(occupancyName(room.state.occupancy)),
                               room.state.since ? utcText(*room.state.since) : std::string()});
        }
    return s;
}

void StatusWriter::trackEmergency(const Emergency* shown) {
    // The takeover's first wake on screen is its "since"; written at once (it changed).
    if (!shown) {
        emergency_.reset();
    } else if (!emergency_ || emergency_->kind != toString(shown->kind) || emergency_->drill != shown->drill ||
               emergency_->title != shown->title) {
        emergency_ = EmergencyStatus{std::string(toString(shown->kind)), shown->drill,
                                     utcText(std::chrono::time_point_cast<Duration>(std::chrono::system_clock::now())),
                                     shown->title};
    }
}

bool StatusWriter::update(const KioskSession& session, const StatusInputs& inputs, Steady now) {
    std::string target = path(session);
    if (target.empty()) return false;
    if (target != swept_) {
        // This kiosk alone writes this file: what a power cut left of its temporaries goes.
        std::vector<std::string> problems;
        for (const std::string& removed : removeStaleTemporaries(target, &problems))
            log_ << "hallboard: removed " << removed << ", a temporary file a power cut left behind\n";
        for (const std::string& problem : problems) log_ << "hallboard: " << problem << "\n";
        swept_ = target;
    }
    // Syncthing's conflict copies beside the program or config are never read (the
    // kiosk reads its own file names only); it says so once, and in its status.
    if (!conflictsAt_ || now - *conflictsAt_ >= std::chrono::seconds{10}) {
        std::vector<std::string> found;
        for (const std::string& file : {session.config.program, session.configPath})
            if (!file.empty())
                for (std::string& copy : conflictCopiesOf(file)) found.push_back(std::move(copy));
        if (!found.empty() && found != conflicts_)
            log_ << "hallboard: ignoring " << found.size() << " Syncthing conflict cop"
                 << (found.size() == 1 ? "y" : "ies") << " beside the program or configuration ("
                 << excerpt(found.front(), 200) << "): the kiosk shows only the files its configuration names\n";
        conflicts_ = std::move(found);
        conflictsAt_ = now;
    }
    trackEmergency(inputs.emergency);
    KioskStatus s = status(session, inputs);
    s.emergency = emergency_;
    // Written at once when something an organiser must know changes (the program, a
    // rejection, a problem, the clock's health, the screen); the page turns every few
    // seconds and is written with the interval only: an SD card and the sync are spared
    // a write per page.
    KioskStatus compared = s;
    if (written_) compared.page = written_->page;
    bool changed = !written_ || !(*written_ == compared);
    if (!changed && now - writtenAt_ < std::chrono::seconds{s.intervalSeconds}) return false;
    KioskStatus timed = s;
    timed.uptimeSeconds = std::chrono::duration<double>(now - started_).count();
    timed.rssBytes = residentBytes();
    timed.writtenAt = std::chrono::time_point_cast<Duration>(std::chrono::system_clock::now());
    std::string error;
    if (!writeDurably(target, statusJson(timed), error)) {
        if (error != lastError_) log_ << "hallboard: fleet status not written: " << error << "\n";
        lastError_ = error;
        written_ = s;  // try again in a minute, not every wake
        writtenAt_ = now;
        return false;
    }
    if (!lastError_.empty()) log_ << "hallboard: fleet status written again to " << target << "\n";
    lastError_.clear();
    written_ = s;
    writtenAt_ = now;
    return true;
}

}  // namespace hallboard::platform
