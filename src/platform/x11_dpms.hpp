// The X server's DPMS extension through libXext, opened at run time: a kiosk on KMS and
// the windowless commands link no X library (under X11 SDL itself has it loaded). Used
// by the kiosk's X11 panel power (platform/panel.cpp) and by `hallboard check`
// (x11WhyNotOff below), which ask the same questions of the server.
// The X types are opaque here: a Display is only passed back to the library.
#pragma once

#include <optional>
#include <string>

namespace hallboard::platform {

class XDpms {
public:
    // The functions, once a process; null when libXext or one of them cannot be loaded.
    static const XDpms* load();

    enum class Can { noExtension, notCapable, switchOff };
    // Whether the server on `display` can switch its display off: it has the extension
    // (Xvfb has none) and says it is capable.
    Can can(void* display) const;
    // The server's level now: DPMSModeOn (0) while DPMS is disabled, else what it says
    // (3: off); none when it cannot say.
    static constexpr unsigned short kOn = 0, kOff = 3;  // X11/extensions/dpmsconst.h
    std::optional<unsigned short> level(void* display) const;
    // Asks for the display on or off (enabling DPMS in the server first, as `xset +dpms`:
    // forcing a level needs it), then asks what the level is: a round trip, so the
    // request was carried out. True when the server confirms it.
    bool set(void* display, bool on) const;

private:
    using QueryExtension = int (*)(void*, int*, int*);
    using Capable = int (*)(void*);
    using Enable = int (*)(void*);
    using ForceLevel = int (*)(void*, unsigned short);
    using Info = int (*)(void*, unsigned short*, unsigned char*);
    QueryExtension queryExtension_ = nullptr;
    Capable capable_ = nullptr;
    Enable enable_ = nullptr;
    ForceLevel forceLevel_ = nullptr;
    Info info_ = nullptr;
};

// For `hallboard check --config` under X11 (no window of its own): empty when the X
// server on `display` (as $DISPLAY names it) can switch its display off, else why not:
// "the X server on :99 has no DPMS extension (…)", "the X display :0 cannot be opened".
// libX11 is opened for the question and closed after it.
std::string x11WhyNotOff(const std::string& display);

}  // namespace hallboard::platform
