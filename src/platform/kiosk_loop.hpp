// The running kiosk, one wake at a time: take in a finished reload, draw if the picture
// changed, play a script's due events, sleep until the next reason to wake, handle what
// came. The decisions are core's pure functions (kiosk/kiosk_loop.hpp); this is the SDL
// side of them.
#pragma once

#include <array>
#include <memory>
#include <chrono>
#include <string>
#include <vector>
#include <optional>
#include <ostream>

#include <SDL.h>

#include "base/language_scope.hpp"
#include "kiosk/clock.hpp"
#include "kiosk/kiosk_loop.hpp"
#include "platform/absolute_pointer.hpp"
#include "platform/cec.hpp"
#include "platform/event_wait.hpp"
#include "platform/kiosk_app.hpp"
#include "platform/kiosk_renderer.hpp"
#include "platform/kiosk_touch.hpp"
#include "platform/panel.hpp"
#include "platform/process_signals.hpp"
#include "platform/service_notify.hpp"
#include "platform/speech.hpp"
#include "platform/status_writer.hpp"
#include "kiosk/play_log.hpp"

namespace hallboard::platform {

// How the loop starts: the command line's options, a script to play (--input), whether
// nothing usable loaded (`clockOnly`: the fleet status says so), the signals that ask
// for a reload (SIGHUP; none in tests), and the emergency's own lines the start logged
// (EmergencyNotes: a reload that finds the same says nothing).
struct LoopStart {
    const RunOptions& options;
    std::optional<browse::InputScript> script;
    bool clockOnly = false;
    ProcessSignals* signals = nullptr;
    std::vector<std::string> emergencySaid = {};
};

class KioskLoop {
public:
    KioskLoop(KioskSession& session, LiveReload& reload, KioskRenderer& kiosk, LoopStart start, std::ostream& log);
    // Until asked to quit: false. True when the panel the frames are shown on refused
    // one (KioskRenderer::present): the caller puts another renderer in (useRenderer) and
    // runs the loop again, which goes on where it was.
    bool run();
    // Another renderer (and so another display) from now on: everything is drawn afresh.
    void useRenderer(KioskRenderer& kiosk);
    // SIGHUP reads the files again (process_signals.hpp); the signal wakes the loop's sleep.
    void handleSignals(ProcessSignals& signals);
    // kmsdrm: blank quiet hours switch the panel off (DPMS) instead of drawing black.
    void usePanel(PanelPower& panel) { panel_ = &panel; }
    // HDMI-CEC: a TV to standby in blank quiet hours, woken after them or for an emergency.
    void useCec(CecPanel& cec) { cec_ = &cec; }

private:
    using Steady = std::chrono::steady_clock::time_point;
    using Ms = std::chrono::milliseconds;

    void takeReload();
    void applyOutcome(LiveReload::Outcome outcome,
                      bool emergencyRead);  // a finished reload: swapped in, or its rejection noted
    void drawIfChanged(Instant now);
    // Quiet hours on a panel that can be switched off: switched as the view asks; true
    // while it is off (nothing to draw).
    bool panelSwitchedOff(const ui::KioskView& view);
    // The frame guard's fallback (KioskRenderer::fallbackFrame), presented.
    void drawFallback(ui::KioskView& view, const std::string& failure);
    void playScript();
    void writeStatus(Instant now);
    void logPage();
    // The next page's pictures (a slide's) are asked for when a page comes into view.
    void prefetchNext(const ui::KioskView& view, const Rotation::Frame& frame);
    // "now-next 1/3", "welcome", "browsing": what is on screen, for the status and the log.
    std::string pageShown() const;
    void sleepAndHandleEvents(Instant now);
    // Readiness after the first frame, the watchdog's pings while the loop runs.
    void notifyService();
    void dispatch(SDL_Event e);
    // The voice (accessibility.speech): started or stopped as the configuration says;
    // the place read aloud when a visitor asks; the idle warning once as it shows.
    void useSpeech();
    void speak(const std::string& text);
    void speakIdleWarning(double t);
    double seconds() const {
        return std::chrono::duration<double>(std::chrono::steady_clock::now() - started_).count();
    }
    ui::KioskView viewAt(Instant now);
    const std::vector<int>& plan(const ui::KioskView& view);
    Rotation::SubpageCount count() const {
        return [this](std::size_t i) { return i < plan_.size() ? plan_[i] : 0; };
    }

    // Touch to screen: each touch event's SDL timestamp to SDL_RenderPresent returning
    // for the first frame after it, in a bounded histogram (ms); and frames and CPU while
    // a finger is down or a list glides. Logged when the loop ends.
    struct TouchFigures {
        static constexpr int kBuckets = 1000;  // 0..999 ms; later counts as 999
        std::array<long, kBuckets> latency{};
        long events = 0;
        long frames = 0;
        double seconds = 0, cpu = 0;  // summed over gestures
        std::vector<Uint32> pending;  // timestamps of touch events not yet on screen (bounded)
        bool active = false;          // a finger down or a list gliding
        Steady since;
        std::optional<Steady> lastPresent;  // in this gesture
        double movingSeconds = 0;           // between frames less than 100 ms apart: the frame rate
        long movingFrames = 0;
        double cpuSince = 0;
        int fingers = 0;
        int percentile(double p) const;
        std::string describe() const;
    };
    void touchEvent(const SDL_Event& e);
    void touchPresented();
    void touchWake();

    // First: made before the constructor sets the session's language (spoken), gone after
    // everything else, putting back the language the process had before the loop.
    LanguageScope language_;
    KioskSession& session_;
    LiveReload& reload_;
    KioskRenderer* kiosk_;
    const RunOptions& options_;
    std::ostream& log_;
    Rotation rotation_;
    Touch touch_;
    StatusWriter status_;
    PlayRecorder plays_;  // proof of play, beside the status (fleet.status_dir)
    // What the screen shows now, for the plays: the page and screen, a slide's title;
    // "browsing", "welcome", "blank" (quiet hours drawn black) or "panel-off".
    Shown shownNow(bool blank) const;
    void recordPlay(const Shown& shown);
    // The panel for the status: "on", "off" (DPMS), "blank" or "dim" (quiet hours).
    std::string panelState(Instant now) const;
    // A frame reached the screen: counted, its files perhaps the last good copy, its play recorded.
    void framePresented(const ui::KioskView& view, bool withoutFault);
    // The system clock's trouble for staff and the status, if any (kiosk/clock.hpp); the
    // kernel's synchronisation state is asked at most every 10 s.
    std::optional<std::string> clockProblem(Instant now);
    KernelClock kernelClock_;
    std::optional<Steady> kernelClockAt_;
    std::optional<ScriptPlayer> player_;
    EventWaiter waiter_;
    AbsolutePointers absolute_;  // kmsdrm: a tablet's position scaled to the screen
    ProcessSignals* signals_ = nullptr;
    PanelPower* panel_ = nullptr;
    bool blankSaid_ = false;  // blank quiet hours drawn black: said when they begin, and at their end
    CecPanel* cec_ = nullptr;
    ServiceNotifier notifier_;
    bool presented_ = false;  // a frame has reached the screen
    Steady started_;
    Steady lastMouse_;
    bool running_ = true;
    bool presentRefused_ = false;  // the panel refused a frame: run() returns for another renderer
    bool exposed_ = true;          // the window needs repainting whatever the key says
    bool browsingShown_ = false;
    bool moving_ = false;
    long wakes_ = 0, frames_ = 0;  // reported when the loop ends
    // The thread's wake-ups inside the loop's own sleep (the waiter): polling shows here;
    // the rest (a frame's drawing waiting on a lock or a page fault) grows with the load.
    long sleepWakeups_ = 0;
    TouchFigures touchFigures_;
    std::unique_ptr<SpeechOutput> speech_;  // null: speech off (or never asked for)
    Steady frameStarted_;                   // when the last frame began: motion frames are paced from it
    std::optional<FrameKey> shown_;
    std::vector<int> plan_;  // screens per page, laid out once per minute and program
    std::optional<FrameKey> planKey_;
    std::optional<std::string> pageLogged_;        // --log-pages: the page last logged
    std::size_t planRefused_ = 0;                  // pictures refused when the plan was made
    std::optional<Rotation::Slot> prefetchedFor_;  // the page in view when the next one's pictures were asked for
    // The emergency takeover on screen and the turn of its languages; none: not shown.
    std::optional<std::pair<const Emergency*, int>> emergencyShown_;
    EmergencyNotes emergencyNotes_;  // what was said about the emergency: once a change
    void emergencyFirstFrame(const Emergency& e);
    std::optional<std::pair<const Emergency*, int>> emergencyOf(const ui::KioskView& view);
    void emergencyDrawn(std::optional<std::pair<const Emergency*, int>> emergency);
    // A frame, the emergency takeover's in the language of its turn (base/i18n.hpp: set
    // before drawing, the session's again after).
    KioskRenderer::Touchable frameIn(const ui::KioskView& view, const Rotation::Frame& frame);
};

}  // namespace hallboard::platform
