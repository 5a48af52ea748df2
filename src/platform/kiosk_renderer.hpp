// One SDL_Renderer with Dear ImGui on it, the fonts, display type and images: in a
// window (GPU when there is one) or on a software surface for headless screenshots.
// The same drawing code runs in both.
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
#include "platform/font_catalog.hpp"
#include "platform/frame_sink.hpp"
#include "platform/text_engine.hpp"
#include "platform/sdl_handles.hpp"
#include "platform/sdl_images.hpp"
#include "ui/canvas.hpp"
#include "ui/kiosk_view.hpp"

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

    // Rebuilds theme and fonts when the screen size, the configuration or the program's
    // characters changed; cheap otherwise.
    // `large`: large text and high contrast (a visitor asked for them: browse::Browser).
    void prepare(const KioskConfig& config, const Program& program, bool large = false);
    // A canvas for planning (measuring, counting screens) outside a frame.
    ui::Canvas layoutCanvas();
    // What a frame put on screen that a visitor can touch.
    struct Touchable {
        std::vector<browse::Target> targets;
        browse::FrameFacts facts;
    };
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
    const ui::Theme& theme() const { return theme_; }
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
    TextEngine* textEngine() { return engine_.get(); }
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
    // What a cached screen shows: one page's screen at one minute, program, size and set
    // of pictures.
    struct LayerKey {
        std::optional<Rotation::Slot> slot;
        long long minute = -1;
        const void* program = nullptr;
        int width = 0, height = 0;
        unsigned long long images = 0;
        bool operator==(const LayerKey&) const = default;
    };
    // What the window's pixels hold where they persist from frame to frame (SDL's
    // software renderer on a window): `to` blended over `from` by `progress` (1: `to`).
    struct OnScreen {
        LayerKey from, to;
        float progress = 1;
    };
    // A whole screen (one page, no transition) drawn once into a texture. Transitions
    // composite two of them instead of drawing two pages every frame: in software that
    // is a copy and an alpha blit instead of rasterising two screens of geometry.
    struct Layer {
        TexturePtr texture;
        bool drawn = false;         // a finished screen (not one whose drawing stopped half way)
        LayerKey key;               // images: the pictures it was drawn with (SdlImages::generation)
        int width = 0, height = 0;  // of the texture
        unsigned long long used = 0;
        Touchable touchable;
    };
    LayerKey keyFor(const ui::KioskView& view, std::optional<Rotation::Slot> slot) const;
    // This screen's part of the wall, in wall pixels (the whole screen without a wall).
    SDL_Rect tileRect() const;
    // Copies `src` of a wall-sized texture to `dst` (wall pixels) as far as `dst` falls
    // on this screen's tile.
    void copyPart(SDL_Texture* texture, SDL_Rect src, SDL_Rect dst);
    SDL_Texture* screenTexture(const ui::KioskView& view, std::optional<Rotation::Slot> slot, const Layer* keep);
    bool fadeOnScreen(const ui::KioskView& view, const Rotation::Frame& rotation, Touchable& touchable);
    // Whether this frame may use cached screens (not while browsing, not past the pixel
    // limit, not without render targets); drops them past the limit.
    bool cachesScreens(const ui::KioskView& view);
    void compositeTransition(const ui::KioskView& view, const Rotation::Frame& rotation, SDL_Texture* before,
                             SDL_Texture* after);
    void drawInto(const ui::KioskView& view, const Rotation::Frame& frame, Touchable* touchable);
    // ImGui's frame around a screen's drawing: opened on the current render target with
    // the canvas the pages draw on, and rendered onto it.
    ui::Canvas beginFrame(const ui::KioskView& view, Touchable* touchable);
    void endFrame(const ui::KioskView& view);
    // The one fallback, in an open frame: the clock and the name (ui::drawFallback).
    void drawFallback(const ui::KioskView& view, ui::Canvas& c, const std::string& failure);
    std::size_t layerBytes() const;
    void init();
    bool turning() const { return turn_.degrees != 0 && window_ && !dumb_; }
    // Turned: the picture's render target made (again, at the current size) and set.
    void aimAtPicture();
    // The render target that is the screen: the window's (null), or the turned picture.
    bool onScreenTarget() const;
    void buildFonts(const KioskConfig& config, const std::set<char32_t>& codepoints, const ui::Theme& theme);
    void buildAtlas(const FontChain& text, const std::set<char32_t>& codepoints, const ui::Theme& theme);

    std::ostream& log_;
    std::optional<double> reportedDiagonal(ImVec2 size) const;
    std::string readingLogged_;
    ui::LayoutRecord* record_ = nullptr;
    SDL_Window* window_ = nullptr;
    FrameSink* dumb_ = nullptr;
    PanelTurn turn_;      // turnPicture()
    TexturePtr picture_;  // turned: the picture, laid out and drawn at size()
    int pictureWidth_ = 0, pictureHeight_ = 0;
    SDL_Renderer* renderer_ = nullptr;
    SurfacePtr surface_;         // headless only
    RendererPtr ownedRenderer_;  // headless only
    ImGuiContext* imgui_ = nullptr;
    FontCatalog catalog_;
    std::unique_ptr<TextEngine> engine_;
    std::unique_ptr<SdlImages> images_;
    ui::Theme theme_;
    ui::TextFonts fonts_;
    ImVector<ImWchar> glyphRanges_;
    // What the current fonts and theme were built for.
    ImVec2 builtSize_{0, 0};
    std::set<char32_t> builtCodepoints_;
    std::set<char32_t> programCodepoints_;
    const Program* codepointsOf_ = nullptr;
    std::string builtThemeKey_;
    WallConfig wall_;
    Layer layers_[2];
    unsigned long long layerClock_ = 0;
    bool layersSupported_ = true;
    bool largeScreenLogged_ = false;                 // a screen past kMaxScreenPixels said once: no cached screens
    Uint32 layerFormat_ = SDL_PIXELFORMAT_ARGB8888;  // the screen's own where it is software: a copy is a memcpy
    DrawingPath drawing_;                            // asked of the renderer once (init)
    std::optional<OnScreen> onScreen_;
    unsigned long long incrementalFades_ = 0;
    std::set<std::string> reportedFailures_;  // each reason logged once per program
    std::set<std::string> warnedFonts_;       // font file and reason, logged once
    unsigned long long failedFrames_ = 0;
};

// Large buffers (screen layers, glyph atlases) as their own mappings, returned to the
// system when freed. glibc otherwise raises its threshold after the first such free and
// keeps later ones in the heap for good: a kiosk that runs for days must stay flat.
void keepLargeBuffersReturnable();

// Every character the program uses, for glyph ranges and font fallback.
std::set<char32_t> programCodepoints(const Program& program);

}  // namespace hallboard::platform
