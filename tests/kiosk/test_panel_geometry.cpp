// A panel driven with DRM dumb buffers (platform/dumb_panel): the mode it is driven in,
// the copy of a software frame into its buffer (pixel order, a quarter turn for a panel
// mounted in portrait), and a touch on the turned panel back onto the picture.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <vector>

#include "kiosk/panel_geometry.hpp"

using namespace hallboard;

TEST_CASE("the panel is driven in its preferred mode, else its largest and fastest") {
    std::vector<PanelMode> modes{{1024, 768, 60, false}, {1920, 1080, 60, false}, {1280, 720, 60, true}};
    CHECK(choosePanelMode(modes) == 2u);  // the panel's native mode, though not the largest
    modes[2].preferred = false;
    CHECK(choosePanelMode(modes) == 1u);
    modes.push_back({1920, 1080, 75, false});
    CHECK(choosePanelMode(modes) == 3u);
    // A preferred mode that cannot be used is passed over.
    modes.push_back({0, 1080, 60, true});
    CHECK(choosePanelMode(modes) == 3u);
    CHECK_FALSE(choosePanelMode({}));
    CHECK_FALSE(choosePanelMode({{0, 0, 60, true}, {-5, 100, 60, false}, {70000, 10, 60, false}}));
}

namespace {

// A picture whose every pixel says where it is: 0x00RRGGBB with x in red, y in green.
std::vector<std::uint8_t> picture(int w, int h) {
    std::vector<std::uint8_t> p(static_cast<std::size_t>(w) * static_cast<std::size_t>(h) * 4);
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) {
            std::uint32_t v = (static_cast<std::uint32_t>(x) << 16) | (static_cast<std::uint32_t>(y) << 8) | 0x5au;
            std::memcpy(
                &p[(static_cast<std::size_t>(y) * static_cast<std::size_t>(w) + static_cast<std::size_t>(x)) * 4], &v,
                4);
        }
    return p;
}

std::uint32_t at(const std::vector<std::uint8_t>& buffer, std::size_t pitch, int x, int y) {
    std::uint32_t v;
    std::memcpy(&v, &buffer[static_cast<std::size_t>(y) * pitch + static_cast<std::size_t>(x) * 4], 4);
    return v;
}

std::uint32_t pixel(int x, int y) {
    return 0xff000000u | (static_cast<std::uint32_t>(x) << 16) | (static_cast<std::uint32_t>(y) << 8) | 0x5au;
}

}  // namespace

TEST_CASE("a frame is copied into the panel's buffer as it is, with the buffer's padding") {
    const int w = 6, h = 4;
    auto src = picture(w, h);
    const std::size_t pitch = 8 * 4;  // the driver's pitch is wider than the mode
    std::vector<std::uint8_t> dst(pitch * h, 0x11);
    REQUIRE(copyToPanel({src.data(), w * 4, {w, h}, PixelOrder::xrgb}, {dst.data(), pitch, {w, h}}, {0}));
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) CHECK(at(dst, pitch, x, y) == pixel(x, y));
    CHECK(dst[w * 4] == 0x11);  // past the mode's width: untouched
}

TEST_CASE("a frame in red-first order is converted to the panel's XRGB") {
    std::uint32_t abgr = 0x00332211u;  // red 0x11, green 0x22, blue 0x33 (SDL's ABGR8888 in memory)
    std::uint32_t out = 0;
    REQUIRE(copyToPanel({reinterpret_cast<const std::uint8_t*>(&abgr), 4, {1, 1}, PixelOrder::xbgr},
                        {reinterpret_cast<std::uint8_t*>(&out), 4, {1, 1}}, {0}));
    CHECK(out == 0xff112233u);
}

TEST_CASE("a quarter turn puts the picture's top-left corner at the panel's top-right") {
    const int w = 4, h = 6;  // a portrait picture on a landscape 6x4 panel
    auto src = picture(w, h);
    const std::size_t pitch = 6 * 4;
    std::vector<std::uint8_t> dst(pitch * 4);
    REQUIRE(copyToPanel({src.data(), w * 4, {w, h}, PixelOrder::xrgb}, {dst.data(), pitch, {6, 4}}, {90}));
    // Turned clockwise: the picture's top row runs down the panel's right edge.
    CHECK(at(dst, pitch, 5, 0) == pixel(0, 0));
    CHECK(at(dst, pitch, 5, 3) == pixel(3, 0));
    CHECK(at(dst, pitch, 0, 0) == pixel(0, 5));
    CHECK(at(dst, pitch, 0, 3) == pixel(3, 5));
    // Every pixel is where pictureToPanel puts it (pixel centres).
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) {
            PointF p = pictureToPanel({static_cast<float>(x) + 0.5f, static_cast<float>(y) + 0.5f}, {w, h}, {90});
            CHECK(at(dst, pitch, static_cast<int>(p.x), static_cast<int>(p.y)) == pixel(x, y));
        }
    REQUIRE(copyToPanel({src.data(), w * 4, {w, h}, PixelOrder::xrgb}, {dst.data(), pitch, {6, 4}}, {270}));
    CHECK(at(dst, pitch, 0, 3) == pixel(0, 0));
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) {
            PointF p = pictureToPanel({static_cast<float>(x) + 0.5f, static_cast<float>(y) + 0.5f}, {w, h}, {270});
            CHECK(at(dst, pitch, static_cast<int>(p.x), static_cast<int>(p.y)) == pixel(x, y));
        }
    std::vector<std::uint8_t> same(static_cast<std::size_t>(w) * h * 4);
    REQUIRE(copyToPanel({src.data(), w * 4, {w, h}, PixelOrder::xrgb}, {same.data(), w * 4, {w, h}}, {180}));
    CHECK(at(same, w * 4, 0, 0) == pixel(w - 1, h - 1));
    CHECK(at(same, w * 4, w - 1, h - 1) == pixel(0, 0));
}

TEST_CASE("a picture smaller than the panel is centred on black, a larger one cut") {
    auto src = picture(2, 2);
    std::vector<std::uint8_t> dst(4 * 4 * 4, 0x77);
    REQUIRE(copyToPanel({src.data(), 8, {2, 2}, PixelOrder::xrgb}, {dst.data(), 16, {4, 4}}, {0}));
    CHECK(at(dst, 16, 0, 0) == 0u);
    CHECK(at(dst, 16, 3, 3) == 0u);
    CHECK(at(dst, 16, 1, 1) == pixel(0, 0));
    CHECK(at(dst, 16, 2, 2) == pixel(1, 1));
    auto big = picture(6, 6);
    std::vector<std::uint8_t> small(2 * 2 * 4);
    REQUIRE(copyToPanel({big.data(), 24, {6, 6}, PixelOrder::xrgb}, {small.data(), 8, {2, 2}}, {0}));
    CHECK(at(small, 8, 0, 0) == pixel(2, 2));
}

TEST_CASE("sizes, pitches and turns that do not fit copy nothing") {
    auto src = picture(4, 4);
    std::vector<std::uint8_t> dst(64, 0x33);
    CHECK_FALSE(copyToPanel({src.data(), 8, {4, 4}, PixelOrder::xrgb}, {dst.data(), 16, {4, 4}}, {0}));  // pitch < row
    CHECK_FALSE(copyToPanel({src.data(), 16, {4, 4}, PixelOrder::xrgb}, {dst.data(), 8, {4, 4}}, {0}));
    CHECK_FALSE(copyToPanel({src.data(), 16, {4, 4}, PixelOrder::xrgb}, {dst.data(), 16, {4, 4}}, {45}));
    CHECK_FALSE(copyToPanel({src.data(), 16, {0, 4}, PixelOrder::xrgb}, {dst.data(), 16, {4, 4}}, {0}));
    CHECK_FALSE(copyToPanel({nullptr, 16, {4, 4}, PixelOrder::xrgb}, {dst.data(), 16, {4, 4}}, {0}));
    CHECK(dst[0] == 0x33);
}

TEST_CASE("a touch on a turned panel lands on the picture's point drawn under it") {
    const PixelSize panel{1280, 720};
    for (int degrees : {0, 90, 180, 270}) {
        PanelTurn turn{degrees};
        PixelSize logical = logicalSize(panel, turn);
        CHECK(logical == (turn.quarter() ? PixelSize{720, 1280} : panel));
        for (PointF p : {PointF{0, 0}, PointF{100.5f, 1000.25f}, PointF{719, 1279}, PointF{360, 640}}) {
            if (!turn.quarter() && (p.x > 1280 || p.y > 720)) continue;
            PointF on = pictureToPanel(p, logical, turn);
            CHECK(on.x >= 0);
            CHECK(on.x <= static_cast<float>(panel.width));
            CHECK(on.y >= 0);
            CHECK(on.y <= static_cast<float>(panel.height));
            PointF back = panelToPicture(on, logical, turn);
            CHECK(back.x == Approx(p.x));
            CHECK(back.y == Approx(p.y));
        }
    }
    // Turned a quarter clockwise, the panel's top-right corner shows the picture's top-left,
    // and its bottom-left the picture's bottom-right.
    PointF corner = panelToPicture({1280, 0}, {720, 1280}, {90});
    CHECK(corner.x == 0.0f);
    CHECK(corner.y == 0.0f);
    PointF other = panelToPicture({0, 720}, {720, 1280}, {90});
    CHECK(other.x == 720.0f);
    CHECK(other.y == 1280.0f);
}

namespace {

// How high above the floor the middle of picture row `row` is, for a picture of
// `heightPx` rows `heightM` metres tall whose lower edge is at `bottomM`.
double rowHeightMetres(double row, int heightPx, double heightM, double bottomM) {
    return bottomM + heightM * (1.0 - row / heightPx);
}

}  // namespace

TEST_CASE("the rows a visitor reaches (0.38 to 1.22 m, ADA 2010 §308) on a panel of a size at a height") {
    // The panel: 43 inches, portrait, its lower edge at 0.9 m. The picture is
    // 1.0922 m across, 0.952 m tall: from 0.9 m to 1.852 m.
    ReachBand portrait = reachBand(43, {1080, 1920}, 0.9);
    CHECK(portrait.pictureHeightMetres == Approx(1.0922 * 1920 / std::hypot(1080.0, 1920.0)));
    CHECK(portrait.pictureHeightMetres == Approx(0.952).margin(0.001));
    REQUIRE(portrait.reachable());
    CHECK(portrait.bottom == 1920);                   // the lower edge is above 0.38 m: down to the last row
    CHECK(portrait.top == Approx(1274.6).margin(1));  // 1.22 m: the lowest third
    double h = portrait.pictureHeightMetres;
    CHECK(rowHeightMetres(portrait.top, 1920, h, 0.9) <= 1.22);
    CHECK(rowHeightMetres(portrait.top - 2, 1920, h, 0.9) > 1.22);
    // The same panel in landscape: 0.535 m tall, 0.9 to 1.435 m.
    ReachBand landscape = reachBand(43, {1920, 1080}, 0.9);
    REQUIRE(landscape.reachable());
    CHECK(landscape.bottom == 1080);
    CHECK(landscape.top == Approx(1080 * (1 - 0.32 / 0.5355)).margin(1));
    // Low on a stand: the rows under 0.38 m are out of reach too.
    ReachBand low = reachBand(43, {1080, 1920}, 0.1);
    REQUIRE(low.reachable());
    CHECK(low.top == 0);  // 1.052 m at the top edge
    CHECK(low.bottom == Approx(1920 * (1 - 0.28 / h)).margin(1));
    CHECK(rowHeightMetres(low.bottom, 1920, h, 0.1) >= 0.38);
    CHECK(rowHeightMetres(low.bottom + 2, 1920, h, 0.1) < 0.38);
    // A panel hung above the band, or a small one below it: no row at all, and which.
    ReachBand high = reachBand(43, {1080, 1920}, 1.3);
    CHECK_FALSE(high.reachable());
    CHECK(high.above);
    ReachBand floor = reachBand(10, {800, 480}, 0.05);  // 0.05 to 0.18 m
    CHECK_FALSE(floor.reachable());
    CHECK_FALSE(floor.above);
    // Nothing to measure: nothing within reach, and no crash.
    for (double bad : {-1.0, std::nan(""), HUGE_VAL}) {
        CHECK_FALSE(reachBand(43, {1080, 1920}, bad).reachable());
        CHECK_FALSE(reachBand(bad, {1080, 1920}, 0.9).reachable());
    }
    CHECK_FALSE(reachBand(43, {0, 1920}, 0.9).reachable());
    CHECK_FALSE(reachBand(43, {1080, -5}, 0.9).reachable());
}
