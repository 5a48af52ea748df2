// See transition.hpp.
#include "ui/transition.hpp"

#include <algorithm>
#include <cmath>

#include "ui/kiosk_view.hpp"

namespace hallboard::ui {

float transitionProgress(double t) {
    auto x = static_cast<float>(std::clamp(t, 0.0, 1.0));
    return x * x * (3 - 2 * x);
}

int Transition::slideShift(float width) const {
    return static_cast<int>(std::lround(progress * width));
}

Transition transitionOf(const KioskView& view, const Rotation::Frame& frame) {
    Transition t;
    t.to = frame.current;
    TransitionKind kind = view.config ? view.config->transition : TransitionKind::none;
    if (!frame.previous || kind == TransitionKind::none) return t;
    t.kind = kind;
    t.from = frame.previous;
    t.progress = transitionProgress(frame.transition);
    return t;
}

}  // namespace hallboard::ui
