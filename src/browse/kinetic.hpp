// Kinetic scrolling for lists a finger drags: the list follows the finger, keeps going
// after a flick and slows down by itself, and springs back when pulled past an end.
// Pure arithmetic over a time in seconds, so it is tested without a screen.
#pragma once

namespace hallboard::browse {

class Kinetic {
public:
    // How far the list can scroll: 0 .. max (content height minus view height); `before`
    // lets it rest that far before its start too (a list pulled down into reach), from
    // -before.
    void setRange(float max, float before = 0);
    float offset() const { return offset_; }
    float max() const { return max_; }
    float min() const { return min_; }
    bool held() const { return held_; }

    void grab();                   // a finger touches: stop any motion
    void dragBy(float delta);      // the finger moved by `delta` (positive: content up)
    void release(float velocity);  // the finger left, moving at `velocity` px/s
    void jumpTo(float offset);     // keyboard, "scroll now into view": no motion
    void scrollBy(float delta);    // mouse wheel: immediate, clamped

    // Advances the motion by `seconds`. Returns true while still moving.
    bool step(float seconds);
    bool moving() const;

private:
    float offset_ = 0, velocity_ = 0, max_ = 0, min_ = 0;
    bool held_ = false;
};

}  // namespace hallboard::browse
