// See x11_display.hpp.
#include "cli/x11_display.hpp"

#include <dlfcn.h>

#include "base/text.hpp"

namespace hallboard {

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

std::string x11WhyNotOff(const std::string& display) {
    // The X types are opaque here: a Display is only passed back to the library.
    using Open = void* (*)(const char*);
    using Close = int (*)(void*);
    using QueryExtension = int (*)(void*, int*, int*);
    using Capable = int (*)(void*);
    Library x11("libX11.so.6"), xext("libXext.so.6");
    auto open = x11.get<Open>("XOpenDisplay");
    auto close = x11.get<Close>("XCloseDisplay");
    auto query = xext.get<QueryExtension>("DPMSQueryExtension");
    auto capable = xext.get<Capable>("DPMSCapable");
    if (!open || !close) return "libX11 cannot be loaded to ask the X server";
    if (!query || !capable) return "libXext's DPMS functions cannot be loaded";
    const std::string name = excerpt(display, 80);
    if (display.empty()) return "no X display to ask (DISPLAY is not set)";
    void* server = open(display.c_str());
    if (!server) return "the X display " + name + " cannot be opened";
    int event = 0, error = 0;
    std::string why;
    if (!query(server, &event, &error))
        why = "the X server on " + name + " has no DPMS extension (Xvfb has none; Xorg on a real display has it)";
    else if (!capable(server))
        why = "the X server on " + name + " cannot switch its display off (DPMS not capable)";
    close(server);
    return why;
}

}  // namespace hallboard
