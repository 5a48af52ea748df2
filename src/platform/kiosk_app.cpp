// See kiosk_app.hpp. The loop sleeps in SDL_WaitEventTimeout until the next thing that
// changes the screen: a page switch, a transition frame, the clock's minute, the start
// or end of a session. A static screen costs nothing between those.
#include "platform/kiosk_app.hpp"

#include <algorithm>
#include <chrono>
#include <filesystem>

#include <imgui_impl_sdl.h>

#include "core/kiosk_session.hpp"
#include "core/live_reload.hpp"
#include "platform/kiosk_renderer.hpp"
#include "platform/paths.hpp"
#include "ui/kiosk_screen.hpp"

namespace hallboard::platform {

namespace {

using Steady = std::chrono::steady_clock;
using Ms = std::chrono::milliseconds;

Rotation makeRotation(const KioskConfig& config) {
    std::vector<Ms> durations;
    for (const auto& p : config.rotation) durations.push_back(p.duration);
    return Rotation(durations, config.transition == TransitionKind::none ? Ms{0} : config.transitionDuration);
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
    for (const auto& d : diagnostics) log << format(d) << "\n";
}

// Real time until the conference clock next shows another minute, or something in the
// program starts or ends.
// The newest write time of the config and program files, as a UTC instant.
std::optional<Instant> newestWrite(const std::string& configPath, const KioskSession& s) {
    std::optional<Instant> newest;
    for (const std::string& path : {configPath, s.config.program}) {
        std::error_code ec;
        auto t = std::filesystem::last_write_time(path, ec);
        if (ec) continue;
        auto sys = std::chrono::time_point_cast<Duration>(std::chrono::file_clock::to_sys(t));
        if (!newest || sys > *newest) newest = sys;
    }
    return newest;
}

Ms untilNextChange(const KioskSession& s, Instant now) {
    auto secondsIntoMinute = now.time_since_epoch().count() % 60;
    Ms wait = s.clock.realTimeFor(Duration{60 - secondsIntoMinute});
    if (auto change = s.scheduler->nextChange(now)) wait = std::min(wait, s.clock.realTimeFor(*change - now));
    return wait;
}

}  // namespace

int runKiosk(const RunOptions& options, std::ostream& log) {
    std::string configPath = options.config.empty() ? defaultConfigPath() : options.config;
    std::vector<Diagnostic> diagnostics;
    auto session = KioskSession::load(configPath, options.program, diagnostics);
    report(diagnostics, log);
    if (!session) {
        log << "hallboard: cannot start: fix the errors above (config " << configPath << ")\n";
        return 1;
    }
    log << "hallboard: loaded " << session->config.program << ": " << session->program->sessions.size() << " sessions, "
        << session->program->talks.size() << " talks; clock: " << session->clock.describe() << "\n";
    // Watching starts from the files as just loaded: a change made while the window and
    // fonts come up is not lost.
    LiveReload reload(configPath, options.program, *session);

    SDL_SetHint(SDL_HINT_RENDER_SCALE_QUALITY, "linear");
    SDL_SetHint(SDL_HINT_VIDEO_MINIMIZE_ON_FOCUS_LOSS, "0");
    if (SDL_Init(SDL_INIT_VIDEO | SDL_INIT_EVENTS) != 0) {
        log << "hallboard: cannot open the display: " << SDL_GetError() << "\n";
        return 1;
    }
    const DisplayConfig& display = session->config.display;
    bool fullscreen = display.fullscreen && !options.windowed;
    int w = options.width > 0 ? options.width : display.width;
    int h = options.height > 0 ? options.height : display.height;
    Uint32 flags = SDL_WINDOW_ALLOW_HIGHDPI | (fullscreen ? SDL_WINDOW_FULLSCREEN_DESKTOP : SDL_WINDOW_RESIZABLE);
    WindowPtr window(SDL_CreateWindow("Hallboard", SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, w, h, flags));
    if (!window) {
        log << "hallboard: cannot create the window: " << SDL_GetError() << "\n";
        SDL_Quit();
        return 1;
    }
    RendererPtr renderer;
    if (!options.software)
        renderer.reset(SDL_CreateRenderer(window.get(), -1, SDL_RENDERER_ACCELERATED | SDL_RENDERER_PRESENTVSYNC));
    if (!renderer) renderer.reset(SDL_CreateRenderer(window.get(), -1, SDL_RENDERER_SOFTWARE));
    if (!renderer) {
        log << "hallboard: cannot create a renderer: " << SDL_GetError() << "\n";
        SDL_Quit();
        return 1;
    }
    SDL_RendererInfo info{};
    SDL_GetRendererInfo(renderer.get(), &info);
    log << "hallboard: renderer " << (info.name ? info.name : "?") << "\n";
    SDL_DisableScreenSaver();
    if (display.hideCursor) SDL_ShowCursor(SDL_DISABLE);

    int code = 0;
    {
        KioskRenderer kiosk(window.get(), renderer.get(), log);
        Rotation rotation = makeRotation(session->config);
        auto started = Steady::now();
        auto lastMouse = Steady::now();
        bool running = true;
        bool exposed = true;  // the window needs repainting whatever the key says
        std::optional<FrameKey> shown;
        while (running) {
            if (auto outcome = reload.poll(Steady::now())) {
                for (const auto& d : outcome->diagnostics) log << format(d) << "\n";
                if (outcome->session) {
                    carryClock(*session, *outcome->session);
                    bool sameRotation = outcome->session->config.rotation.size() == session->config.rotation.size();
                    *session = std::move(*outcome->session);
                    if (!sameRotation) rotation = makeRotation(session->config);
                    log << "hallboard: reloaded " << session->config.program << ": " << session->program->sessions.size()
                        << " sessions, " << session->program->talks.size() << " talks (after a change to "
                        << outcome->trigger << ")\n";
                } else {
                    log << "hallboard: rejected " << outcome->trigger
                        << " (the error is above); still showing the last good program\n";
                }
                exposed = true;
            }
            auto steady = Steady::now();
            Instant now = session->clock.now();
            ui::KioskView view = makeView(*session, now);
            view.problem = reload.problem();
            if (session->clock.mode() == Clock::Mode::system)
                if (auto wrong = implausibleClock(now, newestWrite(configPath, *session))) view.problem = *wrong;
            auto count = [&](std::size_t i) {
                ui::Canvas layout = kiosk.layoutCanvas();
                return ui::screensFor(view, i, layout);
            };
            // Every frame guarded: whatever goes wrong drawing a page, the kiosk shows its
            // welcome screen and carries on with the rotation.
            try {
                kiosk.prepare(session->config, *session->program);
                rotation.update(steady, count);
                // The screen shows minutes: a wake that changes neither the minute, the
                // page nor a transition frame draws nothing.
                Rotation::Frame frame = rotation.frame(steady);
                FrameKey key = frameKey(now, frame, kiosk.size(), session->program.get());
                if (exposed || !shown || !(key == *shown)) {
                    kiosk.frame(view, frame);
                    kiosk.present();
                    shown = key;
                    exposed = false;
                }
            } catch (const std::exception& e) {
                log << "hallboard: drawing failed: " << e.what() << "; showing the welcome screen\n";
                try {
                    kiosk.frame(view, Rotation::Frame{});
                    kiosk.present();
                } catch (const std::exception&) {
                    // Nothing more to do this frame; the next wake tries again.
                }
                shown.reset();
            }

            if (options.exitAfter > 0 &&
                std::chrono::duration<double>(Steady::now() - started).count() >= options.exitAfter)
                break;
            auto wake = std::min({rotation.nextChange(steady, kiosk.transitionFrameInterval()),
                                  steady + untilNextChange(*session, now), steady + reload.interval()});
            if (options.exitAfter > 0) wake = std::min(wake, started + Ms{static_cast<long long>(options.exitAfter * 1000)});
            if (display.hideCursor && SDL_ShowCursor(SDL_QUERY) == SDL_ENABLE) wake = std::min(wake, lastMouse + Ms{3000});
            auto timeout = std::chrono::duration_cast<Ms>(wake - Steady::now()).count();
            SDL_Event e;
            bool got = SDL_WaitEventTimeout(&e, static_cast<int>(std::clamp<long long>(timeout, 1, 60000))) == 1;
            while (got) {
                ImGui_ImplSDL2_ProcessEvent(&e);
                if (e.type == SDL_QUIT) running = false;
                if (e.type == SDL_KEYDOWN) {
                    bool ctrl = (e.key.keysym.mod & KMOD_CTRL) != 0;
                    if (ctrl && e.key.keysym.sym == SDLK_q) running = false;
                    if (e.key.keysym.sym == SDLK_RIGHT) rotation.next(Steady::now(), count);
                    if (e.key.keysym.sym == SDLK_LEFT) rotation.previous(Steady::now(), count);
                }
                if (e.type == SDL_WINDOWEVENT && (e.window.event == SDL_WINDOWEVENT_EXPOSED ||
                                                  e.window.event == SDL_WINDOWEVENT_SIZE_CHANGED))
                    exposed = true;
                if (e.type == SDL_MOUSEMOTION && display.hideCursor) {
                    SDL_ShowCursor(SDL_ENABLE);
                    lastMouse = Steady::now();
                }
                got = SDL_PollEvent(&e) == 1;
            }
            if (display.hideCursor && Steady::now() - lastMouse > Ms{3000}) SDL_ShowCursor(SDL_DISABLE);
        }
    }
    renderer.reset();
    window.reset();
    SDL_Quit();
    return code;
}

int takeScreenshot(const ScreenshotOptions& options, std::ostream& out, std::ostream& err) {
    std::string configPath = options.config.empty() ? defaultConfigPath() : options.config;
    std::vector<Diagnostic> diagnostics;
    ConfigLoad config = loadKioskConfig(configPath);
    diagnostics = config.diagnostics;
    if (!config.ok()) {
        report(diagnostics, err);
        return 1;
    }
    if (!options.theme.empty()) config.config->theme.name = options.theme;
    if (!options.at.empty()) {
        config.config->clock.mode = ClockMode::fixed;
        config.config->clock.at = options.at;
    } else if (config.config->clock.mode == ClockMode::replay) {
        config.config->clock.mode = ClockMode::fixed;  // the replay's first instant
    }
    if (!options.at.empty() && !parseTimestamp(options.at)) {
        err << "--at: expected a time like 2021-04-06T09:45 (conference time) or with Z / an offset\n";
        return 2;
    }
    auto session = KioskSession::fromConfig(std::move(*config.config), options.program, diagnostics);
    for (const auto& d : diagnostics)
        if (d.severity == Severity::error) err << format(d) << "\n";
    if (!session) return 1;

    // The page: the one asked for (added to the rotation if the config lacks it).
    std::optional<std::size_t> pageIndex;
    bool welcome = options.page == "welcome";
    if (!options.page.empty() && !welcome) {
        auto kind = parsePageKind(options.page);
        if (!kind) {
            err << "--page: unknown page \"" << options.page
                << "\"; expected now-next, upcoming, awards, speakers, countdown, closing or welcome\n";
            return 2;
        }
        for (std::size_t i = 0; i < session->config.rotation.size(); ++i)
            if (session->config.rotation[i].kind == *kind) pageIndex = i;
        if (!pageIndex) {
            PageConfig page;
            page.kind = *kind;
            session->config.rotation.push_back(page);
            pageIndex = session->config.rotation.size() - 1;
        }
    }

    try {
        KioskRenderer kiosk(options.width, options.height, err);
        Instant now = session->clock.now();
        kiosk.prepare(session->config, *session->program);
        ui::KioskView view = makeView(*session, now);
        ui::Canvas layout = kiosk.layoutCanvas();
        auto count = [&](std::size_t i) { return ui::screensFor(view, i, layout); };
        Rotation::Frame frame;
        if (!welcome) {
            if (pageIndex) {
                int screens = count(*pageIndex);
                if (screens == 0) {
                    err << "--page " << options.page << ": nothing to show at this time; the kiosk skips this page\n";
                    return 1;
                }
                if (options.screen >= screens) {
                    err << "--screen: the page has " << screens << " screen" << (screens == 1 ? "" : "s") << " now\n";
                    return 2;
                }
                frame.current = Rotation::Slot{*pageIndex, options.screen};
            } else {
                Rotation rotation = makeRotation(session->config);
                rotation.update(Steady::now(), count);
                frame = rotation.frame(Steady::now() + Ms{60000});
            }
            if (options.transition >= 0 && options.transition < 1 && frame.current) {
                Rotation rotation = makeRotation(session->config);
                rotation.update(Steady::now(), count);
                frame.previous = rotation.frame(Steady::now()).current;
                if (frame.previous == frame.current) frame.previous.reset();
                frame.transition = options.transition;
            }
        }
        kiosk.frame(view, frame);
        std::string error;
        if (!kiosk.savePng(options.output, error)) {
            err << "hallboard screenshot: " << error << "\n";
            return 1;
        }
        out << "wrote " << options.output << " (" << options.width << "x" << options.height << ")\n";
    } catch (const std::exception& e) {
        err << "hallboard screenshot: " << e.what() << "\n";
        return 1;
    }
    return 0;
}

}  // namespace hallboard::platform
