// How large type must be to be read on this screen from where people stand. Signage
// practice asks for about 2.5 mm of character height (the lowercase x-height) per metre
// of reading distance: 7.5 mm from three metres. The screen's pixel pitch turns that
// into pixels: the same panel gives the same pixel sizes landscape or portrait, a 4K
// panel twice the pixels of a 1080p one, a small panel read from close fewer.
//
// Pages lay out from `textPx`: no informative text is smaller (times, titles, names,
// "ends in"); `anyPx` is the floor for everything else (column heads, small print). A
// page that cannot fit its content at these sizes shows fewer items or more screens.
#pragma once

#include <optional>
#include <string>

#include "kiosk/kiosk_config.hpp"
#include "kiosk/panel_geometry.hpp"

namespace hallboard {

struct ReadingSize {
    double diagonalInches = 43;
    std::string diagonalFrom;  // "the configuration", "the display", "the 43-inch default"
    double distanceMetres = 3;
    double pixelsPerMm = 0;
    double xHeightMm = 0;          // the character height asked for
    float textPx = 0;              // smallest size of informative text, in pixels
    float anyPx = 0;               // smallest size of anything drawn as text
    std::string describe() const;  // one line for the log and `check`
};

inline constexpr double kDefaultDiagonalInches = 43;
inline constexpr double kXHeightMmPerMetre = 2.5;
// Sizes are font sizes (the em): a font's x-height is about half of it (0.50-0.55 for
// the sans faces used; taking 0.5 keeps letters at least as tall as asked).
inline constexpr double kXHeightPerEm = 0.5;
// Anything not read for information may be a fifth smaller.
inline constexpr double kDecorationRatio = 0.8;
// Below these, glyphs lose their shapes to the pixel grid whatever the distance.
inline constexpr float kMinTextPx = 16, kMinAnyPx = 13;

// A diagonal the display reports (from its EDID, through SDL) when it is believable:
// between 4 and 150 inches, and not 96 or 72 dpi, which X servers report when they
// do not know the panel. `dpi` is SDL's diagonal dpi.
std::optional<double> reportedDiagonal(int widthPx, int heightPx, float dpi);

// `display.diagonal_inches`, else the reported diagonal, else 43 inches;
// `display.viewing_distance_m`; `theme.scale` enlarges (never below the floor).
ReadingSize readingSize(const DisplayConfig& display, double themeScale, int widthPx, int heightPx,
                        std::optional<double> reported = std::nullopt);

// Where touch browsing puts its controls on this display (kiosk/panel_geometry.hpp:
// reachBand): the configured mount ("bottom_edge_m"), else a portrait panel's typical one
// (kTypicalPortraitBottomEdgeMetres); none for a landscape panel whose mount is not
// configured, whose controls stay at the top. `layout`: the reach layout, controls at the
// bottom (inside the band, or as near it as the panel allows when it hangs above it).
struct Reach {
    std::optional<double> bottomEdgeMetres;
    bool assumed = false;  // the typical portrait mount, not the configuration's
    ReachBand band;
    bool layout = false;
    int height = 0;                // the picture's rows
    std::string describe() const;  // one line for `check --config`
};
Reach reachOf(const DisplayConfig& display, double diagonalInches, int widthPx, int heightPx, bool portrait);

}  // namespace hallboard
