// See sdl_backend.hpp.
#include "platform/sdl_backend.hpp"

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cstdlib>
#include <string>
#include <vector>

#include <imgui_impl_sdl.h>
#include <imgui_impl_sdlrenderer.h>

#include "base/text.hpp"
#include "platform/gl_probe.hpp"
#include "platform/image_file.hpp"
#include "platform/kiosk_renderer.hpp"
#include "platform/paths.hpp"
#include "platform/wayland_power.hpp"

namespace hallboard::platform {

namespace {

// The video drivers SDL will try, in order: SDL_VIDEODRIVER's list, else every driver
// built into SDL (2.26: x11 before wayland, then kmsdrm), in lower case.
std::vector<std::string> driversToTry() {
    std::vector<std::string> drivers;
    const char* hint = SDL_GetHint(SDL_HINT_VIDEODRIVER);
    if (hint && *hint) {
        std::string list = hint;
        for (std::size_t from = 0; from <= list.size();) {
            std::size_t comma = std::min(list.find(',', from), list.size());
            if (comma > from) drivers.push_back(list.substr(from, comma - from));
            from = comma + 1;
        }
    } else {
        for (int i = 0; i < SDL_GetNumVideoDrivers(); ++i) drivers.emplace_back(SDL_GetVideoDriver(i));
    }
    for (std::string& d : drivers)
        std::transform(d.begin(), d.end(), d.begin(), [](unsigned char c) { return std::tolower(c); });
    return drivers;
}

// SDL's Wayland driver among those SDL would try where the compositor offers no seat:
// SDL 2.26 crashes in SDL_Init there (platform/wayland_power.hpp). The others are tried
// without it; asked for alone, X11 (the compositor's Xwayland) where DISPLAY names a
// server; else not opened, said why. False: the display is not to be opened.
bool avoidSeatlessWayland(std::ostream& log) {
    std::vector<std::string> drivers = driversToTry();
    auto wayland = std::find(drivers.begin(), drivers.end(), "wayland");
    if (wayland == drivers.end() || compositorOffersSeat().value_or(true)) return true;
    drivers.erase(wayland);
    const char* x11 = std::getenv("DISPLAY");
    if (drivers.empty() && x11 && *x11) drivers.emplace_back("x11");
    log << "hallboard: the Wayland compositor offers no seat (wl_seat), where SDL 2.26's Wayland driver crashes";
    if (drivers.empty()) {
        log << "; no X display or other video driver to use instead: the display is not opened\n";
        return false;
    }
    std::string list;
    for (const std::string& d : drivers) list += (list.empty() ? "" : ",") + d;
    log << ": SDL's " << list << " instead";
    if (x11 && *x11) log << " (DISPLAY " << excerpt(x11, 40) << ")";
    log << "\n";
    SDL_SetHintWithPriority(SDL_HINT_VIDEODRIVER, list.c_str(), SDL_HINT_OVERRIDE);
    return true;
}

using Steady = std::chrono::steady_clock;
using Ms = std::chrono::milliseconds;

// The application icon (assets/hallboard-64.png) on the window, for a desktop or a
// window manager that shows one. Without the file the window simply has none.
void setWindowIcon(SDL_Window* window, std::ostream& log) {
    std::string path = assetPath("hallboard-64.png");
    if (path.empty()) return;
    std::string error;
    auto icon = decodeImageFile(path, {64, 64}, 256, ImageLimits{}, error);
    if (!icon) {
        log << "hallboard: icon " << path << ": " << error << "; the window has none\n";
        return;
    }
    SDL_Surface* surface = SDL_CreateRGBSurfaceWithFormatFrom(icon->rgba.data(), icon->width, icon->height, 32,
                                                              icon->width * 4, SDL_PIXELFORMAT_RGBA32);
    if (!surface) return;
    SDL_SetWindowIcon(window, surface);  // SDL copies the pixels
    SDL_FreeSurface(surface);
}

}  // namespace

Presenter choosePresenter(bool software, std::ostream& log) {
    if (software) return {};
    auto started = Steady::now();
    GlProbe probe = probeGl(Ms{5000});
    std::string took =
        " (asked in " + std::to_string(std::chrono::duration_cast<Ms>(Steady::now() - started).count()) + " ms)";
    const char* api = probe.gles ? "OpenGL ES" : "OpenGL";
    switch (probe.outcome) {
    case GlProbe::Outcome::hardware:
        log << "hallboard: " << api << ": " << probe.renderer << took << "\n";
        return {false, probe.gles ? Presenter::Gles::yes : Presenter::Gles::no};
    case GlProbe::Outcome::software:
        log << "hallboard: " << api << " here is a software rasteriser (" << probe.renderer << ")" << took
            << ": drawing with SDL's software renderer instead, which costs less CPU and memory without a GPU\n";
        return {true, probe.gles ? Presenter::Gles::yes : Presenter::Gles::no};
    case GlProbe::Outcome::none:
    case GlProbe::Outcome::failed: break;
    }
    log << "hallboard: no usable OpenGL (" << probe.error << ")" << took << ": drawing with SDL's software renderer\n";
    return {};
}

SdlBackend::SdlBackend(const DisplayConfig& config, const RunOptions& options, Presenter presenter, std::ostream& log)
    : config_(config), options_(options), presenter_(presenter), log_(log) {}

SdlBackend::~SdlBackend() {
    shutdown();
}

bool SdlBackend::init() {
    display_ = open(true);
    sdl_ = true;
    return display_.has_value();
}

bool SdlBackend::switchAfterRefusal() {
    const bool wasDumb = dumb() != nullptr;
    log_ << "hallboard: "
         << (wasDumb ? "dumb buffers: the panel refused a frame after " +
                           std::to_string(display_->dumb->framesShown()) + " shown; "
                     : "the display refused a frame; ")
         << "presenting through " << (wasDumb ? "SDL's kmsdrm and OpenGL ES" : "a new window") << " from now on\n";
    // SDL's event queue, its watches (the loop's waiter) and registered events live on:
    // only the video driver is started again.
    SDL_InitSubSystem(SDL_INIT_EVENTS);
    display_.reset();  // the dumb panel closed: the console's picture back, DRM master released
    SDL_QuitSubSystem(SDL_INIT_VIDEO);
    SDL_ResetHint(SDL_HINT_VIDEODRIVER);
    SDL_ResetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION);
    display_ = open(/*dumbBuffers=*/false);
    // No SDL path here (no OpenGL ES, no kmsdrm): dumb buffers once more, for a refusal
    // that has passed. Bounded: a display that keeps refusing ends the run.
    if (!display_ && wasDumb) display_ = open(true);
    SDL_QuitSubSystem(SDL_INIT_EVENTS);
    if (!display_ || ++switches_ > 5) {
        log_ << "hallboard: no other way to the screen: ending, for systemd to start the kiosk again\n";
        return false;
    }
    return true;
}

void SdlBackend::shutdown() {
    display_.reset();
    if (sdl_) SDL_Quit();
    sdl_ = false;
}

// KMS in software: SDL's software renderer on a window of its "evdev" video driver (input
// through evdev as on kmsdrm, no EGL, no GBM, so no Mesa), each frame put on the panel
// through DRM dumb buffers (platform/dumb_panel.hpp). Empty (logged) when any step fails:
// the caller goes on with SDL's kmsdrm, as before.
std::optional<SdlBackend::Display> SdlBackend::openDumb() {
    std::ostream& log = log_;
    Display d;
    d.dumb = DumbPanel::open(PanelTurn{config_.rotate}, log);
    if (!d.dumb) return std::nullopt;
    // Over SDL_VIDEODRIVER=kmsdrm (the shipped unit's): that is what this replaces.
    SDL_SetHintWithPriority(SDL_HINT_VIDEODRIVER, "evdev", SDL_HINT_OVERRIDE);
    SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0");  // the window's pixels in memory, no GL texture
    auto undo = [&](const char* what) {
        log << "hallboard: dumb buffers: " << what << ": " << SDL_GetError()
            << "; presenting through SDL's kmsdrm instead\n";
        d.renderer.reset();
        d.window.reset();
        SDL_QuitSubSystem(SDL_INIT_VIDEO | SDL_INIT_EVENTS);
        SDL_ResetHint(SDL_HINT_VIDEODRIVER);
        SDL_ResetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION);
        d.dumb.reset();  // the console's picture back, DRM master released for SDL
        return std::nullopt;
    };
    if (SDL_InitSubSystem(SDL_INIT_VIDEO | SDL_INIT_EVENTS) != 0) return undo("SDL's evdev video driver cannot start");
    const char* driver = SDL_GetCurrentVideoDriver();
    if (!driver || SDL_strcasecmp(driver, "evdev") != 0) {
        SDL_SetError("SDL started \"%s\" instead", driver ? driver : "nothing");
        return undo("SDL's evdev video driver did not start");
    }
    PixelSize size = d.dumb->pictureSize();
    d.window.reset(SDL_CreateWindow("Hallboard", 0, 0, size.width, size.height, 0));
    if (!d.window) return undo("cannot create the window");
    d.renderer.reset(SDL_CreateRenderer(d.window.get(), -1, SDL_RENDERER_SOFTWARE));
    if (!d.renderer) return undo("cannot create the software renderer");
    log << "hallboard: renderer software, presented through DRM dumb buffers on " << d.dumb->describe() << "\n";
    SDL_DisableScreenSaver();
    SDL_ShowCursor(SDL_DISABLE);  // nothing draws a cursor here
    return d;
}

namespace {

// How the window's pictures reach the display, by the video driver SDL started (its
// name, in lower case, is returned).
std::string choosePresentation(const Presenter& presenter) {
    const bool software = presenter.software;
    // In software, the window's pixels go straight to the display where the video driver
    // can (X11: shared memory), not through an OpenGL texture, which would load Mesa
    // (and LLVM) for a copy. KMS/DRM and Wayland have no such path in SDL 2.26: there
    // SDL's default stays.
    std::string driver = SDL_GetCurrentVideoDriver() ? SDL_GetCurrentVideoDriver() : "";
    // SDL names some drivers in capitals ("KMSDRM"), and matches SDL_VIDEODRIVER in any case.
    std::transform(driver.begin(), driver.end(), driver.begin(), [](unsigned char c) { return std::tolower(c); });
    if (software && (driver == "x11" || driver == "offscreen" || driver == "dummy"))
        SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0");
    // KMS/DRM: every picture reaches the panel through a GL renderer, and SDL's first
    // choice, desktop OpenGL ("opengl"), draws only black on Mesa without a GPU driver
    // (kms_swrast under QEMU's virtio-gpu: seen, and SDL's testsprite2 does the same).
    // OpenGL ES 2 presents there, and it is what a Pi's V3D and VC4 drivers are made for:
    // present through it, the software renderer's window pixels or the accelerated
    // renderer, unless the probe found desktop OpenGL alone. A probe that could not tell
    // (under emulation it timed out) still tries GLES 2 first; where it cannot present,
    // SDL's own choice follows (below).
    if (driver == "kmsdrm" && presenter.gles != Presenter::Gles::no)
        SDL_SetHint(software ? SDL_HINT_FRAMEBUFFER_ACCELERATION : SDL_HINT_RENDER_DRIVER, "opengles2");
    return driver;
}

}  // namespace

std::optional<SdlBackend::Display> SdlBackend::open(bool dumbBuffers) {
    std::ostream& log = log_;
    const DisplayConfig& config = config_;
    const RunOptions& options = options_;
    const Presenter& presenter = presenter_;
    const bool software = presenter.software;
    SDL_SetHint(SDL_HINT_RENDER_SCALE_QUALITY, "linear");
    SDL_SetHint(SDL_HINT_VIDEO_MINIMIZE_ON_FOCUS_LOSS, "0");
    if (software) SDL_SetHint(SDL_HINT_RENDER_DRIVER, "software");
    if (software && dumbBuffers && wantDumbPanel())
        if (auto d = openDumb()) return d;
    if (!avoidSeatlessWayland(log)) return std::nullopt;
    if (SDL_Init(SDL_INIT_VIDEO | SDL_INIT_EVENTS) != 0) {
        log << "hallboard: cannot open the display: " << SDL_GetError() << "\n";
        return std::nullopt;
    }
    const std::string driver = choosePresentation(presenter);
    const bool kms = driver == "kmsdrm";
    bool fullscreen = config.fullscreen && !options.windowed;
    int w = options.width > 0 ? options.width : config.width;
    int h = options.height > 0 ? options.height : config.height;
    Uint32 flags = SDL_WINDOW_ALLOW_HIGHDPI | (fullscreen ? SDL_WINDOW_FULLSCREEN_DESKTOP : SDL_WINDOW_RESIZABLE);
    Display d;
    d.window.reset(SDL_CreateWindow("Hallboard", SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, w, h, flags));
    if (d.window && !software)
        d.renderer.reset(SDL_CreateRenderer(d.window.get(), -1, SDL_RENDERER_ACCELERATED | SDL_RENDERER_PRESENTVSYNC));
    if (d.window && !d.renderer) d.renderer.reset(SDL_CreateRenderer(d.window.get(), -1, SDL_RENDERER_SOFTWARE));
    if (d.window && !d.renderer && kms && presenter.gles != Presenter::Gles::no) {
        log << "hallboard: OpenGL ES 2 cannot present here (" << SDL_GetError() << "): trying SDL's own choice\n";
        SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "1");
        d.renderer.reset(SDL_CreateRenderer(d.window.get(), -1, SDL_RENDERER_SOFTWARE));
    }
    if (!d.window || !d.renderer) {
        log << "hallboard: cannot create the " << (d.window ? "renderer" : "window") << ": " << SDL_GetError() << "\n";
        d = Display{};
        SDL_Quit();
        return std::nullopt;
    }
    setWindowIcon(d.window.get(), log);
    SDL_RendererInfo info{};
    SDL_GetRendererInfo(d.renderer.get(), &info);
    log << "hallboard: renderer " << (info.name ? info.name : "?");
    const char* through = SDL_GetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION);
    if (software && kms && through) log << ", presented through " << through;
    log << "\n";
    SDL_DisableScreenSaver();
    if (config.hideCursor) SDL_ShowCursor(SDL_DISABLE);
    return d;
}

void SdlBackend::turn(KioskRenderer& kiosk) const {
    const int rotate = config_.rotate;
    std::ostream& log = log_;
    if (dumb() || rotate == 0) return;
    if (kiosk.turnPicture(PanelTurn{rotate})) {
        ImVec2 picture = kiosk.size();
        log << "hallboard: display.rotate " << rotate << ": pages laid out " << static_cast<int>(picture.x) << "x"
            << static_cast<int>(picture.y) << ", turned " << rotate
            << " degrees clockwise onto the window by the renderer\n";
    } else {
        log << "hallboard: display.rotate " << rotate << " is not applied here: the renderer has no render targets ("
            << SDL_GetError() << "); turn the screen in the display's own settings\n";
    }
}

void newImGuiFrame(SDL_Window* window, ImVec2 displaySize) {
    ImGuiIO& io = ImGui::GetIO();
    io.DisplaySize = displaySize;
    ImGui_ImplSDLRenderer_NewFrame();
    if (window) ImGui_ImplSDL2_NewFrame();
    io.DisplaySize = displaySize;  // the window's size is the panel's, not the picture's
    ImGui::NewFrame();
}

void renderImGuiFrame(SDL_Renderer* renderer, ImU32 bg) {
    ImGui::Render();
    SDL_SetRenderDrawColor(renderer, static_cast<Uint8>(bg >> IM_COL32_R_SHIFT),
                           static_cast<Uint8>(bg >> IM_COL32_G_SHIFT), static_cast<Uint8>(bg >> IM_COL32_B_SHIFT), 255);
    SDL_RenderClear(renderer);
    ImGui_ImplSDLRenderer_RenderDrawData(ImGui::GetDrawData());
}

}  // namespace hallboard::platform
