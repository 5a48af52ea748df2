// See dumb_panel.hpp.
#include "platform/dumb_panel.hpp"

#include <fcntl.h>
#include <poll.h>
#include <sys/mman.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <vector>

#include <drm.h>
#include <drm_mode.h>
#include <xf86drm.h>

#include "base/text.hpp"

namespace hallboard::platform {

namespace {

// libdrm's mode calls return -errno; its plain ioctls -1 with errno set.
int errorOf(int result) {
    return result < -1 ? -result : (errno != 0 ? errno : -result);
}

std::string connectorName(const drmModeConnector& c) {
    const char* type = drmModeGetConnectorTypeName(c.connector_type);
    return std::string(type ? type : "connector") + "-" + std::to_string(c.connector_type_id);
}

// HALLBOARD_DUMB_FAIL_AFTER=N: a test's way to make the panel refuse frames after the
// Nth (a number of at most 9 digits; anything else is ignored, and said so).
std::optional<unsigned long long> failAfter(std::ostream& log) {
    const char* text = std::getenv("HALLBOARD_DUMB_FAIL_AFTER");
    if (!text || !*text) return std::nullopt;
    std::string s = text;
    if (s.size() > 9 || s.find_first_not_of("0123456789") != std::string::npos) {
        log << "hallboard: dumb buffers: HALLBOARD_DUMB_FAIL_AFTER=" << s.substr(0, 20)
            << " is not a number of frames; ignored\n";
        return std::nullopt;
    }
    unsigned long long n = std::stoull(s);
    log << "hallboard: dumb buffers: HALLBOARD_DUMB_FAIL_AFTER=" << n << ": every frame after the " << n
        << (n == 1   ? "st"
            : n == 2 ? "nd"
            : n == 3 ? "rd"
                     : "th")
        << " is refused (a test)\n";
    return n;
}

}  // namespace

bool wantDumbPanel() {
    const char* off = std::getenv("HALLBOARD_DUMB_BUFFERS");
    if (off && std::strcmp(off, "0") == 0) return false;
    const char* driver = std::getenv("SDL_VIDEODRIVER");
    if (driver && *driver) return strcasecmp(driver, "kmsdrm") == 0;
    const char* x11 = std::getenv("DISPLAY");
    const char* wayland = std::getenv("WAYLAND_DISPLAY");
    return !(x11 && *x11) && !(wayland && *wayland);
}

std::unique_ptr<DumbPanel> DumbPanel::open(PanelTurn turn, std::ostream& log) {
    bool anyCard = false;
    for (int i = 0; i < 16; ++i) {
        std::string path = "/dev/dri/card" + std::to_string(i);
        int fd = ::open(path.c_str(), O_RDWR | O_CLOEXEC);
        if (fd < 0) {
            if (errno != ENOENT)
                log << "hallboard: dumb buffers: cannot open " << path << ": " << systemMessage(errno) << "\n";
            continue;
        }
        anyCard = true;
        std::unique_ptr<DumbPanel> panel(new DumbPanel(fd, log));
        panel->turn_ = turn;
        panel->failAfter_ = failAfter(log);
        if (panel->setUp(path)) return panel;
    }
    if (!anyCard) log << "hallboard: dumb buffers: no DRM card under /dev/dri\n";
    return nullptr;
}

namespace {

// The CRTC for a connector: the one its encoder drives now (the console's), else the
// first any of its encoders can drive; 0 when none can.
std::uint32_t crtcFor(int fd, const drmModeConnector& c, const drmModeRes& res) {
    std::uint32_t crtc = 0;
    if (c.encoder_id) {
        if (drmModeEncoder* e = drmModeGetEncoder(fd, c.encoder_id)) {
            crtc = e->crtc_id;
            drmModeFreeEncoder(e);
        }
    }
    for (int e = 0; e < c.count_encoders && !crtc; ++e) {
        drmModeEncoder* enc = drmModeGetEncoder(fd, c.encoders[e]);
        if (!enc) continue;
        for (int k = 0; k < res.count_crtcs && k < 32 && !crtc; ++k)
            if (enc->possible_crtcs & (1u << k)) crtc = res.crtcs[k];
        drmModeFreeEncoder(enc);
    }
    return crtc;
}

}  // namespace

// The first connected display with a mode this panel can use and a CRTC to drive it.
bool DumbPanel::chooseDisplay(const drmModeRes& res) {
    bool found = false;
    for (int i = 0; i < res.count_connectors && !found; ++i) {
        drmModeConnector* c = drmModeGetConnector(fd_, res.connectors[i]);
        if (!c) continue;
        if (c->connection == DRM_MODE_CONNECTED && c->count_modes > 0) {
            std::vector<PanelMode> modes;
            for (int m = 0; m < c->count_modes; ++m)
                modes.push_back({c->modes[m].hdisplay, c->modes[m].vdisplay, static_cast<int>(c->modes[m].vrefresh),
                                 (c->modes[m].type & DRM_MODE_TYPE_PREFERRED) != 0});
            std::optional<std::size_t> chosen = choosePanelMode(modes);
            std::uint32_t crtc = crtcFor(fd_, *c, res);
            if (chosen && crtc) {
                connector_ = c->connector_id;
                connectorName_ = connectorName(*c);
                mode_ = c->modes[*chosen];
                crtc_ = crtc;
                found = true;
            }
        }
        drmModeFreeConnector(c);
    }
    return found;
}

bool DumbPanel::setUp(const std::string& path) {
    path_ = path;
    auto fail = [&](const char* what, int error) {
        log_ << "hallboard: dumb buffers: " << path_ << ": " << what;
        if (error) log_ << ": " << systemMessage(error);
        log_ << "\n";
        return false;
    };
    std::uint64_t dumb = 0;
    errno = 0;
    if (int r = drmGetCap(fd_, DRM_CAP_DUMB_BUFFER, &dumb); r != 0)
        return fail("cannot ask for dumb buffers (DRM_CAP_DUMB_BUFFER)", errorOf(r));
    if (!dumb) return fail("the driver has no dumb buffers", 0);
    // Master (the right to set modes): the first to open a card has it; a display
    // server or another kiosk holding it makes this fail, and SDL's path takes over.
    errno = 0;
    if (!drmIsMaster(fd_)) {
        if (int r = drmSetMaster(fd_); r != 0)
            return fail("cannot become DRM master (another program drives the display?)", errorOf(r));
    }
    errno = 0;
    drmModeRes* res = drmModeGetResources(fd_);
    if (!res) return fail("cannot read its resources (drmModeGetResources)", errno);
    const bool found = chooseDisplay(*res);
    drmModeFreeResources(res);
    if (!found) return fail("no connected display with a mode and a CRTC", 0);
    saved_ = drmModeGetCrtc(fd_, crtc_);
    for (Buffer& b : buffers_)
        if (!makeBuffer(b)) return false;
    // The mode set now, on a black buffer, to know before SDL starts that the panel takes
    // it (a refusal here still leaves SDL's path); the first frame follows.
    int r = drmModeSetCrtc(fd_, crtc_, buffers_[0].fb, 0, 0, &connector_, 1, &mode_);
    if (r != 0) return fail("cannot set the mode (drmModeSetCrtc)", errorOf(r));
    front_ = 0;
    return true;
}

bool DumbPanel::makeBuffer(Buffer& b) {
    auto fail = [&](const char* what, int error) {
        log_ << "hallboard: dumb buffers: " << path_ << ": " << what << ": " << systemMessage(error) << "\n";
        return false;
    };
    drm_mode_create_dumb create{};
    create.width = mode_.hdisplay;
    create.height = mode_.vdisplay;
    create.bpp = 32;
    if (drmIoctl(fd_, DRM_IOCTL_MODE_CREATE_DUMB, &create) != 0) return fail("cannot create a dumb buffer", errno);
    b.handle = create.handle;
    b.pitch = create.pitch;
    b.size = create.size;
    if (b.pitch < static_cast<std::uint32_t>(mode_.hdisplay) * 4 ||
        b.size < static_cast<std::uint64_t>(b.pitch) * mode_.vdisplay)
        return fail("the driver gave a dumb buffer too small", EINVAL);
    if (int r = drmModeAddFB(fd_, mode_.hdisplay, mode_.vdisplay, 24, 32, b.pitch, b.handle, &b.fb); r != 0)
        return fail("cannot make a framebuffer of it (drmModeAddFB)", errorOf(r));
    drm_mode_map_dumb map{};
    map.handle = b.handle;
    if (drmIoctl(fd_, DRM_IOCTL_MODE_MAP_DUMB, &map) != 0)
        return fail("cannot map a dumb buffer (MODE_MAP_DUMB)", errno);
    void* p = ::mmap(nullptr, b.size, PROT_READ | PROT_WRITE, MAP_SHARED, fd_, static_cast<off_t>(map.offset));
    if (p == MAP_FAILED) return fail("cannot map a dumb buffer (mmap)", errno);
    b.map = static_cast<std::uint8_t*>(p);
    std::memset(b.map, 0, b.size);
    return true;
}

void DumbPanel::freeBuffer(Buffer& b) {
    if (b.map) ::munmap(b.map, b.size);
    if (b.fb) drmModeRmFB(fd_, b.fb);
    if (b.handle) {
        drm_mode_destroy_dumb destroy{};
        destroy.handle = b.handle;
        drmIoctl(fd_, DRM_IOCTL_MODE_DESTROY_DUMB, &destroy);
    }
    b = Buffer{};
}

DumbPanel::~DumbPanel() {
    if (flipPending_) waitForFlip(500);
    if (saved_ && front_ >= 0) {
        // The console's picture back on the panel (or the CRTC off as it was).
        int r = saved_->mode_valid ? drmModeSetCrtc(fd_, saved_->crtc_id, saved_->buffer_id, saved_->x, saved_->y,
                                                    &connector_, 1, &saved_->mode)
                                   : drmModeSetCrtc(fd_, saved_->crtc_id, 0, 0, 0, nullptr, 0, nullptr);
        if (r != 0)
            log_ << "hallboard: dumb buffers: cannot put the display back as it was: " << systemMessage(errorOf(r))
                 << "\n";
    }
    for (Buffer& b : buffers_) freeBuffer(b);
    if (saved_) drmModeFreeCrtc(saved_);
    if (fd_ >= 0) {
        drmDropMaster(fd_);
        ::close(fd_);
    }
}

std::string DumbPanel::describe() const {
    std::string s = path_ + " " + connectorName_ + " " + std::to_string(mode_.hdisplay) + "x" +
                    std::to_string(mode_.vdisplay) + "@" + std::to_string(mode_.vrefresh);
    if (turn_.degrees) s += ", the picture turned " + std::to_string(turn_.degrees) + " degrees clockwise";
    return s;
}

void DumbPanel::flipDone(int, unsigned int, unsigned int, unsigned int, void* data) {
    static_cast<DumbPanel*>(data)->flipPending_ = false;
}

bool DumbPanel::waitForFlip(int timeoutMs) {
    auto until = SDL_GetTicks64() + static_cast<Uint64>(timeoutMs);
    while (flipPending_) {
        Uint64 now = SDL_GetTicks64();
        if (now >= until) return false;
        pollfd p{fd_, POLLIN, 0};
        int n = ::poll(&p, 1, static_cast<int>(until - now));
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) {
            logOnce("waiting for a page flip (poll)", errno);
            return false;
        }
        if (n == 0) return false;
        drmEventContext context{};
        context.version = 2;
        context.page_flip_handler = &DumbPanel::flipDone;
        if (drmHandleEvent(fd_, &context) != 0) {
            logOnce("reading the page flip's event", errno);
            return false;
        }
    }
    return true;
}

void DumbPanel::logOnce(const std::string& what, int error) {
    std::string problem = what + ": " + systemMessage(error);
    if (problem == lastProblem_) return;
    lastProblem_ = problem;
    log_ << "hallboard: dumb buffers: " << problem << "\n";
}

bool DumbPanel::show(SDL_Surface* frame) {
    if (!frame || front_ < 0) return false;
    if (failAfter_ && shown_ >= *failAfter_) {
        logOnce("cannot show a frame (refused on purpose: HALLBOARD_DUMB_FAIL_AFTER)", EACCES);
        return false;
    }
    PixelOrder order;
    switch (frame->format->format) {
    case SDL_PIXELFORMAT_RGB888:
    case SDL_PIXELFORMAT_ARGB8888: order = PixelOrder::xrgb; break;
    case SDL_PIXELFORMAT_BGR888:
    case SDL_PIXELFORMAT_ABGR8888: order = PixelOrder::xbgr; break;
    default: {
        // Not SDL's usual window format: converted first (slower, but shown).
        SDL_Surface* converted = SDL_ConvertSurfaceFormat(frame, SDL_PIXELFORMAT_ARGB8888, 0);
        if (!converted) {
            logOnce(std::string("cannot convert the frame from ") + SDL_GetPixelFormatName(frame->format->format),
                    EINVAL);
            return false;
        }
        bool ok = show(converted);
        SDL_FreeSurface(converted);
        return ok;
    }
    }
    if (flipPending_ && !waitForFlip(1000)) {
        logOnce("a page flip did not complete within a second", ETIMEDOUT);
        flipPending_ = false;
    }
    const int back = front_ == 0 ? 1 : 0;
    Buffer& b = buffers_[back];
    if (SDL_MUSTLOCK(frame) && SDL_LockSurface(frame) != 0) return false;
    const PictureRows picture{static_cast<const std::uint8_t*>(frame->pixels),
                              static_cast<std::size_t>(frame->pitch),
                              {frame->w, frame->h},
                              order};
    bool copied = copyToPanel(picture, {b.map, b.pitch, panelSize()}, turn_);
    if (SDL_MUSTLOCK(frame)) SDL_UnlockSurface(frame);
    if (!copied) {
        logOnce("a frame of " + std::to_string(frame->w) + "x" + std::to_string(frame->h) + " cannot be copied",
                EINVAL);
        return false;
    }
    if (!putOnScreen(b)) return false;
    front_ = back;
    ++shown_;
    return true;
}

bool DumbPanel::putOnScreen(const Buffer& b) {
    if (flips_) {
        int r = drmModePageFlip(fd_, crtc_, b.fb, DRM_MODE_PAGE_FLIP_EVENT, this);
        if (r == 0) {
            flipPending_ = true;
            return true;
        }
        int error = errorOf(r);
        if (error != EBUSY) {
            // No flips here (or not now): a mode set a frame, which always works where the
            // first one did.
            logOnce("page flips refused (drmModePageFlip), setting the mode for each frame instead", error);
            flips_ = false;
        }
    }
    int r = drmModeSetCrtc(fd_, crtc_, b.fb, 0, 0, &connector_, 1, &mode_);
    if (r != 0) {
        logOnce("cannot show a frame (drmModeSetCrtc)", errorOf(r));
        return false;
    }
    return true;
}

}  // namespace hallboard::platform
