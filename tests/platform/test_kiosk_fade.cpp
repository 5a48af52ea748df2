// Fades in a software window: the screen keeps its pixels from frame to frame, so each
// fade frame blends the new page's cached screen over what is shown (one cached screen,
// one blend of the page band). What is shown must still be the fade the headless path
// composites from two screens (the screenshots' and a GPU's way), frame by frame.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdlib>
#include <sstream>

#include <stb/stb_image.h>

#include "kiosk/kiosk_session.hpp"
#include "platform/gl_probe.hpp"
#include "platform/kiosk_app.hpp"
#include "platform/kiosk_renderer.hpp"
#include "support.hpp"

using namespace hallboard;
using namespace hallboard::platform;
using hallboard::test::at;

namespace {

std::vector<unsigned char> shot(KioskRenderer& k, const std::string& path) {
    std::string error;
    REQUIRE(k.savePng(path, error));
    int w = 0, h = 0, n = 0;
    unsigned char* data = stbi_load(path.c_str(), &w, &h, &n, 4);
    REQUIRE(data);
    std::vector<unsigned char> out(data, data + static_cast<std::size_t>(w) * static_cast<std::size_t>(h) * 4);
    stbi_image_free(data);
    return out;
}

struct Difference {
    int max = 0;
    double mean = 0;
};

Difference difference(const std::vector<unsigned char>& a, const std::vector<unsigned char>& b) {
    REQUIRE(a.size() == b.size());
    Difference d;
    double sum = 0;
    for (std::size_t i = 0; i < a.size(); ++i) {
        if (i % 4 == 3) continue;  // alpha: a screen is opaque
        int delta = std::abs(static_cast<int>(a[i]) - static_cast<int>(b[i]));
        d.max = std::max(d.max, delta);
        sum += delta;
    }
    d.mean = sum / static_cast<double>(a.size() / 4 * 3);
    return d;
}

}  // namespace

TEST_CASE("a fade in a software window builds on the screen and shows what two composited screens show") {
    test::TempDir dir;
    std::vector<Diagnostic> diagnostics;
    auto session = KioskSession::load(std::string(HALLBOARD_SOURCE_DIR) + "/config/kiosk.json", "", diagnostics);
    REQUIRE(session);
    REQUIRE(session->config.transition == TransitionKind::fade);
    SDL_SetHint(SDL_HINT_VIDEODRIVER, "dummy");
    REQUIRE(SDL_InitSubSystem(SDL_INIT_VIDEO) == 0);
    {
        constexpr int w = 800, h = 480;
        WindowPtr window(SDL_CreateWindow("test", 0, 0, w, h, SDL_WINDOW_HIDDEN));
        REQUIRE(window);
        RendererPtr renderer(SDL_CreateRenderer(window.get(), -1, SDL_RENDERER_SOFTWARE));
        REQUIRE(renderer);
        std::ostringstream log;
        KioskRenderer screen(window.get(), renderer.get(), log);
        KioskRenderer reference(w, h, log);  // headless: composites two cached screens
        screen.prepare(makeView(*session, session->clock.now()));
        reference.prepare(makeView(*session, session->clock.now()));
        ui::KioskView view = makeView(*session, at(*session->program, "2021-04-06T09:45"));
        const std::size_t oneScreen = static_cast<std::size_t>(w) * h * 4;

        Rotation::Frame page;
        page.current = Rotation::Slot{0, 0};
        screen.frame(view, page);
        reference.frame(view, page);
        auto before = shot(screen, dir.file("before.png"));
        CHECK(difference(before, shot(reference, dir.file("before-ref.png"))).max == 0);
        CHECK(screen.statistics().layerBytes == oneScreen);

        Rotation::Frame fade;
        fade.previous = Rotation::Slot{0, 0};
        fade.current = Rotation::Slot{1, 0};
        unsigned long long blended = 0;
        std::vector<unsigned char> middle;
        for (double t : {0.15, 0.3, 0.5, 0.5, 0.7, 0.9}) {  // 0.5 twice: a frame drawn again changes nothing
            fade.transition = t;
            screen.frame(view, fade);
            reference.frame(view, fade);
            CAPTURE(t);
            CHECK(screen.statistics().incrementalFadeFrames == ++blended);
            CHECK(screen.statistics().layerBytes == oneScreen);  // the new page's screen only: the old one is on screen
            auto shown = shot(screen, dir.file("fade.png"));
            Difference d = difference(shown, shot(reference, dir.file("fade-ref.png")));
            CHECK(d.max <= 3);  // rounding of the blend steps
            CHECK(d.mean < 1.0);
            if (t == 0.5) middle = shown;
        }
        // Mid-fade is neither page: both show through.
        fade.transition = 1;
        Rotation::Frame after;
        after.current = Rotation::Slot{1, 0};
        screen.frame(view, after);
        reference.frame(view, after);
        auto last = shot(screen, dir.file("after.png"));
        CHECK(difference(last, shot(reference, dir.file("after-ref.png"))).max == 0);
        CHECK(difference(middle, before).mean > 1.0);
        CHECK(difference(middle, last).mean > 1.0);
        CHECK(screen.statistics().layerBytes == oneScreen);

        // Back to another page without what the screen shows (a minute later, another
        // page): composited from two screens, as headless, and still right.
        ui::KioskView later = makeView(*session, at(*session->program, "2021-04-06T09:46"));
        fade.previous = Rotation::Slot{2, 0};
        fade.current = Rotation::Slot{0, 0};
        fade.transition = 0.5;
        screen.frame(later, fade);
        reference.frame(later, fade);
        CHECK(screen.statistics().incrementalFadeFrames == blended);
        CHECK(difference(shot(screen, dir.file("other.png")), shot(reference, dir.file("other-ref.png"))).max <= 1);
    }
    SDL_QuitSubSystem(SDL_INIT_VIDEO);
}

TEST_CASE("llvmpipe softpipe swrast and SwiftShader are software rasterisers and a GPU driver is not") {
    CHECK(isSoftwareRasteriser("llvmpipe (LLVM 15.0.6, 256 bits)"));
    CHECK(isSoftwareRasteriser("softpipe"));
    CHECK(isSoftwareRasteriser("Mesa DRI Intel(R) ... swrast"));
    CHECK(isSoftwareRasteriser("Google SwiftShader"));
    CHECK_FALSE(isSoftwareRasteriser("V3D 4.2"));
    CHECK_FALSE(isSoftwareRasteriser("VC4 V3D 2.1"));
    CHECK_FALSE(isSoftwareRasteriser("Mesa Intel(R) UHD Graphics 620 (KBL GT2)"));
    CHECK_FALSE(isSoftwareRasteriser(""));
}

TEST_CASE("the renderer's way of drawing is asked once and one answer serves the fade and the frame pace") {
    // Two detections disagreed when SDL told nothing of the renderer: the cached screens'
    // format and the persisting screen took it for a GPU, the transition pace for
    // software. One answer now: software (the slower case) that does not persist.
    SDL_RendererInfo software{};
    software.flags = SDL_RENDERER_SOFTWARE;
    SDL_RendererInfo gpu{};
    gpu.flags = SDL_RENDERER_ACCELERATED | SDL_RENDERER_PRESENTVSYNC;
    auto is = [](DrawingPath d, bool sw, bool persists) { return d.software == sw && d.persists == persists; };
    CHECK(is(drawingPath(false, true, &software), true, true));   // SDL's software renderer on a window
    CHECK(is(drawingPath(false, true, &gpu), false, false));      // a GPU
    CHECK(is(drawingPath(false, true, nullptr), true, false));    // SDL tells nothing
    CHECK(is(drawingPath(true, false, &software), true, false));  // a headless surface
    CHECK(is(drawingPath(true, false, nullptr), true, false));
    // And the renderer reads it: headless, 12 transition frames a second.
    std::ostringstream log;
    KioskRenderer headless(64, 48, log);
    CHECK(headless.transitionFrameInterval() == std::chrono::milliseconds{83});
}
