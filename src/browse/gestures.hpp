// Touch becomes gestures here, and only here: a finger (or the mouse's left button)
// going down, moving and lifting turns into a tap, a vertical drag with a flick speed at
// the end, or a horizontal swipe. Times are seconds on any steady clock.
#pragma once

#include <optional>
#include <vector>

namespace hallboard::browse {

struct Pointer {
    enum class Type { down, move, up, cancel };
    Type type = Type::down;
    float x = 0, y = 0;  // pixels
    double time = 0;     // seconds
};

struct Gesture {
    enum class Kind {
        press,      // a finger went down (the UI shows the target pressed; lists stop)
        tap,        // down and up again, hardly moved
        dragStart,  // moved past the slop vertically: a list scroll begins
        drag,       // `dy`: moved since the last drag event (positive: finger moved up)
        dragEnd,    // `velocity`: px/s of the finger at the end (positive: up), for a flick
        swipe,      // a quick horizontal stroke: `dx` < 0 to the left, > 0 to the right
    };
    Kind kind = Kind::tap;
    float x = 0, y = 0;  // where it started
    float dx = 0, dy = 0;
    float velocity = 0;
};

class GestureRecognizer {
public:
    // `unit`: the screen's size unit (1 on a 1080-pixel short side); slops scale with it.
    // `width`: the screen width; a swipe travels a share of it.
    GestureRecognizer(float unit, float width) : unit_(unit), width_(width) {}

    std::vector<Gesture> feed(const Pointer& p);
    bool down() const { return down_; }

private:
    enum class Mode { undecided, vertical, horizontal };
    float unit_, width_;
    bool down_ = false;
    Mode mode_ = Mode::undecided;
    float x0_ = 0, y0_ = 0, lastY_ = 0;
    double t0_ = 0;
    // Recent positions for the flick speed.
    struct Sample {
        float x, y;
        double t;
    };
    std::vector<Sample> recent_;

    float slop() const;  // how far a finger moves before it is more than a tap
    void fingerDown(const Pointer& p, std::vector<Gesture>& out);
    void fingerMoved(const Pointer& p, std::vector<Gesture>& out);
    void decideDirection(const Pointer& p, std::vector<Gesture>& out);
    void fingerLifted(const Pointer& p, std::vector<Gesture>& out);
    struct Velocity {
        float x, y;
    };                                          // px/s
    Velocity velocity(const Pointer& p) const;  // over the recent positions
    void endDrag(const Pointer& p, std::vector<Gesture>& out);
    void endSwipe(const Pointer& p, std::vector<Gesture>& out);
};

}  // namespace hallboard::browse
