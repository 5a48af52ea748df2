// See kiosk_loop.hpp. The loop sleeps in SDL_WaitEventTimeout until the next thing that
// changes the screen: a page switch, a transition frame, the clock's minute, the start
// or end of a session. A static screen costs nothing between those.
#include "platform/kiosk_loop.hpp"

#include <sys/resource.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>

#include <imgui_impl_sdl.h>

#include "browse/speech_text.hpp"
#include "platform/sdl_images.hpp"
#include "ui/browse_screens.hpp"
#include "ui/kiosk_screen.hpp"

namespace hallboard::platform {

namespace {

// The newest write time of the config and program files, as a UTC instant: a system
// clock earlier than that cannot be right.
std::optional<Instant> newestWrite(const KioskSession& s) {
    std::optional<Instant> newest;
    for (const std::string& path : {s.configPath, s.config.program}) {
        std::error_code ec;
        auto t = std::filesystem::last_write_time(path, ec);
        if (ec) continue;
        auto sys = std::chrono::time_point_cast<Duration>(std::chrono::file_clock::to_sys(t));
        if (!newest || sys > *newest) newest = sys;
    }
    return newest;
}

}  // namespace

namespace {

// The session, its language set first (kiosk_session.hpp): the catalog Touch builds from
// it holds the words of that language.
const KioskSession& spoken(const KioskSession& session) {
    useSessionLanguage(session);
    return session;
}

// The kiosk's name in the fleet: its configured name, else the machine's.
std::string kioskName(const KioskSession& session) {
    return session.config.fleet.name.empty() ? hostName() : session.config.fleet.name;
}

}  // namespace

KioskLoop::KioskLoop(KioskSession& session, LiveReload& reload, KioskRenderer& kiosk, LoopStart start,
                     std::ostream& log)
    : session_(session), reload_(reload), kiosk_(&kiosk), options_(start.options), log_(log),
      rotation_(Rotation::fromConfig(session.config)), touch_(spoken(session)), status_(session, start.clockOnly, log),
      plays_(session.config.fleet.statusDir, kioskName(session), log), started_(std::chrono::steady_clock::now()),
      lastMouse_(started_) {
    // A script touches the panel, as a visitor does: where the kiosk turns its picture
    // (display.rotate), its events are turned back onto the picture like a real touch.
    if (start.script) player_.emplace(start.script->events(kiosk.panelSize().x, kiosk.panelSize().y), 0.5);
    if (start.signals) handleSignals(*start.signals);
    emergencyNotes_.fresh(std::move(start.emergencySaid));  // said at start: not again at the first reload
    // Files refused at start-up (the last good copy or the clock shows): the fleet
    // status names that as the last rejection until a reload says more.
    if (!reload.problem().empty())
        status_.rejected(Rejection{session.config.program, "files at start-up", reload.problem(), {}});
    waiter_.alsoInterruptOn(reload.wakeFd());  // a file renamed into place wakes the loop at once
    if (absolute_.active() && !absolute_.describe().empty())
        log_ << "hallboard: absolute pointers scaled to the screen by their own range: " << absolute_.describe()
             << "\n";
    useSpeech();
}

void KioskLoop::useSpeech() {
    bool wanted = session_.config.accessibility.speech && session_.config.browsing;
    if (wanted && !speech_)
        speech_ = std::make_unique<SpeechOutput>(log_);
    else if (!wanted)
        speech_.reset();
}

void KioskLoop::speak(const std::string& text) {
    if (speech_) speech_->say(text, session_.config.language);
}

void KioskLoop::speakIdleWarning(double t) {
    if (auto sentence = touch_.idleWarning(t, speech_ != nullptr)) speak(*sentence);
}

namespace {

// The times this thread went to sleep and was woken, in the loop's sleeps and in any
// library's (SDL's 1 ms polling was one): what a Pi's CPU pays for.
long threadWakeups() {
    rusage usage{};
    return getrusage(RUSAGE_THREAD, &usage) == 0 ? usage.ru_nvcsw : 0;
}

// CPU seconds of the whole process (the image decoder's threads too).
double processCpu() {
    rusage u{};
    if (getrusage(RUSAGE_SELF, &u) != 0) return 0;
    return static_cast<double>(u.ru_utime.tv_sec + u.ru_stime.tv_sec) +
           static_cast<double>(u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6;
}

bool isTouch(const SDL_Event& e) {
    switch (e.type) {
    case SDL_FINGERDOWN:
    case SDL_FINGERMOTION:
    case SDL_FINGERUP:
    case SDL_MOUSEBUTTONDOWN:
    case SDL_MOUSEBUTTONUP:
    case SDL_MOUSEWHEEL: return true;
    case SDL_MOUSEMOTION: return e.motion.state != 0;  // a drag with the mouse, not a pointer passing by
    default: return false;
    }
}

constexpr double kFrameMs = 1000.0 / 60.0;

}  // namespace

void KioskLoop::handleSignals(ProcessSignals& signals) {
    signals_ = &signals;
    waiter_.interruptOn(signals.wakeFd());
}

void KioskLoop::notifyService() {
    if (!presented_) return;
    if (!notifier_.readySent()) {
        log_ << "hallboard: first frame on screen " << static_cast<long>(seconds() * 1000)
             << " ms after the loop started"
             << (notifier_.pingInterval() ? "; telling systemd, watchdog pinged every " +
                                                std::to_string(notifier_.pingInterval()->count()) + " ms"
                                          : std::string())
             << "\n";
        log_.flush();
    }
    std::string problem = reload_.problem();
    notifier_.alive(std::chrono::steady_clock::now(), problem.empty() ? "showing " + session_.config.program : problem);
    notifier_.status(problem.empty() ? "showing " + session_.config.program : problem);
}

void KioskLoop::useRenderer(KioskRenderer& kiosk) {
    kiosk_ = &kiosk;
    shown_.reset();
    planKey_.reset();
    prefetchedFor_.reset();
    exposed_ = true;
}

bool KioskLoop::run() {
    const long wakeupsBefore = threadWakeups();
    presentRefused_ = false;
    while (running_) {
        ++wakes_;
        if (signals_ && signals_->takeHangup()) {
            log_ << "hallboard: SIGHUP: reading the files again\n";
            reload_.requestReload("SIGHUP");
        }
        takeReload();
        Instant now = session_.clock.now();
        long drawn = frames_;
        drawIfChanged(now);
        if (presentRefused_) {
            // The caller now opens another way to the screen (5-9 s for SDL's kmsdrm and
            // OpenGL ES under emulation): the watchdog gets its whole interval for it.
            notifier_.pingNow(std::chrono::steady_clock::now());
            notifier_.status("changing the way to the screen: the panel refused a frame");
            return true;
        }
        if (frames_ == drawn) touchFigures_.pending.clear();  // touches that changed nothing on screen
        touchWake();
        notifyService();
        writeStatus(now);
        if (options_.exitAfter > 0 && seconds() >= options_.exitAfter) break;
        playScript();
        sleepAndHandleEvents(now);
    }
    // How often the loop woke and drew: a kiosk that sleeps until the next change wakes
    // about once a second (the file watch) plus its page switches and transition frames.
    double ran = seconds();
    long wakeups = threadWakeups() - wakeupsBefore;
    auto perMinute = [ran](long n) { return ran > 0 ? static_cast<double>(n) * 60.0 / ran : 0.0; };
    char line[320];
    std::snprintf(line, sizeof line,
                  "hallboard: stopped after %.1f s: %ld wakes, %ld frames drawn, the thread woken %ld times "
                  "asleep, %ld in all (%.0f wakes a minute, %.0f thread wake-ups a minute, %.0f in all)",
                  ran, wakes_, frames_, sleepWakeups_, wakeups, perMinute(wakes_), perMinute(sleepWakeups_),
                  perMinute(wakeups));
    log_ << line << " on the " << session_.clock.describe() << "\n";
    plays_.finish(std::chrono::steady_clock::now(), session_.program->conference.zone);
    touchWake();
    if (touchFigures_.events > 0) log_ << "hallboard: touch to screen: " << touchFigures_.describe() << "\n";
    return false;
}

int KioskLoop::TouchFigures::percentile(double p) const {
    long seen = 0, wanted = static_cast<long>(p * static_cast<double>(events - 1));
    for (int ms = 0; ms < kBuckets; ++ms)
        if ((seen += latency[static_cast<std::size_t>(ms)]) > wanted) return ms;
    return kBuckets - 1;
}

std::string KioskLoop::TouchFigures::describe() const {
    int median = percentile(0.5), p95 = percentile(0.95);
    auto late = [](int ms) { return static_cast<int>(static_cast<double>(ms) / kFrameMs); };
    char text[320];
    std::snprintf(text, sizeof text,
                  "%ld events, median %d ms, p95 %d ms, max %d ms (frames late at 60 Hz: median %d, p95 %d); "
                  "%.1f s touched or gliding: %ld frames, %.0f a second while moving, %.0f %% of a core, "
                  "%.1f ms of CPU a frame",
                  events, median, p95, percentile(1.0), late(median), late(p95), seconds, frames,
                  movingSeconds > 0 ? static_cast<double>(movingFrames) / movingSeconds : 0.0,
                  seconds > 0 ? cpu / seconds * 100.0 : 0.0,
                  frames > 0 ? cpu * 1000.0 / static_cast<double>(frames) : 0.0);
    return text;
}

void KioskLoop::touchEvent(const SDL_Event& e) {
    if (!isTouch(e)) return;
    TouchFigures& t = touchFigures_;
    if (t.pending.size() < 4096) t.pending.push_back(e.common.timestamp);
    if (e.type == SDL_FINGERDOWN || e.type == SDL_MOUSEBUTTONDOWN) ++t.fingers;
    if ((e.type == SDL_FINGERUP || e.type == SDL_MOUSEBUTTONUP) && t.fingers > 0) --t.fingers;
    if (!t.active) {
        t.active = true;
        t.since = std::chrono::steady_clock::now();
        t.cpuSince = processCpu();
    }
}

void KioskLoop::touchPresented() {
    TouchFigures& t = touchFigures_;
    if (t.active) {
        ++t.frames;
        Steady now = std::chrono::steady_clock::now();
        if (t.lastPresent && now - *t.lastPresent < Ms{100}) {
            t.movingSeconds += std::chrono::duration<double>(now - *t.lastPresent).count();
            ++t.movingFrames;
        }
        t.lastPresent = now;
    }
    if (t.pending.empty()) return;
    Uint32 now = SDL_GetTicks();
    for (Uint32 at : t.pending) {
        Uint32 ms = now - at;  // wraps correctly; a timestamp from the future reads as huge
        ++t.latency[std::min<std::size_t>(ms, TouchFigures::kBuckets - 1)];
        ++t.events;
    }
    t.pending.clear();
}

// A gesture ends when no finger is down, no list glides and every touch is on screen.
void KioskLoop::touchWake() {
    TouchFigures& t = touchFigures_;
    if (!t.active || (running_ && (t.fingers > 0 || moving_ || !t.pending.empty()))) return;
    t.active = false;
    t.lastPresent.reset();
    t.seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - t.since).count();
    t.cpu += processCpu() - t.cpuSince;
}

void KioskLoop::takeReload() {
    for (const auto& d : reload_.takeSaveDiagnostics()) log_ << format(d) << "\n";
    auto outcome = reload_.poll(std::chrono::steady_clock::now());
    // The emergency was read at this poll, the reload's files when it began: a reload
    // finishing at the same wake goes in first, the emergency over it. The other way round
    // the reload's older session took a just-read emergency away again (seen: the
    // takeover's first frame 2 s late, or not until the next change).
    // An emergency a reload read before a later rename comes back as `read` (LiveReload::poll):
    // the log says what changed on screen over both, once.
    auto read = reload_.takeEmergency();
    std::optional<Emergency> before = session_.emergency;
    if (outcome) applyOutcome(std::move(*outcome), read.has_value());
    if (read) {
        // Ahead of the whole reload (kiosk/live_reload.hpp): on screen at this wake.
        std::vector<Diagnostic> said;
        applyEmergency(session_, *read, said);
        for (const std::string& line : emergencyNotes_.fresh(logLines(said))) log_ << line << "\n";
    }
    if (session_.emergency != before) {
        exposed_ = true;
        std::string file = read ? read->file : session_.config.overrides;
        log_ << "hallboard: emergency "
             << (!before              ? "in "
                 : session_.emergency ? "changed in "
                                      : "taken out of ")
             << (file.empty() ? std::string("the overrides file (the configuration names none now)") : file) << "\n";
    }
}

// `emergencyRead`: the emergency was read again at this wake, and its own read says its
// mistakes (the reload's, of an older file, would say them again).
void KioskLoop::applyOutcome(LiveReload::Outcome outcome, bool emergencyRead) {
    // The emergency's own mistakes once a change: its own read says them too.
    std::vector<Diagnostic> emergencys = EmergencyNotes::fromReload(
        outcome.diagnostics, outcome.session ? outcome.session->config.overrides : session_.config.overrides);
    for (const std::string& line : logLines(outcome.diagnostics)) log_ << line << "\n";  // bounded: journald
    if (!emergencyRead)
        for (const std::string& line : emergencyNotes_.fresh(logLines(emergencys))) log_ << line << "\n";
    Rejection rejection{outcome.rejected.empty() ? outcome.trigger : outcome.rejected, outcome.rejectedKind, {}, {}};
    ReloadApplied applied = applyReload(session_, rotation_, std::move(outcome));
    if (applied.swapped) {
        useSessionLanguage(session_);  // once per swap, before the new catalog is built
        touch_.programChanged(session_);
        useSpeech();
        planKey_.reset();
        outcome.session.reset();
        releaseFreedMemory();  // the old program, its index and caches: back to the system
        status_.sessionChanged(session_);
        plays_.setFolder(session_.config.fleet.statusDir, kioskName(session_));
    } else {
        rejection.reason = reload_.problem();
        status_.rejected(std::move(rejection));
    }
    log_ << applied.log << "\n";
    exposed_ = true;
}

ui::KioskView KioskLoop::viewAt(Instant now) {
    ui::KioskView view = makeView(session_, now);
    if (view.emergency) {
        view.emergencyTurns = static_cast<int>(takeoverLanguages(session_.config).size());
        view.emergencyTurn = emergencyTurnAt(seconds(), view.emergencyTurns);
    }
    view.browse = touch_.view(seconds());
    view.problem = reload_.problem();
    if (view.problem.empty()) view.problem = session_.wayfindingProblem;  // the venue: the rest is fine
    if (session_.clock.mode() == Clock::Mode::system)
        if (auto wrong = clockProblem(now)) view.problem = view.problem.empty() ? *wrong : view.problem + "; " + *wrong;
    return view;
}

std::optional<std::string> KioskLoop::clockProblem(Instant now) {
    Steady t = std::chrono::steady_clock::now();
    if (!kernelClockAt_ || t - *kernelClockAt_ >= std::chrono::seconds{10}) {
        kernelClock_ = readKernelClock();
        kernelClockAt_ = t;
    }
    return implausibleClock(now, newestWrite(session_), kernelClock_);
}

const std::vector<int>& KioskLoop::plan(const ui::KioskView& view) {
    FrameKey key = frameKey(view.now, Rotation::Frame{}, kiosk_->size(), session_.program.get());
    // A picture refused since: a slide may have lost its screen.
    std::size_t refused = kiosk_->images().refusedCount();
    if (!planKey_ || !(key == *planKey_) || refused != planRefused_) {
        ui::Canvas layout = kiosk_->layoutCanvas();
        plan_ = ui::planScreens(view, layout);
        planKey_ = key;
        planRefused_ = refused;
    }
    return plan_;
}

bool KioskLoop::panelSwitchedOff(const ui::KioskView& view) {
    // Blank quiet hours on a panel that can be switched off: off once a frame has been
    // shown (readiness comes first), on again when they end; nothing is drawn meanwhile.
    if (panel_ && panel_->available() && presented_ && view.blank != panel_->off()) {
        panel_->set(!view.blank);
        if (!view.blank) exposed_ = true;
    }
    // Drawn black instead: said when they begin (why) and when they end, once each.
    // An emergency lights a quiet screen: not the end of quiet hours, nothing said.
    if (panel_ && !panel_->off() && presented_ && !view.emergency && view.blank != blankSaid_ &&
        (!view.blank || !panel_->available())) {
        blankSaid_ = view.blank;
        log_ << "hallboard: quiet hours: "
             << (view.blank ? panel_->whyNotOff() : std::string("over; the page is drawn again")) << "\n";
    }
    if (cec_ && presented_) cec_->set(!view.blank);  // sent by its own thread, only when it changes
    bool off = panel_ && panel_->off();
    if (off) recordPlay(Shown{"panel-off", 0, {}});
    return off;
}

namespace {

// The takeover's own words in the language of its turn for one frame (set before drawing,
// never while: base/i18n.hpp), and the session's language again after it.
class TakeoverLanguage {
public:
    TakeoverLanguage(const ui::KioskView& view, const KioskSession& session) : session_(session) {
        if (!view.emergency) return;
        std::vector<std::string> languages = takeoverLanguages(session.config);
        std::size_t turn = static_cast<std::size_t>(view.emergencyTurn);
        useLanguage(languages[turn < languages.size() ? turn : 0], session.config.clockFormat);
        set_ = true;
    }
    ~TakeoverLanguage() {
        if (set_) useSessionLanguage(session_);
    }
    TakeoverLanguage(const TakeoverLanguage&) = delete;
    TakeoverLanguage& operator=(const TakeoverLanguage&) = delete;

private:
    const KioskSession& session_;
    bool set_ = false;
};

}  // namespace

void KioskLoop::emergencyFirstFrame(const Emergency& e) {
    // Logged the moment its first frame is on screen (tests and the benchmark read it).
    auto wall = std::chrono::time_point_cast<std::chrono::milliseconds>(std::chrono::system_clock::now());
    log_ << "hallboard: emergency takeover on screen (" << toString(e.kind) << (e.drill ? ", drill" : "") << ") at "
         << wall.time_since_epoch().count() << " ms since the epoch\n";
    log_.flush();
}

std::optional<std::pair<const Emergency*, int>> KioskLoop::emergencyOf(const ui::KioskView& view) {
    // The takeover starts, ends or turns to its next language: drawn whatever the key says.
    std::optional<std::pair<const Emergency*, int>> emergency;
    if (view.emergency) emergency.emplace(view.emergency, view.emergencyTurn);
    if (emergency != emergencyShown_) exposed_ = true;
    return emergency;
}

KioskRenderer::Touchable KioskLoop::frameIn(const ui::KioskView& view, const Rotation::Frame& frame) {
    TakeoverLanguage language(view, session_);
    return kiosk_->frame(view, frame);
}

void KioskLoop::emergencyDrawn(std::optional<std::pair<const Emergency*, int>> emergency) {
    if (emergency && !emergencyShown_) emergencyFirstFrame(*emergency->first);
    emergencyShown_ = emergency;
}

void KioskLoop::drawIfChanged(Instant now) {
    Steady steady = std::chrono::steady_clock::now();
    double t = seconds();
    // List motion and the idle timer; back to the rotation when left alone.
    moving_ = touch_.browser.tick(t);
    speakIdleWarning(t);
    ImVec2 screen = kiosk_->size();
    touch_.browser.setScreen(std::min(screen.x, screen.y) / 1080.0f, screen.x);
    ui::KioskView view = viewAt(now);
    auto emergency = emergencyOf(view);
    if (panelSwitchedOff(view)) return;
    bool browsing = touch_.browser.browsing();
    if (browsing || browsingShown_)
        exposed_ =
            exposed_ || moving_ || browsing != browsingShown_ || view.browse.idleLeft <= kIdleWarningSeconds + 0.5;
    // The loop's frame guard, around what the renderer's own (a page that throws) does
    // not cover: the fonts made, the screens planned, the rotation moved on. Whatever goes
    // wrong there, the same fallback as a failing page (the clock and the conference's
    // name), and the rotation carries on at the next wake.
    try {
        if (options_.frameFault) options_.frameFault();
        kiosk_->prepare(view, touch_.browser.largeText());
        view.screens = &plan(view);
        rotation_.update(steady, count());
        // The screen shows minutes (seconds on a room timer): a wake that changes neither
        // the minute, the page nor a transition frame draws nothing.
        Rotation::Frame frame = rotation_.frame(steady);
        prefetchNext(view, frame);
        view.seconds = showsSeconds(session_.config, frame);
        FrameKey key = frameKey(now, frame, kiosk_->size(), session_.program.get(), view.seconds);
        if (!exposed_ && shown_ && key == *shown_) return;
        frameStarted_ = steady;
        const unsigned long long failedBefore = kiosk_->failedFrames();
        auto touchable = frameIn(view, frame);
        // A list that had to move (back to where it was, "now" into view) is drawn once
        // more in its place.
        if (touch_.browser.frameDrawn(std::move(touchable.targets), touchable.facts)) {
            view.browse = touch_.view(t);
            touchable = kiosk_->frame(view, frame);
            touch_.browser.frameDrawn(std::move(touchable.targets), touchable.facts);
        }
        if (!kiosk_->present()) {
            presentRefused_ = true;  // not on screen: drawn again by the next renderer
            return;
        }
        framePresented(view, kiosk_->failedFrames() == failedBefore);
        shown_ = key;
        exposed_ = false;
        browsingShown_ = browsing;
        emergencyDrawn(emergency);
    } catch (const std::exception& e) {
        drawFallback(view, *e.what() ? e.what() : "an exception without a message");
    } catch (...) {
        drawFallback(view, "an unknown exception");
    }
}

void KioskLoop::framePresented(const ui::KioskView& view, bool withoutFault) {
    presented_ = true;
    touchPresented();
    ++frames_;
    // Drawn without fault: now, and not before, these files may become the last good copy.
    if (withoutFault && !view.blank) reload_.shownWithoutFault(session_);
    if (options_.logPages) logPage();
    recordPlay(shownNow(view.blank));
}

void KioskLoop::drawFallback(ui::KioskView& view, const std::string& failure) {
    try {
        view.screens = nullptr;
        kiosk_->fallbackFrame(view, failure);
        if (kiosk_->present())
            presented_ = true;
        else
            presentRefused_ = true;
    } catch (const std::exception&) {
        // Nothing more to do this frame; the next wake tries again.
    }
    shown_.reset();
    planKey_.reset();
}

void KioskLoop::prefetchNext(const ui::KioskView& view, const Rotation::Frame& frame) {
    if (!frame.current || frame.current == prefetchedFor_) return;
    prefetchedFor_ = frame.current;
    const std::vector<CycleStep>& steps = rotation_.cycle().steps;
    if (steps.empty()) return;
    std::size_t next =
        rotation_.step() + 1 < steps.size() ? rotation_.step() + 1 : 0;  // the next cycle's first, most likely
    ui::Canvas layout = kiosk_->layoutCanvas();
    ui::prefetchPictures(view, steps[next].page, layout);
}

void KioskLoop::logPage() {
    std::string page = pageShown();
    if (pageLogged_ == page) return;
    pageLogged_ = page;
    // The instant it reached the screen, to the millisecond: screens in step
    // ("cycle": {"sync": "wall-clock"}) log the same pages at the same instants.
    auto wall = std::chrono::time_point_cast<std::chrono::milliseconds>(std::chrono::system_clock::now());
    auto ms = wall.time_since_epoch().count() % 1000;
    char frac[8];
    std::snprintf(frac, sizeof frac, ".%03lld", static_cast<long long>(ms));
    std::string iso = utcText(std::chrono::time_point_cast<Duration>(wall));
    if (!iso.empty() && iso.back() == 'Z') iso.insert(iso.size() - 1, frac);
    log_ << "hallboard: page " << page << " at " << iso << "\n";
}

Shown KioskLoop::shownNow(bool blank) const {
    if (blank) return {"blank", 0, {}};
    if (touch_.browser.browsing()) return {"browsing", 0, {}};
    Rotation::Frame frame = rotation_.frame(std::chrono::steady_clock::now());
    if (!frame.current || frame.current->page >= session_.config.rotation.size()) return {"welcome", 0, {}};
    const PageConfig& page = session_.config.rotation[frame.current->page];
    Shown shown{std::string(toString(page.kind)), frame.current->subpage + 1, {}};
    if (page.slide)
        shown.title = !page.slide->title.empty() ? page.slide->title
                                                 : std::filesystem::path(page.slide->image).filename().string();
    return shown;
}

void KioskLoop::recordPlay(const Shown& shown) {
    plays_.update(shown, std::chrono::steady_clock::now(),
                  std::chrono::time_point_cast<Duration>(std::chrono::system_clock::now()),
                  session_.program->conference.zone);
}

std::string KioskLoop::pageShown() const {
    if (emergencyShown_) return "emergency";
    if (touch_.browser.browsing()) return "browsing";
    Rotation::Frame frame = rotation_.frame(std::chrono::steady_clock::now());
    if (!frame.current || frame.current->page >= session_.config.rotation.size()) return "welcome";
    std::size_t page = frame.current->page;
    int screens = page < plan_.size() ? plan_[page] : 0;
    return std::string(toString(session_.config.rotation[page].kind)) + " " +
           std::to_string(frame.current->subpage + 1) + "/" +
           std::to_string(std::max(screens, frame.current->subpage + 1));
}

std::string KioskLoop::panelState(Instant now) const {
    if (panel_ && panel_->off()) return "off";
    if (emergencyShown_) return "on";  // the takeover lights a quiet screen
    const QuietHours& quiet = session_.config.display.quiet;
    if (quiet.action == QuietAction::none || !inQuietHours(quiet, session_.program->conference.zone, now)) return "on";
    return quiet.action == QuietAction::blank ? "blank" : "dim";
}

void KioskLoop::writeStatus(Instant now) {
    StatusInputs in;
    in.page = pageShown();
    in.problem = reload_.problem();
    if (session_.clock.mode() == Clock::Mode::system)
        if (auto wrong = clockProblem(now)) in.clockHealth = *wrong;
    ImVec2 size = kiosk_->outputSize();
    in.screenWidth = static_cast<int>(size.x);
    in.screenHeight = static_cast<int>(size.y);
    in.panel = panelState(now);
    if (panel_ && in.panel == "blank") in.panelNote = panel_->whyNotOff();
    if (cec_) {
        in.cec = cec_->state();
        if (auto line = cec_->toLog()) log_ << "hallboard: HDMI-CEC (" << cec_->path() << "): " << *line << "\n";
    }
    if (emergencyShown_) in.emergency = activeEmergency(session_.emergency, now);
    status_.update(session_, in, std::chrono::steady_clock::now());
}

void KioskLoop::playScript() {
    if (!player_) return;
    // Once every event has been handled (the frame after the last one), say where the
    // visitor ended up, for smoke tests and demonstrations.
    if (player_->done()) {
        log_ << "hallboard: input script played; now: " << describe(touch_, *session_.program) << "\n";
        player_.reset();
    } else {
        player_->pushDue(seconds(), kiosk_->panelSize());
    }
}

void KioskLoop::sleepAndHandleEvents(Instant now) {
    Steady steady = std::chrono::steady_clock::now();
    auto at = [&](double s) { return started_ + Ms{static_cast<long long>(s * 1000)}; };
    WakeReasons w =
        scheduledWake(steady, rotation_, session_, now, {reload_.interval(), kiosk_->transitionFrameInterval()});
    // A finger's list moves at the display's pace (60 a second) even where fades go at
    // 12: a gliding list that lags the finger looks broken, a fade at 12 does not.
    // Paced from the start of the last frame, so drawing time does not slow the pace.
    w.frameInterval = std::clamp(std::chrono::duration_cast<Ms>(frameStarted_ + Ms{16} - steady), Ms{1}, Ms{16});
    w.moving = moving_;
    if (touch_.browser.browsing()) w.idleLeft = touch_.browser.idleLeft(seconds());
    w.fadeOutSeconds = ui::kFadeOutSeconds;
    if (player_ && player_->nextAt()) w.scriptEvent = at(*player_->nextAt());
    if (options_.exitAfter > 0) w.exitAt = at(options_.exitAfter);
    w.watchdogPing = notifier_.nextPing();
    if (activeEmergency(session_.emergency, now) && takeoverLanguages(session_.config).size() > 1)
        w.emergencyTurn = at((std::floor(seconds() / kEmergencyTurnSeconds) + 1) * kEmergencyTurnSeconds);
    bool hideCursor = session_.config.display.hideCursor;
    if (hideCursor && SDL_ShowCursor(SDL_QUERY) == SDL_ENABLE) w.hideCursorAt = lastMouse_ + Ms{3000};

    auto timeout = std::chrono::duration_cast<Ms>(nextWake(w) - std::chrono::steady_clock::now()).count();
    SDL_Event e;
    const long before = threadWakeups();
    bool got = waiter_.wait(e, static_cast<int>(std::clamp<long long>(timeout, 1, 60000)));
    sleepWakeups_ += threadWakeups() - before;
    while (got) {
        dispatch(e);
        got = SDL_PollEvent(&e) == 1;
    }
    if (hideCursor && std::chrono::steady_clock::now() - lastMouse_ > Ms{3000}) SDL_ShowCursor(SDL_DISABLE);
}

void KioskLoop::dispatch(SDL_Event e) {
    // With the picture turned on the panel (display.rotate), an absolute pointer points at
    // the panel's pixels: scaled to those, then turned back onto the picture. Where the
    // renderer turns the picture onto a window of the panel's size, every pointer does.
    const PanelTurn turn = kiosk_->panelTurn();
    const ImVec2 picture = kiosk_->size();
    const bool onPanel = absolute_.correct(e, kiosk_->panelSize());
    turnToPicture(e, picture, turn, onPanel || kiosk_->pointerOnPanel());
    // A press or release at the device's own time: the loop may read it long after (a
    // slow frame), and a tap is a release within 0.8 s of its press.
    double now = seconds();
    if (auto at = absolute_.pressedAt())
        now = std::clamp(std::chrono::duration<double>(*at - started_).count(), 0.0, now);
    ImGui_ImplSDL2_ProcessEvent(&e);
    if (session_.config.browsing) touchEvent(e);
    if (e.type == SDL_QUIT) running_ = false;
    if (e.type == SDL_KEYDOWN && (e.key.keysym.mod & KMOD_CTRL) != 0 && e.key.keysym.sym == SDLK_q) running_ = false;
    // Touch, mouse, keys and text: browsing, and turning the rotation's pages. A screen
    // configured for signage only ignores them (Ctrl+Q still quits).
    // The emergency takeover ignores every touch and key but Ctrl+Q.
    bool takeover = activeEmergency(session_.emergency, session_.clock.now()) != nullptr;
    if (session_.config.browsing && !session_.config.wall.active() && !takeover)
        if (auto in = touch_.input.translate(e, kiosk_->size(), now)) {
            browse::Effects fx = touch_.apply(*in, now, rotation_, std::chrono::steady_clock::now(), count());
            if (fx.redraw) exposed_ = true;
            if (fx.speak && speech_) speak(touch_.speech(viewAt(session_.clock.now())));
        }
    if (e.type == imagesReadyEvent()) exposed_ = true;  // photos decoded: draw them
    if (e.type == SDL_WINDOWEVENT &&
        (e.window.event == SDL_WINDOWEVENT_EXPOSED || e.window.event == SDL_WINDOWEVENT_SIZE_CHANGED))
        exposed_ = true;
    if (e.type == SDL_MOUSEMOTION && session_.config.display.hideCursor) {
        SDL_ShowCursor(SDL_ENABLE);
        lastMouse_ = std::chrono::steady_clock::now();
    }
}

}  // namespace hallboard::platform
