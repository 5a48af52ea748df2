// See x11_dpms.hpp.
#include "platform/x11_dpms.hpp"

#include <dlfcn.h>

#include "base/text.hpp"

namespace hallboard::platform {

namespace {

// A library opened for the length of a question.
class Library {
public:
    explicit Library(const char* name) : handle_(::dlopen(name, RTLD_NOW | RTLD_LOCAL)) {}
    ~Library() {
        if (handle_) ::dlclose(handle_);
    }
    Library(const Library&) = delete;
    Library& operator=(const Library&) = delete;
    template <class F>
    F get(const char* symbol) const {
        return handle_ ? reinterpret_cast<F>(::dlsym(handle_, symbol)) : nullptr;
    }

private:
    void* handle_;
};

}  // namespace

const XDpms* XDpms::load() {
    static const XDpms api = [] {
        XDpms a;
        void* lib = ::dlopen("libXext.so.6", RTLD_NOW | RTLD_LOCAL);  // kept for the process
        if (!lib) return a;
        a.queryExtension_ = reinterpret_cast<QueryExtension>(::dlsym(lib, "DPMSQueryExtension"));
        a.capable_ = reinterpret_cast<Capable>(::dlsym(lib, "DPMSCapable"));
        a.enable_ = reinterpret_cast<Enable>(::dlsym(lib, "DPMSEnable"));
        a.forceLevel_ = reinterpret_cast<ForceLevel>(::dlsym(lib, "DPMSForceLevel"));
        a.info_ = reinterpret_cast<Info>(::dlsym(lib, "DPMSInfo"));
        return a;
    }();
    return api.queryExtension_ && api.capable_ && api.enable_ && api.forceLevel_ && api.info_ ? &api : nullptr;
}

XDpms::Can XDpms::can(void* display) const {
    int event = 0, error = 0;
    if (!queryExtension_(display, &event, &error)) return Can::noExtension;
    return capable_(display) ? Can::switchOff : Can::notCapable;
}

std::optional<unsigned short> XDpms::level(void* display) const {
    unsigned short power = 0;
    unsigned char enabled = 0;
    if (!info_(display, &power, &enabled)) return std::nullopt;
    return enabled ? power : kOn;
}

bool XDpms::set(void* display, bool on) const {
    unsigned short power = 0;
    unsigned char enabled = 0;
    if (info_(display, &power, &enabled) && !enabled) enable_(display);
    forceLevel_(display, on ? kOn : kOff);
    std::optional<unsigned short> now = level(display);
    return now && (*now == kOff) == !on;
}

std::string x11WhyNotOff(const std::string& display) {
    using Open = void* (*)(const char*);
    using Close = int (*)(void*);
    Library x11("libX11.so.6");
    auto open = x11.get<Open>("XOpenDisplay");
    auto close = x11.get<Close>("XCloseDisplay");
    if (!open || !close) return "libX11 cannot be loaded to ask the X server";
    const XDpms* dpms = XDpms::load();  // the kiosk's own questions
    if (!dpms) return "libXext's DPMS functions cannot be loaded";
    const std::string name = excerpt(display, 80);
    if (display.empty()) return "no X display to ask (DISPLAY is not set)";
    void* server = open(display.c_str());
    if (!server) return "the X display " + name + " cannot be opened";
    std::string why;
    switch (dpms->can(server)) {
    case XDpms::Can::noExtension:
        why = "the X server on " + name + " has no DPMS extension (Xvfb has none; Xorg on a real display has it)";
        break;
    case XDpms::Can::notCapable:
        why = "the X server on " + name + " cannot switch its display off (DPMS not capable)";
        break;
    case XDpms::Can::switchOff: break;
    }
    close(server);
    return why;
}

}  // namespace hallboard::platform
