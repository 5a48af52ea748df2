// The emergency takeover (#31.1, model/emergency.hpp): drawn over everything (the rotation,
// browsing, slides, quiet hours) while the overrides file's emergency is active. Red for
// an evacuation, amber for sheltering and notices, the kind in words (never by colour
// alone), "DRILL" when it is one, the organiser's title huge and their text; for an
// evacuation the way from this screen to the nearest exit (arrow, minutes, the steps, the
// step-free way and whether it takes a lift, and the floor map), or without one "Follow
// the stewards' directions". The organiser's words are shown as written; the kiosk's own
// are in the language of the moment (the loop takes each configured language in turn:
// platform/kiosk_loop.cpp). Nothing on it can be touched.
#pragma once

#include "ui/canvas.hpp"
#include "ui/kiosk_view.hpp"

namespace hallboard::ui {

// The kind in the kiosk's words: "Evacuate", "Shelter in place", "Notice".
std::string emergencyKindWords(EmergencyKind kind);

// The whole screen for view.emergency (which must be set).
void drawEmergency(const KioskView& view, Canvas& c);

}  // namespace hallboard::ui
