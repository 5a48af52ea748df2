// The running kiosk when the panel it shows its frames on stops taking them (DRM dumb
// buffers refusing a page flip or a mode set after the first frames, the CRTC taken):
// the renderer says so, the loop hands the run back to have another renderer put in, and
// goes on drawing with that one where it was, instead of drawing on into a dark panel.
#include <catch2/catch.hpp>

#include <sstream>

#include "kiosk/kiosk_session.hpp"
#include "kiosk/live_reload.hpp"
#include "platform/frame_sink.hpp"
#include "platform/kiosk_app.hpp"
#include "platform/kiosk_loop.hpp"
#include "platform/kiosk_renderer.hpp"
#include "support.hpp"

using namespace hallboard;
using namespace hallboard::platform;

namespace {

// A panel that takes `good` frames, then refuses every one after.
struct RefusingPanel : FrameSink {
    explicit RefusingPanel(int goodFrames) : good(goodFrames) {}
    bool show(SDL_Surface* frame) override {
        ++offered;
        if (!frame) return false;
        lastWidth = frame->w;
        if (shown >= good) return false;
        ++shown;
        return true;
    }
    PanelTurn turn() const override { return {}; }
    int good = 0, shown = 0, offered = 0, lastWidth = 0;
};

}  // namespace

TEST_CASE("a kiosk whose panel refuses frames after the first goes on drawing with another renderer") {
    std::vector<Diagnostic> diagnostics;
    const std::string config = std::string(HALLBOARD_SOURCE_DIR) + "/config/kiosk.json";
    auto session = KioskSession::load(config, "", diagnostics);
    REQUIRE(session);
    SDL_SetHint(SDL_HINT_VIDEODRIVER, "dummy");
    REQUIRE(SDL_InitSubSystem(SDL_INIT_VIDEO) == 0);
    {
        constexpr int w = 320, h = 240;
        WindowPtr window(SDL_CreateWindow("test", 0, 0, w, h, SDL_WINDOW_HIDDEN));
        REQUIRE(window);
        RendererPtr renderer(SDL_CreateRenderer(window.get(), -1, SDL_RENDERER_SOFTWARE));
        REQUIRE(renderer);
        std::ostringstream log;
        LiveReload reload(config, "", *session);
        RunOptions options;
        options.exitAfter = 3;  // seconds from the loop's start: the second run's end
        RefusingPanel panel(1);
        {
            KioskRenderer first(window.get(), renderer.get(), log);
            first.showOn(&panel);
            KioskLoop loop(*session, reload, first, options, std::nullopt, log);
            // The first frame reaches the panel; the next is refused.
            first.prepare(session->config, *session->program);
            CHECK(first.present());
            CHECK_FALSE(first.present());
            CHECK(panel.shown == 1);
            // The loop's first frame is refused: it hands the run back (true), not at its
            // end (exitAfter, false), for another renderer.
            CHECK(loop.run());
            CHECK(panel.offered == 3);
            CHECK(panel.lastWidth == w);
            CHECK(log.str().find("first frame on screen") == std::string::npos);  // never on screen: not ready
            // Another renderer (here on the same window; in the kiosk SDL's kmsdrm): the
            // loop draws with it until it is asked to end.
            KioskRenderer second(window.get(), renderer.get(), log);
            loop.useRenderer(second);
            CHECK_FALSE(loop.run());
            CHECK(panel.offered == 3);  // the refusing panel is not asked again
        }
        const std::string text = log.str();
        INFO(text);
        CHECK(text.find("first frame on screen") != std::string::npos);
        CHECK(text.find("frames drawn") != std::string::npos);
        CHECK(text.find(", 0 frames drawn") == std::string::npos);
    }
    SDL_QuitSubSystem(SDL_INIT_VIDEO);
}
