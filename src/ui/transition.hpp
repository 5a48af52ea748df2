// What a frame of the rotation shows: one page's screen, or two pages mid-transition.
// Decided here once (transitionOf) for both ways the renderer shows it: composited from
// two cached screens (platform/screen_cache.cpp) and drawn directly, the two pages on one
// canvas (kiosk_screen.cpp, where there are no cached screens: browsing, a screen past
// the pixel limit, a renderer without render targets). Both read the same kind, pages,
// progress and slide offset, so they cannot disagree.
#pragma once

#include <optional>

#include "kiosk/kiosk_config.hpp"
#include "kiosk/rotation.hpp"

namespace hallboard::ui {

struct KioskView;

struct Transition {
    TransitionKind kind = TransitionKind::none;  // none: `to` alone, whole
    std::optional<Rotation::Slot> from;          // the page leaving; set unless kind is none
    std::optional<Rotation::Slot> to;            // the page coming in (none: the welcome screen)
    float progress = 1;                          // eased: 0 at the switch, 1 when `to` is all there is

    bool moving() const { return kind != TransitionKind::none; }
    // A slide over a band `width` pixels wide: how far both pages have moved left. The
    // old page's left edge is at -shift, the new page's at width - shift: they meet.
    int slideShift(float width) const;
};

// The transition of a rotation frame under the view's configuration: none without a
// page before or with transitions off.
Transition transitionOf(const KioskView& view, const Rotation::Frame& frame);

// Eased progress of a transition (smoothstep): gentle start and end.
float transitionProgress(double t);

}  // namespace hallboard::ui
