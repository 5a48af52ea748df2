// See kinetic.hpp. A flick decays exponentially (time constant about a third of a
// second, as on phones); past an end the list is pulled back by a critically damped
// spring, and a drag past an end moves at half speed so the edge feels elastic.
#include "browse/kinetic.hpp"

#include <algorithm>
#include <cmath>

namespace hallboard::browse {

namespace {
constexpr float kDecay = 0.325f;     // seconds: velocity falls to 1/e
constexpr float kSpring = 14.0f;     // 1/s: how fast an overscroll returns
constexpr float kStopSpeed = 12.0f;  // px/s: slower than this is at rest
constexpr float kMaxSpeed = 12000.0f;
}  // namespace

void Kinetic::setRange(float max, float before) {
    min_ = -std::max(0.0f, before);
    max_ = std::max(0.0f, max);
    if (!held_ && !moving()) offset_ = std::clamp(offset_, min_, max_);
}

void Kinetic::grab() {
    held_ = true;
    velocity_ = 0;
}

void Kinetic::dragBy(float delta) {
    auto over = [&](float v) { return v < min_ ? min_ - v : (v > max_ ? v - max_ : 0.0f); };
    float next = offset_ + delta;
    float more = over(next) - over(offset_);  // how much further past an end
    if (more > 0) next -= (delta > 0 ? more : -more) * 0.5f;
    offset_ = next;
}

void Kinetic::release(float velocity) {
    held_ = false;
    velocity_ = std::clamp(velocity, -kMaxSpeed, kMaxSpeed);
}

void Kinetic::jumpTo(float offset) {
    velocity_ = 0;
    offset_ = std::clamp(offset, min_, max_);
}

void Kinetic::scrollBy(float delta) {
    jumpTo(offset_ + delta);
}

bool Kinetic::moving() const {
    if (held_) return false;
    return std::fabs(velocity_) > kStopSpeed || offset_ < min_ - 0.5f || offset_ > max_ + 0.5f;
}

bool Kinetic::step(float seconds) {
    if (held_ || seconds <= 0) return false;
    // Small fixed steps keep the spring stable whatever the frame rate.
    while (seconds > 0) {
        float dt = std::min(seconds, 1.0f / 120.0f);
        seconds -= dt;
        float target = std::clamp(offset_, min_, max_);
        if (offset_ != target) {
            // Past an end: a critically damped spring towards it.
            float x = offset_ - target;
            float a = -kSpring * kSpring * x - 2.0f * kSpring * velocity_;
            velocity_ += a * dt;
            offset_ += velocity_ * dt;
            if ((x > 0) != (offset_ - target > 0)) {  // crossed the end: settle there
                offset_ = target;
                velocity_ = 0;
            }
        } else {
            offset_ += velocity_ * dt;
            velocity_ *= std::exp(-dt / kDecay);
        }
        if (std::fabs(velocity_) <= kStopSpeed && offset_ >= min_ - 0.5f && offset_ <= max_ + 0.5f) {
            velocity_ = 0;
            offset_ = std::clamp(offset_, min_, max_);
            return false;
        }
    }
    return moving();
}

}  // namespace hallboard::browse
