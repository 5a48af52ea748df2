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
#include "platform/sdl_backend.hpp"
#include "ui/browse_screens.hpp"
#include "ui/kiosk_screen.hpp"

namespace hallboard::platform {

using json = nlohmann::json;

namespace {

using Steady = std::chrono::steady_clock;
using Ms = std::chrono::milliseconds;

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

}  // namespace

namespace {

// The files at start: the configuration chosen, the crash-loop guard consulted, the last
// good copy kept. Never dark: bad files show the last good program (or the clock) with
// the reason on the staff badge, and the kiosk recovers when the files are fixed.
struct Start {
    ConfigChoice choice;
    StartUp startUp;
    Presenter presenter;
};

Start startFiles(const RunOptions& options, StartGuard& guard, LastGood& lastGood, std::ostream& log) {
    Start s;
    // A configuration named by --config or $HALLBOARD_CONFIG is used as named, even when
    // it is missing: never the bundled demo in its place.
    s.choice = chooseConfig(options.config);
    const std::string& configPath = s.choice.path;
    if (!guard.problem().empty()) log << "hallboard: " << guard.path() << ": " << guard.problem() << "\n";
    // The third unclean end within a minute starts in safe mode, which draws with the
    // software renderer (asks no OpenGL driver).
    const bool safeMode = guard.decision().safeMode;
    s.presenter = safeMode ? Presenter{} : choosePresenter(options.software, log);  // before any thread starts (a fork)
    for (const std::string& line : lastGood.removeStaleTemporaries()) log << "hallboard: " << line << "\n";
    std::vector<Diagnostic> diagnostics;
    s.startUp = safeMode ? safeModeSession(configPath, options.program, guard.decision().reason)
                         : startSession(configPath, options.program, lastGood, diagnostics);
    report(diagnostics, log);
    if (safeMode)
        log << "hallboard: " << guard.decision().reason << " (" << guard.path()
            << "); the files are not read, the software renderer draws\n";
    else
        logStart(s.startUp, lastGood, log);
    if (s.startUp.from != StartUp::From::files && !s.choice.namedBy.empty()) {
        log << namedConfigNote(s.choice) << "\n";
        if (startsWith(s.startUp.problem, configPath + ":")) s.startUp.problem += " (named by " + s.choice.namedBy + ")";
    }
    // Imaged Pis are all "raspberrypi": without a fleet name they share one status file.
    if (std::string warning = fleetNameWarning(s.startUp.session.config.fleet.name, hostName()); !warning.empty())
        log << "hallboard: warning: " << warning << "\n";
    return s;
}

// The loop on the backend's display until asked to quit (true), or until no way to the
// screen is left (false). A panel that refuses a frame gets the next way (never dark).
bool runOnDisplay(SdlBackend& backend, KioskSession& session, LiveReload& reload, const RunOptions& options,
                  std::optional<browse::InputScript> script, bool clockOnly, ProcessSignals& signals, std::ostream& log) {
    std::optional<KioskRenderer> kiosk;
    std::optional<PanelPower> panel;
    auto attach = [&] {
        kiosk.emplace(backend.window(), backend.renderer(), log);
        kiosk->showOn(backend.dumb());
        backend.turn(*kiosk);
        panel.emplace(backend.window(), log, backend.dumb() ? backend.dumb()->fd() : -1);
    };
    attach();
    ConsoleGraphics console(log);  // kmsdrm: the text console off the panel until the kiosk ends
    KioskLoop loop(session, reload, *kiosk, options, std::move(script), log, clockOnly);
    loop.handleSignals(signals);
    loop.usePanel(*panel);
    while (loop.run()) {
        if (panel->off()) panel->set(true);
        panel.reset();
        kiosk.reset();
        if (!backend.switchAfterRefusal()) return false;
        attach();
        loop.useRenderer(*kiosk);
        loop.usePanel(*panel);
    }
    if (panel && panel->off()) panel->set(true);  // never leave a dark panel behind
    return true;
}

}  // namespace

int runKiosk(const RunOptions& options, std::ostream& log) {
    ProcessSignals signals;  // SIGPIPE ignored, SIGHUP a reload: neither ends the kiosk
    // A crash loop is not dark (kiosk/crash_loop.hpp): this start is noted before anything
    // that could crash.
    StartGuard guard(stateDir(options.stateDir));
    LastGood lastGood(stateDir(options.stateDir));
    Start start = startFiles(options, guard, lastGood, log);
    KioskSession session = std::move(start.startUp.session);
    // Watching starts from the files as just loaded: a change made while the window and
    // fonts come up is not lost. The files that loaded become the last good copy once
    // they drew a frame without fault.
    LiveReload reload(start.choice.path, options.program, session, Ms{600}, &lastGood,
                      start.startUp.from == StartUp::From::files);
    if (!start.startUp.problem.empty()) reload.setProblem(start.startUp.problem);
    std::optional<browse::InputScript> script;
    if (!options.input.empty()) {
        script = loadScript(options.input, log);
        if (!script) return 1;
    }
    SdlBackend backend(session.config.display, options, start.presenter, log);
    if (!backend.init()) return 1;
    const bool clockOnly = start.startUp.from == StartUp::From::configOnly || start.startUp.from == StartUp::From::defaults;
    const bool quit = runOnDisplay(backend, session, reload, options, std::move(script), clockOnly, signals, log);
    backend.shutdown();
    if (quit) guard.cleanExit();  // asked to quit: not a failure
    return quit ? 0 : 1;
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
