// See kiosk_renderer.hpp.
#include "platform/kiosk_renderer.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cerrno>
#include <cstring>
#include <functional>
#include <malloc.h>
#include <stdexcept>

#include <imgui_impl_sdl.h>
#include <imgui_impl_sdlrenderer.h>
#include <imgui_internal.h>  // ErrorCheckEndFrameRecover: the frame guard
#include <stb/stb_image_write.h>

#include "kiosk/kiosk_loop.hpp"
#include "base/files.hpp"
#include "base/i18n.hpp"
#include "kiosk/kiosk_config.hpp"
#include "platform/paths.hpp"
#include "platform/sdl_backend.hpp"
#include "ui/kiosk_screen.hpp"

namespace hallboard::platform {

namespace {

// The software surface and renderer a headless renderer draws on.
SurfacePtr headlessSurface(int width, int height) {
    SurfacePtr surface(SDL_CreateRGBSurfaceWithFormat(0, width, height, 32, SDL_PIXELFORMAT_ABGR8888));
    if (!surface) throw std::runtime_error(std::string("cannot create a surface: ") + SDL_GetError());
    return surface;
}

RendererPtr softwareRenderer(SDL_Surface* surface) {
    RendererPtr renderer(SDL_CreateSoftwareRenderer(surface));
    if (!renderer) throw std::runtime_error(std::string("cannot create the software renderer: ") + SDL_GetError());
    return renderer;
}

}  // namespace

void keepLargeBuffersReturnable() {
#ifdef M_MMAP_THRESHOLD
    mallopt(M_MMAP_THRESHOLD, 1 << 20);
#endif
}

KioskRenderer::KioskRenderer(SDL_Window* window, SDL_Renderer* renderer, std::ostream& log)
    : log_(log), window_(window), renderer_(renderer), type_(renderer_, log_), wall_(renderer_),
      cache_(renderer_, wall_, log_) {
    init();
    ImGui_ImplSDL2_InitForSDLRenderer(window_);
}

KioskRenderer::KioskRenderer(int width, int height, std::ostream& log)
    : log_(log), surface_(headlessSurface(width, height)), ownedRenderer_(softwareRenderer(surface_.get())),
      renderer_(ownedRenderer_.get()), type_(renderer_, log_), wall_(renderer_), cache_(renderer_, wall_, log_) {
    init();
}

void KioskRenderer::init() {
    setCatalogueDir(localeDir());  // the messages of the configured language (base/i18n)
    keepLargeBuffersReturnable();
    IMGUI_CHECKVERSION();
    imgui_ = ImGui::CreateContext();
    ImGui::SetCurrentContext(imgui_);
    ImGuiIO& io = ImGui::GetIO();
    io.IniFilename = nullptr;  // a kiosk keeps no state between runs
    io.LogFilename = nullptr;
    // ImGui's SDL backend would otherwise show the OS cursor again on every frame it
    // draws; the loop alone decides (shown while a mouse moves, hidden after).
    io.ConfigFlags |= ImGuiConfigFlags_NoMouseCursorChange;
    ImGui_ImplSDLRenderer_Init(renderer_);
    // Cached screens in the screen's own pixel format where SDL draws in software, so
    // that showing one is a plain copy and a fade a blend without conversion (in SDL's
    // generic blitters, converting ARGB to the window's XRGB cost most of a fade frame).
    SDL_RendererInfo info{};
    const bool known = SDL_GetRendererInfo(renderer_, &info) == 0;
    drawing_ = drawingPath(surface_ != nullptr, window_ != nullptr, known ? &info : nullptr);
    Uint32 screenFormat = surface_ ? surface_->format->format : window_ ? SDL_GetWindowPixelFormat(window_) : 0;
    if (drawing_.software && SDL_BYTESPERPIXEL(screenFormat) == 4 && !SDL_ISPIXELFORMAT_INDEXED(screenFormat))
        layerFormat_ = screenFormat;
    cache_.setDrawing(layerFormat_, drawing_.persists);
    std::function<void()> onReady;
    if (window_) {
        // Pictures decoded in the background wake the loop to draw them.
        Uint32 type = imagesReadyEvent();
        onReady = [type] {
            SDL_Event e{};
            e.type = type;
            SDL_PushEvent(&e);
        };
    }
    images_ = std::make_unique<SdlImages>(renderer_, ".", log_, std::move(onReady));
}

KioskRenderer::~KioskRenderer() {
    ImGui::SetCurrentContext(imgui_);
    type_.release();
    images_.reset();
    ImGui_ImplSDLRenderer_Shutdown();
    if (window_) ImGui_ImplSDL2_Shutdown();
    ImGui::DestroyContext(imgui_);
}

ImVec2 KioskRenderer::size() const {
    return wall_.wallSize(outputSize());
}

ImVec2 KioskRenderer::outputSize() const {
    int w = 0, h = 0;
    if (surface_) {
        w = surface_->w;
        h = surface_->h;
    } else if (turning()) {
        // The window's pixels, whatever the render target: the picture is laid out turned.
        SDL_GetWindowSizeInPixels(window_, &w, &h);
        PixelSize picture = logicalSize({w, h}, turn_);
        w = picture.width;
        h = picture.height;
    } else {
        SDL_GetRendererOutputSize(renderer_, &w, &h);
    }
    return ImVec2{static_cast<float>(w), static_cast<float>(h)};
}

ImVec2 KioskRenderer::panelSize() const {
    ImVec2 s = size();
    return panelTurn().quarter() ? ImVec2{s.y, s.x} : s;
}

bool KioskRenderer::turnPicture(PanelTurn turn) {
    if (!window_ || dumb_ || turn.degrees % 90 != 0 || turn.degrees <= 0 || turn.degrees >= 360) return false;
    if (!SDL_RenderTargetSupported(renderer_)) return false;
    turn_ = turn;
    aimAtPicture();
    if (!picture_) return false;
    SDL_SetRenderTarget(renderer_, nullptr);
    return true;
}

void KioskRenderer::aimAtPicture() {
    if (!turning()) return;
    ImVec2 s = outputSize();
    int w = static_cast<int>(s.x), h = static_cast<int>(s.y);
    if (!picture_ || w != pictureWidth_ || h != pictureHeight_) {
        SDL_SetRenderTarget(renderer_, nullptr);
        picture_.reset();
        picture_.reset(
            SDL_CreateTexture(renderer_, layerFormat_, SDL_TEXTUREACCESS_TARGET, std::max(w, 1), std::max(h, 1)));
        cache_.forgetShown();  // a new picture holds nothing yet
        if (!picture_) {
            log_ << "hallboard: display.rotate " << turn_.degrees << ": cannot make the turned picture (" << w << "x"
                 << h << "): " << SDL_GetError() << "; the picture is no longer turned\n";
            turn_ = PanelTurn{};
            pictureWidth_ = pictureHeight_ = 0;
            return;
        }
        // Texel for pixel: a quarter turn of a texture the size of the panel turned.
        SDL_SetTextureScaleMode(picture_.get(), SDL_ScaleModeNearest);
        SDL_SetTextureBlendMode(picture_.get(), SDL_BLENDMODE_NONE);
        pictureWidth_ = w;
        pictureHeight_ = h;
    }
    if (SDL_GetRenderTarget(renderer_) != picture_.get()) SDL_SetRenderTarget(renderer_, picture_.get());
}

bool KioskRenderer::onScreenTarget() const {
    SDL_Texture* target = SDL_GetRenderTarget(renderer_);
    return target == nullptr || (picture_ && target == picture_.get());
}

// What the display says of its size (EDID through SDL); nothing headless.
std::optional<double> KioskRenderer::reportedDiagonal(ImVec2 size) const {
    if (!window_) return std::nullopt;
    int index = SDL_GetWindowDisplayIndex(window_);
    float ddpi = 0;
    if (index < 0 || SDL_GetDisplayDPI(index, &ddpi, nullptr, nullptr) != 0) return std::nullopt;
    return hallboard::reportedDiagonal(static_cast<int>(size.x), static_cast<int>(size.y), ddpi);
}

namespace {

// The words a screen may show beyond the program: the overrides' announcements and
// emergency, the slides' own titles and text.
std::string alsoShown(const ui::KioskView& view) {
    std::string out;
    for (const Announcement* a : view.announcements) out += a->title + a->text;
    if (view.emergency) out += view.emergency->title + view.emergency->text;
    for (const PageConfig& page : view.config->rotation)
        if (page.slide) out += page.slide->title + page.slide->text;
    return out;
}

}  // namespace

void KioskRenderer::prepare(const ui::KioskView& view, bool large) {
    const KioskConfig& config = *view.config;
    const Program& program = *view.program;
    ImGui::SetCurrentContext(imgui_);
    if (wall_.set(config.wall)) cache_.clear();  // cached screens of the old size
    if (&program != program_) {
        program_ = &program;
        images_->forget();  // photos replaced with the program are read again
        reportedFailures_.clear();
    }
    images_->setBaseDir(program.baseDir.empty() ? std::string(".") : program.baseDir);
    FontsAndTheme::Screen screen{size(), config.display, reportedDiagonal(outputSize()), window_ != nullptr, large};
    wall_.scaleDiagonal(screen.display, screen.reportedDiagonal, outputSize());
    type_.prepare(config, program, screen, alsoShown(view));
}

ui::Canvas KioskRenderer::layoutCanvas() {
    ImGui::SetCurrentContext(imgui_);
    ui::Canvas c;
    c.size = size();
    c.theme = &type_.theme();
    c.engine = type_.engine();
    c.images = images_.get();
    c.fonts = &type_.atlasFonts();
    return c;
}

namespace {

void ignoreImGuiError(void*, const char*, ...) {}

}  // namespace

namespace {

// What a call threw, in words; empty when it returned.
std::string failureOf(const std::function<void()>& call) {
    try {
        call();
    } catch (const std::exception& e) {
        return *e.what() ? std::string(e.what()) : std::string("an exception without a message");
    } catch (...) {
        return "an unknown exception";
    }
    return {};
}

}  // namespace

ui::Canvas KioskRenderer::beginFrame(const ui::KioskView& view, Touchable* touchable) {
    ImGui::SetCurrentContext(imgui_);
    // Straight to a wall's screen (browsing, or no render targets): only its tile fits.
    bool tileOnly = wall_.active() && onScreenTarget();
    SDL_Rect tile = wall_.tile(outputSize());
    newImGuiFrame(window_, tileOnly ? outputSize() : size());
    ui::Canvas c = layoutCanvas();
    c.list = ImGui::GetBackgroundDrawList();
    c.origin = ImVec2{static_cast<float>(view.shiftX - (tileOnly ? tile.x : 0)),
                      static_cast<float>(view.shiftY - (tileOnly ? tile.y : 0))};
    if (record_) {
        record_->runs.clear();
        c.record = record_;
    }
    if (touchable) {
        *touchable = Touchable{};
        c.targets = &touchable->targets;
        c.facts = &touchable->facts;
    }
    return c;
}

void KioskRenderer::endFrame(const ui::KioskView& view) {
    renderImGuiFrame(renderer_, view.blank ? IM_COL32(0, 0, 0, 255) : type_.theme().background);
    if (TextEngine* engine = type_.engine()) engine->endFrame();
}

void KioskRenderer::drawFallback(const ui::KioskView& view, ui::Canvas& c, const std::string& failure) {
    c.targets = nullptr;
    c.facts = nullptr;
    if (record_) record_->runs.clear();
    ui::drawFallback(view, c);
    if (reportedFailures_.size() < 16 && reportedFailures_.insert(failure).second)
        log_ << "hallboard: drawing the screen failed: " << failure
             << "; showing the clock and the conference's name instead\n";
    ++failedFrames_;
}

void KioskRenderer::drawInto(const ui::KioskView& view, const Rotation::Frame& rotation, Touchable* touchable) {
    ui::Canvas c = beginFrame(view, touchable);
    // The frame guard, inside ImGui's frame: a page that throws must not leave the frame
    // open (the next NewFrame would assert and abort) nor half a page on screen.
    std::string failure = view.blank ? std::string() : failureOf([&] { ui::drawScreen(view, rotation, c); });
    if (!failure.empty()) {
        // Unwind what the page left open (windows, style, font and ID stacks), end the
        // frame and throw its geometry away; then the one fallback on a new frame.
        ImGui::ErrorCheckEndFrameRecover(ignoreImGuiError);
        ImGui::EndFrame();
        ImGui::NewFrame();
        if (touchable) *touchable = Touchable{};
        c.list = ImGui::GetBackgroundDrawList();
        drawFallback(view, c, failure);
    }
    endFrame(view);
}

void KioskRenderer::fallbackFrame(const ui::KioskView& view, const std::string& failure) {
    ImGui::SetCurrentContext(imgui_);
    cache_.forgetShown();  // the screen's pixels are the fallback's from here
    aimAtPicture();
    // Before the first prepare() finished there is no theme (and no fonts: ImGui's
    // backend makes its own font then).
    if (!type_.prepared()) type_.fallbackTheme(view, size());
    ui::KioskView shown = view;
    shown.blank = false;  // never a black picture in place of a failed one
    ui::Canvas c = beginFrame(shown, nullptr);
    drawFallback(shown, c, failure);
    endFrame(shown);
}

ScreenKey KioskRenderer::moment(const ui::KioskView& view) const {
    ImVec2 s = size();
    ScreenKey k;
    k.minute = shownTick(view.now, view.seconds);
    k.program = view.program;
    k.width = static_cast<int>(s.x);
    k.height = static_cast<int>(s.y);
    k.images = images_->generation();
    return k;
}

// The frame recipe: the picture's target, the pictures decoded since the last frame,
// then the frame from cached screens where they may be used, else drawn directly.
KioskRenderer::Touchable KioskRenderer::frame(const ui::KioskView& view, const Rotation::Frame& rotation) {
    ImGui::SetCurrentContext(imgui_);
    aimAtPicture();      // turned: everything below draws into the picture
    images_->collect();  // photos decoded since the last frame; cached screens redrawn with them
    const bool browsing = view.browse.browser && view.browse.browser->browsing();
    if (view.emergency) {
        // The takeover is drawn directly, over everything, and nothing on it can be touched.
        cache_.forgetShown();
        Touchable ignored;
        drawInto(view, rotation, &ignored);
        return Touchable{};
    }
    if (cache_.usable(size(), browsing)) {
        // What this frame shows: decided once (ui::transitionOf), for the cached screens
        // here and for the pages drawn directly (ui::drawScreen) alike.
        ScreenCache::Frame shown;
        shown.now = moment(view);
        shown.transition = ui::transitionOf(view, rotation);
        if (shown.transition.moving()) shown.band = ui::pageBand(layoutCanvas());
        shown.screen = outputSize();
        shown.draw = [&](std::optional<Rotation::Slot> slot, Touchable* touchable) {
            Rotation::Frame single;
            single.current = slot;
            drawInto(view, single, touchable);
        };
        if (std::optional<Touchable> touchable = cache_.show(shown)) return std::move(*touchable);
    }
    cache_.forgetShown();
    Touchable touchable;
    drawInto(view, rotation, &touchable);
    return touchable;
}

DrawingPath drawingPath(bool headless, bool window, const SDL_RendererInfo* info) {
    DrawingPath d;
    const bool softwareRenderer = info && (info->flags & SDL_RENDERER_SOFTWARE) != 0;
    d.software = headless || !info || softwareRenderer;
    d.persists = window && !headless && softwareRenderer;
    return d;
}

KioskRenderer::Statistics KioskRenderer::statistics() const {
    TextEngine* engine = type_.engine();
    return {engine ? engine->stats().atlasBytes : 0, cache_.bytes(), cache_.incrementalFades_};
}

std::chrono::milliseconds KioskRenderer::transitionFrameInterval() const {
    return std::chrono::milliseconds{drawing_.software ? 83 : 16};
}

bool KioskRenderer::settleImages(std::chrono::milliseconds timeout) {
    return images_->settle(timeout);
}

PanelTurn KioskRenderer::panelTurn() const {
    return dumb_ ? dumb_->turn() : turn_;
}

bool KioskRenderer::present() {
    if (turning() && picture_) {
        // The picture onto the window, turned about the window's centre: a w x h picture
        // turned a quarter covers the h x w window exactly, texel for pixel.
        SDL_SetRenderTarget(renderer_, nullptr);
        SDL_SetRenderDrawColor(renderer_, 0, 0, 0, 255);
        SDL_RenderClear(renderer_);
        ImVec2 panel = panelSize(), picture = size();
        SDL_FRect to{(panel.x - picture.x) / 2, (panel.y - picture.y) / 2, picture.x, picture.y};
        SDL_RenderCopyExF(renderer_, picture_.get(), nullptr, &to, turn_.degrees, nullptr, SDL_FLIP_NONE);
    }
    if (window_) SDL_RenderPresent(renderer_);
    if (dumb_ && window_) return dumb_->show(SDL_GetWindowSurface(window_));
    return true;
}

bool KioskRenderer::savePng(const std::string& path, std::string& error) {
    ImVec2 s = outputSize();
    int w = static_cast<int>(s.x), h = static_cast<int>(s.y);
    std::vector<unsigned char> pixels(static_cast<std::size_t>(w) * static_cast<std::size_t>(h) * 4);
    if (surface_) {
        SDL_LockSurface(surface_.get());
        for (int y = 0; y < h; ++y)
            std::memcpy(&pixels[static_cast<std::size_t>(y) * static_cast<std::size_t>(w) * 4],
                        static_cast<unsigned char*>(surface_->pixels) +
                            static_cast<std::ptrdiff_t>(y) * surface_->pitch,
                        static_cast<std::size_t>(w) * 4);
        SDL_UnlockSurface(surface_.get());
    } else {
        // Turned: the picture as laid out (size()), not the window it is turned onto.
        SDL_Texture* target = SDL_GetRenderTarget(renderer_);
        if (turning() && picture_) SDL_SetRenderTarget(renderer_, picture_.get());
        int r = SDL_RenderReadPixels(renderer_, nullptr, SDL_PIXELFORMAT_ABGR8888, pixels.data(), w * 4);
        SDL_SetRenderTarget(renderer_, target);
        if (r != 0) {
            error = SDL_GetError();
            return false;
        }
    }
    for (std::size_t i = 3; i < pixels.size(); i += 4) pixels[i] = 255;  // a screen is opaque
    // Encoded in memory, written by the one durable writer (base/files.hpp).
    std::string png;
    auto append = [](void* into, void* data, int size) {
        static_cast<std::string*>(into)->append(static_cast<const char*>(data), static_cast<std::size_t>(size));
    };
    if (!stbi_write_png_to_func(append, &png, w, h, 4, pixels.data(), w * 4)) {
        error = "cannot encode the PNG for " + path;
        return false;
    }
    return writeDurably(path, png, error);
}

}  // namespace hallboard::platform
