// The panel's power during blank quiet hours: switched off rather than kept lit showing
// black (a backlit LCD shows dark grey and burns power all night). On a kiosk without a
// desktop (SDL's kmsdrm video driver) through DRM's DPMS property, the text console kept
// off the panel (its virtual terminal in KD_GRAPHICS mode, restored on exit). In an X11
// window through the X server's DPMS extension, where the server has it (Xorg does; Xvfb
// does not). In a Wayland window through the compositor's wlr-output-power-management
// (platform/wayland_power: wlroots' sway, wayfire, labwc do; GNOME, KDE and weston offer
// none). Under X11 and Wayland "off" holds only once the server or compositor confirms
// it. Elsewhere (those without; the tests' dummy driver) quiet hours draw black, and
// whyNotOff says why. An emergency wakes the panel the way the end of quiet hours does.
#pragma once

#include <cstdint>
#include <memory>
#include <ostream>
#include <string>
#include <vector>

#include <SDL.h>

namespace hallboard::platform {

class WaylandPower;

class PanelPower {
public:
    // The DRM descriptor: `drmFd` where the kiosk drives the panel itself (dumb buffers),
    // else SDL's (kmsdrm).
    PanelPower(SDL_Window* window, std::ostream& log, int drmFd = -1);
    ~PanelPower();
    PanelPower(const PanelPower&) = delete;
    PanelPower& operator=(const PanelPower&) = delete;
    // kmsdrm, with a connected connector that has a DPMS property; an X11 window whose
    // server has the DPMS extension and can switch its display off (DPMSCapable): there
    // "off" is reported only once the server says its level is off (DPMSInfo); or a
    // Wayland window whose compositor offers wlr-output-power-management, "off" once its
    // mode event says so for every output.
    bool available() const { return !connectors_.empty() || x11_ != nullptr || waylandUsable(); }
    bool off() const { return off_; }
    // Why blank quiet hours draw black here rather than switch the panel off, for the
    // status ("Wayland: the compositor does not offer wlr-output-power-management; drawn
    // black"); empty where it can.
    std::string whyNotOff() const;
    // Switches every connected panel on or off; false (logged) when the driver refused.
    bool set(bool on);

private:
    struct Connector {
        std::uint32_t id = 0, dpms = 0;
    };
    int fd_ = -1;  // SDL's or the dumb panel's DRM descriptor (not ours to close)
    std::vector<Connector> connectors_;
    void openX11(SDL_Window* window);
    bool setX11(bool on);
    void openWayland(SDL_Window* window);
    bool setWayland(bool on);
    bool waylandUsable() const;
    std::unique_ptr<WaylandPower> wayland_;  // the compositor's output power, where it offers it
    bool off_ = false;
    void* x11_ = nullptr;  // the window's X Display, where its server has DPMS
    std::string driver_;   // SDL's video driver
    std::string why_;      // why the panel cannot be switched off (whyNotOff)
    std::ostream& log_;
};

// While it lives, the virtual terminal the kiosk runs on (its standard input under the
// shipped unit: TTYPath=/dev/tty1, StandardInput=tty) is in graphics mode: the kernel
// console neither draws its text nor its cursor there, and does not repaint itself on
// the panel when the kiosk's frame is replaced. The mode before is restored on exit.
// Nothing without a virtual terminal (a pseudo-terminal, the journal) or off kmsdrm.
class ConsoleGraphics {
public:
    explicit ConsoleGraphics(std::ostream& log);
    ~ConsoleGraphics();
    ConsoleGraphics(const ConsoleGraphics&) = delete;
    ConsoleGraphics& operator=(const ConsoleGraphics&) = delete;

private:
    int fd_ = -1;
    int mode_ = 0;
};

}  // namespace hallboard::platform
