// See kiosk_app.hpp. The loop sleeps in SDL_WaitEventTimeout until the next thing that
// changes the screen: a page switch, a transition frame, the clock's minute, the start
// or end of a session. A static screen costs nothing between those.
#include "platform/kiosk_app.hpp"

#include <algorithm>
#include <chrono>
#include <filesystem>

#include <imgui_impl_sdl.h>

#include "browse/catalog.hpp"
#include "core/kiosk_session.hpp"
#include "core/live_reload.hpp"
#include "platform/kiosk_renderer.hpp"
#include "platform/paths.hpp"
#include "platform/sdl_input.hpp"
#include "ui/browse_screens.hpp"
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

// Touch browsing in the loop: the browser, what it looks things up in (rebuilt for each
// program), and the SDL input it listens to.
struct Touch {
    browse::Browser browser;
    std::unique_ptr<browse::Catalog> catalog;
    InputTranslator input;

    explicit Touch(const KioskSession& s) : browser(s.config.idleReturn), catalog(std::make_unique<browse::Catalog>(*s.program)) {}

    // A new program: indices of the old one mean nothing in it, so a visit starts over.
    void programChanged(const KioskSession& s) {
        catalog = std::make_unique<browse::Catalog>(*s.program);
        browser = browse::Browser(s.config.idleReturn);
    }

    ui::BrowseView view(double now) {
        ui::BrowseView v;
        v.browser = &browser;
        v.directory = &catalog->directory();
        v.hits = &catalog->hits(browser.query());
        v.catalog = catalog.get();
        v.idleLeft = browser.idleLeft(now);
        return v;
    }
};

// Where the visitor ended up, in words, for scripts and their tests:
// `talk "MicroNets: ..."`, `search "micro": 3 talks`, `rotation`.
std::string describe(Touch& touch, const Program& p) {
    const browse::Browser& b = touch.browser;
    const browse::Place& here = b.here();
    std::string out = browse::toString(here.view);
    auto quoted = [](const std::string& s) { return " \"" + s + "\""; };
    switch (here.view) {
        case browse::View::session:
            if (here.item < p.sessions.size()) out += quoted(sessionTitle(p.sessions[here.item]));
            break;
        case browse::View::talk:
            if (here.item < p.talks.size()) out += quoted(headline(p.talks[here.item]));
            break;
        case browse::View::person:
            if (here.item < touch.catalog->directory().size()) out += quoted(touch.catalog->directory()[here.item].name);
            break;
        case browse::View::search: {
            std::size_t n = touch.catalog->hits(b.query()).size();
            out += quoted(b.query()) + ": " + std::to_string(n) + (n == 1 ? " talk" : " talks");
            break;
        }
        case browse::View::schedule:
            out += " day " + std::to_string(b.day() + 1);
            if (b.room() != browse::Action::all && b.room() < p.rooms.size()) out += ", " + p.rooms[b.room()].name;
            if (b.track() != browse::Action::all && b.track() < p.tracks.size()) out += ", " + p.tracks[b.track()].name;
            break;
        default:
            break;
    }
    return out;
}

// Loads an input script; messages name the file and the line.
std::optional<browse::InputScript> loadScript(const std::string& path, std::ostream& log) {
    Diagnostics diags(path);
    auto script = browse::loadInputScript(path, diags);
    for (const Diagnostic& d : diags.items()) log << format(d) << "\n";
    return script;
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
    ConfigChoice choice = chooseConfig(options.config);
    const std::string& configPath = choice.path;
    std::vector<Diagnostic> diagnostics;
    auto session = KioskSession::load(configPath, options.program, diagnostics);
    report(diagnostics, log);
    if (!session) {
        log << cannotStart(choice) << "\n";
        return 1;
    }
    log << "hallboard: loaded " << session->config.program << ": " << session->program->sessions.size() << " sessions, "
        << session->program->talks.size() << " talks; clock: " << session->clock.describe() << "\n";
    // Watching starts from the files as just loaded: a change made while the window and
    // fonts come up is not lost.
    LiveReload reload(configPath, options.program, *session);
    std::optional<browse::InputScript> script;
    if (!options.input.empty()) {
        script = loadScript(options.input, log);
        if (!script) return 1;
    }

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
        auto seconds = [&] { return std::chrono::duration<double>(Steady::now() - started).count(); };
        Touch touch(*session);
        std::optional<ScriptPlayer> player;
        if (script) player.emplace(script->events(kiosk.size().x, kiosk.size().y), 0.5);
        bool running = true;
        bool exposed = true;  // the window needs repainting whatever the key says
        bool browsingShown = false;
        std::optional<FrameKey> shown;
        while (running) {
            if (auto outcome = reload.poll(Steady::now())) {
                for (const auto& d : outcome->diagnostics) log << format(d) << "\n";
                if (outcome->session) {
                    carryClock(*session, *outcome->session);
                    bool sameRotation = outcome->session->config.rotation.size() == session->config.rotation.size();
                    *session = std::move(*outcome->session);
                    if (!sameRotation) rotation = makeRotation(session->config);
                    touch.programChanged(*session);
                    log << "hallboard: reloaded " << session->config.program << ": " << session->program->sessions.size()
                        << " sessions, " << session->program->talks.size() << " talks (after a change to "
                        << outcome->trigger << ")\n";
                    outcome->session.reset();
                    releaseFreedMemory();  // the old program, index and caches: back to the system
                } else {
                    log << LiveReload::rejectionLine(*outcome) << "\n";
                }
                exposed = true;
            }
            auto steady = Steady::now();
            Instant now = session->clock.now();
            double t = seconds();
            // List motion and the idle timer; back to the rotation when left alone.
            bool moving = touch.browser.tick(t);
            ImVec2 screen = kiosk.size();
            touch.browser.setScreen(std::min(screen.x, screen.y) / 1080.0f, screen.x);
            ui::KioskView view = makeView(*session, now);
            view.browse = touch.view(t);
            bool browsing = touch.browser.browsing();
            if (browsing || browsingShown) exposed = exposed || moving || browsing != browsingShown ||
                                                     (view.browse.idleLeft <= 10.5);
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
                    auto touchable = kiosk.frame(view, frame);
                    // A list that had to move (back to where it was, "now" into view)
                    // is drawn once more in its place.
                    if (touch.browser.frameDrawn(std::move(touchable.targets), touchable.facts)) {
                        view.browse = touch.view(t);
                        touchable = kiosk.frame(view, frame);
                        touch.browser.frameDrawn(std::move(touchable.targets), touchable.facts);
                    }
                    kiosk.present();
                    shown = key;
                    exposed = false;
                    browsingShown = browsing;
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
            if (player) {
                // Once every event has been handled (the frame after the last one),
                // say where the visitor ended up, for smoke tests and demonstrations.
                if (player->done()) {
                    log << "hallboard: input script played; now: " << describe(touch, *session->program) << "\n";
                    player.reset();
                } else {
                    player->pushDue(seconds(), kiosk.size());
                }
            }
            auto wake = std::min({rotation.nextChange(steady, kiosk.transitionFrameInterval()),
                                  steady + untilNextChange(*session, now), steady + reload.interval()});
            if (moving) wake = std::min(wake, steady + kiosk.transitionFrameInterval());
            if (browsing) {
                // The idle notice counts down each second; the return itself is on time.
                double left = touch.browser.idleLeft(t);
                double in = left > 10.5 ? left - 10.5 : left - std::floor(left) + 0.01;
                wake = std::min(wake, steady + Ms{static_cast<long long>(in * 1000) + 1});
                // The fade-out (ui::kFadeOutSeconds) runs at the transition frame rate.
                if (left <= ui::kFadeOutSeconds + 0.05)
                    wake = std::min(wake, steady + kiosk.transitionFrameInterval());
            }
            if (player && player->nextAt())
                wake = std::min(wake, started + Ms{static_cast<long long>(*player->nextAt() * 1000)});
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
                }
                // Touch, mouse, keys and text: browsing, and turning the rotation's pages.
                // A screen configured for signage only ignores them (Ctrl+Q still quits).
                auto in = session->config.browsing ? touch.input.translate(e, kiosk.size(), seconds())
                                                   : std::optional<browse::Input>{};
                if (in) {
                    browse::Effects fx = touch.browser.handle(*in, seconds());
                    if (fx.turnPage > 0) rotation.next(Steady::now(), count);
                    if (fx.turnPage < 0) rotation.previous(Steady::now(), count);
                    if (fx.redraw) exposed = true;
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
    Rotation rotation = makeRotation(*view.config);
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
            browse::Effects fx = touch.browser.handle(*in, t);
            if (fx.turnPage > 0) rotation.next(at(t), count);
            if (fx.turnPage < 0) rotation.previous(at(t), count);
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

int takeScreenshot(const ScreenshotOptions& options, std::ostream& out, std::ostream& err) {
    ConfigChoice choice = chooseConfig(options.config);
    const std::string& configPath = choice.path;
    std::vector<Diagnostic> diagnostics;
    ConfigLoad config = loadKioskConfig(configPath);
    diagnostics = config.diagnostics;
    if (!config.ok()) {
        report(diagnostics, err);
        err << cannotStart(choice) << "\n";
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

    std::optional<browse::InputScript> script;
    if (!options.input.empty()) {
        script = loadScript(options.input, err);
        if (!script) return 1;
    }

    try {
        KioskRenderer kiosk(options.width, options.height, err);
        Instant now = session->clock.now();
        kiosk.prepare(session->config, *session->program);
        ui::KioskView view = makeView(*session, now);
        ui::Canvas layout = kiosk.layoutCanvas();
        auto count = [&](std::size_t i) { return ui::screensFor(view, i, layout); };
        Touch touch(*session);
        if (script) view.browse = touch.view(0);
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
        if (script) frame = playScript(*script, touch, kiosk, view, frame, count);
        kiosk.frame(view, frame);
        std::string error;
        if (!kiosk.savePng(options.output, error)) {
            err << "hallboard screenshot: " << error << "\n";
            return 1;
        }
        out << "wrote " << options.output << " (" << options.width << "x" << options.height << ")\n";
        if (script) out << "after the script: " << describe(touch, *session->program) << "\n";
    } catch (const std::exception& e) {
        err << "hallboard screenshot: " << e.what() << "\n";
        return 1;
    }
    return 0;
}

}  // namespace hallboard::platform
