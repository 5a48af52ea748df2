// The panel itself on a kiosk without a desktop (SDL's kmsdrm video driver): switched off
// through DRM's DPMS property during blank quiet hours, rather than kept lit showing
// black (a backlit LCD shows dark grey and burns power all night), and the text console
// kept off it (its virtual terminal in KD_GRAPHICS mode, restored on exit). In an X11
// window the X server's DPMS extension switches the display off instead, where the
// server has it (Xorg does; Xvfb does not). Elsewhere (Wayland, whose outputs are the
// compositor's; the tests' dummy driver) quiet hours draw black, and whyNotOff says so.
#pragma once

#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

#include <SDL.h>

namespace hallboard::platform {

class PanelPower {
public:
    // The DRM descriptor: `drmFd` where the kiosk drives the panel itself (dumb buffers),
    // else SDL's (kmsdrm).
    PanelPower(SDL_Window* window, std::ostream& log, int drmFd = -1);
    // kmsdrm, with a connected connector that has a DPMS property; or an X11 window whose
    // server has the DPMS extension and can switch its display off (DPMSCapable): there
    // "off" is reported only once the server says its level is off (DPMSInfo).
    bool available() const { return !connectors_.empty() || x11_ != nullptr; }
    bool off() const { return off_; }
    // Why blank quiet hours draw black here rather than switch the panel off, for the
    // status ("Wayland: a client cannot switch the output off"); empty where it can.
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
