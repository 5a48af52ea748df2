// What the UI needs from the platform, as two small interfaces: the text engine (every
// string on screen: shaped by HarfBuzz, in bidi order, with font fallback per run) and
// images (photos, logo). The platform layer implements them with SDL; tests use simple
// stand-ins.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <imgui.h>

#include "base/unicode_text.hpp"

namespace hallboard::ui {

enum class Weight { regular, bold };
// The two typefaces: running text, and display type for titles, names and the clock.
enum class Face { text, display };

// The type a line is set in: its size in pixels, weight and face.
struct Font {
    float px = 0;
    Weight weight = Weight::regular;
    Face face = Face::text;
};

// Where and in what colour a line is drawn: the top-left of its em box at `pos` in
// `list`; `color` carries the alpha of fades.
struct Pen {
    ImDrawList* list = nullptr;
    ImVec2 pos;
    ImU32 color = 0;
};

class TextEngine {
public:
    virtual ~TextEngine() = default;
    // Width in pixels of one line, with font fallback for every character.
    virtual float measure(std::string_view line, const Font& font) = 0;
    // Draws one line, its runs in visual order for a paragraph of direction `paragraph`.
    virtual void draw(const Pen& pen, std::string_view line, const Font& font, Direction paragraph) = 0;
    // Where the bytes [begin, end) of the line are drawn, as x ranges from the line's left
    // edge, left to right: one range, or several when the bytes cross a change of
    // direction. By default measured from the left (a left-to-right line).
    virtual std::vector<std::pair<float, float>> spans(std::string_view line, std::size_t begin, std::size_t end,
                                                       const Font& font, Direction paragraph) {
        (void)paragraph;
        float x0 = measure(line.substr(0, begin), font);
        return {{x0, x0 + measure(line.substr(begin, end - begin), font)}};
    }
};

struct Image {
    ImTextureID texture = nullptr;
    int width = 0, height = 0;
};

class Images {
public:
    virtual ~Images() = default;
    // The picture, kept at about the size it is drawn at: `drawnSize` is the box in
    // pixels it must cover (0 in one direction: decided by the other). Empty while it is
    // being read in the background, and when the file is missing, unreadable or refused
    // (reported once by the platform): the caller draws its placeholder.
    virtual std::optional<Image> load(const std::string& path, ImVec2 drawnSize) = 0;
    // Why the picture was refused (missing, not a PNG or JPEG, too large, broken), once
    // it has been tried; empty while it is fine or not yet known. A slide whose picture
    // is refused leaves the rotation.
    virtual std::optional<std::string> refused(const std::string& path) const {
        (void)path;
        return std::nullopt;
    }
    // Looks at the picture without keeping it (a slide's, to know before its turn whether
    // it can be shown): refused() tells once it has been tried. By default, a load.
    virtual void check(const std::string& path, ImVec2 drawnSize) { (void)load(path, drawnSize); }
};

}  // namespace hallboard::ui
