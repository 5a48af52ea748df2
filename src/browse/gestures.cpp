// See gestures.hpp.
#include "browse/gestures.hpp"

#include <algorithm>
#include <cmath>

namespace hallboard::browse {

namespace {
constexpr double kTapTime = 0.8;         // seconds: longer is a press without a tap
constexpr double kVelocityWindow = 0.1;  // seconds of movement that set the flick speed
}  // namespace

std::vector<Gesture> GestureRecognizer::feed(const Pointer& p) {
    std::vector<Gesture> out;
    switch (p.type) {
    case Pointer::Type::down: fingerDown(p, out); break;
    case Pointer::Type::move:
        if (down_) fingerMoved(p, out);
        break;
    case Pointer::Type::up:
    case Pointer::Type::cancel:
        if (down_) fingerLifted(p, out);
        break;
    }
    return out;
}

float GestureRecognizer::slop() const {
    return std::max(10.0f, 18.0f * unit_);
}

void GestureRecognizer::fingerDown(const Pointer& p, std::vector<Gesture>& out) {
    down_ = true;
    mode_ = Mode::undecided;
    x0_ = p.x;
    y0_ = lastY_ = p.y;
    t0_ = p.time;
    recent_.assign(1, {p.x, p.y, p.time});
    out.push_back({Gesture::Kind::press, p.x, p.y});
}

void GestureRecognizer::fingerMoved(const Pointer& p, std::vector<Gesture>& out) {
    recent_.push_back({p.x, p.y, p.time});
    while (recent_.size() > 2 && p.time - recent_.front().t > kVelocityWindow) recent_.erase(recent_.begin());
    if (mode_ == Mode::undecided) decideDirection(p, out);
    if (mode_ == Mode::vertical) {
        out.push_back({Gesture::Kind::drag, x0_, y0_, 0, lastY_ - p.y});
        lastY_ = p.y;
    }
}

void GestureRecognizer::decideDirection(const Pointer& p, std::vector<Gesture>& out) {
    float dx = p.x - x0_, dy = p.y - y0_;
    if (std::hypot(dx, dy) <= slop()) return;
    mode_ = std::fabs(dy) >= std::fabs(dx) ? Mode::vertical : Mode::horizontal;
    if (mode_ == Mode::vertical) {
        out.push_back({Gesture::Kind::dragStart, x0_, y0_});
        lastY_ = y0_;
    }
}

void GestureRecognizer::fingerLifted(const Pointer& p, std::vector<Gesture>& out) {
    down_ = false;
    recent_.push_back({p.x, p.y, p.time});
    if (p.type == Pointer::Type::cancel) {
        if (mode_ == Mode::vertical) out.push_back({Gesture::Kind::dragEnd, x0_, y0_, 0, 0, 0});
    } else if (mode_ == Mode::vertical) {
        endDrag(p, out);
    } else if (mode_ == Mode::horizontal) {
        endSwipe(p, out);
    } else if (p.time - t0_ <= kTapTime) {
        out.push_back({Gesture::Kind::tap, x0_, y0_});
    }
    mode_ = Mode::undecided;
}

GestureRecognizer::Velocity GestureRecognizer::velocity(const Pointer& p) const {
    const Sample& first = recent_.front();
    double span = std::max(1e-3, p.time - first.t);
    return {static_cast<float>((p.x - first.x) / span), static_cast<float>((p.y - first.y) / span)};
}

void GestureRecognizer::endDrag(const Pointer& p, std::vector<Gesture>& out) {
    if (lastY_ != p.y) out.push_back({Gesture::Kind::drag, x0_, y0_, 0, lastY_ - p.y});
    // A finger resting before it lifts does not fling.
    out.push_back({Gesture::Kind::dragEnd, x0_, y0_, 0, 0, -velocity(p).y});
}

void GestureRecognizer::endSwipe(const Pointer& p, std::vector<Gesture>& out) {
    float dx = p.x - x0_;
    float vx = velocity(p).x;
    // Far enough, or short and fast.
    if (std::fabs(dx) > width_ * 0.18f || (std::fabs(vx) > 900.0f * unit_ && std::fabs(dx) > slop() * 2))
        out.push_back({Gesture::Kind::swipe, x0_, y0_, dx, p.y - y0_});
}

}  // namespace hallboard::browse
