// Never dark after a restart. The files a kiosk last loaded successfully (config,
// program, overrides) are kept in a state directory as one bundle, written atomically
// and only after the copies themselves loaded. At start-up a kiosk whose files are
// broken, truncated or missing shows that last good set with the staff badge; with none
// saved, it shows its configuration (or the defaults) with an empty program, the
// conference clock and the reason. It never exits for a bad file, and it recovers when
// a good file arrives (kiosk/live_reload.hpp). The venue file has a last good copy of its
// own, used when only the venue is broken.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "kiosk/kiosk_session.hpp"

namespace hallboard {

class LastGood {
public:
    explicit LastGood(std::string dir = {}) : dir_(std::move(dir)) {}
    const std::string& dir() const { return dir_; }
    std::string bundlePath() const;  // <dir>/last-good.json; empty without a dir

    // What a save copies: the files a session was loaded from, and the digests of the
    // texts it was made from (a save copies exactly those texts or nothing).
    struct Source {
        std::string configPath, programPath, overridesPath;
        std::string configSha256, programSha256;
        bool operator==(const Source&) const = default;
    };
    static Source sourceOf(const KioskSession& session);

    // Copies the files `session` was loaded from into the bundle, if those copies load
    // and are still the texts the session was made from (a file may have changed
    // since). False with `error` set when nothing was saved; the previous bundle then
    // stays. The kiosk saves a session only after it drew a frame without fault
    // (LiveReload::shownWithoutFault): a program that breaks the screen must never
    // become the copy the kiosk falls back on.
    bool save(const KioskSession& session, std::string& error) const { return save(sourceOf(session), error); }
    bool save(const Source& source, std::string& error) const;

    // The saved session: contents from the copies, paths of the originals (so the kiosk
    // watches the real files and finds photos beside them). `savedAt` is when it was
    // saved ("2026-11-23T14:05:00Z"). Empty when nothing usable is saved; when a bundle
    // is there but cannot be used (zero-filled by a power cut, cut short, not a bundle,
    // copies that no longer load) `unreadable` says so: "the saved copy in <path> is
    // unreadable: <why>", never taken for no copy saved.
    std::optional<KioskSession> load(std::vector<Diagnostic>& diagnostics, std::string* savedAt = nullptr,
                                     std::string* unreadable = nullptr) const;

    // Removes what a power cut left of the bundle's and the venue copy's temporaries
    // (base/files.hpp); called once at start. Lines for the log.
    std::vector<std::string> removeStaleTemporaries() const;

    // The venue, kept beside the bundle (<dir>/last-good-venue.json) on its own: a venue
    // file can break while the program is fine. For a session that asks for directions:
    // when its venue file loaded and planned without an error, a copy of that file is
    // saved (if the copy plans too); when the file gave no directions (missing, refused),
    // the saved copy of the same file is used if it still places the rooms of the session's
    // program and plans from where the kiosk stands, and `wayfindingProblem` says why and
    // since when; a copy that no longer fits leaves no directions and says so. Problems
    // go to `diagnostics` (the log). True when the copy gave the directions.
    std::string venuePath() const;  // empty without a dir
    bool keepVenue(KioskSession& session, std::vector<Diagnostic>& diagnostics) const;

private:
    std::string dir_;
};

struct StartUp {
    enum class From { files, lastGood, configOnly, defaults };
    KioskSession session;
    From from = From::files;
    std::string problem;             // for the staff badge; empty when the files loaded
    std::string lastGoodUnreadable;  // a bundle was there but could not be used: why
};

// Start-up that never ends dark: the files, else the last good bundle, else the
// configuration with an empty program, else built-in defaults with an empty program.
// Saves nothing: the files that loaded become the last good copy once they drew a frame.
StartUp startSession(const std::string& configPath, const std::string& programOverride, const LastGood& lastGood,
                     std::vector<Diagnostic>& diagnostics);

}  // namespace hallboard
