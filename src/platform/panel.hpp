// The panel itself on a kiosk without a desktop (SDL's kmsdrm video driver): switched off
// through DRM's DPMS property during blank quiet hours, rather than kept lit showing
// black (a backlit LCD shows dark grey and burns power all night), and the text console
// kept off it (its virtual terminal in KD_GRAPHICS mode, restored on exit). Elsewhere
// (X11, Wayland, the tests' dummy driver) neither does anything: quiet hours draw black
// as before.
#pragma once

#include <cstdint>
#include <ostream>
#include <vector>

#include <SDL.h>

namespace hallboard::platform {

class PanelPower {
public:
    // The DRM descriptor: `drmFd` where the kiosk drives the panel itself (dumb buffers),
    // else SDL's (kmsdrm).
    PanelPower(SDL_Window* window, std::ostream& log, int drmFd = -1);
    // kmsdrm, with a connected connector that has a DPMS property.
    bool available() const { return !connectors_.empty(); }
    bool off() const { return off_; }
    // Switches every connected panel on or off; false (logged) when the driver refused.
    bool set(bool on);

private:
    struct Connector {
        std::uint32_t id = 0, dpms = 0;
    };
    int fd_ = -1;  // SDL's or the dumb panel's DRM descriptor (not ours to close)
    std::vector<Connector> connectors_;
    bool off_ = false;
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
