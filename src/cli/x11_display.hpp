// What the X server a desktop kiosk would run under says of switching its display off,
// for `hallboard check --config`: asked as the kiosk's X11 path asks (platform/panel.cpp),
// through libX11 and libXext loaded at run time (the windowless commands link no X
// library; without them it says so).
#pragma once

#include <string>

namespace hallboard {

// Empty when the X server on `display` (as $DISPLAY names it) has the DPMS extension and
// can switch its display off (DPMSCapable); else why not: "the X server on :99 has no
// DPMS extension", "the X display :0 cannot be opened".
std::string x11WhyNotOff(const std::string& display);

}  // namespace hallboard
