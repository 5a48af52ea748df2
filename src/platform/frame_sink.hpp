// See FrameSink below.
#pragma once

#include <SDL.h>

#include "kiosk/panel_geometry.hpp"

namespace hallboard::platform {

// Where each presented frame also goes: a panel the kiosk drives itself (DRM dumb
// buffers, platform/dumb_panel.hpp), or a test's stand-in for one.
class FrameSink {
public:
    virtual ~FrameSink() = default;
    // Puts the frame (the window's surface) on the panel; false when it did not get there.
    virtual bool show(SDL_Surface* frame) = 0;
    // How the picture lies on the panel: size() is the picture's, turned by this.
    virtual PanelTurn turn() const = 0;
};

}  // namespace hallboard::platform
