// Slides: image or text pages in the rotation (a sponsor, the Wi-Fi and the code of
// conduct, the lunch menu), each shown only inside its time window, on its days and in
// its daily hours (dayparting: the lunch menu only at noon). Configured as rotation
// pages in the kiosk's config (docs/configuration.md, "Slides"):
//
//   { "page": "slide", "image": "../assets/slides/sponsor.png", "fit": "contain",
//     "background": "#10233f", "days": ["2021-04-06", "wed"],
//     "daily": { "from": "11:30", "until": "14:00" }, "seconds": 10 }
//
// The model, its validation and its time rules live here, with no SDL and no ImGui; the
// image itself is checked and decoded by the platform (platform/image_file.hpp) and a
// slide whose image is refused is left out of the rotation (ui/page_slide.cpp).
#pragma once

#include <array>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "base/json_reader.hpp"
#include "model/program.hpp"
#include "base/time.hpp"

namespace hallboard {

inline constexpr std::size_t kMaxSlideTitle = 120, kMaxSlideText = 800;

enum class SlideFit {
    contain,  // the whole picture, letterboxed on the background colour: nothing cropped
    cover,    // fills the page, cropped around `focus`
};

struct SlideConfig {
    std::string image;        // resolved path; empty: a text slide
    std::string title, text;  // a text slide (a caption under nothing else)
    SlideFit fit = SlideFit::contain;
    std::array<double, 2> focus{0.5, 0.5};  // 0..1 across and down: what cover keeps
    std::optional<Color> background;        // none: the theme's background
    // The window, in conference wall time (or with an offset); open when absent.
    std::optional<ParsedTime> from, until;
    std::vector<LocalDay> dates;  // shown only on these dates ...
    std::vector<int> weekdays;    // ... or these weekdays (0 Sunday .. 6 Saturday); both empty: every day
    // Daily hours (time of day in the conference's zone); `from` after `until` runs past
    // midnight. Absent: all day.
    std::optional<std::pair<Duration, Duration>> daily;

    bool isText() const { return image.empty(); }
};

// Reads the slide fields of rotation page `obj` (its "page" is "slide"). Paths are
// resolved by `resolvePath` (relative to the config file). Throws InputError naming the
// JSON path and what was expected; keys it does not know are left for obj.finish().
SlideConfig readSlide(ObjectReader& obj, const std::function<std::string(const std::string&)>& resolvePath);

// Whether the slide shows at `t`: inside from/until, on one of its days, inside its
// daily hours; all in the conference's zone.
bool slideShownAt(const SlideConfig& slide, const TimeZone& zone, Instant t);

// Where a picture of `image` pixels (across, down) goes in a box of `box`: `dest` (in
// box coordinates, may be smaller than the box for contain) and the part of the picture
// shown (`uv0`, `uv1` in 0..1). Contain shows all of it, centred; cover fills the box and
// crops what does not fit, keeping `focus` in view and as near the middle as the picture
// allows.
struct SlidePlacement {
    double x = 0, y = 0, w = 0, h = 0;
    double u0 = 0, v0 = 0, u1 = 1, v1 = 1;
};
SlidePlacement placeSlideImage(std::array<int, 2> image, std::array<double, 2> box, SlideFit fit,
                               std::array<double, 2> focus);

// How many times a picture of `imageW` x `imageH` is enlarged to fill a slide on a screen
// of `screenW` x `screenH` (the page band between header and footer is about three
// quarters of the height); 1 or less: not enlarged. Past 2x a photo or a logo looks
// blurred from the hallway, and `hallboard check` says so with the size that would not.
struct SlideEnlargement {
    double factor = 1;
    int sharpW = 0, sharpH = 0;  // the picture's size at which it is no longer enlarged
};
SlideEnlargement slideEnlargement(const SlideConfig& slide, int imageW, int imageH, int screenW, int screenH);

// "sponsor.png", "Wi-Fi and code of conduct": a few words for `hallboard rotation`.
std::string describeSlide(const SlideConfig& slide);

}  // namespace hallboard
