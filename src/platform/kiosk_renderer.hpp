// One SDL_Renderer with Dear ImGui on it: in a window (GPU when there is one) or on a
// software surface for headless screenshots, the same drawing code in both. It keeps
// the frame recipe (prepare, draw a frame or the fallback, present) and composes its
// parts: the fonts and theme (fonts_and_theme), the cached screens and the transitions
// composited from them (screen_cache), a video wall's tile (wall_tiling), the pictures
// (sdl_images), and a picture turned onto the panel (display.rotate).
#pragma once

#include <chrono>
#include <memory>
#include <optional>
#include <ostream>
#include <set>
#include <string>

#include <imgui.h>

#include "kiosk/kiosk_config.hpp"
#include "kiosk/legibility.hpp"
#include "kiosk/panel_geometry.hpp"
#include "kiosk/rotation.hpp"
#include "platform/fonts_and_theme.hpp"
#include "platform/frame_sink.hpp"
#include "platform/screen_cache.hpp"
#include "platform/sdl_handles.hpp"
#include "platform/sdl_images.hpp"
#include "platform/text_engine.hpp"
#include "platform/wall_tiling.hpp"
#include "ui/canvas.hpp"
#include "ui/kiosk_view.hpp"
#include "ui/transition.hpp"

namespace hallboard::platform {

// How a renderer draws, asked once when the kiosk's renderer is made: in software (a
// headless surface, SDL's software renderer, or a renderer SDL tells nothing about, taken
// as the slower case: transitions at 12 frames a second), and whether the window keeps
// its pixels from one frame to the next (only SDL's software renderer on a window, known
// as such: fades then build on what is shown).
struct DrawingPath {
    bool software = true;
    bool persists = false;
};
DrawingPath drawingPath(bool headless, bool window, const SDL_RendererInfo* info);

class KioskRenderer {
public:
    // Draws into the window's renderer.
    KioskRenderer(SDL_Window* window, SDL_Renderer* renderer, std::ostream& log);
    // Draws into an offscreen surface of this size with the software renderer.
    KioskRenderer(int width, int height, std::ostream& log);
    ~KioskRenderer();
    KioskRenderer(const KioskRenderer&) = delete;
    KioskRenderer& operator=(const KioskRenderer&) = delete;

    SDL_Renderer* renderer() const { return renderer_; }
    // What pages are laid out for: the screen, or with a video wall ("wall" in the
    // config) the whole wall, of which this screen shows its tile.
    ImVec2 size() const;
    ImVec2 outputSize() const;  // this screen's pixels

    // Rebuilds theme and fonts when the screen size, the configuration or the characters
    // of what the view shows (its program, announcements, emergency and slides) changed;
    // cheap otherwise.
    // `large`: large text and high contrast (a visitor asked for them: browse::Browser).
    void prepare(const ui::KioskView& view, bool large = false);
    // A canvas for planning (measuring, counting screens) outside a frame.
    ui::Canvas layoutCanvas();
    // What a frame put on screen that a visitor can touch.
    using Touchable = platform::Touchable;
    // One frame: draw the screen, render it. Touch browsing draws every frame afresh;
    // the rotation composites cached screens (their targets are cached with them).
    Touchable frame(const ui::KioskView& view, const Rotation::Frame& rotation);
    // The frame on screen. False when the panel the frames are shown on (showOn) refused
    // it: the window's picture did not reach the screen.
    bool present();
    // KMS in software: every presented frame (the window's surface) is also put on this
    // panel's dumb buffers (null: none).
    void showOn(FrameSink* panel) { dumb_ = panel; }
    // How the picture lies on the panel (display.rotate where the kiosk turns it itself):
    // size() is the picture's, turned back onto the panel by this.
    PanelTurn panelTurn() const;
    // display.rotate on SDL's renderer (OpenGL ES, or the software renderer on any video
    // driver): pages are laid out for the window's size turned, drawn into a render target
    // of that size, and present() copies it onto the window turned by `turn` (clockwise,
    // as the dumb panel turns it: kiosk/panel_geometry.hpp). False where the renderer has no
    // render targets (nothing is turned then). Not with a dumb panel, which turns its own.
    bool turnPicture(PanelTurn turn);
    // SDL's pointer positions are the panel's pixels, not the picture's: the window is the
    // panel and the renderer turns the picture onto it.
    bool pointerOnPanel() const { return turning(); }
    // The panel's pixels: size() turned back (size() where nothing is turned).
    ImVec2 panelSize() const;
    // Record every text run of the following frames here (null: stop). Tests and
    // `hallboard screenshot --layout` read it.
    void record(ui::LayoutRecord* into) { record_ = into; }
    const ui::Theme& theme() const { return type_.theme(); }
    // Headless: waits (at most `timeout`) for the pictures the last frame asked for. True
    // when some arrived: draw the frame again to show them.
    bool settleImages(std::chrono::milliseconds timeout);
    // The one fallback, for a failure outside a page's drawing (the loop's frame guard:
    // preparing fonts, planning screens): a frame of the clock and the conference's name
    // on the screen, as a page that throws gets (logged once per reason, counted in
    // failedFrames). present() shows it.
    void fallbackFrame(const ui::KioskView& view, const std::string& failure);
    // Frames that showed the fallback instead of what they were drawing: the loop keeps
    // such files from becoming the last good copy.
    unsigned long long failedFrames() const { return failedFrames_; }
    SdlImages& images() { return *images_; }
    // The last frame as a PNG (software surface, or read back from the window).
    bool savePng(const std::string& path, std::string& error);

    // The text engine (its statistics and cache switch: tests, the benchmark).
    TextEngine* textEngine() { return type_.engine(); }
    // Time between transition frames: 60 a second where a GPU draws, 12 in software,
    // where each frame costs tens of milliseconds of CPU.
    std::chrono::milliseconds transitionFrameInterval() const;
    // What tests and the benchmarks measure; nothing in the kiosk reads it.
    struct Statistics {
        std::size_t textTextureBytes = 0;  // the glyph atlas pages
        std::size_t layerBytes = 0;        // cached screens held now (a fade in a software window holds one)
        unsigned long long incrementalFadeFrames = 0;  // fade frames blended onto the screen as it was
    };
    Statistics statistics() const;

private:
    // The moment a cached screen is of (its slot left to the cache): minute, program,
    // size and pictures.
    ScreenKey moment(const ui::KioskView& view) const;
    // Draws the frame directly (no cached screens), or one page's screen into a cached one.
    void drawInto(const ui::KioskView& view, const Rotation::Frame& frame, Touchable* touchable);
    // ImGui's frame around a screen's drawing: opened on the current render target with
    // the canvas the pages draw on, and rendered onto it.
    ui::Canvas beginFrame(const ui::KioskView& view, Touchable* touchable);
    void endFrame(const ui::KioskView& view);
    // The one fallback, in an open frame: the clock and the name (ui::drawFallback).
    void drawFallback(const ui::KioskView& view, ui::Canvas& c, const std::string& failure);
    void init();
    bool turning() const { return turn_.degrees != 0 && window_ && !dumb_; }
    // Turned: the picture's render target made (again, at the current size) and set.
    void aimAtPicture();
    // The render target that is the screen: the window's (null), or the turned picture.
    bool onScreenTarget() const;
    std::optional<double> reportedDiagonal(ImVec2 size) const;

    std::ostream& log_;
    SDL_Window* window_ = nullptr;
    SurfacePtr surface_;         // headless only
    RendererPtr ownedRenderer_;  // headless only
    SDL_Renderer* renderer_ = nullptr;
    // The parts the frame is made with, made with the renderer (declared after it).
    FontsAndTheme type_;
    WallTiling wall_;
    ScreenCache cache_;
    ui::LayoutRecord* record_ = nullptr;
    FrameSink* dumb_ = nullptr;
    PanelTurn turn_;      // turnPicture()
    TexturePtr picture_;  // turned: the picture, laid out and drawn at size()
    int pictureWidth_ = 0, pictureHeight_ = 0;
    ImGuiContext* imgui_ = nullptr;
    std::unique_ptr<SdlImages> images_;
    Uint32 layerFormat_ = SDL_PIXELFORMAT_ARGB8888;  // the screen's own where it is software: a copy is a memcpy
    DrawingPath drawing_;                            // asked of the renderer once (init)
    const Program* program_ = nullptr;               // the program of the last prepare()
    std::set<std::string> reportedFailures_;         // each reason logged once per program
    unsigned long long failedFrames_ = 0;
};

// Large buffers (screen layers, glyph atlases) as their own mappings, returned to the
// system when freed. glibc otherwise raises its threshold after the first such free and
// keeps later ones in the heap for good: a kiosk that runs for days must stay flat.
void keepLargeBuffersReturnable();

}  // namespace hallboard::platform
