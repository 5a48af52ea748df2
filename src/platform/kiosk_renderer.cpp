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

#include "base/files.hpp"
#include "base/i18n.hpp"
#include "kiosk/kiosk_config.hpp"
#include "base/text.hpp"
#include "platform/paths.hpp"
#include "platform/sdl_backend.hpp"
#include "ui/kiosk_screen.hpp"

namespace hallboard::platform {

namespace {

void addCodepoints(std::string_view s, std::set<char32_t>& out) {
    for (std::size_t i = 0; i < s.size();) out.insert(nextCodepoint(s, i));
}

// Text the UI itself writes, whatever the program says.
constexpr const char* kUiText =
    "0123456789:·–—…•/ ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz.,;!?()[]'\"&+-%#@";

std::string themeKey(const KioskConfig& c) {
    std::string k =
        c.theme.name + std::to_string(c.theme.scale) + std::to_string(static_cast<int>(c.display.orientation));
    for (const auto& f : c.theme.textFonts) k += "|" + f;
    for (const auto& f : c.theme.displayFonts) k += "/" + f;
    auto hex = [](const std::optional<Color>& col) { return col ? col->hex() : std::string("-"); };
    k += hex(c.theme.background) + hex(c.theme.surface) + hex(c.theme.text) + hex(c.theme.muted) + hex(c.theme.accent) +
         hex(c.theme.live);
    return k;
}

}  // namespace

void keepLargeBuffersReturnable() {
#ifdef M_MMAP_THRESHOLD
    mallopt(M_MMAP_THRESHOLD, 1 << 20);
#endif
}

std::set<char32_t> programCodepoints(const Program& p) {
    std::set<char32_t> out;
    addCodepoints(kUiText, out);
    const Conference& c = p.conference;
    for (const std::string* s : {&c.name, &c.shortName, &c.venue}) addCodepoints(*s, out);
    for (const Room& r : p.rooms) addCodepoints(r.name, out);
    for (const Track& t : p.tracks) addCodepoints(t.name, out);
    for (const Person& person : p.people) {
        addCodepoints(person.name, out);
        addCodepoints(person.affiliation, out);
        addCodepoints(person.bio, out);
    }
    for (const Session& s : p.sessions) {
        addCodepoints(s.title, out);
        addCodepoints(s.description, out);
    }
    for (const Talk& t : p.talks) {
        addCodepoints(t.title, out);
        addCodepoints(t.abstract, out);
        addCodepoints(t.note, out);
        for (const auto& a : t.authors) addCodepoints(a, out);
    }
    for (const Award& a : p.awards) addCodepoints(a.name, out);
    return out;
}

KioskRenderer::KioskRenderer(SDL_Window* window, SDL_Renderer* renderer, std::ostream& log)
    : log_(log), window_(window), renderer_(renderer) {
    init();
    ImGui_ImplSDL2_InitForSDLRenderer(window_);
}

KioskRenderer::KioskRenderer(int width, int height, std::ostream& log) : log_(log) {
    surface_.reset(SDL_CreateRGBSurfaceWithFormat(0, width, height, 32, SDL_PIXELFORMAT_ABGR8888));
    if (!surface_) throw std::runtime_error(std::string("cannot create a surface: ") + SDL_GetError());
    ownedRenderer_.reset(SDL_CreateSoftwareRenderer(surface_.get()));
    if (!ownedRenderer_)
        throw std::runtime_error(std::string("cannot create the software renderer: ") + SDL_GetError());
    renderer_ = ownedRenderer_.get();
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
    engine_.reset();
    images_.reset();
    ImGui_ImplSDLRenderer_Shutdown();
    if (window_) ImGui_ImplSDL2_Shutdown();
    ImGui::DestroyContext(imgui_);
}

ImVec2 KioskRenderer::size() const {
    ImVec2 out = outputSize();
    return ImVec2{out.x * static_cast<float>(wall_.columns), out.y * static_cast<float>(wall_.rows)};
}

SDL_Rect KioskRenderer::tileRect() const {
    ImVec2 out = outputSize();
    int w = static_cast<int>(out.x), h = static_cast<int>(out.y);
    return SDL_Rect{(wall_.column - 1) * w, (wall_.row - 1) * h, w, h};
}

void KioskRenderer::copyPart(SDL_Texture* texture, SDL_Rect src, SDL_Rect dst) {
    SDL_Rect tile = tileRect(), shown{};
    if (!SDL_IntersectRect(&dst, &tile, &shown)) return;
    SDL_Rect from{src.x + (shown.x - dst.x), src.y + (shown.y - dst.y), shown.w, shown.h};
    SDL_Rect to{shown.x - tile.x, shown.y - tile.y, shown.w, shown.h};
    SDL_RenderCopy(renderer_, texture, &from, &to);
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
        onScreen_.reset();  // a new picture holds nothing yet
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

void KioskRenderer::buildFonts(const KioskConfig& config, const std::set<char32_t>& codepoints,
                               const ui::Theme& theme) {
    ImGui::SetCurrentContext(imgui_);
    auto textPrefs = config.theme.textFonts.empty() ? defaultTextFonts() : config.theme.textFonts;
    auto displayPrefs = config.theme.displayFonts.empty() ? defaultDisplayFonts() : config.theme.displayFonts;
    for (const auto& f : displayPrefs) textPrefs.push_back(f);  // display fonts back up text fonts too
    // The default fonts back up whatever the configuration names: a file that is not a
    // usable font (empty, a picture, cut short) is passed over, with a warning, and the
    // kiosk draws with the defaults instead of aborting (on every restart after).
    for (const auto& f : defaultTextFonts()) textPrefs.push_back(f);
    for (const auto& f : defaultDisplayFonts()) displayPrefs.push_back(f);
    EngineFonts fonts{catalog_.chain(textPrefs, false, codepoints), catalog_.chain(textPrefs, true, codepoints),
                      catalog_.chain(displayPrefs, false, codepoints), catalog_.chain(displayPrefs, true, codepoints)};
    // Every face a library will read is checked first, those fontconfig found included:
    // the engine's (FreeType, HarfBuzz; colour emoji allowed) and the last-resort atlas's
    // (stb_truetype, outlines only).
    FontChain atlasFaces = fonts.text;
    for (FontChain* chain : {&fonts.text, &fonts.textBold, &fonts.display, &fonts.displayBold})
        chain->faces.erase(
            std::remove_if(chain->faces.begin(), chain->faces.end(),
                           [&](const FontFace& f) { return catalog_.problem(f, FontUse::engine).has_value(); }),
            chain->faces.end());
    atlasFaces.faces.erase(
        std::remove_if(atlasFaces.faces.begin(), atlasFaces.faces.end(),
                       [&](const FontFace& f) { return catalog_.problem(f, FontUse::atlas).has_value(); }),
        atlasFaces.faces.end());
    for (const auto& [file, reason] : catalog_.refused()) {
        // A colour font refused by the atlas only (no outlines) is not a problem to report.
        bool engineUses = std::any_of(fonts.text.faces.begin(), fonts.text.faces.end(),
                                      [&](const FontFace& f) { return f.file == file; });
        if (!engineUses && warnedFonts_.insert(file + "\n" + reason).second)
            log_ << "hallboard: font " << file << ": " << reason << "; using the next font in line (the defaults)\n";
    }
    if (fonts.text.faces.empty() || atlasFaces.faces.empty())
        throw std::runtime_error("no usable font found (install fonts-inter or fonts-dejavu-core)");
    for (char32_t c : fonts.text.uncovered)
        log_ << "hallboard: no installed font has U+" << std::hex << static_cast<unsigned long>(c) << std::dec
             << "; it shows as a box\n";
    buildAtlas(atlasFaces, codepoints, theme);

    // Glyph atlas pages for at most a screen of pixels, and at least two 1024-pixel pages
    // (8 MB); pages are made as glyphs need them (a 1080p screen of text fills less
    // than one).
    ImVec2 s = size();
    auto budget = std::max<std::size_t>(
        8u << 20, std::min<std::size_t>(static_cast<std::size_t>(s.x * s.y * 4.0f), kMaxScreenPixels * 4));
    engine_ = std::make_unique<TextEngine>(renderer_, fonts, budget, log_);
}

// The last-resort screen's ImGui atlas (kiosk_screen.cpp drawFallback: the clock and the
// conference's name when a page throws), at one size. Every other string goes through
// the text engine. ImGui 1.86 from Debian holds 16-bit characters only.
void KioskRenderer::buildAtlas(const FontChain& text, const std::set<char32_t>& codepoints, const ui::Theme& theme) {
    ImFontAtlas* atlas = ImGui::GetIO().Fonts;
    ImGui_ImplSDLRenderer_DestroyFontsTexture();
    atlas->Clear();
    ImFontGlyphRangesBuilder ranges;
    // ImGui's glyph ranges end at a zero: a U+0000 in them left the atlas without glyphs
    // and ImGui asserted (the kiosk aborted at every start). Controls and surrogates
    // have no glyph anyway; the reader keeps them out of the program, this keeps them
    // out of the atlas whatever a program in memory holds.
    for (char32_t c : codepoints)
        if (c >= 0x20 && c <= 0xFFFF && !(c >= 0x7F && c < 0xA0) && !(c >= 0xD800 && c <= 0xDFFF))
            ranges.AddChar(static_cast<ImWchar>(c));
    ranges.AddChar(0x2026);  // the ellipsis of cut text
    glyphRanges_.clear();
    ranges.BuildRanges(&glyphRanges_);
    fonts_.sizes.clear();
    for (float px : {theme.subtitle}) {
        px = std::round(px);
        ImFont* font = nullptr;
        for (std::size_t i = 0; i < text.faces.size(); ++i) {
            ImFontConfig cfg;
            cfg.MergeMode = font != nullptr;
            cfg.FontNo = text.faces[i].index;
            // stb_truetype with fractional advances and 2x horizontal oversampling: even
            // letter spacing. (ImGui 1.86's FreeType builder rounds every advance up and
            // spaces letters unevenly, "Archit ecture", at kiosk sizes.)
            cfg.OversampleH = 2;
            cfg.OversampleV = 1;
            cfg.PixelSnapH = false;
            ImFont* f = atlas->AddFontFromFileTTF(text.faces[i].file.c_str(), px, &cfg, glyphRanges_.Data);
            if (!font) font = f;
        }
        if (font) fonts_.sizes.emplace_back(px, font);
    }
    if (!atlas->Build()) {
        // Checked fonts should not get here; if one does, ImGui's own font keeps the
        // screen drawable (an atlas left unbuilt aborts the next frame).
        log_ << "hallboard: building the font atlas failed; using ImGui's built-in font\n";
        atlas->Clear();
        fonts_.sizes.clear();
        for (float px : {theme.subtitle}) {
            ImFontConfig cfg;
            cfg.SizePixels = std::round(px);
            fonts_.sizes.emplace_back(cfg.SizePixels, atlas->AddFontDefault(&cfg));
        }
        if (!atlas->Build()) throw std::runtime_error("building the font atlas failed");
    }
    atlas->ClearInputData();  // the font files are not needed once rasterised
    ImGui_ImplSDLRenderer_CreateFontsTexture();
}

// What the display says of its size (EDID through SDL); nothing headless.
std::optional<double> KioskRenderer::reportedDiagonal(ImVec2 size) const {
    if (!window_) return std::nullopt;
    int index = SDL_GetWindowDisplayIndex(window_);
    float ddpi = 0;
    if (index < 0 || SDL_GetDisplayDPI(index, &ddpi, nullptr, nullptr) != 0) return std::nullopt;
    return hallboard::reportedDiagonal(static_cast<int>(size.x), static_cast<int>(size.y), ddpi);
}

void KioskRenderer::prepare(const KioskConfig& config, const Program& program, bool large) {
    if (config.wall != wall_) {
        wall_ = config.wall;
        for (Layer& l : layers_) l = Layer{};  // cached screens of the old size
    }
    ImVec2 s = size();
    // Runs on every wake: the program's characters are collected only when the program
    // is another one (a reload), not each time.
    if (&program != codepointsOf_) {
        programCodepoints_ = programCodepoints(program);
        codepointsOf_ = &program;
        images_->forget();  // photos replaced with the program are read again
        reportedFailures_.clear();
    }
    const std::set<char32_t>& codepoints = programCodepoints_;
    // Large text changes no font: the engine sets any size, the last-resort atlas keeps its own.
    std::string key = themeKey(config);
    images_->setBaseDir(program.baseDir.empty() ? std::string(".") : program.baseDir);
    bool sizeChanged = s.x != builtSize_.x || s.y != builtSize_.y;
    // A wall of panels has their pixel pitch: its diagonal is the panel's, scaled.
    DisplayConfig display = config.display;
    std::optional<double> reported = reportedDiagonal(outputSize());
    if (wall_.active()) {
        ImVec2 out = outputSize();
        double factor =
            std::hypot(s.x, s.y) / std::max(1.0, std::hypot(static_cast<double>(out.x), static_cast<double>(out.y)));
        if (display.diagonalInches)
            display.diagonalInches = *display.diagonalInches * factor;
        else if (reported)
            reported = *reported * factor;
        else
            display.diagonalInches = 43.0 * factor;  // the panel default, scaled
    }
    theme_ = ui::makeTheme(config.theme, program.conference, s, display, reported, large);
    // The kiosk: once, and when it changes (not for a visitor's large text).
    if (window_ && !large && theme_.reading.describe() != readingLogged_) {
        readingLogged_ = theme_.reading.describe();
        log_ << "hallboard: " << readingLogged_ << "\n";
    }
    if (!engine_ || sizeChanged || key != builtThemeKey_ || codepoints != builtCodepoints_) {
        buildFonts(config, codepoints, theme_);
        builtSize_ = s;
        builtThemeKey_ = key;
        builtCodepoints_ = codepoints;
    }
}

ui::Canvas KioskRenderer::layoutCanvas() {
    ImGui::SetCurrentContext(imgui_);
    ui::Canvas c;
    c.size = size();
    c.theme = &theme_;
    c.engine = engine_.get();
    c.images = images_.get();
    c.fonts = &fonts_;
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
    SDL_Rect tile = tileRect();
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
    renderImGuiFrame(renderer_, view.blank ? IM_COL32(0, 0, 0, 255) : theme_.background);
    if (engine_) engine_->endFrame();
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
    onScreen_.reset();  // the screen's pixels are the fallback's from here
    aimAtPicture();
    if (builtSize_.x <= 0) {
        // Before the first prepare() finished there is no theme (and no fonts: ImGui's
        // backend makes its own font then): the configuration's theme, or else light
        // text on a dark grey.
        std::string problem = failureOf([&] {
            theme_ =
                ui::makeTheme(view.config->theme, view.program->conference, size(), view.config->display, std::nullopt);
        });
        if (!problem.empty()) {
            theme_.background = IM_COL32(32, 32, 36, 255);
            theme_.text = IM_COL32(240, 240, 240, 255);
            theme_.muted = IM_COL32(190, 190, 196, 255);
        }
    }
    ui::KioskView shown = view;
    shown.blank = false;  // never a black picture in place of a failed one
    ui::Canvas c = beginFrame(shown, nullptr);
    drawFallback(shown, c, failure);
    endFrame(shown);
}

KioskRenderer::LayerKey KioskRenderer::keyFor(const ui::KioskView& view, std::optional<Rotation::Slot> slot) const {
    ImVec2 s = size();
    LayerKey k;
    k.slot = slot;
    k.minute = std::chrono::floor<std::chrono::minutes>(view.now).time_since_epoch().count();
    k.program = view.program;
    k.width = static_cast<int>(s.x);
    k.height = static_cast<int>(s.y);
    k.images = images_->generation();
    return k;
}

SDL_Texture* KioskRenderer::screenTexture(const ui::KioskView& view, std::optional<Rotation::Slot> slot,
                                          const Layer* keep) {
    LayerKey key = keyFor(view, slot);
    for (Layer& l : layers_)
        if (l.texture && l.drawn && l.key == key) {
            l.used = ++layerClock_;
            return l.texture.get();
        }
    // Reuse the least recently used layer that is not the other side of this transition.
    Layer* target = nullptr;
    for (Layer& l : layers_)
        if (&l != keep && (!target || l.used < target->used)) target = &l;
    int w = key.width, h = key.height;
    if (!target->texture || target->width != w || target->height != h) {
        target->texture.reset();  // freed before the next is made: never three screens at once
        target->texture.reset(SDL_CreateTexture(renderer_, layerFormat_, SDL_TEXTUREACCESS_TARGET, w, h));
        if (!target->texture) return nullptr;
        target->width = w;
        target->height = h;
    }
    // Back to the screen however drawing ends (drawInto catches what pages throw; this
    // covers the rest): a target left set would send every later frame into the layer.
    struct RestoreTarget {
        SDL_Renderer* renderer;
        SDL_Texture* previous;
        ~RestoreTarget() { SDL_SetRenderTarget(renderer, previous); }
    } restore{renderer_, SDL_GetRenderTarget(renderer_)};
    SDL_SetRenderTarget(renderer_, target->texture.get());
    Rotation::Frame single;
    single.current = slot;
    target->drawn = false;  // not a finished screen until drawn
    drawInto(view, single, &target->touchable);
    target->key = key;
    target->drawn = true;
    target->used = ++layerClock_;
    return target->texture.get();
}

// A fade on a screen whose pixels persist (SDL's software renderer on a window): the
// screen already holds the old page, or the fade so far, so each frame blends the new
// page's cached screen over it by the share still missing,
//     screen := screen + (new - screen) * (e - shown) / (1 - shown),
// which leaves old * (1 - e) + new * e on screen (to within rounding; the frame after
// the fade copies the new screen whole). One cached screen instead of two, and one blend
// of the page band a frame instead of a copy of the screen and a blend.
bool KioskRenderer::fadeOnScreen(const ui::KioskView& view, const Rotation::Frame& rotation, Touchable& touchable) {
    if (!drawing_.persists || !onScreen_ || !rotation.previous || view.config->transition != TransitionKind::fade)
        return false;
    LayerKey from = keyFor(view, rotation.previous), to = keyFor(view, rotation.current);
    float e = ui::transitionProgress(rotation.transition);
    const OnScreen& shown = *onScreen_;
    float done = 0;
    if (shown.progress >= 1 && shown.to == from)
        done = 0;  // the old page, whole
    else if (shown.progress >= 1 && shown.to == to)
        done = 1;  // the fade is complete already
    else if (shown.from == from && shown.to == to)
        done = shown.progress;
    else
        return false;
    // The old page's cached screen is not needed: the screen has it. Free it first, so
    // that the new page's is the only one.
    for (Layer& l : layers_)
        if (!(l.drawn && l.key == to)) l = Layer{};
    SDL_Texture* after = screenTexture(view, rotation.current, nullptr);
    if (!after) return false;
    for (const Layer& l : layers_)
        if (l.texture.get() == after) touchable = l.touchable;
    ui::Rect band = ui::pageBand(layoutCanvas());
    int w = to.width, h = to.height;
    int top = std::clamp(static_cast<int>(band.min.y), 0, h), bottom = std::clamp(static_cast<int>(band.max.y), top, h);
    // Outside the page band both screens are the same but for the clock: the new one's.
    SDL_SetTextureBlendMode(after, SDL_BLENDMODE_NONE);
    SDL_SetTextureAlphaMod(after, 255);
    SDL_Rect head{0, 0, w, top}, foot{0, bottom, w, h - bottom};
    if (head.h > 0) copyPart(after, head, head);
    if (foot.h > 0) copyPart(after, foot, foot);
    SDL_Rect r{0, top, w, bottom - top};
    float share = e >= 1 || done >= 1 ? 1.0f : std::max(0.0f, (e - done) / (1.0f - done));
    auto alpha = static_cast<Uint8>(std::clamp(std::lround(share * 255.0f), 0L, 255L));
    if (alpha == 255) {
        copyPart(after, r, r);  // this screen's part of a wall
    } else if (alpha > 0 && r.h > 0) {
        SDL_SetTextureBlendMode(after, SDL_BLENDMODE_BLEND);
        SDL_SetTextureAlphaMod(after, alpha);
        copyPart(after, r, r);  // this screen's part of a wall
        SDL_SetTextureAlphaMod(after, 255);
        SDL_SetTextureBlendMode(after, SDL_BLENDMODE_NONE);
    }
    // What is on screen now, with the share as it was rounded.
    float reached = alpha == 255 ? 1.0f : done + (1.0f - done) * static_cast<float>(alpha) / 255.0f;
    onScreen_ = reached >= 1 ? OnScreen{to, to, 1} : OnScreen{from, to, reached};
    ++incrementalFades_;
    return true;
}

bool KioskRenderer::cachesScreens(const ui::KioskView& view) {
    // A screen past the limits (a fullscreen 8K display, a large wall) gets no cached
    // screens: two of them at 7680x4320 are 265 MB of the unit's 512 (#26.2).
    ImVec2 s = size();
    bool tooLarge = static_cast<double>(s.x) * static_cast<double>(s.y) > static_cast<double>(kMaxScreenPixels);
    if (tooLarge && !largeScreenLogged_) {
        largeScreenLogged_ = true;
        log_ << "hallboard: the screen is " << static_cast<int>(s.x) << "x" << static_cast<int>(s.y)
             << ", more than the " << kMaxScreenPixels
             << " pixels a kiosk caches within its memory; drawing every frame directly, without transitions\n";
    }
    if (tooLarge)
        for (Layer& l : layers_) l = Layer{};
    bool browsing = view.browse.browser && view.browse.browser->browsing();
    return layersSupported_ && !browsing && !tooLarge;
}

KioskRenderer::Touchable KioskRenderer::frame(const ui::KioskView& view, const Rotation::Frame& rotation) {
    ImGui::SetCurrentContext(imgui_);
    aimAtPicture();      // turned: everything below draws into the picture
    images_->collect();  // photos decoded since the last frame; cached screens redrawn with them
    Touchable touchable;
    if (!cachesScreens(view)) {
        onScreen_.reset();
        drawInto(view, rotation, &touchable);
        return touchable;
    }
    if (fadeOnScreen(view, rotation, touchable)) return touchable;
    onScreen_.reset();  // set again below when the frame is a whole page or a composited fade
    const bool transition = rotation.previous && view.config->transition != TransitionKind::none;
    const Layer* keep = nullptr;
    SDL_Texture* before = nullptr;
    if (transition) {
        before = screenTexture(view, rotation.previous, nullptr);
        for (const Layer& l : layers_)
            if (l.texture.get() == before) keep = &l;
    }
    SDL_Texture* after = screenTexture(view, rotation.current, keep);
    if (!after || (transition && !before)) {
        layersSupported_ = false;  // no render targets here: draw every frame directly
        log_ << "hallboard: the renderer has no render targets; drawing transitions directly\n";
        drawInto(view, rotation, &touchable);
        return touchable;
    }
    for (const Layer& l : layers_)
        if (l.texture.get() == after) touchable = l.touchable;
    SDL_SetRenderDrawBlendMode(renderer_, SDL_BLENDMODE_NONE);
    SDL_SetTextureBlendMode(after, SDL_BLENDMODE_NONE);
    ImVec2 whole = size();
    SDL_Rect all{0, 0, static_cast<int>(whole.x), static_cast<int>(whole.y)};
    copyPart(after, all, all);
    if (!before) {
        // Between transitions only the screen in view stays cached (8 MB at 1080p).
        for (Layer& l : layers_)
            if (l.texture.get() != after) l = Layer{};
        LayerKey key = keyFor(view, rotation.current);
        onScreen_ = OnScreen{key, key, 1};
        return touchable;
    }
    compositeTransition(view, rotation, before, after);
    return touchable;
}

// The page band of two cached screens during a transition, over the new screen copied
// whole: the old page fading out, or leaving to the left as the new one comes in.
void KioskRenderer::compositeTransition(const ui::KioskView& view, const Rotation::Frame& rotation, SDL_Texture* before,
                                        SDL_Texture* after) {
    float e = ui::transitionProgress(rotation.transition);
    ui::Rect band = ui::pageBand(layoutCanvas());
    if (view.config->transition == TransitionKind::fade) {
        // The old screen over the new one, fading out: header and footer are the same in
        // both, so only the page changes.
        // Blended within the page band only: the rest is the same in both screens.
        SDL_Rect r{0, static_cast<int>(band.min.y), static_cast<int>(band.w()), static_cast<int>(band.h())};
        Uint8 alpha = static_cast<Uint8>(std::lround((1.0f - e) * 255.0f));
        SDL_SetTextureBlendMode(before, SDL_BLENDMODE_BLEND);
        SDL_SetTextureAlphaMod(before, alpha);
        copyPart(before, r, r);
        SDL_SetTextureAlphaMod(before, 255);
        onScreen_ = OnScreen{keyFor(view, rotation.previous), keyFor(view, rotation.current),
                             1.0f - static_cast<float>(alpha) / 255.0f};
        return;
    }
    // Slide: within the page band, the old page leaves to the left as the new comes in.
    int y = static_cast<int>(band.min.y), h = static_cast<int>(band.h()), w = static_cast<int>(band.w());
    int shift = static_cast<int>(std::lround(e * static_cast<float>(w)));
    SDL_SetTextureBlendMode(before, SDL_BLENDMODE_NONE);
    SDL_Rect oldSrc{shift, y, w - shift, h}, oldDst{0, y, w - shift, h};
    SDL_Rect newSrc{0, y, shift, h}, newDst{w - shift, y, shift, h};
    if (w - shift > 0) copyPart(before, oldSrc, oldDst);
    if (shift > 0) copyPart(after, newSrc, newDst);
}

DrawingPath drawingPath(bool headless, bool window, const SDL_RendererInfo* info) {
    DrawingPath d;
    const bool softwareRenderer = info && (info->flags & SDL_RENDERER_SOFTWARE) != 0;
    d.software = headless || !info || softwareRenderer;
    d.persists = window && !headless && softwareRenderer;
    return d;
}

KioskRenderer::Statistics KioskRenderer::statistics() const {
    return {engine_ ? engine_->stats().atlasBytes : 0, layerBytes(), incrementalFades_};
}

std::size_t KioskRenderer::layerBytes() const {
    std::size_t bytes = 0;
    for (const Layer& l : layers_)
        if (l.texture) bytes += static_cast<std::size_t>(l.width) * static_cast<std::size_t>(l.height) * 4;
    return bytes;
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
