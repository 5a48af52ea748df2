// The software picture on the panel without Mesa: on KMS with no GPU driver (llvmpipe,
// softpipe or no OpenGL at all, or --software), the kiosk draws with SDL's software
// renderer into a window of SDL's "evdev" video driver (SDL 2.26's dummy driver that
// reads keyboards, mice and touch screens through evdev as kmsdrm does, and makes no
// EGL or GBM), and this puts each frame on the panel through two DRM dumb buffers:
// copied (turned by display.rotate, converted to XRGB8888), then page-flipped. SDL's
// kmsdrm driver would load libgbm and EGL, which load Mesa's driver and LLVM (62 MB of
// the kiosk's memory, and run-time code that MemoryDenyWriteExecute kills).
//
// open() fails (logged, with the reason) when any step does: the kiosk then presents
// through SDL's kmsdrm and OpenGL ES as before, never a dark panel. The CRTC's previous
// configuration (the console's) is put back when the panel is closed.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <ostream>
#include <string>

#include <SDL.h>
#include <xf86drmMode.h>

#include "kiosk/panel_geometry.hpp"
#include "platform/frame_sink.hpp"

namespace hallboard::platform {

class DumbPanel : public FrameSink {
public:
    // The first DRM card (/dev/dri/card0..) with a connected connector, a mode and a CRTC,
    // in the connector's preferred mode. Null when there is none or a step failed.
    static std::unique_ptr<DumbPanel> open(PanelTurn turn, std::ostream& log);
    ~DumbPanel() override;
    DumbPanel(const DumbPanel&) = delete;
    DumbPanel& operator=(const DumbPanel&) = delete;

    PixelSize panelSize() const { return {static_cast<int>(mode_.hdisplay), static_cast<int>(mode_.vdisplay)}; }
    // What the kiosk draws: the panel's size, turned.
    PixelSize pictureSize() const { return logicalSize(panelSize(), turn_); }
    PanelTurn turn() const override { return turn_; }
    int fd() const { return fd_; }
    std::string describe() const;
    // Shows a frame (32-bit pixels of pictureSize()); false (logged once per reason) when
    // the panel refused it. With HALLBOARD_DUMB_FAIL_AFTER=N in the environment (tests:
    // docs/deployment.md, section 9) every frame after the Nth is refused as a driver
    // would refuse it, once the CRTC is taken or the buffers are gone.
    bool show(SDL_Surface* frame) override;
    unsigned long long framesShown() const { return shown_; }

private:
    struct Buffer {
        std::uint32_t handle = 0, fb = 0, pitch = 0;
        std::uint64_t size = 0;
        std::uint8_t* map = nullptr;
    };
    DumbPanel(int fd, std::ostream& log) : fd_(fd), log_(log) {}
    bool setUp(const std::string& path);
    bool chooseDisplay(const drmModeRes& res);
    // The buffer on the panel: a page flip where the driver takes them, else a mode set.
    bool putOnScreen(const Buffer& b);
    bool makeBuffer(Buffer& b);
    void freeBuffer(Buffer& b);
    bool waitForFlip(int timeoutMs);
    void logOnce(const std::string& what, int error);
    static void flipDone(int fd, unsigned int sequence, unsigned int sec, unsigned int usec, void* data);

    int fd_ = -1;
    std::ostream& log_;
    std::string path_, connectorName_;
    std::uint32_t connector_ = 0, crtc_ = 0;
    drmModeModeInfo mode_{};
    drmModeCrtc* saved_ = nullptr;  // the CRTC as it was (the console), put back on close
    PanelTurn turn_;
    Buffer buffers_[2];
    int front_ = -1;  // the buffer on the panel (-1: none yet)
    bool flipPending_ = false;
    bool flips_ = true;  // page flips work; else a SetCrtc a frame
    unsigned long long shown_ = 0;
    std::optional<unsigned long long> failAfter_;  // HALLBOARD_DUMB_FAIL_AFTER
    std::string lastProblem_;
};

// Whether to try DRM dumb buffers: SDL would pick kmsdrm (no SDL_VIDEODRIVER, or
// "kmsdrm"; no X11 or Wayland display) and HALLBOARD_DUMB_BUFFERS is not "0".
bool wantDumbPanel();

}  // namespace hallboard::platform
