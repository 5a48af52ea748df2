// Absolute pointers on kmsdrm. SDL 2.26's evdev input hands an absolute pointer's
// (QEMU's USB tablet, a touch controller that presents itself as a mouse) raw axis
// values on as the mouse position, unscaled ("FIXME: Normalize to input device's
// reported input range"), sets an axis that did not change in a report to 0, and once
// a value lies past the window's edge drops the window's mouse focus: taps landed at
// the top-left, or nowhere. Touch screens are not affected (SDL normalises their
// touches); neither are X11 and Wayland, whose servers map pointers.
//
// On kmsdrm, a mouse event from such a device gets its position from the device itself:
// its current ABS_X/ABS_Y (EVIOCGABS) scaled by its range (kiosk/screen_mapping.hpp).
// The device is the descriptor SDL names as the event's mouse (`which`, SDL's evdev
// descriptor), else the one absolute pointer found under /dev/input.
#pragma once

#include <chrono>

#include <optional>
#include <string>
#include <vector>

#include <SDL.h>
#include <imgui.h>

#include "kiosk/panel_geometry.hpp"
#include "kiosk/screen_mapping.hpp"

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
    // When the device pressed or released the button of the last button event corrected:
    // the kernel's time stamp of that transition (CLOCK_MONOTONIC, steady_clock's clock),
    // read from this object's own descriptor. SDL only stamps an event when the loop pumps
    // it: a release read after a long frame (1.6 s under TCG) made a 0.15 s tap a press.
    std::optional<std::chrono::steady_clock::time_point> pressedAt() const { return pressedAt_; }

private:
    struct Device {
        int fd = -1;
        bool own = false;        // opened here (closed here), not SDL's
        bool monotonic = false;  // its time stamps on CLOCK_MONOTONIC (EVIOCSCLOCKID)
        std::string name;
    };
    std::optional<Device> deviceFor(Uint32 which);
    int ownFor(int fd) const;
    void scan();

    bool active_ = false;
    std::optional<std::chrono::steady_clock::time_point> pressedAt_;
    std::vector<Device> found_;  // absolute pointers under /dev/input, opened read-only
};

// What an evdev descriptor is: an absolute pointer (ABS_X and ABS_Y with a usable
// range, a button, no touch), with its axes. Empty otherwise.
struct AbsoluteAxes {
    AxisRange x, y;
    int valueX = 0, valueY = 0;
};
std::optional<AbsoluteAxes> absoluteAxes(int fd);

// Reads evdev events from a non-blocking descriptor up to and including the first
// change of BTN_LEFT to `down`; its time stamp (the descriptor's clock), or empty when
// none is queued (what was read before it is consumed either way).
std::optional<std::chrono::steady_clock::time_point> readButtonChange(int fd, bool down);

// A panel the kiosk turns itself (display.rotate, `turn`): a touch (SDL's fractions of the
// device, so of the panel) or an absolute pointer's position already scaled to the panel's
// pixels (`pointerOnPanel`: AbsolutePointers::correct said so) goes back onto the
// `picture` (the kiosk's logical size), where its targets are. Nothing at 0 degrees.
void turnToPicture(SDL_Event& e, ImVec2 picture, PanelTurn turn, bool pointerOnPanel);

}  // namespace hallboard::platform
