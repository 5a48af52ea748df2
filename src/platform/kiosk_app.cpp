// See kiosk_app.hpp: start-up and the display around the loop (platform/kiosk_loop.hpp),
// and screenshots, which draw what the loop would draw.
#include "platform/kiosk_app.hpp"

#include <algorithm>
#include <cerrno>
#include <cctype>
#include <chrono>
#include <filesystem>
#include <fstream>

#include <imgui_impl_sdl.h>
#include <nlohmann/json.hpp>

#include "base/files.hpp"
#include "kiosk/fleet.hpp"
#include "kiosk/crash_loop.hpp"
#include "kiosk/kiosk_session.hpp"
#include "kiosk/last_good.hpp"
#include "kiosk/live_reload.hpp"
#include "base/text.hpp"
#include "platform/dumb_panel.hpp"
#include "platform/gl_probe.hpp"
#include "platform/image_file.hpp"
#include "platform/kiosk_loop.hpp"
#include "platform/kiosk_renderer.hpp"
#include "platform/kiosk_touch.hpp"
#include "platform/panel.hpp"
#include "platform/paths.hpp"
#include "platform/status_writer.hpp"
#include "platform/process_signals.hpp"
#include "ui/browse_screens.hpp"
#include "ui/kiosk_screen.hpp"

namespace hallboard::platform {

using json = nlohmann::json;

namespace {

using Steady = std::chrono::steady_clock;
using Ms = std::chrono::milliseconds;

// The application icon (assets/hallboard-64.png) on the window, for a desktop or a
// window manager that shows one. Without the file the window simply has none.
void setWindowIcon(SDL_Window* window, std::ostream& log) {
    std::string path = assetPath("hallboard-64.png");
    if (path.empty()) return;
    std::string error;
    auto icon = decodeImageFile(path, 64, 64, 256, ImageLimits{}, error);
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

bool FrameKey::operator==(const FrameKey& o) const {
    return minute == o.minute && current == o.current && previous == o.previous && transition == o.transition &&
           width == o.width && height == o.height && program == o.program;
}

FrameKey frameKey(Instant now, const Rotation::Frame& f, ImVec2 size, const void* program) {
    FrameKey k;
    k.minute = std::chrono::floor<std::chrono::minutes>(now).time_since_epoch().count();
    k.current = f.current;
    k.previous = f.previous;
    k.transition = f.previous ? static_cast<int>(f.transition * 1000) : 1000;
    k.width = static_cast<int>(size.x);
    k.height = static_cast<int>(size.y);
    k.program = program;
    return k;
}

ui::KioskView makeView(const KioskSession& s, Instant now) {
    ui::KioskView v;
    v.program = s.program.get();
    v.scheduler = s.scheduler.get();
    v.config = &s.config;
    v.now = now;
    v.rooms = s.rooms;
    v.staffNote = s.clockNote();
    v.announcements = activeAnnouncements(s.announcements, now);
    v.wayfinding = s.wayfinding.get();
    if (s.fallbackZoneFrom) {
        v.fallbackZone = s.program->conference.zone.name();
        v.fallbackZoneNamed = !s.fallbackZoneFrom->empty();
    }
    // Absolute: the image loader reads a relative path against the program's folder.
    auto asset = [](const char* name) {
        std::string path = assetPath(name);
        std::error_code ec;
        return path.empty() ? path : std::filesystem::absolute(path, ec).lexically_normal().string();
    };
    static const ui::WayIconFiles icons{asset("icons/stairs.png"), asset("icons/lift.png"), asset("icons/accessible.png")};
    v.icons = icons;
    const DisplayConfig& d = s.config.display;
    if (inQuietHours(d.quiet, s.program->conference.zone, now)) {
        v.blank = d.quiet.action == QuietAction::blank;
        v.dim = d.quiet.action == QuietAction::dim ? 0.75f : 0.0f;
    }
    if (d.pixelShift) {
        auto [x, y] = pixelShift(now, 1.0f);
        v.shiftX = x;
        v.shiftY = y;
    }
    return v;
}

namespace {

void report(const std::vector<Diagnostic>& diagnostics, std::ostream& log) {
    for (const std::string& line : logLines(diagnostics)) log << line << "\n";
}

void logStart(const StartUp& start, const LastGood& lastGood, std::ostream& log) {
    const KioskSession& s = start.session;
    switch (start.from) {
        case StartUp::From::files:
            log << "hallboard: loaded " << s.config.program << ": " << s.program->sessions.size() << " sessions, "
                << s.program->talks.size() << " talks; clock: " << s.clock.describe() << "\n";
            if (s.wayfinding) {
                std::size_t rooms = 0;
                for (const auto& r : s.wayfinding->rooms) rooms += r.has_value();
                log << "hallboard: directions from \"" << s.wayfinding->venue.points[s.wayfinding->here].id << "\" ("
                    << s.config.venue << ") to " << rooms << " of " << s.program->rooms.size() << " rooms"
                    << (s.wayfinding->stepFree ? ", step-free" : "") << "\n";
            }
            break;
        case StartUp::From::lastGood:
            log << "hallboard: the files cannot be used (the error is above); showing the last good copy from "
                << lastGood.bundlePath() << " until they are fixed\n";
            break;
        case StartUp::From::configOnly:
        case StartUp::From::defaults:
            if (!start.lastGoodUnreadable.empty())
                log << "hallboard: the files cannot be used (the error is above) and " << start.lastGoodUnreadable
                    << "; showing the clock until they are fixed\n";
            else
                log << "hallboard: the files cannot be used (the error is above) and no last good copy is saved"
                    << (lastGood.dir().empty() ? " (no state directory)" : " in " + lastGood.dir())
                    << "; showing the clock until they are fixed\n";
            break;
    }
}

// The window and its renderer: fullscreen on the kiosk's display (KMS/DRM on a Pi
// without a desktop), accelerated where a GPU is, else SDL's software renderer.
struct Display {
    std::unique_ptr<DumbPanel> dumb;  // KMS in software: the panel's dumb buffers (closed last)
    WindowPtr window;
    RendererPtr renderer;
};

// How frames reach the screen: SDL's software renderer or an accelerated one, and
// whether OpenGL ES 2 is there to present them: the probe made a GLES 2 context (yes),
// only a desktop OpenGL one (no), or it could not tell (it failed, timed out or was
// skipped).
struct Presenter {
    enum class Gles { yes, no, unknown };
    bool software = true;
    Gles gles = Gles::unknown;
};

// Whether to draw with SDL's software renderer: asked for, or the GPU path would land on
// a software rasteriser (or on no OpenGL at all). The driver is asked in a child process
// (platform/gl_probe.hpp), before the kiosk starts its threads: the kiosk never maps Mesa
// unless it draws with it.
Presenter choosePresenter(const RunOptions& options, std::ostream& log) {
    if (options.software) return {};
    auto started = Steady::now();
    GlProbe probe = probeGl(Ms{5000});
    std::string took = " (asked in " + std::to_string(std::chrono::duration_cast<Ms>(Steady::now() - started).count()) + " ms)";
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
        case GlProbe::Outcome::failed:
            break;
    }
    log << "hallboard: no usable OpenGL (" << probe.error << ")" << took << ": drawing with SDL's software renderer\n";
    return {};
}

// KMS in software: SDL's software renderer on a window of its "evdev" video driver (input
// through evdev as on kmsdrm, no EGL, no GBM, so no Mesa), each frame put on the panel
// through DRM dumb buffers (platform/dumb_panel.hpp). Empty (logged) when any step fails:
// the caller goes on with SDL's kmsdrm, as before.
std::optional<Display> openDumbDisplay(const DisplayConfig& config, std::ostream& log) {
    Display d;
    d.dumb = DumbPanel::open(PanelTurn{config.rotate}, log);
    if (!d.dumb) return std::nullopt;
    // Over SDL_VIDEODRIVER=kmsdrm (the shipped unit's): that is what this replaces.
    SDL_SetHintWithPriority(SDL_HINT_VIDEODRIVER, "evdev", SDL_HINT_OVERRIDE);
    SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0");  // the window's pixels in memory, no GL texture
    auto undo = [&](const char* what) {
        log << "hallboard: dumb buffers: " << what << ": " << SDL_GetError() << "; presenting through SDL's kmsdrm instead\n";
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

std::optional<Display> openDisplay(const DisplayConfig& config, const RunOptions& options, Presenter presenter,
                                   std::ostream& log, bool dumbBuffers = true) {
    const bool software = presenter.software;
    SDL_SetHint(SDL_HINT_RENDER_SCALE_QUALITY, "linear");
    SDL_SetHint(SDL_HINT_VIDEO_MINIMIZE_ON_FOCUS_LOSS, "0");
    if (software) SDL_SetHint(SDL_HINT_RENDER_DRIVER, "software");
    if (software && dumbBuffers && wantDumbPanel())
        if (auto d = openDumbDisplay(config, log)) return d;
    if (SDL_Init(SDL_INIT_VIDEO | SDL_INIT_EVENTS) != 0) {
        log << "hallboard: cannot open the display: " << SDL_GetError() << "\n";
        return std::nullopt;
    }
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
    const bool kms = driver == "kmsdrm";
    if (kms && presenter.gles != Presenter::Gles::no)
        SDL_SetHint(software ? SDL_HINT_FRAMEBUFFER_ACCELERATION : SDL_HINT_RENDER_DRIVER, "opengles2");
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

// display.rotate where SDL's renderer presents (OpenGL ES on KMS, X11, Wayland): the
// renderer turns the picture onto the window (the dumb panel turns its own).
void turnOnWindow(KioskRenderer& kiosk, bool dumb, int rotate, std::ostream& log) {
    if (dumb || rotate == 0) return;
    if (kiosk.turnPicture(PanelTurn{rotate})) {
        ImVec2 picture = kiosk.size();
        log << "hallboard: display.rotate " << rotate << ": pages laid out " << static_cast<int>(picture.x) << "x"
            << static_cast<int>(picture.y) << ", turned " << rotate << " degrees clockwise onto the window by the renderer\n";
    } else {
        log << "hallboard: display.rotate " << rotate << " is not applied here: the renderer has no render targets ("
            << SDL_GetError() << "); turn the screen in the display's own settings\n";
    }
}

}  // namespace

int runKiosk(const RunOptions& options, std::ostream& log) {
    // A configuration named by --config or $HALLBOARD_CONFIG is used as named, even when
    // it is missing: never the bundled demo in its place.
    ProcessSignals signals;  // SIGPIPE ignored, SIGHUP a reload: neither ends the kiosk
    ConfigChoice choice = chooseConfig(options.config);
    const std::string& configPath = choice.path;
    // A crash loop is not dark (kiosk/crash_loop.hpp): this start is noted before anything
    // that could crash; the third unclean end within a minute starts in safe mode, which
    // draws with the software renderer (asks no OpenGL driver).
    StartGuard guard(stateDir(options.stateDir));
    if (!guard.problem().empty()) log << "hallboard: " << guard.path() << ": " << guard.problem() << "\n";
    const bool safeMode = guard.decision().safeMode;
    const Presenter presenter = safeMode ? Presenter{} : choosePresenter(options, log);  // before any thread starts (a fork)
    // Never dark: bad files at start-up show the last good program (or the clock) with
    // the reason on the staff badge, and the kiosk recovers when the files are fixed.
    LastGood lastGood(stateDir(options.stateDir));
    for (const std::string& line : lastGood.removeStaleTemporaries()) log << "hallboard: " << line << "\n";
    std::vector<Diagnostic> diagnostics;
    StartUp start = safeMode ? safeModeSession(configPath, options.program, guard.decision().reason)
                             : startSession(configPath, options.program, lastGood, diagnostics);
    report(diagnostics, log);
    if (safeMode)
        log << "hallboard: " << guard.decision().reason << " (" << guard.path()
            << "); the files are not read, the software renderer draws\n";
    else
        logStart(start, lastGood, log);
    if (start.from != StartUp::From::files && !choice.namedBy.empty()) {
        log << namedConfigNote(choice) << "\n";
        if (startsWith(start.problem, configPath + ":")) start.problem += " (named by " + choice.namedBy + ")";
    }
    KioskSession session = std::move(start.session);
    // Imaged Pis are all "raspberrypi": without a fleet name they share one status file.
    if (std::string warning = fleetNameWarning(session.config.fleet.name, hostName()); !warning.empty())
        log << "hallboard: warning: " << warning << "\n";
    // Watching starts from the files as just loaded: a change made while the window and
    // fonts come up is not lost.
    // The files that loaded become the last good copy once they drew a frame without fault.
    LiveReload reload(configPath, options.program, session, Ms{600}, &lastGood, start.from == StartUp::From::files);
    if (!start.problem.empty()) reload.setProblem(start.problem);
    std::optional<browse::InputScript> script;
    if (!options.input.empty()) {
        script = loadScript(options.input, log);
        if (!script) return 1;
    }

    auto display = openDisplay(session.config.display, options, presenter, log);
    if (!display) return 1;
    bool lost = false;  // the display could not be opened again
    {
        std::optional<KioskRenderer> kiosk;
        std::optional<PanelPower> panel;
        auto attach = [&] {
            kiosk.emplace(display->window.get(), display->renderer.get(), log);
            kiosk->showOn(display->dumb.get());
            turnOnWindow(*kiosk, display->dumb != nullptr, session.config.display.rotate, log);
            panel.emplace(display->window.get(), log, display->dumb ? display->dumb->fd() : -1);
        };
        attach();
        int switches = 0;
        bool clockOnly = start.from == StartUp::From::configOnly || start.from == StartUp::From::defaults;
        ConsoleGraphics console(log);  // kmsdrm: the text console off the panel until the kiosk ends
        KioskLoop loop(session, reload, *kiosk, options, std::move(script), log, clockOnly);
        loop.handleSignals(signals);
        loop.usePanel(*panel);
        while (loop.run()) {
            // The dumb panel refused a frame (why: logged above by the panel). Never dark:
            // the rest of the run presents through SDL's own path (kmsdrm and OpenGL ES, as
            // HALLBOARD_DUMB_BUFFERS=0 would), the loop going on where it was.
            const bool wasDumb = display->dumb != nullptr;
            log << "hallboard: " << (wasDumb ? "dumb buffers: the panel refused a frame after "
                                                 + std::to_string(display->dumb->framesShown()) + " shown; "
                                             : "the display refused a frame; ")
                << "presenting through " << (wasDumb ? "SDL's kmsdrm and OpenGL ES" : "a new window")
                << " from now on\n";
            if (panel->off()) panel->set(true);
            panel.reset();
            kiosk.reset();
            // SDL's event queue, its watches (the loop's waiter) and registered events live
            // on: only the video driver is started again.
            SDL_InitSubSystem(SDL_INIT_EVENTS);
            display.reset();  // the dumb panel closed: the console's picture back, DRM master released
            SDL_QuitSubSystem(SDL_INIT_VIDEO);
            SDL_ResetHint(SDL_HINT_VIDEODRIVER);
            SDL_ResetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION);
            display = openDisplay(session.config.display, options, presenter, log, /*dumbBuffers=*/false);
            // No SDL path here (no OpenGL ES, no kmsdrm): dumb buffers once more, for a
            // refusal that has passed. Bounded: a display that keeps refusing ends the run.
            if (!display && wasDumb) display = openDisplay(session.config.display, options, presenter, log);
            SDL_QuitSubSystem(SDL_INIT_EVENTS);
            if (!display || ++switches > 5) {
                log << "hallboard: no other way to the screen: ending, for systemd to start the kiosk again\n";
                lost = true;
                break;
            }
            attach();
            loop.useRenderer(*kiosk);
            loop.usePanel(*panel);
        }
        if (panel && panel->off()) panel->set(true);  // never leave a dark panel behind
    }
    display.reset();
    if (lost) {
        SDL_Quit();
        return 1;
    }
    SDL_Quit();
    guard.cleanExit();  // asked to quit: not a failure
    return 0;
}

namespace {

// Plays a script headless on a clock of its own: the script's events go onto SDL's
// queue as the touch, key and text events a screen would send, come back through the
// same translation as in the kiosk, and time advances in frames so lists glide and the
// idle timer runs. Returns the rotation frame to show at the end.
Rotation::Frame playScript(const browse::InputScript& script, Touch& touch, KioskRenderer& kiosk, ui::KioskView& view,
                           Rotation::Frame frame, const Rotation::SubpageCount& count) {
    SDL_InitSubSystem(SDL_INIT_EVENTS);
    SDL_Event drain;
    while (SDL_PollEvent(&drain)) {}
    ImVec2 size = kiosk.size();
    touch.browser.setScreen(std::min(size.x, size.y) / 1080.0f, size.x);
    ScriptPlayer player(script.events(size.x, size.y), 0.0);
    // The rotation on the script's clock, starting at the frame asked for.
    Rotation rotation = Rotation::fromConfig(*view.config);
    Rotation::Steady base{};
    rotation.update(base, count);
    if (frame.current) rotation.show(frame.current->page, frame.current->subpage, base);
    auto at = [&](double t) { return base + std::chrono::duration_cast<Rotation::Steady::duration>(std::chrono::duration<double>(t)); };
    double t = 0;
    bool dirty = true;
    auto redraw = [&] {
        view.browse = touch.view(t);
        Rotation::Frame f = rotation.frame(at(t));
        f.previous.reset();  // a screenshot shows the page, not a transition
        for (int i = 0; i < 3; ++i) {
            auto touchable = kiosk.frame(view, f);
            if (!touch.browser.frameDrawn(std::move(touchable.targets), touchable.facts)) break;
            view.browse = touch.view(t);
        }
        dirty = false;
    };
    auto advance = [&](double to) {
        constexpr double kStep = 1.0 / 60.0;
        while (t + kStep < to) {
            t += kStep;
            if (touch.browser.tick(t)) dirty = true;
        }
        t = std::max(t, to);
        if (touch.browser.tick(t)) dirty = true;
        rotation.update(at(t), count);
    };
    redraw();
    while (!player.done()) {
        advance(*player.nextAt());
        if (dirty) redraw();  // taps meet what is on screen now
        player.pushDue(t, size);
        SDL_Event e;
        while (SDL_PollEvent(&e)) {
            auto in = touch.input.translate(e, size, t);
            if (!in || !view.config->browsing) continue;  // signage only: as the kiosk would
            touch.apply(*in, t, rotation, at(t), count);
            dirty = true;
        }
    }
    advance(script.duration());
    view.browse = touch.view(t);
    redraw();
    Rotation::Frame f = rotation.frame(at(t));
    f.previous.reset();
    return f;
}

}  // namespace

std::optional<KioskSession> screenshotSession(const ScreenshotOptions& options, std::ostream& err, int& code) {
    code = 1;
    ConfigChoice choice = chooseConfig(options.config);
    const std::string& configPath = choice.path;
    ConfigLoad config = loadKioskConfig(configPath);
    std::vector<Diagnostic> diagnostics = config.diagnostics;
    if (!config.ok()) {
        report(diagnostics, err);
        if (!choice.namedBy.empty()) err << namedConfigNote(choice) << "\n";
        return std::nullopt;
    }
    if (!options.at.empty() && !parseTimestamp(options.at)) {
        err << "--at: expected a time like 2021-04-06T09:45 (conference time) or with Z / an offset\n";
        code = 2;
        return std::nullopt;
    }
    KioskConfig& c = *config.config;
    if (!options.theme.empty()) c.theme.name = options.theme;
    if (!options.at.empty()) c.clock.at = options.at;
    if (!options.at.empty() || c.clock.mode == ClockMode::replay) c.clock.mode = ClockMode::fixed;
    auto session = KioskSession::fromConfig(std::move(c), options.program, diagnostics);
    for (const auto& d : diagnostics)
        if (d.severity == Severity::error) err << format(d) << "\n";
    // A venue that cannot be used: after its errors, what follows, once for the whole shot.
    if (session && !session->wayfinding && !session->config.venue.empty() && session->config.here)
        err << session->config.venue << ": " << kNoDirectionsNote << "\n";
    return session;
}

namespace {

// The page asked for with --page, added to the rotation if the config lacks it. Empty:
// the rotation's own page (no --page) or the welcome screen; false on a bad name.
bool pageFor(const ScreenshotOptions& options, KioskSession& session, std::optional<std::size_t>& page, std::ostream& err) {
    if (options.page.empty() || options.page == "welcome") return true;
    // "slide:N": the configuration's Nth slide page (from 1); "slide" alone: the first.
    if (options.page == "slide" || options.page.rfind("slide:", 0) == 0) {
        std::string number = options.page == "slide" ? "1" : options.page.substr(6);
        int n = 0;
        bool digits = !number.empty() && number.size() <= 4 && number.find_first_not_of("0123456789") == std::string::npos;
        if (digits) n = std::stoi(number);
        int seen = 0;
        for (std::size_t i = 0; i < session.config.rotation.size() && n > 0; ++i)
            if (session.config.rotation[i].kind == PageKind::slide && ++seen == n) page = i;
        if (!page) {
            err << "--page " << options.page << ": the configuration has " << seen << " slide page" << (seen == 1 ? "" : "s")
                << (digits && n > 0 ? "" : "; expected slide:N with N from 1") << "\n";
            return false;
        }
        return true;
    }
    auto kind = parsePageKind(options.page);
    if (!kind) {
        err << "--page: unknown page \"" << options.page
            << "\"; expected now-next, rooms, upcoming, awards, speakers, announcements, slide:N, countdown, closing or welcome\n";
        return false;
    }
    for (std::size_t i = 0; i < session.config.rotation.size(); ++i)
        if (session.config.rotation[i].kind == *kind) page = i;
    if (!page) {
        PageConfig added;
        added.kind = *kind;
        session.config.rotation.push_back(added);
        page = session.config.rotation.size() - 1;
    }
    return true;
}

// The frame to draw: that page's screen, or where the rotation would be, optionally
// mid-transition from the page before. Empty with `code` set when it cannot be shown.
std::optional<Rotation::Frame> frameFor(const ScreenshotOptions& options, const KioskSession& session,
                                        std::optional<std::size_t> page, const Rotation::SubpageCount& count,
                                        std::ostream& err, int& code) {
    Rotation::Frame frame;
    if (options.page == "welcome") return frame;
    if (page) {
        int screens = count(*page);
        code = screens == 0 ? 1 : 2;
        const PageConfig& config = session.config.rotation[*page];
        std::string pictureProblem =
            screens == 0 && config.slide && !config.slide->isText() ? imageProblem(config.slide->image) : std::string();
        if (!pictureProblem.empty())
            err << "--page " << options.page << ": its picture " << config.slide->image << " cannot be shown ("
                << pictureProblem << "); the kiosk leaves this slide out\n";
        else if (screens == 0 && config.slide)
            err << "--page " << options.page << ": outside its from/until, days or daily hours at this time; the kiosk "
                   "leaves this slide out now\n";
        else if (screens == 0)
            err << "--page " << options.page << ": nothing to show at this time; the kiosk skips this page\n";
        else if (options.screen >= screens)
            err << "--screen: the page has " << screens << " screen" << (screens == 1 ? "" : "s") << " now\n";
        if (screens == 0 || options.screen >= screens) return std::nullopt;
        frame.current = Rotation::Slot{*page, options.screen};
    } else {
        Rotation rotation = Rotation::fromConfig(session.config);
        rotation.update(Steady::now(), count);
        frame = rotation.frame(Steady::now() + Ms{60000});
    }
    if (options.transition >= 0 && options.transition < 1 && frame.current) {
        Rotation rotation = Rotation::fromConfig(session.config);
        rotation.update(Steady::now(), count);
        frame.previous = rotation.frame(Steady::now()).current;
        if (frame.previous == frame.current) frame.previous.reset();
        frame.transition = options.transition;
    }
    return frame;
}

json rectJson(const ui::Rect& r) { return json::array({r.min.x, r.min.y, r.max.x, r.max.y}); }

// The layout record as JSON: the reading floor it was laid out for, then every run.
bool writeLayout(const std::string& path, const ui::LayoutRecord& record, const ui::Theme& theme,
                 const ScreenshotOptions& options, int screens, std::string& error) {
    json doc;
    doc["size"] = json::array({options.width, options.height});
    doc["screens"] = screens;  // of the page shown (0: the welcome screen)
    const ReadingSize& r = theme.reading;
    doc["reading"] = {{"text_px", r.textPx}, {"any_px", r.anyPx}, {"diagonal_inches", r.diagonalInches},
                      {"diagonal_from", r.diagonalFrom}, {"viewing_distance_m", r.distanceMetres},
                      {"pixels_per_mm", r.pixelsPerMm}};
    json runs = json::array();
    for (const auto& run : record.runs)
        runs.push_back({{"page", run.page}, {"screen", run.screen}, {"text", run.text}, {"px", run.px},
                        {"box", rectJson(run.box)}, {"clip", rectJson(run.clip)}, {"informative", run.informative},
                        {"cut", run.cut}});
    doc["runs"] = std::move(runs);
    return writeDurably(path, doc.dump(1, ' ', false, json::error_handler_t::replace) + "\n", error);
}

}  // namespace

int takeScreenshot(const ScreenshotOptions& options, std::ostream& out, std::ostream& err) {
    int code = 1;
    auto session = screenshotSession(options, err, code);
    if (!session) return code;
    std::optional<std::size_t> page;
    if (!pageFor(options, *session, page, err)) return 2;
    std::optional<browse::InputScript> script;
    if (!options.input.empty() && !(script = loadScript(options.input, err))) return 1;
    try {
        KioskRenderer kiosk(options.width, options.height, err);
        kiosk.prepare(session->config, *session->program);
        ui::KioskView view = makeView(*session, session->clock.now());
        ui::Canvas layout = kiosk.layoutCanvas();
        std::vector<int> plan = ui::planScreens(view, layout);  // laid out once, as the kiosk does
        // Slides' pictures were asked for while planning: once read (or refused), plan
        // again, so a slide whose picture is refused is left out as the kiosk leaves it.
        kiosk.settleImages(Ms{5000});
        plan = ui::planScreens(view, layout);
        // A page asked for by name is drawn even where the rotation leaves it out (the
        // rooms board of a few rooms, which now & next already shows).
        if (page && *page < plan.size() && plan[*page] == 0) plan[*page] = ui::screensFor(view, *page, layout);
        view.screens = &plan;
        auto count = [&](std::size_t i) { return i < plan.size() ? plan[i] : 0; };
        auto frame = frameFor(options, *session, page, count, err, code);
        if (!frame) return code;
        Touch touch(*session);
        if (script) {
            view.browse = touch.view(0);
            frame = playScript(*script, touch, kiosk, view, *frame, count);
        }
        ui::LayoutRecord record;
        if (!options.layout.empty()) kiosk.record(&record);
        kiosk.frame(view, *frame);
        // Photos are decoded in the background: a screenshot waits for them (a few
        // seconds at most) and shows them; a refused photo stays initials.
        if (kiosk.settleImages(Ms{5000})) kiosk.frame(view, *frame);
        std::string error;
        if (!kiosk.savePng(options.output, error)) {
            err << "hallboard screenshot: " << error << "\n";
            return 1;
        }
        out << "wrote " << options.output << " (" << options.width << "x" << options.height << ")\n";
        if (!options.layout.empty()) {
            int screens = frame->current ? count(frame->current->page) : 0;
            if (!writeLayout(options.layout, record, kiosk.theme(), options, screens, error)) {
                err << "hallboard screenshot: " << error << "\n";
                return 1;
            }
            out << "wrote " << options.layout << " (" << record.runs.size() << " text runs)\n";
        }
        if (script) out << "after the script: " << describe(touch, *session->program) << "\n";
    } catch (const std::exception& e) {
        err << "hallboard screenshot: " << e.what() << "\n";
        return 1;
    }
    return 0;
}

}  // namespace hallboard::platform
