// See rotation.hpp.
#include "kiosk/rotation.hpp"

#include <algorithm>

namespace hallboard {

namespace {

std::vector<PlanPage> plainPages(const std::vector<Rotation::Ms>& durations) {
    std::vector<PlanPage> pages;
    for (std::size_t i = 0; i < durations.size(); ++i)
        pages.push_back(PlanPage{"page " + std::to_string(i + 1), false, durations[i], 0});
    return pages;
}

std::vector<Rotation::Ms> durationsOf(const std::vector<PlanPage>& pages) {
    std::vector<Rotation::Ms> out;
    for (const auto& p : pages) out.push_back(p.duration);
    return out;
}

bool sameKinds(const std::vector<PlanPage>& a, const std::vector<PlanPage>& b) {
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](const PlanPage& x, const PlanPage& y) {
               return x.home == y.home && x.name == y.name;
           });
}

}  // namespace

Rotation::Rotation(std::vector<Ms> durations, Ms transition)
    : Rotation(plainPages(durations), CycleLimits{Ms{0}, Ms{0}}, transition) {}

Rotation::Rotation(std::vector<PlanPage> pages, CycleLimits limits, Ms transition)
    : pages_(std::move(pages)), durations_(durationsOf(pages_)), limits_(limits), transition_(transition) {}

Rotation Rotation::fromConfig(const KioskConfig& config) {
    return Rotation(planPages(config), cycleLimits(config),
                    config.transition == TransitionKind::none ? Ms{0} : config.transitionDuration);
}

void Rotation::setPlan(std::vector<PlanPage> pages, CycleLimits limits, Ms transition) {
    bool samePages = sameKinds(pages, pages_);
    pages_ = std::move(pages);
    durations_ = durationsOf(pages_);
    limits_ = limits;
    transition_ = transition;
    syncHint_.reset();  // synced: the next update finds the step anew
    syncedStart_.reset();
    if (!samePages) {  // other pages: start over at the first that has something
        started_ = false;
        cycle_ = Cycle{};
        step_ = 0;
        current_.reset();
        previous_.reset();
        return;
    }
    // The cycle in view takes the new times at once; the next one is planned with all
    // of the new settings.
    for (auto& s : cycle_.steps) s.duration = pages_[s.page].duration;
}

void Rotation::plan(const SubpageCount& count) {
    std::vector<int> screens;
    for (std::size_t i = 0; i < pages_.size(); ++i) screens.push_back(count(i));
    Cursors from = cycle_.next;  // the home pages go on where the last cycle left them
    cycle_ = planCycle(pages_, screens, from, limits_);
    step_ = 0;
}

bool Rotation::exists(const CycleStep& step, const SubpageCount& count) const {
    return step.page < pages_.size() && step.screen < count(step.page);
}

void Rotation::advanceFrom(std::size_t from, const SubpageCount& count) {
    for (std::size_t i = from; i < cycle_.steps.size(); ++i)
        if (exists(cycle_.steps[i], count)) {
            step_ = i;
            return;
        }
    plan(count);
}

std::optional<Rotation::Slot> Rotation::slotOf(std::size_t step) const {
    if (step >= cycle_.steps.size()) return std::nullopt;
    return Slot{cycle_.steps[step].page, cycle_.steps[step].screen};
}

void Rotation::switchTo(std::optional<Slot> slot, Steady at) {
    if (slot == current_) {
        shownAt_ = at;
        return;
    }
    previous_ = current_;
    current_ = slot;
    shownAt_ = at;
}

void Rotation::update(Steady now, const SubpageCount& count) {
    update(now, std::chrono::time_point_cast<std::chrono::milliseconds>(std::chrono::system_clock::now()), count);
}

void Rotation::updateSynced(Steady now, WallTime wall, const SubpageCount& count) {
    std::vector<int> screens;
    for (std::size_t i = 0; i < pages_.size(); ++i) screens.push_back(count(i));
    auto synced = syncedStep(pages_, screens, limits_, wall, &syncHint_);
    if (!synced) {
        if (current_) switchTo(std::nullopt, now);
        started_ = true;
        syncedStart_.reset();
        cycle_ = Cycle{};
        step_ = 0;
        return;
    }
    auto steadyAt = [&](WallTime t) { return now + std::chrono::duration_cast<Steady::duration>(t - wall); };
    bool manual = current_ && step_ < cycle_.steps.size() && exists(cycle_.steps[step_], count) && started_ &&
                  syncedStart_ == synced->start;  // still the scheduled step: a page turned by hand stays
    syncedEnd_ = steadyAt(synced->end);
    if (manual) return;
    cycle_ = std::move(synced->cycle);
    step_ = synced->step;
    if (!started_) {  // joining mid-step: no transition, and the step counts from when it began
        started_ = true;
        current_ = slotOf(step_);
        previous_.reset();
        shownAt_ = steadyAt(synced->start);
    } else {
        switchTo(slotOf(step_), std::min(now, steadyAt(synced->start)));
    }
    syncedStart_ = synced->start;
}

void Rotation::update(Steady now, WallTime wall, const SubpageCount& count) {
    if (limits_.wallClock) {
        updateSynced(now, wall, count);
        return;
    }
    if (!started_) {
        started_ = true;
        plan(count);
        current_ = slotOf(0);
        previous_.reset();
        shownAt_ = now;
        return;
    }
    // The screen in view may have gone (a session ended, the program changed): a new
    // cycle from what there is now.
    if (!current_ || step_ >= cycle_.steps.size() || !exists(cycle_.steps[step_], count)) {
        plan(count);
        switchTo(slotOf(0), now);
        if (!current_) return;
    }
    // Screens whose time is up; after a long sleep, continue from now, not from then.
    for (int guard = 0; guard < 1000; ++guard) {
        Ms duration = cycle_.steps[step_].duration;
        if (now - shownAt_ < duration) break;
        Steady due = shownAt_ + duration;
        if (now - due > duration) due = now;
        advanceFrom(step_ + 1, count);
        switchTo(slotOf(step_), due);
        if (!current_) break;
    }
}

Rotation::Frame Rotation::frame(Steady now) const {
    Frame f;
    f.current = current_;
    auto since = now - shownAt_;
    if (previous_ && transition_.count() > 0 && since < transition_) {
        f.previous = previous_;
        f.transition = std::clamp(std::chrono::duration<double>(since).count() /
                                      std::chrono::duration<double>(transition_).count(),
                                  0.0, 1.0);
    }
    return f;
}

Rotation::Steady Rotation::nextChange(Steady now, Ms frameInterval) const {
    if (!current_) return now + Ms{60000};
    if (previous_ && now - shownAt_ < transition_) return now + frameInterval;
    if (limits_.wallClock) return std::max(syncedEnd_, now);
    Ms duration = step_ < cycle_.steps.size() ? cycle_.steps[step_].duration : durations_[current_->page];
    return shownAt_ + duration;
}

void Rotation::show(std::size_t page, int subpage, Steady now) {
    if (page >= pages_.size()) return;
    started_ = true;
    Slot slot{page, std::max(subpage, 0)};
    auto& steps = cycle_.steps;
    auto found = std::find_if(steps.begin(), steps.end(), [&](const CycleStep& s) {
        return Slot{s.page, s.screen} == slot;
    });
    if (found != steps.end()) {
        step_ = static_cast<std::size_t>(found - steps.begin());
    } else {  // not in this cycle: shown now, and the cycle goes on after it
        std::size_t at = current_ ? std::min(step_ + 1, steps.size()) : std::min(step_, steps.size());
        steps.insert(steps.begin() + static_cast<std::ptrdiff_t>(at),
                     CycleStep{page, slot.subpage, pages_[page].duration, pages_[page].home});
        step_ = at;
    }
    switchTo(slot, now);
}

void Rotation::next(Steady now, const SubpageCount& count) {
    if (!current_) return;
    advanceFrom(step_ + 1, count);
    switchTo(slotOf(step_), now);
}

void Rotation::previous(Steady now, const SubpageCount& count) {
    if (!current_) return;
    // Back within the cycle; from its first step, round to its last (the cycle before
    // is gone, and this one's last step is what comes before the next cycle's first).
    std::size_t n = cycle_.steps.size();
    for (std::size_t back = 1; back < n; ++back) {
        std::size_t i = (step_ + n - back) % n;
        if (exists(cycle_.steps[i], count)) {
            step_ = i;
            switchTo(slotOf(i), now);
            return;
        }
    }
}

}  // namespace hallboard
