// See legibility.hpp.
#include "kiosk/legibility.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace hallboard {

std::optional<double> reportedDiagonal(int widthPx, int heightPx, float dpi) {
    if (widthPx <= 0 || heightPx <= 0 || !(dpi > 0) || !std::isfinite(dpi)) return std::nullopt;
    if (std::fabs(dpi - 96.0f) < 0.5f || std::fabs(dpi - 72.0f) < 0.5f) return std::nullopt;
    double diagonal = std::hypot(static_cast<double>(widthPx), static_cast<double>(heightPx)) / dpi;
    if (diagonal < 4 || diagonal > 150) return std::nullopt;
    return diagonal;
}

ReadingSize readingSize(const DisplayConfig& display, double themeScale, int widthPx, int heightPx,
                        std::optional<double> reported) {
    ReadingSize r;
    if (display.diagonalInches) {
        r.diagonalInches = *display.diagonalInches;
        r.diagonalFrom = "the configuration";
    } else if (reported) {
        r.diagonalInches = *reported;
        r.diagonalFrom = "the display";
    } else {
        r.diagonalInches = kDefaultDiagonalInches;
        r.diagonalFrom = "the 43-inch default";
    }
    r.distanceMetres = display.viewingDistanceMetres;
    double diagonalPx =
        std::hypot(static_cast<double>(std::max(widthPx, 1)), static_cast<double>(std::max(heightPx, 1)));
    r.pixelsPerMm = diagonalPx / (r.diagonalInches * 25.4);
    r.xHeightMm = kXHeightMmPerMetre * r.distanceMetres;
    double scale = std::max(themeScale, 1.0);
    double em = r.xHeightMm * r.pixelsPerMm / kXHeightPerEm;
    // The scale enlarges what the floor gives, the pixel floor included.
    r.textPx = static_cast<float>(std::round(std::max<double>(kMinTextPx, em) * scale));
    r.anyPx = static_cast<float>(std::round(std::max<double>(kMinAnyPx, em * kDecorationRatio) * scale));
    return r;
}

std::string ReadingSize::describe() const {
    char line[200];
    std::snprintf(line, sizeof line, "text at least %.0f px (%.1f mm letters for %.1f m) on a %.0f-inch screen from %s",
                  static_cast<double>(textPx), xHeightMm, distanceMetres, diagonalInches, diagonalFrom.c_str());
    return line;
}

Reach reachOf(const DisplayConfig& display, double diagonalInches, int widthPx, int heightPx, bool portrait) {
    Reach r;
    r.height = std::max(heightPx, 0);
    r.bottomEdgeMetres = display.bottomEdgeMetres;
    if (!r.bottomEdgeMetres && portrait) {
        r.bottomEdgeMetres = kTypicalPortraitBottomEdgeMetres;
        r.assumed = true;
    }
    if (!r.bottomEdgeMetres) return r;
    r.band = reachBand(diagonalInches, PixelSize{widthPx, heightPx}, *r.bottomEdgeMetres);
    // A panel below the band (its top under 0.38 m) keeps the controls at the top, the
    // nearest rows to a hand.
    r.layout = r.band.reachable() || r.band.above;
    return r;
}

std::string Reach::describe() const {
    char line[320];
    if (!bottomEdgeMetres) {
        std::snprintf(line, sizeof line,
                      "within reach: unknown (display.bottom_edge_m not set): browse controls at the top; set it "
                      "to lay them out between %.2f and %.2f m above the floor",
                      kReachLowMetres, kReachHighMetres);
        return line;
    }
    std::string edge =
        assumed ? "a portrait panel's typical mount, assumed (display.bottom_edge_m not set)" : "display.bottom_edge_m";
    if (band.reachable()) {
        std::snprintf(line, sizeof line,
                      "within reach (%.2f to %.2f m above the floor): rows %d to %d of %d (%.0f%%), the picture's "
                      "lower edge at %.2f m from %s; browse controls there",
                      kReachLowMetres, kReachHighMetres, band.top, band.bottom, height,
                      100.0 * (band.bottom - band.top) / std::max(height, 1), *bottomEdgeMetres, edge.c_str());
    } else {
        std::snprintf(line, sizeof line,
                      "within reach: no row of the panel is between %.2f and %.2f m above the floor (the picture "
                      "from %.2f to %.2f m, from %s); browse controls at the %s, as near as they can be",
                      kReachLowMetres, kReachHighMetres, *bottomEdgeMetres,
                      *bottomEdgeMetres + band.pictureHeightMetres, edge.c_str(), band.above ? "bottom" : "top");
    }
    return line;
}

}  // namespace hallboard
