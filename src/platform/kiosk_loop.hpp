// The running kiosk, one wake at a time: take in a finished reload, draw if the picture
// changed, play a script's due events, sleep until the next reason to wake, handle what
// came. The decisions are core's pure functions (core/kiosk_loop.hpp); this is the SDL
// side of them.
#pragma once

#include <chrono>
#include <optional>
#include <ostream>

#include <SDL.h>

#include "core/kiosk_loop.hpp"
#include "platform/event_wait.hpp"
#include "platform/kiosk_app.hpp"
#include "platform/kiosk_renderer.hpp"
#include "platform/kiosk_touch.hpp"

namespace hallboard::platform {

class KioskLoop {
public:
    KioskLoop(KioskSession& session, LiveReload& reload, KioskRenderer& kiosk, const RunOptions& options,
              std::optional<browse::InputScript> script, std::ostream& log);
    void run();

private:
    using Steady = std::chrono::steady_clock::time_point;
    using Ms = std::chrono::milliseconds;

    void takeReload();
    void drawIfChanged(Instant now);
    void playScript();
    void sleepAndHandleEvents(Instant now);
    void dispatch(const SDL_Event& e);
    double seconds() const { return std::chrono::duration<double>(std::chrono::steady_clock::now() - started_).count(); }
    ui::KioskView viewAt(Instant now);
    const std::vector<int>& plan(const ui::KioskView& view);
    Rotation::SubpageCount count() const {
        return [this](std::size_t i) { return i < plan_.size() ? plan_[i] : 0; };
    }

    KioskSession& session_;
    LiveReload& reload_;
    KioskRenderer& kiosk_;
    const RunOptions& options_;
    std::ostream& log_;
    Rotation rotation_;
    Touch touch_;
    std::optional<ScriptPlayer> player_;
    EventWaiter waiter_;
    Steady started_;
    Steady lastMouse_;
    bool running_ = true;
    bool exposed_ = true;  // the window needs repainting whatever the key says
    bool browsingShown_ = false;
    bool moving_ = false;
    long wakes_ = 0, frames_ = 0;  // reported when the loop ends
    std::optional<FrameKey> shown_;
    std::vector<int> plan_;  // screens per page, laid out once per minute and program
    std::optional<FrameKey> planKey_;
    std::size_t planRefused_ = 0;  // pictures refused when the plan was made
};

}  // namespace hallboard::platform
