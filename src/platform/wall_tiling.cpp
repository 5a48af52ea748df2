// See wall_tiling.hpp.
#include "platform/wall_tiling.hpp"

#include <algorithm>
#include <cmath>

namespace hallboard::platform {

bool WallTiling::set(const WallConfig& wall) {
    if (wall == wall_) return false;
    wall_ = wall;
    return true;
}

ImVec2 WallTiling::wallSize(ImVec2 screen) const {
    return ImVec2{screen.x * static_cast<float>(wall_.columns), screen.y * static_cast<float>(wall_.rows)};
}

SDL_Rect WallTiling::tile(ImVec2 screen) const {
    int w = static_cast<int>(screen.x), h = static_cast<int>(screen.y);
    return SDL_Rect{(wall_.column - 1) * w, (wall_.row - 1) * h, w, h};
}

void WallTiling::copyPart(SDL_Texture* texture, SDL_Rect src, SDL_Rect dst, ImVec2 screen) const {
    SDL_Rect shownTile = tile(screen), shown{};
    if (!SDL_IntersectRect(&dst, &shownTile, &shown)) return;
    SDL_Rect from{src.x + (shown.x - dst.x), src.y + (shown.y - dst.y), shown.w, shown.h};
    SDL_Rect to{shown.x - shownTile.x, shown.y - shownTile.y, shown.w, shown.h};
    SDL_RenderCopy(renderer_, texture, &from, &to);
}

void WallTiling::scaleDiagonal(DisplayConfig& display, std::optional<double>& reported, ImVec2 screen) const {
    if (!wall_.active()) return;
    ImVec2 s = wallSize(screen);
    double factor =
        std::hypot(s.x, s.y) / std::max(1.0, std::hypot(static_cast<double>(screen.x), static_cast<double>(screen.y)));
    if (display.diagonalInches)
        display.diagonalInches = *display.diagonalInches * factor;
    else if (reported)
        reported = *reported * factor;
    else
        display.diagonalInches = 43.0 * factor;  // the panel default, scaled
}

}  // namespace hallboard::platform
