// The outputs' power under a Wayland compositor that offers wlr-output-power-management
// (zwlr_output_power_manager_v1: wlroots' sway, wayfire, labwc, cage): blank quiet hours
// switch every output off, as DPMS does on KMS, and "off" holds only once the compositor
// says so (its mode event). Bound on an event queue of its own on SDL's connection, so
// SDL's queue is never dispatched here. libwayland-client is opened at run time (as
// libXext for X11): a kiosk on KMS maps no Wayland library; under Wayland SDL has it loaded.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

struct wl_display;
struct wl_event_queue;
struct wl_proxy;

namespace hallboard::platform {

struct WaylandApi;

class WaylandPower {
public:
    // The compositor's output power manager and every output on `display` (SDL's
    // connection); none, and `why` says so for the status, where it offers no manager.
    static std::unique_ptr<WaylandPower> open(wl_display* display, std::string& why);
    ~WaylandPower();
    WaylandPower(const WaylandPower&) = delete;
    WaylandPower& operator=(const WaylandPower&) = delete;

    // Every output on or off, waiting up to `confirmMs` for the compositor's mode event on
    // each; none when all confirmed, else why not. Refused or unconfirmed off: every output
    // is asked back on before this returns.
    std::optional<std::string> set(bool on, int confirmMs = 1000);
    // An off refused or unconfirmed: quiet hours draw black from then on. The outputs stay
    // bound: SDL's surface enter and leave events name every wl_output of the connection
    // the surface is on, ours too, and one destroyed meanwhile reaches SDL as a null
    // output, which SDL 2.26 dereferences (a crash seen under headless sway).
    bool refused() const { return refused_; }
    std::size_t outputs() const { return outputs_.size(); }

    struct Output {
        wl_proxy* output = nullptr;
        wl_proxy* power = nullptr;
        int mode = -1;  // the compositor's last word: 0 off, 1 on; -1 none yet
        bool failed = false;
    };
    // Registry and power events (the listeners' calls).
    void global(wl_proxy* registry, unsigned name, const char* interface, unsigned version);

private:
    WaylandPower(const WaylandApi& api, wl_display* display);
    void attachPowers();
    void bindOutput(wl_proxy* registry, std::pair<unsigned, unsigned> global);
    bool settled(bool on) const;
    bool dispatchUntil(bool on, int ms);
    void request(bool on);

    const WaylandApi& api_;
    wl_display* display_;
    wl_event_queue* queue_ = nullptr;
    wl_proxy* wrapper_ = nullptr;   // the display on our queue
    wl_proxy* registry_ = nullptr;  // on our queue
    wl_proxy* manager_ = nullptr;
    std::optional<unsigned> managerName_;                     // its global, where offered
    std::vector<std::pair<unsigned, unsigned>> outputNames_;  // each wl_output global: name, version
    bool refused_ = false;
    std::vector<std::unique_ptr<Output>> outputs_;  // stable: each is its listener's data
};

// Whether the compositor at $WAYLAND_DISPLAY offers wlr-output-power-management (for
// `hallboard check`); none when no compositor is reachable or libwayland-client is absent.
std::optional<bool> compositorSwitchesOutputsOff();

// Whether the compositor on `display` offers a seat (wl_seat): SDL 2.26 (Debian 12)
// dereferences the seat's input in SDL_Init without a check and crashes where there is
// none (headless weston: libsdl-org/SDL#8898, fixed in SDL 2.30). None when it cannot
// be asked. The kiosk asks before SDL's Wayland driver starts (platform/sdl_backend).
std::optional<bool> compositorOffersSeat(wl_display* display);
// The same of the compositor at $WAYLAND_DISPLAY, on a connection of its own; none where
// WAYLAND_SOCKET hands over a connection (one only: it is SDL's to take).
std::optional<bool> compositorOffersSeat();

}  // namespace hallboard::platform
