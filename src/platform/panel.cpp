// See panel.hpp.
#include "platform/panel.hpp"

#include <fcntl.h>
#include <linux/kd.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <string>

#include <SDL_syswm.h>
#include <xf86drm.h>
#include <xf86drmMode.h>

#include "base/text.hpp"

namespace hallboard::platform {

namespace {

// On KMS: SDL's kmsdrm, or its evdev driver under DRM dumb buffers (platform/dumb_panel).
bool onKmsdrm() {
    const char* driver = SDL_GetCurrentVideoDriver();
    // SDL calls it "KMSDRM"
    return driver && (SDL_strcasecmp(driver, "kmsdrm") == 0 || SDL_strcasecmp(driver, "evdev") == 0);
}

}  // namespace

PanelPower::PanelPower(SDL_Window* window, std::ostream& log, int drmFd) : log_(log) {
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
    if (connectors_.empty()) log_ << "hallboard: the display has no DPMS control: quiet hours draw black\n";
}

bool PanelPower::set(bool on) {
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
