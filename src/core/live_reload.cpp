// See live_reload.hpp.
#include "core/live_reload.hpp"

namespace hallboard {

LiveReload::LiveReload(std::string configPath, std::string programOverride, const KioskSession& current,
                       std::chrono::milliseconds settle, const LastGood* lastGood)
    : configPath_(std::move(configPath)), programOverride_(std::move(programOverride)), settle_(settle),
      config_(configPath_, settle), lastGood_(lastGood) {
    watch(current.config);
}

void LiveReload::watch(const KioskConfig& config) {
    if (!program_ || program_->path() != config.program) program_.emplace(config.program, settle_);
    if (config.overrides.empty()) overrides_.reset();
    else if (!overrides_ || overrides_->path() != config.overrides) overrides_.emplace(config.overrides, settle_);
}

std::chrono::milliseconds LiveReload::interval() const {
    return loading() ? std::chrono::milliseconds{100} : std::chrono::milliseconds{1000};
}

std::optional<LiveReload::Outcome> LiveReload::poll(Steady now) {
    if (pending_.valid()) {
        if (pending_.wait_for(std::chrono::seconds{0}) != std::future_status::ready) return std::nullopt;
        Outcome outcome = pending_.get();
        if (outcome.session) {
            watch(outcome.session->config);
            problem_.clear();
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
    if (!configChanged && !programChanged && !overridesChanged) return std::nullopt;
    std::string trigger = configChanged ? configPath_ : programChanged ? program_->path() : overrides_->path();
    pending_ = std::async(std::launch::async, [config = configPath_, program = programOverride_, trigger,
                                               lastGood = lastGood_] {
        Outcome o;
        o.trigger = trigger;
        try {
            o.session = KioskSession::load(config, program, o.diagnostics);
            std::string error;
            if (o.session && lastGood && !lastGood->dir().empty() && !lastGood->save(*o.session, error))
                o.diagnostics.push_back({Severity::warning, lastGood->bundlePath(), "", "last good copy not saved: " + error});
        } catch (const std::exception& e) {  // the loaders do not throw; a reload must never end the kiosk
            o.diagnostics.push_back({Severity::error, trigger, "", std::string("cannot be read: ") + e.what()});
        }
        return o;
    });
    return std::nullopt;
}

void carryClock(const KioskSession& from, KioskSession& to) {
    if (from.config.clock == to.config.clock && from.program->conference.zone.name() == to.program->conference.zone.name())
        to.clock = from.clock;
}

}  // namespace hallboard
