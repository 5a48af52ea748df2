// See absolute_pointer.hpp.
#include "platform/absolute_pointer.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <linux/input.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <climits>
#include <cstring>
#include <ctime>

namespace hallboard::platform {

namespace {

template <std::size_t N>
bool bit(const std::array<unsigned long, N>& bits, unsigned n) {
    constexpr unsigned kBits = sizeof(unsigned long) * CHAR_BIT;
    return n / kBits < N && (bits[n / kBits] >> (n % kBits)) & 1UL;
}

constexpr std::size_t words(unsigned count) {
    return (count + sizeof(unsigned long) * CHAR_BIT - 1) / (sizeof(unsigned long) * CHAR_BIT);
}

std::string deviceName(int fd) {
    char name[128] = {};
    if (::ioctl(fd, EVIOCGNAME(sizeof name - 1), name) < 0) return "?";
    return name;
}

// The descriptor's target, when it is an input event device.
bool isEventDevice(int fd) {
    char link[64];
    std::string path = "/proc/self/fd/" + std::to_string(fd);
    ssize_t n = ::readlink(path.c_str(), link, sizeof link - 1);
    if (n <= 0) return false;
    link[n] = '\0';
    return std::strncmp(link, "/dev/input/event", 16) == 0;
}

}  // namespace

std::optional<AbsoluteAxes> absoluteAxes(int fd) {
    std::array<unsigned long, words(EV_CNT)> types{};
    std::array<unsigned long, words(ABS_CNT)> abs{};
    std::array<unsigned long, words(KEY_CNT)> keys{};
    if (::ioctl(fd, EVIOCGBIT(0, sizeof types), types.data()) < 0) return std::nullopt;
    if (!bit(types, EV_ABS) || !bit(types, EV_KEY)) return std::nullopt;
    if (::ioctl(fd, EVIOCGBIT(EV_ABS, sizeof abs), abs.data()) < 0 || !bit(abs, ABS_X) || !bit(abs, ABS_Y))
        return std::nullopt;
    if (::ioctl(fd, EVIOCGBIT(EV_KEY, sizeof keys), keys.data()) < 0) return std::nullopt;
    // A touch screen (BTN_TOUCH) is SDL's touch device, normalised there; a pointer has a button.
    if (bit(keys, BTN_TOUCH) || !bit(keys, BTN_LEFT)) return std::nullopt;
    input_absinfo x{}, y{};
    if (::ioctl(fd, EVIOCGABS(ABS_X), &x) < 0 || ::ioctl(fd, EVIOCGABS(ABS_Y), &y) < 0) return std::nullopt;
    AbsoluteAxes a{{x.minimum, x.maximum}, {y.minimum, y.maximum}, x.value, y.value};
    if (!a.x.usable() || !a.y.usable()) return std::nullopt;
    return a;
}

std::optional<std::chrono::steady_clock::time_point> readButtonChange(int fd, bool down) {
    input_event ev{};
    // One event a read: a release queued behind the press stays for the next call.
    while (::read(fd, &ev, sizeof ev) == static_cast<ssize_t>(sizeof ev)) {
        if (ev.type != EV_KEY || ev.code != BTN_LEFT || (ev.value != 0) != down || ev.value == 2) continue;
        auto since = std::chrono::seconds{ev.input_event_sec} + std::chrono::microseconds{ev.input_event_usec};
        return std::chrono::steady_clock::time_point{
            std::chrono::duration_cast<std::chrono::steady_clock::duration>(since)};
    }
    return std::nullopt;
}

AbsolutePointers::AbsolutePointers() {
    const char* driver = SDL_GetCurrentVideoDriver();
    // SDL calls it "KMSDRM"; "evdev" reads the same devices the same way (DRM dumb buffers).
    active_ = driver && (SDL_strcasecmp(driver, "kmsdrm") == 0 || SDL_strcasecmp(driver, "evdev") == 0);
    if (active_) scan();
}

AbsolutePointers::~AbsolutePointers() {
    for (const Device& d : found_)
        if (d.own) ::close(d.fd);
}

void AbsolutePointers::scan() {
    DIR* dir = ::opendir("/dev/input");
    if (!dir) return;
    while (const dirent* entry = ::readdir(dir)) {
        if (std::strncmp(entry->d_name, "event", 5) != 0) continue;
        std::string path = std::string("/dev/input/") + entry->d_name;
        int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
        if (fd < 0) continue;
        if (absoluteAxes(fd)) {
            int clock = CLOCK_MONOTONIC;
            bool monotonic = ::ioctl(fd, EVIOCSCLOCKID, &clock) == 0;
            found_.push_back({fd, true, monotonic, deviceName(fd) + " (" + path + ")"});
        } else
            ::close(fd);
    }
    ::closedir(dir);
}

std::string AbsolutePointers::describe() const {
    std::string text;
    for (const Device& d : found_) text += (text.empty() ? "" : ", ") + d.name;
    return text;
}

std::optional<AbsolutePointers::Device> AbsolutePointers::deviceFor(Uint32 which) {
    // SDL's evdev names the device's descriptor as the mouse.
    int fd = static_cast<int>(which);
    if (which > 0 && which < 65536 && isEventDevice(fd) && absoluteAxes(fd)) return Device{fd, false, false, {}};
    if (which > 0 && which < 65536 && isEventDevice(fd)) return std::nullopt;  // a relative mouse
    if (found_.size() == 1) return found_.front();  // SDL gave no descriptor: the one there is
    return std::nullopt;
}

int AbsolutePointers::ownFor(int fd) const {
    // The same device opened here (SDL's descriptor is SDL's to read).
    struct stat theirs {};
    if (::fstat(fd, &theirs) != 0) return -1;
    for (const Device& d : found_) {
        struct stat mine {};
        if (d.monotonic && ::fstat(d.fd, &mine) == 0 && mine.st_rdev == theirs.st_rdev) return d.fd;
    }
    return -1;
}

bool AbsolutePointers::correct(SDL_Event& e, ImVec2 size) {
    pressedAt_.reset();
    if (!active_) return false;
    Sint32* x = nullptr;
    Sint32* y = nullptr;
    Uint32 which = 0;
    switch (e.type) {
    case SDL_MOUSEMOTION: x = &e.motion.x, y = &e.motion.y, which = e.motion.which; break;
    case SDL_MOUSEBUTTONDOWN:
    case SDL_MOUSEBUTTONUP: x = &e.button.x, y = &e.button.y, which = e.button.which; break;
    default: return false;
    }
    if (which == SDL_TOUCH_MOUSEID) return false;  // a touch SDL already placed
    auto device = deviceFor(which);
    if (!device) return false;
    auto axes = absoluteAxes(device->fd);
    if (!axes) return false;
    if (e.type != SDL_MOUSEMOTION) {
        int own = device->own ? (device->monotonic ? device->fd : -1) : ownFor(device->fd);
        if (own >= 0) pressedAt_ = readButtonChange(own, e.type == SDL_MOUSEBUTTONDOWN);
    }
    auto px = absoluteToPixel(axes->valueX, axes->x, static_cast<int>(size.x));
    auto py = absoluteToPixel(axes->valueY, axes->y, static_cast<int>(size.y));
    if (!px || !py) return false;
    *x = static_cast<Sint32>(*px + 0.5f);
    *y = static_cast<Sint32>(*py + 0.5f);
    return true;
}

void turnToPicture(SDL_Event& e, ImVec2 picture, PanelTurn turn, bool pointerOnPanel) {
    if (turn.degrees == 0) return;
    const PixelSize logical{static_cast<int>(picture.x), static_cast<int>(picture.y)};
    const PixelSize panel = logicalSize(logical, turn);
    auto back = [&](Sint32& x, Sint32& y) {
        PointF p = panelToPicture({static_cast<float>(x) + 0.5f, static_cast<float>(y) + 0.5f}, logical, turn);
        x = std::clamp(static_cast<Sint32>(p.x), 0, std::max(0, logical.width - 1));
        y = std::clamp(static_cast<Sint32>(p.y), 0, std::max(0, logical.height - 1));
    };
    switch (e.type) {
    case SDL_MOUSEMOTION:
        if (pointerOnPanel) back(e.motion.x, e.motion.y);
        break;
    case SDL_MOUSEBUTTONDOWN:
    case SDL_MOUSEBUTTONUP:
        if (pointerOnPanel) back(e.button.x, e.button.y);
        break;
    case SDL_FINGERDOWN:
    case SDL_FINGERUP:
    case SDL_FINGERMOTION: {
        // SDL gives a touch as fractions of the device's range: of the panel.
        auto at = [&](float fx, float fy) {
            return panelToPicture({fx * static_cast<float>(panel.width), fy * static_cast<float>(panel.height)},
                                  logical, turn);
        };
        PointF p = at(e.tfinger.x, e.tfinger.y);
        PointF moved = at(e.tfinger.x + e.tfinger.dx, e.tfinger.y + e.tfinger.dy);
        const float w = static_cast<float>(logical.width), h = static_cast<float>(logical.height);
        e.tfinger.x = p.x / w;
        e.tfinger.y = p.y / h;
        e.tfinger.dx = (moved.x - p.x) / w;
        e.tfinger.dy = (moved.y - p.y) / h;
        break;
    }
    default: break;
    }
}

}  // namespace hallboard::platform
