// Keeps a running kiosk up to date with its files. The configuration, the program it
// names, the overrides file and the venue file (wayfinding) are watched; after a change has settled, both are loaded
// again on a background thread, and a new session is handed over only if it loaded. Otherwise the kiosk keeps what it
// shows and staff get the reason. Recovery is automatic when a good file comes.
#pragma once

#include <chrono>
#include <functional>
#include <future>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "kiosk/file_watch.hpp"
#include "kiosk/kiosk_session.hpp"
#include "kiosk/last_good.hpp"

namespace hallboard {

// Where each session shown without fault is kept for the next start: `copy` (may be
// null). The session a LiveReload starts with counts as saved unless `saveCurrent` (it
// came from the files).
struct LastGoodKeeping {
    const LastGood* copy = nullptr;
    bool saveCurrent = false;
};

class LiveReload {
public:
    using Steady = std::chrono::steady_clock::time_point;

    struct Outcome {
        std::optional<KioskSession> session;  // set: swap it in
        std::vector<Diagnostic> diagnostics;  // everything the load said
        std::string trigger;                  // the file whose change started it
        // When rejected: the file at fault, which need not be the trigger (a program
        // change can break the overrides), and what it is: "configuration", "program",
        // "overrides file".
        std::string rejected, rejectedKind;
        // Set when the load was asked for (SIGHUP) rather than started by a change: who asked.
        std::string requestedBy;
    };

    // "hallboard: rejected the overrides file o.json (the error is above; after a change
    // to p.json); still showing the last good program" for the log.
    static std::string rejectionLine(const Outcome& outcome);

    LiveReload(std::string configPath, std::string programOverride, const KioskSession& current,
               std::chrono::milliseconds settle = std::chrono::milliseconds{600}, LastGoodKeeping keeping = {});

    // The loop calls this after a frame of `shown` was drawn without fault. The first
    // time for these files (and texts), the last good copy is saved from them on a
    // background thread; never before. A session of the clock alone or of the last good
    // copy itself is not saved.
    void shownWithoutFault(const KioskSession& shown);
    // What the last finished save said (a warning when nothing was saved), once.
    std::vector<Diagnostic> takeSaveDiagnostics();
    // Blocks until a save in progress has finished (tests).
    void waitForSave();

    // On every wake; cheap. Returns an outcome when a background load finished.
    std::optional<Outcome> poll(Steady now);
    bool loading() const { return pending_.valid(); }
    // Blocks until a background load in progress has finished (the next poll hands it
    // over); returns at once when none is. However slow the machine: a Pi, an emulator.
    void waitForLoad() const {
        if (pending_.valid()) pending_.wait();
    }
    // Reads every file again at the next poll, changed or not (a SIGHUP); `by` names who
    // asked, for the log. One load at a time: asked during a load, it follows it.
    void requestReload(std::string by) { requested_ = std::move(by); }
    // How soon the loop should wake again to keep watching.
    std::chrono::milliseconds interval() const;
    // Readable when a file was renamed into place or written in the overrides file's folder
    // (inotify): the loop's sleep wakes on it and polls at once (-1: none; the interval
    // alone then, and the emergency comes with the settled change).
    int wakeFd() const { return notifier_.fd(); }

    // The emergency of an overrides file renamed into place or closed after writing, read
    // at once in the loop's own poll (a small file), ahead of the whole reload, which
    // waits for the change to settle as ever (Syncthing renames, then sets the time): the
    // takeover must not wait for that, nor for a large program to load, nor be lost when
    // the rest of the files are refused.
    struct EmergencyRead {
        std::optional<EmergencyEntry> entry;  // none: the file has no emergency (any more)
        std::string file;
        std::vector<Diagnostic> diagnostics;  // what the emergency's reading said
    };
    std::optional<EmergencyRead> takeEmergency() { return std::exchange(emergency_, std::nullopt); }

    // What reads the files on the background thread: KioskSession::load unless a test
    // puts a slower one in, to see what happens while a Pi or a large program loads.
    using Loader = std::function<std::optional<KioskSession>(
        const std::string& configPath, const std::string& programOverride, std::vector<Diagnostic>& diagnostics)>;
    void useLoader(Loader loader) { loader_ = std::move(loader); }

    // The reason the files on disk are not what is shown; empty when all is well.
    const std::string& problem() const { return problem_; }
    // A problem found before watching began (a start from the last good copy).
    void setProblem(std::string problem) { problem_ = std::move(problem); }

private:
    void watch(const KioskConfig& config);

    std::string configPath_, programOverride_;
    std::chrono::milliseconds settle_;
    FileWatcher config_;
    std::optional<FileWatcher> program_;
    std::optional<FileWatcher> overrides_;
    std::optional<FileWatcher> venue_;
    DirectoryNotifier notifier_;  // the overrides file's folder
    std::optional<EmergencyRead> emergency_;
    // How many emergencies were read at once: one read after a load began is newer than
    // what that load read, so the file is read again when the load is handed over.
    unsigned long reads_ = 0, readsAtLoad_ = 0;
    Loader loader_ = &KioskSession::load;
    void readEmergency();
    void notified();
    void startSave();

    const LastGood* lastGood_;
    std::future<Outcome> pending_;
    std::optional<LastGood::Source> toSave_;  // shown without fault, not saved yet
    std::optional<LastGood::Source> saved_;   // saved last (or not to be saved)
    std::future<std::vector<Diagnostic>> saving_;
    std::vector<Diagnostic> saveDiagnostics_;
    std::string problem_;
    std::string requested_;
};

// The new session keeps the running clock when the clock settings did not change, so a
// replay does not jump back to its start on every edit of the program.
void carryClock(const KioskSession& from, KioskSession& to);

}  // namespace hallboard
