// Absolute pointers on kmsdrm. SDL 2.26's evdev input hands an absolute pointer's
// (QEMU's USB tablet, a touch controller that presents itself as a mouse) raw axis
// values on as the mouse position, unscaled ("FIXME: Normalize to input device's
// reported input range"), sets an axis that did not change in a report to 0, and once
// a value lies past the window's edge drops the window's mouse focus: taps landed at
// the top-left, or nowhere. Touch screens are not affected (SDL normalises their
// touches); neither are X11 and Wayland, whose servers map pointers.
//
// On kmsdrm, a mouse event from such a device gets its position from the device itself:
// its current ABS_X/ABS_Y (EVIOCGABS) scaled by its range (core/screen_mapping.hpp).
// The device is the descriptor SDL names as the event's mouse (`which`, SDL's evdev
// descriptor), else the one absolute pointer found under /dev/input.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <SDL.h>
#include <imgui.h>

#include "core/screen_mapping.hpp"

namespace hallboard::platform {

class AbsolutePointers {
public:
    // Active on kmsdrm only (the current SDL video driver).
    AbsolutePointers();
    ~AbsolutePointers();
    AbsolutePointers(const AbsolutePointers&) = delete;
    AbsolutePointers& operator=(const AbsolutePointers&) = delete;

    bool active() const { return active_; }
    // Puts the device's own position, in pixels of a `size` screen, into a mouse event
    // (motion or button) from an absolute pointer; true when it did.
    bool correct(SDL_Event& e, ImVec2 size);
    // Names of the absolute pointers found (for the log).
    std::string describe() const;

private:
    struct Device {
        int fd = -1;
        bool own = false;  // opened here (closed here), not SDL's
        std::string name;
    };
    std::optional<Device> deviceFor(Uint32 which);
    void scan();

    bool active_ = false;
    std::vector<Device> found_;  // absolute pointers under /dev/input, opened read-only
};

// What an evdev descriptor is: an absolute pointer (ABS_X and ABS_Y with a usable
// range, a button, no touch), with its axes. Empty otherwise.
struct AbsoluteAxes {
    AxisRange x, y;
    int valueX = 0, valueY = 0;
};
std::optional<AbsoluteAxes> absoluteAxes(int fd);

}  // namespace hallboard::platform
