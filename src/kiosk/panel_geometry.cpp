// See panel_geometry.hpp.
#include "kiosk/panel_geometry.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>

namespace hallboard {

std::optional<std::size_t> choosePanelMode(const std::vector<PanelMode>& modes) {
    auto usable = [](const PanelMode& m) {
        return m.width > 0 && m.height > 0 && m.width <= 16384 && m.height <= 16384;
    };
    for (std::size_t i = 0; i < modes.size(); ++i)
        if (modes[i].preferred && usable(modes[i])) return i;
    std::optional<std::size_t> best;
    for (std::size_t i = 0; i < modes.size(); ++i) {
        if (!usable(modes[i])) continue;
        if (!best) {
            best = i;
            continue;
        }
        const PanelMode& m = modes[i];
        const PanelMode& b = modes[*best];
        long long area = static_cast<long long>(m.width) * m.height,
                  bestArea = static_cast<long long>(b.width) * b.height;
        if (area > bestArea || (area == bestArea && m.refresh > b.refresh)) best = i;
    }
    return best;
}

PixelSize logicalSize(PixelSize panel, PanelTurn turn) {
    return turn.quarter() ? PixelSize{panel.height, panel.width} : panel;
}

PointF pictureToPanel(PointF p, PixelSize logical, PanelTurn turn) {
    const float w = static_cast<float>(logical.width), h = static_cast<float>(logical.height);
    switch (turn.degrees) {
    case 90: return {h - p.y, p.x};
    case 180: return {w - p.x, h - p.y};
    case 270: return {p.y, w - p.x};
    default: return p;
    }
}

PointF panelToPicture(PointF p, PixelSize logical, PanelTurn turn) {
    const float w = static_cast<float>(logical.width), h = static_cast<float>(logical.height);
    switch (turn.degrees) {
    case 90: return {p.y, h - p.x};
    case 180: return {w - p.x, h - p.y};
    case 270: return {w - p.y, p.x};
    default: return p;
    }
}

ReachBand reachBand(double diagonalInches, PixelSize picture, double bottomEdgeMetres) {
    ReachBand band;
    if (!(diagonalInches > 0) || !std::isfinite(diagonalInches) || picture.width <= 0 || picture.height <= 0 ||
        !(bottomEdgeMetres >= 0) || !std::isfinite(bottomEdgeMetres))
        return band;
    const double w = picture.width, h = picture.height;
    band.pictureHeightMetres = diagonalInches * 0.0254 * h / std::hypot(w, h);
    // Row y is (bottom edge + picture height * (1 - y / h)) metres above the floor.
    auto rowAt = [&](double metres) { return h * (1 - (metres - bottomEdgeMetres) / band.pictureHeightMetres); };
    double top = std::clamp(rowAt(kReachHighMetres), 0.0, h), bottom = std::clamp(rowAt(kReachLowMetres), 0.0, h);
    band.top = static_cast<int>(std::ceil(top));
    band.bottom = static_cast<int>(std::floor(bottom));
    if (band.bottom <= band.top) {
        band.above = bottomEdgeMetres >= kReachHighMetres;
        band.top = band.bottom = band.above ? picture.height : 0;
    }
    return band;
}

namespace {

inline std::uint32_t convert(std::uint32_t v, PixelOrder order) {
    if (order == PixelOrder::xbgr) v = (v & 0x0000ff00u) | ((v & 0xffu) << 16) | ((v >> 16) & 0xffu);
    return v | 0xff000000u;
}

}  // namespace

bool copyToPanel(const PictureRows& picture, const PanelRows& target, PanelTurn turn) {
    const std::uint8_t* src = picture.pixels;
    const std::size_t srcPitch = picture.pitch, dstPitch = target.pitch;
    const PixelSize size = picture.size, panel = target.size;
    const PixelOrder order = picture.order;
    std::uint8_t* dst = target.pixels;
    if (!src || !dst || size.width <= 0 || size.height <= 0 || panel.width <= 0 || panel.height <= 0) return false;
    if (turn.degrees != 0 && turn.degrees != 90 && turn.degrees != 180 && turn.degrees != 270) return false;
    if (srcPitch < static_cast<std::size_t>(size.width) * 4 || dstPitch < static_cast<std::size_t>(panel.width) * 4)
        return false;
    const int w = size.width, h = size.height;
    const PixelSize turned = logicalSize(size, turn);  // the picture as it lies on the panel
    const int ox = (panel.width - turned.width) / 2, oy = (panel.height - turned.height) / 2;
    for (int py = 0; py < panel.height; ++py) {
        auto* row = reinterpret_cast<std::uint32_t*>(dst + static_cast<std::size_t>(py) * dstPitch);
        const int ty = py - oy;
        if (ty < 0 || ty >= turned.height) {
            std::memset(row, 0, static_cast<std::size_t>(panel.width) * 4);
            continue;
        }
        const int from = std::max(0, ox), to = std::min(panel.width, ox + turned.width);  // panel columns with picture
        if (from > 0) std::memset(row, 0, static_cast<std::size_t>(from) * 4);
        if (to < panel.width) std::memset(row + to, 0, static_cast<std::size_t>(panel.width - to) * 4);
        if (turn.degrees == 0 && order == PixelOrder::xrgb) {
            const auto* line = reinterpret_cast<const std::uint32_t*>(src + static_cast<std::size_t>(ty) * srcPitch);
            for (int px = from; px < to; ++px) row[px] = line[px - ox] | 0xff000000u;
            continue;
        }
        for (int px = from; px < to; ++px) {
            const int tx = px - ox;
            int sx = tx, sy = ty;
            switch (turn.degrees) {
            case 90: sx = ty, sy = h - 1 - tx; break;
            case 180: sx = w - 1 - tx, sy = h - 1 - ty; break;
            case 270: sx = w - 1 - ty, sy = tx; break;
            default: break;
            }
            std::uint32_t v;
            std::memcpy(&v, src + static_cast<std::size_t>(sy) * srcPitch + static_cast<std::size_t>(sx) * 4, 4);
            row[px] = convert(v, order);
        }
    }
    return true;
}

}  // namespace hallboard
