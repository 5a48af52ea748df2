// A video wall ("wall" in the config): the page is laid out for the whole wall, and this
// screen shows its column and row of it. The wall's size, this screen's tile, copies of
// wall-sized pictures onto the tile, and the display as type sizing sees a wall.
#pragma once

#include <optional>

#include <SDL.h>
#include <imgui.h>

#include "kiosk/kiosk_config.hpp"

namespace hallboard::platform {

class WallTiling {
public:
    explicit WallTiling(SDL_Renderer* renderer) : renderer_(renderer) {}

    // True when the wall changed: what was laid out for the old one is of no use.
    bool set(const WallConfig& wall);
    bool active() const { return wall_.active(); }
    // What pages are laid out for, for a screen of `screen` pixels: the whole wall (the
    // screen itself without a wall).
    ImVec2 wallSize(ImVec2 screen) const;
    // This screen's part of the wall, in wall pixels (the whole screen without a wall).
    SDL_Rect tile(ImVec2 screen) const;
    // Copies `src` of a wall-sized texture to `dst` (wall pixels) as far as `dst` falls
    // on this screen's tile.
    void copyPart(SDL_Texture* texture, SDL_Rect src, SDL_Rect dst, ImVec2 screen) const;
    // A wall of panels has their pixel pitch: its diagonal is the panel's, scaled to the
    // wall (the configured one, else the reported one, else the 43" default).
    void scaleDiagonal(DisplayConfig& display, std::optional<double>& reported, ImVec2 screen) const;

private:
    SDL_Renderer* renderer_;
    WallConfig wall_;
};

}  // namespace hallboard::platform
