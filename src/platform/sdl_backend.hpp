// The display's side of the frame recipe, after Dear ImGui's SDL_Renderer example:
//   init      SdlBackend::init: the window and its renderer, on the way to the screen
//             that shows (DRM dumb buffers in software on KMS, else SDL's own video
//             driver, OpenGL ES first on kmsdrm), and the display's rotation
//   poll      KioskLoop (platform/kiosk_loop.cpp): SDL's events, translated by sdl_input
//   new frame newImGuiFrame (below), from KioskRenderer::beginFrame
//   render    the pages (ui/) into ImGui's draw lists, then renderImGuiFrame (below)
//   present   KioskRenderer::present: the window, the turned picture or the dumb panel
//   shutdown  SdlBackend::shutdown (or its destructor)
// When the panel refuses a frame the loop hands the run back and switchAfterRefusal()
// opens the next way to the screen: never dark.
#pragma once

#include <memory>
#include <optional>
#include <ostream>

#include <SDL.h>
#include <imgui.h>

#include "kiosk/kiosk_config.hpp"
#include "platform/dumb_panel.hpp"
#include "platform/kiosk_app.hpp"
#include "platform/sdl_handles.hpp"

namespace hallboard::platform {

class KioskRenderer;

// How frames reach the screen: SDL's software renderer or an accelerated one, and
// whether OpenGL ES 2 is there to present them: the probe made a GLES 2 context (yes),
// only a desktop OpenGL one (no), or it could not tell (it failed, timed out or was
// skipped).
struct Presenter {
    enum class Gles { yes, no, unknown };
    bool software = true;
    Gles gles = Gles::unknown;
};

// Whether to draw with SDL's software renderer: asked for (`software`), or the GPU path
// would land on a software rasteriser (or on no OpenGL at all). Call it before the kiosk
// starts any thread: the driver is asked in a child process.
Presenter choosePresenter(bool software, std::ostream& log);

class SdlBackend {
public:
    SdlBackend(const DisplayConfig& config, const RunOptions& options, Presenter presenter, std::ostream& log);
    ~SdlBackend();
    SdlBackend(const SdlBackend&) = delete;
    SdlBackend& operator=(const SdlBackend&) = delete;

    // The window and its renderer; false (logged) when there is no way to the screen.
    bool init();
    // The panel refused a frame (KioskRenderer::present): the rest of the run presents
    // through SDL's own path (kmsdrm and OpenGL ES, as HALLBOARD_DUMB_BUFFERS=0 would), or
    // through dumb buffers once more where SDL has no path. False (logged) when no way is
    // left, or after five switches: the kiosk ends for systemd to start it again.
    bool switchAfterRefusal();
    // display.rotate where SDL's renderer presents (OpenGL ES on KMS, X11, Wayland): the
    // renderer turns the picture onto the window (the dumb panel turns its own).
    void turn(KioskRenderer& kiosk) const;
    // Closes the display and SDL.
    void shutdown();

    SDL_Window* window() const { return display_ ? display_->window.get() : nullptr; }
    SDL_Renderer* renderer() const { return display_ ? display_->renderer.get() : nullptr; }
    DumbPanel* dumb() const { return display_ ? display_->dumb.get() : nullptr; }

private:
    // The window and its renderer: fullscreen on the kiosk's display (KMS/DRM on a Pi
    // without a desktop), accelerated where a GPU is, else SDL's software renderer.
    struct Display {
        std::unique_ptr<DumbPanel> dumb;  // KMS in software: the panel's dumb buffers (closed last)
        WindowPtr window;
        RendererPtr renderer;
    };
    std::optional<Display> open(bool dumbBuffers);
    std::optional<Display> openDumb();

    DisplayConfig config_;
    const RunOptions& options_;
    Presenter presenter_;
    std::ostream& log_;
    std::optional<Display> display_;
    int switches_ = 0;
    bool sdl_ = false;  // SDL_Quit owed
};

// ImGui's frame begins: the backends' new frame at the picture's size (`window`: null
// headless, where the software surface has no window to ask).
void newImGuiFrame(SDL_Window* window, ImVec2 displaySize);
// ImGui's frame ends: rendered onto the renderer's target, cleared to `background` first.
void renderImGuiFrame(SDL_Renderer* renderer, ImU32 background);

}  // namespace hallboard::platform
