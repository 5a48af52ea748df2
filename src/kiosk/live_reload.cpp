// See live_reload.hpp.
#include "base/files.hpp"
#include "kiosk/live_reload.hpp"

#include <algorithm>
#include <filesystem>
#include <utility>

#include "base/text.hpp"

namespace hallboard {

namespace {

// Which file a failed load was rejected for: the file of its first error, named by what
// the configuration (as it is on disk now) makes of it.
void blame(LiveReload::Outcome& o, const std::string& configPath, const std::string& programOverride) {
    o.rejected = o.trigger;
    for (const Diagnostic& d : o.diagnostics)
        if (d.severity == Severity::error && !d.file.empty()) {
            o.rejected = d.file;
            break;
        }
    if (o.rejected == configPath) {
        o.rejectedKind = "configuration";
        return;
    }
    ConfigLoad config = loadKioskConfig(configPath);
    std::string program = programOverride.empty() && config.ok() ? config.config->program : programOverride;
    if (o.rejected == program)
        o.rejectedKind = "program";
    else if (config.ok() && o.rejected == config.config->overrides)
        o.rejectedKind = "overrides file";
    else
        o.rejectedKind = "file";
}

}  // namespace

std::string LiveReload::rejectionLine(const Outcome& o) {
    std::string line = "hallboard: rejected the " + (o.rejectedKind.empty() ? std::string("file") : o.rejectedKind) +
                       " " + excerpt(o.rejected.empty() ? o.trigger : o.rejected, 400) + " (the error is above";
    if (!o.requestedBy.empty())
        line += "; read again as asked by " + o.requestedBy;
    else if (!o.rejected.empty() && o.rejected != o.trigger)
        line += "; after a change to " + excerpt(o.trigger, 400);
    return line + "); still showing the last good program";
}

LiveReload::LiveReload(std::string configPath, std::string programOverride, const KioskSession& current,
                       std::chrono::milliseconds settle, LastGoodKeeping keeping)
    // Absolute: a relative --config names a file in the folder the kiosk started in,
    // whatever folder it is in later.
    : configPath_(absolutePath(configPath)), programOverride_(absolutePath(programOverride)), settle_(settle),
      config_(configPath_, settle), lastGood_(keeping.copy) {
    watch(current.config);
    if (!keeping.saveCurrent) saved_ = LastGood::sourceOf(current);
}

void LiveReload::shownWithoutFault(const KioskSession& shown) {
    LastGood::Source source = LastGood::sourceOf(shown);
    if (!lastGood_ || lastGood_->dir().empty() || source.programSha256.empty() || source == saved_) return;
    toSave_ = std::move(source);
    startSave();
}

void LiveReload::startSave() {
    if (!toSave_ || saving_.valid()) return;
    saved_ = toSave_;
    saving_ = std::async(std::launch::async, [source = *toSave_, lastGood = lastGood_] {
        std::vector<Diagnostic> diagnostics;
        try {
            std::string error;
            if (!lastGood->save(source, error))
                diagnostics.push_back(
                    {Severity::warning, lastGood->bundlePath(), "", "last good copy not saved: " + error});
        } catch (const std::exception& e) {  // a save must never end the kiosk
            diagnostics.push_back(
                {Severity::warning, lastGood->bundlePath(), "", std::string("last good copy not saved: ") + e.what()});
        }
        return diagnostics;
    });
    toSave_.reset();
}

std::vector<Diagnostic> LiveReload::takeSaveDiagnostics() {
    if (saving_.valid() && saving_.wait_for(std::chrono::seconds{0}) == std::future_status::ready) {
        auto d = saving_.get();
        saveDiagnostics_.insert(saveDiagnostics_.end(), d.begin(), d.end());
        startSave();  // a session shown while the last one was being saved
    }
    return std::exchange(saveDiagnostics_, {});
}

void LiveReload::waitForSave() {
    while (saving_.valid()) {
        saving_.wait();
        auto d = saving_.get();
        saveDiagnostics_.insert(saveDiagnostics_.end(), d.begin(), d.end());
        startSave();
    }
}

void LiveReload::watch(const KioskConfig& config) {
    if (!program_ || program_->path() != config.program) program_.emplace(config.program, settle_);
    if (config.overrides.empty())
        overrides_.reset();
    else if (!overrides_ || overrides_->path() != config.overrides)
        overrides_.emplace(config.overrides, settle_);
    if (config.venue.empty())
        venue_.reset();
    else if (!venue_ || venue_->path() != config.venue)
        venue_.emplace(config.venue, settle_);
    notifier_.watch({config.overrides});
}

void LiveReload::readEmergency() {
    OverridesLoad read = loadOverridesFile(overrides_->path());
    if (!read.emergencyKnown) return;  // not JSON (yet): the whole reload says what is wrong
    EmergencyRead e;
    e.entry = read.emergency;
    e.file = overrides_->path();
    for (Diagnostic& d : read.diagnostics)
        if (d.where.rfind("/emergency", 0) == 0) e.diagnostics.push_back(std::move(d));
    ++reads_;
    emergency_ = std::move(e);
}

void LiveReload::notified() {
    // Drained on every poll, a load in progress or not: a readable descriptor would wake
    // the loop's sleep again at once. Only the overrides file's folder is watched.
    std::vector<std::string> names = notifier_.completed();
    if (!overrides_) return;
    std::string name = std::filesystem::path(overrides_->path()).filename().string();
    if (std::find(names.begin(), names.end(), name) != names.end()) readEmergency();
}

std::chrono::milliseconds LiveReload::interval() const {
    return loading() ? std::chrono::milliseconds{100} : std::chrono::milliseconds{1000};
}

std::optional<LiveReload::Outcome> LiveReload::poll(Steady now) {
    notified();  // the emergency at once, ahead of the reload (which settles as ever)
    if (pending_.valid()) {
        if (pending_.wait_for(std::chrono::seconds{0}) != std::future_status::ready) return std::nullopt;
        Outcome outcome = pending_.get();
        if (outcome.session) {
            watch(outcome.session->config);
            problem_.clear();
            // The load read the overrides file when it began; an emergency renamed in or
            // out since is newer. The file (the new configuration's) is read again now and
            // goes over the outcome (the loop applies the outcome first, then this).
            // Without this, an evacuation vanished when a reload begun a moment before its
            // rename was handed over. Read again, not the earlier read kept: the file may
            // have gone since, or the new configuration name another.
            if (reads_ != readsAtLoad_ && !emergency_ && overrides_) readEmergency();
        } else {
            // The first error says what to fix; the kiosk carries on with what it shows.
            problem_ = outcome.trigger + ": not loaded";
            for (const Diagnostic& d : outcome.diagnostics)
                if (d.severity == Severity::error) {
                    problem_ = format(d);
                    break;
                }
        }
        return outcome;
    }
    bool configChanged = config_.poll(now);
    bool programChanged = program_ && program_->poll(now);
    bool overridesChanged = overrides_ && overrides_->poll(now);
    bool venueChanged = venue_ && venue_->poll(now);
    if (overridesChanged) readEmergency();  // without inotify: when the change has settled
    bool changed = configChanged || programChanged || overridesChanged || venueChanged;
    if (!changed && requested_.empty()) return std::nullopt;
    std::string requestedBy = std::exchange(requested_, std::string());
    readsAtLoad_ = reads_;
    std::string trigger = !changed || configChanged ? configPath_
                          : programChanged          ? program_->path()
                          : overridesChanged        ? overrides_->path()
                                                    : venue_->path();
    pending_ = std::async(std::launch::async, [config = configPath_, program = programOverride_, trigger, requestedBy,
                                               lastGood = lastGood_, load = loader_] {
        Outcome o;
        o.trigger = trigger;
        o.requestedBy = requestedBy;
        try {
            o.session = load(config, program, o.diagnostics);
            // Not saved as the last good copy here: only once it drew a frame (shownWithoutFault).
            // The venue's own copy: kept when the venue is good, shown when only it broke.
            if (o.session && lastGood) lastGood->keepVenue(*o.session, o.diagnostics);
        } catch (const std::exception& e) {  // the loaders do not throw; a reload must never end the kiosk
            o.diagnostics.push_back({Severity::error, trigger, "", std::string("cannot be read: ") + e.what()});
        }
        if (!o.session) blame(o, config, program);
        return o;
    });
    return std::nullopt;
}

void carryClock(const KioskSession& from, KioskSession& to) {
    if (from.config.clock == to.config.clock &&
        from.program->conference.zone.name() == to.program->conference.zone.name())
        to.clock = from.clock;
}

}  // namespace hallboard
