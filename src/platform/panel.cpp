// See panel.hpp.
#include "platform/panel.hpp"

#include <fcntl.h>
#include <linux/kd.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <optional>
#include <string>

#include <SDL_syswm.h>
#include <xf86drm.h>
#include <xf86drmMode.h>

#include "base/text.hpp"
#include "platform/wayland_power.hpp"
#include "platform/x11_dpms.hpp"

namespace hallboard::platform {

namespace {

// On KMS: SDL's kmsdrm, or its evdev driver under DRM dumb buffers (platform/dumb_panel).
bool onKmsdrm() {
    const char* driver = SDL_GetCurrentVideoDriver();
    // SDL calls it "KMSDRM"
    return driver && (SDL_strcasecmp(driver, "kmsdrm") == 0 || SDL_strcasecmp(driver, "evdev") == 0);
}

}  // namespace

void PanelPower::openX11(SDL_Window* window) {
    SDL_SysWMinfo info;
    SDL_VERSION(&info.version);
    if (SDL_GetWindowWMInfo(window, &info) != SDL_TRUE || info.subsystem != SDL_SYSWM_X11) return;
    const XDpms* dpms = XDpms::load();
    Display* display = info.info.x11.display;
    XDpms::Can can = dpms ? dpms->can(display) : XDpms::Can::noExtension;
    if (!dpms)
        why_ = "X11: libXext's DPMS functions cannot be loaded; drawn black";
    else if (can == XDpms::Can::noExtension)
        why_ = "X11: the X server has no DPMS extension; drawn black";
    else if (can == XDpms::Can::notCapable)
        why_ = "X11: the X server's display cannot be switched off (DPMS not capable); drawn black";
    else
        x11_ = display;
    if (x11_) log_ << "hallboard: quiet hours switch the display off through the X server's DPMS extension\n";
}

bool PanelPower::setX11(bool on) {
    const XDpms* dpms = XDpms::load();
    if (!dpms->set(x11_, on)) {
        std::optional<unsigned short> now = dpms->level(x11_);
        log_ << "hallboard: the X server did not switch the display " << (on ? "on" : "off") << " (DPMS level "
             << (now ? std::to_string(*now) : std::string("unknown")) << ")\n";
        if (!on) {
            dpms->set(x11_, true);  // never half off: on, and quiet hours draw black
            x11_ = nullptr;
            why_ = "X11: the X server did not confirm the display off; drawn black";
        }
        return false;
    }
    off_ = !on;
    log_ << "hallboard: quiet hours: the panel is " << (on ? "on again" : "off (X11 DPMS, confirmed by the server)")
         << "\n";
    return true;
}

void PanelPower::openWayland(SDL_Window* window) {
    SDL_SysWMinfo info;
    SDL_VERSION(&info.version);
    if (SDL_GetWindowWMInfo(window, &info) != SDL_TRUE || info.subsystem != SDL_SYSWM_WAYLAND) return;
    wayland_ = WaylandPower::open(info.info.wl.display, why_);
    if (wayland_)  // else why_ is said when blank quiet hours begin (KioskLoop)
        log_ << "hallboard: quiet hours switch " << wayland_->outputs()
             << " output(s) off through the compositor (wlr-output-power-management)\n";
}

bool PanelPower::waylandUsable() const {
    return wayland_ && !wayland_->refused();
}

bool PanelPower::setWayland(bool on) {
    std::optional<std::string> failure = wayland_->set(on);
    if (failure) {
        log_ << "hallboard: " << *failure << "\n";
        if (!on) {  // back on already (wayland_->refused()): quiet hours draw black from here
            why_ = *failure;
            return false;
        }
    }
    off_ = !on;  // asked on and not confirmed: drawn on all the same, never left dark
    log_ << "hallboard: quiet hours: the panel is "
         << (on ? "on again" : "off (Wayland output power, confirmed by the compositor)") << "\n";
    return !failure;
}

std::string PanelPower::whyNotOff() const {
    if (available()) return {};
    if (!why_.empty()) return why_;
    if (driver_ == "wayland") return "Wayland: the kiosk's window is not a Wayland surface; drawn black";
    if (driver_ == "x11") return "X11: the kiosk does not switch the display off; drawn black";
    if (driver_ == "kmsdrm" || driver_ == "KMSDRM" || driver_ == "evdev")
        return "the display has no DPMS control; drawn black";
    return "no panel to switch off (SDL's " + (driver_.empty() ? std::string("unknown") : driver_) +
           " video driver); drawn black";
}

PanelPower::PanelPower(SDL_Window* window, std::ostream& log, int drmFd) : log_(log) {
    const char* driver = SDL_GetCurrentVideoDriver();
    driver_ = driver ? driver : "";
    if (window && driver_ == "x11") openX11(window);
    if (window && driver_ == "wayland") openWayland(window);
    if (!window || !onKmsdrm()) return;
    if (drmFd >= 0) {
        fd_ = drmFd;
    } else {
        SDL_SysWMinfo info;
        SDL_VERSION(&info.version);
        if (SDL_GetWindowWMInfo(window, &info) != SDL_TRUE || info.subsystem != SDL_SYSWM_KMSDRM) return;
        fd_ = info.info.kmsdrm.drm_fd;
    }
    if (fd_ < 0) return;
    drmModeRes* resources = drmModeGetResources(fd_);
    if (!resources) return;
    for (int i = 0; i < resources->count_connectors; ++i) {
        drmModeConnector* c = drmModeGetConnector(fd_, resources->connectors[i]);
        if (!c) continue;
        if (c->connection == DRM_MODE_CONNECTED && c->encoder_id != 0) {
            if (drmModeObjectProperties* props =
                    drmModeObjectGetProperties(fd_, c->connector_id, DRM_MODE_OBJECT_CONNECTOR)) {
                for (std::uint32_t p = 0; p < props->count_props; ++p) {
                    drmModePropertyRes* prop = drmModeGetProperty(fd_, props->props[p]);
                    if (!prop) continue;
                    if (std::strcmp(prop->name, "DPMS") == 0) connectors_.push_back({c->connector_id, prop->prop_id});
                    drmModeFreeProperty(prop);
                }
                drmModeFreeObjectProperties(props);
            }
        }
        drmModeFreeConnector(c);
    }
    drmModeFreeResources(resources);
}

PanelPower::~PanelPower() = default;

bool PanelPower::set(bool on) {
    if (x11_ && off_ != !on) return setX11(on);
    if (waylandUsable() && off_ != !on) return setWayland(on);
    if (connectors_.empty() || off_ == !on) return false;
    bool all = true;
    for (const Connector& c : connectors_) {
        int r = drmModeConnectorSetProperty(fd_, c.id, c.dpms, on ? DRM_MODE_DPMS_ON : DRM_MODE_DPMS_OFF);
        if (r != 0) {
            all = false;
            log_ << "hallboard: cannot switch the panel " << (on ? "on" : "off") << " (DPMS, connector " << c.id
                 << "): " << systemMessage(-r) << "\n";
        }
    }
    if (!all && !on) {
        set(true);  // never half off: back on, and quiet hours draw black instead
        connectors_.clear();
        return false;
    }
    off_ = !on;
    log_ << "hallboard: quiet hours: the panel is " << (on ? "on again" : "off (DPMS)") << "\n";
    return all;
}

ConsoleGraphics::ConsoleGraphics(std::ostream& log) {
    if (!onKmsdrm()) return;
    int mode = 0;
    if (::isatty(STDIN_FILENO) != 1 || ::ioctl(STDIN_FILENO, KDGETMODE, &mode) != 0) return;  // not a virtual terminal
    if (::ioctl(STDIN_FILENO, KDSETMODE, KD_GRAPHICS) != 0) {
        log << "hallboard: the console stays in text mode (KDSETMODE: " << systemMessage(errno) << ")\n";
        return;
    }
    fd_ = STDIN_FILENO;
    mode_ = mode;
}

ConsoleGraphics::~ConsoleGraphics() {
    if (fd_ >= 0) ::ioctl(fd_, KDSETMODE, mode_);
}

}  // namespace hallboard::platform
