// A crash loop is not dark. systemd restarts a kiosk that crashed (or that its watchdog
// stopped) every few seconds; if whatever killed it is still there (a file that crashes
// the drawing, a driver), it would crash again at every start, dark each time. So each
// start notes itself in the state directory, written durably, before anything risky,
// and a clean end takes the note away: a start that finds the note of a run that ended
// otherwise counts a failure. After `kFailures` failures within `kWindow` (on this
// boot's monotonic clock, which the wall clock's jumps do not move) the kiosk starts in
// safe mode: the built-in defaults and the clock, no program, no last good copy, with
// the reason on the staff badge. It leaves safe mode when the files change (a reload),
// or at the next start once a minute has passed without failures or after it was
// stopped cleanly (`systemctl restart`: the count starts again).
#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "kiosk/last_good.hpp"

namespace hallboard {

struct StartRecord {
    static constexpr int kFailures = 3;
    static constexpr std::chrono::milliseconds kWindow{60000};

    struct Mark {
        std::string boot;   // the kernel's boot id: marks from before a reboot are another story
        long long ms = 0;   // CLOCK_BOOTTIME, milliseconds
        long long pid = 0;  // the running mark's process (0: not known)
    };
    std::vector<Mark> failures;   // within the window, oldest first
    std::optional<Mark> running;  // a run that has not ended cleanly

    // Lenient: a line that does not read is left out (the file may be torn or hostile).
    static StartRecord parse(std::string_view text);
    std::string text() const;
};

struct StartDecision {
    StartRecord record;  // to write now: the failures that count, and this run
    int failures = 0;    // within the window, counting the run found unfinished
    bool safeMode = false;
    std::string reason;  // for the log and the staff badge, when in safe mode
};

// What a start at (`boot`, `ms`) makes of the record the last one left. `previousAlive`:
// the running mark's process is still there (another kiosk on the same state
// directory, not a crash); this start is marked with `pid`.
StartDecision decideStart(const StartRecord& previous, const std::string& boot, long long ms,
                          bool previousAlive = false, long long pid = 0);

// The record in a state directory (<dir>/starts): read, decided, rewritten at start;
// rewritten without the running mark at a clean end. Without a directory (or when it
// cannot be written) nothing is counted and the kiosk never starts in safe mode; the
// reason is in `problem()`.
class StartGuard {
public:
    explicit StartGuard(std::string dir);
    // For tests: a given boot id and clock instead of the kernel's.
    StartGuard(std::string dir, std::string boot, long long ms);
    const StartDecision& decision() const { return decision_; }
    const std::string& problem() const { return problem_; }
    // The run ended cleanly (asked to quit): the count starts again.
    void cleanExit();
    std::string path() const;

private:
    void start(std::string boot, long long ms);
    std::string dir_;
    StartDecision decision_;
    std::string problem_;
};

// The session of safe mode: the built-in defaults with an empty program and the
// machine's zone, watching `configPath` (and the program it names, when the config
// reads) so that a fix is taken up at once. `problem` is the staff badge's line.
StartUp safeModeSession(const std::string& configPath, const std::string& programOverride, const std::string& reason);

}  // namespace hallboard
