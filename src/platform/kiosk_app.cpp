// See kiosk_app.hpp: start-up, then the loop (platform/kiosk_loop.hpp) on the display
// (platform/sdl_backend.hpp).
#include "platform/kiosk_app.hpp"

#include <chrono>
#include <filesystem>

#include "base/files.hpp"
#include "kiosk/fleet.hpp"
#include "kiosk/crash_loop.hpp"
#include "kiosk/kiosk_session.hpp"
#include "kiosk/kiosk_loop.hpp"
#include "kiosk/last_good.hpp"
#include "kiosk/live_reload.hpp"
#include "base/text.hpp"
#include "platform/kiosk_loop.hpp"
#include "platform/kiosk_renderer.hpp"
#include "platform/kiosk_touch.hpp"
#include "platform/cec.hpp"
#include "platform/panel.hpp"
#include "platform/paths.hpp"
#include "platform/status_writer.hpp"
#include "platform/process_signals.hpp"
#include "platform/sdl_backend.hpp"

namespace hallboard::platform {

namespace {

using Ms = std::chrono::milliseconds;

}  // namespace

bool FrameKey::operator==(const FrameKey& o) const {
    return minute == o.minute && current == o.current && previous == o.previous && transition == o.transition &&
           width == o.width && height == o.height && program == o.program;
}

FrameKey frameKey(Instant now, const Rotation::Frame& f, ImVec2 size, const void* program, bool seconds) {
    FrameKey k;
    k.minute = shownTick(now, seconds);
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
    static const ui::WayIconFiles icons{asset("icons/stairs.png"), asset("icons/lift.png"),
                                        asset("icons/accessible.png")};
    v.icons = icons;
    const DisplayConfig& d = s.config.display;
    if (inQuietHours(d.quiet, s.program->conference.zone, now)) {
        v.blank = d.quiet.action == QuietAction::blank;
        v.dim = d.quiet.action == QuietAction::dim ? 0.75f : 0.0f;
    }
    // An emergency is shown lit whatever the quiet hours say.
    v.emergency = activeEmergency(s.emergency, now);
    if (v.emergency) {
        v.blank = false;
        v.dim = 0.0f;
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
    std::vector<std::string> emergencySaid;  // the emergency's own lines of `report`'s
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
    s.emergencySaid = logLines(EmergencyNotes::fromReload(diagnostics, s.startUp.session.config.overrides));
    if (safeMode)
        log << "hallboard: " << guard.decision().reason << " (" << guard.path()
            << "); the files are not read, the software renderer draws\n";
    else
        logStart(s.startUp, lastGood, log);
    if (s.startUp.from != StartUp::From::files && !s.choice.namedBy.empty()) {
        log << namedConfigNote(s.choice) << "\n";
        if (startsWith(s.startUp.problem, configPath + ":"))
            s.startUp.problem += " (named by " + s.choice.namedBy + ")";
    }
    // Imaged Pis are all "raspberrypi": without a fleet name they share one status file.
    if (std::string warning = fleetNameWarning(s.startUp.session.config.fleet.name, hostName()); !warning.empty())
        log << "hallboard: warning: " << warning << "\n";
    return s;
}

// The loop on the backend's display until asked to quit (true), or until no way to the
// screen is left (false). A panel that refuses a frame gets the next way (never dark).
bool runOnDisplay(SdlBackend& backend, KioskSession& session, LiveReload& reload, LoopStart start, std::ostream& log) {
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
    std::unique_ptr<CecPanel> cec = startCec(session.config.display.cec, log);  // a TV on HDMI, read at start
    KioskLoop loop(session, reload, *kiosk, std::move(start), log);
    loop.usePanel(*panel);
    if (cec) loop.useCec(*cec);
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
    LiveReload reload(start.choice.path, options.program, session, Ms{600},
                      {&lastGood, start.startUp.from == StartUp::From::files});
    if (!start.startUp.problem.empty()) reload.setProblem(start.startUp.problem);
    std::optional<browse::InputScript> script;
    if (!options.input.empty()) {
        script = loadScript(options.input, log);
        if (!script) return 1;
    }
    SdlBackend backend(session.config.display, options, start.presenter, log);
    if (!backend.init()) return 1;
    const bool clockOnly =
        start.startUp.from == StartUp::From::configOnly || start.startUp.from == StartUp::From::defaults;
    const bool quit =
        runOnDisplay(backend, session, reload,
                     {options, std::move(script), clockOnly, &signals, std::move(start.emergencySaid)}, log);
    backend.shutdown();
    if (quit) guard.cleanExit();  // asked to quit: not a failure
    return quit ? 0 : 1;
}

}  // namespace hallboard::platform
