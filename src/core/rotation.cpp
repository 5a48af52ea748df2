// See rotation.hpp.
#include "core/rotation.hpp"

#include <algorithm>

namespace hallboard {

Rotation::Rotation(std::vector<Ms> durations, Ms transition)
    : durations_(std::move(durations)), transition_(transition) {}

Rotation Rotation::fromConfig(const KioskConfig& config) {
    std::vector<Ms> durations;
    for (const auto& p : config.rotation) durations.push_back(p.duration);
    return Rotation(durations, config.transition == TransitionKind::none ? Ms{0} : config.transitionDuration);
}

void Rotation::setTiming(std::vector<Ms> durations, Ms transition) {
    bool samePages = durations.size() == durations_.size();
    durations_ = std::move(durations);
    transition_ = transition;
    if (!samePages) {  // other pages: start over at the first that has something
        started_ = false;
        current_.reset();
        previous_.reset();
    }
}

std::optional<Rotation::Slot> Rotation::first(const SubpageCount& count) const {
    for (std::size_t i = 0; i < durations_.size(); ++i)
        if (count(i) > 0) return Slot{i, 0};
    return std::nullopt;
}

std::optional<Rotation::Slot> Rotation::after(Slot slot, const SubpageCount& count) const {
    if (durations_.empty()) return std::nullopt;
    if (slot.page < durations_.size() && slot.subpage + 1 < count(slot.page)) return Slot{slot.page, slot.subpage + 1};
    for (std::size_t step = 1; step <= durations_.size(); ++step) {
        std::size_t i = (slot.page + step) % durations_.size();
        if (count(i) > 0) return Slot{i, 0};
    }
    return std::nullopt;
}

std::optional<Rotation::Slot> Rotation::before(Slot slot, const SubpageCount& count) const {
    if (durations_.empty()) return std::nullopt;
    if (slot.subpage > 0 && slot.page < durations_.size()) {
        int n = count(slot.page);
        if (n > 0) return Slot{slot.page, std::min(slot.subpage - 1, n - 1)};
    }
    for (std::size_t step = 1; step <= durations_.size(); ++step) {
        std::size_t i = (slot.page + durations_.size() - step) % durations_.size();
        if (int n = count(i); n > 0) return Slot{i, n - 1};
    }
    return std::nullopt;
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
    if (!started_) {
        started_ = true;
        current_ = first(count);
        previous_.reset();
        shownAt_ = now;
        return;
    }
    // The page in view may have lost its content (a session ended, the program changed).
    if (!current_ || current_->page >= durations_.size() || current_->subpage >= count(current_->page)) {
        std::optional<Slot> replacement = current_ ? after(*current_, count) : first(count);
        if (current_ && replacement && replacement->page == current_->page && replacement->subpage >= count(current_->page))
            replacement = first(count);
        switchTo(replacement, now);
        if (!current_) return;
    }
    // Whole pages whose time is up; after a long sleep, continue from now, not from then.
    for (int guard = 0; guard < 1000; ++guard) {
        Ms duration = durations_[current_->page];
        if (now - shownAt_ < duration) break;
        Steady due = shownAt_ + duration;
        if (now - due > duration) due = now;
        switchTo(after(*current_, count), due);
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
    return shownAt_ + durations_[current_->page];
}

void Rotation::show(std::size_t page, int subpage, Steady now) {
    if (page >= durations_.size()) return;
    started_ = true;
    switchTo(Slot{page, std::max(subpage, 0)}, now);
}

void Rotation::next(Steady now, const SubpageCount& count) {
    if (!current_) return;
    switchTo(after(*current_, count), now);
}

void Rotation::previous(Steady now, const SubpageCount& count) {
    if (!current_) return;
    switchTo(before(*current_, count), now);
}

}  // namespace hallboard
