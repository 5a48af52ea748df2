// The kiosk's own reading of an absolute pointer's button (platform/absolute_pointer.hpp).
// In the virtual Pi a QMP tap (press, release 0.15 s later) never opened the browser: the
// kiosk drew a frame after the press (1.6 s under TCG) and only then pumped the release,
// so the press lasted 1.6 s by the loop's clock, more than a tap's 0.8 s. The kernel's
// time stamps say when the button really changed.
#include <catch2/catch.hpp>

#include <fcntl.h>
#include <linux/input.h>
#include <unistd.h>

#include <chrono>
#include <vector>

#include "platform/absolute_pointer.hpp"

using namespace hallboard::platform;

namespace {

input_event ev(long sec, long usec, int type, int code, int value) {
    input_event e{};
    e.input_event_sec = sec;
    e.input_event_usec = usec;
    e.type = static_cast<__u16>(type);
    e.code = static_cast<__u16>(code);
    e.value = value;
    return e;
}

double secondsOf(std::chrono::steady_clock::time_point t) {
    return std::chrono::duration<double>(t.time_since_epoch()).count();
}

}  // namespace

TEST_CASE(
    "the kiosk takes an absolute pointer's press and release times from the device, not from when it reads them") {
    int fds[2];
    REQUIRE(::pipe2(fds, O_NONBLOCK | O_CLOEXEC) == 0);
    // What QEMU's USB tablet sent for a tap (read from the guest's /dev/input/event2).
    std::vector<input_event> events{
        ev(100, 388416, EV_ABS, ABS_X, 32767),      ev(100, 388416, EV_ABS, ABS_Y, 32767),
        ev(100, 388416, EV_SYN, SYN_REPORT, 0),     ev(100, 406930, EV_MSC, MSC_SCAN, 0x90001),
        ev(100, 406930, EV_KEY, BTN_LEFT, 1),       ev(100, 406930, EV_SYN, SYN_REPORT, 0),
        ev(100, 566134, EV_MSC, MSC_SCAN, 0x90001), ev(100, 566134, EV_KEY, BTN_LEFT, 0),
        ev(100, 566134, EV_SYN, SYN_REPORT, 0)};
    REQUIRE(::write(fds[1], events.data(), events.size() * sizeof(input_event)) ==
            static_cast<ssize_t>(events.size() * sizeof(input_event)));
    // Both queued when the press is read (a late pump): the release stays for its own event.
    auto down = readButtonChange(fds[0], true);
    REQUIRE(down);
    CHECK(secondsOf(*down) == Approx(100.406930).epsilon(1e-12));
    auto up = readButtonChange(fds[0], false);
    REQUIRE(up);
    CHECK(secondsOf(*up) == Approx(100.566134).epsilon(1e-12));
    CHECK(secondsOf(*up) - secondsOf(*down) < 0.8);  // a tap, however late the loop reads it
    CHECK_FALSE(readButtonChange(fds[0], true));     // nothing more queued
    // A release SDL reports when none is queued here (read already, or dropped): no time.
    CHECK_FALSE(readButtonChange(fds[0], false));
    ::close(fds[0]);
    ::close(fds[1]);
}

TEST_CASE("on a panel turned a quarter clockwise, a tap goes back onto the portrait picture's target") {
    const ImVec2 picture{720, 1280};  // the kiosk's layout; the panel is 1280x720
    // A tablet's press scaled to the panel near its top-right corner: the picture's top-left.
    SDL_Event press{};
    press.type = SDL_MOUSEBUTTONDOWN;
    press.button.x = 1270;
    press.button.y = 5;
    turnToPicture(press, picture, hallboard::PanelTurn{90}, true);
    CHECK(press.button.x == 5);
    CHECK(press.button.y == 9);
    // The panel's bottom-left corner: the picture's bottom-right.
    SDL_Event motion{};
    motion.type = SDL_MOUSEMOTION;
    motion.motion.x = 0;
    motion.motion.y = 719;
    turnToPicture(motion, picture, hallboard::PanelTurn{90}, true);
    CHECK(motion.motion.x == 719);
    CHECK(motion.motion.y == 1279);
    // A touch (fractions of the panel) a quarter from the panel's left, at its middle.
    SDL_Event finger{};
    finger.type = SDL_FINGERDOWN;
    finger.tfinger.x = 0.25f;
    finger.tfinger.y = 0.5f;
    turnToPicture(finger, picture, hallboard::PanelTurn{90}, false);
    CHECK(finger.tfinger.x == Approx(0.5f));
    CHECK(finger.tfinger.y == Approx(0.75f));
    // A relative mouse (not placed on the panel) and an unturned panel stay as they are.
    SDL_Event relative = press;
    relative.button.x = 100;
    turnToPicture(relative, picture, hallboard::PanelTurn{90}, false);
    CHECK(relative.button.x == 100);
    SDL_Event flat = press;
    turnToPicture(flat, {1280, 720}, hallboard::PanelTurn{0}, true);
    CHECK(flat.button.x == press.button.x);
    // Upside down: the panel's top-left is the picture's bottom-right.
    SDL_Event upside{};
    upside.type = SDL_MOUSEBUTTONUP;
    turnToPicture(upside, {1280, 720}, hallboard::PanelTurn{180}, true);
    CHECK(upside.button.x == 1279);
    CHECK(upside.button.y == 719);
}
