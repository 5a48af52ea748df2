// What the UI needs from the platform, as two small interfaces: display type (titles,
// names, the clock: shaped by HarfBuzz through SDL_ttf) and images (photos, logo). The
// platform layer implements them with SDL; tests use simple stand-ins.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include <imgui.h>

namespace hallboard::ui {

enum class Weight { regular, bold };

class DisplayText {
public:
    virtual ~DisplayText() = default;
    // Width in pixels of one line at `px`, with font fallback for every character.
    virtual float measure(std::string_view line, float px, Weight weight) = 0;
    // Draws one line with its top-left at `pos`; `color` carries the alpha of fades.
    virtual void draw(ImDrawList* list, ImVec2 pos, std::string_view line, float px, Weight weight, ImU32 color) = 0;
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
};

}  // namespace hallboard::ui
