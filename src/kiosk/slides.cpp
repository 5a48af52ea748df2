// See slides.hpp.
#include "kiosk/slides.hpp"

#include <algorithm>
#include <cmath>
#include <filesystem>

#include "base/text.hpp"

namespace hallboard {

namespace {

constexpr const char* kWeekdays[] = {"sun", "mon", "tue", "wed", "thu", "fri", "sat"};
constexpr const char* kLongWeekdays[] = {"sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"};

std::optional<int> parseWeekday(std::string_view text) {
    std::string lower;
    for (char ch : text) lower += static_cast<char>(ch >= 'A' && ch <= 'Z' ? ch - 'A' + 'a' : ch);
    for (int i = 0; i < 7; ++i)
        if (lower == kWeekdays[i] || lower == kLongWeekdays[i]) return i;
    return std::nullopt;
}

std::optional<ParsedTime> wallTime(ObjectReader& obj, const char* key) {
    std::string text = trim(obj.string(key));
    if (text.empty()) return std::nullopt;
    if (std::string year = yearProblem(text); !year.empty()) throw InputError(obj.pathOf(key), year);
    auto parsed = parseTimestamp(text);
    if (!parsed)
        throw InputError(obj.pathOf(key), "expected a time like \"2021-04-06T12:00\" (conference time), found \"" +
                                              excerpt(text) + "\"");
    return parsed;
}

Duration timeOfDay(ObjectReader& obj, const char* key) {
    std::string text = trim(obj.requiredString(key, "a time of day like \"11:30\""));
    auto t = parseDuration(text);
    if (!t || *t >= std::chrono::hours{24} || text.find(':') == std::string::npos)
        throw InputError(obj.pathOf(key), "expected a time of day like \"11:30\", found \"" + excerpt(text) + "\"");
    return *t;
}

std::size_t codePoints(std::string_view text) {
    return static_cast<std::size_t>(std::count_if(
        text.begin(), text.end(), [](char ch) { return (static_cast<unsigned char>(ch) & 0xC0) != 0x80; }));
}

std::string boundedText(ObjectReader& obj, const char* key, std::size_t maxChars) {
    std::string text = trim(obj.string(key));
    if (text.size() > maxChars * 4 || codePoints(text) > maxChars)
        throw InputError(obj.pathOf(key), "too long for a slide read from across a hall: at most " +
                                              std::to_string(maxChars) + " characters");
    return text;
}

}  // namespace

SlideConfig readSlide(ObjectReader& obj, const std::function<std::string(const std::string&)>& resolvePath) {
    SlideConfig s;
    if (std::string image = trim(obj.string("image")); !image.empty()) s.image = resolvePath(image);
    s.title = boundedText(obj, "title", kMaxSlideTitle);
    s.text = boundedText(obj, "text", kMaxSlideText);
    if (s.image.empty() && s.title.empty() && s.text.empty())
        throw InputError(obj.path(), "a slide needs \"image\" (a PNG or JPEG file) or \"title\" and \"text\"");
    std::string fit = obj.string("fit", "contain");
    if (fit == "contain")
        s.fit = SlideFit::contain;
    else if (fit == "cover")
        s.fit = SlideFit::cover;
    else
        throw InputError(obj.pathOf("fit"), "expected \"contain\" or \"cover\", found \"" + excerpt(fit) + "\"");
    if (const Json* focus = obj.find("focus")) {
        if (!focus->is_array() || focus->size() != 2 || !(*focus)[0].is_number() || !(*focus)[1].is_number())
            throw InputError(obj.pathOf("focus"), "expected [x, y], each from 0 (left, top) to 1 (right, bottom)");
        for (std::size_t i = 0; i < 2; ++i) {
            double v = (*focus)[i].get<double>();
            if (!(v >= 0.0 && v <= 1.0))
                throw InputError(obj.pathOf("focus") + "/" + std::to_string(i),
                                 "expected a number from 0 to 1, found " + focus->at(i).dump());
            s.focus[i] = v;
        }
    }
    if (std::string bg = obj.string("background"); !bg.empty()) {
        s.background = Color::parse(bg);
        if (!s.background)
            throw InputError(obj.pathOf("background"),
                             "expected a colour like \"#1b3a6b\", found \"" + excerpt(bg) + "\"");
    }
    s.from = wallTime(obj, "from");
    s.until = wallTime(obj, "until");
    // Both without an offset (the usual case) can be compared as written.
    if (s.from && s.until && !s.from->offset && !s.until->offset && s.until->local <= s.from->local)
        throw InputError(obj.pathOf("until"), "must be after \"from\"");
    std::vector<std::string> days = obj.stringList("days");
    for (std::size_t i = 0; i < days.size(); ++i) {
        std::string day = trim(days[i]);
        if (auto w = parseWeekday(day))
            s.weekdays.push_back(*w);
        else if (auto d = parseDate(day))
            s.dates.push_back(*d);
        else
            throw InputError(obj.pathOf("days") + "/" + std::to_string(i),
                             "expected a date like \"2021-04-06\" or a weekday like \"tue\", found \"" + excerpt(day) +
                                 "\"");
    }
    if (const Json* daily = obj.find("daily")) {
        ObjectReader d(*daily, obj.pathOf("daily"), obj.diagnostics());
        Duration from = timeOfDay(d, "from"), until = timeOfDay(d, "until");
        if (from == until) throw InputError(d.pathOf("until"), "the same as \"from\": the slide would never show");
        s.daily = std::make_pair(from, until);
        d.finish();
    }
    return s;
}

bool slideShownAt(const SlideConfig& slide, const TimeZone& zone, Instant t) {
    if (slide.from && t < resolve(*slide.from, zone)) return false;
    if (slide.until && t >= resolve(*slide.until, zone)) return false;
    LocalTime local = zone.toLocal(t);
    LocalDay day = date::floor<date::days>(local);
    if (!slide.dates.empty() || !slide.weekdays.empty()) {
        int weekday = static_cast<int>(date::weekday{day}.c_encoding());
        bool onDate = std::find(slide.dates.begin(), slide.dates.end(), day) != slide.dates.end();
        bool onWeekday = std::find(slide.weekdays.begin(), slide.weekdays.end(), weekday) != slide.weekdays.end();
        if (!onDate && !onWeekday) return false;
    }
    if (slide.daily) {
        Duration now = std::chrono::floor<Duration>(local - day);
        auto [from, until] = *slide.daily;
        bool inside = from < until ? (now >= from && now < until) : (now >= from || now < until);
        if (!inside) return false;
    }
    return true;
}

SlidePlacement placeSlideImage(std::array<int, 2> image, std::array<double, 2> box, SlideFit fit,
                               std::array<double, 2> focus) {
    const auto [imageW, imageH] = image;
    const auto [boxW, boxH] = box;
    SlidePlacement p;
    if (imageW <= 0 || imageH <= 0 || boxW <= 0 || boxH <= 0) return p;
    double iw = imageW, ih = imageH;
    if (fit == SlideFit::contain) {
        double scale = std::min(boxW / iw, boxH / ih);
        p.w = iw * scale;
        p.h = ih * scale;
        p.x = (boxW - p.w) / 2;
        p.y = (boxH - p.h) / 2;
        return p;
    }
    // Cover: the picture scaled to fill the box; the window onto it (in picture units)
    // is the box's shape, centred on the focus as far as the picture's edges allow.
    double scale = std::max(boxW / iw, boxH / ih);
    double viewW = boxW / scale / iw, viewH = boxH / scale / ih;  // fractions of the picture
    auto place = [](double focusAt, double view) { return std::clamp(focusAt - view / 2, 0.0, 1.0 - view); };
    p.w = boxW;
    p.h = boxH;
    p.u0 = place(focus[0], viewW);
    p.v0 = place(focus[1], viewH);
    p.u1 = p.u0 + viewW;
    p.v1 = p.v0 + viewH;
    return p;
}

SlideEnlargement slideEnlargement(const SlideConfig& slide, int imageW, int imageH, int screenW, int screenH) {
    SlideEnlargement e;
    if (imageW <= 0 || imageH <= 0 || screenW <= 0 || screenH <= 0) return e;
    double boxW = screenW, boxH = std::round(screenH * 0.75);
    SlidePlacement p = placeSlideImage({imageW, imageH}, {boxW, boxH}, slide.fit, slide.focus);
    // Pixels of the screen per pixel of the picture shown.
    e.factor = p.w / (static_cast<double>(imageW) * (p.u1 - p.u0));
    e.sharpW = static_cast<int>(std::ceil(imageW * e.factor));
    e.sharpH = static_cast<int>(std::ceil(imageH * e.factor));
    return e;
}

std::string describeSlide(const SlideConfig& slide) {
    if (!slide.isText()) return std::filesystem::path(slide.image).filename().string();
    return excerpt(slide.title.empty() ? slide.text : slide.title, 60);
}

}  // namespace hallboard
