// A panel driven without a GPU (platform/dumb_panel.hpp): which of the display's modes to
// use, and how a frame drawn in software is copied into the panel's buffer, turned by the
// kiosk's own rotation (display.rotate) and converted to the buffer's pixel order. No
// device here: what can be tested without a screen.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

namespace hallboard {

// One mode a connector offers (from DRM's mode list).
struct PanelMode {
    int width = 0, height = 0;
    int refresh = 0;         // Hz
    bool preferred = false;  // DRM_MODE_TYPE_PREFERRED: the panel's native mode
};

// The mode to drive the panel in: the panel's preferred mode (the first one so marked),
// else the largest (then the fastest) usable one. Empty when none is usable.
std::optional<std::size_t> choosePanelMode(const std::vector<PanelMode>& modes);

// A quarter-turn rotation of the picture on the panel, clockwise in degrees: 0, 90, 180
// or 270. 90 is for a panel mounted turned a quarter anticlockwise (its top edge on the
// left): the picture is turned a quarter clockwise so that it stands upright.
struct PanelTurn {
    int degrees = 0;
    bool quarter() const { return degrees == 90 || degrees == 270; }
};

// The size the kiosk lays its pages out for (its logical screen) on a panel of this size:
// the panel's own size, or with a quarter turn the panel's height by its width.
struct PixelSize {
    int width = 0, height = 0;
    bool operator==(const PixelSize&) const = default;
};
PixelSize logicalSize(PixelSize panel, PanelTurn turn);

// Where a point of the kiosk's picture (logical pixels, fractional, of a `logical` screen)
// appears on the panel, and back: a touch or pointer on the panel's pixels goes back to
// the picture's coordinates so that it meets what is drawn there. Coordinates are
// continuous (0..width): the picture's top-left corner is (0, 0) whatever the turn.
struct PointF {
    float x = 0, y = 0;
};
PointF pictureToPanel(PointF p, PixelSize logical, PanelTurn turn);
PointF panelToPicture(PointF p, PixelSize logical, PanelTurn turn);

// Where a visitor can reach on the panel: ADA 2010 §308 (forward and side reach) and
// EN 301 549 §5 ask for controls between 0.38 m and 1.22 m above the floor, which a
// seated visitor reaches as well as a standing one.
inline constexpr double kReachLowMetres = 0.38, kReachHighMetres = 1.22;
// A portrait panel whose mount is not configured is taken to stand as a floor-standing
// kiosk does: the lower edge of the picture 0.8 m above the floor (a 43-inch panel's
// top edge at 1.75 m).
inline constexpr double kTypicalPortraitBottomEdgeMetres = 0.8;

// The rows of a picture `size` pixels on a panel `diagonalInches` across (square pixels,
// the picture filling the panel) whose lower edge is `bottomEdgeMetres` above the floor
// that lie within reach: [top, bottom), from the picture's top. Empty (top == bottom)
// when no row is: `above` then says the whole panel hangs above the band (else below it).
struct ReachBand {
    double pictureHeightMetres = 0;
    int top = 0, bottom = 0;
    bool above = false;
    bool reachable() const { return bottom > top; }
};
// Nothing reachable for sizes or lengths that are not positive and finite.
ReachBand reachBand(double diagonalInches, PixelSize picture, double bottomEdgeMetres);

// The byte order of a 32-bit pixel in memory, as SDL and DRM name them for a
// little-endian machine: xrgb (DRM's XRGB8888, SDL's RGB888/ARGB8888: blue first in
// memory) or xbgr (DRM's XBGR8888, SDL's BGR888/ABGR8888: red first).
enum class PixelOrder { xrgb, xbgr };

// A picture in memory: `pitch` bytes a row of `size` 32-bit pixels in `order`.
struct PictureRows {
    const std::uint8_t* pixels = nullptr;
    std::size_t pitch = 0;
    PixelSize size;
    PixelOrder order = PixelOrder::xrgb;
};
// A panel's buffer: `pitch` bytes a row of `size` XRGB8888 pixels.
struct PanelRows {
    std::uint8_t* pixels = nullptr;
    std::size_t pitch = 0;
    PixelSize size;
};

// Copies the picture `src` (its logical size) into the panel buffer `dst`, turned by `turn`
// and converted from the picture's order. A picture smaller than the panel (turned) is
// centred on black; a larger one is cut at the panel's edges. The alpha byte is written as
// 0xff. Nothing for sizes or pitches that do not fit (false).
bool copyToPanel(const PictureRows& src, const PanelRows& dst, PanelTurn turn);

}  // namespace hallboard
